// The shipped VCL's rules, each on its own, with real varnishd in front of two loopback stand-ins
// whose answers the test sets (Cache-Control with short lifetimes, errors, refused connections,
// /readyz up or down): which headers reach an instance for pages and for /api and /mcp, and that
// the Spanish-or-not and Markdown-or-not choices are the server's own; stale-while-revalidate; a
// stale copy served while no instance can answer (stale-if-error); a retry on another instance
// when a connection fails, never for a form; the /readyz probe; and nothing per-caller stored.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import test from 'ava';
import { prefersSpanish } from '../../serve/words/language.ts';
import { get } from '../cluster/helpers.ts';
import { SHIPPED_VCL, startVarnish, type Varnish } from '../helpers/varnish.ts';
import { tempDir } from '../helpers/snapshot.ts';

/** What a stand-in does with a request other than /readyz. */
type Mode = 'serve' | 'fail' | 'reset';

interface StandIn {
  port: number;
  ready: boolean;
  mode: Mode;
  /** Connections it dropped (mode reset). */
  dropped: number;
  /** Requests it answered (not /readyz), with the headers it got. */
  seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[];
  server: http.Server;
}

/** Answers counted per address over both stand-ins, so a test can tell a fresh copy from a stored one. */
const counts = new Map<string, number>();

/** Per path: the response headers a stand-in sends (the default: shared for a minute). */
const policies = new Map<string, (count: number) => { status?: number; headers: Record<string, string> }>();

async function standIn(name: string): Promise<StandIn> {
  const self = { ready: true, mode: 'serve' as Mode, dropped: 0, seen: [] } as unknown as StandIn;
  self.server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/readyz') {
        response.writeHead(self.ready ? 200 : 503, { 'cache-control': 'no-store', 'content-type': 'application/json' }).end(JSON.stringify({ status: self.ready ? 'ready' : 'not_ready' }));
        return;
      }
      if (self.mode === 'reset') {
        self.dropped += 1;
        request.socket.destroy();
        return;
      }
      self.seen.push({ method: request.method!, url: request.url!, headers: request.headers });
      if (self.mode === 'fail') {
        response.writeHead(500, { 'cache-control': 'no-store', 'content-type': 'application/json' }).end('{"error":"down"}');
        return;
      }
      const path = request.url!.split('?')[0]!;
      const count = (counts.get(request.url!) ?? 0) + 1;
      counts.set(request.url!, count);
      const policy = [...policies].find(([prefix]) => path.startsWith(prefix))?.[1]?.(count) ?? { headers: { 'cache-control': 'public, s-maxage=60' } };
      response
        .writeHead(policy.status ?? 200, { 'content-type': 'application/json', 'x-stand-in': name, ...policy.headers })
        .end(JSON.stringify({ stand_in: name, count, url: request.url, accept: request.headers.accept ?? null, language: request.headers['accept-language'] ?? null, form: request.headers['x-page-form'] ?? null, body }));
    });
  });
  await new Promise<void>((resolve) => self.server.listen(0, '127.0.0.1', resolve));
  self.port = (self.server.address() as { port: number }).port;
  return self;
}

let one: StandIn;
let two: StandIn;
let varnish: Varnish;
const both = () => [one, two];


test.before(async () => {
  one = await standIn('one');
  two = await standIn('two');
  varnish = await startVarnish([one.port, two.port]);
});

test.after.always(async () => {
  await varnish?.stop();
  for (const server of [one, two]) server?.server.close();
});

/** Back to two ready, serving stand-ins, both in rotation. */
async function reset(): Promise<void> {
  for (const s of both()) {
    s.ready = true;
    s.mode = 'serve';
  }
  await varnish.waitForBackends(2);
}

const via = (path: string, headers: Record<string, string> = {}, body?: string) => get(varnish.url + path, headers, body, 20_000);
const json = (body: string) => JSON.parse(body) as { stand_in: string; count: number; accept: string | null; language: string | null; form: string | null; body: string };

// What browsers and people send; the VCL's choice must be the server's own (prefersSpanish).
const LANGUAGES = [
  '',
  'en-US,en;q=0.9',
  'en-GB,en;q=0.8,fr;q=0.5',
  'es',
  'es-MX,es;q=0.9,en;q=0.8',
  'en;q=0.5, es',
  'es;q=0.5, en',
  'es, en',
  'en, es',
  'fr-FR,fr;q=0.9',
  'fr, es;q=0.8',
  'es;q=0, en;q=0.1',
  'es;q=0.0, fr',
  'ES-us',
  'en-US;q=0.7, es-419;q=0.7',
  'es-419;q=0.7, en-US;q=0.7',
  '*',
];

