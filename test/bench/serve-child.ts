// A server under test, in its own process:
//   serve-child.ts ours <snapshotsDir>                 the real service (limits raised so load is not refused)
//   serve-child.ts baseline <bodies.json>              minimal node:http sending the body recorded for each key
//   serve-child.ts bare-hapi <bodies.json>             one hapi route sending the same recorded bodies (the framework's floor)
//   serve-child.ts hapi-read <snapshotsDir>            one hapi route doing only the home detail's own work (the floor with the row read)
// The baselines find a request's recorded answer by its x-bench-key header (keys.ts), both alike.
// Prints one JSON line { url } once listening.
import { createServer as createHttpServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

const [kind, arg] = process.argv.slice(2) as ['ours' | 'baseline' | 'bare-hapi' | 'hapi-read', string];

if (kind === 'ours') {
  // Loaded only here, so the baseline process carries nothing of the service.
  const { createServer } = await import('../../serve/server.ts');
  const { settingsFromEnv } = await import('../../serve/settings.ts');
  const settings = settingsFromEnv({ ...process.env, PORT: '0', HOST: '127.0.0.1', SNAPSHOTS_DIR: arg, LOG_LEVEL: 'info' });
  // The budgets are production's design; a load test from one address would only measure 429s.
  settings.rateLimits = { ...settings.rateLimits, apiV1: 1e9, apiAll: 1e9, check: 1e9 };
  settings.mcp = { ...settings.mcp, rateLimit: 1e9 };
  const app = await createServer(settings);
  process.stderr.write(JSON.stringify({ url: app.url }) + '\n');
} else if (kind === 'hapi-read') {
  // The home detail's own work on one bare hapi route: the snapshot row read (the narrow first
  // touch), the base URL filled, the envelope. No validation, budgets, logging, metrics or ETag:
  // what any answer read from the snapshot costs before our request stack.
  const { default: Hapi } = await import('@hapi/hapi');
  const { settingsFromEnv } = await import('../../serve/settings.ts');
  const { SnapshotStore } = await import('../../serve/snapshot.ts');
  const { Overlay } = await import('../../serve/overlay.ts');
  const { BaseUrlFiller } = await import('../../serve/shape/base-url.ts');
  const { restDetailJson } = await import('../../serve/shape/facility.ts');
  const { envelopeJson, stateAttribution } = await import('../../serve/shape/envelope.ts');
  const { CACHE_CONTROL } = await import('../../serve/rest/plugin.ts');
  const settings = settingsFromEnv({ ...process.env, PORT: '0', HOST: '127.0.0.1', SNAPSHOTS_DIR: arg });
  const quiet = () => {};
  const snapshots = SnapshotStore.open({ dir: arg, pollMs: 3_600_000, log: { debug: quiet, info: quiet, warn: quiet, error: quiet } as never });
  const context = { snapshot: snapshots.current, overlay: Overlay.empty(), filler: new BaseUrlFiller(settings.baseUrl) };
  const attribution = stateAttribution(settings.baseUrl, context.snapshot.meta.snapshotDate, context.snapshot.meta.demoData);
  const server = Hapi.server({ port: 0, host: '127.0.0.1' });
  server.route({
    method: 'GET',
    path: '/api/v1/facilities/{license}',
    handler: (request, h) => {
      const data = restDetailJson(context, request.params.license as string);
      if (data === undefined) return h.response().code(404);
      return h.response(envelopeJson(data, attribution)).type('application/json; charset=utf-8').header('cache-control', CACHE_CONTROL.facility);
    },
  });
  await server.start();
  process.stderr.write(JSON.stringify({ url: server.info.uri }) + '\n');
} else if (kind === 'bare-hapi') {
  // What hapi itself costs: no validation, limits, logging or envelope, only the stored answer.
  const { default: Hapi } = await import('@hapi/hapi');
  const bodies = JSON.parse(readFileSync(arg, 'utf8')) as Record<string, { status: number; headers: Record<string, string>; body: string }>;
  const server = Hapi.server({ port: 0, host: '127.0.0.1' });
  server.route({
    method: '*',
    path: '/{any*}',
    handler: (request, h) => {
      const answer = bodies[String(request.headers['x-bench-key'])];
      if (!answer) return h.response().code(404);
      const response = h.response(answer.body).code(answer.status);
      for (const [name, value] of Object.entries(answer.headers)) response.header(name, value);
      return response;
    },
  });
  await server.start();
  process.stderr.write(JSON.stringify({ url: server.info.uri }) + '\n');
} else {
  const bodies = JSON.parse(readFileSync(arg, 'utf8')) as Record<string, { status: number; headers: Record<string, string>; body: string }>;
  const server = createHttpServer((request, response) => {
    const answer = bodies[String(request.headers['x-bench-key'])];
    // Drain any request body, then answer with the stored bytes.
    request.resume();
    request.on('end', () => {
      if (!answer) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    process.stderr.write(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }) + '\n');
  });
}
