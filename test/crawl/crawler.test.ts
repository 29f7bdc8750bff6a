// The crawler against a loopback stand-in of the state's site in its real shapes: a run publishes
// every export home without asking the per-facility host anything (slow or dead), the crawler
// reads in the issues' order (every listed home's detail and index before any report page: new
// visits, never read, re-checks; then this and last year's pages, older years', not listed last)
// with at most two requests in flight, a dead host pauses it with a few trial requests, it honours
// Retry-After, its counts are the store's across a restart, a lost index does not ask the detail
// again, and the next run publishes what it read.
import test from 'ava';
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { runPipeline } from '../../pipeline/run.ts';
import { formatReport } from '../../pipeline/report.ts';
import { crawl } from '../../crawl/crawler.ts';
import { CRAWL_STATUS_FILE, crawlStatusLine, readCrawlStatus, type CrawlStatus } from '../../contract/crawl-status.ts';
import { stateSiteDocuments, type PipelineConfig } from '../../pipeline/config.ts';
import { TRANSPARENCY_PATHS as PATHS, type ReportEntry } from '../pipeline/state-server.ts';
import { STATE_ORIGIN, detailJson, facilities, indexJson, serveStateFiles, stateServer, tempSnapshotsDir, testConfig, type DocumentFiles } from '../pipeline/fixtures.ts';
import { exportCsv, type ExportHome } from './export.ts';

const NOW = new Date('2026-11-27T18:00:00Z');
const PAGE = (title: string) => `<html><body><p>${title}</p><table><tr><td>Type B</td><td>Section Cited 87303(a)</td><td>A loose grab bar.</td></tr></table></body></html>`;

function documentsOf(license: string, entries: ReportEntry[], detail: Record<string, string> = {}): DocumentFiles {
  return {
    detail: detailJson(license, { LASTVISITDATE: entries[0]?.date ?? '', ...detail }),
    index: indexJson(license, entries),
    reports: Object.fromEntries(entries.map((entry, position) => [position, PAGE(`${entry.title} ${entry.date}`)])),
  };
}

/** Every per-facility answer slowed, so that more than two would be in flight if the crawler allowed it. */
function slowDocuments(delayMs: number): void {
  stateServer.route(/^\/FacilityDetail\/\d{9}$/, (request) => ({ delayMs, body: detailJson(request.path.split('/')[2]!) }));
}

const perFacility = () => stateServer.requests().filter((r) => r.path.startsWith('/Facility'));
const licenseOf = (url: string) => /(\d{9})/.exec(url)?.[1] ?? '';

function crawlConfig(overrides: Partial<PipelineConfig> = {}): PipelineConfig {
  return testConfig({
    http: { timeoutMs: 2_000, retries: 2, backoffMs: 5, concurrency: 8, minIntervalMs: 0, userAgent: 'care-home-read-api crawler', contact: 'mailto:ops@care.example' },
    stateDocuments: { ...stateSiteDocuments(STATE_ORIGIN), concurrency: 4, detailMaxAgeDays: 3 },
    ...overrides,
  });
}

test.serial.afterEach(() => stateServer.reset());

