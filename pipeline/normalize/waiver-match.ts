// Matching the Assisted Living Waiver list (names and addresses, no license numbers) to the
// roster: by normalized address first, then by name within the city. A row that fits no license,
// or more than one, is reported as unmatched or ambiguous: never guessed.
import { nameKey } from '../../contract/names.ts';
import { withoutLegalForm } from './names.ts';
import type { WaiverRow } from '../sources/waiver.ts';

export interface MatchableLicense {
  license_number: string;
  licensed_name: string;
  street: string | null;
  city: string | null;
  zip: string | null;
}

export type WaiverMatch =
  | { method: 'address' | 'name'; license_number: string }
  | { method: 'unmatched' | 'ambiguous'; license_number: null };

const STREET_WORDS: Record<string, string> = {
  STREET: 'ST', AVENUE: 'AVE', AV: 'AVE', BOULEVARD: 'BLVD', DRIVE: 'DR', ROAD: 'RD', LANE: 'LN',
  COURT: 'CT', PLACE: 'PL', CIRCLE: 'CIR', PARKWAY: 'PKWY', HIGHWAY: 'HWY', TERRACE: 'TER',
  NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W', TRAIL: 'TRL', SQUARE: 'SQ', CANYON: 'CYN',
};

/** "1234 North Main Street, Suite 100" and "1234 N. MAIN ST" give the same key. */
export function streetKey(street: string): string {
  const words = street
    .toUpperCase()
    .replace(/\s*(?:,|\b(?:SUITE|STE|UNIT|APT|SPACE|SPC)\b|#).*$/, '')
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word);
  return words.join(' ');
}

function addressKey(street: string | null, zip: string | null, city: string | null): string | null {
  if (!street) return null;
  const place = zip?.slice(0, 5) || (city ?? '').toUpperCase().trim();
  return place ? `${streetKey(street)}|${place}` : null;
}

const businessNameKey = (name: string) => nameKey(withoutLegalForm(name));

export function createWaiverMatcher(licenses: readonly MatchableLicense[]) {
  const byAddress = new Map<string, MatchableLicense[]>();
  const byCityName = new Map<string, MatchableLicense[]>();
  const add = (index: Map<string, MatchableLicense[]>, key: string | null, license: MatchableLicense) => {
    if (!key) return;
    const list = index.get(key);
    if (list) list.push(license);
    else index.set(key, [license]);
  };
  for (const license of licenses) {
    add(byAddress, addressKey(license.street, license.zip, license.city), license);
    add(byCityName, `${(license.city ?? '').toUpperCase().trim()}|${businessNameKey(license.licensed_name)}`, license);
  }

  return function match(row: WaiverRow): WaiverMatch {
    // The business name first, then the legal name where the list gives both.
    const rowNames = [row.facility_name, row.legal_name].flatMap((name) => (name ? [businessNameKey(name)] : []));
    const atAddress = byAddress.get(addressKey(row.street, row.zip, row.city) ?? '') ?? [];
    if (atAddress.length === 1) return { method: 'address', license_number: atAddress[0]!.license_number };
    if (atAddress.length > 1) {
      // Several licenses share the address (a campus): only an exact name settles it.
      for (const rowName of rowNames) {
        const named = atAddress.filter((license) => businessNameKey(license.licensed_name) === rowName);
        if (named.length === 1) return { method: 'address', license_number: named[0]!.license_number };
      }
      return { method: 'ambiguous', license_number: null };
    }
    for (const rowName of rowNames) {
      const byName = byCityName.get(`${(row.city ?? '').toUpperCase().trim()}|${rowName}`) ?? [];
      if (byName.length === 1) return { method: 'name', license_number: byName[0]!.license_number };
      if (byName.length > 1) return { method: 'ambiguous', license_number: null };
    }
    return { method: 'unmatched', license_number: null };
  };
}
