// The MCP record conventions: a clearance under correction review reads not_on_file, stops
// matching needs and is named in clearances.under_review; a closed license keeps its values as
// recorded, marked with a dated closed_note; waiver scope with any true; no field anywhere that
// suggests availability, a score or a rank.
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { examples } from '../helpers/examples.ts';
import { connect, errorText, startMcpServer, type McpTestServer } from './helpers.ts';

let server: McpTestServer;
let client: Client;
test.before(async () => {
  server = await startMcpServer();
  client = await connect(server.mcpUrl, 'modern');
  await client.listTools();
});
test.after.always(async () => {
  await client?.close();
  await server?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(errorText(result));
  return result.structuredContent;
}

function keysOf(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      into.push(key);
      keysOf(child, into);
    }
  }
  return into;
}

test.serial('a clearance under correction review reads not_on_file, does not match needs, and the full record names it', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; county: string; name: string }>(
    'a listed home with dementia true and a dementia service code',
    `SELECT license_number, county, name FROM facilities WHERE listed = 1 AND dementia = 'true'
       AND EXISTS (SELECT 1 FROM service_designations s WHERE s.license_number = facilities.license_number AND s.code LIKE '97%')
     ORDER BY sort_key`,
  );
  const before = await call('find_homes', { county: home.county, needs: ['dementia'], limit: 50 });
  t.true(before.homes.some((h: any) => h.license_number === home.license_number));

  t.is(server.operator('review', 'open', home.license_number, 'dementia', 'owner reports an error'), 0);
  t.teardown(() => server.operator('review', 'close', home.license_number, 'dementia'));

  const full = (await call('get_home', { license_number: home.license_number })).home;
  t.is(full.clearances.dementia, 'not_on_file');
  t.deepEqual(full.clearances.under_review, ['dementia']);
  t.false(full.service_designations.codes.some((code: string) => code.startsWith('970') || code.startsWith('971')));

  const after = await call('find_homes', { county: home.county, needs: ['dementia'], limit: 50 });
  t.is(after.total, before.total - 1);
  t.false(after.homes.some((h: any) => h.license_number === home.license_number));
  const listed = await call('find_homes', { county: home.county, limit: 50 });
  t.is(listed.homes.find((h: any) => h.license_number === home.license_number)?.clearances.dementia, 'not_on_file');
  const search = await call('search', { query: `dementia ${home.county}` });
  t.false(search.results.some((r: any) => r.id === home.license_number));
  const compared = await call('compare_homes', {
    license_numbers: [home.license_number, before.homes.find((h: any) => h.license_number !== home.license_number).license_number],
  });
  t.is(compared.columns.find((c: any) => c.license_number === home.license_number).clearances.dementia, 'not_on_file');
  const checked = await call('check_homes', { homes: [home.license_number], detail: true });
  t.is(checked.results[0].home.clearances.dementia, 'not_on_file');
  t.is(checked.results[0].home.record.clearances.dementia.value, 'not_on_file');

  t.is(server.operator('review', 'close', home.license_number, 'dementia'), 0);
  const restored = (await call('get_home', { license_number: home.license_number })).home;
  t.is(restored.clearances.dementia, 'true');
  t.deepEqual(restored.clearances.under_review, []);
});

test('a closed license is returned with its values as recorded, license.closed and a dated closed_note, and no price', async (t) => {
  const ex = await examples();
  const row = ex.one<{ license_number: string; closed_date: string; dementia: string; license_status: string }>(
    'a closed license with a closed date and a dementia value of true',
    "SELECT license_number, closed_date, dementia, license_status FROM facilities WHERE closed = 1 AND closed_date IS NOT NULL AND dementia = 'true'",
  );
  const home = (await call('get_home', { license_number: row.license_number })).home;
  t.is(home.license.status, row.license_status);
  t.true(home.license.closed);
  t.regex(home.license.closed_note, new RegExp(`closed on ${row.closed_date}.*history, not current approvals`));
  t.is(home.clearances.dementia, 'true', 'kept as recorded');
  t.true(home.clearances.license_closed);
  t.is(home.clearances.closed_note, home.license.closed_note);
  t.true(home.medi_cal_alw.license_closed);
  t.is(home.price, null);

  const check = await call('check_homes', { homes: [row.license_number] });
  t.true(check.results[0].home.license_closed);

  // Lists show current licenses only.
  const county = ex.value<string>('SELECT county FROM facilities WHERE license_number = ?', row.license_number);
  const list = await call('find_homes', { county, limit: 50 });
  t.false(list.homes.some((h: any) => h.license_number === row.license_number));
});