for (const [label, reply] of [
  ['answers in 1.5 s', { delayMs: 1_500, body: detailJson('015600001') }],
  ['resets every connection', { reset: true as const }],
] as const) {
  test.serial(`a state run publishes every export home at once when the per-facility host ${label}: it asks that host nothing`, async (t) => {
    const dir = await tempSnapshotsDir();
    const homes: ExportHome[] = Array.from({ length: 1_200 }, (_, n) => ({ license: `0156${String(n + 1).padStart(5, '0')}`, name: `HOME ${n + 1}`, visits: n % 3 ? ['10/01/2026'] : [] }));
    serveStateFiles({ roster: exportCsv(homes) });
    stateServer.route(/^\/FacilityDetail\/\d{9}$/, reply);
    stateServer.route(/^\/FacilityReports\/\d{9}$/, reply);
    const result = await runPipeline({ snapshotsDir: dir, config: crawlConfig(), now: NOW });
    t.true(result.published);
    t.is(result.report.licenses.total, 1_200);
    t.deepEqual(perFacility(), [], 'no detail, index or report page is asked by a run');
    t.like(result.report.documents, { source: 'stored', homes_with_documents: 0, crawler: null });
    t.regex(formatReport(result.report), /this run asked the state's site nothing[\s\S]*no crawler has run yet: start `npm run crawl/);
  });
}

test.serial('the crawler reads every listed home\'s detail and index first (newest visit first), then report pages newest first, older years\' after, homes not listed last, two requests at a time; the next run publishes it', async (t) => {
  const dir = await tempSnapshotsDir();
  const homes: ExportHome[] = [
    { license: '015600001', name: 'OLDER VISIT HOME', visits: ['10/01/2026', '03/02/2023'] },
    { license: '015600002', name: 'NEWEST VISIT HOME', visits: ['11/10/2026'] },
    { license: '015600003', name: 'NO VISIT HOME' },
    { license: '015600011', name: 'CLOSED WITH VISIT', status: 'CLOSED', visits: ['01/05/2025'] },
    { license: '015600012', name: 'CLOSED NO VISIT', status: 'CLOSED' },
  ];
  const documents = {
    '015600001': documentsOf('015600001', [{ date: '10/01/2026', title: 'Annual Inspection', type: 'Inspection' }, { date: '03/02/2023', title: 'Annual Inspection', type: 'Inspection' }]),
    '015600002': documentsOf('015600002', [{ date: '11/10/2026', title: 'Annual Inspection', type: 'Inspection' }]),
    '015600011': documentsOf('015600011', [{ date: '01/05/2025', title: 'Annual Inspection', type: 'Inspection' }], { STATUS: 'Closed, Licensee Initiated' }),
    // The export and the live record agree: a live status saying otherwise would be re-checked first.
    '015600012': documentsOf('015600012', [], { STATUS: 'Closed, Licensee Initiated' }),
  };
  serveStateFiles({ roster: exportCsv(homes), documents });
  const config = crawlConfig();
  t.true((await runPipeline({ snapshotsDir: dir, config, now: NOW })).published);

  const summary = await crawl({ snapshotsDir: dir, config, profile: 'custom', untilCurrent: true, idleMs: 0, now: () => NOW });
  t.deepEqual(
    summary.order.map(({ license, tier }) => `${tier} ${license}`),
    ['never_read 015600002', 'never_read 015600001', 'never_read 015600003', 'recent_reports 015600002', 'recent_reports 015600001', 'older_reports 015600001', 'not_listed 015600011', 'not_listed 015600012'],
  );
  const requests = perFacility();
  // Every listed home's live status and list of reports before any report page.
  const listedHomes = ['015600001', '015600002', '015600003'];
  const firstPage = requests.findIndex((r) => r.path === '/FacilityReports');
  t.deepEqual(requests.slice(0, firstPage).map((r) => r.url).sort(), listedHomes.flatMap((license) => [PATHS.detail(license), PATHS.index(license)]).sort());
  t.deepEqual(requests.slice(firstPage, firstPage + 2).map((r) => r.url), [PATHS.report('015600002', 0), PATHS.report('015600001', 0)], 'pages newest first');
  const lastListed = Math.max(...requests.flatMap((r, i) => (['015600001', '015600002', '015600003'].includes(licenseOf(r.url)) ? [i] : [])));
  const firstClosed = requests.findIndex((r) => licenseOf(r.url).startsWith('01560001'));
  t.true(firstClosed > lastListed, 'homes not listed are read after every listed home');
  // The 2023 page waits for its own pass: the 2026 page is asked with the index, the 2023 one after the other homes.
  const pages = requests.filter((r) => r.path === '/FacilityReports').map((r) => r.url);
  t.deepEqual(pages.filter((url) => url.includes('015600001')), ['/FacilityReports?facNum=015600001&inx=0', '/FacilityReports?facNum=015600001&inx=1']);
  t.true(requests.findIndex((r) => r.url.endsWith('015600001&inx=1')) > requests.findIndex((r) => r.url === PATHS.detail('015600003')));
  t.true(stateServer.mostInFlight <= 2);
  t.deepEqual([...new Set(requests.map((r) => r.headers['user-agent']))], ['care-home-read-api crawler (+mailto:ops@care.example)']);
  t.like(summary.status, { state: 'stopped', listed: { current: 3, waiting: 0, never_read: 0 }, not_listed: { current: 2, waiting: 0, never_read: 0 } });
  t.truthy(summary.status.last_read.report);

  // The next run publishes what the crawler stored, each fact with its own date.
  const next = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-28T18:00:00Z') });
  t.true(next.published);
  const { rows } = facilities(next.snapshotPath!);
  const live = Object.fromEntries(rows.map((row) => [row.license_number, [row.license_status_live, row.documents_count]]));
  t.deepEqual(live, {
    '015600001': ['Licensed', 2],
    '015600002': ['Licensed', 1],
    '015600003': ['Licensed', 0],
    '015600011': ['Closed, Licensee Initiated', 1],
    '015600012': ['Closed, Licensee Initiated', 0],
  });
  t.like(next.report.documents, { source: 'stored', homes_with_documents: 5 });
  t.regex(formatReport(next.report), /crawler stopped at .*; listed homes: 3 current, 0 waiting, 0 never read; not listed: 2 current/);
  // The first reading of the per-facility record is not a change of the home.
  const log = new Database(next.snapshotPath!, { readonly: true });
  t.deepEqual(log.prepare("SELECT DISTINCT field FROM change_log WHERE field IN ('license_status_live', 'state_documents')").pluck().all(), []);
  log.close();

  // A home whose export gains a visit is read first on the next crawl, before any re-check.
  homes[2] = { ...homes[2]!, visits: ['11/20/2026'] };
  serveStateFiles({ roster: exportCsv(homes), documents: { ...documents, '015600003': documentsOf('015600003', [{ date: '11/20/2026', title: 'Annual Inspection', type: 'Inspection' }]) } });
  const later = new Date('2026-12-05T18:00:00Z');
  t.true((await runPipeline({ snapshotsDir: dir, config, now: later })).published);
  const again = await crawl({ snapshotsDir: dir, config, profile: 'custom', untilCurrent: true, idleMs: 0, now: () => later });
  t.deepEqual(again.order[0], { license: '015600003', tier: 'new_visits' });
  t.deepEqual(perFacility().slice(0, 2).map((r) => r.url), [PATHS.detail('015600003'), PATHS.index('015600003')]);
  // Then the live-status re-checks, then the new visit's page.
  t.deepEqual(again.order.slice(1).map((job) => `${job.tier} ${job.license}`), ['recheck 015600001', 'recheck 015600002', 'recent_reports 015600003']);
  t.is(perFacility().at(-1)!.url, PATHS.report('015600003', 0));
});

test.serial('never more than two requests in flight to the state\'s host, however many homes are worked on at once', async (t) => {
  const dir = await tempSnapshotsDir();
  const homes = Array.from({ length: 12 }, (_, n) => ({ license: `0156000${String(n + 1).padStart(2, '0')}`, name: `HOME ${n + 1}` }));
  serveStateFiles({ roster: exportCsv(homes) });
  slowDocuments(60);
  const config = crawlConfig({ stateDocuments: { ...stateSiteDocuments(STATE_ORIGIN), concurrency: 12 } });
  t.true((await runPipeline({ snapshotsDir: dir, config, now: NOW })).published);
  const summary = await crawl({ snapshotsDir: dir, config, profile: 'custom', untilCurrent: true, idleMs: 0, now: () => NOW});
  t.is(summary.details, 12);
  t.is(stateServer.mostInFlight, 2);
});

test.serial('a dead host pauses the crawl after a few failures: a trial request now and then, "state site unreachable since" in the log and status, and it resumes when the host answers', async (t) => {
  const dir = await tempSnapshotsDir();
  const homes = Array.from({ length: 30 }, (_, n) => ({ license: `0156000${String(n + 1).padStart(2, '0')}`, name: `HOME ${n + 1}` }));
  serveStateFiles({ roster: exportCsv(homes) });
  const config = crawlConfig({
    http: { timeoutMs: 500, retries: 2, backoffMs: 5, concurrency: 8, minIntervalMs: 0, userAgent: 'test', contact: 'https://care.example/contact' },
    stateDocuments: { ...stateSiteDocuments(STATE_ORIGIN), concurrency: 4, detailMaxAgeDays: 3, crawl: { pauseAfterFailures: 3, pauseFirstMs: 800, pauseMaxMs: 5_000 } },
  });
  t.true((await runPipeline({ snapshotsDir: dir, config, now: NOW })).published);
  stateServer.route(/^\/FacilityDetail\/\d{9}$/, { reset: true });
  stateServer.route(/^\/FacilityReports\/\d{9}$/, { reset: true });
  const lines: string[] = [];
  let whilePaused: CrawlStatus | null = null;
  let deadRequests = 0;
  setTimeout(() => {
    whilePaused = readCrawlStatus(dir);
    deadRequests = perFacility().length;
    // The host comes back: the next trial request succeeds and the crawl goes on.
    serveStateFiles({ roster: exportCsv(homes) });
  }, 2_000);
  const summary = await crawl({ snapshotsDir: dir, config, profile: 'custom', forMs: 4_500, idleMs: 100, log: (line) => lines.push(line) });

  // Three failures open the breaker; then one trial after 0.8 s: a handful of requests in 2 s, not one per home.
  t.true(deadRequests >= 3 && deadRequests <= 6, `${deadRequests} requests to a dead host in 2 s`);
  t.is(whilePaused!.state, 'paused');
  t.truthy(whilePaused!.unreachable_since);
  t.regex(crawlStatusLine(whilePaused!, new Date()), /^crawler paused: state site unreachable since \d{4}-\d\d-\d\dT[^,]+, next try \d{4}-[^ ]+ \((UND_ERR_SOCKET|ECONNRESET): [^)]+\); listed homes: 0 current, 0 waiting, 30 never read$/);
  t.true(lines.some((line) => /state site unreachable since .*: paused, one request again at/.test(line)));
  t.true(lines.some((line) => /state site answers again/.test(line)), lines.join("\n"));
  t.true(summary.details > 0, 'read once the host answered');
  // No home was charged with the host's outage.
  t.deepEqual(summary.problems, []);
  const status = JSON.parse(readFileSync(path.join(dir, CRAWL_STATUS_FILE), 'utf8')) as CrawlStatus;
  t.is(status.unreachable_since, null);
});

