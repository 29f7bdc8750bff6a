// Matching the Assisted Living Waiver list (names and addresses, no license numbers) to the
// roster: by normalized address first, then by name within the city. A row that fits no license,
// or more than one, is reported as unmatched or ambiguous: never guessed.
import { addressKey, nameKey } from '../../contract/names.ts';
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
