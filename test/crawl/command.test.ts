// `npm run crawl` as an operator runs it, a process of its own (with its 256 MB old space) against
// the stand-in: --for stops it and it exits 0; a kill -9 loses nothing stored, and the next start
// goes on where it stopped (no report page read twice); one crawler per folder; without a contact
// it asks nothing and exits 2; a 50 MB page, an endless page and a trickling detail are each cut
// short with their reason stored, --for still ends it in time, and the next start reads on with
// the other homes; SIGTERM aborts a request that never answers.
import test from 'ava';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runPipeline } from '../../pipeline/run.ts';
import { DOCUMENT_STORE_FILE } from '../../contract/document-store.ts';
import { readCrawlStatus } from '../../contract/crawl-status.ts';
import { REPO_ROOT } from '../../pipeline/run.ts';
import { CRAWLER_NODE_FLAGS } from '../../pipeline/schedule.ts';
import { detailJson, indexJson, serveStateFiles, stateServer, tempSnapshotsDir, testConfig } from '../pipeline/fixtures.ts';
import { exportCsv } from './export.ts';

const HOMES = Array.from({ length: 12 }, (_, n) => ({ license: `0156000${String(n + 1).padStart(2, '0')}`, name: `HOME ${n + 1}`, visits: ['10/01/2026'] }));
const PAGES_PER_HOME = 3;

function serveSlowly(delayMs: number): void {
  serveStateFiles({ roster: exportCsv(HOMES) });
  const entries = Array.from({ length: PAGES_PER_HOME }, (_, n) => ({ date: `0${n + 1}/15/2026`, title: `Visit ${n + 1}`, type: 'Inspection' as const }));
  stateServer.route(/^\/FacilityDetail\/\d{9}$/, (request) => ({ delayMs, body: detailJson(request.path.split('/')[2]!, { LASTVISITDATE: '10/01/2026' }) }));
  stateServer.route(/^\/FacilityReports\/\d{9}$/, (request) => ({ delayMs, body: indexJson(request.path.split('/')[2]!, entries) }));
  stateServer.route('/FacilityReports', (request) => ({ delayMs, body: `<html><body><p>Report ${request.query.get('facNum')} ${request.query.get('inx')}</p></body></html>` }));
}

/** The crawler's command line, on the state profile moved to the stand-in. */
function crawlCommand(dir: string, args: string[], contact = 'mailto:ops@care.example') {
  const child = spawn(process.execPath, [...CRAWLER_NODE_FLAGS, '--import=tsx', path.join(REPO_ROOT, 'crawl/run.ts'), '--profile', 'state', '--source', `state_site=${stateServer.origin}`, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, SNAPSHOTS_DIR: dir, PIPELINE_SOURCES: '', CRAWL_CONTACT: contact },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, output })));
  return { child, exited };
}

const storedPages = (dir: string) => {
  const db = new Database(path.join(dir, DOCUMENT_STORE_FILE), { readonly: true });
  const count = db.prepare('SELECT COUNT(*) FROM documents').pluck().get() as number;
  db.close();
  return count;
};