test.serial('the crawler waits the Retry-After a 503 or 429 asks for (seconds or a date) before asking the host again', async (t) => {
  const dir = await tempSnapshotsDir();
  const homes = [{ license: '015600001', name: 'ONE' }, { license: '015600002', name: 'TWO' }];
  serveStateFiles({ roster: exportCsv(homes) });
  const config = crawlConfig();
  t.true((await runPipeline({ snapshotsDir: dir, config, now: NOW })).published);
  stateServer.route(PATHS.detail('015600001'), { status: 503, headers: { 'retry-after': '1' } }, { body: detailJson('015600001') });
  stateServer.route(PATHS.detail('015600002'), () => ({ status: 429, headers: { 'retry-after': new Date(Date.now() + 3_000).toUTCString() } }), { body: detailJson('015600002') });
  const summary = await crawl({ snapshotsDir: dir, config, profile: 'custom', untilCurrent: true, idleMs: 0, now: () => NOW });
  t.is(summary.details, 2);
  const [seconds, secondsRetry] = stateServer.requests(PATHS.detail('015600001'));
  t.true(secondsRetry!.at - seconds!.at >= 950, `waited ${secondsRetry!.at - seconds!.at} ms for Retry-After: 1`);
  const [dated, datedRetry] = stateServer.requests(PATHS.detail('015600002'));
  t.true(datedRetry!.at - dated!.at >= 1_900, `waited ${datedRetry!.at - dated!.at} ms for a Retry-After date about 3 s ahead`);
  t.deepEqual(summary.problems, []);
});

