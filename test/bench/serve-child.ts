// A server under test, in its own process:
//   serve-child.ts ours <snapshotsDir>                 the real service (limits raised so load is not refused)
//   serve-child.ts baseline <bodies.json>              minimal node:http sending the body recorded for each key
//   serve-child.ts bare-hapi <bodies.json>             one hapi route sending the same recorded bodies (the framework's floor)
//   serve-child.ts hapi-read <snapshotsDir>            one hapi route doing only the home detail's own work (the floor with the row read)
//   serve-child.ts mcp-floor <snapshotsDir> <args.json> the real service whose get_home and find_homes answers are ready before
//                                                      the load (the /mcp route and the SDK with no tool work: their floor)
// The baselines find a request's recorded answer by its x-bench-key header (keys.ts), both alike.
// Prints one JSON line { url } once listening.
import { createServer as createHttpServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

// The bench asks over IPC for this process's CPU time (user + system, µs), before and after a run.
process.on('message', (message) => {
  if (message !== 'cpu') return;
  const used = process.cpuUsage();
  process.send?.({ cpu_us: used.user + used.system });
});

const [kind, arg, argsFile] = process.argv.slice(2) as ['ours' | 'baseline' | 'bare-hapi' | 'hapi-read' | 'mcp-floor', string, string?];

if (kind === 'ours' || kind === 'mcp-floor') {
  // Loaded only here, so the baseline process carries nothing of the service.
  const { createServer } = await import('../../serve/server.ts');
  const { settingsFromEnv } = await import('../../serve/http/settings.ts');
  const settings = settingsFromEnv({ ...process.env, PORT: '0', HOST: '127.0.0.1', SNAPSHOTS_DIR: arg, LOG_LEVEL: 'info' });
  // The budgets are production's design; a load test from one address would only measure 429s.
  settings.rateLimits = { ...settings.rateLimits, apiV1: 1e9, apiAll: 1e9, check: 1e9 };
  settings.mcp = { ...settings.mcp, rateLimit: 1e9 };
  const app = await createServer(settings);
  if (kind === 'mcp-floor') await answersReady(app, JSON.parse(readFileSync(argsFile!, 'utf8')) as FloorArgs);
  process.stderr.write(JSON.stringify({ url: app.url }) + '\n');
} else if (kind === 'hapi-read') {
  // The home detail's own work on one bare hapi route: the snapshot row read (the narrow first
  // touch), the base URL filled, the envelope. No validation, budgets, logging, metrics or ETag:
  // what any answer read from the snapshot costs before our request stack.
  const { default: Hapi } = await import('@hapi/hapi');
  const { settingsFromEnv } = await import('../../serve/http/settings.ts');
  const { SnapshotStore } = await import('../../serve/records/snapshot.ts');
  const { Overlay } = await import('../../serve/records/overlay.ts');
  const { BaseUrlFiller } = await import('../../serve/records/base-url.ts');
  const { restDetailJson } = await import('../../serve/shape/facility.ts');
  const { envelopeJson, stateAttribution } = await import('../../serve/shape/envelope.ts');
  const { CACHE_CONTROL } = await import('../../serve/http/cache-control.ts');
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

/** The tool arguments the MCP floor answers, per tool name. */
export type FloorArgs = Record<'get_home' | 'find_homes', Array<Record<string, unknown>>>;

/**
 * Runs get_home and find_homes once for every argument set before the load and makes each tool
 * hand back its ready answer (its text is still written per call, as for any answer). What a call
 * then costs is the route, the SDK and the answer's serialization alone: the floor any tool's work
 * adds to.
 */
async function answersReady(app: { services: import('../../serve/http/services.ts').Services }, floorArgs: FloorArgs): Promise<void> {
  const { mcpCall } = await import('../../serve/mcp/context.ts');
  const { getHome } = await import('../../serve/mcp/tools/get-home.ts');
  const { findHomes } = await import('../../serve/mcp/tools/find-homes.ts');
  const request = { app: {}, headers: {}, info: { remoteAddress: '127.0.0.1' } } as unknown as import('@hapi/hapi').Request;
  const call = mcpCall(request, app.services);
  // The SDK hands a tool its arguments as its input schema parsed them: key them the same way.
  const keyOf = (args: object) => JSON.stringify(Object.entries(args).sort(([a], [b]) => (a < b ? -1 : 1)));
  for (const tool of [getHome, findHomes] as Array<{ name: string; input: { parse(value: unknown): object }; run: (...params: never[]) => unknown }>) {
    const ready = new Map<string, unknown>();
    const run = tool.run;
    for (const args of floorArgs[tool.name as keyof FloorArgs]) {
      const parsed = tool.input.parse(args);
      ready.set(keyOf(parsed), (run as (a: object, c: typeof call, x: never) => unknown)(parsed, call, {} as never));
    }
    tool.run = ((args: object) => {
      const answer = ready.get(keyOf(args));
      if (answer !== undefined) return answer;
      // A call the floor was not given would pay the tool's work and blur the floor: stop loudly
      // (the load then counts failures).
      process.stderr.write(`mcp-floor: no ready answer for ${tool.name} ${keyOf(args)}\n`);
      process.exit(3);
    }) as never;
  }
}
