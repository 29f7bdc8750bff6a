// One run at a time per snapshots folder, and a published snapshot is never replaced: the lock,
// its stale takeover, exclusive publishing, and other runs' temporaries left alone.
import test from 'ava';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPipeline, RunFailed } from '../../pipeline/run.ts';
import { acquireRunLock, LOCK_FILE, LockHeld } from '../../pipeline/snapshot/lock.ts';
import { compareSnapshotFiles } from '../../contract/snapshot-schema.ts';
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

// Issue 46, items 2 and 5: a lock is live only while the process that took it runs; a torn or
// unreadable lock (as a full disk left one) is reported and replaced.
for (const [label, text, said] of [
  ['an empty lock (a write a full disk cut short)', '', /^replaced the lock file \.pipeline\.lock: it is empty/],
  ['a torn lock', '{"pid": 12', /^replaced the lock file \.pipeline\.lock: it is not a lock this code wrote \(10 bytes, no process id\)/],
] as const) {
  test(`${label} is reported and replaced`, async (t) => {
    const dir = await tempSnapshotsDir();
    await writeFile(path.join(dir, LOCK_FILE), text);
    const result = await runPipeline({ snapshotsDir: dir, config: config(), now });
    t.true(result.published);
    t.true(result.report.warnings.some((warning) => said.test(warning)), result.report.warnings.join('\n'));
    t.false((await readdir(dir)).some((entry) => entry.startsWith(LOCK_FILE)), 'released, no draft left');
  });
}

/** /proc/<pid>/stat's state and start time (field 22). */
async function procStat(pid: number) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'latin1')).replace(/^.*\) /s, '').split(' ');
  return { state: fields[0]!, start: fields[19]! };
}

test('a killed run whose process lingers (a zombie not yet reaped) holds no lock', async (t) => {
  // The background sleep's parent execs into a sleep that never reaps it: killed, it stays a zombie.
  const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60']);
  t.teardown(() => parent.kill('SIGKILL'));
  const [line] = (await once(parent.stdout, 'data')) as [Buffer];
  const pid = Number(line.toString().trim());
  const { start } = await procStat(pid);
  process.kill(pid, 'SIGKILL');
  for (let waited = 0; (await procStat(pid)).state !== 'Z' && waited < 50; waited += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  t.is((await procStat(pid)).state, 'Z', 'the killed process lingers');
  const dir = await tempSnapshotsDir();
  await writeFile(path.join(dir, LOCK_FILE), JSON.stringify({ pid, started_at: '2026-11-22T17:59:00Z', process_start: start }));
  const result = await runPipeline({ snapshotsDir: dir, config: config(), now });
  t.true(result.published);
  t.true(result.report.warnings.includes(`took over the lock of run pid ${pid}, which is no longer running`));
});

test('a live process is the holder only if it is the one that took the lock, not a later one given its pid', async (t) => {
  const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  t.teardown(() => live.kill());
  await once(live, 'spawn');
  const { start } = await procStat(live.pid!);
  const dir = await tempSnapshotsDir();
  await writeFile(path.join(dir, LOCK_FILE), JSON.stringify({ pid: live.pid, started_at: '2026-11-22T17:59:00Z', process_start: start }));
  const held = await t.throwsAsync(runPipeline({ snapshotsDir: dir, config: config(), now }), { instanceOf: RunFailed });
  t.regex(held!.message, new RegExp(`^Another pipeline run \\(pid ${live.pid}, started 2026-11-22T17:59:00Z\\) holds`));
  await writeFile(path.join(dir, LOCK_FILE), JSON.stringify({ pid: live.pid, started_at: '2026-11-22T17:59:00Z', process_start: String(Number(start) - 1) }));
  const result = await runPipeline({ snapshotsDir: dir, config: config(), now });
  t.true(result.published);
  t.true(result.report.warnings.includes(`took over the lock of run pid ${live.pid}, which is no longer running`));
});

test('the lock serves another job under its own file name and words', async (t) => {
  const dir = await tempSnapshotsDir();
  const crawl = await acquireRunLock(dir, { file: '.crawl.lock', what: 'crawler' });
  const other = await t.throwsAsync(acquireRunLock(dir, { file: '.crawl.lock', what: 'crawler' }), { instanceOf: LockHeld });
  t.regex(other!.message, new RegExp(`^Another crawler \\(pid ${process.pid}, started .+\\) holds .+\\.crawl\\.lock; this run did nothing`));
  const run = await acquireRunLock(dir);
  await run.release();
  await crawl.release();
  t.deepEqual((await readdir(dir)).filter((entry) => entry.startsWith('.')), []);
});

// Issue 46, item 3: a later run's name is one past the day's highest, never one pruning freed.
test('twenty runs on one date: each publishes a name of its own, kept and served newest', async (t) => {
  const dir = await tempSnapshotsDir();
  const keep = 14;
  const names = new Set<string>();
  for (let runNumber = 1; runNumber <= 20; runNumber += 1) {
    const lines: string[] = [];
    const result = await runPipeline({ snapshotsDir: dir, config: { ...config(), keepSnapshots: keep }, now, log: (line) => lines.push(line) });
    const name = path.basename(result.snapshotPath!);
    t.false(names.has(name), `run ${runNumber} reused ${name}`);
    names.add(name);
    const files = await published(dir);
    t.true(files.includes(name), `run ${runNumber}'s ${name} is still there`);
    t.is(files.sort(compareSnapshotFiles).at(-1), name, `run ${runNumber}'s ${name} is the newest`);
    t.false(lines.some((line) => line.startsWith('pruned') && line.includes(name)));
    t.is(files.length, Math.min(runNumber, keep));
  }
});
