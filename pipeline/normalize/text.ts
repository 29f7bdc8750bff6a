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
