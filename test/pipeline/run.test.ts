// A run as a whole against state sources on the loopback stand-in: retries, failures that leave the previous
// snapshot untouched, the publish guards, atomic writes, conditional requests, identical re-runs.
import test from 'ava';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { runPipeline, RunFailed } from '../../pipeline/run.ts';
import { SNAPSHOT_FILE } from '../../contract/snapshot-schema.ts';
import { documentTextsFileOf } from '../../contract/document-store.ts';
import { APPROVALS_HEADER, SOURCE_PATHS, rosterCsv, runAndCrawl, serveStateFiles, stateServer, tempSnapshotsDir, testConfig, waiverCsv, type RosterFixtureRow } from './fixtures.ts';
import type { Responder } from './state-server.ts';

const homes = (count: number, from = 1): RosterFixtureRow[] =>
  Array.from({ length: count }, (_, i) => ({ number: String(15600000 + from + i), name: `HOME ${from + i}`, street: `${from + i} MAIN ST` }));

async function fileHashes(dir: string): Promise<Record<string, string>> {
  const entries = (await readdir(dir)).filter((entry) => SNAPSHOT_FILE.test(entry)).sort();
  const hashes: Record<string, string> = {};
  for (const entry of entries) hashes[entry] = createHash('sha256').update(await readFile(path.join(dir, entry))).digest('hex');
  return hashes;
}

/** Serves every source as usual, the roster as the test says. */
function serveWithRoster(roster: Responder[], approvals = APPROVALS_HEADER + '\n') {
  serveStateFiles({ roster: '', approvals });
  stateServer.route(SOURCE_PATHS.roster, ...roster);
}

test.serial('a source that fails twice with 5xx and then answers is retried and the run publishes', async (t) => {
  const dir = await tempSnapshotsDir();
  serveWithRoster([{ status: 503, body: 'busy' }, { reset: true }, { body: rosterCsv(homes(3)) }]);
  const result = await runPipeline({ snapshotsDir: dir, config: testConfig() });
  stateServer.assertAllUsed();
  t.true(result.published);
  t.deepEqual(stateServer.requests(SOURCE_PATHS.roster).map((r) => r.status), [503, null, 200]);
  // 3 roster attempts and 7 other whole-file sources: a run asks nothing of the per-facility record.
  t.is(result.report.requests_made, 3 + 7);
  t.deepEqual(stateServer.requests().filter((r) => r.path.startsWith('/Facility')), []);
  t.is(result.report.licenses.total, 3);
});

test.serial('a source that stays down fails the run and leaves the previous snapshot untouched', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster: rosterCsv(homes(3)) });
  const first = await runPipeline({ snapshotsDir: dir, config: testConfig() });
  t.true(first.published);
  const before = await fileHashes(dir);

  serveWithRoster([{ status: 500, body: 'down' }]);
  const error = await t.throwsAsync(runPipeline({ snapshotsDir: dir, config: testConfig() }), { instanceOf: RunFailed });
  t.regex(error!.message, /roster\.csv after 3 attempts: HTTP 500/);
  // Whether an older snapshot is still served is said by the command (servedStatus), which knows the folder.
  t.regex(error!.message, /Nothing was published\.$/);
  t.is(stateServer.requests(SOURCE_PATHS.roster).length, 3);
  t.deepEqual(await fileHashes(dir), before);
});

test.serial('a source that hangs times out and the run fails cleanly', async (t) => {
  const dir = await tempSnapshotsDir();
  serveWithRoster([{ delayMs: 2_000, body: rosterCsv(homes(3)) }]);
  const error = await t.throwsAsync(runPipeline({ snapshotsDir: dir, config: testConfig() }), { instanceOf: RunFailed });
  t.regex(error!.message, /roster\.csv after 3 attempts: no response within 300 ms/);
  t.deepEqual(await fileHashes(dir), {});
});

