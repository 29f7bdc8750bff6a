// A bounded, seeded fuzz over every surface (issue 39): a few hundred malformed requests to REST,
// MCP (both eras, batches too), pages and their forms, discovery files, data downloads and the
// hand-off, with random methods, paths, queries, headers and bodies. Not one may get a 5xx (the
// one documented 503, overlay unavailable, cannot happen on this healthy server) and the server
// must still answer afterwards, and every HTML answer carries a Content-Security-Policy. Issue 46
// added what a probe found past well-formed HTTP: MCP bodies behind encoding marks, blanks, other
// encodings and compression (a batch is judged as the SDK reads it: never served where refused,
// never past its size), and raw requests Node's parser or the body readers refuse (malformed
// framing, compression bombs): each answered as JSON, quickly. The seed is fixed, so a failure replays.
import test from 'ava';
import fc from 'fast-check';
import net from 'node:net';
import zlib from 'node:zlib';
import { examples } from '../helpers/examples.ts';
import { FIRST_REVISION_WITHOUT_BATCHES, MAX_BATCH_MESSAGES } from '../../serve/mcp/batch.ts';
import { parseMcpBody } from '../../serve/mcp/transport.ts';
import { MODERN, startMcpServer, type McpTestServer } from '../mcp/helpers.ts';

const RUNS = 400;

// Real values from the seed snapshot, so part of the requests reach the handlers' depths.
const ex = await examples();
const real = [
  ...ex.all<{ license_number: string }>('SELECT license_number FROM facilities ORDER BY sort_key LIMIT 3').map((row) => row.license_number),
  ...ex.all<{ county: string }>('SELECT DISTINCT county FROM facilities WHERE county IS NOT NULL ORDER BY county LIMIT 2').map((row) => row.county),
  ...ex.all<{ city: string }>('SELECT DISTINCT city FROM facilities WHERE city IS NOT NULL ORDER BY city LIMIT 2').map((row) => row.city),
];

let server: McpTestServer;
test.before(async () => {
  server = await startMcpServer({ settings: { downloads: { rateLimit: 1_000_000, windowMs: 60_000 } } });
});
test.after.always(() => server?.close());

/** Pieces a path or query is made of: plausible values, edge cases and noise. */
const piece = fc.oneof(
  fc.constantFrom(...real, ...real.map((value) => value.toLowerCase().replace(/ /g, '-'))),
  fc.constantFrom('', '.', '..', '%', '%00', '%ff', '%2e%2e', '015601295', '000000000', '1e2', '-1', '0', 'null', '{}', '[]', '<script>', 'alameda', 'los-angeles', 'dementia', 'wheelchair', 'x'.repeat(300), '٣٤٥', 'ü', '.md', 'index.json', 'rcfe-2026-01-01.sqlite'),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 24 }),
);

/** Every surface's paths, with holes for pieces. */
const pathTemplates = [
  '/api', '/api/v1', '/api/v1/facilities', '/api/v1/facilities/$', '/api/v1/facilities/$/history', '/api/v1/facilities/$/reports',
  '/api/v1/changes', '/api/v1/check', '/api/v1/guides', '/api/v1/$', '/api/facilities/suggest', '/api/facilities/in-bounds',
  '/api/facilities/$', '/openapi.json', '/mcp', '/mcp/server-card', '/mcp/$',
  '/', '/index.md', '/facility/$', '/facility/$.md', '/county', '/county/$', '/county/$/$', '/county/$/changes.atom', '/care', '/care/$',
  '/waiver', '/near-hospital', '/near-hospital/$', '/licensee/$', '/guides', '/guides/$', '/changes', '/changes.md', '/changes.atom',
  '/corrections', '/plan', '/terms', '/docs/api', '/docs/mcp',
  '/llms.txt', '/robots.txt', '/sitemap.xml', '/sitemap-$.xml', '/.well-known/$', '/.well-known/mcp/server-card.json', '/.well-known/ai-catalog.json', '/.well-known/mcp/server.json',
  '/data', '/data/index.json', '/data/$', '/assets/$', '/healthz', '/$',
];

