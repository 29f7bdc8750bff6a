// One run at a time per snapshots folder (or whatever a lock file guards): a lock file holding the
// owner's process id and, where the system tells it (/proc), the kernel's start time of that
// process. The lock is written whole to a file of the owner's own and then linked into place, so a
// full disk can leave no empty or torn lock behind. A lock is live only while its process runs:
// alive, not a zombie, not exiting after a kill, and (where recorded) the very process that took it,
// not a later one given the same id. Any other lock, an unreadable one included, is reported and
// replaced.
import { readFileSync } from 'node:fs';
import { link, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export const LOCK_FILE = '.pipeline.lock';

/** Another run holds the folder. */
export class LockHeld extends Error {
  override name = 'LockHeld';
}

/** Whether a process with this id exists (one we may not signal does); a zombie does too. */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PF_EXITING in /proc/<pid>/stat's flags: the process was killed and is being torn down. */
const PF_EXITING = 0x4;

interface ProcStat {
  state: string;
  flags: number;
  /** Clock ticks after boot at which the process started: with the pid, names one process. */
  start: string;
}

/** A process's /proc/<pid>/stat, or null where there is none (not Linux, or the process is gone). */
function procStat(pid: number | 'self'): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold anything: fields count from the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return fields.length > 19 ? { state: fields[0]!, flags: Number(fields[6]), start: fields[19]! } : null;
}

/**
 * Whether a process is running: alive, and where /proc tells it, neither a zombie waiting to be
 * reaped nor a killed process still being torn down (a `kill -9`ed run lingers a second or more),
 * and, given `start`, the process that recorded it rather than a later one reusing the id.
 */
export function processRunning(pid: number, start?: string | null): boolean {
  if (!processAlive(pid)) return false;
  const stat = procStat(pid);
  if (stat === null) return true; // no /proc: alive is all that can be known
  if (stat.state === 'Z' || stat.state === 'X' || (stat.flags & PF_EXITING) !== 0) return false;
  return !start || stat.start === start;
}

export interface LockOptions {
  /** The lock file's name in the folder (default `.pipeline.lock`). */
  file?: string;
  /** What holds such a lock, as messages name it (default "pipeline run"). */
  what?: string;
}

export interface RunLock {
  /** What was replaced to take the lock, as a warning for the run's report; null when nothing was. */
  takeover: string | null;
  release(): Promise<void>;
}

interface Holder {
  pid?: unknown;
  started_at?: unknown;
  process_start?: unknown;
}

/** The lock's holder, or why the file cannot be read as one. */
async function readHolder(file: string): Promise<{ holder: Holder & { pid: number }; text: string } | { unreadable: string; text: string | null }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { unreadable: code === 'ENOENT' ? 'gone' : `it cannot be read (${code ?? (error as Error).message})`, text: null };
  }
  if (text.trim() === '') return { unreadable: 'it is empty (a write cut short, as on a full disk)', text };
  try {
    const holder = JSON.parse(text) as Holder;
    if (holder && Number.isInteger(holder.pid) && (holder.pid as number) > 0) return { holder: holder as Holder & { pid: number }, text };
  } catch {
    // reported below
  }
  return { unreadable: `it is not a lock this code wrote (${text.length} bytes, no process id)`, text };
}

/** Removes lock drafts (`<lock>.<pid>.<random>`) left by processes no longer running. */
async function removeDeadDrafts(dir: string, file: string): Promise<void> {
  const draft = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d+)\\.[0-9a-f]+$`);
  const entries = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    entries.map((entry) => {
      const owner = draft.exec(entry);
      return owner && !processRunning(Number(owner[1])) ? rm(path.join(dir, entry), { force: true }) : null;
    }),
  );
}

export async function acquireRunLock(dir: string, options: LockOptions = {}): Promise<RunLock> {
  const name = options.file ?? LOCK_FILE;
  const what = options.what ?? 'pipeline run';
  const file = path.join(dir, name);
  await removeDeadDrafts(dir, name);
  // Written whole first, under a name of this process's own: a full disk fails here, leaving no lock.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const content = JSON.stringify({ pid: process.pid, what, started_at: new Date().toISOString(), process_start: procStat('self')?.start ?? null });
  try {
    await writeFile(draft, content, { flag: 'wx' });
  } catch (error) {
    await rm(draft, { force: true }).catch(() => {});
    throw error;
  }
  let takeover: string | null = null;
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        await link(draft, file); // never over an existing lock
        return { takeover, release: () => rm(file, { force: true }) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const read = await readHolder(file);
      if ('holder' in read) {
        const { pid, started_at, process_start } = read.holder;
        if (processRunning(pid, typeof process_start === 'string' ? process_start : null)) {
          throw new LockHeld(
            `Another ${what} (pid ${pid}${typeof started_at === 'string' ? `, started ${started_at}` : ''}) holds ${file}; this run did nothing. ` +
              'If no run is going, delete that file.',
          );
        }
        takeover = `took over the lock of run pid ${pid}, which is no longer running`;
      } else if (read.unreadable !== 'gone') {
        takeover = `replaced the lock file ${name}: ${read.unreadable}`;
      }
      // Removed only if it is still the file judged (one that cannot be read at all, whatever it is):
      // a run that replaced it meanwhile keeps its lock.
      if (read.text === null || (await readFile(file, 'utf8').catch(() => null)) === read.text) await rm(file, { force: true });
    }
    throw new LockHeld(`${file} was taken by another run while a stale lock was being cleared; this run did nothing.`);
  } finally {
    await rm(draft, { force: true });
  }
}
