// GET /api/v1/changes and GET /api/v1/facilities/{license}/history over snapshots whose change
// log the pipeline's own code wrote: filters, order, refused sort, unknown values, 404, caching.
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import { CHANGES_ORDER } from '../../serve/records/changes.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { CACHE_CONTROL } from '../../serve/http/cache-control.ts';
import { CHANGES_ORDER as CHANGES_ORDER_SENTENCE } from '../../serve/shape/changes.ts';
import { noSortParameterIn } from '../../serve/words/wording.ts';
import { serveChangedHomes } from '../helpers/changes.ts';
import { BASE_URL, call } from '../helpers/server.ts';

const served = serveChangedHomes(test);

const get = (path: string) => call(`${served.server.url}${path}`);
const summary = (changes: any[]) => changes.map((c) => [c.run.snapshot_date, c.license_number, c.change, c.field]);

test('the list is newest run first, then alphabetical, with values verbatim, dates and links', async (t) => {
  const reply = await get('/api/v1/changes');
  t.is(reply.status, 200);
  t.is(reply.headers.get('cache-control'), CACHE_CONTROL.facilities);
  t.is(reply.body.api_version, 'v1');
  // Built from the seeds, so the attribution says the homes are demo data.
  t.deepEqual(reply.body.attribution, { source: 'California Department of Social Services, Community Care Licensing Division', retrieved_on: '2030-02-05', terms_url: `${BASE_URL}/terms`, demo_data: true });
  const { changes, total, order } = reply.body.data;
  t.is(order, 'run_desc_name_asc');
  t.is(total, 5);
  const [a, b, c, d] = served.fixture.homes;
  const byName = (rows: any[]) => [...rows].sort((x, y) => (x.sort_key < y.sort_key ? -1 : x.sort_key > y.sort_key ? 1 : x.license_number.localeCompare(y.license_number)));
  const second = byName([a, b]).map((h) => [h.license_number, h.license_number === a!.license_number ? 'licensee' : 'phone']);
  const first = byName([a, c, d]).map((h) => [h.license_number, h === a ? 'licensee' : h === c ? null : 'capacity']);
  t.deepEqual(
    summary(changes),
    [
      ...second.map(([license, field]) => ['2030-02-05', license, 'changed', field]),
      ...first.map(([license, field]) => ['2030-01-05', license, field === null ? 'removed' : 'changed', field]),
    ],
  );
  const holder = changes.find((x: any) => x.field === 'licensee' && x.run.snapshot_date === '2030-02-05');
  t.like(holder, { old_value: 'FIRST NEW HOLDER LLC', new_value: 'SECOND NEW HOLDER LLC', old_source_date: '2030-01-05', new_source_date: '2030-02-05', observed_on: '2030-02-05' });
  t.is(holder.links.history, `${BASE_URL}/api/v1/facilities/${a!.license_number}/history`);
  t.true(holder.links.facility_page.startsWith(`${BASE_URL}/facility/`) && holder.links.facility_page.endsWith(`-${a!.license_number}`));
  const removed = changes.find((x: any) => x.change === 'removed');
  t.is(removed.links.facility_page, null);
  t.is(removed.old_value.license_number, c!.license_number, 'the removed license keeps its last record');
  t.false(JSON.stringify(removed).includes('{base_url}'));
});

test('filters: since, kind, field, county, city, limit and offset', async (t) => {
  const data = async (query: string) => (await get(`/api/v1/changes?${query}`)).body.data;
  t.deepEqual((await data('since=2030-02-01')).changes.map((c: any) => c.run.snapshot_date), ['2030-02-05', '2030-02-05']);
  t.is((await data('since=2030-03-01')).total, 0);
  t.deepEqual((await data('kind=removed')).changes.map((c: any) => c.license_number), [served.fixture.homes[2]!.license_number]);
  t.deepEqual((await data('field=licensee')).changes.map((c: any) => c.new_value), ['SECOND NEW HOLDER LLC', 'FIRST NEW HOLDER LLC']);
  const county = await data(`county=${encodeURIComponent(served.fixture.homes[0]!.county.toLowerCase())}`);
  t.is(county.total, 4);
  t.false(county.changes.some((c: any) => c.license_number === served.fixture.homes[3]!.license_number));
  t.is((await data('city=Nowhere%20At%20All')).total, 0);
  const all = (await data('limit=100')).changes;
  const paged = await data('limit=2&offset=1');
  t.deepEqual(summary(paged.changes), summary(all.slice(1, 3)));
  t.is(paged.total, 5);
});

