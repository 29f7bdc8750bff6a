// Issue 46, items 2 and 10: every way a run fails, a full disk and a folder it may not write among
// them, ends in the one "Run failed ... Nothing was published." line with exit 1 and no stack trace,
// and leaves nothing that stops the next run. The real pipeline command runs with full-disk.ts
// making chosen file operations fail as a full disk (or a denied folder) makes them fail.
import test from 'ava';
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../../pipeline/run.ts';
import { tempSnapshotsDir } from './fixtures.ts';

const run = promisify(execFile);
const PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'full-disk.ts');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** One `npm run pipeline` on the seeds, file operations on paths matching `failAt` failing with `errno`. */
async function pipeline(dir: string, failAt?: string, errno = 'ENOSPC', more: Record<string, string> = {}): Promise<Outcome> {
  const env = { ...process.env, SNAPSHOTS_DIR: dir, PIPELINE_PROFILE: 'seeds', ...(failAt ? { FULL_DISK_AT: failAt, FULL_DISK_ERRNO: errno } : {}), ...more };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import=tsx', `--import=${PRELOAD}`, path.join(REPO_ROOT, 'pipeline/run.ts')], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Error & Outcome;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const published = async (dir: string) => (await readdir(dir)).filter((entry) => entry.endsWith('.sqlite') && entry.startsWith('rcfe-')).sort();

function oneLine(t: import('ava').ExecutionContext, outcome: Outcome, reason: RegExp, served: RegExp): void {
  t.is(outcome.code, 1);
  t.false(outcome.stderr.includes('    at '), 'no stack trace');
  t.is(outcome.stderr.trim().split('\n').length, 1, outcome.stderr);
  t.regex(outcome.stderr.trim(), new RegExp(`^Run failed \\(profile seeds\\): ${reason.source} Nothing was published\\. ${served.source}$`));
}

test('a full disk while the run takes its lock: one line, exit 1, no lock left behind; the next run publishes', async (t) => {
  const dir = await tempSnapshotsDir();
  const full = await pipeline(dir, '\\.pipeline\\.lock');
  oneLine(t, full, /the disk is full: ENOSPC on write\./, /No snapshot has been published in .+ yet: nothing a pipeline run built is served\./);
  t.deepEqual((await readdir(dir)).filter((entry) => entry.startsWith('.pipeline.lock')), [], 'neither the lock nor its draft is left');
  const freed = await pipeline(dir);
  t.is(freed.code, 0, freed.stderr);
  t.is((await published(dir)).length, 1);
});

test('a snapshots folder the run may not create: one line naming the refusal, exit 1', async (t) => {
  const dir = path.join(await tempSnapshotsDir(), 'not-yet');
  const denied = await pipeline(dir, `^${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'EACCES');
  oneLine(t, denied, /permission denied \(\.\): EACCES on mkdir\./, /No snapshot has been published in .+ yet: nothing a pipeline run built is served\./);
});

test('a full disk as the snapshot is linked into place: one line, exit 1, the older snapshot still served', async (t) => {
  const dir = await tempSnapshotsDir();
  t.is((await pipeline(dir)).code, 0);
  const [older] = await published(dir);
  const full = await pipeline(dir, '/rcfe-[^/]*\\.sqlite$');
  oneLine(t, full, /Writing rcfe-[\d.-]+\.sqlite failed \(ENOSPC: no space left on device, link .+\)\./, new RegExp(`The older snapshot ${older!.replace(/\./g, '\\.')} is still served\\.`));
  t.deepEqual(await published(dir), [older], 'nothing new is published and no temporary is left');
  t.deepEqual((await readdir(dir)).filter((entry) => entry.includes('.writing')), []);
});

test('an error no await reaches (a failing read in a callback of its own) ends the run the same way', async (t) => {
  const dir = await tempSnapshotsDir();
  const failed = await pipeline(dir, undefined, undefined, { FAIL_IN_BACKGROUND: path.join(dir, 'documents.sqlite') });
  oneLine(t, failed, /the disk reported an input\/output error \(documents\.sqlite\): EIO on read\./, /No snapshot has been published in .+ yet: nothing a pipeline run built is served\./);
});
