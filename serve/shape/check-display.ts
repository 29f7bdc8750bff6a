// The batch check's `display`: a Markdown summary a person can read as it is, in the language asked
// (words/check-words.ts: each English template fills to the sentence served in English).
import { licenseStatusMeaning } from '../../contract/facts.ts';
import type { CompactHome } from '../../contract/records.ts';
import type { Candidate } from './candidate.ts';
import { escapeMarkdownInline, quoted } from '../words/quote.ts';
import { say, sayServed } from '../words/catalog.ts';
import { READING_WORDS, SOURCE_WORDS } from '../words/home-words.ts';
import { HONESTY_WORDS } from '../words/handoff-words.ts';
import type { Language } from '../words/language.ts';
import { priceLineIn } from '../words/price-words.ts';
import { approvalsListIn, CHECK_WORDS, glossedStatusIn, stateRecordWordsIn } from '../words/check-words.ts';

/** Text from input or the record, made inert in Markdown, on one line (quote.ts). */
function md(text: string | null): string {
  return text === null ? '' : escapeMarkdownInline(text);
}

/** The first sentence of a closed note, in a language (its entries in check-words.ts; an unknown one stays as written). */
const CLOSED_FIRST = [CHECK_WORDS.closedOn, CHECK_WORDS.liveClosedDated, CHECK_WORDS.liveClosedUndated, CHECK_WORDS.closedUndated];

/** A matched line's head: the home, its license and its place (the state's words quoted). */
function headOf(home: CompactHome, language: Language): string {
  const values = { name: quoted(home.name), license: home.license_number, city: home.city ? quoted(home.city) : '', county: home.county ? quoted(home.county) : '' };
  const entry = home.city ? (home.county ? CHECK_WORDS.headCityCounty : CHECK_WORDS.headCity) : home.county ? CHECK_WORDS.headCounty : CHECK_WORDS.headNoPlace;
  return say(entry, language, values);
}

/** The license's status: the state's words quoted, a Spanish gloss after them. */
function statusOf(home: CompactHome, language: Language): string {
  return home.license_status ? glossedStatusIn(language, quoted(home.license_status), home.license_status) : say(READING_WORDS.notOnFile, language);
}

/** What a matched line says after its input: the home, its status and its care approvals. */
export function matchedLine(home: CompactHome, live: { status: string | null; checkedOn: string | null } | null = null, language: Language = 'en'): string {
  // The record's own words sit in « » (quote.ts): the state's text, never an instruction.
  const head = headOf(home, language);
  const status = statusOf(home, language);
  const asOf = home.clearances.as_of ? say(SOURCE_WORDS.asOf, language, { date: home.clearances.as_of }) : '';
  // What a family asks next, said here as the structured result holds it: the waiver, the price line with its source and age, the state record's tallies.
  const price = home.price ? escapeMarkdownInline(priceLineIn(home.price, language) ?? home.price.line) : null;
  const rest = say(CHECK_WORDS.rest, language, {
    waiver: say(home.medi_cal_alw.value === 'true' ? READING_WORDS.yes : READING_WORDS.notOnFile, language),
    waiverAsOf: home.medi_cal_alw.list_as_of ? say(CHECK_WORDS.waiverAsOf, language, { date: home.medi_cal_alw.list_as_of }) : '',
    price: price === null ? say(CHECK_WORDS.priceNotOnFile, language) : price.endsWith('.') ? price : `${price}.`,
    record: stateRecordWordsIn(language, home.state_record),
  });
  // A closed license says so first, and its approvals read as history, worded as its page words them.
  if (home.license_closed) {
    // The closed note's first sentence ("This license closed on ..."); the rest is what the history heading says.
    const closed = /^[^.]*\./.exec(home.clearances.closed_note ?? '')?.[0] ?? CHECK_WORDS.closedUndated.en;
    // The live record and the phone, as the home's page says them (a note naming the live record already has it).
    const liveSaid = live?.status && !closed.includes('live record') ? md(liveSentence(live.status, live.checkedOn, language)) : null;
    const approvals = approvalsListIn(language, home.clearances, false);
    return say(CHECK_WORDS.closed, language, { head, status, closed: closedSaid(closed, liveSaid, language), asOf, approvals, rest });
  }
  // An application says so before anything reads as a home's current care; what it lists reads as applied for, never a yes.
  if (licenseStatusMeaning(home.license_status).pending) {
    return say(CHECK_WORDS.pending, language, { head, status, asOf, approvals: approvalsListIn(language, home.clearances, true), rest });
  }
  return say(CHECK_WORDS.open, language, { head, status, asOf, approvals: approvalsListIn(language, home.clearances, false), rest });
}

