// Deadlines and failures an operator can read: a source that drips a byte just inside the idle
// timeout ends the run at its deadline with a one-line reason; an HTML page in place of a CSV
// fails without a stack trace, saying whether an older snapshot is still served.
import test from 'ava';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runPipeline, RunFailed, REPO_ROOT } from '../../pipeline/run.ts';
import type { SourcesConfig } from '../../pipeline/config.ts';
import { tempSnapshotsDir, testConfig } from './fixtures.ts';
import { startStateServer } from './state-server.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const ROSTER = path.join(FIXTURES, 'roster-real-shape-bom-crlf-no-file-date.csv');
const OFF: Omit<SourcesConfig, 'roster'> = { approvals: null, waiver: null, geocodes: null, zipCentroids: null, hospitals: null, listings: null, countyRates: null };

/** A loopback server that answers 200 and then sends one byte every 100 ms, for ever. */
async function slowDrip(t: { teardown(fn: () => Promise<void>): void }): Promise<string> {
  const server = await startStateServer();
  server.route(/.*/, { headers: { 'content-type': 'text/csv' }, drip: { chunk: 'x', everyMs: 100 } });
  t.teardown(() => server.close());
  return server.origin;
}

test('a whole-file source that drips bytes forever ends the run at the source deadline', async (t) => {
  const origin = await slowDrip(t);
  const config = testConfig({ sources: { roster: `${origin}/roster.csv`, ...OFF }, stateDocuments: null, deadlines: { sourceMs: 1_000, runMs: 30_000 } });
  const started = performance.now();
  const error = await t.throwsAsync(runPipeline({ snapshotsDir: await tempSnapshotsDir(), config }), { instanceOf: RunFailed });
  t.true(performance.now() - started < 5_000, 'the idle timeout (300 ms) never fires, the deadline does');
  t.regex(error!.message, /^Could not fetch http:\/\/127\.0\.0\.1:\d+\/roster\.csv after \d+ attempts?: source "roster" passed its deadline of 1 s\. Nothing was published\.$/);
  t.deepEqual(error!.report.map((line) => line.replace(/after \d+ attempts?/, 'after N attempts').replace(/:\d+\//, ':PORT/')), [
    '  roster        FAILED: Could not fetch http://127.0.0.1:PORT/roster.csv after N attempts: source "roster" passed its deadline of 1 s',
  ]);
});

test('state documents that drip bytes forever cannot hold a run: it publishes what the store holds and asks that host nothing', async (t) => {
  const server = await startStateServer();
  server.route(/.*/, { headers: { 'content-type': 'application/json' }, drip: { chunk: 'x', everyMs: 100 } });
  t.teardown(() => server.close());
  const config = testConfig({
    sources: { roster: ROSTER, ...OFF },
    stateDocuments: { detail: `${server.origin}/{license}/detail.json`, index: `${server.origin}/{license}/index.json`, report: `${server.origin}/{license}/{inx}.html`, concurrency: 4 },
    deadlines: { sourceMs: 30_000, runMs: 60_000 },
  });
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config });
  t.true(result.published);
  t.like(result.report.documents, { source: 'stored', homes_with_documents: 0 });
  t.deepEqual(server.requests(), []);
});

const run = promisify(execFile);
const pipeline = (args: string[], dir: string) =>
  run(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'pipeline/run.ts'), '--profile', 'state', '--source', 'all=none', ...args], { cwd: FIXTURES, env: { ...process.env, SNAPSHOTS_DIR: dir } });

test('an HTML page in place of the roster fails in one line, no stack trace, saying what is still served', async (t) => {
  const dir = await tempSnapshotsDir();
  const html = ['--source', 'roster=./roster-answered-with-the-state-site-html-page.html'];
  const first = (await t.throwsAsync(pipeline(html, dir))) as Error & { stdout: string; stderr: string; code: number };
  t.is(first.code, 1);
  // What the run got as far as, under the reason: the roster was read from its file.
  t.regex(first.stdout, /^Sources:\n  roster {8}file \(\d+ bytes\)$/m);
  t.is(
    first.stderr.trim(),
    `Run failed (profile state): Source "roster" is an HTML page, not a CSV file (it starts "<!DOCTYPE html>"): is its address right? Nothing was published. No snapshot has been published in ${dir} yet: nothing a pipeline run built is served.`,
  );
  await pipeline(['--source', 'roster=./roster-real-shape-bom-crlf-no-file-date.csv', '--force'], dir);
  const second = (await t.throwsAsync(pipeline(html, dir))) as Error & { stderr: string };
  t.regex(second.stderr.trim(), /^Run failed \(profile state\): Source "roster" is an HTML page.*The older snapshot rcfe-\d{4}-\d{2}-\d{2}\.sqlite is still served\.$/);
  t.false(second.stderr.includes('    at '), 'no stack trace');
});
