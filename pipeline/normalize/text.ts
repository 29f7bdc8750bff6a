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
