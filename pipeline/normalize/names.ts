// The name a home goes by: its licensed name without a trailing legal form (LLC, Inc., Corp.,
// Ltd., ...), except where dropping it would give two licenses in one city the same name.
import { nameKey } from '../../contract/names.ts';

const TRAILING_LEGAL_FORM =
  /[\s,]+(?:L\.?\s?L\.?\s?C\.?|L\.?\s?L\.?\s?P\.?|L\.?\s?P\.?|INC\.?|INCORPORATED|CORP\.?|CORPORATION|LTD\.?)$/i;

/** The licensed name without its trailing legal form; the name itself when nothing would be left. */
export function withoutLegalForm(licensedName: string): string {
  let name = licensedName;
  // Two passes cover "..., Inc. LLC"-style stacks.
  for (let pass = 0; pass < 2; pass += 1) {
    const stripped = name.replace(TRAILING_LEGAL_FORM, '').replace(/[\s,]+$/, '');
    if (stripped === name || stripped === '') break;
    name = stripped;
  }
  return name;
}

export interface NamedLicense {
  license_number: string;
  licensed_name: string;
  city: string | null;
}

export interface GoesByNames {
  /** The goes-by name of every license. */
  byLicense: Map<string, string>;
  /** Licenses that keep their licensed name, with the name they would otherwise share. */
  exceptions: Array<{ license_number: string; city: string | null; shared_goes_by_name: string }>;
}

export function goesByNames(licenses: readonly NamedLicense[]): GoesByNames {
  const groups = new Map<string, NamedLicense[]>();
  for (const license of licenses) {
    const key = `${(license.city ?? '').toLowerCase()}|${nameKey(withoutLegalForm(license.licensed_name))}`;
    const group = groups.get(key);
    if (group) group.push(license);
    else groups.set(key, [license]);
  }
  const byLicense = new Map<string, string>();
  const exceptions: GoesByNames['exceptions'] = [];
  for (const group of groups.values()) {
    // Only a collision the stripping creates counts: names already identical stay as they are.
    const distinctLicensedNames = new Set(group.map((license) => nameKey(license.licensed_name)));
    const strippingCollides = group.length > 1 && distinctLicensedNames.size > 1;
    for (const license of group) {
      const goesBy = withoutLegalForm(license.licensed_name);
      if (strippingCollides && goesBy !== license.licensed_name) {
        byLicense.set(license.license_number, license.licensed_name);
        exceptions.push({ license_number: license.license_number, city: license.city, shared_goes_by_name: goesBy });
      } else {
        byLicense.set(license.license_number, goesBy);
      }
    }
  }
  exceptions.sort((a, b) => a.license_number.localeCompare(b.license_number));
  return { byLicense, exceptions };
}