test.serial('pages: Accept-Language reaches an instance as es or en, chosen as the server chooses; Accept untouched, Markdown-or-not beside it', async (t) => {
  await reset();
  for (const [i, language] of LANGUAGES.entries()) {
    const answer = await via(`/page/language-${i}`, language ? { 'accept-language': language } : {});
    t.is(answer.status, 200);
    t.is(json(answer.body).language, prefersSpanish(language) ? 'es' : 'en', `Accept-Language: ${language}`);
  }
  const accepts: [string, 'markdown' | 'html'][] = [
    ['text/markdown', 'markdown'],
    ['text/html;q=0.5, TEXT/MARKDOWN', 'markdown'],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'html'],
    ['application/json', 'html'],
    ['text/markdownish', 'html'],
  ];
  for (const [i, [accept, form]] of accepts.entries()) {
    const seen = json((await via(`/page/accept-${i}`, { accept })).body);
    t.is(seen.form, form, accept);
    t.is(seen.accept, accept, 'Accept goes through as sent');
  }
});

test.serial('/api, /mcp and the other machine paths: Accept and Accept-Language reach an instance exactly as sent', async (t) => {
  await reset();
  const headers = { accept: 'application/json, text/event-stream', 'accept-language': 'es-MX,es;q=0.9' };
  for (const [path, body] of [
    ['/api/v1/facilities', undefined],
    ['/api', undefined],
    ['/openapi.json', undefined],
    ['/.well-known/mcp.json', undefined],
    ['/mcp', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'],
  ] as const) {
    const seen = json((await via(path, body ? { ...headers, 'content-type': 'application/json' } : headers, body)).body);
    t.is(seen.accept, headers.accept, path);
    t.is(seen.language, headers['accept-language'], path);
    t.is(seen.form, null, path);
  }
  // Varnish appends the client's address (TRUST_PROXY counts that entry from the right).
  await via('/api/v1/forwarded', { 'x-forwarded-for': '203.0.113.9' });
  t.is(two.seen.concat(one.seen).find((r) => r.url === '/api/v1/forwarded')?.headers['x-forwarded-for'], '203.0.113.9, 127.0.0.1');
});

test.serial('a page varying on Accept is stored once per Markdown-or-not, and clients see Vary: Accept', async (t) => {
  await reset();
  policies.set('/varied', () => ({ headers: { 'cache-control': 'public, s-maxage=60', vary: 'Accept, Accept-Language' } }));
  const before = await varnish.objects();
  const accepts = ['text/html,*/*;q=0.8', 'text/html,application/xhtml+xml', '*/*', 'image/webp,*/*'];
  for (const accept of accepts) {
    for (const language of ['en-US,en;q=0.9', 'en']) {
      const answer = await via('/varied', { accept, 'accept-language': language });
      t.is(answer.headers.vary, 'Accept, Accept-Language');
    }
  }
  t.is((await varnish.objects()) - before, 1, 'eight asks, one copy');
  t.is(json((await via('/varied', { accept: 'text/markdown' })).body).form, 'markdown');
  t.is(json((await via('/varied', { 'accept-language': 'es' })).body).language, 'es');
  t.is((await varnish.objects()) - before, 3);
});

test.serial('stale-while-revalidate: a stale copy is served while it is refreshed; past the window it is fetched again', async (t) => {
  await reset();
  policies.set('/short', () => ({ headers: { 'cache-control': 'public, s-maxage=2, stale-while-revalidate=4' } }));
  const first = await via('/short');
  t.is(first.headers['x-cache'], 'MISS');
  const served = json(first.body).count;
  await sleep(3_000); // past s-maxage, within stale-while-revalidate
  const stale = await via('/short');
  t.is(stale.headers['x-cache'], 'HIT');
  t.is(json(stale.body).count, served, 'the stale copy, at once');
  // The background fetch replaced it.
  let fresh = served;
  for (let i = 0; i < 40 && fresh === served; i += 1) {
    await sleep(250);
    fresh = json((await via('/short')).body).count;
  }
  t.true(fresh > served, 'refreshed in the background');
  await sleep(7_500); // past s-maxage and stale-while-revalidate of the refreshed copy
  const late = await via('/short');
  t.true(json(late.body).count > fresh, 'an instance is up: fetched again, not served this old');
  t.is(late.headers['x-cache'], 'MISS');
});

test.serial('stale-if-error: past every window, a stored page is served stale while no instance can answer', async (t) => {
  await reset();
  policies.set('/kept', () => ({ headers: { 'cache-control': 'public, s-maxage=1, stale-while-revalidate=1' } }));
  const stored = json((await via('/kept')).body).count;
  t.is((await via('/kept')).headers['x-cache'], 'HIT');
  await sleep(3_000);
  // Instances answer errors, their probes still good: the fetch fails, the stale copy answers.
  for (const s of both()) s.mode = 'fail';
  const whileFailing = await via('/kept');
  t.is(whileFailing.status, 200);
  t.is(json(whileFailing.body).count, stored);
  // Every instance out of rotation: the stale copy answers; what was never stored gets a JSON 503.
  for (const s of both()) {
    s.ready = false;
    s.mode = 'reset';
  }
  await varnish.waitForBackends(2, 'sick');
  const whileDown = await via('/kept');
  t.is(whileDown.status, 200);
  t.is(json(whileDown.body).count, stored);
  const never = await via('/never-stored');
  t.is(never.status, 503);
  t.is(never.headers['cache-control'], 'no-store');
  t.regex(JSON.parse(never.body).error, /No instance of the service could answer/);
  await reset();
  t.true(json((await via('/kept')).body).count > stored, 'back up: fresh again');
});

test.serial('a refused or dropped connection is retried on the other instance for reads, MCP and the check; never for a form', async (t) => {
  await reset();
  one.mode = 'reset'; // its probe still passes: only the requests fail
  const droppedBefore = one.dropped;
  for (let i = 0; i < 6; i += 1) {
    for (const [path, body] of [
      [`/retry/${i}`, undefined],
      ['/api/v1/facilities?retry=' + i, undefined],
      ['/mcp', `{"jsonrpc":"2.0","id":${i},"method":"tools/list"}`],
      ['/api/v1/check', `{"homes":["${i}"]}`],
    ] as const) {
      const answer = await via(path, body ? { 'content-type': 'application/json' } : {}, body);
      t.is(answer.status, 200, path);
      t.is(json(answer.body).stand_in, 'two', path);
      if (body) t.is(json(answer.body).body, body, `${path}: the body sent again whole`);
    }
  }
  t.true(one.dropped - droppedBefore >= 6, `the dropping instance was tried first for some (${one.dropped - droppedBefore})`);
  // A form's POST may have been read before the connection dropped: it is never sent twice.
  const formSeen = two.seen.filter((r) => r.url === '/corrections').length;
  const statuses = [];
  for (let i = 0; i < 4; i += 1) statuses.push((await via('/corrections', { 'content-type': 'application/x-www-form-urlencoded' }, `text=${i}`)).status);
  t.true(statuses.includes(503), `some reached the dropping instance: ${statuses.join(' ')}`);
  t.is(two.seen.filter((r) => r.url === '/corrections').length - formSeen, statuses.filter((s) => s === 200).length, 'each form POST reached one instance at most once');
});

test.serial('an instance whose /readyz fails leaves rotation, and comes back', async (t) => {
  await reset();
  one.ready = false;
  await varnish.waitForBackends(1, 'sick');
  const seenBefore = one.seen.length;
  for (let i = 0; i < 8; i += 1) t.is(json((await via(`/probe/${i}`)).body).stand_in, 'two');
  t.is(one.seen.length, seenBefore, 'nothing sent to the instance out of rotation');
  one.ready = true;
  await varnish.waitForBackends(2);
  const served = new Set<string>();
  for (let i = 0; i < 8; i += 1) served.add(json((await via(`/probe/back-${i}`)).body).stand_in);
  t.deepEqual([...served].sort(), ['one', 'two']);
});

test.serial('nothing per-caller or erroneous is stored, and an error never keeps a page from being stored', async (t) => {
  await reset();
  const cases: [string, (count: number) => { status?: number; headers: Record<string, string> }][] = [
    ['/no-store', () => ({ headers: { 'cache-control': 'no-store' } })],
    ['/private', () => ({ headers: { 'cache-control': 'private, max-age=60' } })],
    ['/cookie', () => ({ headers: { 'cache-control': 'public, s-maxage=60', 'set-cookie': 'a=b' } })],
    ['/missing', () => ({ status: 404, headers: { 'cache-control': 'public, s-maxage=60' } })],
  ];
  for (const [path, policy] of cases) {
    policies.set(path, policy);
    const counts = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await via(path);
      t.not(answer.headers['x-cache'], 'HIT', path);
      counts.push(json(answer.body).count);
    }
    t.deepEqual(counts.toSorted(), [...new Set(counts)].toSorted(), `${path}: every answer fresh from an instance`);
  }
  // A caller over budget (429, no-store) at a page's address: the next caller still gets the page stored.
  type Policy = { status?: number; headers: Record<string, string> };
  policies.set('/budget', (count): Policy => (count === 1 ? { status: 429, headers: { 'cache-control': 'no-store', 'retry-after': '30' } } : { headers: { 'cache-control': 'public, s-maxage=60' } }));
  one.ready = false; // one instance, so the 429 and the page come from the same counter
  await varnish.waitForBackends(1, 'sick');
  t.is((await via('/budget')).status, 429);
  const page = await via('/budget');
  t.is(page.status, 200);
  t.is(page.headers['x-cache'], 'MISS');
  t.is((await via('/budget')).headers['x-cache'], 'HIT');
  // A POST is never answered from the cache, whatever its address.
  const posts = [];
  for (let i = 0; i < 3; i += 1) posts.push(json((await via('/page/post', { 'content-type': 'application/json' }, `{"n":${i}}`)).body).body);
  t.deepEqual(posts, ['{"n":0}', '{"n":1}', '{"n":2}']);
});

