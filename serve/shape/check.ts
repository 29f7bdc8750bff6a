// The batch check: one function behind POST /api/v1/check and the MCP tool check_homes.
// Per entry: exact license number, then exact name (a trailing ", city" narrows), then a fuzzy
// did-you-mean. Anything but one exact hit is `ambiguous` with candidates or `not_found`: a
// name that fits several licenses, or only resembles one, is never turned into a guess.
import { licenseNumberFrom, nameKey } from '../../contract/names.ts';
import type { CompactHome, FacilityDetailRecord } from '../../contract/records.ts';
import { nameIndexOf, resemblesDistinctively } from '../records/name-index.ts';
import { checkHomesOf, type HomeRecord, type StoredCheckHome } from '../records/home-record.ts';
import { facilitiesFittingName, licenseFit, type NameFit } from '../records/name-fit.ts';
import { columnsByLicenses } from '../records/query.ts';
import { candidate, type Candidate } from './candidate.ts';
import { withWaiverLine } from './waiver-line.ts';
import { ambiguousLine, candidateText, checkSummary, displayClosing, lineHead, matchedLine, notFoundSaid } from './check-display.ts';
import type { ShapeContext } from '../records/context.ts';
import type { Snapshot } from '../records/snapshot.ts';
import { withMarkdownNotice } from '../web/markdown.ts';
import { CHECK_ORDER, FAIRNESS_NOTE, NEUTRALITY, NEVER_IN_THIS_DATA } from '../words/wording.ts';
import type { Language } from '../words/language.ts';
import { say } from '../words/catalog.ts';
import { CHECK_WORDS } from '../words/check-words.ts';
import { honestyIn } from '../words/handoff-words.ts';
import { pathIn } from '../words/language.ts';
import { recordSentenceIn, sizeWordsIn } from '../words/record-words.ts';
import { priceLineIn } from '../words/price-words.ts';

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

/**
 * `fitting`: how many licenses the name fits exactly, or null for a did-you-mean; `more`: whether
 * fits beyond those offered were left out (the display must not read as a closed choice then).
 */
type Ambiguous = { status: 'ambiguous'; fits: readonly NameFit[]; fitting: number | null; more: boolean };
type Match = { status: 'matched'; fit: NameFit } | Ambiguous | { status: 'not_found' };

/** Whether a place someone wrote after a name is the license's city or its county ("Alameda", "Alameda County"). */
function inPlace(fit: NameFit, place: string): boolean {
  const key = nameKey(place);
  if (!key) return false;
  if (fit.city !== null && nameKey(fit.city) === key) return true;
  return fit.county !== null && nameKey(fit.county) === key.replace(/ county$/, '');
}

function decide(fits: readonly NameFit[]): Match | null {
  if (fits.length === 1) return { status: 'matched', fit: fits[0]! };
  if (fits.length > 1) return { status: 'ambiguous', fits, fitting: fits.length, more: fits.length > MAX_CANDIDATES };
  return null;
}

/** Most words a place written after a name without a comma may have ("name san luis obispo"). */
const PLACE_WORDS_MAX = 3;

/**
 * A name followed by its place without a comma ("Cedar Villa Memory Care San Lorenzo"): the
 * licenses whose exact name is the words before and whose city or county is the words after,
 * trying the shortest place first. Null when no split fits.
 */
function nameThenPlace(snapshot: Snapshot, text: string): Match | null {
  const words = text.split(/\s+/);
  for (let placeWords = 1; placeWords <= Math.min(PLACE_WORDS_MAX, words.length - 1); placeWords += 1) {
    const place = words.slice(-placeWords).join(' ');
    const fits = facilitiesFittingName(snapshot, nameKey(words.slice(0, -placeWords).join(' '))).filter((fit) => inPlace(fit, place));
    const decided = decide(fits);
    if (decided) return decided;
  }
  return null;
}

