// The state's Transparency API against a loopback stand-in speaking its real shapes: incremental
// reads keyed on the export's visit dates, a per-run budget and a documents deadline (a first run
// converges over several runs; a host that hangs cannot hold a run), and a polite client
// (Retry-After, User-Agent, at most two requests in flight).
import test from 'ava';
import Database from 'better-sqlite3';
import path from 'node:path';
import { runPipeline } from '../../pipeline/run.ts';
import { formatReport } from '../../pipeline/report.ts';
import { collectStateDocuments, type DocumentHome } from '../../pipeline/documents/collect.ts';
import { DocumentStore } from '../../pipeline/documents/store.ts';
import { createHttpClient } from '../../pipeline/http.ts';
import { readLocation } from '../../pipeline/sources/retrieve.ts';
import { stateSiteDocuments } from '../../pipeline/config.ts';
import { DOCUMENT_STORE_FILE } from '../../contract/document-store.ts';
import { TRANSPARENCY_PATHS as PATHS, type ReportEntry } from './state-server.ts';
import { STATE_ORIGIN, detailJson, indexJson, rosterCsv, serveStateFiles, stateServer, tempSnapshotsDir, testConfig, type DocumentFiles } from './fixtures.ts';

const PAGE = (title: string) => `<html><body><p>${title}</p><table><tr><td>Type B</td><td>Section Cited 87303(a)</td><td>A loose grab bar.</td></tr></table></body></html>`;

function home(license: string, list: ReportEntry[], detail: Record<string, string> = {}): DocumentFiles {
  return {
    detail: detailJson(license, { LASTVISITDATE: list[0]?.date ?? '', VSTDATEALL: list.map((e) => e.date).join(','), ...detail }),
    index: indexJson(license, list),
    reports: Object.fromEntries(list.map((entry, position) => [position, PAGE(`${entry.title} ${entry.date}`)])),
  };
}

const TWO: ReportEntry[] = [
  { date: '05/22/2025', title: 'Annual Inspection', type: 'Inspection' },
  { date: '03/12/2024', title: 'Case Management - Incidents', type: 'Other' },
];
const LICENSES = ['015600001', '015600002', '015600003'];
const roster = rosterCsv(LICENSES.map((license, n) => ({ number: license.replace(/^0/, ''), name: `HOME ${n + 1}`, street: `${n + 1} A ST` })));

/** One collection, as a run makes it: the documents through the HTTP client and the document store in `dir`. */
async function collect(dir: string, homes: DocumentHome[], today: string, options: { detailMaxAgeDays?: number } = {}) {
  const http = createHttpClient({ timeoutMs: 2_000, retries: 1, backoffMs: 5, concurrency: 4, minIntervalMs: 0, userAgent: 'test' });
  const store = new DocumentStore(dir);
  try {
    return await collectStateDocuments({
      homes,
      templates: stateSiteDocuments(STATE_ORIGIN),
      read: (location, deadline) => readLocation(location, { http, rootDir: dir, deadline }),
      store,
      today,
      concurrency: 4,
      ...options,
    });
  } finally {
    store.close();
    await http.close();
  }
}

const indexRequests = () => stateServer.requests().filter((r) => r.path.startsWith('/FacilityReports/')).map((r) => r.path);
const reportRequests = () => stateServer.requests().filter((r) => r.path === '/FacilityReports').map((r) => r.url);

