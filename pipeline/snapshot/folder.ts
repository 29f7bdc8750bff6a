// The snapshots folder: published files (never edited), their order, the next name, pruning.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { processRunning } from './lock.ts';
import { SNAPSHOT_FILE, compareSnapshotFiles, snapshotFileName } from '../../contract/snapshot-schema.ts';
import { documentTextsFileOf } from '../../contract/document-store.ts';

/** Published snapshot files of this name, oldest first. */
export async function listSnapshots(dir: string, name: string): Promise<string[]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries
    .filter((entry) => SNAPSHOT_FILE.exec(entry)?.[1] === name)
    .sort(compareSnapshotFiles)
    .map((entry) => path.join(dir, entry));
}

/**
 * `<name>-<date>.sqlite`, or `<name>-<date>.<n>.sqlite` for a later run that day, n one past the
 * day's highest: never a name freed by pruning, which would sort older than the day's kept files
 * and be pruned the moment it was published.
 */
export async function nextSnapshotPath(dir: string, name: string, date: string): Promise<string> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  let next = 0;
  for (const entry of entries) {
    const match = SNAPSHOT_FILE.exec(entry.replace(/\.writing.*$/, ''));
    if (match?.[1] === name && match[2] === date) next = Math.max(next, Number(match[3] ?? 0) + 1);
  }
  return path.join(dir, snapshotFileName(name, date, next));
}

export const TEMP_SUFFIX = '.writing';
/** `<snapshot>.writing-<pid>` (and its `-journal`): the writing run's process id. */
const TEMP_OWNER = /\.writing-(\d+)/;

/**
 * Removes temporary files left by a run that was killed mid-write: never a published file, and
 * never the temporary of a run still going (its process id is in the name).
 */
export async function removeStaleTemporaries(dir: string): Promise<string[]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  const stale = entries.filter((entry) => {
    if (entry.endsWith(TEMP_SUFFIX)) return true;
    const owner = TEMP_OWNER.exec(entry);
    return owner !== null && !processRunning(Number(owner[1]));
  });
  await Promise.all(stale.map((entry) => rm(path.join(dir, entry), { force: true })));
  return stale;
}

/**
 * Keeps the newest `keep` snapshots, and `published` (the one just published) whatever its place;
 * each goes with its document texts file. A file that cannot be removed is left for the next run
 * to try again: the run has published, so pruning never fails it. Returns the snapshots removed.
 */
export async function pruneSnapshots(dir: string, name: string, keep: number, published?: string): Promise<string[]> {
  const files = await listSnapshots(dir, name);
  const old = files.slice(0, Math.max(0, files.length - Math.max(1, keep))).filter((file) => published === undefined || path.resolve(file) !== path.resolve(published));
  const remove = (file: string) => rm(file, { force: true }).then(() => true, () => false);
  // The snapshot first: one left behind by a failed removal keeps its texts; texts left behind are only disk.
  const removed = await Promise.all(
    old.map(async (file) => {
      if (!(await remove(file))) return false;
      await remove(path.join(dir, documentTextsFileOf(path.basename(file))));
      return true;
    }),
  );
  return old.filter((_, index) => removed[index]);
}

/** What a server on this folder serves after a run that published nothing: said plainly, never assumed. */
export async function servedStatus(dir: string, name: string): Promise<string> {
  const newest = (await listSnapshots(dir, name)).at(-1);
  return newest
    ? `The older snapshot ${path.basename(newest)} is still served.`
    : `No snapshot has been published in ${dir} yet: nothing a pipeline run built is served.`;
}
