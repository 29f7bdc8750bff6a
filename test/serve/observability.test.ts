// Standard logs and metrics: one pino JSON line per request (failures at info, every request at
// debug) with the same fields as ever and no argument value; Prometheus metrics on their own loopback listener, never on the public port.
import test from 'ava';
import { createLogger } from '../../serve/lib/log.ts';
import { createServer } from '../../serve/server.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { examples } from '../helpers/examples.ts';
import { postJson } from '../helpers/server.ts';
import { publishNewerSnapshot, snapshotDir } from '../helpers/snapshot.ts';

async function start(t: import('ava').ExecutionContext, overrides: Partial<ReturnType<typeof settingsFromEnv>> = {}, level: 'info' | 'debug' = 'info') {
  const lines: string[] = [];
  const base = settingsFromEnv({});
  const settings = { ...base, snapshotsDir: await snapshotDir(), port: 0, host: '127.0.0.1', logLevel: level, snapshotPollMs: 3_600_000, ...overrides };
  const app = await createServer(settings, createLogger(level, (line) => lines.push(line)));
  t.teardown(() => app.close());
  return { app, lines };
}

const settle = async (ready: () => boolean) => {
  for (let i = 0; i < 50 && !ready(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
};

/** Four requests (three succeed, one 404) and the request lines they left. */
async function fourRequests(t: import('ava').ExecutionContext, level: 'info' | 'debug', expected: number) {
  const { app, lines } = await start(t, {}, level);
  const license = (await examples()).one<{ license_number: string }>('a home', 'SELECT license_number FROM facilities').license_number;
  t.is((await fetch(`${app.url}/api/v1/facilities?city=Xylophonetown`)).status, 200);
  t.is((await postJson(`${app.url}/api/v1/check`, { homes: ['Quixotic Secret Home'] })).status, 200);
  t.is((await fetch(`${app.url}/api/v1/facilities/${license}`)).status, 200);
  t.is((await fetch(`${app.url}/no-such-page`)).status, 404);
  const requestLines = () => lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request');
  await settle(() => requestLines().length >= expected);
  // A line that would come late still has time to show up and fail the count.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const entries = requestLines();
  for (const entry of entries) {
    t.deepEqual(Object.keys(entry).sort(), ['level', 'method', 'ms', 'msg', 'path', 'snapshot', 'status', 'time']);
    t.regex(entry.time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    t.is(typeof entry.ms, 'number');
  }
  const text = lines.join('');
  t.false(text.includes('Xylophonetown'), 'no query value');
  t.false(text.includes('Quixotic'), 'no body value');
  t.true(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n')), 'one line each');
  return { app, license, entries };
}

test('at debug each request leaves one JSON line: level, time, msg, method, path, status, ms, snapshot; no argument value', async (t) => {
  const { app, license, entries } = await fourRequests(t, 'debug', 4);
  // A line is written once its response has gone out, which can be after the client already has the
  // headers and sent the next request: the lines are compared in the order of the requests.
  const order = ['/api/v1/facilities', '/api/v1/check', `/api/v1/facilities/${license}`, '/no-such-page'];
  t.deepEqual(
    entries.map((entry) => [entry.level, entry.method, entry.path, entry.status]).sort((a, b) => order.indexOf(a[2]) - order.indexOf(b[2])),
    [
      ['debug', 'GET', '/api/v1/facilities', 200],
      ['debug', 'POST', '/api/v1/check', 200],
      ['debug', 'GET', `/api/v1/facilities/${license}`, 200],
      ['info', 'GET', '/no-such-page', 404],
    ],
  );
  t.is(entries[0].snapshot, app.services.snapshots.current.file);
});

test('at info only a failed request leaves its line', async (t) => {
  const { entries } = await fourRequests(t, 'info', 1);
  t.deepEqual(
    entries.map((entry) => [entry.level, entry.method, entry.path, entry.status]),
    [['info', 'GET', '/no-such-page', 404]],
  );
});

test('metrics: on their own loopback port, absent (404) on the public port', async (t) => {
  const base = settingsFromEnv({});
  const { app } = await start(t, { metrics: { port: 0, host: '127.0.0.1' }, rateLimits: { ...base.rateLimits, apiV1: 2 } });
  t.truthy(app.metricsUrl);
  t.not(new URL(app.metricsUrl!).port, new URL(app.url).port);
  t.is(new URL(app.metricsUrl!).hostname, '127.0.0.1');

  const license = (await examples()).one<{ license_number: string }>('a home', 'SELECT license_number FROM facilities').license_number;
  for (let i = 0; i < 3; i += 1) await fetch(`${app.url}/api/v1/facilities/${license}`);
  await app.services.overlays.refresh();
  const before = await (await fetch(app.metricsUrl!)).text();
  t.regex(before, /^snapshot_switches_total 0$/m);
  await publishNewerSnapshot(app.services.settings.snapshotsDir, '2099-01-02');
  t.true(await app.services.snapshots.refresh());

  const reply = await fetch(app.metricsUrl!);
  t.is(reply.status, 200);
  t.regex(reply.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/);
  const text = await reply.text();
  t.regex(text, /^http_requests_total\{route="\/api\/v1\/facilities\/\{license\}",method="GET",status="200"\} 2$/m);
  t.regex(text, /^http_requests_total\{route="refused_before_routing",method="GET",status="429"\} 1$/m);
  t.regex(text, /^http_request_duration_seconds_bucket\{le="0\.1",route="\/api\/v1\/facilities\/\{license\}",method="GET"\} \d+$/m);
  t.regex(text, /^rate_limited_total\{budget="api_v1"\} 1$/m);
  t.regex(text, /^snapshot_switches_total 1$/m);
  t.regex(text, /^overlay_reloads_total \d+$/m);
  t.regex(text, /^snapshot_date_seconds 4070995200$/m, '2099-01-02 at midnight UTC');
  t.regex(text, /^snapshot_age_seconds 0$/m, 'a date in the future is not a negative age');
  t.false(text.includes(license), 'labels are route patterns, never values');

  for (const path of ['/metrics', '/metrics/', '/api/metrics']) {
    const publicReply = await fetch(`${app.url}${path}`);
    t.is(publicReply.status, 404, path);
    t.false((await publicReply.text()).includes('http_requests_total'), path);
  }
  t.is((await fetch(new URL('/other', app.metricsUrl!))).status, 404);
});

test('METRICS_PORT: unset, empty or 0 is off; a port turns the listener on; never the public port', (t) => {
  t.is(settingsFromEnv({}).metrics.port, null);
  t.is(settingsFromEnv({ METRICS_PORT: '' }).metrics.port, null);
  t.is(settingsFromEnv({ METRICS_PORT: '0' }).metrics.port, null);
  t.deepEqual(settingsFromEnv({ METRICS_PORT: '9464' }).metrics, { port: 9464, host: '127.0.0.1' });
  t.is(settingsFromEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics.host, '0.0.0.0');
  t.throws(() => settingsFromEnv({ PORT: '3000', METRICS_PORT: '3000' }), { message: /METRICS_PORT must differ from PORT/ });
  t.throws(() => settingsFromEnv({ METRICS_PORT: 'x' }), { message: /METRICS_PORT must be an integer/ });
});
