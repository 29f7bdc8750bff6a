// Page addresses, one definition each: the pages, the hand-off, the home page, the type-ahead
// and the map build their links here, so no surface disagrees with the pages on a path.
import { nameSlug } from '../../contract/names.ts';
import { facilityPagePath } from '../../contract/records.ts';
import { SPANISH_GUIDES } from '../words/guides/spanish.ts';
import { pathIn, type Language } from '../words/language.ts';

/** A home's page from its stored slug (of the goes-by name): the contract's one page path. */
export { facilityPagePath };

/** The same page from the goes-by name, where no stored slug is at hand. */
export function homePagePath(name: string, license: string): string {
  return facilityPagePath(nameSlug(name), license);
}

export function countyPath(county: string): string {
  return `/county/${nameSlug(county)}`;
}

export function cityPath(county: string, city: string): string {
  return `/county/${nameSlug(county)}/${nameSlug(city)}`;
}

/** The changes page; a home's own change log is the same page filtered by its license. */
export const CHANGES_PATH = '/changes';

export function homeChangesPath(license: string): string {
  return `${CHANGES_PATH}?license=${license}`;
}

export const GUIDES_PATH = '/guides';
export const WAIVER_PATH = '/waiver';
export const NEAR_HOSPITAL_PATH = '/near-hospital';

/** The page of the homes near one hospital. */
export function hospitalPath(hospital: { name_slug: string; facid: string }): string {
  return `${NEAR_HOSPITAL_PATH}/${hospital.name_slug}-${hospital.facid}`;
}

/** The page of the licenses one license holder holds. */
export function licenseePath(slug: string): string {
  return `/licensee/${slug}`;
}
export const API_DOCS_PATH = '/docs/api';
export const MCP_DOCS_PATH = '/docs/mcp';
export const TERMS_PATH = '/terms';

/** Site paths that have a Spanish twin under `/es` (the front page, every list, homes, guides written in Spanish, the corrections form, the plan). */
export function hasSpanishTwin(path: string): boolean {
  const bare = path.split(/[?#]/)[0]!;
  if (bare === '/' || bare === '' || bare === '/plan' || bare === '/corrections' || bare === CHANGES_PATH || bare === GUIDES_PATH) return true;
  if (bare === '/county' || bare.startsWith('/county/') || bare.startsWith('/facility/')) return true;
  if (bare === '/care' || bare.startsWith('/care/') || bare === '/waiver') return true;
  if (bare === '/near-hospital' || bare.startsWith('/near-hospital/') || bare.startsWith('/licensee/')) return true;
  const guide = /^\/guides\/([a-z0-9-]+)$/.exec(bare)?.[1];
  return guide !== undefined && Object.hasOwn(SPANISH_GUIDES, guide);
}

/** A site path as a page in `language` links it: its Spanish twin, else the English page (`english` true: say so). */
export function linkIn(language: Language, path: string): { path: string; english: boolean } {
  if (language === 'en') return { path, english: false };
  return hasSpanishTwin(path) ? { path: pathIn('es', path), english: false } : { path, english: true };
}