/** A closed note's first sentence in a language, with the live record's sentence after it when there is one. */
function closedSaid(closed: string, live: string | null, language: Language): string {
  const first = md(sayServed(closed, CLOSED_FIRST, language) ?? closed);
  if (live === null) return first;
  const date = /^This license closed on (\d{4}-\d{2}-\d{2})\.$/.exec(closed)?.[1];
  if (date) return say(CHECK_WORDS.closedOnLive, language, { date, live });
  return closed === CHECK_WORDS.closedUndated.en ? say(CHECK_WORDS.closedUndatedLive, language, { live }) : `${first} ${live}`;
}

/** wording.ts liveStatusWords, in a language (the status quoted as the state wrote it, a Spanish gloss after it). */
function liveSentence(status: string, checkedOn: string | null, language: Language): string {
  const said = glossedStatusIn(language, `"${status}"`, status);
  return checkedOn ? say(CHECK_WORDS.liveShows, language, { date: checkedOn, status: said }) : say(CHECK_WORDS.liveShowsUndated, language, { status: said });
}

/** How an ambiguous line names one candidate. */
export function candidateText(candidate: Candidate, language: Language = 'en'): string {
  return say(CHECK_WORDS.candidate, language, {
    name: quoted(candidate.name),
    license: candidate.license_number,
    city: candidate.city ? quoted(candidate.city) : say(CHECK_WORDS.cityNotOnFile, language),
    status: candidate.license_status ? glossedStatusIn(language, quoted(candidate.license_status), candidate.license_status) : say(CHECK_WORDS.statusNotOnFile, language),
  });
}

/** How a numbered line starts: its position and the input as sent. */
export function lineHead(position: number, input: string): string {
  return `${position}. "${md(input)}"`;
}

/** A miss says what to try: no guess stands in for the home meant. */
export const NOT_FOUND_SAID = CHECK_WORDS.notFound.en;

export function notFoundSaid(language: Language): string {
  return say(CHECK_WORDS.notFound, language);
}

/**
 * An ambiguous line after its input: how it introduces its candidates, then them. When more
 * licenses fit than are listed, it says so: "one of these" would send a family to choose among
 * homes that may not include theirs. One candidate alone is a resemblance to confirm, never "one of these".
 */
export function ambiguousLine(candidates: readonly string[], match: { fitting: number | null; more: boolean }, language: Language = 'en'): string {
  const joined = { candidates: candidates.join('; ') };
  if (!match.more) return say(candidates.length === 1 ? CHECK_WORDS.oneOffered : CHECK_WORDS.ambiguous, language, joined);
  if (match.fitting === null) return say(CHECK_WORDS.moreSimilar, language, joined);
  return say(CHECK_WORDS.moreFitting, language, { ...joined, fitting: match.fitting, listed: candidates.length });
}

/** The display's first line: what was checked and what came of it. */
export function checkSummary(
  checked: number,
  counts: { matched: number; ambiguous: number; not_found: number; duplicates_merged: number },
  loadedOn: string | null,
  language: Language = 'en',
): string {
  const merged = counts.duplicates_merged;
  return say(checked === 1 ? CHECK_WORDS.checkedOne : CHECK_WORDS.checkedMany, language, {
    n: checked,
    loaded: loadedOn ? say(CHECK_WORDS.loaded, language, { date: loadedOn }) : '',
    matched: counts.matched,
    ambiguous: counts.ambiguous,
    notFound: counts.not_found,
    merged: merged > 0 ? say(merged === 1 ? CHECK_WORDS.mergedOne : CHECK_WORDS.mergedMany, language, { n: merged }) : say(CHECK_WORDS.mergedNone, language),
  });
}

/**
 * The display's closing: a blank line and the three honesty sentences.
 */
export function displayClosing(language: Language): string[] {
  return ['', say(HONESTY_WORDS.neutrality, language), say(HONESTY_WORDS.neverInThisData, language), say(HONESTY_WORDS.fairnessNote, language)];
}
