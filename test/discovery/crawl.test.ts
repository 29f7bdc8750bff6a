// What crawlers and browsers ask for besides pages: robots.txt keeps the API and MCP out and names
// the sitemap; the sitemap lists every listed home's page and every county, city and care-type
// page, each a page that answers; a favicon from our own origin, linked from every page.
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { NEED_KEYS } from '../../contract/facts.ts';
import { nameSlug } from '../../contract/names.ts';
import { guideCatalog } from '../../serve/words/guides/catalog.ts';
import { SPANISH_GUIDES } from '../../serve/words/guides/spanish.ts';
import { buildSitemap } from '../../serve/discovery/crawl.ts';
import { call, startServer, type TestServer } from '../helpers/server.ts';

const BASE = 'https://homes.example.org';
let server: TestServer;
test.before(async () => {
  server = await startServer({ baseUrl: BASE });
});
test.after.always(async () => {
  await server?.close();
});

const get = (urlPath: string) => call(`${server.url}${urlPath}`);
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

function openSnapshot(): Database.Database {
  const file = fs.readdirSync(server.dir).find((name) => name.endsWith('.sqlite'))!;
  return new Database(path.join(server.dir, file), { readonly: true });
}

function listedHomes(): Array<{ name_slug: string; license_number: string; county: string | null; city: string | null; licensee: string | null }> {
  const db = openSnapshot();
  try {
    return db.prepare('SELECT name_slug, license_number, county, city, licensee FROM facilities WHERE listed = 1').all() as never;
  } finally {
    db.close();
  }
}

test('robots.txt lets pages be crawled, keeps /api/ and /mcp out and names the sitemap', async (t) => {
  const reply = await get('/robots.txt');
  t.is(reply.status, 200);
  t.is(reply.headers.get('content-type'), 'text/plain; charset=utf-8');
  const lines = reply.text.split('\n');
  t.true(lines.includes('User-agent: *'));
  t.true(lines.includes('Allow: /'));
  t.true(lines.includes('Disallow: /api/'));
  t.true(lines.includes('Disallow: /mcp'));
  t.true(lines.includes(`Sitemap: ${BASE}/sitemap.xml`));
});

