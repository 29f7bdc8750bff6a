// The snapshots folder: published files (never edited), their order, the next name, pruning.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { processAlive } from './lock.ts';
import { SNAPSHOT_FILE, compareSnapshotFiles, snapshotFileName } from '../../contract/snapshot-schema.ts';

/** Published snapshot files of this name, oldest first. */
export async function listSnapshots(dir: string, name: string): Promise<string[]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries
    .filter((entry) => SNAPSHOT_FILE.exec(entry)?.[1] === name)
    .sort(compareSnapshotFiles)
    .map((entry) => path.join(dir, entry));
}

/** `<name>-<date>.sqlite`, or the next free `<name>-<date>.<n>.sqlite` for a later run that day. */
export async function nextSnapshotPath(dir: string, name: string, date: string): Promise<string> {
  for (let sequence = 0; ; sequence += 1) {
    const candidate = path.join(dir, snapshotFileName(name, date, sequence));
    const exists = await stat(candidate).then(() => true, () => false);
    if (!exists) return candidate;
  }
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
    return owner !== null && !processAlive(Number(owner[1]));
  });
  await Promise.all(stale.map((entry) => rm(path.join(dir, entry), { force: true })));
  return stale;
}

/** Keeps the newest `keep` snapshots; the one just published is always among them. */
export async function pruneSnapshots(dir: string, name: string, keep: number): Promise<string[]> {
  const files = await listSnapshots(dir, name);
  const old = files.slice(0, Math.max(0, files.length - Math.max(1, keep)));
  await Promise.all(old.map((file) => rm(file, { force: true })));
  return old;
}

/** What a server on this folder serves after a run that published nothing: said plainly, never assumed. */
export async function servedStatus(dir: string, name: string): Promise<string> {
  const newest = (await listSnapshots(dir, name)).at(-1);
  return newest
    ? `The older snapshot ${path.basename(newest)} is still served.`
    : `No snapshot has been published in ${dir} yet: nothing a pipeline run built is served.`;
}