test('waiver: any true carries the scope sentence; absence reads not_on_file, never false', async (t) => {
  const ex = await examples();
  const rows = ex.all<{ license_number: string; alw_participation: string }>(
    "SELECT license_number, alw_participation FROM facilities WHERE listed = 1 ORDER BY alw_participation DESC, license_number LIMIT 2",
  );
  for (const row of rows) {
    const home = (await call('get_home', { license_number: row.license_number })).home;
    t.is(home.medi_cal_alw.value, row.alw_participation);
    if (row.alw_participation === 'true') t.regex(home.medi_cal_alw.scope, /pays for care services only; it does not pay for room and board/);
    else t.is(home.medi_cal_alw.scope, null);
    t.not(home.medi_cal_alw.value, 'false');
  }
});

test('no result of any tool has a field suggesting availability, a score, a rating or a rank', async (t) => {
  const ex = await examples();
  const license = ex.value<string>('SELECT license_number FROM facilities WHERE listed = 1 AND documents_count > 0 ORDER BY sort_key');
  const other = ex.value<string>('SELECT license_number FROM facilities WHERE listed = 1 AND license_number <> ? ORDER BY sort_key', license);
  const results = [
    await call('find_homes', { county: 'Alameda', limit: 50 }),
    await call('get_home', { license_number: license }),
    await call('get_state_documents', { license_number: license }),
    await call('compare_homes', { license_numbers: [license, other] }),
    await call('homes_near_hospital', { hospital: 'Livermore Community Hospital', radius_km: 50 }),
    await call('check_homes', { homes: [license], detail: true }),
    await call('search', { query: 'care' }),
  ];
  const forbidden = /avail|vacan|open_bed|beds_open|opening|score|^rating|_rating|rank|popular|sponsor|featured|recommend/i;
  for (const result of results) {
    for (const key of keysOf(result)) t.notRegex(key, forbidden, key);
  }
  const { tools } = await client.listTools();
  for (const tool of tools) {
    for (const key of keysOf(tool.inputSchema)) t.notRegex(key, forbidden, `${tool.name} input ${key}`);
  }
});

test('a home placed only by its ZIP code says so: its location names the method in the shared words, and a distance to it is marked approximate', async (t) => {
  const ex = await examples();
  const byZip = ex.one<{ license_number: string; latitude: number; longitude: number }>(
    'a listed home placed by a ZIP centroid',
    "SELECT license_number, latitude, longitude FROM facilities WHERE listed = 1 AND location_method = 'zip_centroid' ORDER BY license_number LIMIT 1",
  );
  const byAddress = ex.one<{ license_number: string }>('a listed home geocoded from its address', "SELECT license_number FROM facilities WHERE listed = 1 AND location_method = 'address' ORDER BY license_number LIMIT 1");
  const { LOCATION_NOTES, APPROXIMATE_DISTANCE } = await import('../../serve/words/wording.ts');

  const zipHome = await call('get_home', { license_number: byZip.license_number });
  t.like(zipHome.home.location, { method: 'zip_centroid', note: LOCATION_NOTES.zip_centroid });
  t.regex(zipHome.home.location.note, /^Approximate map coordinates: the center of the home's ZIP code/);
  const addressHome = await call('get_home', { license_number: byAddress.license_number });
  t.like(addressHome.home.location, { method: 'address', note: LOCATION_NOTES.address });

  const near = await call('find_homes', { near: { latitude: byZip.latitude + 0.01, longitude: byZip.longitude }, radius_km: 5, limit: 50 });
  const listed = near.homes.find((h: any) => h.license_number === byZip.license_number);
  t.truthy(listed, 'the ZIP-placed home is in the list');
  t.is(listed.distance_note, APPROXIMATE_DISTANCE);
  for (const home of near.homes) {
    const method = ex.value<string>('SELECT location_method FROM facilities WHERE license_number = ?', home.license_number);
    t.is(home.distance_note, method === 'zip_centroid' ? APPROXIMATE_DISTANCE : null, home.license_number);
  }
});