test('sitemap.xml lists every listed home, county, city, care-type, waiver, near-hospital, license-holder and guide page, in both languages, and each one answers', async (t) => {
  const reply = await get('/sitemap.xml');
  t.is(reply.status, 200);
  t.is(reply.headers.get('content-type'), 'application/xml; charset=utf-8');
  t.regex(reply.text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const all = locs(reply.text);
  t.is(new Set(all).size, all.length, 'no address twice');
  // Every page is there in English and, under /es, in Spanish where it has a Spanish twin (guides written in English only have none).
  const urls = all.filter((url) => !url.startsWith(`${BASE}/es`));
  const spanishGuides = Object.keys(SPANISH_GUIDES).map((slug) => `${BASE}/guides/${slug}`);
  const twinned = urls.filter((url) => !url.startsWith(`${BASE}/guides/`) || spanishGuides.includes(url));
  t.deepEqual(all.filter((url) => url.startsWith(`${BASE}/es`)), twinned.map((url) => (url === `${BASE}/` ? `${BASE}/es` : url.replace(BASE, `${BASE}/es`))));

  const homes = listedHomes();
  t.true(homes.length > 10);
  for (const home of homes) t.true(urls.includes(`${BASE}/facility/${home.name_slug}-${home.license_number}`), home.license_number);
  t.is(urls.filter((url) => url.startsWith(`${BASE}/facility/`)).length, homes.length, 'listed homes only');
  for (const need of NEED_KEYS) t.true(urls.includes(`${BASE}/care/${need}`), need);
  const counties = new Set(homes.filter((home) => home.county).map((home) => home.county!.toLowerCase()));
  t.is(urls.filter((url) => /\/county\/[^/]+$/.test(url)).length, counties.size);
  const cities = new Set(homes.filter((home) => home.county && home.city).map((home) => `${home.county!.toLowerCase()}|${home.city!.toLowerCase()}`));
  t.is(urls.filter((url) => /\/county\/[^/]+\/[^/]+$/.test(url)).length, cities.size);

  // The other lists and the guides, in both languages: the waiver list, the hospitals and the homes near each, every license holder.
  for (const path of ['/waiver', '/near-hospital', '/guides', '/care', '/changes']) {
    t.true(all.includes(`${BASE}${path}`), path);
    t.true(all.includes(`${BASE}/es${path}`), `/es${path}`);
  }
  const db = openSnapshot();
  try {
    const hospitals = db.prepare('SELECT name_slug, facid FROM hospitals').all() as Array<{ name_slug: string; facid: string }>;
    t.true(hospitals.length > 0);
    for (const hospital of hospitals) {
      t.true(all.includes(`${BASE}/near-hospital/${hospital.name_slug}-${hospital.facid}`), hospital.facid);
      t.true(all.includes(`${BASE}/es/near-hospital/${hospital.name_slug}-${hospital.facid}`), hospital.facid);
    }
  } finally {
    db.close();
  }
  const holders = new Set(homes.map((home) => home.licensee).filter((name): name is string => !!name).map(nameSlug));
  t.true(holders.size > 0);
  for (const slug of holders) {
    t.true(all.includes(`${BASE}/licensee/${slug}`), slug);
    t.true(all.includes(`${BASE}/es/licensee/${slug}`), slug);
  }
  t.is(urls.filter((url) => url.startsWith(`${BASE}/licensee/`)).length, holders.size, 'license holders of listed homes only');
  for (const guide of guideCatalog(BASE)) t.true(all.includes(guide.url), guide.url);
  for (const url of spanishGuides) t.true(all.includes(url.replace(BASE, `${BASE}/es`)), url);

  for (const url of all) {
    t.true(url.startsWith(BASE), url);
    const page = await get(url.slice(BASE.length));
    t.is(page.status, 200, url);
  }
  t.is((await get('/sitemap-1.xml')).status, 404, 'no parts while one file holds every address');
});

test('every page lets a crawler audit read robots.txt from the page (connect-src allows our origin)', async (t) => {
  const county = locs((await get('/sitemap.xml')).text).find((url) => /\/county\/[^/]+$/.test(url))!;
  for (const pagePath of ['/', county.slice(BASE.length), '/terms']) {
    const csp = (await get(pagePath)).headers.get('content-security-policy') ?? '';
    const connect = csp.split(';').map((part) => part.trim()).find((part) => part.startsWith('connect-src ')) ?? '';
    t.regex(connect, /'self'/, `${pagePath}: ${csp}`);
  }
});

test('past the per-file limit the sitemap becomes an index of parts', (t) => {
  const paths = ['/a', '/b', '/c', '/d', '/e'];
  const sitemap = buildSitemap(BASE, paths, 2);
  t.regex(sitemap.root, /<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  t.deepEqual(locs(sitemap.root), [`${BASE}/sitemap-1.xml`, `${BASE}/sitemap-2.xml`, `${BASE}/sitemap-3.xml`]);
  t.deepEqual(sitemap.parts.map(locs), [[`${BASE}/a`, `${BASE}/b`], [`${BASE}/c`, `${BASE}/d`], [`${BASE}/e`]]);
  t.deepEqual(buildSitemap(BASE, paths, 5).parts, []);
});

test('a favicon from our origin: /favicon.ico and the icon every page links', async (t) => {
  const favicon = await get('/favicon.ico');
  t.is(favicon.status, 200);
  t.is(favicon.headers.get('content-type'), 'image/svg+xml');
  t.regex(favicon.text, /^<svg /);
  for (const pagePath of ['/', '/county', '/terms']) {
    const page = await get(pagePath);
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(page.text)?.[1];
    t.truthy(href, `${pagePath} links an icon`);
    t.true(href!.startsWith(`${BASE}/assets/icon-`), href);
    const icon = await get(href!.slice(BASE.length));
    t.is(icon.status, 200);
    t.is(icon.headers.get('content-type'), 'image/svg+xml');
    t.is(icon.text, favicon.text);
  }
});