const queryKeys = ['limit', 'offset', 'county', 'city', 'needs', 'q', 'near', 'lat', 'lng', 'radius_km', 'since', 'h', 'license', 'page', 'bbox', 'format', 'max_monthly_budget_usd', 'detail', '$'];

const path = fc
  .tuple(fc.constantFrom(...pathTemplates), fc.array(piece, { minLength: 2, maxLength: 2 }), fc.array(fc.tuple(fc.constantFrom(...queryKeys), piece), { maxLength: 4 }), fc.boolean())
  .map(([template, [a, b], query, raw]) => {
    let filled = template.replace('$', encodeURIComponent(a!)).replace('$', encodeURIComponent(b!));
    if (raw) filled = filled.replace(/\/$/, '') + '/'; // trailing slashes too
    const search = query.map(([key, value]) => `${encodeURIComponent(key === '$' ? value : key)}=${encodeURIComponent(value)}`).join('&');
    return search ? `${filled}?${search}` : filled;
  });

const rpcMethod = fc.constantFrom('initialize', 'tools/list', 'tools/call', 'server/discover', 'ping', 'resources/list', 'resources/read', 'prompts/list', 'notifications/initialized', 'subscriptions/listen', 'nonsense', '');
const tool = fc.constantFrom('find_homes', 'check_homes', 'get_home', 'get_state_documents', 'compare_homes', 'homes_near_hospital', 'explain_care_topic', 'explain', 'start_family_request', 'search', 'fetch', 'nope');
const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1' } };

/** A JSON-RPC message, well-formed or not, of either era. */
const rpcMessage = fc
  .record({
    method: rpcMethod,
    tool,
    args: fc.oneof(fc.dictionary(fc.constantFrom('county', 'city', 'license_number', 'homes', 'limit', 'offset', 'needs', 'near', 'query', 'id', 'topic', 'hospital', 'sort', 'x'), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), fc.jsonValue({ maxDepth: 2 })),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.constant(undefined), fc.jsonValue({ maxDepth: 1 })),
    modern: fc.boolean(),
    version: fc.constantFrom('2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2099-01-01', 'garbage'),
  })
  .map(({ method, tool, args, id, modern, version }) => {
    const params: Record<string, unknown> =
      method === 'tools/call' ? { name: tool, arguments: args } : method === 'initialize' ? { protocolVersion: version, capabilities: args, clientInfo: { name: 'fuzz', version: '1' } } : {};
    if (modern) params._meta = meta;
    return { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method, params };
  });

const body = fc.oneof(
  rpcMessage.map((message) => JSON.stringify(message)),
  fc.array(rpcMessage, { minLength: 0, maxLength: 12 }).map((batch) => JSON.stringify(batch)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.record({ homes: fc.array(piece, { maxLength: 120 }), detail: fc.jsonValue({ maxDepth: 1 }) }).map((value) => JSON.stringify(value)),
  fc.dictionary(fc.constantFrom('license', 'field', 'what_is_wrong', 'should_say', 'source_url', 'h', 'homes', 'name', 'phone', 'website'), piece).map((form) => new URLSearchParams(form).toString()),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc.constant('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":'),
);

const headersOf = fc.record({
  contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', ''),
  accept: fc.constantFrom('application/json, text/event-stream', 'application/json', 'text/html', 'text/markdown', '*/*', 'application/xml', ''),
  protocol: fc.constantFrom('', '', MODERN, '2025-11-25', '2025-06-18', '2025-03-26', '2099-12-31', 'x'),
  origin: fc.constantFrom('', '', 'https://care.example', 'https://evil.example', 'null'),
});

const anyMethod = fc.constantFrom('GET', 'GET', 'GET', 'POST', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH');
const prefixed = (prefixes: string[]) => path.filter((value) => prefixes.some((prefix) => value === prefix || value.startsWith(prefix)));

/** Each surface gets its share of the runs: MCP and REST most, as they take the most input. */
const request = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      surface: fc.constant('mcp'),
      method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'GET', 'DELETE', 'OPTIONS'),
      path: fc.constant('/mcp'),
      // Mostly what a client sends, so most bodies reach the transport and the tools.
      headers: fc.oneof({ weight: 3, arbitrary: headersOf.map((headers) => ({ ...headers, contentType: 'application/json', accept: 'application/json, text/event-stream' })) }, { weight: 1, arbitrary: headersOf }),
      body: fc.oneof({ weight: 3, arbitrary: rpcMessage.map((message) => JSON.stringify(message)) }, { weight: 1, arbitrary: body }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ surface: fc.constant('rest'), method: anyMethod, path: prefixed(['/api', '/openapi.json']), headers: headersOf, body }) },
  { weight: 2, arbitrary: fc.record({ surface: fc.constant('pages'), method: anyMethod, path: prefixed(['/facility', '/county', '/care', '/waiver', '/near-hospital', '/licensee', '/guides', '/changes', '/corrections', '/terms', '/docs', '/index.md']), headers: headersOf, body }) },
  { weight: 1, arbitrary: fc.record({ surface: fc.constant('discovery'), method: anyMethod, path: prefixed(['/llms.txt', '/robots.txt', '/sitemap', '/.well-known', '/mcp/', '/healthz', '/assets']), headers: headersOf, body }) },
  { weight: 1, arbitrary: fc.record({ surface: fc.constant('data'), method: anyMethod, path: prefixed(['/data']), headers: headersOf, body }) },
  { weight: 1, arbitrary: fc.record({ surface: fc.constant('handoff'), method: fc.constantFrom('GET', 'POST'), path: prefixed(['/plan', '/corrections']), headers: headersOf, body }) },
);

