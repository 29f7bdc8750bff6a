// The pipeline's HTTP client against a loopback stand-in: stalled bodies, Retry-After, deadlines,
// conditional requests, pacing, bounded concurrency, and multipart POSTs (the batch geocoder's).
import test from 'ava';
import { createHttpClient, FetchFailed, type HttpClient } from '../../pipeline/http.ts';
import type { HttpConfig } from '../../pipeline/config.ts';
import { startStateServer, type StateServer } from './state-server.ts';

const BASE: HttpConfig = { timeoutMs: 300, retries: 2, backoffMs: 5, concurrency: 4, minIntervalMs: 0, userAgent: 'test-agent' };
const text = (body: { text(): Promise<string> }) => body.text();

async function setup(t: { teardown(fn: () => Promise<void>): void }, config: Partial<HttpConfig> = {}): Promise<{ server: StateServer; http: HttpClient }> {
  const server = await startStateServer();
  const http = createHttpClient({ ...BASE, ...config });
  t.teardown(async () => {
    await http.close();
    await server.close();
  });
  return { server, http };
}

test('a body that stalls past the timeout errors instead of hanging, and is retried', async (t) => {
  const { server, http } = await setup(t);
  server.route('/file.csv', { body: 'a,b\n', stall: true }, { body: 'a,b\n1,2\n' });
  const result = await http.get(`${server.origin}/file.csv`, text);
  t.like(result, { status: 'fetched', value: 'a,b\n1,2\n', attempts: 2 });

  server.route('/stuck.csv', { body: 'a,b\n', stall: true });
  const error = await t.throwsAsync(http.get(`${server.origin}/stuck.csv`, text), { instanceOf: FetchFailed });
  t.is(error!.message, `Could not fetch ${server.origin}/stuck.csv after 3 attempts: body stalled for 300 ms`);
  t.is(server.requests('/stuck.csv').length, 3);
  t.is(http.requestsMade, 5);
});

test('429 and 5xx are retried after the Retry-After the server asks for; 404 is not retried', async (t) => {
  const { server, http } = await setup(t);
  server.route('/busy.json', { status: 429, headers: { 'retry-after': '1' } }, { status: 503 }, { body: '{}' });
  const started = performance.now();
  t.like(await http.get(`${server.origin}/busy.json`, text), { status: 'fetched', value: '{}', attempts: 3 });
  t.true(performance.now() - started >= 950, 'waited the second the server asked for');

  server.route('/gone.json', { status: 404 });
  const error = await t.throwsAsync(http.get(`${server.origin}/gone.json`, text), { instanceOf: FetchFailed });
  t.is(error!.message, `Could not fetch ${server.origin}/gone.json after 1 attempt: HTTP 404`);
  t.is(server.requests('/gone.json').length, 1);
});

test('a deadline ends a request at once, waiting headers or body, with no further attempt', async (t) => {
  const { server, http } = await setup(t, { timeoutMs: 5_000 });
  server.route('/slow.csv', { delayMs: 3_000, body: 'late' });
  server.route('/drip.csv', { drip: { chunk: 'x', everyMs: 50 } });
  for (const path of ['/slow.csv', '/drip.csv']) {
    const deadline = AbortSignal.timeout(300);
    const started = performance.now();
    const error = await t.throwsAsync(http.get(`${server.origin}${path}`, text, undefined, deadline), { instanceOf: FetchFailed });
    t.true(performance.now() - started < 1_500, path);
    t.regex(error!.message, /after 1 attempt: .*(timeout|aborted)/i);
    t.is(server.requests(path).length, 1, 'no further attempt');
  }
});

test('the run deadline given at creation bounds every request', async (t) => {
  const server = await startStateServer();
  const run = new AbortController();
  const http = createHttpClient({ ...BASE, timeoutMs: 5_000 }, run.signal);
  t.teardown(async () => {
    await http.close();
    await server.close();
  });
  server.route('/slow.csv', { delayMs: 3_000, body: 'late' });
  setTimeout(() => run.abort(new Error('the run passed its deadline')), 200);
  const error = await t.throwsAsync(http.get(`${server.origin}/slow.csv`, text, undefined, AbortSignal.timeout(10_000)), { instanceOf: FetchFailed });
  t.is(error!.message, `Could not fetch ${server.origin}/slow.csv after 1 attempt: the run passed its deadline`);
});

test('many requests in flight under one run deadline raise no listener-leak warning', async (t) => {
  const server = await startStateServer();
  const http = createHttpClient({ ...BASE, concurrency: 32 }, new AbortController().signal);
  t.teardown(async () => {
    await http.close();
    await server.close();
  });
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.name);
  process.on('warning', onWarning);
  t.teardown(() => process.off('warning', onWarning));
  server.route('/slow', { delayMs: 100, body: 'x' });
  await Promise.all(Array.from({ length: 32 }, () => http.get(`${server.origin}/slow`, text)));
  await new Promise((resolve) => setImmediate(resolve));
  t.deepEqual(warnings, []);
});

test('a redirect is followed, as a portal download link to its file store is', async (t) => {
  const { server, http } = await setup(t);
  server.route('/dataset/download', { status: 302, headers: { location: '/store/roster.csv' } });
  server.route('/store/roster.csv', { body: 'roster' });
  t.like(await http.get(`${server.origin}/dataset/download`, text), { status: 'fetched', value: 'roster' });
  t.deepEqual(server.requests().map((r) => [r.path, r.status]), [['/dataset/download', 302], ['/store/roster.csv', 200]]);
});

