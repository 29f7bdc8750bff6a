// Structured logs through pino: one JSON object per line on stdout, so any log shipper can parse
// them. Every line has `level` (a word), `time` (ISO 8601) and `msg`; serve/http/request-log.ts writes
// the request lines through the same logger.
import pino, { type DestinationStream, type Logger as PinoLogger } from 'pino';

export const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

export interface Logger {
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
  /** The pino logger underneath, for the request lines. */
  readonly pino: PinoLogger;
}

/**
 * stdout through pino's buffered, asynchronous writer: a busy server makes one write for many
 * lines, and what is pending is flushed when the process exits. Shared by every logger.
 */
let stdout: DestinationStream | undefined;

/** `write` receives each line (with its newline); tests pass their own. */
export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const destination = write ? { write } : (stdout ??= pino.destination({ dest: 1, sync: false }));
  const logger = pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  const emit = (at: Exclude<LogLevel, 'silent'>) => (msg: string, fields: LogFields = {}) => logger[at](fields, msg);
  return { error: emit('error'), warn: emit('warn'), info: emit('info'), debug: emit('debug'), pino: logger };
}
