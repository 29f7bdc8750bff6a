// The cards' words for a fact: the tri-state reading is the contract's (triStateWords), so a
// `false` and a `not_on_file` both read "not on file", never "no"; a `true` reads with its source
// and date. Every other sentence a card shows is the tool's own (its structuredContent) or a
// shared sentence from serve/words/wording.ts.
import { triStateWords, type ClearanceKey, type TriState } from '../../../../contract/facts.ts';
import { approvalOnRecord, FACT_SOURCES, probationOnRecord } from '../../../words/wording.ts';
import type { McpCompactRecord } from '../../record.ts';

/** Where a fact comes from, in the words the home's page uses. */
export const SOURCES = FACT_SOURCES;

export function asOf(date: string | null | undefined): string {
  return date ? `as of ${date}` : '(the source gives no date)';
}

/**
 * A tri-state value in words: "yes, per … as of …" for true; "not on file" for anything else, with
 * what the record says as the page says it (`onRecord`: approvalOnRecord or probationOnRecord), so a
 * stated false reads "this license does not carry …", never "the record does not say".
 */
export function triStateReading(
  value: TriState | string | null | undefined,
  source: string,
  date: string | null | undefined,
  onRecord?: (value: TriState) => string,
): { words: string; detail: string } {
  if (value === 'true') return { words: triStateWords('true'), detail: `${source}, ${asOf(date)}` };
  const stated: TriState = value === 'false' ? 'false' : 'not_on_file';
  const says = onRecord ? onRecord(stated).replace(/^not on file: /, '') : 'the record does not say';
  return { words: triStateWords('not_on_file'), detail: `${says}; ${source}, ${asOf(date)}` };
}

/** Any other value in words: text as it is, a number as digits, null as "not on file". */
export function plainValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'not on file';
  return String(value);
}

/** A comparison row's value; the column is the compact record (compare_homes' own types live with the tool, which reads these words). */
export type Cell = string | number | boolean | null;

/** Rows whose values are tri-state ('true' | 'false' | 'not_on_file'), with the source their date comes from. */
export const TRI_STATE_ROWS: Record<string, 'approvals' | 'waiver' | 'roster'> = {
  'clearances.dementia': 'approvals',
  'clearances.hospice': 'approvals',
  'clearances.non_ambulatory': 'approvals',
  'clearances.bedridden': 'approvals',
  'medi_cal_alw.value': 'waiver',
  'license.on_probation': 'roster',
};

/** Rows whose values are plain booleans, in words that never read as a verdict. */
const BOOLEAN_WORDS: Record<string, [string, string]> = {
  'license.closed': ['closed', 'open'],
  'price.is_this_homes_own_rate': ["yes, the home's own rate", "an estimate or area figure, not the home's own rate"],
};

/** A comparison cell in words (the comparison card's; here so it can be read without a page). */
export function comparisonCellWords(key: string, value: Cell, column: McpCompactRecord): { words: string; detail: string | null } {
  const source = TRI_STATE_ROWS[key];
  if (source) {
    // A closed license's approvals and waiver are what the record held while it was open: never read as current.
    if (source !== 'roster' && column.license.closed) {
      const reading = comparisonTriState(key, value, column, source);
      return { words: `${reading.words} (history)`, detail: `held while the license was open, not current; ${reading.detail}` };
    }
    return comparisonTriState(key, value, column, source);
  }
  if (typeof value === 'boolean' && BOOLEAN_WORDS[key]) return { words: BOOLEAN_WORDS[key]![value ? 0 : 1], detail: null };
  return { words: plainValue(value), detail: null };
}

function comparisonTriState(key: string, value: Cell, column: McpCompactRecord, source: 'approvals' | 'waiver' | 'roster'): { words: string; detail: string } {
  const date = source === 'approvals' ? column.clearances.as_of : source === 'waiver' ? column.medi_cal_alw.list_as_of : column.license.as_of;
  const onRecord = key.startsWith('clearances.')
    ? (stated: TriState) => approvalOnRecord(key.slice('clearances.'.length) as ClearanceKey, stated)
    : key === 'license.on_probation'
      ? (stated: TriState) => probationOnRecord(stated)
      : undefined;
  return triStateReading(typeof value === 'string' ? value : null, FACT_SOURCES[source], date, onRecord);
}

