// What crawlers read: robots.txt (pages in, the API and MCP out, the sitemap named) and the
// sitemap of every page worth indexing. Page addresses come from the site's own builders (the
// site index, the care-type keys, the hospitals, the license holders and the guides), so the
// sitemap never disagrees with the pages.
import { NEED_KEYS } from '../../contract/facts.ts';
import { siteIndexOf } from '../shape/homes-index.ts';
import { licensees } from '../records/places.ts';
import { hospitalsByCounty } from '../records/query.ts';
import type { Snapshot } from '../records/snapshot.ts';
import { escapeHtml } from '../web/html.ts';
import { CHANGES_PATH, GUIDES_PATH, hasSpanishTwin, hospitalPath, licenseePath, NEAR_HOSPITAL_PATH, WAIVER_PATH } from '../web/links.ts';
import { guideCatalog } from '../words/guides/catalog.ts';
import { pathIn } from '../words/language.ts';

export const CRAWL_PATHS = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
} as const;

/** The sitemaps protocol's limit per file; past it /sitemap.xml becomes an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

/** `/sitemap-<n>.xml`, n from 1: one part of a sitemap index. */
export function sitemapPartPath(part: number): string {
  return `/sitemap-${part}.xml`;
}

export function robotsTxt(baseUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /mcp', '', `Sitemap: ${baseUrl}${CRAWL_PATHS.sitemap}`, ''].join('\n');
}

/**
 * Every page path in the sitemap: the front page, care types, the waiver list, the hospitals and
 * the homes near each, the changes page, the guides, counties, cities, license holders, then
 * homes; then the Spanish twins of those that have one.
 */
export function sitemapPaths(snapshot: Snapshot): string[] {
  const index = siteIndexOf(snapshot);
  const paths = [
    '/',
    '/care',
    ...NEED_KEYS.map((need) => `/care/${need}`),
    WAIVER_PATH,
    NEAR_HOSPITAL_PATH,
    ...hospitalsByCounty(snapshot).map(hospitalPath),
    CHANGES_PATH,
    GUIDES_PATH,
    // The catalog's addresses are absolute: with no base URL they are the paths.
    ...guideCatalog('').map((guide) => guide.url),
    '/county',
    ...index.counties.map((county) => county.path),
    ...index.cities.map((city) => city.path),
    ...licensees(snapshot).filter((holder) => holder.slug !== '').map((holder) => licenseePath(holder.slug)),
    ...index.homes.map((home) => home.path),
  ];
  // Each page's Spanish twin under /es follows, so a crawler finds both (each page's head links the other).
  const english = [...new Set(paths)];
  return [...english, ...english.filter(hasSpanishTwin).map((path) => pathIn('es', path))];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(baseUrl: string, paths: readonly string[]): string {
  const entries = paths.map((path) => `<url><loc>${escapeHtml(`${baseUrl}${path}`)}</loc></url>\n`).join('');
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries}</urlset>\n`;
}

/**
 * root: the body of /sitemap.xml, the urlset itself or an index of the parts; parts: part n (from
 * 1) of an index, empty when the root is the urlset.
 */
export function buildSitemap(baseUrl: string, paths: readonly string[], maxUrls = SITEMAP_MAX_URLS): { root: string; parts: string[] } {
  if (paths.length <= maxUrls) return { root: urlset(baseUrl, paths), parts: [] };
  const parts: string[] = [];
  for (let start = 0; start < paths.length; start += maxUrls) parts.push(urlset(baseUrl, paths.slice(start, start + maxUrls)));
  const entries = parts.map((_, i) => `<sitemap><loc>${escapeHtml(`${baseUrl}${sitemapPartPath(i + 1)}`)}</loc></sitemap>\n`).join('');
  return { root: `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries}</sitemapindex>\n`, parts };
}