/**
 * Rostered licenses written inside an entry among other words ("License 011440289", "011440289,
 * Hayward"): offered, never matched, and never reported as a miss.
 */
function licensesWrittenIn(snapshot: Snapshot, text: string): NameFit[] {
  return [...text.matchAll(/(?<!\d)\d(?:-?\d){5,8}(?!\d)/g)].flatMap(([digits]) => licenseFit(snapshot, licenseNumberFrom(digits)!) ?? []);
}

/**
 * How one entry matches, from the in-memory name fits: no row is read here. A name with a place
 * (after a comma, or after the name's own words) matches when exactly one license has that name
 * in that city or county. A name that fits one license elsewhere than the place given is offered
 * with the similar names in that place, never matched and never offered alone as "one of these".
 */
export function matchEntry(snapshot: Snapshot, entry: string): Match {
  const license = licenseNumberFrom(entry);
  if (license !== null) {
    const fit = licenseFit(snapshot, license);
    return fit ? { status: 'matched', fit } : { status: 'not_found' };
  }

  const text = entry.trim();
  const byFullName = facilitiesFittingName(snapshot, nameKey(text));
  if (byFullName.length === 1) return { status: 'matched', fit: byFullName[0]! };

  // "name, place": the part after the last comma narrows the name to a city or county.
  const comma = text.lastIndexOf(',');
  const namePart = comma > 0 ? text.slice(0, comma) : text;
  const place = comma > 0 ? text.slice(comma + 1).trim() : '';
  let elsewhere: readonly NameFit[] = [];
  if (place && nameKey(place)) {
    const byName = facilitiesFittingName(snapshot, nameKey(namePart));
    const narrowed = decide(byName.filter((fit) => inPlace(fit, place)));
    if (narrowed) return narrowed;
    const named = decide(byFullName.length > 0 ? byFullName : byName);
    if (named?.status === 'ambiguous') return named;
    // The name fits one license, in another place: offered beside the similar names there.
    if (named?.status === 'matched') elsewhere = [named.fit];
  } else {
    const named = decide(byFullName) ?? nameThenPlace(snapshot, text);
    if (named) return named;
  }

  // A resemblance is only ever offered, never matched.
  // The closest names (a wider pool first, so a place can still narrow it), at most MAX_CANDIDATES.
  // A name that fits no license anywhere is offered only names like its own words: sharing
  // "Villa Memory Care" alone makes no home a did-you-mean for "Sunshine Villa Memory Care".
  const wanted = nameKey(namePart);
  const similar = nameIndexOf(snapshot)
    .similar(wanted, MAX_CANDIDATES * 4)
    .flatMap((license) => licenseFit(snapshot, license) ?? [])
    .filter((fit) => elsewhere.length > 0 || resemblesDistinctively(wanted, nameKey(fit.name)));
  const inThePlace = place ? similar.filter((fit) => inPlace(fit, place)) : [];
  const pool = [...new Set([...licensesWrittenIn(snapshot, text), ...elsewhere, ...(inThePlace.length > 0 ? inThePlace : similar)])];
  const offered = pool.slice(0, MAX_CANDIDATES);
  return offered.length > 0 ? { status: 'ambiguous', fits: offered, fitting: null, more: pool.length > offered.length } : { status: 'not_found' };
}

type Shown = HomeRecord | StoredCheckHome;

/** A form of a shown home: kept with its record when it has one, else built (a first touch is not seen again). */
function formOf<T extends object | string>(home: Shown, form: string, build: () => T): T {
  return 'encoded' in home ? home.encoded(form, build) : build();
}

/** A matched home's compact home (a stored one was read with it, checkHomesOf's `matched`). */
function compactOf(home: Shown): CompactHome {
  if (!home.compact) throw new Error(`home ${home.license} was not read as a match`);
  return home.compact;
}

