// One page of a list selection, shaped, with its paging fields: only the page's rows are read from
// the snapshot. And what a budget-filtered list says about the homes it kept.
import * as z from 'zod/v4';
import { listedViewsOf } from '../records/home-record.ts';
import type { ShapeContext } from '../records/context.ts';
import { mcpListedHome } from './record.ts';
import type { Selection } from '../records/listed-homes.ts';
import { approvalShortWords, countOf, stateRecordWords } from '../words/wording.ts';
import { quoted, quotedOr, quotedTextNoteIn } from '../words/quote.ts';
import { ALW_SCOPE } from '../../contract/records.ts';
import { triStateWords, type TriState } from '../../contract/facts.ts';
import type { Language } from '../words/language.ts';
import { say } from '../words/catalog.ts';
import { LIST_ANSWER_WORDS as W, LIST_TEXT_WORDS as T } from '../words/list-answer-words.ts';
import { LIST_WORDS } from '../words/list-words.ts';
import { recordSentenceIn } from '../words/record-words.ts';
import { statusGloss } from '../words/home-page-words.ts';
import { triStateIn } from '../words/home-words.ts';

export const LIST_DEFAULT_LIMIT = 10;

/**
 * Most bytes a page's homes may take in structuredContent (the text block renders the same homes in
 * about a third of that): a list answer stays under 64 KB at any limit, so a few calls cannot fill
 * an assistant's context. A page cut here says so first, and next_offset continues it.
 */
export const LIST_HOMES_BYTES = 36_000;

/**
 * In another language than English, the text block's lines are longer (Spanish says each value in
 * words), so a page's homes are counted with their text lines, in UTF-8 bytes: the homes of both
 * parts together stay within this, and the notes and honesty sentences within the rest of 64 KB.
 */
export const LIST_HOMES_WITH_TEXT_BYTES = 54_000;

export function listPage(
  context: ShapeContext,
  selection: Pick<Selection, 'licenses' | 'distances'>,
  args: { limit?: number; offset?: number },
  language: Language = 'en',
) {
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
    const home = mcpListedHome(context, record, selection.distances[offset + i] ?? null, language);
    if (language === 'en') bytes += JSON.stringify(home).length;
    else bytes += Buffer.byteLength(JSON.stringify(home)) + Buffer.byteLength(homeLineIn(language, home, offset + i + 1, i === 0));
    if (bytes > (language === 'en' ? LIST_HOMES_BYTES : LIST_HOMES_WITH_TEXT_BYTES) && homes.length > 0) break;
    homes.push(home);
  }
  const shown = homes.length < licenses.length ? homes.length : licenses.length;
  const end = offset + shown;
  return { homes, total, offset, limit, next_offset: end < total ? end : null, cut_by_size: shown < licenses.length };
}

/** Said first when a page holds fewer homes than its limit because of its size. */
export function cutBySizeNote(page: { homes: unknown[]; limit: number; next_offset: number | null }, language: Language = 'en'): string {
  return say(W.cutBySize, language, { shown: page.homes.length, limit: page.limit, next: page.next_offset });
}

/** The waiver's scope, said once for a list (each listed home carries only its value). */
export function waiverScopeNote(homes: ReadonlyArray<{ medi_cal_alw: string }>, language: Language = 'en'): string | null {
  if (!homes.some((home) => home.medi_cal_alw === 'true')) return null;
  return say(W.waiverScope, language, { scope: recordSentenceIn(ALW_SCOPE, language) });
}

/**
 * The note every budget-filtered list carries. Only a home's own rate can leave it out: an
 * estimate or an area figure is not the home's price, so homes with one (or none) stay in, and
 * the note says how many.
 */
