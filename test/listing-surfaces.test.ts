// Every listing surface draws from the one listed-homes index (issue 18, item 2): for the same
// filter the REST list, find_homes and the page lists give the same licenses in the same neutral
// order, and that order is what plain SQL over the seeds snapshot says (listed statuses, name then
// license). Distance lists (homes_near_hospital, the near-hospital page, the site's map box),
// search and the site's type-ahead are held to the same rows. A held correction review drops the
// home from every `needs` list at once. Every per-snapshot derived structure is listed in the docs.
import fs from 'node:fs';
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { distanceKm, distanceMiles } from '../contract/geo.ts';
import { nameKey, nameSlug } from '../contract/names.ts';
import { derivedKindNames } from '../serve/records/snapshot.ts';
import { examples, type Examples } from './helpers/examples.ts';
import { call } from './helpers/server.ts';
import { connect, startMcpServer, structuredAnswer, type McpTestServer } from './mcp/helpers.ts';

interface Located {
  license_number: string;
  latitude: number;
  longitude: number;
}

let server: McpTestServer;
let client: Client;
let ex: Examples;

test.before(async () => {
  ex = await examples();
  server = await startMcpServer();
  client = await connect(server.mcpUrl, 'modern', 'listing-surfaces');
});
test.after.always(async () => {
  await client?.close();
  await server?.close();
});

/** The spec's list: listed licenses matching `where`, alphabetical by name then license. */
function sqlList(where: string, ...params: unknown[]): string[] {
  return ex
    .all<{ license_number: string }>(`SELECT license_number FROM facilities WHERE listed = 1 AND ${where} ORDER BY sort_key, license_number`, ...params)
    .map((row) => row.license_number);
}

