// Page addresses the site links to (the pages surface serves them): one definition, so the
// home page, the type-ahead and the map never disagree with the pages on a path.
import { nameSlug } from '../../contract/names.ts';

/** A home's page: `/facility/<name_slug>-<license>` (slug of the goes-by name). */
export function facilityPath(nameSlugValue: string, license: string): string {
  return `/facility/${nameSlugValue}-${license}`;
}

export function countyPath(county: string): string {
  return `/county/${nameSlug(county)}`;
}

export function cityPath(county: string, city: string): string {
  return `/county/${nameSlug(county)}/${nameSlug(city)}`;
}

export const GUIDES_PATH = '/guides';
export const API_DOCS_PATH = '/docs/api';
export const MCP_DOCS_PATH = '/docs/mcp';
export const TERMS_PATH = '/terms';
