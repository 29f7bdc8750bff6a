// Small readers for the state files' text conventions.
import { licenseNumberFrom, tidySpaces } from '../../contract/names.ts';

/** `M/D/YYYY` or `MM/DD/YYYY` (the state's format) to an ISO date; anything else is null. */
export function usDateToIso(text: string | null | undefined): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text ?? '');
  if (!match) return null;
  const [, month, day, year] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** A cell as text with its spacing tidied, or null when it is blank. */
export function cell(text: string | null | undefined): string | null {
  const tidy = tidySpaces(text ?? '');
  return tidy === '' ? null : tidy;
}

/** Facility numbers arrive as integers that lost their leading zero: the license is 9 digits. */
export function licenseNumber(validatedDigits: string): string {
  return licenseNumberFrom(validatedDigits) ?? validatedDigits.trim();
}