async function getJson(path: string): Promise<any> {
  const reply = await call(`${server.url}${path}`);
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${reply.text.slice(0, 200)}`);
  return reply.body;
}

async function restList(query: string): Promise<string[]> {
  const licenses: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const { data } = await getJson(`/api/v1/facilities?${query}&limit=100&offset=${offset}`);
    licenses.push(...data.facilities.map((home: { license_number: string }) => home.license_number));
    if (offset + 100 >= data.total) return licenses;
  }
}

const tool = (name: string, args: Record<string, unknown>) => structuredAnswer(client, name, args);

async function toolList(name: string, args: Record<string, unknown>): Promise<Array<{ license_number: string; distance_km: number | null }>> {
  const homes = [];
  for (let offset: number | null = 0; offset !== null; ) {
    const answer = await tool(name, { ...args, limit: 50, offset });
    homes.push(...answer.homes);
    offset = answer.next_offset;
  }
  return homes;
}

/** The licenses a page list shows, every page, in order (read from its Markdown twin). */
async function pageList(path: string, params: Record<string, string> = {}): Promise<string[]> {
  const licenses: string[] = [];
  for (let page = 1; ; page += 1) {
    const query = new URLSearchParams({ ...params, ...(page > 1 ? { page: String(page) } : {}) }).toString();
    const reply = await call(`${server.url}${path}.md${query ? `?${query}` : ''}`);
    if (page > 1 && reply.status === 404) return licenses;
    if (reply.status !== 200) throw new Error(`${path} page ${page}: ${reply.status}`);
    const found = [...reply.text.matchAll(/^- \[[^\]]*\]\([^)]*\/facility\/[^)]*-(\d{9})\)/gm)].map((match) => match[1]!);
    if (found.length === 0) return licenses;
    licenses.push(...found);
  }
}

function biggest(column: 'county' | 'city', where = '1'): { name: string; key: string; county: string } {
  return ex.one(
    `the ${column} with the most listed homes`,
    `SELECT MIN(${column}) AS name, ${column}_key AS key, MIN(county) AS county FROM facilities
     WHERE listed = 1 AND ${column}_key IS NOT NULL AND ${where} GROUP BY ${column}_key ORDER BY COUNT(*) DESC, ${column}_key`,
  );
}

test.serial('county, city and needs lists: REST, find_homes and the pages give the SQL list in the same order', async (t) => {
  const county = biggest('county', "dementia = 'true'");
  const city = biggest('city', `county_key = '${county.key.replace(/'/g, "''")}'`);
  const cases = [
    { label: 'county', sql: sqlList('county_key = ?', county.key), rest: `county=${encodeURIComponent(county.name)}`, find: { county: county.name }, page: [`/county/${nameSlug(county.name)}`, {}] },
    {
      label: 'county + dementia',
      sql: sqlList("county_key = ? AND dementia = 'true'", county.key),
      rest: `county=${encodeURIComponent(county.name)}&needs=dementia`,
      find: { county: county.name, needs: ['dementia'] },
      page: ['/care/dementia', { county: nameSlug(county.name) }],
    },
    {
      label: 'county + wheelchair',
      sql: sqlList("county_key = ? AND non_ambulatory = 'true'", county.key),
      rest: `county=${encodeURIComponent(county.name)}&needs=wheelchair`,
      find: { county: county.name, needs: ['wheelchair'] },
      page: ['/care/wheelchair', { county: nameSlug(county.name) }],
    },
    {
      label: 'city',
      sql: sqlList('county_key = ? AND city_key = ?', county.key, city.key),
      rest: `county=${encodeURIComponent(county.name)}&city=${encodeURIComponent(city.name)}`,
      find: { county: county.name, city: city.name },
      page: [`/county/${nameSlug(county.name)}/${nameSlug(city.name)}`, {}],
    },
  ] as const;
  for (const c of cases) {
    t.true(c.sql.length > 1, `${c.label}: the seeds give a list of several homes`);
    t.deepEqual(await restList(c.rest), c.sql, `${c.label}: REST list`);
    t.deepEqual((await toolList('find_homes', c.find)).map((home) => home.license_number), c.sql, `${c.label}: find_homes`);
    t.deepEqual(await pageList(c.page[0], c.page[1]), c.sql, `${c.label}: page list`);
  }
  t.deepEqual(await restList('needs=dementia'), sqlList("dementia = 'true'"), 'statewide needs: REST');
  t.deepEqual(await pageList('/care/dementia'), sqlList("dementia = 'true'"), 'statewide needs: page');
  t.deepEqual(await restList('county=x'), [], 'a county with no homes lists none');

  // A held correction review drops the home from every needs list at once, and only from those.
  const reviewed = sqlList("county_key = ? AND dementia = 'true'", county.key)[0]!;
  t.is(server.operator('review', 'open', reviewed, 'dementia'), 0);
  try {
    const held = sqlList("county_key = ? AND dementia = 'true' AND license_number <> ?", county.key, reviewed);
    t.deepEqual(await restList(`county=${encodeURIComponent(county.name)}&needs=dementia`), held, 'review: REST');
    t.deepEqual((await toolList('find_homes', { county: county.name, needs: ['dementia'] })).map((home) => home.license_number), held, 'review: find_homes');
    t.deepEqual(await pageList('/care/dementia', { county: nameSlug(county.name) }), held, 'review: page');
    t.deepEqual(await restList(`county=${encodeURIComponent(county.name)}`), sqlList('county_key = ?', county.key), 'review: no needs, still listed');
  } finally {
    t.is(server.operator('review', 'close', reviewed, 'dementia'), 0);
  }
});

