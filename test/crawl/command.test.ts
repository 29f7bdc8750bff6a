// `npm run crawl` as an operator runs it, a process of its own against the stand-in: --for stops
// it and it exits 0 having finished what was in flight; a kill -9 loses nothing stored, and the
// next start goes on where it stopped (no report page read twice); one crawler per folder.
import test from 'ava';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { runPipeline } from '../../pipeline/run.ts';
import { DOCUMENT_STORE_FILE } from '../../contract/document-store.ts';
import { readCrawlStatus } from '../../contract/crawl-status.ts';
import { REPO_ROOT } from '../../pipeline/run.ts';
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
function crawlCommand(dir: string, args: string[]) {
  const child = spawn(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'crawl/run.ts'), '--profile', 'state', '--source', `state_site=${stateServer.origin}`, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, SNAPSHOTS_DIR: dir, PIPELINE_SOURCES: '' },
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
