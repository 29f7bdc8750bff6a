// Which licenses a name exactly fits, for the batch check: its goes-by or licensed name, across
// every license of any status, with a trailing legal form (INC, LLC, L.P., ...) not telling two
// names apart. The roster writes "DESERT ROSE ASSISTED LIVING INC" where a family writes the name
// without it, so a PENDING "DESERT ROSE ASSISTED LIVING" beside it is one of two fits, never the match.
// Matching reads no rows: each license's name and city are held here, so the check reads SQLite
// only for the homes it returns, in one batch.
import { allNameFits } from './query.ts';
import { pushTo } from '../lib/multimap.ts';
import { derived, type Snapshot } from './snapshot.ts';

/** What matching (a place narrows by city or county) and the neutral candidate order need of a license. */
export interface NameFit {
  license_number: string;
  name: string;
  city: string | null;
  county: string | null;
  /** Its goes-by and licensed name keys, legal forms kept: an input that writes one out names that license. */
  keys: readonly string[];
}

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

/** Every license's fit, and every base name key to the licenses whose goes-by or licensed name has it. */
const nameFits = derived('name fits: licenses by base name key (legal forms stripped), with name and city', (snapshot) => {
  const byLicense = new Map<string, NameFit>();
  const byBaseKey = new Map<string, NameFit[]>();
  for (const row of allNameFits(snapshot)) {
    const keys = row.name_key === row.licensed_name_key ? [row.name_key] : [row.name_key, row.licensed_name_key];
    const fit: NameFit = { license_number: row.license_number, name: row.name, city: row.city, county: row.county, keys };
    byLicense.set(fit.license_number, fit);
    for (const base of new Set([baseNameKey(row.name_key), baseNameKey(row.licensed_name_key)])) {
      if (base) pushTo(byBaseKey, base, fit);
    }
  }
  return { byLicense, byBaseKey };
});

/**
 * Every license the name key fits, each once (callers put them in the neutral order). A key that
 * writes out a legal form ("golden oaks care home inc") and is exactly one fit's goes-by or
 * licensed name names that license alone: the legal form is what tells "..., INC." from "... LLC"
 * in one city. Without a legal form, every license sharing the base name fits.
 */
export function facilitiesFittingName(snapshot: Snapshot, key: string): readonly NameFit[] {
  if (!key) return [];
  const base = baseNameKey(key);
  const fits = snapshot.derive(nameFits).byBaseKey.get(base) ?? [];
  if (fits.length < 2 || base === key) return fits;
  const exact = fits.filter((fit) => fit.keys.includes(key));
  return exact.length === 1 ? exact : fits;
}

/** The fit of a license on the roster (any status); undefined when it is not there. */
export function licenseFit(snapshot: Snapshot, license: string): NameFit | undefined {
  return snapshot.derive(nameFits).byLicense.get(license);
}