test('sort, order and rank are refused; unknown parameters and values get the 400 shape', async (t) => {
  for (const query of ['sort=name', 'order=desc', 'rank=1']) {
    const reply = await get(`/api/v1/changes?${query}`);
    t.is(reply.status, 400);
    // The refusal names the feed's own order (newest run first), not the lists' alphabetical one.
    t.deepEqual(reply.body, { error: noSortParameterIn(CHANGES_ORDER_SENTENCE) });
    t.regex(reply.body.error, /^There is no sort parameter: .*Newest run first/);
    t.is(reply.headers.get('cache-control'), 'no-store');
  }
  const bad: Array<[string, RegExp]> = [
    ['kind=closed', /Accepted kinds: added, removed, changed/],
    ['field=rating', /Accepted fields: .*licensee/],
    ['since=2030-13-01', /since must be a date written YYYY-MM-DD/],
    ['since=yesterday', /since must be a date/],
    ['limit=101', /limit must be an integer between 1 and 100/],
    ['kind=added&kind=removed', /^kind must be given once, as a known kind\. Accepted kinds/],
    ['field=licensee&field=capacity', /^field must be given once, as a record field\. Accepted fields/],
    ['since=2030-01-01&since=2030-02-01', /^since must be a date written YYYY-MM-DD, e\.g\. 2026-11-01, given once$/],
    ['color=blue', /Unknown query parameter "color"\. Accepted: since, county, city, kind, field, limit, offset\./],
  ];
  for (const [query, message] of bad) {
    const reply = await get(`/api/v1/changes?${query}`);
    t.is(reply.status, 400, query);
    t.deepEqual(Object.keys(reply.body), ['error']);
    t.regex(reply.body.error, message, query);
  }
});

test("a home's history is its whole log, newest first; 404 as for the detail", async (t) => {
  const [a, , c] = served.fixture.homes;
  const history = await get(`/api/v1/facilities/${a!.license_number}/history`);
  t.is(history.status, 200);
  t.is(history.headers.get('cache-control'), CACHE_CONTROL.facility);
  t.deepEqual(history.body.data.changes.map((x: any) => [x.run.snapshot_date, x.new_value]), [['2030-02-05', 'SECOND NEW HOLDER LLC'], ['2030-01-05', 'FIRST NEW HOLDER LLC']]);
  t.is(history.body.data.total, 2);
  const removed = await get(`/api/v1/facilities/${c!.license_number}/history`);
  t.is(removed.status, 200, 'a removed license keeps its history');
  t.deepEqual(removed.body.data.changes.map((x: any) => x.change), ['removed']);
  const none = await get(`/api/v1/facilities/${served.fixture.quiet}/history`);
  t.is(none.status, 200);
  t.deepEqual(none.body.data.changes, []);
  const missing = await get('/api/v1/facilities/000000000/history');
  const detail = await get('/api/v1/facilities/000000000');
  t.is(missing.status, 404);
  t.deepEqual(missing.body, detail.body);
  t.is((await get(`/api/v1/facilities/${a!.license_number}/history?sort=date`)).status, 400);
});

test('both endpoints are in the OpenAPI document and real answers validate against it', async (t) => {
  const doc = (await get('/openapi.json')).body;
  t.deepEqual(doc.paths['/api/v1/changes'].get.parameters.map((p: any) => p.name), ['since', 'county', 'city', 'kind', 'field', 'limit', 'offset']);
  const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
  const cases: Array<[string, string]> = [
    ['/api/v1/changes', '/api/v1/changes?limit=100'],
    ['/api/v1/changes', '/api/v1/changes?kind=bogus'],
    ['/api/v1/facilities/{license}/history', `/api/v1/facilities/${served.fixture.homes[0]!.license_number}/history`],
    ['/api/v1/facilities/{license}/history', '/api/v1/facilities/000000000/history'],
  ];
  for (const [route, url] of cases) {
    const reply = await get(url);
    const pointer = `openapi.json#/paths/${route.replace(/\//g, '~1')}/get/responses/${reply.status}/content/application~1json/schema`;
    const validate = ajv.getSchema(pointer);
    t.truthy(validate, `${url} documents ${reply.status}`);
    t.true(validate!(reply.body), `${url}: ${ajv.errorsText(validate!.errors)}`);
  }
});

test('a page of the log, whole or within a county or city, is read off its order index, never by sorting or walking the whole log', (t) => {
  const file = served.server.app.services.snapshots.current.file;
  const db = new Database(path.join(served.fixture.dir, file), { readonly: true });
  t.teardown(() => db.close());
  const plan = (db.prepare(`EXPLAIN QUERY PLAN SELECT * FROM change_log c ${CHANGES_ORDER} LIMIT 50`).all() as Array<{ detail: string }>).map((row) => row.detail);
  t.true(plan.some((detail) => detail.includes('change_log_order')), plan.join('; '));
  t.false(plan.some((detail) => detail.includes('TEMP B-TREE')), plan.join('; '));
  // A place filter reads that place's changes in order: neither a walk of the whole log nor a sort.
  for (const [column, index] of [['county_key', 'change_log_county_order'], ['city_key', 'change_log_city_order']] as const) {
    const sql = `SELECT * FROM change_log c WHERE c.${column} = ? ${CHANGES_ORDER} LIMIT 50`;
    const placePlan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('x') as Array<{ detail: string }>).map((row) => row.detail);
    t.true(placePlan.some((detail) => detail.includes(index)), placePlan.join('; '));
    t.false(placePlan.some((detail) => detail.includes('TEMP B-TREE')), placePlan.join('; '));
    const count = (db.prepare(`EXPLAIN QUERY PLAN SELECT COUNT(*) FROM change_log c WHERE c.${column} = ?`).all('x') as Array<{ detail: string }>).map((row) => row.detail);
    t.true(count.some((detail) => detail.includes(index)), count.join('; '));
  }
});
