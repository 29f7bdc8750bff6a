// Loaded with --import into a pipeline run (full-disk.test.ts): file operations on paths matching
// FULL_DISK_AT fail as a full disk makes them fail (or with FULL_DISK_ERRNO, e.g. EACCES): Node's own
// error shape (errno, code, syscall, path), and a written file is left created and empty, as a
// write that found no free block leaves it. FAIL_IN_BACKGROUND makes an error no await reaches:
// a callback of its own throws while the run goes on.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

const at = process.env.FULL_DISK_AT ? new RegExp(process.env.FULL_DISK_AT) : null;
const code = process.env.FULL_DISK_ERRNO ?? 'ENOSPC';
const ERRNO: Record<string, [number, string]> = { ENOSPC: [-28, 'no space left on device'], EACCES: [-13, 'permission denied'] };

/** As Node reports it: a failed write names no file (the handle's), an operation on a path names it. */
function systemError(syscall: string, file: string): NodeJS.ErrnoException {
  const [errno, words] = ERRNO[code]!;
  if (syscall === 'write') return Object.assign(new Error(`${code}: ${words}, write`), { errno, code, syscall });
  return Object.assign(new Error(`${code}: ${words}, ${syscall} '${file}'`), { errno, code, syscall, path: file });
}

const hits = (file: unknown) => at !== null && at.test(String(file));

if (at) {
  const p = fs.promises as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const create = fs.promises.open;
  for (const name of ['writeFile', 'appendFile']) {
    const original = p[name]!;
    p[name] = async (file, ...rest) => {
      if (!hits(file)) return original(file, ...rest);
      await create(String(file), 'a').then((handle) => handle.close());
      throw systemError('write', String(file));
    };
  }
  for (const [name, syscall] of [['mkdir', 'mkdir'], ['link', 'link'], ['rename', 'rename'], ['open', 'open'], ['chmod', 'chmod']] as const) {
    const original = p[name]!;
    // link and rename fail on their target, the file being made.
    const target = (args: unknown[]) => (name === 'link' || name === 'rename' ? args[1] : args[0]);
    p[name] = (...args) => (hits(target(args)) ? Promise.reject(systemError(syscall, String(target(args)))) : original(...args));
  }
  syncBuiltinESMExports();
}

const background = process.env.FAIL_IN_BACKGROUND;
if (background) {
  // Thrown once the run first lists its snapshots folder: the run is under way by then.
  const p = fs.promises as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = p.readdir!;
  let thrown = false;
  p.readdir = (...args) => {
    if (!thrown && String(args[0]) === path.dirname(background)) {
      thrown = true;
      setImmediate(() => {
        throw Object.assign(new Error(`EIO: i/o error, read '${background}'`), { errno: -5, code: 'EIO', syscall: 'read', path: background });
      });
    }
    return original(...args);
  };
  syncBuiltinESMExports();
}
