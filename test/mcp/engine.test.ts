// The fast path (serve/mcp/engine.ts) answers byte for byte as the SDK's HTTP handler does: a
// recorded set of calls (every tool, both eras, tool refusals, protocol errors, odd ids, an unknown
// tool and method, bad arguments, notifications, wrong protocol versions, headers that disagree
// with the body) is answered with the engine and with the engine turned off, and the status, the
// headers and the body's bytes must be the same. Which calls the engine takes is pinned too, so
// the comparison cannot pass by the engine quietly taking nothing.
import test from 'ava';
import type { Request as HapiRequest } from '@hapi/hapi';
import { mcpCall } from '../../serve/mcp/context.ts';
import { builtMcpServers } from '../../serve/mcp/server.ts';
import { answerMcp, engineAnswer, parseMcpBody, type IncomingMcp } from '../../serve/mcp/transport.ts';
import { examples } from '../helpers/examples.ts';
import { happyPathCalls, MODERN, modernRequest, startMcpServer, type ExampleHome, type McpTestServer } from './helpers.ts';

let server: McpTestServer;
test.before(async () => {
  server = await startMcpServer({ mcp: { now: () => new Date('2026-11-22T12:00:00Z') } });
});
test.after.always(async () => {
  await server?.close();
});

const ALLOWED = { allowedHosts: ['localhost', '127.0.0.1', '[::1]'] };

/** A call as the route hands it on: Node's headers, the target and the body's bytes. */
function incoming(body: unknown, headers: Record<string, string> = {}): IncomingMcp {
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return {
    headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': String(bytes.length), ...headers },
    target: '/mcp',
    body: bytes,
  };
}

/** A fresh call context, as each HTTP request gets one. */
function call() {
  return mcpCall({ app: {}, headers: {}, info: { remoteAddress: '127.0.0.1' } } as unknown as HapiRequest, server.app.services);
}

async function answered(request: IncomingMcp, engine: boolean) {
  const answer = await answerMcp(request, call(), { ...ALLOWED, engine });
  return { status: answer.status, headers: answer.headers, body: Buffer.isBuffer(answer.body) ? answer.body.toString('utf8') : answer.body };
}

/** The body as the route parses it; undefined when it is not JSON (the route never offers that to the engine). */
function parsed(request: IncomingMcp): unknown {
  return parseMcpBody(request.body);
}

interface Case {
  label: string;
  request: IncomingMcp;
  /** Whether the engine answers it (else the SDK's handler does, in both runs). */
  engine: boolean;
}

type Era = 'modern' | '2025-11-25' | 'no header';

/** A request in one era: the 2026 envelope and headers, or a claim-less body with (or without) the 2025 header. */
function inEra(era: Era, method: string, params: Record<string, unknown> | undefined, id: unknown): IncomingMcp {
  if (era === 'modern') {
    const { body, headers } = modernRequest(method, params ?? {}, 1);
    return incoming({ ...body, id }, headers);
  }
  const body = params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
  return incoming(body, era === '2025-11-25' ? { 'mcp-protocol-version': '2025-11-25' } : {});
}

