// Small readers for the state files' text conventions.
import { licenseNumberFrom, tidySpaces } from '../../contract/names.ts';

/** A cell as text with its spacing tidied, or null when it is blank. */
export function cell(text: string | null | undefined): string | null {
  const tidy = tidySpaces(text ?? '');
  return tidy === '' ? null : tidy;
}

/** Facility numbers arrive as integers that lost their leading zero: the license is 9 digits. */
export function licenseNumber(validatedDigits: string): string {
  return licenseNumberFrom(validatedDigits) ?? validatedDigits.trim();
}

/**
 * Words the state writes in a cell that holds no value (`Unavailable` for a phone or an address,
 * `See FAQs`, `N/A`): read as not on file, never stored as a phone, a street or a name of anything.
 */
const PLACEHOLDERS = new Set(['unavailable', 'see faqs', 'see faq', 'n/a', 'not available']);

/** A state file's cell: its tidied text, or null when blank or a placeholder (then `placeholder` is true). */
export function stateCell(text: string | null | undefined): { value: string | null; placeholder: boolean } {
  const value = cell(text);
  if (value !== null && PLACEHOLDERS.has(value.toLowerCase())) return { value: null, placeholder: true };
  return { value, placeholder: false };
}

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/**
 * A whole number as a cell states it: digits ("6", "06") or English words from zero to ninety-nine
 * ("six", "Twenty-Four", "forty two"). A roster clerk who wrote "six" stated six beds, so it is
 * read, not dropped as missing. Null when the cell states no whole number ("N/A", "6.5", "TBD").
 */
export function wholeNumberFrom(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const words = trimmed.toLowerCase().split(/[\s-]+/).filter(Boolean);
  if (words.length === 1) {
    const unit = UNITS.indexOf(words[0]!);
    if (unit >= 0) return unit;
    const tens = TENS.indexOf(words[0]!);
    return tens >= 2 ? tens * 10 : null;
  }
  if (words.length === 2) {
    const tens = TENS.indexOf(words[0]!);
    const unit = UNITS.indexOf(words[1]!);
    if (tens >= 2 && unit >= 1 && unit <= 9) return tens * 10 + unit;
  }
  return null;
}
