// One run at a time per snapshots folder, and a published snapshot is never replaced: the lock,
// its stale takeover, exclusive publishing, and other runs' temporaries left alone.
import test from 'ava';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPipeline, RunFailed } from '../../pipeline/run.ts';
import { LOCK_FILE } from '../../pipeline/snapshot/lock.ts';
import type { SourcesConfig } from '../../pipeline/config.ts';
import { tempSnapshotsDir, testConfig } from './fixtures.ts';

const ROSTER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'roster-real-shape-bom-crlf-no-file-date.csv');
const SOURCES: SourcesConfig = { roster: ROSTER, approvals: null, waiver: null, geocodes: null, zipCentroids: null, hospitals: null, listings: null, countyRates: null };
const config = () => testConfig({ sources: SOURCES, stateDocuments: null });
const now = new Date('2026-11-22T18:00:00Z');
const published = async (dir: string) => (await readdir(dir)).filter((entry) => entry.endsWith('.sqlite')).sort();

/** A process id that was just in use and no longer is. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

test('two runs started together: one publishes, the other does nothing and says why', async (t) => {
  const dir = await tempSnapshotsDir();
  const results = await Promise.allSettled([runPipeline({ snapshotsDir: dir, config: config(), now }), runPipeline({ snapshotsDir: dir, config: config(), now })]);
  const done = results.filter((r) => r.status === 'fulfilled');
  const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  t.is(done.length, 1);
  t.is(refused.length, 1);
  t.true(refused[0]!.reason instanceof RunFailed);
  t.regex(refused[0]!.reason.message, /^Another pipeline run \(pid \d+, started .*\) holds .*\.pipeline\.lock; this run did nothing/);
  t.deepEqual(await published(dir), ['rcfe-2026-11-22.sqlite']);
  t.false((await readdir(dir)).includes(LOCK_FILE), 'the lock is released');
});

test('a lock left by a run that is gone is taken over', async (t) => {
  const dir = await tempSnapshotsDir();
  const pid = await deadPid();
  await writeFile(path.join(dir, LOCK_FILE), JSON.stringify({ pid, started_at: '2026-11-21T00:00:00Z' }));
  const result = await runPipeline({ snapshotsDir: dir, config: config(), now });
  t.true(result.published);
  t.true(result.report.warnings.includes(`took over the lock of run pid ${pid}, which is no longer running`));
});

test('publishing never replaces an existing snapshot of the same name', async (t) => {
  const dir = await tempSnapshotsDir();
  const error = await t.throwsAsync(
    runPipeline({
      snapshotsDir: dir,
      config: config(),
      now,
      // Another writer (outside the lock) publishes the same name while this run checks its file.
      beforePublish: () => writeFile(path.join(dir, 'rcfe-2026-11-22.sqlite'), 'published by someone else'),
    }),
    { instanceOf: RunFailed },
  );
  t.regex(error!.message, /rcfe-2026-11-22\.sqlite already exists \(published by another run\); it was left as it is/);
  t.is(await readFile(path.join(dir, 'rcfe-2026-11-22.sqlite'), 'utf8'), 'published by someone else');
  t.deepEqual((await readdir(dir)).filter((entry) => entry.includes('.writing')), [], 'its own temporary is gone');
});

test("a run removes a dead run's temporary file but never a live run's", async (t) => {
  const dir = await tempSnapshotsDir();
  const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  t.teardown(() => live.kill());
  const dead = await deadPid();
  const liveTemporary = path.join(dir, `rcfe-2026-11-22.sqlite.writing-${live.pid}`);
  const deadTemporary = path.join(dir, `rcfe-2026-11-21.sqlite.writing-${dead}`);
  await writeFile(liveTemporary, 'being written');
  await writeFile(deadTemporary, 'left behind');
  const result = await runPipeline({ snapshotsDir: dir, config: config(), now });
  t.true(result.published);
  t.true(await stat(liveTemporary).then(() => true, () => false), 'the live run keeps its temporary');
  t.false(await stat(deadTemporary).then(() => true, () => false));
  t.true(result.report.warnings.some((w) => w.includes(`writing-${dead}`)));
});