test.serial('--for stops the crawler, which exits 0; a kill -9 loses nothing stored and the next start resumes; one crawler per folder', async (t) => {
  const dir = await tempSnapshotsDir();
  serveSlowly(40);
  // The homes come from a snapshot of the same profile, as the daily run publishes it.
  t.true((await runPipeline({ snapshotsDir: dir, config: testConfig({ profile: 'state' }) })).published);
  serveSlowly(40);

  const timed = crawlCommand(dir, ['--for', '2']);
  const first = await timed.exited;
  t.is(first.code, 0, first.output);
  t.regex(first.output, /read \d+ details, \d+ indexes, \d+ report pages in \d+ requests; crawler stopped at/);
  t.true(stateServer.mostInFlight <= 2);
  t.is(readCrawlStatus(dir)!.state, 'stopped');
  const afterTimed = stateServer.requests().length;
  t.true(afterTimed > 5 && afterTimed < HOMES.length * (2 + PAGES_PER_HOME), `${afterTimed} requests in 2 s at 40 ms an answer, paced`);

  // Killed mid-way: what was stored stays stored.
  const killed = crawlCommand(dir, []);
  t.teardown(() => killed.child.kill('SIGKILL'));
  const started = Date.now();
  while (readCrawlStatus(dir)?.pid !== killed.child.pid || readCrawlStatus(dir)?.state !== 'running') {
    if (Date.now() - started > 20_000) t.fail('the crawler never started');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const second = crawlCommand(dir, ['--for', '1']);
  const refused = await second.exited;
  t.is(refused.code, 2, refused.output);
  t.regex(refused.output, /Another crawler \(pid \d+/);
  await new Promise((resolve) => setTimeout(resolve, 500));
  killed.child.kill('SIGKILL');
  await killed.exited;
  const storedBeforeRestart = storedPages(dir);

  const resumed = crawlCommand(dir, ['--until-current']);
  const last = await resumed.exited;
  t.is(last.code, 0, last.output);
  t.regex(last.output, /took over|crawling profile state/);
  t.is(storedPages(dir), HOMES.length * PAGES_PER_HOME);
  const pageRequests = stateServer.requests('/FacilityReports').filter((r) => r.status === 200).map((r) => r.url);
  const repeats = pageRequests.length - new Set(pageRequests).size;
  t.true(repeats <= 2, `${repeats} pages read twice: at most the two in flight at the kill`);
  t.true(storedBeforeRestart > 0);
});

test.serial('without a contact (CRAWL_CONTACT, or http.contact in the config) the crawler asks nothing and exits 2 with one line saying how to set it; a contact is named in every request', async (t) => {
  const dir = await tempSnapshotsDir();
  serveSlowly(0);
  t.true((await runPipeline({ snapshotsDir: dir, config: testConfig({ profile: 'state' }) })).published);
  serveSlowly(0);
  // (Which contacts are accepted is crawl-contact.test.ts's; here, the command's refusal.)
  for (const contact of ['', 'call the front desk']) {
    const { code, output } = await crawlCommand(dir, ['--for', '5'], contact).exited;
    t.is(code, 2, output);
    t.is(output.trim().split('\n').length, 1, output);
    t.regex(output, /set CRAWL_CONTACT=<an e-mail address or an https:\/\/ URL[^\n]*\(or http\.contact in pipeline\.config\.ts\)/);
  }
  t.deepEqual(stateServer.requests(), [], 'no request sent');
  const named = await crawlCommand(dir, ['--for', '1'], 'https://care.example/operator').exited;
  t.is(named.code, 0, named.output);
  t.true(stateServer.requests().length > 0);
  t.deepEqual([...new Set(stateServer.requests().map((r) => r.headers['user-agent']))], ['care-home-read-api pipeline (read-only mirror of the state licensing record) (+https://care.example/operator)']);
});

const HOSTILE = Array.from({ length: 40 }, (_, n) => ({
  license: `0157000${String(n + 1).padStart(2, '0')}`,
  name: `HOME ${n + 1}`,
  // The three bad homes have the newest visits: they are read first.
  visits: [n < 3 ? `11/${20 - n}/2026` : '10/01/2026'],
}));
const [HUGE_PAGE, ENDLESS_PAGE, TRICKLING_DETAIL] = HOSTILE.map((home) => home.license) as [string, string, string];

function serveHostile(): void {
  serveStateFiles({ roster: exportCsv(HOSTILE) });
  const entries = [{ date: '11/01/2026', title: 'Annual Inspection', type: 'Inspection' as const }, { date: '06/15/2026', title: 'Case Management', type: 'Other' as const }];
  const delayMs = 200;
  stateServer.route(/^\/FacilityDetail\/\d{9}$/, (request) => ({ delayMs, body: detailJson(request.path.split('/')[2]!, { LASTVISITDATE: '11/01/2026' }) }));
  stateServer.route(/^\/FacilityReports\/\d{9}$/, (request) => ({ delayMs, body: indexJson(request.path.split('/')[2]!, entries) }));
  stateServer.route('/FacilityReports', (request) => ({ delayMs, body: `<html><body><p>Report ${request.query.get('facNum')} ${request.query.get('inx')}</p></body></html>` }));
  stateServer.route(`/FacilityReports?facNum=${HUGE_PAGE}&inx=0`, { body: Buffer.alloc(50 * 1024 * 1024, 'x') });
  // No length, and it never ends: 64 KB every millisecond.
  stateServer.route(`/FacilityReports?facNum=${ENDLESS_PAGE}&inx=0`, { body: '<html><body>', drip: { chunk: 'y'.repeat(64 * 1024), everyMs: 1 } });
  // A byte every 10 s: inside any idle timeout, for ever.
  stateServer.route(`/FacilityDetail/${TRICKLING_DETAIL}`, { body: '{', drip: { chunk: ' ', everyMs: 10_000 } });
}

const problemsStored = (dir: string) => {
  const db = new Database(path.join(dir, DOCUMENT_STORE_FILE), { readonly: true });
  const rows = db.prepare('SELECT license_number, endpoint, problem FROM fetch_problems ORDER BY license_number').all() as Array<{ license_number: string; endpoint: string; problem: string }>;
  db.close();
  return rows;
};

test.serial('a 50 MB page, an endless page and a detail trickling a byte every 10 s: --for 20 ends the crawl in time with exit 0, each bad document\'s reason stored, and the next start reads on with the other homes', async (t) => {
  const dir = await tempSnapshotsDir();
  serveHostile();
  t.true((await runPipeline({ snapshotsDir: dir, config: testConfig({ profile: 'state' }) })).published);
  serveHostile();

  const started = Date.now();
  const first = await crawlCommand(dir, ['--for', '20']).exited;
  const tookS = (Date.now() - started) / 1000;
  t.is(first.code, 0, first.output);
  t.true(tookS < 20 + 30, `ended ${tookS.toFixed(1)} s after it started`);
  t.is(readCrawlStatus(dir)!.state, 'stopped');
  const problems = problemsStored(dir);
  t.like(problems.find((p) => p.license_number === HUGE_PAGE), { endpoint: 'report' });
  t.regex(problems.find((p) => p.license_number === HUGE_PAGE)!.problem, /^doc:\S+: the answer is larger than the 8 MB read of one such document$/);
  t.regex(problems.find((p) => p.license_number === ENDLESS_PAGE)?.problem ?? '', /^doc:\S+: the answer is larger than the 8 MB read of one such document$/);
  t.like(problems.find((p) => p.license_number === TRICKLING_DETAIL), { endpoint: 'detail', problem: 'no whole answer within 15 s (headers and body)' });
  // Their other documents were read all the same.
  t.is(stateServer.requests(`/FacilityReports?facNum=${HUGE_PAGE}&inx=1`)[0]?.status, 200);
  const storedFirst = storedPages(dir);
  t.true(storedFirst < HOSTILE.length * 2 - 2, `${storedFirst} pages stored: --for cut the crawl short`);

  // The next start: the failed documents are not asked first (nor within their wait); the others are read to the end.
  const before = stateServer.requests().length;
  const second = await crawlCommand(dir, ['--until-current']).exited;
  t.is(second.code, 0, second.output);
  const asked = stateServer.requests().slice(before).map((r) => r.url);
  t.true(asked.length > 0);
  for (const bad of [`/FacilityReports?facNum=${HUGE_PAGE}&inx=0`, `/FacilityReports?facNum=${ENDLESS_PAGE}&inx=0`, `/FacilityDetail/${TRICKLING_DETAIL}`]) t.false(asked.includes(bad), `${bad} asked again at once`);
  // Every other home's two pages, and the bad pages' siblings; the trickling home's pages wait with it.
  t.is(storedPages(dir), (HOSTILE.length - 3) * 2 + 2);
});

test.serial('SIGTERM aborts a request that never answers: the crawler exits 0 at once, its status stopped, the home not charged with it', async (t) => {
  const dir = await tempSnapshotsDir();
  serveSlowly(0);
  t.true((await runPipeline({ snapshotsDir: dir, config: testConfig({ profile: 'state' }) })).published);
  serveSlowly(0);
  stateServer.route(/^\/FacilityDetail\/\d{9}$/, { hang: true });
  const crawler = crawlCommand(dir, []);
  t.teardown(() => crawler.child.kill('SIGKILL'));
  const waitedFrom = Date.now();
  while (stateServer.requests().length < 2) {
    if (Date.now() - waitedFrom > 20_000) t.fail('no request arrived');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const signalled = Date.now();
  crawler.child.kill('SIGTERM');
  const { code, output } = await crawler.exited;
  t.is(code, 0, output);
  t.true(Date.now() - signalled < 10_000, `exited ${Date.now() - signalled} ms after SIGTERM`);
  t.regex(output, /stopping: aborting what is in flight/);
  t.is(readCrawlStatus(dir)!.state, 'stopped');
  t.deepEqual(problemsStored(dir), []);
});
