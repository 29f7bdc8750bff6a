// Request logs through hapi-pino: every request gets a pino child logger (`request.logger`), and
// each finished request leaves one `request` line: method, path (never the query), status, time
// taken and the snapshot it read. No header, query or body is ever bound to the logger, so no
// argument value reaches a log line.
import type { Request, Server } from '@hapi/hapi';
import HapiPino from 'hapi-pino';
import type { Logger } from './log.ts';

export async function registerRequestLog(server: Server, log: Logger): Promise<void> {
  await server.register({
    plugin: HapiPino,
    options: {
      instance: log.pino,
      // hapi-pino's own lines (start, stop, its completion line with the raw request) are off:
      // the composition root logs start-up, and logRequest below writes the request line.
      logEvents: false,
      logRequestComplete: false,
      getChildBindings: () => ({}),
    },
  });
}

export function logRequest(request: Request, log: Logger, status: number | null): void {
  (request.logger ?? log.pino).info(
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
