// Page addresses, one definition each: the pages, the hand-off, the home page, the type-ahead
// and the map build their links here, so no surface disagrees with the pages on a path.
import { nameSlug } from '../../contract/names.ts';
import { facilityPagePath } from '../../contract/records.ts';

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
export const API_DOCS_PATH = '/docs/api';
export const MCP_DOCS_PATH = '/docs/mcp';
export const TERMS_PATH = '/terms';
