// Every tool's happy path in both eras (validated by the SDK client after listTools and again with
// ajv against the declared output schema), and each tool's refusals: tool results with isError and
// a message that says what to send instead.
import test from 'ava';
import { expectedText } from '../../serve/mcp/server.ts';
import type { Client } from '@modelcontextprotocol/client';
import { CARE_TOPICS } from '../../serve/words/care-topics.ts';
import { FAIRNESS_NOTE, NEUTRALITY, NEVER_IN_THIS_DATA } from '../../serve/words/wording.ts';
import { examples } from '../helpers/examples.ts';
import { postJson } from '../helpers/server.ts';
import { BASE_URL, connect, errorText, happyPathCalls, startMcpServer, validateOutput, type Era, type McpTestServer } from './helpers.ts';

let server: McpTestServer;
const clients = new Map<Era, { client: Client; tools: Array<{ name: string; outputSchema?: unknown }> }>();
test.before(async () => {
  server = await startMcpServer();
});
test.after.always(async () => {
  for (const { client } of clients.values()) await client.close();
  await server?.close();
});

async function clientFor(era: Era) {
  let entry = clients.get(era);
  if (!entry) {
    const client = await connect(server.mcpUrl, era);
    // listTools first: the SDK client then checks every result against the tool's output schema.
    const { tools } = await client.listTools();
    entry = { client, tools };
    clients.set(era, entry);
  }
  return entry;
}