test.serial('distance lists: homes_near_hospital nearest first, the near-hospital page alphabetical, the same rows', async (t) => {
  const hospital = ex.one<{ facid: string; name_slug: string; latitude: number; longitude: number }>(
    'a hospital with listed homes within 10 km',
    `SELECT facid, name_slug, latitude, longitude FROM hospitals h WHERE (SELECT COUNT(*) FROM facilities f WHERE f.listed = 1
       AND ABS(f.latitude - h.latitude) < 0.05 AND ABS(f.longitude - h.longitude) < 0.05) >= 3 ORDER BY facid`,
  );
  const located = ex.all<Located>(
    'SELECT license_number, latitude, longitude FROM facilities WHERE listed = 1 AND latitude IS NOT NULL ORDER BY sort_key, license_number',
  );
  const km = located.map((home) => ({ license: home.license_number, km: distanceKm(hospital, home) })).filter((home) => home.km <= 10);
  const nearest = [...km].sort((a, b) => a.km - b.km);
  const homes = await toolList('homes_near_hospital', { hospital: hospital.facid, radius_km: 10 });
  t.true(homes.length >= 3);
  t.deepEqual(homes.map((home) => home.license_number), nearest.map((home) => home.license), 'MCP: nearest first, ties alphabetical');
  t.deepEqual(homes.map((home) => home.distance_km), nearest.map((home) => Math.round(home.km * 10) / 10));

  const withinFiveMiles = located.filter((home) => distanceMiles(hospital, home) <= 5).map((home) => home.license_number);
  t.deepEqual(await pageList(`/near-hospital/${hospital.name_slug}-${hospital.facid}`), withinFiveMiles, 'page: alphabetical');
});

test.serial("the site's map box and type-ahead, and MCP search, draw the same rows", async (t) => {
  const county = biggest('county');
  const box = ex.one<{ south: number; north: number; west: number; east: number }>(
    'a county with located homes',
    'SELECT MIN(latitude) AS south, MAX(latitude) AS north, MIN(longitude) AS west, MAX(longitude) AS east FROM facilities WHERE listed = 1 AND county_key = ?',
    county.key,
  );
  const inBox = (where: string) =>
    sqlList(`latitude BETWEEN ${box.south} AND ${box.north} AND longitude BETWEEN ${box.west} AND ${box.east} AND ${where}`);
  const boxQuery = `south=${box.south}&north=${box.north}&west=${box.west}&east=${box.east}&limit=200`;
  const site = await getJson(`/api/facilities/in-bounds?${boxQuery}`);
  t.deepEqual(site.homes.map((home: { license_number: string }) => home.license_number), inBox('1').slice(0, 200), 'in-bounds, alphabetical');
  t.is(site.total, inBox('1').length);
  const dementia = await getJson(`/api/facilities/in-bounds?${boxQuery}&needs=dementia`);
  t.deepEqual(dementia.homes.map((home: { license_number: string }) => home.license_number), inBox("dementia = 'true'"), 'in-bounds with needs');

  // Type-ahead: listed homes with a name word starting with the query, alphabetical.
  const word = nameKey(ex.one<{ name: string }>('a listed home', 'SELECT name FROM facilities WHERE listed = 1 ORDER BY sort_key').name).split(' ')[0]!;
  const suggested = await getJson(`/api/facilities/suggest?q=${encodeURIComponent(word)}&limit=20`);
  const named = sqlList("(' ' || name_key || ' ' || licensed_name_key) LIKE ?", `% ${word}%`);
  t.true(named.length > 0);
  t.deepEqual(suggested.homes.map((home: { license_number: string }) => home.license_number), named.slice(0, 20), 'suggest');
  t.is(suggested.totals.homes, named.length);

  // MCP search with a place and care words: the first page of the same list.
  const search = await tool('search', { query: `dementia care in ${county.name} County` });
  t.deepEqual(
    search.results.map((result: { id: string }) => result.id),
    sqlList("county_key = ? AND dementia = 'true'", county.key).slice(0, 20),
    'search by place',
  );
});

test('docs/serving-core.md lists every per-snapshot derived structure', (t) => {
  const docs = fs.readFileSync(new URL('../docs/serving-core.md', import.meta.url), 'utf8');
  const listed = [...docs.matchAll(/^\| ([^|]+?) \| `[^`]+\.ts` \|/gm)].map((match) => match[1]!);
  t.true(derivedKindNames().includes('listed homes'));
  t.deepEqual([...listed].sort(), [...derivedKindNames()].sort());
});
