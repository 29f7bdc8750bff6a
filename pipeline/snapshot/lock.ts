// One run at a time per snapshots folder: a lock file created exclusively, holding the owner's
// process id. A lock whose process is gone (a killed run) is stale and is taken over.
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export const LOCK_FILE = '.pipeline.lock';

/** Another run holds the folder. */
export class LockHeld extends Error {
  override name = 'LockHeld';
}

/** Whether a process with this id is running (one we may not signal still is). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface RunLock {
  /** The pid of a dead run whose lock was taken over, if any. */
  staleFrom: number | null;
  release(): Promise<void>;
}

/** `lockFile` and `what`: another long-running job (the crawler) holds a lock of its own the same way. */
export async function acquireRunLock(dir: string, lockFile = LOCK_FILE, what = 'pipeline run'): Promise<RunLock> {
  const file = path.join(dir, lockFile);
  let staleFrom: number | null = null;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify({ pid: process.pid, started_at: new Date().toISOString() }));
      await handle.close();
      return { staleFrom, release: () => rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as { pid?: number; started_at?: string },
      () => null,
    );
    // Unreadable: its owner may be writing it this instant, so it counts as held.
    if (!holder || processAlive(Number(holder.pid))) {
      throw new LockHeld(
        `Another ${what} (pid ${holder?.pid ?? 'unknown'}${holder?.started_at ? `, started ${holder.started_at}` : ''}) holds ${file}; this run did nothing. ` +
          'If no run is going, delete that file.',
      );
    }
    staleFrom = Number(holder.pid);
    await rm(file, { force: true });
  }
  throw new LockHeld(`${file} was taken by another run while a stale lock was being cleared; this run did nothing.`);
}