test.serial('the fresher status decides closure by time: an export with no Last-Modified and a live record read closed hours later the same day close the home; a new export whose row for that home is unchanged does not reopen it, one whose row changed after the check does', async (t) => {
  const dir = await tempSnapshotsDir();
  const homes: ExportHome[] = [{ license: '015600001', name: 'SAME DAY CLOSED', visits: ['10/01/2026'] }, { license: '015600002', name: 'STILL OPEN' }];
  const documents = { '015600001': documentsOf('015600001', [], { STATUS: 'Closed, Licensee Initiated' }) };
  // No Last-Modified: the export is dated by when its bytes were first retrieved (the answer's Date).
  serveStateFiles({ roster: exportCsv(homes), documents });
  // Two homes: closing one takes half the lists, which the removal guard would hold back.
  const config = crawlConfig({ guards: { minLicenses: 1, maxRemovedShare: 1, maxChangedShare: 1, maxRejectedShare: 0.5, minJoinedShare: 0.5 } });
  t.true((await runPipeline({ snapshotsDir: dir, config })).published);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await crawl({ snapshotsDir: dir, config, profile: 'custom', untilCurrent: true, idleMs: 0 });
  // The same export, fetched again after the check: unchanged bytes are no fresher than the check.
  const closed = await runPipeline({ snapshotsDir: dir, config });
  const row = (file: string) => facilities(file).rows.find((r) => r.license_number === '015600001')!;
  t.like(row(closed.snapshotPath!), { closed: 1, listed: 0, license_status_live: 'Closed, Licensee Initiated' });

  // A new export (other bytes) first retrieved after the check, its row for this home unchanged: the live check stands.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  serveStateFiles({ roster: exportCsv([...homes, { license: '015600003', name: 'NEW HOME' }]), documents });
  const stands = await runPipeline({ snapshotsDir: dir, config });
  t.like(row(stands.snapshotPath!), { closed: 1, listed: 0 });

  // Its own row changed after the check (a new visit), still saying LICENSED: the row is the newer reading.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  serveStateFiles({ roster: exportCsv([{ ...homes[0]!, visits: ['11/20/2026', '10/01/2026'] }, homes[1]!, { license: '015600003', name: 'NEW HOME' }]), documents });
  const reopened = await runPipeline({ snapshotsDir: dir, config });
  t.like(row(reopened.snapshotPath!), { closed: 0, listed: 1 });
});

