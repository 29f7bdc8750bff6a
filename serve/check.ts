// The batch check: one function behind POST /api/v1/check and the MCP tool check_homes.
// Per entry: exact license number, then exact name (a trailing ", city" narrows), then a fuzzy
// did-you-mean. Anything but one exact hit is `ambiguous` with candidates or `not_found`: a
// name that fits several licenses, or only resembles one, is never turned into a guess.
import { licenseNumberFrom, nameKey } from '../contract/names.ts';
import type { CompactHome, FacilityDetailRecord } from '../contract/records.ts';
import { nameIndexOf } from './name-index.ts';
import { homeRecordFrom, homeRow, type HomeRecord } from './home-record.ts';
import { facilitiesFittingName } from './name-fit.ts';
import { facilitiesByLicenses, type FacilityRow } from './query.ts';
import { candidate, type Candidate } from './shape/candidate.ts';
import { AMBIGUOUS_SAID, candidateText, checkSummary, DISPLAY_CLOSING, lineHead, matchedLine, NOT_FOUND_SAID } from './shape/check-display.ts';
import type { ShapeContext } from './shape/context.ts';
import { CHECK_ORDER, FAIRNESS_NOTE, NEUTRALITY, NEVER_IN_THIS_DATA } from './wording.ts';

/** Most candidates one ambiguous result lists (alphabetical by name, then license). */
export const MAX_CANDIDATES = 5;
export const MAX_HOMES = 100;

export type CheckStatus = 'matched' | 'ambiguous' | 'not_found';

export interface CheckInput {
  homes: readonly string[];
  detail?: boolean;
}

export type CheckedHome = CompactHome & { record?: FacilityDetailRecord };

export interface CheckResultItem {
  input: string;
  status: CheckStatus;
  home: CheckedHome | null;
  candidates: Candidate[];
}

export interface CheckResult {
  results: CheckResultItem[];
  counts: { given: number; duplicates_merged: number; matched: number; ambiguous: number; not_found: number };
  honesty: { order: string; neutrality: string; never_in_this_data: string; fairness_note: string };
  data_dates: { state_record_loaded_on: string | null; alw_list_as_of: string | null };
  display: string;
}

/** Inputs that differ only in case or spacing are one input. */
export function duplicateKey(input: string): string {
  return input.trim().replace(/\s+/g, ' ').toLowerCase();
}

type Match = { status: 'matched'; row: FacilityRow } | { status: 'ambiguous'; rows: FacilityRow[] } | { status: 'not_found' };

function sameCity(row: FacilityRow, city: string): boolean {
  return row.city !== null && nameKey(row.city) === nameKey(city);
}

function decide(rows: FacilityRow[]): Match | null {
  if (rows.length === 1) return { status: 'matched', row: rows[0]! };
  if (rows.length > 1) return { status: 'ambiguous', rows };
  return null;
}

export function matchEntry(context: ShapeContext, entry: string): Match {
  const { snapshot } = context;
  const license = licenseNumberFrom(entry);
  if (license !== null) {
    const row = homeRow(snapshot, license);
    return row ? { status: 'matched', row } : { status: 'not_found' };
  }

  const text = entry.trim();
  const byFullName = facilitiesFittingName(snapshot, nameKey(text));
  if (byFullName.length === 1) return { status: 'matched', row: byFullName[0]! };

  // "name, city": the part after the last comma narrows the name to a city.
  const comma = text.lastIndexOf(',');
  const namePart = comma > 0 ? text.slice(0, comma) : text;
  const city = comma > 0 ? text.slice(comma + 1).trim() : '';
  if (city && nameKey(city)) {
    const byName = facilitiesFittingName(snapshot, nameKey(namePart));
    const narrowed = decide(byName.filter((row) => sameCity(row, city)));
    if (narrowed) return narrowed;
    const named = decide(byFullName.length > 0 ? byFullName : byName);
    if (named) return named.status === 'matched' ? { status: 'ambiguous', rows: [named.row] } : named;
  } else {
    const named = decide(byFullName);
    if (named) return named;
  }

  // A resemblance is only ever offered, never matched.
  // The closest names (a wider pool first, so a city can still narrow it), at most MAX_CANDIDATES.
  const closest = nameIndexOf(snapshot).similar(nameKey(namePart), MAX_CANDIDATES * 4);
  const rowsByLicense = new Map(facilitiesByLicenses(snapshot, closest).map((row) => [row.license_number, row]));
  const similar = closest.flatMap((license) => rowsByLicense.get(license) ?? []);
  const inCity = city ? similar.filter((row) => sameCity(row, city)) : [];
  const offered = (inCity.length > 0 ? inCity : similar).slice(0, MAX_CANDIDATES);
  return offered.length > 0 ? { status: 'ambiguous', rows: offered } : { status: 'not_found' };
}

