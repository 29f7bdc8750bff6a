// A server under test, in its own process:
//   serve-child.ts ours <snapshotsDir>                 the real service (limits raised so load is not refused)
//   serve-child.ts baseline <bodies.json>              minimal node:http sending the body recorded for each key
//   serve-child.ts bare-hapi <bodies.json>             one hapi route sending the same recorded bodies (the framework's floor)
// The baselines find a request's recorded answer by its x-bench-key header (keys.ts), both alike.
// Prints one JSON line { url } once listening.
import { createServer as createHttpServer } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

const [kind, arg] = process.argv.slice(2) as ['ours' | 'baseline' | 'bare-hapi', string];

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