/** A matched home as sent (detail adds the full Facility record: those homes are read as records). */
function matchedHome(home: Shown, detail: boolean): CheckedHome {
  return detail && 'detail' in home ? home.encoded('check:home+record', () => ({ ...home.compact, record: home.detail })) : compactOf(home);
}

/** What a result line says about a home (matched, or offered as a candidate), in the language asked. */
function saidOf(home: Shown, form: 'matched' | 'candidate', language: Language, live: LiveStatus | null = null): string {
  const build = () => (form === 'matched' ? matchedLine(compactOf(home), live, language) : candidateText(candidateOf(home), language));
  return language === 'en' ? formOf(home, `check:said:${form}`, build) : formOf(home, `check:said:${form}:${language}`, build);
}

type LiveStatus = { status: string | null; checkedOn: string | null };

/** The live record of the closed licenses among these (few: a closed license is rarely asked after). */
function liveStatusesOf(snapshot: Snapshot, licenses: readonly string[]): Map<string, LiveStatus> {
  if (licenses.length === 0) return new Map();
  const rows = columnsByLicenses(snapshot, ['license_status_live', 'live_status_checked_on'] as const, licenses);
  return new Map(rows.map((row) => [row.license_number, { status: row.license_status_live, checkedOn: row.live_status_checked_on }]));
}

function candidateOf(home: Shown): Candidate {
  return formOf(home, 'check:candidate', () => candidate(home));
}

/** The order localeCompare gives, from one collator: localeCompare builds one per call. */
const alphabetical = new Intl.Collator();

function byNameThenLicense(a: NameFit, b: NameFit): number {
  return alphabetical.compare(a.name, b.name) || alphabetical.compare(a.license_number, b.license_number);
}

const CHECK_HONESTY = { order: CHECK_ORDER, neutrality: NEUTRALITY, never_in_this_data: NEVER_IN_THIS_DATA, fairness_note: FAIRNESS_NOTE };

/** A page of this service in a language: the Spanish twin is the same path under /es. */
function pageIn(context: ShapeContext, url: string, language: Language): string {
  const base = context.filler.baseUrl;
  return language !== 'en' && url.startsWith(`${base}/`) ? `${base}${pathIn(language, url.slice(base.length))}` : url;
}

/**
 * A matched home for a Spanish ask: the service's sentences it carries (closed note, waiver line
 * and scope, price line, size words) in that language and its pages' links to their Spanish twins;
 * fields and values unchanged. A copy: the record's shared objects are never mutated.
 */
function checkedHomeIn(context: ShapeContext, home: CheckedHome, language: Language): CheckedHome {
  const { clearances, medi_cal_alw: alw, price, record } = home;
  return {
    ...home,
    size_words: sizeWordsIn(home.size_words, language),
    clearances: { ...clearances, closed_note: recordSentenceIn(clearances.closed_note, language) },
    medi_cal_alw: { ...alw, line: recordSentenceIn(alw.line, language), scope: recordSentenceIn(alw.scope, language), closed_note: recordSentenceIn(alw.closed_note, language) },
    price: price ? { ...price, line: priceLineIn(price, language) ?? price.line } : null,
    page: pageIn(context, home.page, language),
    markdown: pageIn(context, home.markdown, language),
    ...(record ? { record: { ...record, links: { ...record.links, facility_page: pageIn(context, record.links.facility_page, language), corrections: pageIn(context, record.links.corrections, language) } } } : {}),
  };
}

/** A candidate for a Spanish ask: its pages linked to their Spanish twins. */
function candidateIn(context: ShapeContext, candidate: Candidate, language: Language): Candidate {
  const links = candidate.links;
  return { ...candidate, links: { ...links, page: pageIn(context, links.page, language), markdown: pageIn(context, links.markdown, language), corrections: pageIn(context, links.corrections, language) } };
}

/** The check's honesty block in a language (its order sentence is the check's own). */
function checkHonestyIn(language: Language): CheckResult['honesty'] {
  return language === 'en' ? CHECK_HONESTY : { ...honestyIn(language, 'orderAsSent'), order: say(CHECK_WORDS.order, language) };
}

