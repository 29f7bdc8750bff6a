// Request lines: one JSON line per finished request through the one pino logger: method, path
// (never the query), status, time taken and the snapshot it read. No header, query or body is ever
// logged. A request that failed (status 400 or more, or no answer) is logged at `info`; one that
// succeeded only at `debug`: writing a line for every success cost about a fifth of a home
// detail's CPU, and successes are counted and timed by the metrics (and by a CDN's own logs).
import type { Request } from '@hapi/hapi';
import type { Logger } from '../lib/log.ts';

export function logRequest(request: Request, log: Logger, status: number | null): void {
  const level = status === null || status >= 400 ? 'info' : 'debug';
  if (!log.pino.isLevelEnabled(level)) return;
  log.pino[level](
    {
      method: request.method.toUpperCase(),
      path: request.path,
      status,
      ms: Date.now() - request.info.received,
      snapshot: request.app.snapshot?.file ?? null,
    },
    'request',
  );
}