test.serial('a roster that shrinks past the threshold is held back and the previous snapshot keeps serving', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster: rosterCsv(homes(20)) });
  t.true((await runPipeline({ snapshotsDir: dir, config: testConfig() })).published);
  const before = await fileHashes(dir);

  serveStateFiles({ roster: rosterCsv(homes(12)) });
  const held = await runPipeline({ snapshotsDir: dir, config: testConfig() });
  t.false(held.published);
  t.is(held.snapshotPath, null);
  t.deepEqual(held.heldBack, ['8 of 20 licenses in the previous snapshot are missing (40.0%, limit 20.0%)']);
  t.deepEqual(await fileHashes(dir), before);

  // An operator who has checked the shrink can publish it on purpose.
  serveStateFiles({ roster: rosterCsv(homes(12)) });
  const forced = await runPipeline({ snapshotsDir: dir, config: testConfig(), force: true });
  t.true(forced.published);
  const db = new Database(forced.snapshotPath!, { readonly: true });
  t.is(db.prepare("SELECT COUNT(*) FROM changes WHERE change = 'removed'").pluck().get(), 8);
});

test.serial('a waiver list cut short is held back: its missing homes would read "not on the list as of" the list\'s own date', async (t) => {
  const dir = await tempSnapshotsDir();
  const roster = rosterCsv(homes(20));
  const listed = homes(20).map((home): [string, string, string, string] => [home.name, home.street!, 'OAKLAND', '94612']);
  serveStateFiles({ roster, waiver: waiverCsv(listed) });
  t.true((await runPipeline({ snapshotsDir: dir, config: testConfig() })).published);
  const before = await fileHashes(dir);

  // The list republished ending after its 14th row: six homes (30%, under the changed-share limit) would flip to not_on_file.
  serveStateFiles({ roster, waiver: waiverCsv(listed.slice(0, 14)) });
  stateServer.route(SOURCE_PATHS.waiver, { body: waiverCsv(listed.slice(0, 14)), lastModified: 'Fri, 02 Oct 2026 16:00:00 GMT' });
  const held = await runPipeline({ snapshotsDir: dir, config: testConfig() });
  t.false(held.published);
  t.deepEqual(held.heldBack, ['waiver has 14 valid rows, 20 in the previous snapshot (30.0% fewer, limit 20.0%)']);
  t.deepEqual(await fileHashes(dir), before);
});

test.serial('an interrupted write leaves no partial file and the previous snapshot as it was', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster: rosterCsv(homes(3)) });
  await runPipeline({ snapshotsDir: dir, config: testConfig() });
  const before = await fileHashes(dir);

  serveStateFiles({ roster: rosterCsv(homes(4)) });
  let temporary = '';
  await t.throwsAsync(
    runPipeline({
      snapshotsDir: dir,
      config: testConfig(),
      beforePublish: async (file) => {
        temporary = file;
        t.true((await stat(file)).size > 0, 'the temporary file was written');
        throw new Error('ENOSPC: no space left on device, write');
      },
    }),
    { instanceOf: RunFailed, message: /ENOSPC.*Nothing was published/ },
  );
  t.false(await stat(temporary).then(() => true, () => false));
  t.deepEqual(await fileHashes(dir), before);
  // The earlier snapshot with its texts file; nothing of the interrupted run's, its texts file included.
  t.deepEqual((await readdir(dir)).filter((entry) => entry.startsWith('rcfe')).sort(), Object.keys(before).flatMap((name) => [name, documentTextsFileOf(name)]).sort());
});

