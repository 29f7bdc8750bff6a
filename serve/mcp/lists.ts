// One page of a list selection, shaped, with its paging fields: only the page's rows are read from
// the snapshot. And what a budget-filtered list says about the homes it kept.
import * as z from 'zod/v4';
import { listedViewsOf } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';
import { mcpListedHome } from './record.ts';
import type { Selection } from '../records/listed-homes.ts';
import { NEED_WORDS } from '../shape/call-plan.ts';
import { CALL_AGAIN } from '../words/wording.ts';

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

/**
 * The note every budget-filtered list carries. Only a home's own rate can leave it out: an
 * estimate or an area figure is not the home's price, so homes with one (or none) stay in, and
 * the note says how many.
 */
export function budgetNote(budget: number, keptWithoutOwnRate: number): string {
  const kept =
    keptWithoutOwnRate === 1
      ? "1 of the homes listed has no rate of its own on file (only an estimate, an area figure or nothing) and stays in"
      : `${keptWithoutOwnRate} of the homes listed have no rate of their own on file (only an estimate, an area figure or nothing) and stay in`;
  return (
    `max_monthly_budget_usd ${budget} left out only homes whose own published rate (price.is_this_homes_own_rate true) is above it. ` +
    `${kept}: a figure that is not the home's own decides nothing. A starting figure is not a quote: ` +
    'every home must be asked for its current rates.'
  );
}

export const keptWithoutOwnRate = z
  .number()
  .int()
  .nullable()
  .describe(
    'With a budget: homes listed that stayed in with no rate of their own on file (an estimate, an area figure or none); else null.',
  );

/** The additive count beside the note (null without a budget). */
export function budgetCount(budget: number | null, kept: number): number | null {
  return budget === null ? null : kept;
}

/**
 * What a waiver filter cut, said wherever one applies (find_homes, homes_near_hospital, search):
 * absence from the state's list is not a no, so the homes it left out are counted and reachable.
 */
export function waiverNote(leftOut: number, listAsOf: string | null, again: string = CALL_AGAIN.waiver): string {
  return (
    `The waiver filter left out ${leftOut} home(s) here that are not on the state's Assisted Living Waiver list${listAsOf ? ` as of ${listAsOf}` : ''} ` +
    `(absence from the list is not a verified no: such a home may still take the waiver; ask it). ${again}`
  );
}

/**
 * What the care-needs and budget filters cut (a cut list says so): how many homes the place kept
 * that each filter left out, why, and how to see them. The budget's note also says what it kept.
 */
export function filterNotes(
  needs: readonly string[],
  budget: number | null,
  selection: Pick<Selection, 'leftOutByNeeds' | 'leftOutByBudget' | 'withoutOwnRate'>,
  /** How the call named its needs, and how to see the homes they left out (search names them "the care words"). */
  asked = { name: 'needs', again: CALL_AGAIN.needs as string },
): string[] {
  const notes: string[] = [];
  if (needs.length > 0) {
    const approvals = needs.map((need) => NEED_WORDS[need]?.approval ?? need).join(', ');
    notes.push(
      `${asked.name} left out ${selection.leftOutByNeeds} home(s) here whose license does not show every approval asked (${approvals}) as true: ` +
        `the record says it does not carry one, or does not say (not on file, which is not a no). ${asked.again}`,
    );
  }
  if (budget !== null) {
    notes.push(budgetNote(budget, selection.withoutOwnRate));
    notes.push(`max_monthly_budget_usd left out ${selection.leftOutByBudget} home(s) here whose own published rate is above ${budget}. ${CALL_AGAIN.budget}`);
  }
  return notes;
}
