// Keys that both sides compute the same way: the pipeline stores them in the snapshot
// (name_key, licensed_name_key, city_key, county_key, license_number), the server computes them
// from user input to look rows up. One definition, so a lookup can never miss on a spelling
// difference between the two sides.

const APOSTROPHES = /['\u2018\u2019\u02bc\u0060\u00b4]/g;

/**
 * Name key: lowercase, diacritics stripped, apostrophes dropped ("O'Neil's" -> "oneils"), every
 * other character outside [a-z0-9] read as a space, spaces collapsed. So "Casa  Dé Oro, Inc." and
 * "casa de oro inc" share a key.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** City and county key: case-insensitive exact match (spec), so only case and spacing are folded. */
export function placeKey(place: string): string {
  return place.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The 9-digit license number an input means, or null when the input is not a license number.
 * The roster's facility_number lost its leading zero, and people type "#197600123" or
 * "1976 00123": digits with optional '#', spaces and hyphens, zero-padded to nine.
 */
export function licenseNumberFrom(input: string): string | null {
  const digits = input.trim().replace(/^#/, '').replace(/[\s-]+/g, '');
  if (!/^\d{1,9}$/.test(digits)) return null;
  return digits.padStart(9, '0');
}

/** Longest slug a page address carries: a name past it is cut at a word, so the address stays short. */
export const MAX_SLUG_LENGTH = 80;

/** URL slug of a name: the name key with hyphens (`/facility/<slug>-<license>`), at most MAX_SLUG_LENGTH characters, cut at a word. */
export function nameSlug(name: string): string {
  const slug = nameKey(name.slice(0, MAX_STATE_TEXT_LENGTH * 2)).replace(/ /g, '-');
  if (slug.length <= MAX_SLUG_LENGTH) return slug || 'home';
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
  const atWord = cut.lastIndexOf('-');
  return (atWord > 0 ? cut.slice(0, atWord) : cut.slice(0, MAX_SLUG_LENGTH)) || 'home';
}

/**
 * Longest name, licensee or address the service keeps. The state's longest run to about 60
 * characters (its search form and export columns are far narrower than this); a value past it is
 * a broken or hostile file, and would make every answer that carries it enormous.
 */
export const MAX_STATE_TEXT_LENGTH = 200;

/** A state text value within MAX_STATE_TEXT_LENGTH, saying so when it was cut (the value and its length on the file). */
export function withinStateLength(text: string): { text: string; cutFrom: number | null } {
  if (text.length <= MAX_STATE_TEXT_LENGTH) return { text, cutFrom: null };
  return { text: `${text.slice(0, MAX_STATE_TEXT_LENGTH).trimEnd()}… [cut: ${text.length} characters on the state's file]`, cutFrom: text.length };
}

/** Collapse runs of white space and trim: spacing in state files is noise, not content. */
export function tidySpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const STREET_WORDS: Record<string, string> = {
  STREET: 'ST', AVENUE: 'AVE', AV: 'AVE', BOULEVARD: 'BLVD', DRIVE: 'DR', ROAD: 'RD', LANE: 'LN',
  COURT: 'CT', PLACE: 'PL', CIRCLE: 'CIR', PARKWAY: 'PKWY', HIGHWAY: 'HWY', TERRACE: 'TER',
  NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W', TRAIL: 'TRL', SQUARE: 'SQ', CANYON: 'CYN',
};

/** "1234 North Main Street, Suite 100" and "1234 N. MAIN ST" give the same key. */
function streetKey(street: string): string {
  const words = street
    .toUpperCase()
    .replace(/\s*(?:,|\b(?:SUITE|STE|UNIT|APT|SPACE|SPC)\b|#).*$/, '')
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word);
  return words.join(' ');
}

/**
 * One key for an address: its street key and its ZIP (else its city). The pipeline matches the
 * waiver list's rows to licenses by it, and the server finds again the licenses a row it could not
 * tie to one license may name: one rule for both.
 */
export function addressKey(street: string | null, zip: string | null, city: string | null): string | null {
  if (!street) return null;
  const place = zip?.slice(0, 5) || (city ?? '').toUpperCase().trim();
  return place ? `${streetKey(street)}|${place}` : null;
}