test.serial('a second run over unchanged sources publishes identical data, using conditional requests', async (t) => {
  const dir = await tempSnapshotsDir();
  const files = { roster: rosterCsv(homes(5)), approvals: APPROVALS_HEADER + '\n015600001,X,Y,N,,,970 - RCFE / DEMENTIA,11/09/2026\n' };
  const roster = { body: files.roster, etag: '"roster-v1"', lastModified: 'Mon, 16 Nov 2026 08:00:00 GMT' };
  serveWithRoster([roster], files.approvals);
  const first = await runPipeline({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-20T16:00:00Z') });

  // The roster answers 304 to the validators of the first download; the others send it again.
  serveWithRoster([roster], files.approvals);
  const second = await runPipeline({ snapshotsDir: dir, config: testConfig(), now: new Date('2026-11-21T16:00:00Z') });
  t.like(stateServer.requests(SOURCE_PATHS.roster), [{ status: 304, headers: { 'if-none-match': '"roster-v1"', 'if-modified-since': 'Mon, 16 Nov 2026 08:00:00 GMT' } }]);
  t.is(stateServer.requests(SOURCE_PATHS.roster).length, 1);
  t.true(stateServer.requests(SOURCE_PATHS.approvals).every((r) => r.status === 200 && !r.headers['if-none-match']));

  t.is(second.report.sources.find((s) => s.name === 'roster')!.fetch_status, 'not_modified');
  t.true(second.report.unchanged_since_previous);
  t.is(second.report.data_hash, first.report.data_hash);
  t.deepEqual([second.report.diff.added, second.report.diff.removed, second.report.diff.changed], [0, 0, 0]);
  // A day later only the dates of the live checks moved: every value is the same.
  const rows = (file: string) =>
    (new Database(file, { readonly: true }).prepare('SELECT * FROM facilities ORDER BY license_number').all() as Array<Record<string, unknown>>).map(
      ({ live_status_checked_on: _checked, ...row }) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' ? value.replace(/"confirmed_on":"2026-11-2[01]"/g, '"confirmed_on":"<check date>"') : value])),
    );
  t.deepEqual(rows(second.snapshotPath!), rows(first.snapshotPath!));
  t.not(second.snapshotPath, first.snapshotPath);
});

test.serial('published snapshots are read-only files named by date; later runs that day get a sequence number', async (t) => {
  const dir = await tempSnapshotsDir();
  const now = new Date('2026-11-22T18:00:00Z');
  serveStateFiles({ roster: rosterCsv(homes(2)) });
  const first = await runPipeline({ snapshotsDir: dir, config: testConfig(), now });
  serveStateFiles({ roster: rosterCsv(homes(2)) });
  const second = await runPipeline({ snapshotsDir: dir, config: testConfig(), now });
  t.is(path.basename(first.snapshotPath!), 'rcfe-2026-11-22.sqlite');
  t.is(path.basename(second.snapshotPath!), 'rcfe-2026-11-22.1.sqlite');
  t.is((await stat(first.snapshotPath!)).mode & 0o222, 0, 'no write permission on a published file');
});

test.serial('an optional source that cannot be parsed is not on file; the run publishes with the documents the store holds', async (t) => {
  const dir = await tempSnapshotsDir();
  // The documents are read from the store as soon as the roster is read; the hospitals file read after it is not a hospitals list.
  serveStateFiles({ roster: rosterCsv(homes(40)), hospitals: 'not,a,hospitals,file\n1,2,3,4\n' });
  const result = await runAndCrawl({ snapshotsDir: dir, config: testConfig() });
  t.true(result.published);
  t.regex(result.report.sources_not_read.find((s) => s.name === 'hospitals')!.reason, /^unreadable: Source "hospitals" has no header row/);
  t.is(result.report.hospitals, 0);
  t.is(result.crawl.stats.details_fetched, 40);
  t.like(result.report.documents, { source: 'stored', homes_with_documents: 40 });
});

test.serial('a held-back run removes the temporary file its records were written to', async (t) => {
  const dir = await tempSnapshotsDir();
  serveStateFiles({ roster: rosterCsv(homes(20)) });
  t.true((await runPipeline({ snapshotsDir: dir, config: testConfig() })).published);
  const before = await readdir(dir);

  serveStateFiles({ roster: rosterCsv(homes(10)) });
  const held = await runPipeline({ snapshotsDir: dir, config: testConfig() });
  t.false(held.published);
  t.deepEqual((await readdir(dir)).sort(), before.sort(), 'nothing left beside the published snapshot and the document store');
});