test('a few hundred malformed requests over every surface: no 5xx, no crash', async (t) => {
  const seen = new Map<string, Map<number, number>>();
  await fc.assert(
    fc.asyncProperty(request, async (sent) => {
      const headers: Record<string, string> = {};
      if (sent.headers.contentType) headers['content-type'] = sent.headers.contentType;
      if (sent.headers.accept) headers.accept = sent.headers.accept;
      if (sent.headers.protocol) headers['mcp-protocol-version'] = sent.headers.protocol;
      if (sent.headers.origin) headers.origin = sent.headers.origin;
      const hasBody = !['GET', 'HEAD'].includes(sent.method);
      const response = await fetch(`${server.url}${sent.path}`, { method: sent.method, headers, body: hasBody ? sent.body : undefined, redirect: 'manual' });
      await response.arrayBuffer();
      if (/^text\/html/.test(response.headers.get('content-type') ?? '') && !/frame-ancestors 'none'/.test(response.headers.get('content-security-policy') ?? '')) {
        throw new Error(`${sent.method} ${sent.path}: HTML without the Content-Security-Policy`);
      }
      const statuses = seen.get(sent.surface) ?? new Map<number, number>();
      seen.set(sent.surface, statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1));
      if (response.status >= 500) throw new Error(`${sent.method} ${sent.path} answered ${response.status}`);
    }),
    { numRuns: RUNS, seed: 3939, endOnFailure: true },
  );
  for (const [surface, statuses] of seen) {
    t.log(`${surface}: ${[...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(', ')}`);
  }
  t.deepEqual([...seen.keys()].sort(), ['data', 'discovery', 'handoff', 'mcp', 'pages', 'rest'], 'every surface was reached');
  const health = await fetch(`${server.url}/healthz`);
  t.is(health.status, 200, 'the server still answers');
});

/** What may come before an MCP body, and how it may be encoded: marks and blanks the SDK's reader drops or not, other charsets, compression. */
const wrapping = fc.constantFrom('none', 'bom', 'bom-blanks', 'blanks', 'two-boms', 'nbsp', 'nul', 'utf16le', 'utf16le-bom', 'gzip', 'deflate', 'latin1');
const BOM = '\uFEFF';

