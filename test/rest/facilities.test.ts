// The read endpoints against a real server and snapshot: front door, list (filters, order,
// paging, listed statuses), detail, reports, guides, envelope and Cache-Control.
import { MAX_REPORTS_PAGE } from '../../serve/http/input-schemas.ts';
import test from 'ava';
import { licenseStatusMeaning } from '../../contract/facts.ts';
import { CACHE_CONTROL } from '../../serve/http/cache-control.ts';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, call, postJson, startServer, type TestServer } from '../helpers/server.ts';
import { publishNewerSnapshot } from '../helpers/snapshot.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

const get = (path: string, init?: RequestInit) => call(`${server.url}${path}`, init);
const filled = (json: string) => JSON.parse(json.replaceAll('{base_url}', BASE_URL));

function assertEnvelope(t: any, body: any, retrievedOn: string | null, source = 'California Department of Social Services, Community Care Licensing Division') {
  t.is(body.api_version, 'v1');
  // The test snapshot is built from the seeds: state data is marked demo (the editorial guides never are).
  const demo = source.startsWith('California') ? { demo_data: true } : {};
  t.deepEqual(body.attribution, { source, retrieved_on: retrievedOn, terms_url: `${BASE_URL}/terms`, ...demo });
  t.regex(body.generated_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  t.deepEqual(Object.keys(body).sort(), ['api_version', 'attribution', 'data', 'generated_at']);
}

async function listAll(query = ''): Promise<{ licenses: string[]; total: number }> {
  const licenses: string[] = [];
  let total = 0;
  for (let offset = 0; ; offset += 100) {
    const reply = await get(`/api/v1/facilities?limit=100&offset=${offset}${query}`);
    if (reply.status !== 200) throw new Error(reply.text);
    total = reply.body.data.total;
    licenses.push(...reply.body.data.facilities.map((f: any) => f.license_number));
    if (offset + 100 >= total) break;
  }
  return { licenses, total };
}

test('GET /api/v1 is the plain-object front door with the long cache policy', async (t) => {
  const reply = await get('/api/v1');
  t.is(reply.status, 200);
  t.is(reply.headers.get('cache-control'), 'public, s-maxage=3600, stale-while-revalidate=86400');
  t.is(reply.body.api_version, 'v1');
  t.false('data' in reply.body);
  for (const key of ['description', 'endpoints', 'mcp', 'openapi', 'documentation', 'terms', 'attribution', 'ordering']) t.truthy(reply.body[key], key);
  for (const key of ['list', 'facility', 'reports', 'guides', 'batch_check']) t.is(typeof reply.body.endpoints[key], 'string');
  t.is(reply.body.mcp.url, `${BASE_URL}/mcp`);
  t.is(reply.body.openapi, `${BASE_URL}/openapi.json`);
  t.regex(reply.body.ordering, /alphabetical/i);
});

test('the list holds exactly the listed statuses, alphabetical by name then license, paged to the true total', async (t) => {
  const ex = await examples();
  const expected = ex.all<{ license_number: string }>(
    'SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key, license_number',
  ).map((row) => row.license_number);
  const { licenses, total } = await listAll();
  t.is(total, expected.length);
  t.deepEqual(licenses, expected);

  // Listed means LICENSED, LICENSED/PENDING INCREASE or probationary, any capitalization; closed and
  // pending are out, and so is a home the state's live record closed after the roster's date.
  const statuses = ex.all<{ license_number: string; license_status: string | null; closed: number }>('SELECT license_number, license_status, closed FROM facilities');
  const listed = new Set(licenses);
  for (const row of statuses) t.is(listed.has(row.license_number), licenseStatusMeaning(row.license_status).listed && row.closed === 0, `${row.license_status}`);
  t.true(statuses.some((row) => !listed.has(row.license_number) && row.license_status === 'LICENSED'), 'seeds must contain a LICENSED home the live record closed');
  t.true(statuses.some((row) => listed.has(row.license_number) && row.license_status !== row.license_status?.toUpperCase()), 'seeds must contain a listed status not in capitals');
  t.true(statuses.some((row) => listed.has(row.license_number) && licenseStatusMeaning(row.license_status).probation), 'seeds must contain a probationary license');
  t.true(statuses.some((row) => licenseStatusMeaning(row.license_status).closed), 'seeds must contain a closed license');
});

test('list items are the stored records with the base URL filled in and their state_visits, inside the envelope', async (t) => {
  const ex = await examples();
  const reply = await get('/api/v1/facilities?limit=5');
  t.is(reply.status, 200);
  t.is(reply.headers.get('cache-control'), 'public, s-maxage=300, stale-while-revalidate=300');
  t.regex(reply.headers.get('content-type') ?? '', /^application\/json/);
  assertEnvelope(t, reply.body, ex.value('SELECT value FROM metadata WHERE key = ?', 'snapshot_date'));
  const { data } = reply.body;
  t.is(data.limit, 5);
  t.is(data.offset, 0);
  t.is(data.order, 'name_asc');
  t.is(data.facilities.length, Math.min(5, data.total));
  for (const item of data.facilities) {
    // The stored record and its state_visits: the detail record but for state_documents (issue 44).
    const visits = JSON.parse(ex.value('SELECT state_visits_json FROM facilities WHERE license_number = ?', item.license_number));
    t.deepEqual(item, { ...filled(ex.value('SELECT record_json FROM facilities WHERE license_number = ?', item.license_number)), state_visits: visits });
    t.false('state_documents' in item, 'state_documents is detail-only');
  }
  t.false(reply.text.includes('{base_url}'));
  t.is((await get('/api/v1/facilities')).body.data.limit, 50);
});

test('county and city match case-insensitively and exactly', async (t) => {
  const ex = await examples();
  const { county, n } = ex.one<{ county: string; n: number }>(
    'a county with two or more listed homes',
    'SELECT county, COUNT(*) AS n FROM facilities WHERE listed = 1 AND county IS NOT NULL GROUP BY county_key HAVING n >= 2 ORDER BY n DESC',
  );
  const upper = await get(`/api/v1/facilities?limit=100&county=${encodeURIComponent(county.toUpperCase())}`);
  t.is(upper.body.data.total, n);
  t.true(upper.body.data.facilities.every((f: any) => f.address.value.county.toLowerCase() === county.toLowerCase()));
  const partial = await get(`/api/v1/facilities?county=${encodeURIComponent(county.slice(0, -1))}`);
  t.is(partial.body.data.total, ex.value('SELECT COUNT(*) FROM facilities WHERE listed = 1 AND county_key = ?', county.slice(0, -1).toLowerCase()));

  const { city, c } = ex.one<{ city: string; c: number }>(
    'a city with listed homes',
    'SELECT city, COUNT(*) AS c FROM facilities WHERE listed = 1 AND city IS NOT NULL GROUP BY city_key ORDER BY c DESC',
  );
  const lower = await get(`/api/v1/facilities?city=${encodeURIComponent(city.toLowerCase())}`);
  t.is(lower.body.data.total, c);
});

test('needs match only an explicit true clearance; wheelchair is the non-ambulatory clearance; needs are ANDed', async (t) => {
  const ex = await examples();
  const count = (where: string) => ex.value<number>(`SELECT COUNT(*) FROM facilities WHERE listed = 1 AND ${where}`);
  const cases: Array<[string, string]> = [
    ['dementia', "dementia = 'true'"],
    ['hospice', "hospice = 'true'"],
    ['bedridden', "bedridden = 'true'"],
    ['wheelchair', "non_ambulatory = 'true'"],
    ['dementia,wheelchair', "dementia = 'true' AND non_ambulatory = 'true'"],
    ['Dementia, HOSPICE', "dementia = 'true' AND hospice = 'true'"],
  ];
  for (const [needs, where] of cases) {
    const reply = await get(`/api/v1/facilities?limit=100&needs=${encodeURIComponent(needs)}`);
    t.is(reply.status, 200, needs);
    t.is(reply.body.data.total, count(where), needs);
  }
  const dementia = await get('/api/v1/facilities?limit=100&needs=dementia');
  t.true(dementia.body.data.facilities.length > 0, 'seeds must contain a listed home with dementia true');
  t.true(dementia.body.data.facilities.every((f: any) => f.clearances.dementia.value === 'true'));
  const wheelchair = await get('/api/v1/facilities?limit=100&needs=wheelchair');
  t.true(wheelchair.body.data.facilities.every((f: any) => f.clearances.non_ambulatory.value === 'true'));
  t.true(count("dementia = 'not_on_file'") > 0, 'seeds must contain a listed home with dementia not_on_file');
});

test('a filter that matches nothing and an offset past the total both answer 200 with an empty list and the true total', async (t) => {
  const nothing = await get('/api/v1/facilities?county=Nowhere%20County');
  t.is(nothing.status, 200);
  t.deepEqual(nothing.body.data.facilities, []);
  t.is(nothing.body.data.total, 0);

  const all = await get('/api/v1/facilities?limit=1');
  const past = await get('/api/v1/facilities?offset=20000&limit=100');
  t.is(past.status, 200);
  t.deepEqual(past.body.data.facilities, []);
  t.is(past.body.data.total, all.body.data.total);
  t.is(past.body.data.offset, 20000);
});

test('detail: any status, the stored record plus state_documents, zero-padded input, no closed flag added', async (t) => {
  const ex = await examples();
  const closed = ex.one<{ license_number: string; record_json: string; state_documents_json: string; state_visits_json: string }>(
    'a closed license',
    "SELECT license_number, record_json, state_documents_json, state_visits_json FROM facilities WHERE closed = 1",
  );
  const reply = await get(`/api/v1/facilities/${closed.license_number}`);
  t.is(reply.status, 200);
  t.is(reply.headers.get('cache-control'), 'public, s-maxage=300, stale-while-revalidate=300');
  assertEnvelope(t, reply.body, ex.value('SELECT value FROM metadata WHERE key = ?', 'snapshot_date'));
  t.deepEqual(reply.body.data, { ...filled(closed.record_json), state_documents: filled(closed.state_documents_json), state_visits: JSON.parse(closed.state_visits_json) });
  t.regex(reply.body.data.license_status.value, /CLOSED/i);
  t.false('closed' in reply.body.data);

  const padded = ex.one<{ license_number: string }>('a license starting with 0', "SELECT license_number FROM facilities WHERE license_number LIKE '0%'");
  const short = await get(`/api/v1/facilities/${padded.license_number.replace(/^0+/, '')}`);
  t.is(short.status, 200);
  t.is(short.body.data.license_number, padded.license_number);
});

test('detail and reports of an unknown license are 404 with the roster sentence', async (t) => {
  for (const path of ['/api/v1/facilities/000000000', '/api/v1/facilities/not-a-license', '/api/v1/facilities/000000000/reports']) {
    const reply = await get(path);
    t.is(reply.status, 404, path);
    t.is(reply.headers.get('cache-control'), 'no-store');
    t.regex(reply.body.error, /^No home with license number .+ is on the roster/);
    t.deepEqual(Object.keys(reply.body), ['error']);
  }
});

test('reports: newest first, the whole list, stable doc refs, state_record_url', async (t) => {
  const ex = await examples();
  const { license_number } = ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1');
  // The reports this test reads are its own: written into a newer snapshot the way the pipeline stores them.
  const stored = [
    { ref: 'doc:5003', position: 0, control_number: null, date: '2025-09-12', type: 'Inspection', title: 'Annual inspection' },
    { ref: 'doc:4001', position: 1, control_number: '31-AS-20240601', date: '2024-06-03', type: 'Complaint', title: 'Complaint investigation' },
    { ref: 'doc:3999', position: 2, control_number: null, date: null, type: null, title: null },
  ];
  const own = await startServer();
  t.teardown(() => own.close());
  await publishNewerSnapshot(own.dir, '2099-01-01', (db) => {
    db.prepare('DELETE FROM reports WHERE license_number = ?').run(license_number);
    const insert = db.prepare(
      'INSERT INTO reports (license_number, ref, position, control_number, date, type, title, url) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
    );
    // Inserted out of order: the position decides.
    for (const report of [stored[1]!, stored[2]!, stored[0]!]) {
      insert.run(license_number, report.ref, report.position, report.control_number, report.date, report.type, report.title);
    }
  });
  await own.app.services.snapshots.refresh();

  const reply = await call(`${own.url}/api/v1/facilities/${license_number}/reports`);
  t.is(reply.status, 200);
  t.is(reply.headers.get('cache-control'), 'public, s-maxage=3600, stale-while-revalidate=86400');
  assertEnvelope(t, reply.body, '2099-01-01');
  t.deepEqual(reply.body.data, {
    license_number,
    state_record_url: ex.value('SELECT state_record_url FROM facilities WHERE license_number = ?', license_number),
    reports: stored.map(({ position: _position, ...report }) => ({
      ref: report.ref,
      control_number: report.control_number,
      source_class: 'state',
      date: report.date,
      type: report.type,
      title: report.title,
      url: null,
    })),
    total: 3,
    // The whole list in one answer (paging applies only past MAX_REPORTS_PAGE or with a limit: issue 52).
    limit: MAX_REPORTS_PAGE,
    offset: 0,
    next_offset: null,
  });
  t.deepEqual(Object.keys(reply.body.data.reports[0]), ['ref', 'control_number', 'source_class', 'date', 'type', 'title', 'url']);

  const quiet = ex.one<{ license_number: string }>(
    'a license without reports',
    'SELECT license_number FROM facilities WHERE license_number NOT IN (SELECT license_number FROM reports)',
  );
  const none = await get(`/api/v1/facilities/${quiet.license_number}/reports`);
  t.is(none.status, 200);
  t.deepEqual(none.body.data.reports, []);
  t.is(none.body.data.total, 0);
});

test('guides: the whole list, editorial attribution dated by review', async (t) => {
  const reply = await get('/api/v1/guides');
  t.is(reply.status, 200);
  t.is(reply.headers.get('cache-control'), 'public, s-maxage=3600, stale-while-revalidate=86400');
  const { guides, total } = reply.body.data;
  t.true(total >= 5);
  t.is(guides.length, total);
  const newestReview = guides.map((g: any) => g.reviewed_on).sort().at(-1);
  assertEnvelope(t, reply.body, newestReview, 'Covelight (checked against the state records)');
  for (const guide of guides) {
    t.is(guide.url, `${BASE_URL}/guides/${guide.slug}`);
    t.regex(guide.published_on, /^\d{4}-\d{2}-\d{2}$/);
    t.regex(guide.reviewed_on, /^\d{4}-\d{2}-\d{2}$/);
  }
  const slugs = guides.map((g: any) => g.slug).join(' ');
  for (const topic of ['choosing', 'care-approvals', 'report', 'waiver', 'paying']) t.true(slugs.includes(topic), topic);
});

test('Cache-Control is exactly the spec table on every endpoint; the REST API sends no CORS headers', async (t) => {
  const ex = await examples();
  const license = ex.one<{ license_number: string }>('a license', 'SELECT license_number FROM facilities').license_number;
  const origin = { headers: { origin: 'https://elsewhere.example' } };
  const cases: Array<[string, Promise<Awaited<ReturnType<typeof get>>>, string]> = [
    ['front door', get('/api/v1', origin), CACHE_CONTROL.frontDoor],
    ['list', get('/api/v1/facilities', origin), CACHE_CONTROL.facilities],
    ['detail', get(`/api/v1/facilities/${license}`, origin), CACHE_CONTROL.facility],
    ['reports', get(`/api/v1/facilities/${license}/reports`, origin), CACHE_CONTROL.reports],
    ['guides', get('/api/v1/guides', origin), CACHE_CONTROL.guides],
    ['check', postJson(`${server.url}/api/v1/check`, { homes: [license] }, { origin: 'https://elsewhere.example' }), 'no-store'],
    ['error', get('/api/v1/facilities?limit=0', origin), 'no-store'],
    ['preflight', get('/api/v1/facilities', { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' } }), 'no-store'],
  ];
  t.deepEqual(CACHE_CONTROL, {
    frontDoor: 'public, s-maxage=3600, stale-while-revalidate=86400',
    facilities: 'public, s-maxage=300, stale-while-revalidate=300',
    facility: 'public, s-maxage=300, stale-while-revalidate=300',
    reports: 'public, s-maxage=3600, stale-while-revalidate=86400',
    guides: 'public, s-maxage=3600, stale-while-revalidate=86400',
    check: 'no-store',
  });
  for (const [name, pending, expected] of cases) {
    const reply = await pending;
    t.is(reply.headers.get('cache-control'), expected, name);
    const cors = [...reply.headers.keys()].filter((key) => key.startsWith('access-control-'));
    t.deepEqual(cors, [], name);
  }
});

test('HEAD answers like GET without a body', async (t) => {
  const response = await fetch(`${server.url}/api/v1/facilities`, { method: 'HEAD' });
  t.is(response.status, 200);
  t.is(response.headers.get('cache-control'), CACHE_CONTROL.facilities);
  t.is(await response.text(), '');
});

test('health names the snapshot being served and is never cached', async (t) => {
  const ex = await examples();
  const reply = await get('/healthz');
  t.is(reply.status, 200);
  t.is(reply.headers.get('cache-control'), 'no-store');
  t.is(reply.body.status, 'ok');
  t.regex(reply.body.snapshot.file, /^[a-z0-9_-]+-\d{4}-\d{2}-\d{2}(\.\d+)?\.sqlite$/);
  t.is(reply.body.snapshot.run_id, ex.value('SELECT value FROM metadata WHERE key = ?', 'run_id'));
  t.is(reply.body.snapshot.snapshot_date, ex.value('SELECT value FROM metadata WHERE key = ?', 'snapshot_date'));
});