test.serial('the counts are the store\'s: what a crawler stopped mid-way wrote is what the next one counts before its first request, and what the run report says, last reads included', async (t) => {
  const dir = await tempSnapshotsDir();
  const visits = ['10/01/2026', '03/02/2022'];
  const homes: ExportHome[] = [
    ...Array.from({ length: 8 }, (_, n) => ({ license: `0156000${String(n + 1).padStart(2, '0')}`, name: `HOME ${n + 1}`, visits })),
    { license: '015600011', name: 'CLOSED ONE', status: 'CLOSED' as const, visits },
    { license: '015600012', name: 'CLOSED TWO', status: 'CLOSED' as const },
  ];
  serveStateFiles({ roster: exportCsv(homes) });
  const entries: ReportEntry[] = visits.map((date) => ({ date, title: 'Annual Inspection', type: 'Inspection' }));
  // Slow enough that 500 ms stops it in the middle of its tiers (40 requests, at least 600 ms).
  stateServer.route(/^\/FacilityDetail\/\d{9}$/, (request) => ({ delayMs: 30, body: detailJson(licenseOf(request.path), { LASTVISITDATE: '10/01/2026' }) }));
  stateServer.route(/^\/FacilityReports\/\d{9}$/, (request) => ({ delayMs: 30, body: indexJson(licenseOf(request.path), entries) }));
  stateServer.route('/FacilityReports', (request) => ({ delayMs: 30, body: PAGE(`Report ${request.query.get('inx')}`) }));
  const config = crawlConfig();
  t.true((await runPipeline({ snapshotsDir: dir, config, now: NOW })).published);

  const cut = await crawl({ snapshotsDir: dir, config, profile: 'custom', forMs: 500, idleMs: 0, now: () => NOW });
  const written = readCrawlStatus(dir)!;
  t.deepEqual([written.listed, written.not_listed], [cut.status.listed, cut.status.not_listed]);
  t.true(written.listed.waiting + written.listed.never_read > 0, 'stopped before every home was current');
  t.is(written.listed.current + written.listed.waiting + written.listed.never_read, 8);
  t.is(written.not_listed.current + written.not_listed.waiting + written.not_listed.never_read, 2);

  // A new crawler, its status file gone, stopped before it asks anything (as during a pause): the same counts, from the store.
  const requestsBefore = perFacility().length;
  await rm(path.join(dir, CRAWL_STATUS_FILE));
  const restarted = await crawl({ snapshotsDir: dir, config, profile: 'custom', signal: AbortSignal.abort(), idleMs: 0, now: () => NOW });
  t.is(perFacility().length, requestsBefore, 'nothing asked');
  t.deepEqual([restarted.status.listed, restarted.status.not_listed], [written.listed, written.not_listed]);
  t.is(restarted.status.last_read.detail, NOW.toISOString(), 'the last detail read, from the store');
  t.truthy(restarted.status.last_read.index);

  // The run's report (and /healthz, from the same file) says the same.
  const run = await runPipeline({ snapshotsDir: dir, config, now: NOW });
  const { current, waiting, never_read } = written.listed;
  t.regex(formatReport(run.report), new RegExp(`listed homes: ${current} current, ${waiting} waiting, ${never_read} never read; not listed: ${written.not_listed.current} current, ${written.not_listed.waiting} waiting, ${written.not_listed.never_read} never read; last read: detail ${NOW.toISOString()}`));
});

