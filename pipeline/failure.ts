// What an unforeseen failure of a run says: a full disk, a folder it may not write, any error no
// stage turned into a RunFailed. Said in plain words on the run's one "Run failed" line, never as a
// stack trace; the run published nothing (a failure after publishing is no failure: pruning never fails).
import path from 'node:path';

/** System errors a run meets, in plain words. */
const PLAIN: Record<string, string> = {
  ENOSPC: 'the disk is full',
  SQLITE_FULL: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the file system is read-only',
  SQLITE_READONLY: 'the file system is read-only',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EIO: 'the disk reported an input/output error',
  SQLITE_IOERR: 'the disk reported an input/output error',
  ENOENT: 'a file or folder is missing',
};

/** One sentence for an error no stage described, with its code and the file it concerns (relative to `dir` when inside it). */
export function unforeseenFailure(error: unknown, dir: string): string {
  if (!(error instanceof Error)) return `the run stopped on an unexpected error (${String(error).slice(0, 200)}). Nothing was published.`;
  const { code, syscall, path: file } = error as NodeJS.ErrnoException;
  // SQLite's extended codes (SQLITE_IOERR_WRITE) read as their primary one.
  const plain = typeof code === 'string' ? (PLAIN[code] ?? PLAIN[code.split('_').slice(0, 2).join('_')]) : undefined;
  const where = typeof file === 'string' ? ` (${path.relative(dir, file).startsWith('..') ? file : path.relative(dir, file) || '.'})` : '';
  const detail = [code, syscall].filter(Boolean).join(' on ');
  const firstLine = error.message.split('\n')[0]!.slice(0, 300);
  const said = plain ? `${plain}${where}: ${detail || firstLine}` : `the run stopped on an unexpected error${where}: ${firstLine}${detail ? ` (${detail})` : ''}`;
  return `${said}. Nothing was published.`;
}