/** A successful call: not an error, valid against the output schema, its text the JSON or the tool's rendering of it. */
async function ok(t: any, name: string, args: Record<string, unknown>, era: Era = 'modern'): Promise<any> {
  const { client, tools } = await clientFor(era);
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} ${JSON.stringify(args)} failed: ${errorText(result)}`);
  t.is(validateOutput(tools, name, result.structuredContent), null, `${name} output matches its schema`);
  const text = (result.content as Array<{ type: string; text: string }>)[0]!;
  // The text block is the structured JSON, or the tool's own rendering of it (lists, the check, documents).
  t.is(text.text, expectedText(name, result.structuredContent as Record<string, unknown>));
  return result.structuredContent;
}

/** A refusal: isError, with a message. */
async function refused(t: any, name: string, args: unknown, pattern: RegExp, era: Era = 'modern'): Promise<string> {
  const { client } = await clientFor(era);
  const result = await client.callTool({ name, arguments: args as Record<string, unknown> });
  t.true(result.isError, `${name} ${JSON.stringify(args)} should be refused`);
  const message = errorText(result);
  t.regex(message, pattern);
  return message;
}

function assertNeutral(t: any, honesty: any) {
  t.is(honesty.neutrality, NEUTRALITY);
  t.is(honesty.never_in_this_data, NEVER_IN_THIS_DATA);
  t.is(honesty.fairness_note, FAIRNESS_NOTE);
  t.regex(honesty.order, /Nothing is ranked/);
}

async function dementiaHome() {
  const ex = await examples();
  return ex.one<{ license_number: string; name: string; latitude: number; longitude: number; county: string; city: string }>(
    'a listed dementia home with a location',
    `SELECT license_number, name, latitude, longitude, county, city FROM facilities
     WHERE listed = 1 AND dementia = 'true' AND latitude IS NOT NULL ORDER BY sort_key`,
  );
}

test('every tool answers its happy path in both eras with output that matches its schema', async (t) => {
  const home = await dementiaHome();
  const ex = await examples();
  const other = ex.value<string>('SELECT license_number FROM facilities WHERE listed = 1 AND license_number <> ? ORDER BY sort_key', home.license_number);
  const calls = happyPathCalls(home, other);
  for (const era of ['modern', '2025-11-25', '2024-10-07'] as const) {
    for (const [name, args] of calls) await ok(t, name, args, era);
  }
});

test('a name with its place, written as people write it, is one license matched; a single resemblance is never "one of these" (REST and MCP, both eras)', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name: string; city: string; county: string }>(
    'a listed home whose name no other license shares',
    `SELECT license_number, name, city, county FROM facilities f WHERE listed = 1 AND city IS NOT NULL AND county IS NOT NULL AND upper(city) <> upper(county)
       AND (SELECT COUNT(*) FROM facilities g WHERE g.name_key = f.name_key OR g.licensed_name_key = f.name_key) = 1 ORDER BY sort_key`,
  );
  const otherCity = ex.value<string>('SELECT city FROM facilities WHERE listed = 1 AND upper(city) <> upper(?) AND upper(county) <> upper(?) GROUP BY city_key ORDER BY count(*) DESC', home.city, home.county);
  const matchedEntries = [`${home.name}, ${home.county}`, `${home.name}, ${home.county} County`, `${home.name} ${home.city}`, `${home.name}, ${home.city}`];
  const elsewhere = `${home.name}, ${otherCity}`;
  const homes = [...matchedEntries, elsewhere];
  const rest = (await postJson(`${server.url}/api/v1/check`, { homes })).body.data;
  for (const era of ['modern', '2025-11-25'] as const) {
    const { demo_data, demo_notice, ...mcp } = await ok(t, 'check_homes', { homes }, era);
    t.deepEqual(mcp, rest, `${era}: the same answer as REST`);
  }
  for (const [i, entry] of matchedEntries.entries()) {
    t.is(rest.results[i].status, 'matched', entry);
    t.is(rest.results[i].home.license_number, home.license_number, entry);
  }
  const offered = rest.results[matchedEntries.length];
  t.is(offered.status, 'ambiguous', 'a name that fits one license in another place is not matched');
  t.true(offered.candidates.length > 1, 'it is offered with the similar names in the place given');
  t.true(offered.candidates.some((c: any) => c.license_number === home.license_number));
  t.is(rest.counts.matched, matchedEntries.length);

  // Across the seeds: every entry pattern above, for every home; a lone candidate is never "one of these".
  const rows = ex.all<{ name: string; city: string | null; county: string | null }>('SELECT name, city, county FROM facilities ORDER BY license_number');
  const entries = rows.flatMap((row) => [`${row.name}, ${row.county ?? ''}`, `${row.name} ${row.city ?? ''}`, `${row.name}, ${otherCity}`, `${row.name.slice(0, -2)}`]);
  for (let start = 0; start < entries.length; start += 100) {
    const batch = (await postJson(`${server.url}/api/v1/check`, { homes: entries.slice(start, start + 100) })).body.data;
    const lines = batch.display.split('\n');
    batch.results.forEach((result: any, i: number) => {
      if (result.status !== 'ambiguous' || result.candidates.length !== 1) return;
      const line = lines.find((l: string) => l.startsWith(`${i + 1}. `))!;
      t.false(line.includes('one of these'), line);
    });
  }
});

test('find_homes near a point: by straight-line distance within the radius, with distance_km and the two sentences', async (t) => {
  const home = await dementiaHome();
  const near = { latitude: home.latitude, longitude: home.longitude };
  const out = await ok(t, 'find_homes', { near, radius_km: 40, limit: 50 });
  t.true(out.homes.length > 1);
  t.is(out.homes[0].license_number, home.license_number);
  t.is(out.homes[0].distance_km, 0);
  const distances = out.homes.map((h: any) => h.distance_km);
  t.deepEqual(distances, [...distances].sort((a: number, b: number) => a - b));
  t.true(distances.every((d: number) => d <= 40));
  assertNeutral(t, out.honesty);
  t.regex(out.honesty.order, /distance/);
  t.deepEqual(out.query.near, near);
  t.is(out.query.radius_km, 40);
  for (const h of out.homes) {
    t.true(['LICENSED', 'LICENSED/PENDING INCREASE', 'PROBATIONARY LICENSE', 'ON PROBATION'].includes(String(h.license.status).toUpperCase()));
    // A list item is the lean listed home (issue 44): never closed, its dates once in data_dates.
    t.is(h.license.closed, undefined);
    t.truthy(h.state_record_url);
    t.truthy(h.page);
  }
});

test('find_homes in a county: alphabetical, listed licenses only, needs match only explicit true, paging', async (t) => {
  const ex = await examples();
  const home = await dementiaHome();
  const expected = ex
    .all<{ license_number: string }>(
      `SELECT license_number FROM facilities WHERE listed = 1 AND county_key = lower(?) AND dementia = 'true' ORDER BY sort_key, license_number`,
      home.county,
    )
    .map((row) => row.license_number);
  const first = await ok(t, 'find_homes', { county: home.county.toLowerCase(), needs: ['dementia'], limit: 2 });
  t.is(first.total, expected.length);
  t.deepEqual(first.homes.map((h: any) => h.license_number), expected.slice(0, 2));
  t.true(first.homes.every((h: any) => h.clearances.dementia === 'true' && h.distance_km === null));
  t.regex(first.honesty.order, /Alphabetical/);
  t.is(first.query.county, home.county);
  if (expected.length > 2) {
    t.is(first.next_offset, 2);
    const second = await ok(t, 'find_homes', { county: `${home.county} County`, needs: ['dementia'], limit: 2, offset: 2 });
    t.deepEqual(second.homes.map((h: any) => h.license_number), expected.slice(2, 4));
  }
  const all = await ok(t, 'find_homes', { county: home.county, limit: 50 });
  const listed = ex.value<number>('SELECT COUNT(*) FROM facilities WHERE listed = 1 AND county_key = lower(?)', home.county);
  t.is(all.total, listed);
});

test('a budget leaves a home out only on its own rate: Alameda at 5000 keeps homes with an estimate, an area figure or nothing, and says how many (both eras, both list tools)', async (t) => {
  const ex = await examples();
  const own = `price_kind IN ('home_listed', 'home_confirmed')`;
  const kept = ex.value<number>(`SELECT COUNT(*) FROM facilities WHERE listed = 1 AND county_key = 'alameda' AND NOT coalesce(${own} AND price_monthly_usd > 5000, 0)`);
  const keptWithoutOwn = ex.value<number>(`SELECT COUNT(*) FROM facilities WHERE listed = 1 AND county_key = 'alameda' AND NOT coalesce(${own}, 0)`);
  const areaAbove = ex.value<number>(`SELECT COUNT(*) FROM facilities WHERE listed = 1 AND county_key = 'alameda' AND price_kind = 'area_typical' AND price_monthly_usd > 5000`);
  const ownAbove = ex.value<number>(`SELECT COUNT(*) FROM facilities WHERE listed = 1 AND county_key = 'alameda' AND ${own} AND price_monthly_usd > 5000`);
  t.true(areaAbove > 0 && ownAbove > 0, 'the seeds hold Alameda homes above 5000 on an area figure and on their own rate');
  for (const era of ['modern', '2025-11-25'] as const) {
    const out = await ok(t, 'find_homes', { county: 'Alameda', max_monthly_budget_usd: 5000, limit: 50 }, era);
    t.is(out.total, kept, `${era}: every home without its own rate above the budget stays in`);
    t.true(out.homes.every((h: any) => !h.price?.is_this_homes_own_rate || h.price.monthly_usd <= 5000));
    t.true(out.homes.some((h: any) => h.price?.kind === 'area_typical' && h.price.monthly_usd > 5000), 'an area figure above the budget decides nothing');
    t.is(out.kept_without_own_rate, keptWithoutOwn);
    t.true(out.notes.some((note: string) => note.includes(`${keptWithoutOwn} of the homes listed have no rate of their own on file`)));
    t.is(out.query.max_monthly_budget_usd, 5000);
    const unfiltered = await ok(t, 'find_homes', { county: 'Alameda', limit: 50 }, era);
    t.is(unfiltered.kept_without_own_rate, null);
    // Every open Alameda home has some figure (the county has a typical rate); a county without one has homes with none.
    const bare = ex.one<{ county: string; count: number }>('a county whose listed homes have no figure', 'SELECT MIN(county) AS county, COUNT(*) AS count FROM facilities WHERE listed = 1 AND price_kind IS NULL GROUP BY county_key ORDER BY count DESC');
    const noFigure = await ok(t, 'find_homes', { county: bare.county, max_monthly_budget_usd: 5000, limit: 50 }, era);
    t.is(noFigure.homes.filter((h: any) => h.price === null).length, bare.count, `${era}: a home with no figure stays in`);
  }
  const hospital = ex.one<{ facid: string }>(
    'a hospital with a home nearby whose only figure is an area figure above 5000',
    `SELECT h.facid FROM hospitals h WHERE EXISTS (SELECT 1 FROM facilities f WHERE f.listed = 1 AND f.price_kind = 'area_typical'
       AND f.price_monthly_usd > 5000 AND abs(f.latitude - h.latitude) < 0.08 AND abs(f.longitude - h.longitude) < 0.08) LIMIT 1`,
  );
  const near = await ok(t, 'homes_near_hospital', { hospital: hospital.facid, radius_km: 50, max_monthly_budget_usd: 5000, limit: 50 });
  t.true(near.homes.some((h: any) => h.price?.kind === 'area_typical' && h.price.monthly_usd > 5000));
  t.true(near.homes.every((h: any) => !h.price?.is_this_homes_own_rate || h.price.monthly_usd <= 5000));
  t.is(typeof near.kept_without_own_rate, 'number');
});

test('find_homes refusals say what to send instead', async (t) => {
  await refused(t, 'find_homes', {}, /at least one of near/);
  await refused(t, 'find_homes', { county: 'Alameda', radius_km: 10 }, /radius_km works only with near/);
  for (const key of ['sort', 'order', 'rank', 'sort_by', 'top']) {
    await refused(t, 'find_homes', { county: 'Alameda', [key]: 'rating' }, /no sort, order or rank argument: results are always neutral/);
  }
  await refused(t, 'find_homes', { county: 'Alameda', color: 'blue' }, /Unknown argument color\. Accepted arguments: near, radius_km, county/);
  await refused(t, 'find_homes', { county: 'Alamedda' }, /No California county is named "Alamedda"\. If you meant ALAMEDA County, send that spelling/);
  await refused(t, 'find_homes', { city: 'Nowhere Springs' }, /No listed home is in a city named/);
  await refused(t, 'find_homes', { county: 'Alameda', needs: ['pets'] }, /each need must be one of wheelchair, dementia, hospice, bedridden/);
  await refused(t, 'find_homes', { county: 'Alameda', max_monthly_budget_usd: 999 }, /max_monthly_budget_usd must be a whole number from 1000 to 30000/);
  await refused(t, 'find_homes', { county: 'Alameda', max_monthly_budget_usd: 30001 }, /from 1000 to 30000/);
  await refused(t, 'find_homes', { county: 'Alameda', limit: 0 }, /limit must be a whole number from 1 to 50/);
  await refused(t, 'find_homes', { near: { latitude: 91, longitude: 0 } }, /near\.latitude must be a number from -90 to 90/);
  await refused(t, 'find_homes', { near: { lat: 37, lng: -122 } }, /near takes exactly latitude and longitude/, '2025-11-25');
});

test('check_homes is the batch check: the same data as POST /api/v1/check for the same input', async (t) => {
  const ex = await examples();
  const closed = ex.value<string>('SELECT license_number FROM facilities WHERE closed = 1');
  const home = await dementiaHome();
  const homes = [home.license_number, home.name.toLowerCase(), closed, 'Sunrise', 'no such home at all', home.license_number];
  for (const detail of [false, true]) {
    const { demo_data, demo_notice, ...mcp } = await ok(t, 'check_homes', { homes, detail });
    const rest = await postJson(`${server.url}/api/v1/check`, { homes, detail });
    t.is(rest.status, 200);
    t.deepEqual(mcp, rest.body.data);
    // REST says demo in its attribution; every MCP result in these two fields (test/demo.test.ts).
    t.true(demo_data && rest.body.attribution.demo_data);
    t.is(typeof demo_notice, 'string');
  }
  await refused(t, 'check_homes', { homes: [] }, /homes must be a list of 1 to 100 .*expected at least 1 item/);
  await refused(t, 'check_homes', { homes: Array.from({ length: 101 }, (_, i) => `home ${i}`) }, /at most 100 entries/);
  await refused(t, 'check_homes', { homes: ['ab'] }, /3 to 200 characters/);
  // The refusal states this tool's own order (inputs as sent), not the order of the list tools.
  await refused(t, 'check_homes', { homes: ['abc'], order: 'name' }, /no sort, order or rank argument: results are always neutral\. Results are in the order the inputs were sent\./);
});

test('get_home: the full flat record with as_of per group, data dates, links and the price block', async (t) => {
  const home = await dementiaHome();
  const ex = await examples();
  const row = ex.one<any>('the home row', 'SELECT * FROM facilities WHERE license_number = ?', home.license_number);
  const out = await ok(t, 'get_home', { license_number: home.license_number.replace(/^0+/, '') });
  const h = out.home;
  t.is(h.license_number, home.license_number);
  t.is(h.phone.number, row.phone);
  t.is(h.address.street, row.street);
  t.is(h.address.as_of, row.roster_as_of);
  t.is(h.clearances.dementia, 'true');
  t.is(h.clearances.as_of, row.clearances_as_of);
  t.deepEqual(h.clearances.under_review, []);
  t.is(h.license.status_live, row.license_status_live);
  t.is(h.license.status_live_checked_on, row.live_status_checked_on);
  t.false(h.license.closed);
  t.is(h.license.closed_note, null);
  t.is(h.state_record_url, row.state_record_url);
  t.is(h.links.page, `${BASE_URL}/facility/${row.name_slug}-${row.license_number}`);
  t.is(h.links.markdown, `${h.links.page}.md`);
  t.regex(h.links.corrections, /corrections\?license=/);
  t.deepEqual(h.price, row.price_json ? JSON.parse(row.price_json) : null);
  t.is(h.medi_cal_alw.value, row.alw_participation);
  if (h.medi_cal_alw.value === 'true') t.regex(h.medi_cal_alw.scope, /care services.*not.*room and board/);
  t.is(h.location.source_class, 'machine_extracted');
  t.deepEqual(h.data_dates, out.data_dates);
  t.is(out.reading_notes.never_in_this_data, NEVER_IN_THIS_DATA);

  await refused(t, 'get_home', { license_number: 'Harmony Place' }, /not a license number.*check_homes or search/);
  await refused(t, 'get_home', { license_number: '999999999' }, /No home with license number 999999999 is on the state roster/);
  await refused(t, 'get_home', {}, /license_number/);
});

test('get_state_documents: newest first, texts and citations on request, reports the state no longer lists marked', async (t) => {
  const ex = await examples();
  const row = ex.one<{ license_number: string; documents_count: number; state_record_url: string }>(
    'a home with at least 3 reports',
    'SELECT license_number, documents_count, state_record_url FROM facilities WHERE documents_count >= 3 ORDER BY license_number',
  );
  // A copy of the store with one more report, last listed before the snapshot's run.
  const docs = await startMcpServer({
    editDocuments: (db) =>
      db
        .prepare(
          `INSERT INTO documents (ref, license_number, control_number, date, type, title, text, citations, html_sha256, first_seen_on, last_listed_on)
           VALUES (?, ?, '12-CR-20190101', '2019-03-04', 'Complaint', 'Complaint Investigation', 'NARRATIVE\nAn old report.', ?, 'x', '2020-01-01', '2024-06-01')`,
        )
        .run(`doc:${row.license_number}-old`, row.license_number, JSON.stringify([{ type: 'A', section: '87303(a)', finding: 'An old finding.' }])),
  });
  t.teardown(() => docs.close());
  const client = await connect(docs.mcpUrl, 'modern');
  t.teardown(() => client.close());
  const { tools } = await client.listTools();
  const call = async (args: Record<string, unknown>) => {
    const result = await client.callTool({ name: 'get_state_documents', arguments: args });
    t.falsy(result.isError, errorText(result));
    t.is(validateOutput(tools, 'get_state_documents', result.structuredContent), null);
    return result.structuredContent as any;
  };

  const brief = await call({ license_number: row.license_number, limit: 50 });
  t.is(brief.fairness_note, FAIRNESS_NOTE);
  t.is(brief.state_record_url, row.state_record_url);
  t.is(brief.total_listed_by_state, row.documents_count);
  t.is(brief.reports.length, row.documents_count + 1);
  const dates = brief.reports.map((r: any) => r.date ?? '');
  t.deepEqual(dates, [...dates].sort().reverse());
  t.true(brief.reports.every((r: any) => r.text === null && r.citations === null && r.ref.startsWith('doc:') && r.state_record_url === row.state_record_url));
  const old = brief.reports.find((r: any) => r.ref === `doc:${row.license_number}-old`);
  t.like(old, { listed_by_state: false, control_number: '12-CR-20190101', citation_counts: { type_a: 1, type_b: 0 } });
  t.regex(old.note, /no longer lists.*2024-06-01/);
  t.true(brief.reports.filter((r: any) => r !== old).every((r: any) => r.listed_by_state && r.note === null));

  const full = await call({ license_number: row.license_number, include_text: true, limit: 2 });
  t.is(full.reports.length, 2);
  t.true(full.reports.every((r: any) => typeof r.text === 'string' && r.text.length > 50 && Array.isArray(r.citations)));
  t.is(full.matching, row.documents_count + 1);

  const since = brief.reports[1].date;
  const recent = await call({ license_number: row.license_number, since });
  t.true(recent.reports.every((r: any) => r.date >= since));
  t.true(recent.reports.length >= 2);

  for (const [args, pattern] of [
    [{ license_number: row.license_number, since: '03/04/2019' }, /since must be a date written YYYY-MM-DD/],
    [{ license_number: row.license_number, since: '2019-02-31' }, /real calendar date/],
    [{ license_number: row.license_number, limit: 51 }, /limit must be a whole number from 1 to 50/],
    [{ license_number: '123' }, /No home with license number 000000123/],
    [{ license_number: row.license_number, sort: 'date' }, /no sort, order or rank argument: results are always neutral\. Newest first\./],
  ] as const) {
    const result = await client.callTool({ name: 'get_state_documents', arguments: args });
    t.true(result.isError);
    t.regex(errorText(result), pattern);
  }
});

test('compare_homes: columns alphabetical by name, the same facts per row, unknown licenses named', async (t) => {
  const ex = await examples();
  const rows = ex.all<{ license_number: string; name: string }>(
    'SELECT license_number, name FROM facilities WHERE listed = 1 ORDER BY sort_key DESC, license_number DESC LIMIT 3',
  );
  const out = await ok(t, 'compare_homes', { license_numbers: rows.map((r) => r.license_number) });
  t.deepEqual(out.columns.map((c: any) => c.license_number), rows.map((r) => r.license_number).reverse());
  for (const row of out.rows) t.is(row.values.length, 3, row.key);
  const dementia = out.rows.find((r: any) => r.key === 'clearances.dementia');
  // Rows read in words, as on the page: a tri-state is "yes" or "not on file" with its source, never a raw value.
  t.deepEqual(dementia.values.map((v: string) => v.split(' (')[0]), out.columns.map((c: any) => (c.clearances.dementia === 'true' ? 'yes' : 'not on file')));
  t.regex(out.honesty.order, /Columns alphabetical/);
  assertNeutral(t, out.honesty);

  await refused(t, 'compare_homes', { license_numbers: [rows[0]!.license_number, '999999998', '999999999'] }, /No home with license number 999999998, 999999999/);
  await refused(t, 'compare_homes', { license_numbers: [rows[0]!.license_number] }, /2 to 10 license numbers/);
  await refused(t, 'compare_homes', { license_numbers: [rows[0]!.license_number, rows[0]!.license_number] }, /1 distinct home/);
  await refused(t, 'compare_homes', { license_numbers: Array.from({ length: 11 }, () => rows[0]!.license_number) }, /at most 10/);
  await refused(t, 'compare_homes', { license_numbers: [rows[0]!.license_number, 'Sunrise Villa'] }, /not a license number/);
});

test('homes_near_hospital: by FACID or name, nearest first; several fits give candidates; no fit is refused', async (t) => {
  const ex = await examples();
  const hospital = ex.one<{ facid: string; name: string; city: string }>('a hospital', "SELECT facid, name, city FROM hospitals WHERE name = 'LIVERMORE COMMUNITY HOSPITAL'");
  const byId = await ok(t, 'homes_near_hospital', { hospital: hospital.facid, radius_km: 50 });
  const byName = await ok(t, 'homes_near_hospital', { hospital: 'livermore community hospital', radius_km: 50 });
  t.is(byId.status, 'matched');
  t.deepEqual(byName.hospital, byId.hospital);
  t.deepEqual(byName.homes, byId.homes);
  t.is(byId.hospital.name, hospital.name);
  t.true(byId.homes.length > 0);
  const distances = byId.homes.map((h: any) => h.distance_km);
  t.deepEqual(distances, [...distances].sort((a: number, b: number) => a - b));
  t.true(distances.every((d: number) => d <= 50));
  assertNeutral(t, byId.honesty);

  const ambiguous = await ok(t, 'homes_near_hospital', { hospital: 'Mercy General Hospital' });
  t.is(ambiguous.status, 'ambiguous');
  t.is(ambiguous.hospital, null);
  t.deepEqual(ambiguous.homes, []);
  t.true(ambiguous.candidates.length > 1);
  const names = ambiguous.candidates.map((c: any) => c.name);
  t.deepEqual(names, [...names].sort());
  const narrowed = await ok(t, 'homes_near_hospital', { hospital: 'Mercy General Hospital, Oakland' });
  t.is(narrowed.status, 'matched');
  t.is(narrowed.hospital.city, 'OAKLAND');
  const misspelt = await ok(t, 'homes_near_hospital', { hospital: 'Livermor Comunity Hospitl' });
  t.is(misspelt.status, 'ambiguous');
  t.true(misspelt.candidates.some((c: any) => c.facid === hospital.facid));

  await refused(t, 'homes_near_hospital', { hospital: 'Qwxyz Zzzz' }, /No hospital .* fits "Qwxyz Zzzz".*FACID/);
  await refused(t, 'homes_near_hospital', { hospital: hospital.facid, radius_km: 51 }, /radius_km must be a number from 0.5 to 50/);
});

test('explain_care_topic: every topic in plain words with links to the guides', async (t) => {
  for (const topic of CARE_TOPICS) {
    const out = await ok(t, 'explain_care_topic', { topic });
    t.is(out.topic, topic);
    t.true(out.summary.length > 40);
    t.true(out.points.length > 0);
    t.true(out.guides.length > 0);
    for (const guide of out.guides) t.is(guide.url, `${BASE_URL}/guides/${guide.slug}`);
    t.regex(out.source, /checked against the state records/);
    for (const text of [out.summary, ...out.points]) t.notRegex(text, /\bno\b.*not_on_file|not_on_file.*means no\b/i);
  }
  await refused(t, 'explain_care_topic', { topic: 'best_homes' }, /topic must be one of: dementia_care, hospice_waiver/);
});

test('search and fetch: ids, titles and page URLs; a page as Markdown with its canonical URL', async (t) => {
  const home = await dementiaHome();
  const ex = await examples();
  const byName = await ok(t, 'search', { query: home.name });
  t.is(byName.results[0].id, home.license_number);
  t.is(byName.results[0].url, `${BASE_URL}/facility/${ex.value('SELECT name_slug FROM facilities WHERE license_number = ?', home.license_number)}-${home.license_number}`);
  t.regex(byName.results[0].title, new RegExp(home.license_number));
  assertNeutral(t, byName.honesty);
  for (const result of byName.results) t.deepEqual(Object.keys(result), ['id', 'title', 'url']);

  const byLicense = await ok(t, 'search', { query: `#${home.license_number}` });
  t.deepEqual(byLicense.results.map((r: any) => r.id), [home.license_number]);

  const place = await ok(t, 'search', { query: `memory care in ${home.city.toLowerCase()}` });
  const expected = ex
    .all<{ license_number: string }>(
      "SELECT license_number FROM facilities WHERE listed = 1 AND city_key = lower(?) AND dementia = 'true' ORDER BY sort_key, license_number",
      home.city,
    )
    .map((r) => r.license_number);
  t.deepEqual(place.results.map((r: any) => r.id), expected.slice(0, 20));

  const fuzzy = await ok(t, 'search', { query: home.name.slice(0, -2) });
  t.true(fuzzy.results.some((r: any) => r.id === home.license_number));
  t.deepEqual((await ok(t, 'search', { query: 'zzzzqqqq' })).results, []);

  const page = await ok(t, 'fetch', { id: home.license_number });
  t.is(page.id, home.license_number);
  t.is(page.url, byName.results[0].url);
  t.notRegex(page.url, /\.md$/);
  t.regex(page.text, /^# /);
  t.true(page.text.includes(home.license_number));
  t.is(page.metadata.markdown_url, `${page.url}.md`);
  t.is((await ok(t, 'fetch', { id: page.url })).id, home.license_number);

  await refused(t, 'fetch', { id: 'not a home' }, /not a home id: send an id from search/);
  await refused(t, 'fetch', { id: '999999999' }, /No home with license number 999999999/);
  await refused(t, 'search', { query: '' }, /query must be text of 1 to 200 characters/);
});
