// The export's visits, citations and complaint outcomes as every surface serves them: the REST
// detail's state_visits Fact, MCP get_home's state_visits group, the home page and its Markdown
// twin, all dated by the day the record was retrieved from the state (never as a date the state
// wrote), each count with its years, and substantiated never read as a verdict.
import test from 'ava';
import Database from 'better-sqlite3';
import type { Client } from '@modelcontextprotocol/client';
import { SUBSTANTIATED_IN_WORDS } from '../../serve/words/wording.ts';
import { seedSnapshotFile } from '../helpers/snapshot.ts';
import { call } from '../helpers/server.ts';
import { connect, startMcpServer, type McpTestServer } from '../mcp/helpers.ts';

/** Sunnyside Vista: 12 visits since 2020 in the seeds, 3 Type A and 8 Type B citations. */
const LICENSE = '197609747';

let server: McpTestServer;
let client: Client;
let stored: { roster_as_of: string; roster_shape: string; visits: Record<string, unknown> };
test.before(async () => {
  server = await startMcpServer();
  client = await connect(server.mcpUrl, 'modern');
  const db = new Database(await seedSnapshotFile(), { readonly: true });
  stored = {
    roster_as_of: db.prepare("SELECT value FROM metadata WHERE key = 'roster_as_of'").pluck().get() as string,
    roster_shape: db.prepare("SELECT value FROM metadata WHERE key = 'roster_shape'").pluck().get() as string,
    visits: db.prepare('SELECT * FROM state_visits WHERE license_number = ?').get(LICENSE) as Record<string, unknown>,
  };
  db.close();
});
test.after.always(async () => {
  await client?.close();
  await server?.close();
});

test('REST detail carries state_visits as a dated state Fact, and so does the list form (issue 44: one Facility record)', async (t) => {
  const detail = await call(`${server.url}/api/v1/facilities/${LICENSE}`);
  t.is(detail.status, 200);
  const visits = (detail.body as any).data.state_visits;
  t.like(visits, { source_class: 'state', confirmed_on: stored.roster_as_of, ref: 'roster:state_visits' });
  t.like(visits.value, {
    since_year: '2020',
    last_visit_date: '2026-10-12',
    visits: { inspection: 7, complaint: 3, other: 2, total: 12 },
    type_a: { inspection: 3, other: 0, complaint: 0, total: 3 },
    type_b: { inspection: 5, other: 1, complaint: 2, total: 8 },
    allegations: { total: 6, inconclusive: 0, substantiated: 2, unsubstantiated: 3, unfounded: 1 },
  });
  t.is(visits.value.type_a.total, stored.visits.type_a_total);
  t.is(visits.value.complaints.length, 3);
  t.deepEqual((detail.body as any).data.last_state_visit, { value: '2026-10-12', source_class: 'state', confirmed_on: stored.roster_as_of, next_due: null, ref: 'roster:last_visit' });
  const list = await call(`${server.url}/api/v1/facilities?limit=20`);
  const items = (list.body as any).data.facilities as any[];
  t.is(items.length, 20);
  t.true(items.every((item) => 'state_visits' in item && !('state_documents' in item)));
});

test('MCP get_home carries the tallies by visit type and the outcomes, with their years and the day retrieved', async (t) => {
  const result = await client.callTool({ name: 'get_home', arguments: { license_number: LICENSE } });
  t.falsy(result.isError);
  const record = (result.structuredContent as any).home;
  t.deepEqual(record.state_visits, {
    since_year: '2020',
    visits: { inspection: 7, other: 2, complaint: 3, total: 12 },
    type_a: { inspection: 3, other: 0, complaint: 0, total: 3 },
    type_b: { inspection: 5, other: 1, complaint: 2, total: 8 },
    allegations: { total: 6, substantiated: 2, inconclusive: 0, unsubstantiated: 3, unfounded: 1 },
    as_of: stored.roster_as_of,
  });
  t.like(record.state_record, { type_a_citations: 3, type_b_citations: 8, tallies_since_year: '2020', latest_visit_date: '2026-10-12' });
});

test('the home page and its Markdown twin say the counts with their years and the day the record was retrieved, never "as of" a roster date', async (t) => {
  const detail = await call(`${server.url}/api/v1/facilities/${LICENSE}`);
  const page = new URL((detail.body as any).data.links.facility_page).pathname;
  const markdown = await call(`${server.url}${page}.md`);
  t.is(markdown.status, 200);
  const text = markdown.text.replace(/\\/g, '');
  const retrieved = `(retrieved from the state on ${stored.roster_as_of})`;
  t.true(text.includes(`State visits since 2020 ${retrieved}: 12 (7 inspections, 3 complaint investigations, 2 other visits).`), text);
  t.true(text.includes('Citations since 2020: Type A 3 (3 at inspections, 0 at other visits, 0 from complaints); Type B 8 (5 at inspections, 1 at other visits, 2 from complaints).'), text);
  t.true(text.includes(`Complaint allegations since 2020: 6 (2 substantiated, 0 inconclusive, 3 unsubstantiated, 1 unfounded). ${SUBSTANTIATED_IN_WORDS}`), text);
  t.true(text.includes(`Status on the state's record ${retrieved}:`), text);
  t.false(/roster dated|state roster \(as of|on the state roster as of/i.test(text), text);
  const html = await call(`${server.url}${page}`, { headers: { accept: 'text/html' } });
  t.is(html.status, 200);
  const words = html.text.replace(/&#39;|&#x27;|&apos;/g, "'").replace(/\s+/g, ' ');
  t.true(words.includes(`State visits since 2020 ${retrieved}: 12`), words.slice(0, 400));
  t.true(words.includes('not a verdict on the home'));
});

test('a home with no visit on record shows no count, only that no visit is on record and when the record was retrieved', async (t) => {
  const db = new Database(await seedSnapshotFile(), { readonly: true });
  const none = db.prepare("SELECT f.license_number FROM facilities f JOIN state_visits v USING (license_number) WHERE v.total_visits = 0 AND f.listed = 1 ORDER BY 1 LIMIT 1").pluck().get() as string;
  db.close();
  t.truthy(none);
  const detail = await call(`${server.url}/api/v1/facilities/${none}`);
  const page = new URL((detail.body as any).data.links.facility_page).pathname;
  const text = (await call(`${server.url}${page}.md`)).text.replace(/\\/g, '');
  t.true(text.includes(`No state visit is on the state's record (retrieved from the state on ${stored.roster_as_of}).`), text);
  t.false(/Citations since/.test(text));
  t.true(text.includes('Type A and Type B citations: none, with no state visit on record.'));
});

test("a seed run's roster is the export: the snapshot says so, and the front page dates it by the day it was retrieved", async (t) => {
  t.is(stored.roster_shape, 'export');
  const front = await call(`${server.url}/index.md`);
  const words = front.text.replace(/\\/g, '').replace(/\s+/g, ' ');
  t.true(words.includes(`per the state record as retrieved from the state on ${stored.roster_as_of}`), words.slice(0, 600));
  t.false(words.includes('roster dated'));
});
