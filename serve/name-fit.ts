// Which licenses a name exactly fits, for the batch check: its goes-by or licensed name, across
// every license of any status, with a trailing legal form (INC, LLC, L.P., ...) not telling two
// names apart. The roster writes "DESERT ROSE ASSISTED LIVING INC" where a family writes the name
// without it, so a PENDING "DESERT ROSE ASSISTED LIVING" beside it is one of two fits, never the match.
import { allNameKeys, facilityByLicense, type FacilityRow } from './query.ts';
import { derived, type Snapshot } from './snapshot.ts';

/** Legal forms as name keys spell them (lower case, punctuation as spaces). */
const LEGAL_FORM = / (inc|incorporated|llc|l l c|llp|l l p|lp|l p|ltd|limited|corp|corporation|co|company|pc|p c)$/;

/** A name key without its trailing legal forms; the key itself when nothing else would be left. */
export function baseNameKey(key: string): string {
  let base = key;
  for (let stripped = base.replace(LEGAL_FORM, ''); stripped !== base && stripped.length > 0; stripped = base.replace(LEGAL_FORM, '')) {
    base = stripped;
  }
  return base;
}

/** Every base name key to the licenses whose goes-by or licensed name has it, any status. */
const licensesByBaseKey = derived('licenses by base name key (legal forms stripped)', (snapshot) => {
  const map = new Map<string, string[]>();
  for (const row of allNameKeys(snapshot)) {
    for (const base of new Set([baseNameKey(row.name_key), baseNameKey(row.licensed_name_key)])) {
      if (!base) continue;
      const list = map.get(base);
      if (list) list.push(row.license_number);
      else map.set(base, [row.license_number]);
    }
  }
  return map;
});

/** Every license the name key fits, each once (callers put them in the neutral order). */
export function facilitiesFittingName(snapshot: Snapshot, key: string): FacilityRow[] {
  if (!key) return [];
  const licenses = new Set(snapshot.derive(licensesByBaseKey).get(baseNameKey(key)) ?? []);
  return [...licenses].map((license) => facilityByLicense(snapshot, license)!);
}