export function budgetNote(budget: number, keptWithoutOwnRate: number, language: Language = 'en'): string {
  return say(keptWithoutOwnRate === 1 ? W.budgetKeptOne : W.budgetKeptMany, language, { budget, n: keptWithoutOwnRate });
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
export function waiverNote(leftOut: number, listAsOf: string | null, again?: string, language: Language = 'en'): string {
  const asOf = listAsOf ? say(W.asOf, language, { date: listAsOf }) : '';
  return say(leftOut === 1 ? W.waiverCutOne : W.waiverCutMany, language, { n: leftOut, asOf, again: again ?? say(W.callAgainWaiver, language) });
}

/**
 * What the care-needs and budget filters cut (a cut list says so): how many homes the place kept
 * that each filter left out, why, and how to see them. The budget's note also says what it kept.
 */
export function filterNotes(
  needs: readonly string[],
  budget: number | null,
  selection: Pick<Selection, 'leftOutByNeeds' | 'leftOutByBudget' | 'withoutOwnRate'>,
  language: Language = 'en',
): string[] {
  const notes: string[] = [];
  if (needs.length > 0) {
    const approvals = needs.map((need) => (NEED_APPROVAL[need] ? say(NEED_APPROVAL[need]!, language) : need)).join(', ');
    notes.push(say(selection.leftOutByNeeds === 1 ? W.needsCutOne : W.needsCutMany, language, { n: selection.leftOutByNeeds, approvals }));
  }
  if (budget !== null) {
    notes.push(budgetNote(budget, selection.withoutOwnRate, language));
    notes.push(say(selection.leftOutByBudget === 1 ? W.budgetCutOne : W.budgetCutMany, language, { n: selection.leftOutByBudget, budget }));
  }
  return notes;
}

/** The approval each `needs` key asks for, as the needs note names it (its English is call-plan.ts NEED_WORDS'). */
const NEED_APPROVAL: Readonly<Record<string, (typeof W)[keyof typeof W]>> = {
  dementia: W.needDementia,
  wheelchair: W.needWheelchair,
  hospice: W.needHospice,
  bedridden: W.needBedridden,
};

/** Said when a place has homes with no map point: they cannot be in a distance list. */
export function withoutLocationNote(count: number, language: Language = 'en'): string {
  return say(count === 1 ? W.noLocationOne : W.noLocationMany, language, { n: count });
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

/** The same line in another language, from the catalog (words/list-answer-words.ts LIST_TEXT_WORDS). */
function homeLineIn(language: Language, home: ListAnswer['homes'][number], position: number, glossed: boolean): string {
  const t = (entry: (typeof T)[keyof typeof T], values?: Record<string, string | number | null>) => say(entry, language, values);
  const place = [home.city ? quoted(home.city) : null, home.county ? t(T.county, { county: quoted(home.county) }) : null].filter(Boolean).join(', ');
  const distance = home.distance_km === null ? '' : t(T.distance, { km: home.distance_km, note: home.distance_note ? ` (${home.distance_note})` : '' });
  const gloss = home.license.status ? statusGloss(language, home.license.status) : null;
  const status = home.license.status ? `${quoted(home.license.status)}${gloss ? ` (${gloss})` : ''}` : t(T.notOnFile);
  const beds = home.beds === null ? t(T.bedsNotOnFile) : t(home.beds === 1 ? T.bedsOne : T.bedsMany, { n: home.beds });
  const c = home.clearances;
  // Grouped by value, in the English line's order within each: yes, then a stated no, then silence.
  const keys = Object.keys(APPROVAL_SHORT) as Array<keyof typeof APPROVAL_SHORT>;
  const named = (value: TriState) => keys.filter((key) => c[key] === value).map((key) => say(LIST_WORDS[key], language));
  const [yes, statedNo, silent] = [named('true'), named('false'), keys.filter((key) => c[key] !== 'true' && c[key] !== 'false').map((key) => say(LIST_WORDS[key], language))];
  const approvals = [
    yes.length > 0 ? t(T.approvalsYes, { list: yes.join(', ') }) : null,
    statedNo.length > 0 ? t(statedNo.length === 1 ? T.approvalsStatedNoOne : T.approvalsStatedNoMany, { list: statedNo.join(', ') }) : null,
    silent.length > 0 ? t(T.approvalsSilent, { list: silent.join(', ') }) : null,
  ]
    .filter(Boolean)
    .join('; ');
  return t(T.home, {
    position,
    name: quoted(home.name),
    license: home.license_number,
    place: place ? `, ${place}` : '',
    distance,
    status,
    probation: home.license.on_probation === 'true' ? t(T.onProbation) : '',
    beds,
    asOf: c.as_of ? say(W.asOf, language, { date: c.as_of }) : '',
    approvals,
    sourceNote: c.source_note ? ` (${c.source_note})` : '',
    waiver: triStateIn(language, home.medi_cal_alw as TriState),
    price: home.price ? `${home.price.line} ` : '',
    record: stateRecordIn(language, home.state_record, glossed),
    page: home.page,
  });
}

/** stateRecordWords in another language: a count is the record's number or "No consta", never a zero stood in for a missing value. */
function stateRecordIn(language: Language, r: ListAnswer['homes'][number]['state_record'], glossed: boolean): string {
  const n = (count: number | null) => (count === null ? say(T.notOnFile, language) : String(count));
  const documents =
    r.documents_on_file === null ? say(T.documentsNotOnFile, language) : say(r.documents_on_file === 1 ? T.documentsOne : T.documentsMany, language, { n: r.documents_on_file });
  const visit = r.latest_visit_date === null ? say(T.latestVisitNotOnFile, language) : say(T.latestVisit, language, { date: r.latest_visit_date });
  const citations = r.tallies_since_year
    ? say(glossed ? T.citationsSinceGlossed : T.citationsSince, language, { year: r.tallies_since_year, a: n(r.type_a_citations), b: n(r.type_b_citations) })
    : r.latest_visit_date === null && (r.type_a_citations ?? 0) === 0 && (r.type_b_citations ?? 0) === 0 && r.type_a_citations !== null
      ? say(glossed ? T.citationsNoneGlossed : T.citationsNone, language)
      : say(glossed ? T.citationsNotOnFileGlossed : T.citationsNotOnFile, language);
  return `${documents}, ${visit}, ${citations}`;
}

/** The text block in another language: the same lines as the English, each from the catalog. */
function listTextIn(language: Language, answer: ListAnswer): string {
  const shown = answer.homes.length;
  const head =
    shown === 0
      ? say(T.headNone, language, { total: answer.total })
      : say(answer.total === 1 ? T.headOne : T.headMany, language, {
          n: answer.total,
          near: answer.hospital ? say(T.near, language, { name: quoted(answer.hospital.name) }) : '',
          from: answer.offset + 1,
          to: answer.offset + shown,
          next: answer.next_offset === null ? '' : say(T.next, language, { n: answer.next_offset }),
        });
  const left = (answer.left_the_list ?? []).map((home) => say(T.leftLine, language, { name: quoted(home.name), license: home.license_number, line: home.line }));
  const dates = answer.data_dates;
  const on = (date: string | null, dated: (typeof T)[keyof typeof T], missing: (typeof T)[keyof typeof T]) => say(date ? dated : missing, language, { date });
  return [
    head,
    quotedTextNoteIn(language),
    ...answer.notes.map((note) => `- ${note}`),
    ...(left.length > 0 ? ['', say(T.leftHeading, language), ...left] : []),
    '',
    // "deficiencias" is glossed where the text first says it.
    ...answer.homes.map((home, i) => homeLineIn(language, home, answer.offset + i + 1, i === 0)),
    '',
    answer.honesty.order,
    answer.honesty.neutrality,
    answer.honesty.never_in_this_data,
    answer.honesty.fairness_note,
    say(T.dates, language, {
      loaded: on(dates.state_record_loaded_on, T.onDate, T.loadedUndated),
      approvals: on(dates.care_approvals_as_of, T.asOfDate, T.undated),
      waiver: on(dates.alw_list_as_of, T.asOfDate, T.undated),
    }),
  ].join('\n');
}

/**
 * A list answer's text block: the same homes and numbers as its structuredContent, as Markdown an
 * assistant reads in a third of the bytes (docs/mcp.md: what each host hands the model). The count
 * and any cut come first, then the notes, the homes, and the honesty sentences.
 */
export function listText(answer: ListAnswer, language: Language = 'en'): string {
  if (language !== 'en') return listTextIn(language, answer);
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
    quotedTextNoteIn('en'),
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