test.serial('an index and its new reports are read only when the export\'s visit dates for the home changed', async (t) => {
  const dir = await tempSnapshotsDir();
  const files = { '015600001': home('015600001', TWO), '015600002': home('015600002', TWO.slice(1)) };
  const visits = { '015600001': '2024-03-12,2025-05-22', '015600002': '2024-03-12' };
  const homes = () => LICENSES.slice(0, 2).map((license) => ({ license, visitDates: visits[license as keyof typeof visits] }));
  serveStateFiles({ roster, documents: files });
  const first = await collect(dir, homes(), '2026-11-20');
  t.like(first.stats, { details_fetched: 2, indexes_fetched: 2, reports_fetched: 3, homes_current: 2, homes_waiting: 0 });

  // The live status changed (the detail's fingerprint too), the visit dates did not: no index is asked.
  serveStateFiles({ roster, documents: { ...files, '015600001': home('015600001', TWO, { STATUS: 'Closed, Licensee Initiated' }) } });
  const second = await collect(dir, homes(), '2026-11-21');
  t.deepEqual(indexRequests(), []);
  t.like(second.stats, { details_fetched: 2, indexes_fetched: 0, indexes_reused: 2, reports_fetched: 0 });
  t.is(second.byLicense.get('015600001')!.detail!.status, 'Closed, Licensee Initiated');
  t.is(second.byLicense.get('015600001')!.reports.length, 2, 'the stored list stands');

  // A new visit at 015600002: its index is read, and the one new report by its position (0).
  const newer: ReportEntry[] = [{ date: '11/18/2026', title: 'Annual Inspection', type: 'Inspection' }, ...TWO.slice(1)];
  serveStateFiles({ roster, documents: { ...files, '015600002': home('015600002', newer) } });
  visits['015600002'] = '2024-03-12,2026-11-18';
  const third = await collect(dir, homes(), '2026-11-22');
  t.deepEqual(indexRequests(), ['/FacilityReports/015600002']);
  t.deepEqual(reportRequests(), ['/FacilityReports?facNum=015600002&inx=0']);
  t.like(third.stats, { indexes_fetched: 1, indexes_reused: 1, reports_fetched: 1, reports_already_stored: 1 });

  // Details younger than detailMaxAgeDays are not read again either; nothing at all is asked.
  serveStateFiles({ roster, documents: files });
  const fourth = await collect(dir, homes(), '2026-11-23', { detailMaxAgeDays: 7 });
  t.deepEqual(stateServer.requests(), []);
  t.like(fourth.stats, { details_fetched: 0, details_reused: 2, indexes_reused: 2, requests: 0, homes_current: 2 });
  t.is(fourth.byLicense.get('015600002')!.detailCheckedOn, '2026-11-22', 'each keeps the date it was last checked');

  // A store written before the visit dates were kept gains the column and reads every index once more.
  const store = new Database(path.join(dir, DOCUMENT_STORE_FILE));
  t.true((store.prepare('PRAGMA table_info(facility_state)').all() as Array<{ name: string }>).some((c) => c.name === 'index_basis'));
  store.close();
});

test.serial('a run within a budget of requests publishes what it has; homes left waiting keep their last good documents and dates, and runs converge', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster, documents: Object.fromEntries(LICENSES.map((license) => [license, home(license, TWO)])) });
  // One license at a time makes the order plain: each needs a detail, an index and two pages (12 in all).
  const config = testConfig({ stateDocuments: { ...stateSiteDocuments(STATE_ORIGIN), concurrency: 1, requestBudget: 5 } });
  const run = (day: string) => runPipeline({ snapshotsDir: dir, config, now: new Date(`${day}T18:00:00Z`) });
  const checked = (file: string) => {
    const db = new Database(file, { readonly: true });
    const rows = db.prepare('SELECT license_number, live_status_checked_on, documents_count FROM facilities ORDER BY license_number').all();
    db.close();
    return rows;
  };

  const first = await run('2026-11-20');
  t.true(first.published);
  t.like(first.report.documents, { requests: 5, stopped_by: 'budget', homes_current: 1, homes_waiting: 2, reports_fetched: 2 });
  t.regex(formatReport(first.report), /homes with current documents: 1; waiting for a later run \(keeping their last good documents and dates\): 2\n  stopped early: the run's budget of document requests was spent/);

  // The next run starts with the home never checked, then the longest unchecked.
  const second = await run('2026-11-21');
  t.like(second.report.documents, { requests: 5, stopped_by: 'budget', homes_current: 2, homes_waiting: 1 });
  t.deepEqual(checked(second.snapshotPath!), [
    { license_number: '015600001', live_status_checked_on: '2026-11-21', documents_count: 2 },
    // Waiting: its detail as last read, with the date it was read; no list yet.
    { license_number: '015600002', live_status_checked_on: '2026-11-20', documents_count: null },
    { license_number: '015600003', live_status_checked_on: '2026-11-21', documents_count: 2 },
  ]);

  await run('2026-11-22');
  const fourth = await run('2026-11-23');
  t.like(fourth.report.documents, { stopped_by: null, homes_current: 3, homes_waiting: 0, requests: 3 });
  t.true(checked(fourth.snapshotPath!).every((row) => (row as { documents_count: number }).documents_count === 2));
});

