// Requests larger than Node's parser reads (about 70 KB of URL or header) answer in the spec's
// error shape from the listener's clientError hook: JSON {"error"}, no-store, 414 or 431. A body
// over a route's limit is a 413 in the route's error shape whether it has a Content-Length or is chunked.
import http from 'node:http';
import net from 'node:net';
import test from 'ava';
import { startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

interface RawReply {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends `request` as raw bytes on a loopback socket and reads until the server closes. */
function rawRequest(request: string): Promise<RawReply> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

function assertJsonError(t: any, reply: RawReply, status: number, mentions: RegExp) {
  t.is(reply.status, status);
  t.is(reply.headers.get('cache-control'), 'no-store');
  t.regex(reply.headers.get('content-type') ?? '', /^application\/json/);
  const body = JSON.parse(reply.body);
  t.deepEqual(Object.keys(body), ['error']);
  t.regex(body.error, mentions);
}

test('a 70 KB URL answers 414 as JSON {"error"} with no-store', async (t) => {
  const path = `/api/v1/facilities?county=${'a'.repeat(70_000)}`;
  const reply = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  assertJsonError(t, reply, 414, /URL is too long/);
});

test('a 70 KB header answers 431 as JSON {"error"} with no-store', async (t) => {
  const reply = await rawRequest(`GET /api/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'b'.repeat(70_000)}\r\n\r\n`);
  assertJsonError(t, reply, 431, /headers are too large/);
});

test('many headers adding up past the limit answer 431, and the server still serves afterwards', async (t) => {
  const headers = Array.from({ length: 700 }, (_, i) => `X-H${i}: ${'c'.repeat(100)}\r\n`).join('');
  const reply = await rawRequest(`GET /api/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`);
  assertJsonError(t, reply, 431, /headers are too large/);
  const after = await fetch(`${server.url}/api/v1`);
  t.is(after.status, 200);
});

// Issue 46: a request Node's parser refuses got a bare 400 with no body.
for (const [label, request, mentions] of [
  ['not HTTP at all', 'NOT-HTTP\r\n\r\n', /not valid HTTP\/1\.1/],
  ['an unknown method', 'BREW /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', /its method is not an HTTP method/],
  ['a control character in a header', 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Bad: a\u0001b\r\n\r\n', /a header name or value holds a character HTTP does not allow/],
  ['Content-Length and Transfer-Encoding both', 'POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', /comes with a Content-Length/],
  ['two Content-Lengths', 'POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}', /two Content-Lengths/],
  ['an HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', /HTTP\/2, which this server does not speak/],
  ['a broken chunk inside a body', 'POST /api/v1/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n', /not valid HTTP\/1\.1 framing \(a broken chunk, say\)/],
] as const) {
  test(`a request the parser refuses (${label}) answers 400 as JSON {"error"} with no-store`, async (t) => {
    assertJsonError(t, await rawRequest(request), 400, mentions);
  });
}

/** POSTs `bytes` as a chunked body (no Content-Length), in 64 KiB chunks; an error (a reset) rejects. */
function postChunked(path: string, bytes: Buffer, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
    let offset = 0;
    const write = () => {
      while (offset < bytes.length) {
        const chunk = bytes.subarray(offset, (offset += 64 * 1024));
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

const OVER = Buffer.alloc(1024 * 1024, 0x20); // 1 MiB of spaces: over every route's 256 KiB

test('a chunked body over the limit gets the 413 a Content-Length over it gets, not a reset: REST check', async (t) => {
  const chunked = await postChunked('/api/v1/check', OVER);
  const sized = await fetch(`${server.url}/api/v1/check`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: OVER });
  t.is(chunked.status, 413);
  t.is(sized.status, 413);
  t.is(chunked.headers['cache-control'], 'no-store');
  t.regex(chunked.headers['content-type'] ?? '', /^application\/json/);
  t.deepEqual(JSON.parse(chunked.body), await sized.json());
  t.regex(JSON.parse(chunked.body).error, /larger than 262144 bytes/);
});

test('a chunked body over the limit gets a 413 JSON-RPC error on /mcp', async (t) => {
  const reply = await postChunked('/mcp', OVER, { accept: 'application/json, text/event-stream' });
  t.is(reply.status, 413);
  const body = JSON.parse(reply.body);
  t.is(body.jsonrpc, '2.0');
  t.regex(body.error.message, /Request body too large: at most 262144 bytes/);
  t.is(reply.headers['access-control-allow-origin'], '*');
});

test('a chunked body within the limit is served as before', async (t) => {
  const reply = await postChunked('/api/v1/check', Buffer.from(JSON.stringify({ homes: ['sunny acres'] })));
  t.is(reply.status, 200);
  t.true(Array.isArray(JSON.parse(reply.body).data.results));
});