test.serial('a request body over 1 MiB is refused with a JSON 413, never sent on', async (t) => {
  await reset();
  const before = one.seen.length + two.seen.length;
  // As curl sends a large body: `Expect: 100-continue`, the body only if Varnish asks for it. On a raw
  // socket, so that a write Varnish no longer reads (EPIPE: it answered 413 from the Content-Length
  // and closed) cannot hide the answer already received.
  const body = `{"homes":["${'1'.repeat(2 * 1024 * 1024)}"]}`;
  const answer = await new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const socket = net.connect(varnish.port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let sentBody = false;
    const timer = setTimeout(() => socket.destroy(new Error('timed out')), 20_000);
    const finish = () => {
      clearTimeout(timer);
      // Skip any interim 100 Continue, then read the final answer's head and body.
      const text = received.toString('utf8').replace(/^HTTP\/1\.1 100 [^\r]*\r\n\r\n/, '');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
      if (!status) reject(new Error(`no answer (body sent: ${sentBody}): ${JSON.stringify(received.toString("latin1").slice(0, 200))}`));
      else resolve({ status, headers, body: rest.join('\r\n\r\n') });
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!sentBody && /^HTTP\/1\.1 100 /.test(received.toString('latin1'))) {
        sentBody = true;
        socket.write(body);
      }
      const text = received.toString('utf8').replace(/^HTTP\/1\.1 100 [^\r]*\r\n\r\n/, '');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text)?.[1];
      const bodyAt = text.indexOf('\r\n\r\n');
      if (length !== undefined && bodyAt !== -1 && Buffer.byteLength(text.slice(bodyAt + 4)) >= Number(length)) {
        socket.end();
        finish();
      }
    });
    // A write to a connection Varnish has closed fails; what it answered is already read.
    socket.on('error', () => undefined);
    socket.on('close', () => (received.length ? finish() : reject(new Error('closed with no answer'))));
    socket.write(
      `POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1:${varnish.port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
  });
  t.is(answer.status, 413);
  t.is(answer.headers['cache-control'], 'no-store');
  t.regex(JSON.parse(answer.body).error, /too large/);
  t.is(one.seen.length + two.seen.length, before, 'no instance saw it');
});

test('one VCL: deploy/varnish/default.vcl links to the copy under deploy/k8s, and compiles with the example backends.vcl beside it', (t) => {
  const folder = path.join(path.dirname(SHIPPED_VCL), '../../varnish');
  t.is(fs.readlinkSync(path.join(folder, 'default.vcl')), '../k8s/varnish/default.vcl');
  const work = tempDir('varnish-compile');
  fs.chmodSync(work, 0o755);
  const compiled = spawnSync('varnishd', ['-C', '-n', path.join(work, 'n'), '-p', `vcl_path=${folder}`, '-f', path.join(folder, 'default.vcl')], { encoding: 'utf8' });
  t.is(compiled.status, 0, compiled.stderr.slice(-2000));
  t.regex(fs.readFileSync(path.join(folder, 'backends.vcl'), 'utf8'), /new app = directors\.round_robin\(\);/);
});
