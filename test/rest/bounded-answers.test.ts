// Answers a broken or hostile upstream cannot blow up (issue 52): a home whose report index lists
// 2,500 reports answers one bounded page at a time (the whole list of any real home in one answer,
// as the spec says), and every answer (JSON, CSV, Atom, Markdown, HTML, errors, MCP) carries
// X-Content-Type-Options: nosniff.
import test from 'ava';
import { MAX_REPORTS_PAGE } from '../../serve/http/input-schemas.ts';
import { publishNewerSnapshot, snapshotDir } from '../helpers/snapshot.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { MODERN, modernRequest } from '../mcp/helpers.ts';

const MANY = 2_500;
let server: TestServer;
let crowded: string;
let seeded: { license: string; count: number };

test.before(async () => {
  const dir = await snapshotDir();
  await publishNewerSnapshot(dir, '2099-01-01', (db) => {
    crowded = (db.prepare('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key LIMIT 1').get() as { license_number: string }).license_number;
    db.prepare('DELETE FROM reports WHERE license_number = ?').run(crowded);
    const insert = db.prepare('INSERT INTO reports (license_number, ref, position, control_number, date, type, title, url) VALUES (?, ?, ?, NULL, ?, ?, ?, NULL)');
    for (let i = 0; i < MANY; i += 1) insert.run(crowded, `doc:${crowded}:${i}`, i, '2025-01-01', 'Other', `Report ${i}`);
    db.prepare('UPDATE facilities SET documents_count = ? WHERE license_number = ?').run(MANY, crowded);
    const row = db.prepare('SELECT license_number, COUNT(*) AS count FROM reports WHERE license_number <> ? GROUP BY license_number ORDER BY count DESC LIMIT 1').get(crowded) as { license_number: string; count: number };
    seeded = { license: row.license_number, count: row.count };
  });
  server = await startServer({ snapshotsDir: dir });
});

test.after.always(() => server?.close());

const getJson = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};

test('a real home\'s reports come whole in one answer, as the spec says; next_offset is null', async (t) => {
  const { status, body } = await getJson(`/api/v1/facilities/${seeded.license}/reports`);
  t.is(status, 200);
  t.is(body.data.reports.length, seeded.count);
  t.like(body.data, { limit: MAX_REPORTS_PAGE, offset: 0, next_offset: null });
});

test('2,500 listed reports answer a page of at most MAX_REPORTS_PAGE; paging with offset reads each once, in order', async (t) => {
  const refs: string[] = [];
  let offset: number | null = 0;
  let pages = 0;
  while (offset !== null) {
    const response = await fetch(`${server.url}/api/v1/facilities/${crowded}/reports${offset ? `?offset=${offset}` : ''}`);
    const text = await response.text();
    t.true(text.length < 200_000, `a page is ${text.length} bytes`);
    const { data } = JSON.parse(text);
    t.true(data.reports.length <= MAX_REPORTS_PAGE);
    t.is(data.total, MANY);
    refs.push(...data.reports.map((report: any) => report.ref));
    offset = data.next_offset;
    pages += 1;
  }
  t.is(pages, Math.ceil(MANY / MAX_REPORTS_PAGE));
  t.deepEqual(refs, Array.from({ length: MANY }, (_, i) => `doc:${crowded}:${i}`));
  const small = await getJson(`/api/v1/facilities/${crowded}/reports?limit=2&offset=${MANY - 1}`);
  t.like(small.body.data, { limit: 2, offset: MANY - 1, next_offset: null });
  t.deepEqual(small.body.data.reports.map((report: any) => report.ref), [`doc:${crowded}:${MANY - 1}`]);
});

test('a limit or offset out of bounds is refused with what is accepted; other parameters still are', async (t) => {
  for (const query of ['limit=0', `limit=${MAX_REPORTS_PAGE + 1}`, 'limit=ten', 'offset=-1', 'offset=20001']) {
    const { status, body } = await getJson(`/api/v1/facilities/${crowded}/reports?${query}`);
    t.is(status, 400, query);
    t.regex(JSON.stringify(body), /must be an integer between/, query);
  }
  t.is((await getJson(`/api/v1/facilities/${crowded}/reports?sort=date`)).status, 400);
});

test('every answer carries X-Content-Type-Options: nosniff: JSON, CSV, Atom, Markdown, HTML, errors and MCP', async (t) => {
  const index = await getJson('/data/index.json');
  const csv = JSON.stringify(index.body).match(/\/data\/[^"]+\.csv/)?.[0];
  t.truthy(csv, 'the downloads list a CSV file');
  const paths = ['/api/v1', `/api/v1/facilities/${crowded}`, `/api/v1/facilities/${crowded}/reports`, '/api/v1/facilities/999999999', '/api/v1/facilities?limit=0', '/changes.atom', '/index.md', '/', '/no/such/page', '/openapi.json', '/data/index.json', csv!];
  for (const path of paths) {
    const response = await fetch(`${server.url}${path}`);
    await response.arrayBuffer();
    t.is(response.headers.get('x-content-type-options'), 'nosniff', `${path} (${response.status} ${response.headers.get('content-type')})`);
  }
  const { body, headers } = modernRequest('tools/list');
  const mcp = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });
  await mcp.arrayBuffer();
  t.is(mcp.status, 200, MODERN);
  t.is(mcp.headers.get('x-content-type-options'), 'nosniff', '/mcp');
});
