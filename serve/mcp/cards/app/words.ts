// The cards' words for a fact: the tri-state reading is the contract's (triStateWords), so a
// `false` and a `not_on_file` both read "not on file", never "no"; a `true` reads with its source
// and date. Every other sentence a card shows is the tool's own (its structuredContent) or a
// shared sentence from serve/words/wording.ts.
import { triStateWords, type TriState } from '../../../../contract/facts.ts';
import { FACT_SOURCES } from '../../../words/wording.ts';

/** Where a fact comes from, in the words the home's page uses. */
export const SOURCES = FACT_SOURCES;

export function asOf(date: string | null | undefined): string {
  return date ? `as of ${date}` : '(the source gives no date)';
}

/** A tri-state value in words: "yes, per … as of …" for true; "not on file" for anything else. */
export function triStateReading(value: TriState | string | null | undefined, source: string, date: string | null | undefined): { words: string; detail: string } {
  if (value === 'true') return { words: triStateWords('true'), detail: `${source}, ${asOf(date)}` };
  return { words: triStateWords('not_on_file'), detail: `the record does not say; ${source}, ${asOf(date)}` };
}

/** Any other value in words: text as it is, a number as digits, null as "not on file". */
export function plainValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'not on file';
  return String(value);
}
