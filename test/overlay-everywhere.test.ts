// The review overlay rule on every surface at once (issue 18, item 1): a dementia review opened in
// the operator store makes the home read not_on_file, drop its dementia service codes and fall out
// of every `needs` filter on REST (list, detail, check), each MCP tool that returns or filters
// homes (a real SDK client), the home page and its Markdown twin, and the site's map endpoints;
// closing the review brings the recorded value back everywhere.
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { CLEARANCE_GRANTING_CODES } from '../contract/facts.ts';
import { examples } from './helpers/examples.ts';
import { call, postJson } from './helpers/server.ts';
import { connect, startMcpServer, structuredAnswer, type McpTestServer } from './mcp/helpers.ts';
import { mainText } from './pages/helpers.ts';

interface Home {
  license_number: string;
  name: string;
  name_slug: string;
  city: string;
  county: string;
  latitude: number;
  longitude: number;
}

let server: McpTestServer;
let client: Client;
let home: Home;
let hospitalFacid: string;

test.before(async () => {
  const ex = await examples();
  // A listed dementia home with a location, in a city with few dementia homes (so every
  // first page of a list holds it), preferring one whose record carries a dementia code.
  home = ex.one<Home>(
    'a listed, located dementia home in a city with at most 10 of them',
    `SELECT license_number, name, name_slug, city, county, latitude, longitude FROM facilities f
     WHERE listed = 1 AND dementia = 'true' AND latitude IS NOT NULL AND city IS NOT NULL AND county IS NOT NULL
       AND (SELECT COUNT(*) FROM facilities g WHERE g.listed = 1 AND g.dementia = 'true' AND g.city_key = f.city_key) <= 10
     ORDER BY (record_json LIKE '%970 - RCFE / DEMENTIA%' OR record_json LIKE '%971 - RCFE / ALZHEIMER%') DESC, sort_key`,
  );
  const hospitals = ex.all<{ facid: string; latitude: number; longitude: number }>('SELECT facid, latitude, longitude FROM hospitals');
  const distance = (h: { latitude: number; longitude: number }) => (h.latitude - home.latitude) ** 2 + (h.longitude - home.longitude) ** 2;
  hospitalFacid = hospitals.sort((a, b) => distance(a) - distance(b))[0]!.facid;
  server = await startMcpServer();
  client = await connect(server.mcpUrl, '2025-11-25', 'overlay-everywhere');
});
test.after.always(async () => {
  await client?.close();
  await server?.close();
});

const tool = (name: string, args: Record<string, unknown>) => structuredAnswer(client, name, args);

async function get(path: string): Promise<any> {
  const reply = await call(`${server.url}${path}`);
  if (reply.status !== 200) throw new Error(`${path}: ${reply.status} ${reply.text.slice(0, 200)}`);
  return reply.body ?? reply.text;
}

/** What every surface says about the home's dementia clearance and `needs` membership. */
async function surfaces() {
  const license = home.license_number;
  const licenses = (homes: Array<{ license_number: string }>) => homes.map((entry) => entry.license_number);
  const box = `south=${home.latitude - 0.05}&north=${home.latitude + 0.05}&west=${home.longitude - 0.05}&east=${home.longitude + 0.05}`;
  const detail = (await get(`/api/v1/facilities/${license}`)).data;
  const check = (await postJson(`${server.url}/api/v1/check`, { homes: [license], detail: true })).body.data.results[0].home;
  const page = mainText(await get(`/facility/${home.name_slug}-${license}`));
  const markdown: string = await get(`/facility/${home.name_slug}-${license}.md`);
  const near = await tool('homes_near_hospital', { hospital: hospitalFacid, needs: ['dementia'], radius_km: 50, limit: 50 });
  return {
    restList: (await get(`/api/v1/facilities?city=${encodeURIComponent(home.city)}&limit=100`)).data.facilities.find(
      (record: { license_number: string }) => record.license_number === license,
    ).clearances.dementia.value,
    restNeeds: licenses((await get(`/api/v1/facilities?city=${encodeURIComponent(home.city)}&needs=dementia&limit=100`)).data.facilities).includes(license),
    restDetail: detail.clearances.dementia.value,
    restDesignations: detail.service_designations.value as string[],
    checkHome: check.clearances.dementia,
    checkRecord: check.record.clearances.dementia.value,
    getHome: (await tool('get_home', { license_number: license })).home.clearances.dementia,
    checkHomesTool: (await tool('check_homes', { homes: [license] })).results[0].home.clearances.dementia,
    compare: (await tool('compare_homes', { license_numbers: [license, near.homes.find((h: any) => h.license_number !== license)?.license_number ?? license] }))
      .columns.find((column: any) => column.license_number === license).clearances.dementia,
    findAll: (await tool('find_homes', { city: home.city, limit: 50 })).homes.find((h: any) => h.license_number === license).clearances.dementia,
    findNeeds: licenses((await tool('find_homes', { city: home.city, needs: ['dementia'], limit: 50 })).homes).includes(license),
    nearNeeds: licenses(near.homes).includes(license),
    searchNeeds: (await tool('search', { query: `dementia care in ${home.city}` })).results.some((r: { id: string }) => r.id === license),
    fetched: (await tool('fetch', { id: license })).text as string,
    page,
    markdown,
    siteSummary: (await get(`/api/facilities/${license}`)).care_approvals.dementia as string,
    siteInBounds: licenses((await get(`/api/facilities/in-bounds?${box}&needs=dementia&limit=200`)).homes).includes(license),
  };
}

test.serial('a held review shows on every surface and goes when it closes', async (t) => {
  const dementiaCodes = CLEARANCE_GRANTING_CODES.dementia!;
  const before = await surfaces();
  t.like(before, {
    restList: 'true', restNeeds: true, restDetail: 'true', checkHome: 'true', checkRecord: 'true', getHome: 'true', checkHomesTool: 'true',
    compare: 'true', findAll: 'true', findNeeds: true, nearNeeds: true, searchNeeds: true,
  });
  t.true(before.page.includes('Dementia care: yes'));
  t.true(before.markdown.includes('- Dementia care: yes'));
  t.true(before.fetched.includes('- Dementia care: yes'));
  t.true(before.siteInBounds);
  const recordedCodes = before.restDesignations.filter((code) => dementiaCodes.includes(code));

  t.is(server.operator('review', 'open', home.license_number, 'dementia'), 0);
  const held = await surfaces();
  t.deepEqual(
    held,
    {
      ...held,
      restList: 'not_on_file', restNeeds: false, restDetail: 'not_on_file', checkHome: 'not_on_file', checkRecord: 'not_on_file',
      getHome: 'not_on_file', checkHomesTool: 'not_on_file', compare: 'not_on_file', findAll: 'not_on_file',
      findNeeds: false, nearNeeds: false, searchNeeds: false, siteInBounds: false,
    },
    'every surface reads the review',
  );
  t.false(held.restDesignations.some((code) => dementiaCodes.includes(code)), 'dementia codes withheld (rule 1)');
  t.deepEqual(held.restDesignations, before.restDesignations.filter((code) => !recordedCodes.includes(code)));
  t.true(held.page.includes('Dementia care: not on file (under a correction review)'), 'HTML page');
  t.true(held.markdown.includes('- Dementia care: not on file (under a correction review)'), 'Markdown twin');
  t.true(held.fetched.includes('- Dementia care: not on file (under a correction review)'), 'MCP fetch');
  t.not(held.siteSummary, before.siteSummary, 'site summary');

  t.is(server.operator('review', 'close', home.license_number, 'dementia'), 0);
  t.deepEqual(await surfaces(), before, 'the recorded value returns on every surface');
});