function wrap(text: string, how: string): { bytes: Buffer; encoding?: string } {
  switch (how) {
    case 'bom': return { bytes: Buffer.from(BOM + text) };
    case 'bom-blanks': return { bytes: Buffer.from(`${BOM} \r\n\t${text}`) };
    case 'blanks': return { bytes: Buffer.from(` \n\t\r ${text}`) };
    case 'two-boms': return { bytes: Buffer.from(BOM + BOM + text) };
    case 'nbsp': return { bytes: Buffer.from(`\u00a0${text}`) };
    case 'nul': return { bytes: Buffer.concat([Buffer.from([0]), Buffer.from(text)]) };
    case 'utf16le': return { bytes: Buffer.from(text, 'utf16le') };
    case 'utf16le-bom': return { bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) };
    case 'gzip': return { bytes: zlib.gzipSync(text), encoding: 'gzip' };
    case 'deflate': return { bytes: zlib.deflateSync(text), encoding: 'deflate' };
    case 'latin1': return { bytes: Buffer.from(text, 'latin1') };
    default: return { bytes: Buffer.from(text) };
  }
}

const mcpEncoded = fc.record({
  body: fc.oneof(
    { weight: 2, arbitrary: fc.array(rpcMessage, { minLength: 1, maxLength: 14 }).map((batch) => JSON.stringify(batch)) },
    { weight: 1, arbitrary: rpcMessage.map((message) => JSON.stringify(message)) },
  ),
  how: wrapping,
  protocol: fc.constantFrom('', '', '2025-03-26', FIRST_REVISION_WITHOUT_BATCHES, '2025-11-25', MODERN),
  contentType: fc.constantFrom('application/json', 'application/json; charset=utf-16', 'text/plain', 'application/json; charset=utf-8'),
});

test('MCP bodies behind marks, blanks, other encodings and compression: a batch is refused or bounded as the SDK would read it, never a 5xx', async (t) => {
  const seen = new Map<string, number>();
  let refusedBehindMarks = 0;
  await fc.assert(
    fc.asyncProperty(mcpEncoded, async ({ body, how, protocol, contentType }) => {
      const { bytes, encoding } = wrap(body, how);
      const headers: Record<string, string> = { 'content-type': contentType, accept: 'application/json, text/event-stream' };
      if (protocol) headers['mcp-protocol-version'] = protocol;
      if (encoding) headers['content-encoding'] = encoding;
      const response = await fetch(server.mcpUrl, { method: 'POST', headers, body: bytes });
      const text = await response.text();
      seen.set(`${how} ${response.status}`, (seen.get(`${how} ${response.status}`) ?? 0) + 1);
      if (response.status >= 500) throw new Error(`${how}: ${response.status} ${text.slice(0, 200)}`);
      // The batch as the SDK would read these bytes (compressed bytes are never decompressed on /mcp).
      const read = encoding ? undefined : parseMcpBody(bytes);
      if (Array.isArray(read) && (protocol >= FIRST_REVISION_WITHOUT_BATCHES || read.length > MAX_BATCH_MESSAGES)) {
        if (response.status !== 400) throw new Error(`${how}: a batch of ${read.length} with "${protocol}" answered ${response.status}`);
        if (how.startsWith('bom')) refusedBehindMarks += 1;
      }
      if (!Array.isArray(read) && text.startsWith('[')) throw new Error(`${how}: answered as a batch though no batch was read`);
    }),
    { numRuns: 150, seed: 4646, endOnFailure: true },
  );
  t.log([...seen].sort().map(([key, count]) => `${key}×${count}`).join(', '));
  t.true(refusedBehindMarks > 0, 'batches behind a byte-order mark were sent and refused');
});

/** One raw request on its own connection: the answer's status line, headers and body, or null when none came in time. */
function rawRequest(bytes: Buffer, waitMs = 4_000): Promise<{ status: number; head: string; body: string } | null> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = Buffer.alloc(0);
    socket.on('data', (chunk) => (received = Buffer.concat([received, chunk])));
    socket.on('error', () => {});
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = received.toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const split = text.indexOf('\r\n\r\n');
      resolve(status ? { status: Number(status[1]), head: text.slice(0, split).toLowerCase(), body: text.slice(split + 4) } : null);
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('close', finish);
    socket.write(bytes);
  });
}

const BOMB = { gzip: zlib.gzipSync(Buffer.alloc(20 * 2 ** 20, 0x61)), deflate: zlib.deflateSync(Buffer.alloc(20 * 2 ** 20, 0x20)) };

