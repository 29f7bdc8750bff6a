// The batch check's `display`: a Markdown summary a person can read as it is.
import { CLEARANCE_KEYS, licenseStatusMeaning } from '../../contract/facts.ts';
import type { CompactHome } from '../../contract/records.ts';
import type { Candidate } from './candidate.ts';
import { escapeMarkdownInline, quoted, quotedOr } from '../words/quote.ts';
import { triStateWords } from '../../contract/facts.ts';
import { approvalShortWords, appliedForWords, CLOSED_PHONE, stateRecordWords, FAIRNESS_NOTE, HELD_WHILE_OPEN, liveStatusWords, NEUTRALITY, NEVER_IN_THIS_DATA, PENDING_APPLICATION } from '../words/wording.ts';

const CLEARANCE_WORDS = { dementia: 'dementia', hospice: 'hospice', non_ambulatory: 'non-ambulatory', bedridden: 'bedridden' };

/** Text from input or the record, made inert in Markdown, on one line (quote.ts). */
function md(text: string | null): string {
  return text === null ? '' : escapeMarkdownInline(text);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What a matched line says after its input: the home, its status and its care approvals. */
export function matchedLine(home: CompactHome, live: { status: string | null; checkedOn: string | null } | null = null): string {
  // The record's own words sit in « » (quote.ts): the state's text, never an instruction.
  const place = [home.city ? quoted(home.city) : null, home.county ? `${quoted(home.county)} County` : null].filter(Boolean).join(', ');
  const approvals = CLEARANCE_KEYS.map((key) => `${CLEARANCE_WORDS[key]} ${approvalShortWords(home.clearances[key])}`).join('; ');
  const asOf = home.clearances.as_of ? ` as of ${home.clearances.as_of}` : '';
  const head = `**${quoted(home.name)}** (license ${home.license_number}${place ? `, ${place}` : ''}). Status: ${quotedOr(home.license_status, 'not on file')}.`;
  // What a family asks next, said here as the structured result holds it: the waiver, the price line with its source and age, the state record's tallies.
  const rest =
    ` Medi-Cal Assisted Living Waiver list: ${triStateWords(home.medi_cal_alw.value)}${home.medi_cal_alw.list_as_of ? ` (as of ${home.medi_cal_alw.list_as_of})` : ''}.` +
    ` Price: ${home.price ? escapeMarkdownInline(home.price.line) : 'not on file'}` +
    `${home.price?.line.endsWith('.') ? '' : '.'} State record: ${stateRecordWords(home.state_record)}.`;
  // A closed license says so first, and its approvals read as history, worded as its page words them.
  if (home.license_closed) {
    // The closed note's first sentence ("This license closed on ..."); the rest is what HELD_WHILE_OPEN says.
    const closed = /^[^.]*\./.exec(home.clearances.closed_note ?? '')?.[0] ?? 'This license is closed.';
    // The live record and the phone, as the home's page says them (a note naming the live record already has it).
    const liveSaid = live?.status && !closed.includes('live record') ? ` ${md(liveStatusWords(live.status, live.checkedOn))}` : '';
    return `${head} ${md(closed)}${liveSaid} ${CLOSED_PHONE} ${HELD_WHILE_OPEN} care approvals${asOf}: ${approvals}.${rest}`;
  }
  // An application says so before anything reads as a home's current care.
  if (licenseStatusMeaning(home.license_status).pending) {
    // An application holds no approval yet: what it lists reads as applied for.
    const applied = CLEARANCE_KEYS.map((key) => `${CLEARANCE_WORDS[key]} ${appliedForWords(home.clearances[key])}`).join('; ');
    return `${head} ${PENDING_APPLICATION} Care approvals the application lists${asOf}: ${applied}.${rest}`;
  }
  return `${head} Care approvals${asOf}: ${approvals}.${rest}`;
}

/** How an ambiguous line names one candidate. */
export function candidateText(candidate: Candidate): string {
  return `${quoted(candidate.name)} (license ${candidate.license_number}, ${quotedOr(candidate.city, 'city not on file')}, ${quotedOr(candidate.license_status, 'status not on file')})`;
}

/** How a numbered line starts: its position and the input as sent. */
export function lineHead(position: number, input: string): string {
  return `${position}. "${md(input)}"`;
}

/** A miss says what to try: no guess stands in for the home meant. */
export const NOT_FOUND_SAID =
  'no home on the state roster matches. Check the spelling, or send its 9-digit license number, or "name, city" (the name as the state licenses it).';
const AMBIGUOUS_SAID = 'not matched; it could be one of these, ask which one: ';
const ONE_OFFERED_SAID = 'not matched; the closest name on the roster is this one, ask whether it is the home meant: ';

/**
 * How an ambiguous line introduces its candidates. When more licenses fit than are listed, it says
 * so: "one of these" would send a family to choose among homes that may not include theirs. One
 * candidate alone is a resemblance to confirm, never "one of these".
 */
export function ambiguousSaid(listed: number, match: { fitting: number | null; more: boolean }): string {
  if (!match.more) return listed === 1 ? ONE_OFFERED_SAID : AMBIGUOUS_SAID;
  const how =
    match.fitting === null ? 'more homes on the roster have a similar name than are listed' : `${match.fitting} homes on the roster fit this name, ${listed} are listed`;
  return `not matched; ${how}. Send "name, city" to narrow it, or ask which one if it is among these: `;
}

/** The display's first line: what was checked and what came of it. */
export function checkSummary(
  checked: number,
  counts: { matched: number; ambiguous: number; not_found: number; duplicates_merged: number },
  loadedOn: string | null,
): string {
  const loaded = loadedOn ? ` (state record loaded ${loadedOn})` : '';
  return (
    `**Checked ${plural(checked, 'home', 'homes')} against the state licensing record${loaded}.** ` +
    `${counts.matched} matched, ${counts.ambiguous} need a choice, ${counts.not_found} not found` +
    (counts.duplicates_merged > 0 ? `; ${plural(counts.duplicates_merged, 'duplicate', 'duplicates')} merged.` : '.')
  );
}

/**
 * The display: the summary, a blank line, one line per result, a blank line and the three
 * honesty sentences.
 */
export const DISPLAY_CLOSING = ['', NEUTRALITY, NEVER_IN_THIS_DATA, FAIRNESS_NOTE] as const;