/** A matched home as sent, kept with its record (detail adds the full Facility record). */
function matchedHome(record: HomeRecord, detail: boolean): CheckedHome {
  return detail ? record.encoded('check:home+record', () => ({ ...record.compact, record: record.detail })) : record.compact;
}

/** What a result line says about a record (matched, or offered as a candidate), kept with it. */
function saidOf(record: HomeRecord, form: 'matched' | 'candidate'): string {
  return record.encoded(`check:said:${form}`, () => (form === 'matched' ? matchedLine(record.compact) : candidateText(candidateOf(record))));
}

function candidateOf(record: HomeRecord): Candidate {
  return record.encoded('check:candidate', () => candidate(record));
}

/** The order localeCompare gives, from one collator: localeCompare builds one per call. */
const alphabetical = new Intl.Collator();

function byNameThenLicense(a: FacilityRow, b: FacilityRow): number {
  return alphabetical.compare(a.name, b.name) || alphabetical.compare(a.license_number, b.license_number);
}

const CHECK_HONESTY = { order: CHECK_ORDER, neutrality: NEUTRALITY, never_in_this_data: NEVER_IN_THIS_DATA, fairness_note: FAIRNESS_NOTE };

/**
 * The check, as one object both doors serialize once (REST inside its envelope, MCP as
 * structuredContent and text): per distinct input in the order sent, its result, then counts,
 * honesty, data dates and the Markdown display. Homes and candidates are the records' own shared
 * objects: never mutate a result.
 */
export function checkHomes(context: ShapeContext, input: CheckInput): CheckResult {
  const distinct = new Map<string, string>();
  for (const entry of input.homes) {
    const key = duplicateKey(entry);
    if (!distinct.has(key)) distinct.set(key, entry);
  }

  const results: CheckResultItem[] = [];
  const lines: string[] = [];
  const counts = { given: input.homes.length, duplicates_merged: input.homes.length - distinct.size, matched: 0, ambiguous: 0, not_found: 0 };
  for (const entry of distinct.values()) {
    const match = matchEntry(context, entry);
    counts[match.status] += 1;
    const head = `${lineHead(results.length + 1, entry)}: `;
    if (match.status === 'matched') {
      const record = homeRecordFrom(context, match.row);
      results.push({ input: entry, status: 'matched', home: matchedHome(record, input.detail === true), candidates: [] });
      lines.push(head + saidOf(record, 'matched'));
    } else if (match.status === 'ambiguous') {
      const offered = [...match.rows].sort(byNameThenLicense).slice(0, MAX_CANDIDATES).map((row) => homeRecordFrom(context, row));
      results.push({ input: entry, status: 'ambiguous', home: null, candidates: offered.map(candidateOf) });
      lines.push(`${head}${AMBIGUOUS_SAID}${offered.map((record) => saidOf(record, 'candidate')).join('; ')}.`);
    } else {
      results.push({ input: entry, status: 'not_found', home: null, candidates: [] });
      lines.push(head + NOT_FOUND_SAID);
    }
  }

  const data_dates = {
    state_record_loaded_on: context.snapshot.meta.rosterAsOf,
    alw_list_as_of: context.snapshot.meta.alwListAsOf,
  };
  return {
    results,
    counts,
    honesty: CHECK_HONESTY,
    data_dates,
    display: [checkSummary(distinct.size, counts, data_dates.state_record_loaded_on), '', ...lines, ...DISPLAY_CLOSING].join('\n'),
  };
}