test.serial('a home whose detail is stored but whose index was lost asks only the index on the next pass, not the detail again', async (t) => {
  const dir = await tempSnapshotsDir();
  const homes: ExportHome[] = [{ license: '015600001', name: 'LOST INDEX', visits: ['10/01/2026'] }, { license: '015600002', name: 'WHOLE', visits: ['10/01/2026'] }];
  const entries: ReportEntry[] = [{ date: '10/01/2026', title: 'Annual Inspection', type: 'Inspection' }];
  serveStateFiles({ roster: exportCsv(homes), documents: { '015600001': documentsOf('015600001', entries), '015600002': documentsOf('015600002', entries) } });
  // The index is lost the first time (an answer that is not it), found the second.
  stateServer.route(PATHS.index('015600001'), { status: 404 }, { body: indexJson('015600001', entries) });
  const config = crawlConfig();
  t.true((await runPipeline({ snapshotsDir: dir, config, now: NOW })).published);
  const first = await crawl({ snapshotsDir: dir, config, profile: 'custom', untilCurrent: true, idleMs: 0, now: () => NOW });
  t.is(first.problems[0]?.endpoint, 'index');

  // Past the failed home's wait, the same day: only its index and its page.
  const later = new Date(NOW.getTime() + 2 * 60 * 60_000);
  const second = await crawl({ snapshotsDir: dir, config, profile: 'custom', untilCurrent: true, idleMs: 0, now: () => later });
  t.deepEqual(second.order, [{ license: '015600001', tier: 'new_visits' }, { license: '015600001', tier: 'recent_reports' }]);
  t.is(stateServer.requests(PATHS.detail('015600001')).length, 1, 'the detail read once');
  t.is(stateServer.requests(PATHS.index('015600001')).length, 2);
  t.is(second.requests, 2, 'the index and the page');
  t.like(second.status, { listed: { current: 2, waiting: 0, never_read: 0 } });
});
