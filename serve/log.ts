// Structured logs: one JSON object per line on stdout, so any log shipper can parse them.
import type { LogLevel } from './settings.ts';

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

export type LogFields = Record<string, unknown>;

export interface Logger {
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
}

/**
 * Lines written to stdout together once per event-loop turn. Writing to a file or pipe is a
 * synchronous system call, so a busy server makes one write for many requests instead of one
 * each; what is pending is written before the process exits.
 */
export function batchedStdout(): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    process.stdout.write(text);
  };
  process.on('exit', flush);
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
}

let stdoutWriter: ((line: string) => void) | undefined;

export function createLogger(level: LogLevel, write: (line: string) => void = (stdoutWriter ??= batchedStdout())): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>) => (msg: string, fields: LogFields = {}) => {
    if (RANK[at] > RANK[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...fields }) + '\n');
  };
  return { error: emit('error'), warn: emit('warn'), info: emit('info'), debug: emit('debug') };
}