/** Requests past what fetch sends: malformed framing and headers, and bodies that inflate far past every limit. */
const rawCase = fc.record({
  method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'BREW', 'G ET', 'PRI'),
  path: fc.constantFrom('/healthz', '/api/v1/check', '/mcp', '/corrections', '/api/v1/facilities', '/data', '*'),
  version: fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9'),
  framing: fc.constantFrom('length', 'length', 'length', 'chunked', 'chunked', 'both', 'two-lengths', 'bad-chunk', 'negative-length', 'none'),
  header: fc.constantFrom('', 'X-Ok: 1\r\n', 'X-Bad: a\u0001b\r\n', 'Bad Name: 1\r\n', 'X-Long: ' + 'a'.repeat(20_000) + '\r\n', 'Content-Type: application/json\r\n', 'Content-Type: application/json\r\n', 'Content-Type: application/json\r\n', 'Content-Type: application/x-www-form-urlencoded\r\n'),
  body: fc.constantFrom('gzip-bomb', 'deflate-bomb', 'json', 'form', 'empty'),
});

function rawBytes(sent: { method: string; path: string; version: string; framing: string; header: string; body: string }): Buffer {
  const bomb = sent.body === 'gzip-bomb' ? BOMB.gzip : sent.body === 'deflate-bomb' ? BOMB.deflate : null;
  const body = bomb ?? Buffer.from(sent.body === 'json' ? '{"homes":["a"]}' : sent.body === 'form' ? 'license=1&field=x' : '');
  const encoding = sent.body === 'gzip-bomb' ? 'Content-Encoding: gzip\r\n' : sent.body === 'deflate-bomb' ? 'Content-Encoding: deflate\r\n' : '';
  const chunked = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
  const framing: Record<string, [string, Buffer]> = {
    length: [`Content-Length: ${body.length}\r\n`, body],
    chunked: ['Transfer-Encoding: chunked\r\n', chunked],
    both: [`Content-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n`, chunked],
    'two-lengths': [`Content-Length: ${body.length}\r\nContent-Length: ${body.length + 1}\r\n`, body],
    'bad-chunk': ['Transfer-Encoding: chunked\r\n', Buffer.from('zz\r\nabc\r\n0\r\n\r\n')],
    'negative-length': ['Content-Length: -1\r\n', body],
    none: ['', Buffer.alloc(0)],
  };
  const [lengthHeaders, payload] = framing[sent.framing]!;
  const head = `${sent.method} ${sent.path} ${sent.version}\r\nHost: 127.0.0.1\r\nConnection: close\r\nAccept: application/json, text/event-stream\r\n${sent.header}${encoding}${lengthHeaders}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), payload]);
}

test('raw requests with malformed framing, bad headers or compression bombs: each answered at once, as JSON with no-store, never a 5xx', async (t) => {
  const seen = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(rawCase, async (sent) => {
      const started = Date.now();
      const answer = await rawRequest(rawBytes(sent));
      const what = `${sent.method} ${sent.path} ${sent.version} ${sent.framing} ${sent.header.slice(0, 20)} ${sent.body}`;
      if (answer === null) throw new Error(`${what}: no answer`);
      if (Date.now() - started > 3_000) throw new Error(`${what}: answered after ${Date.now() - started} ms`);
      seen.set(answer.status, (seen.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) throw new Error(`${what}: ${answer.status}`);
      if (answer.status >= 400 && !/^text\/html/.test(/\r\ncontent-type: ([^\r]*)/.exec(answer.head)?.[1] ?? '')) {
        // REST's error shape says no-store; an MCP answer is a JSON-RPC error with the SDK's own headers.
        if (sent.path !== '/mcp' && !/\r\ncache-control: no-store/.test(answer.head)) throw new Error(`${what}: ${answer.status} without no-store`);
        if (answer.body !== '') JSON.parse(answer.body);
        else throw new Error(`${what}: ${answer.status} with no body`);
      }
    }),
    { numRuns: 120, seed: 4647, endOnFailure: true },
  );
  t.log([...seen].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(', '));
  t.true((seen.get(413) ?? 0) > 0, 'bombs reached a body reader and were stopped at its limit');
  t.is((await fetch(`${server.url}/healthz`)).status, 200, 'the server still answers');
});