test.serial('a host that hangs holds the documents only until their deadline: the run publishes, every home waiting', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster });
  stateServer.route(/^\/FacilityDetail\/\d{9}$/, { hang: true });
  // No idle timeout would end these requests within the test: only the documents' deadline can.
  const config = testConfig({
    http: { timeoutMs: 120_000, retries: 2, backoffMs: 5, concurrency: 4, minIntervalMs: 0, userAgent: 'test' },
    stateDocuments: { ...stateSiteDocuments(STATE_ORIGIN), concurrency: 4, deadlineMs: 1_000 },
    deadlines: { sourceMs: 120_000, runMs: 120_000 },
  });
  const result = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-20T18:00:00Z') });
  t.true(result.published);
  t.like(result.report.documents, { stopped_by: 'deadline', homes_current: 0, homes_waiting: 3, details_fetched: 0 });
  t.is(result.report.documents.licenses_with_problems, 0, 'a deadline is not the endpoint\'s failure');
  t.regex(formatReport(result.report), /stopped early: the documents' deadline passed/);
});

test.serial('the client waits the Retry-After a 503 asks for (seconds or a date), names the service and its operator, and asks one host at most two at a time', async (t) => {
  const dir = await tempSnapshotsDir();
  const many = LICENSES.concat(['015600004', '015600005', '015600006']);
  serveStateFiles({ roster: rosterCsv(many.map((license, n) => ({ number: license, name: `HOME ${n + 1}`, street: `${n + 1} A ST` }))) });
  stateServer.route(PATHS.detail('015600001'), { status: 503, headers: { 'retry-after': '1' } }, { body: detailJson('015600001') });
  stateServer.route(PATHS.detail('015600002'), () => ({ status: 503, headers: { 'retry-after': new Date(Date.now() + 3_000).toUTCString() } }), { body: detailJson('015600002') });
  // Slow answers, so that more than two would be in flight if the client allowed it.
  stateServer.route(/^\/FacilityDetail\/\d{9}$/, (request) => ({ delayMs: 100, body: detailJson(request.path.split('/')[2]!) }));
  const config = testConfig({
    http: { timeoutMs: 5_000, retries: 2, backoffMs: 5, concurrency: 8, minIntervalMs: 0, userAgent: 'care-home-read-api pipeline', contact: 'https://care.example/about' },
    stateDocuments: { ...stateSiteDocuments(STATE_ORIGIN), concurrency: 8 },
  });
  const result = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-20T18:00:00Z') });
  t.like(result.report.documents, { details_fetched: 6, homes_current: 6 });

  const [seconds, secondsRetry] = stateServer.requests(PATHS.detail('015600001'));
  t.true(secondsRetry!.at - seconds!.at >= 950, `waited ${secondsRetry!.at - seconds!.at} ms for Retry-After: 1`);
  const [dated, datedRetry] = stateServer.requests(PATHS.detail('015600002'));
  t.true(datedRetry!.at - dated!.at >= 1_900, `waited ${datedRetry!.at - dated!.at} ms for a Retry-After date about 3 s ahead`);

  const agents = new Set(stateServer.requests().map((r) => r.headers['user-agent']));
  t.deepEqual([...agents], ['care-home-read-api pipeline (+https://care.example/about)']);

  // Without the waits: eight licenses at once, slow answers, and still two requests in flight.
  serveStateFiles({ roster: rosterCsv(many.map((license, n) => ({ number: license, name: `HOME ${n + 1}`, street: `${n + 1} A ST` }))) });
  stateServer.route(/^\/FacilityDetail\/\d{9}$/, (request) => ({ delayMs: 100, body: detailJson(request.path.split('/')[2]!) }));
  const busy = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-21T18:00:00Z') });
  t.like(busy.report.documents, { details_fetched: 6 });
  t.is(stateServer.mostInFlight, 2);
});
