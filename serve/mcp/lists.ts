// One page of a list selection, shaped, with its paging fields: only the page's rows are read from the snapshot.
import { listedViewsOf } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';
import { mcpListedHome } from './record.ts';
import type { Selection } from '../records/listed-homes.ts';

export const LIST_DEFAULT_LIMIT = 20;

export function listPage(context: ShapeContext, selection: Pick<Selection, 'licenses' | 'distances'>, args: { limit?: number; offset?: number }) {
  const limit = args.limit ?? LIST_DEFAULT_LIMIT;
  const offset = args.offset ?? 0;
  const total = selection.licenses.length;
  const licenses = selection.licenses.slice(offset, offset + limit);
  const records = listedViewsOf(context, licenses);
  const homes = licenses.flatMap((license, i) => {
    const record = records.get(license);
    return record ? [mcpListedHome(context, record, selection.distances[offset + i] ?? null)] : [];
  });
  return { homes, total, offset, limit, next_offset: offset + limit < total ? offset + limit : null };
}

/** The note every budget-filtered list carries. */
export function budgetNote(budget: number, withoutFigure: number): string {
  return (
    `max_monthly_budget_usd ${budget} left out homes whose starting figure (price.monthly_usd) is above it. ` +
    `${withoutFigure} of the homes listed have no figure on file and stay in. A starting figure is not a quote: ` +
    "only price.is_this_homes_own_rate true is the home's own rate, and every home must be asked for its current rates."
  );
}
