// One page of a list selection, shaped, with its paging fields: only the page's rows are read from
// the snapshot. And what a budget-filtered list says about the homes it kept.
import * as z from 'zod/v4';
import { listedViewsOf } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';
import { mcpListedHome } from './record.ts';
import type { Selection } from '../records/listed-homes.ts';
import { NEED_WORDS } from '../shape/call-plan.ts';
import { approvalShortWords, CALL_AGAIN, countOf, stateRecordWords } from '../words/wording.ts';
import { QUOTED_TEXT_NOTE, quoted, quotedOr } from '../words/quote.ts';
import { ALW_SCOPE } from '../../contract/records.ts';
import { triStateWords } from '../../contract/facts.ts';

export const LIST_DEFAULT_LIMIT = 10;

/**
 * Most bytes a page's homes may take in structuredContent (the text block renders the same homes in
 * about a third of that): a list answer stays under 64 KB at any limit, so a few calls cannot fill
 * an assistant's context. A page cut here says so first, and next_offset continues it.
 */
export const LIST_HOMES_BYTES = 36_000;

export function listPage(context: ShapeContext, selection: Pick<Selection, 'licenses' | 'distances'>, args: { limit?: number; offset?: number }) {
  const limit = args.limit ?? LIST_DEFAULT_LIMIT;
  const offset = args.offset ?? 0;
  const total = selection.licenses.length;
  const licenses = selection.licenses.slice(offset, offset + limit);
  const records = listedViewsOf(context, licenses);
  const homes: Array<ReturnType<typeof mcpListedHome>> = [];
  let bytes = 0;
  for (const [i, license] of licenses.entries()) {
    const record = records.get(license);
    if (!record) continue;
    const home = mcpListedHome(context, record, selection.distances[offset + i] ?? null);
    bytes += JSON.stringify(home).length;
    if (bytes > LIST_HOMES_BYTES && homes.length > 0) break;
    homes.push(home);
  }
  const shown = homes.length < licenses.length ? homes.length : licenses.length;
  const end = offset + shown;
  return { homes, total, offset, limit, next_offset: end < total ? end : null, cut_by_size: shown < licenses.length };
}

/** Said first when a page holds fewer homes than its limit because of its size. */
export function cutBySizeNote(page: { homes: unknown[]; limit: number; next_offset: number | null }): string {
  return (
    `This answer lists ${page.homes.length} of the ${page.limit} homes asked for, to stay small enough for an assistant's context; ` +
    `call again with offset ${page.next_offset} for the next ones. Nothing is left out of the list, only moved to the next page.`
  );
}

/** The waiver's scope, said once for a list (each listed home carries only its value). */
export function waiverScopeNote(homes: ReadonlyArray<{ medi_cal_alw: string }>): string | null {
  return homes.some((home) => home.medi_cal_alw === 'true') ? `Homes with medi_cal_alw true: ${ALW_SCOPE}` : null;
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

type ListAnswer = {
  homes: Array<ReturnType<typeof mcpListedHome>>;
  total: number;
  offset: number;
  next_offset: number | null;
  notes: string[];
  honesty: { order: string; neutrality: string; never_in_this_data: string; fairness_note: string };
  data_dates: { state_record_loaded_on: string | null; alw_list_as_of: string | null; care_approvals_as_of: string | null };
  hospital?: { name: string; city: string | null } | null;
  left_the_list?: Array<{ license_number: string; name: string; line: string }>;
};

const APPROVAL_SHORT = { dementia: 'dementia', hospice: 'hospice', non_ambulatory: 'non-ambulatory (wheelchair)', bedridden: 'bedridden' } as const;

/** One home as a line of the text block: the same values as its structured item, in words. */
function homeLine(home: ListAnswer['homes'][number], position: number): string {
  const place = [home.city ? quoted(home.city) : null, home.county ? `${quoted(home.county)} County` : null].filter(Boolean).join(', ');
  const distance = home.distance_km === null ? '' : ` · ${home.distance_km} km straight-line${home.distance_note ? ` (${home.distance_note})` : ''}`;
  const c = home.clearances;
  const approvals = (Object.keys(APPROVAL_SHORT) as Array<keyof typeof APPROVAL_SHORT>).map((key) => `${APPROVAL_SHORT[key]} ${approvalShortWords(c[key])}`).join(', ');
  const record = stateRecordWords(home.state_record);
  return (
    `${position}. **${quoted(home.name)}** (license ${home.license_number}${place ? `, ${place}` : ''})${distance}. ` +
    `Status ${quotedOr(home.license.status, 'not on file')}${home.license.on_probation === 'true' ? ', on probation' : ''}; ${home.beds === null ? 'licensed beds not on file' : countOf(home.beds, 'licensed bed', 'licensed beds')}. ` +
    `Care approvals${c.as_of ? ` as of ${c.as_of}` : ''}: ${approvals}${c.source_note ? ` (${c.source_note})` : ''}. ` +
    `Assisted Living Waiver list: ${triStateWords(home.medi_cal_alw)}. ${home.price ? `${home.price.line} ` : ''}State record: ${record}. ` +
    `Page: ${home.page}`
  );
}

/**
 * A list answer's text block: the same homes and numbers as its structuredContent, as Markdown an
 * assistant reads in a third of the bytes (docs/mcp.md: what each host hands the model). The count
 * and any cut come first, then the notes, the homes, and the honesty sentences.
 */
export function listText(answer: ListAnswer): string {
  const shown = answer.homes.length;
  const head =
    shown === 0
      ? `**No listed home is on this page (${answer.total} match in all).**`
      : `**${answer.total} listed home${answer.total === 1 ? '' : 's'} match${answer.total === 1 ? 'es' : ''}${answer.hospital ? ` near ${quoted(answer.hospital.name)}` : ''}; this answer lists ${answer.offset + 1} to ${answer.offset + shown}` +
        `${answer.next_offset === null ? '' : `; call again with offset ${answer.next_offset} for the next ones`}.**`;
  const left = (answer.left_the_list ?? []).map((home) => `- ${quoted(home.name)} (license ${home.license_number}): ${home.line}`);
  const dates = answer.data_dates;
  return [
    head,
    QUOTED_TEXT_NOTE,
    ...answer.notes.map((note) => `- ${note}`),
    ...(left.length > 0 ? ['', 'Closed or left the roster:', ...left] : []),
    '',
    ...answer.homes.map((home, i) => homeLine(home, answer.offset + i + 1)),
    '',
    answer.honesty.order,
    answer.honesty.neutrality,
    answer.honesty.never_in_this_data,
    answer.honesty.fairness_note,
    `State record loaded ${dates.state_record_loaded_on ?? 'on a date not on file'}; care approvals as of ${dates.care_approvals_as_of ?? 'a date not on file'}; waiver list as of ${dates.alw_list_as_of ?? 'a date not on file'}.`,
  ].join('\n');
}