async function recordedCases(): Promise<Case[]> {
  const ex = await examples();
  const home = ex.one<ExampleHome>(
    'a listed dementia home with a location',
    `SELECT license_number, name, latitude, longitude, county FROM facilities WHERE listed = 1 AND dementia = 'true' AND latitude IS NOT NULL ORDER BY sort_key`,
  );
  const other = ex.value<string>('SELECT license_number FROM facilities WHERE listed = 1 AND license_number <> ? ORDER BY sort_key', home.license_number);
  const tools: Array<[string, Record<string, unknown>]> = [
    ...happyPathCalls(home, other),
    // Refusals (tool results with isError), an unknown tool, bad and missing arguments.
    ['get_home', { license_number: '000000000' }],
    ['find_homes', { county: 'Alameda', color: 'blue' }],
    ['no_such_tool', {}],
    ['get_home', { license_number: 12 }],
    ['get_home', {}],
  ];
  const oddIds: unknown[] = ['abc', '', 0, -1, -0, 2 ** 53 - 1, -(2 ** 53 - 1), 1.5, 1e21, 12345678901234567890, 2 ** 53 + 2, 'ид ✓ "quoted" \\ \u0000', 'x'.repeat(300)];
  const cases: Case[] = [];
  for (const era of ['modern', '2025-11-25', 'no header'] as Era[]) {
    let id = 100;
    for (const [name, args] of tools) cases.push({ label: `${era} ${name} ${JSON.stringify(args)}`, request: inEra(era, 'tools/call', { name, arguments: args }, (id += 1)), engine: true });
    cases.push({ label: `${era} tools/list`, request: inEra(era, 'tools/list', undefined, 'list'), engine: true });
    // 2026-07-28 removed ping: a gate answers it there.
    cases.push({ label: `${era} ping`, request: inEra(era, 'ping', undefined, 7), engine: era !== 'modern' });
    // The SDK takes a string or a safe integer as an id; any other number gets its handler's error.
    for (const odd of oddIds) {
      const engine = typeof odd === 'string' || Number.isSafeInteger(odd);
      cases.push({ label: `${era} id ${JSON.stringify(odd)}`, request: inEra(era, 'tools/call', { name: 'get_home', arguments: { license_number: other } }, odd), engine });
    }
    // A method the era lacks or nobody serves: a gate answers it (404 or 200 by era), so the SDK's handler does.
    cases.push({ label: `${era} unknown method`, request: inEra(era, 'homes/teleport', {}, 9), engine: false });
    cases.push({ label: `${era} resources/list`, request: inEra(era, 'resources/list', {}, 10), engine: false });
    // No id: not a request.
    cases.push({ label: `${era} id null`, request: inEra(era, 'tools/list', undefined, null), engine: false });
  }
  cases.push({ label: 'modern server/discover', request: inEra('modern', 'server/discover', {}, 3), engine: true });
  cases.push({ label: '2025 server/discover (no such method there)', request: inEra('2025-11-25', 'server/discover', undefined, 3), engine: false });

  const modernCall = modernRequest('tools/call', { name: 'get_home', arguments: { license_number: other } }, 5);
  const without = (name: string) => Object.fromEntries(Object.entries(modernCall.headers).filter(([key]) => key !== name));
  cases.push(
    { label: 'modern without Mcp-Name', request: incoming(modernCall.body, without('mcp-name')), engine: false },
    { label: 'modern without Mcp-Method', request: incoming(modernCall.body, without('mcp-method')), engine: false },
    { label: 'modern without MCP-Protocol-Version', request: incoming(modernCall.body, without('mcp-protocol-version')), engine: false },
    { label: 'modern Mcp-Name naming another tool', request: incoming(modernCall.body, { ...modernCall.headers, 'mcp-name': 'find_homes' }), engine: false },
    { label: 'modern Mcp-Name as a Base64 sentinel', request: incoming(modernCall.body, { ...modernCall.headers, 'mcp-name': '=?base64?Z2V0X2hvbWU=?=' }), engine: false },
    { label: 'modern Mcp-Method naming another method', request: incoming(modernCall.body, { ...modernCall.headers, 'mcp-method': 'tools/list' }), engine: false },
    { label: 'modern header naming 2025-11-25', request: incoming(modernCall.body, { ...modernCall.headers, 'mcp-protocol-version': '2025-11-25' }), engine: false },
    { label: 'modern envelope naming 2025-11-25', request: incoming(modernRequest('tools/call', { name: 'get_home', arguments: { license_number: other } }, 5, '2025-11-25').body, { ...modernCall.headers, 'mcp-protocol-version': '2025-11-25' }), engine: false },
    { label: 'modern envelope naming a newer revision', request: incoming(modernRequest('tools/list', {}, 5, '2027-01-01').body, modernRequest('tools/list', {}, 5, '2027-01-01').headers), engine: false },
    { label: 'modern envelope without clientInfo', request: incoming({ ...modernCall.body, params: { ...modernCall.body.params, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } } }, modernCall.headers), engine: false },
    { label: 'modern with a text/plain Content-Type', request: incoming(modernCall.body, { ...modernCall.headers, 'content-type': 'text/plain' }), engine: false },
    { label: 'modern notification', request: incoming({ jsonrpc: '2.0', method: 'notifications/initialized', params: { _meta: modernCall.body.params._meta } }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'notifications/initialized' }), engine: false },
    { label: '2025 notification', request: incoming({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-protocol-version': '2025-11-25' }), engine: false },
    { label: '2025 initialize', request: incoming({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }), engine: false },
    { label: '2025 unsupported version header', request: inEra('no header', 'tools/list', undefined, 1), engine: false },
    { label: '2025 Accept without JSON', request: incoming({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { accept: 'text/html' }), engine: false },
    { label: '2025 no Accept (widened)', request: incoming({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { accept: '' }), engine: true },
    { label: '2025 batch', request: incoming([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { jsonrpc: '2.0', id: 2, method: 'ping' }]), engine: false },
    { label: 'not JSON-RPC', request: incoming({ id: 1, method: 'tools/list' }), engine: false },
    { label: 'an id that is an object', request: incoming({ jsonrpc: '2.0', id: { a: 1 }, method: 'tools/list' }), engine: false },
    { label: 'not JSON', request: incoming('{"jsonrpc": "2.0", '), engine: false },
  );
  const unsupported = cases.find((one) => one.label === '2025 unsupported version header')!;
  unsupported.request.headers['mcp-protocol-version'] = '1999-01-01';
  return cases;
}

test('the engine answers every recorded call byte for byte as the SDK handler does, and takes those it should', async (t) => {
  const cases = await recordedCases();
  for (const { label, request, engine } of cases) {
    const viaSdk = await answered(request, false);
    const viaRoute = await answered(request, true);
    t.deepEqual(viaRoute, viaSdk, label);
    const taken = parsed(request) !== undefined && (await engineAnswer(request, parsed(request), call())) !== null;
    t.is(taken, engine, `${label}: ${engine ? 'served by the engine' : 'left to the SDK handler'}`);
  }
  t.true(cases.filter((one) => one.engine).length >= 60);
});

test('two calls in flight with the same id, from different requests, each get their own answer and id', async (t) => {
  const ex = await examples();
  const licenses = ex.all<{ license_number: string }>('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 6').map((row) => row.license_number);
  for (const id of [1, 'same', 0]) {
    const requests = licenses.flatMap((license) => [
      incoming({ ...modernRequest('tools/call', { name: 'get_home', arguments: { license_number: license } }).body, id }, modernRequest('tools/call', { name: 'get_home' }).headers),
      incoming({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_home', arguments: { license_number: license } } }),
    ]);
    const together = await Promise.all(requests.map((request) => answered(request, true)));
    for (const [index, request] of requests.entries()) {
      t.deepEqual(together[index], await answered(request, false));
      t.is(JSON.parse(together[index]!.body as string).result.structuredContent.home.license_number, licenses[Math.floor(index / 2)]);
    }
  }
});

// Serial: no other test of this file builds instances meanwhile.
test.serial('the engine builds one server instance per kind, not one per call', async (t) => {
  for (const era of ['modern', '2025-11-25'] as Era[]) await answered(inEra(era, 'tools/list', undefined, 1), true);
  const before = builtMcpServers();
  for (let i = 0; i < 20; i += 1) await answered(inEra(i % 2 ? 'modern' : '2025-11-25', 'tools/list', undefined, i), true);
  t.is(builtMcpServers(), before);
});
