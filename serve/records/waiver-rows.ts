// The Assisted Living Waiver list's rows the pipeline could not tie to one license (match_method
// 'ambiguous': a row at an address several licenses share, or a name several licenses in its city
// carry). Those licenses keep `not_on_file` (never guessed), but "this home is not on the list"
// would say more than the list does: the list has a row here that may be this home. Found again
// here from the row's address and name, by the contract's one address key the pipeline matched them by.
import { addressKey, nameKey } from '../../contract/names.ts';
import { baseNameKey } from './name-fit.ts';
import { derived, type Snapshot } from './snapshot.ts';

export interface UnresolvedWaiverRow {
  /** The name the list gives the row, verbatim. */
  facility_name: string;
  street: string | null;
}

const unresolved = derived('waiver list rows tied to no one license', (snapshot) => {
  const byLicense = new Map<string, UnresolvedWaiverRow>();
  const hasTable = snapshot.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'waiver_list'").get() !== undefined;
  if (!hasTable) return byLicense;
  const rows = snapshot.statement("SELECT facility_name, street, city, zip FROM waiver_list WHERE match_method = 'ambiguous'").all() as Array<{
    facility_name: string;
    street: string | null;
    city: string | null;
    zip: string | null;
  }>;
  if (rows.length === 0) return byLicense;
  const licenses = snapshot.statement("SELECT license_number, licensed_name_key, street, city, zip FROM facilities WHERE alw_participation <> 'true'").all() as Array<{
    license_number: string;
    licensed_name_key: string;
    street: string | null;
    city: string | null;
    zip: string | null;
  }>;
  for (const row of rows) {
    const address = addressKey(row.street, row.zip, row.city);
    const name = baseNameKey(nameKey(row.facility_name));
    const city = (row.city ?? '').toUpperCase().trim();
    for (const license of licenses) {
      const atAddress = address !== null && addressKey(license.street, license.zip, license.city) === address;
      const sameName = city !== '' && (license.city ?? '').toUpperCase().trim() === city && baseNameKey(license.licensed_name_key) === name;
      if ((atAddress || sameName) && !byLicense.has(license.license_number)) {
        byLicense.set(license.license_number, { facility_name: row.facility_name, street: row.street });
      }
    }
  }
  return byLicense;
});

/** The waiver list's row that may be this license but was tied to none, or null. */
export function unresolvedWaiverRow(snapshot: Snapshot, license: string): UnresolvedWaiverRow | null {
  return snapshot.derive(unresolved).get(license) ?? null;
}