test('validators make a conditional request: 304 is not_modified; the answer carries ETag, Last-Modified and Date', async (t) => {
  const { server, http } = await setup(t);
  const lastModified = 'Mon, 16 Nov 2026 08:00:00 GMT';
  server.route('/roster.csv', { body: 'roster', etag: '"v1"', lastModified });
  const fetched = await http.get(`${server.origin}/roster.csv`, text);
  t.like(fetched, { status: 'fetched', value: 'roster', etag: '"v1"', lastModified, attempts: 1 });
  // The answer's Date comes along: the state's export, which states no date, is dated by it when it has no Last-Modified.
  t.true(fetched.status === 'fetched' && !Number.isNaN(Date.parse(fetched.served ?? '')));
  t.deepEqual(await http.get(`${server.origin}/roster.csv`, text, { etag: '"v1"', lastModified }), { status: 'not_modified', attempts: 1 });
  t.like(server.requests('/roster.csv')[1], { status: 304, headers: { 'if-none-match': '"v1"', 'if-modified-since': lastModified, 'user-agent': 'test-agent' } });
  t.like(await http.get(`${server.origin}/roster.csv`, text, { etag: '"v0"' }), { status: 'fetched', value: 'roster' });
});

test('request starts are paced and requests in flight are bounded', async (t) => {
  const paced = await setup(t, { minIntervalMs: 100 });
  paced.server.route('/x', { body: 'x' });
  let started = performance.now();
  await Promise.all([1, 2, 3, 4].map(() => paced.http.get(`${paced.server.origin}/x`, text)));
  t.true(performance.now() - started >= 290, 'four starts at least 100 ms apart');

  const bounded = await setup(t, { concurrency: 2 });
  bounded.server.route('/slow', { delayMs: 150, body: 'x' });
  started = performance.now();
  await Promise.all([1, 2, 3, 4].map(() => bounded.http.get(`${bounded.server.origin}/slow`, text)));
  t.true(performance.now() - started >= 290, 'two at a time: two rounds of 150 ms');
});

/** The form the Census batch geocoder takes: an address file and a benchmark field. */
function geocoderForm(): FormData {
  const form = new FormData();
  form.append('benchmark', 'Public_AR_Current');
  form.append('addressFile', new Blob(['1,"100 MAIN ST",OAKLAND,CA,94612\n2,"O\u2019BRIEN WAY",FRESNO,CA,93650\n'], { type: 'text/csv' }), 'addresses.csv');
  return form;
}

async function receivedForm(request: { headers: Record<string, unknown>; body: Buffer }) {
  const form = await new Response(request.body, { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
  const file = form.get('addressFile') as File;
  return { benchmark: form.get('benchmark'), fileName: file.name, file: await file.text() };
}

test('post sends a multipart form intact and retries it whole on 503', async (t) => {
  const { server, http } = await setup(t);
  server.route('/geocoder/addressbatch', { status: 503 }, { body: '"1","100 MAIN ST","Match"\n' });
  const answer = await http.post(`${server.origin}/geocoder/addressbatch`, geocoderForm(), text);
  t.is(answer, '"1","100 MAIN ST","Match"\n');
  const requests = server.requests('/geocoder/addressbatch');
  t.deepEqual(requests.map((r) => [r.method, r.status]), [['POST', 503], ['POST', 200]]);
  const expected = { benchmark: 'Public_AR_Current', fileName: 'addresses.csv', file: '1,"100 MAIN ST",OAKLAND,CA,94612\n2,"O\u2019BRIEN WAY",FRESNO,CA,93650\n' };
  for (const request of requests) {
    t.regex(String(request.headers['content-type']), /^multipart\/form-data; boundary=/);
    t.deepEqual(await receivedForm(request), expected);
  }
  t.is(http.requestsMade, 2);
});

test('post fails with FetchFailed when the server stays down, and ends at its deadline', async (t) => {
  const { server, http } = await setup(t, { timeoutMs: 5_000 });
  server.route('/down', { status: 500 });
  const down = await t.throwsAsync(http.post(`${server.origin}/down`, geocoderForm(), text), { instanceOf: FetchFailed });
  t.is(down!.message, `Could not fetch ${server.origin}/down after 3 attempts: HTTP 500`);

  server.route('/slow', { delayMs: 3_000, body: 'late' });
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('geocoding passed its deadline')), 200);
  const late = await t.throwsAsync(http.post(`${server.origin}/slow`, geocoderForm(), text, controller.signal), { instanceOf: FetchFailed });
  t.is(late!.message, `Could not fetch ${server.origin}/slow after 1 attempt: geocoding passed its deadline`);
  t.is(server.requests('/slow').length, 1);
});

test('ask reads an API refusal body with its status, retries 429 and 5xx, and ends at its deadline', async (t) => {
  const { server, http } = await setup(t, { timeoutMs: 5_000 });
  const refusal = '{"success": false, "error": {"__type": "Not Found Error", "message": "Not found"}}';
  server.route('/api/3/action/resource_show', { status: 503 }, { status: 404, body: refusal });
  t.deepEqual(await http.ask(`${server.origin}/api/3/action/resource_show?id=x`, text), { status: 404, value: refusal });
  t.deepEqual(server.requests('/api/3/action/resource_show').map((r) => [r.status, r.query.get('id')]), [[503, 'x'], [404, 'x']]);

  server.route('/down', { status: 500 });
  const down = await t.throwsAsync(http.ask(`${server.origin}/down`, text), { instanceOf: FetchFailed });
  t.is(down!.message, `Could not fetch ${server.origin}/down after 3 attempts: HTTP 500`);

  server.route('/slow', { delayMs: 3_000, body: '{}' });
  const late = await t.throwsAsync(http.ask(`${server.origin}/slow`, text, AbortSignal.timeout(200)), { instanceOf: FetchFailed });
  t.regex(late!.message, /after 1 attempt/);
  t.is(http.requestsMade, 2 + 3 + 1);
});