/**
 * The check, as one object both doors serialize once (REST inside its envelope, MCP as
 * structuredContent and text): per distinct input in the order sent, its result, then counts,
 * honesty, data dates and the Markdown display. Homes and candidates are the records' own shared
 * objects: never mutate a result.
 */
/** A display read while demo data is served says so first (REST and MCP alike: both doors read it here). */
function demoSays(context: ShapeContext, display: string, language: Language): string {
  return context.snapshot.meta.demoData ? withMarkdownNotice(display, language) : display;
}

/**
 * `language` (MCP only: REST passes none) says the display, the honesty block and each home's
 * service sentences in that language and links its pages; field names and values stay as they are.
 */
export function checkHomes(context: ShapeContext, input: CheckInput, language: Language = 'en'): CheckResult {
  const distinct = new Map<string, string>();
  for (const entry of input.homes) {
    const key = duplicateKey(entry);
    if (!distinct.has(key)) distinct.set(key, entry);
  }

  // Match every entry first, then read the records of every home the answer names at once.
  const matches = [...distinct.values()].map((entry) => {
    const match = matchEntry(context.snapshot, entry);
    return match.status === 'ambiguous' ? { ...match, fits: [...match.fits].sort(byNameThenLicense).slice(0, MAX_CANDIDATES) } : match;
  });
  const matched = matches.flatMap((match) => (match.status === 'matched' ? [match.fit.license_number] : []));
  const offered = matches.flatMap((match) => (match.status === 'ambiguous' ? match.fits.map((fit) => fit.license_number) : []));
  const homes = checkHomesOf(context, [...new Set([...matched, ...offered])], {
    recordsFor: new Set(input.detail === true ? matched : []),
    matched: new Set(matched),
    candidates: new Set(offered),
  });
  const shownOf = (fit: NameFit) => homes.get(fit.license_number)!;
  const lives = liveStatusesOf(context.snapshot, matched.filter((license) => compactOf(homes.get(license)!).license_closed));

  const results: CheckResultItem[] = [];
  const lines: string[] = [];
  const counts = { given: input.homes.length, duplicates_merged: input.homes.length - distinct.size, matched: 0, ambiguous: 0, not_found: 0 };
  let position = 0;
  for (const entry of distinct.values()) {
    const match = matches[position]!;
    position += 1;
    counts[match.status] += 1;
    const head = `${lineHead(position, entry)}: `;
    if (match.status === 'matched') {
      const home = shownOf(match.fit);
      const checked = withWaiverLine(context.snapshot, matchedHome(home, input.detail === true));
      results.push({ input: entry, status: 'matched', home: language === 'en' ? checked : checkedHomeIn(context, checked, language), candidates: [] });
      lines.push(head + saidOf(home, 'matched', language, lives.get(match.fit.license_number) ?? null));
    } else if (match.status === 'ambiguous') {
      const shown = match.fits.map(shownOf);
      const candidates = shown.map(candidateOf);
      results.push({ input: entry, status: 'ambiguous', home: null, candidates: language === 'en' ? candidates : candidates.map((one) => candidateIn(context, one, language)) });
      lines.push(head + ambiguousLine(shown.map((home) => saidOf(home, 'candidate', language)), match, language));
    } else {
      results.push({ input: entry, status: 'not_found', home: null, candidates: [] });
      lines.push(head + notFoundSaid(language));
    }
  }

  const data_dates = {
    state_record_loaded_on: context.snapshot.meta.rosterAsOf,
    alw_list_as_of: context.snapshot.meta.alwListAsOf,
  };
  return {
    results,
    counts,
    honesty: checkHonestyIn(language),
    data_dates,
    display: demoSays(context, [checkSummary(distinct.size, counts, data_dates.state_record_loaded_on, language), '', ...lines, ...displayClosing(language)].join('\n'), language),
  };
}

