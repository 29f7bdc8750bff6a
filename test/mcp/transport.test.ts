// POST /mcp on one URL in both protocol eras: server/discover and initialize, the tool list, 405s,
// OPTIONS and CORS, the 400 for a newer revision, Host validation, bodies that are too large or
// not JSON, and the alias explain before and after its cut-off.
import fs from 'node:fs';
import test from 'ava';
import { ProtocolError } from '@modelcontextprotocol/client';
import { isLegacyRequest } from '@modelcontextprotocol/server';
import fc from 'fast-check';
import { MCP_SERVER_INFO } from '../../serve/words/identity.ts';
import { builtMcpServers } from '../../serve/mcp/server.ts';
import { SPEC_TOOLS } from '../../serve/site/docs-mcp.ts';
import { claimsModernEnvelope } from '../../serve/mcp/transport.ts';
import { examples } from '../helpers/examples.ts';
import { connect, LEGACY, MODERN, modernRequest, rpc, startMcpServer, type McpTestServer } from './helpers.ts';

let server: McpTestServer;
test.before(async () => {
  server = await startMcpServer({ mcp: { now: () => new Date('2026-11-22T12:00:00Z') } });
});
test.after.always(async () => {
  await server?.close();
});

const TOOLS_WITH_ALIAS = [...SPEC_TOOLS.slice(0, 7), 'explain', ...SPEC_TOOLS.slice(7)];

/** get_home for one license in either era; the license the answer is about. */
async function homeAnswered(era: 'modern' | 'legacy', license: string, id: number): Promise<string> {
  const params = { name: 'get_home', arguments: { license_number: license } };
  const { body, headers } =
    era === 'modern'
      ? modernRequest('tools/call', params, id)
      : { body: { jsonrpc: '2.0', id, method: 'tools/call', params }, headers: { 'mcp-protocol-version': '2025-11-25' } };
  const answer = await rpc(server.mcpUrl, body, headers);
  if (answer.status !== 200 || answer.body?.id !== id) throw new Error(`get_home ${license}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return answer.body.result.structuredContent.home.license_number;
}

// Serial, so no other test's requests are in flight while instances are counted.
test.serial('server instances are built once and reused: each request, in either era, gets its own context', async (t) => {
  const ex = await examples();
  const licenses = ex.all<{ license_number: string }>('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 24').map((row) => row.license_number);
  t.true(licenses.length >= 16);
  for (const era of ['modern', 'legacy'] as const) await homeAnswered(era, licenses[0]!, 1); // warm: one instance per era
  const before = builtMcpServers();
  let id = 10;
  for (const era of ['modern', 'legacy'] as const) {
    for (const license of licenses) t.is(await homeAnswered(era, license, id++), license, `${era} ${license}`);
  }
  t.is(builtMcpServers(), before, 'one request after another reuses the same idle instances');
  const together = licenses.flatMap((license) => (['modern', 'legacy'] as const).map((era) => ({ era, license, id: id++ })));
  const answered = await Promise.all(together.map(({ era, license, id }) => homeAnswered(era, license, id)));
  t.deepEqual(answered, together.map(({ license }) => license), 'concurrent requests each read their own call');
  const afterBurst = builtMcpServers();
  t.true(afterBurst - before <= together.length, 'a burst builds at most one instance per request in flight');
  for (const license of licenses.slice(0, 8)) await homeAnswered('modern', license, id++);
  t.is(builtMcpServers(), afterBurst, 'instances built for a burst are kept for the next requests');
});

/** The curl calls of docs/mcp.md's "Raw requests" section: headers and body, per era. */
function documentedRawRequests(): Array<{ era: string; headers: Record<string, string>; body: string }> {
  const doc = fs.readFileSync(new URL('../../docs/mcp.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### Raw requests, both eras'), doc.indexOf('### Rate limit'));
  const blocks = [...section.matchAll(/\*\*([^*]+)\*\*[\s\S]*?```sh\n([\s\S]*?)```/g)];
  return blocks.flatMap(([, era, block]) =>
    block!.split(/\n\n/).map((command) => {
      const headers = Object.fromEntries([...command.matchAll(/-H '([^:]+): ([^']*)'/g)].map(([, name, value]) => [name!.toLowerCase(), value!]));
      return { era: era!, headers, body: /-d '([^']*)'/.exec(command)![1]! };
    }),
  );
}

test('the raw requests docs/mcp.md shows answer in both eras, as sent with curl', async (t) => {
  const requests = documentedRawRequests();
  t.deepEqual(requests.map((request) => request.era), ['2026-07-28', '2026-07-28', '2025 era', '2025 era']);
  for (const request of requests) {
    const reply = await rpc(server.mcpUrl, request.body, request.headers);
    t.is(reply.status, 200, `${request.era} ${request.body.slice(0, 80)}: ${reply.text.slice(0, 300)}`);
    t.is(reply.body.error, undefined, reply.text.slice(0, 300));
    t.truthy(reply.body.result, request.body.slice(0, 80));
  }
  const [discover, modernCall, initialize, legacyCall] = await Promise.all(requests.map((request) => rpc(server.mcpUrl, request.body, request.headers)));
  t.deepEqual(discover!.body.result.supportedVersions, [MODERN]);
  t.is(initialize!.body.result.protocolVersion, '2025-11-25');
  for (const call of [modernCall!, legacyCall!]) t.is(call.body.result.structuredContent.query.county, 'ALAMEDA');
});

test('a server/discover without the 2026-07-28 _meta says what that revision needs, not "Method not found"', async (t) => {
  const bare = { jsonrpc: '2.0', id: 9, method: 'server/discover' };
  const withHeadersOnly = { headers: { 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover' } };
  for (const [body, headers] of [
    [bare, {}],
    [{ ...bare, params: {} }, {}],
    [{ ...bare, params: { _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1' } } } }, {}],
    [bare, withHeadersOnly.headers],
  ] as const) {
    const reply = await rpc(server.mcpUrl, body, headers);
    t.is(reply.status, 400, reply.text);
    t.is(reply.body.id, 9);
    t.is(reply.body.error.code, -32602);
    for (const needed of [
      'io.modelcontextprotocol/protocolVersion',
      'io.modelcontextprotocol/clientCapabilities',
      'io.modelcontextprotocol/clientInfo',
      'MCP-Protocol-Version: 2026-07-28',
      'Mcp-Method: server/discover',
      'Mcp-Name',
      'initialize',
    ]) {
      t.true(reply.body.error.message.includes(needed), `the message names ${needed}`);
    }
    t.deepEqual(reply.body.error.data, {
      revision: MODERN,
      params_meta: ['io.modelcontextprotocol/protocolVersion', 'io.modelcontextprotocol/clientCapabilities', 'io.modelcontextprotocol/clientInfo'],
      headers: ['MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name'],
    });
  }
});

test('2026-07-28: server/discover names the revision, the server 1.1.2, its instructions and a fixed tool list', async (t) => {
  const client = await connect(server.mcpUrl, 'modern');
  t.teardown(() => client.close());
  t.is(client.getProtocolEra(), 'modern');
  t.is(client.getNegotiatedProtocolVersion(), MODERN);
  t.like(client.getServerVersion(), { name: MCP_SERVER_INFO.name, version: '1.1.2' });
  const discover = client.getDiscoverResult()!;
  t.deepEqual(discover.supportedVersions, [MODERN]);
  t.deepEqual(discover.capabilities.tools, { listChanged: false });
  t.regex(discover.instructions ?? '', /not on file/);
  t.regex(discover.instructions ?? '', /open bed|openings/i);
  const { tools } = await client.listTools();
  t.deepEqual(
    tools.map((tool) => tool.name),
    TOOLS_WITH_ALIAS,
  );
  for (const tool of tools) {
    t.truthy(tool.description && tool.description.length > 80, tool.name);
    t.is(tool.inputSchema.type, 'object', tool.name);
    t.is((tool.inputSchema as { additionalProperties?: unknown }).additionalProperties, false, `${tool.name} refuses unknown arguments`);
    t.is((tool.outputSchema as { type?: string } | undefined)?.type, 'object', `${tool.name} has an object output schema`);
    // Read-only (destructiveHint and idempotentHint mean something only when it is false), closed world; the title is the tool's own.
    t.deepEqual(tool.annotations, { readOnlyHint: true, openWorldHint: false }, tool.name);
    t.truthy(tool.title, tool.name);
  }
  t.regex(tools.find((tool) => tool.name === 'explain')!.description!, /Deprecated.*2026-12-22/);
});

for (const version of LEGACY) {
  test(`${version}: initialize negotiates it and the same ten tools plus the alias are listed`, async (t) => {
    const client = await connect(server.mcpUrl, version);
    t.teardown(() => client.close());
    t.is(client.getProtocolEra(), 'legacy');
    t.is(client.getNegotiatedProtocolVersion(), version);
    t.like(client.getServerVersion(), { name: MCP_SERVER_INFO.name, version: '1.1.2' });
    t.regex(client.getInstructions() ?? '', /not_on_file/);
    const { tools } = await client.listTools();
    t.deepEqual(
      tools.map((tool) => tool.name),
      TOOLS_WITH_ALIAS,
    );
  });
}

test('every answer is JSON and no session id is ever minted', async (t) => {
  const init = await rpc(server.mcpUrl, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  t.is(init.status, 200);
  t.regex(init.headers.get('content-type') ?? '', /^application\/json/);
  t.is(init.headers.get('mcp-session-id'), null);
  t.is(init.body.result.protocolVersion, '2025-06-18');

  const { body, headers } = modernRequest('tools/list');
  const list = await rpc(server.mcpUrl, body, headers);
  t.is(list.status, 200);
  t.regex(list.headers.get('content-type') ?? '', /^application\/json/);
  t.is(list.body.result.tools.length, 11);
});

test('an initialize offering a revision newer than any spoken negotiates 2025-11-25', async (t) => {
  const reply = await rpc(server.mcpUrl, {
    jsonrpc: '2.0',
    id: 7,
    method: 'initialize',
    params: { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });
  t.is(reply.status, 200);
  t.is(reply.body.result.protocolVersion, '2025-11-25');
});

test('a request declaring a newer revision gets 400 naming 2026-07-28', async (t) => {
  const { body, headers } = modernRequest('tools/list', {}, 'n1', '2027-03-01');
  const modern = await rpc(server.mcpUrl, body, headers);
  t.is(modern.status, 400);
  t.is(modern.body.id, 'n1');
  t.is(modern.body.error.code, -32022);
  t.regex(modern.body.error.message, /2027-03-01.*use 2026-07-28/);
  t.deepEqual(modern.body.error.data, { supported: [MODERN], requested: '2027-03-01' });
  t.is(modern.headers.get('access-control-allow-origin'), '*');

  // Declared only by the header, on a 2025-style call.
  const legacy = await rpc(server.mcpUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': '2026-12-01' });
  t.is(legacy.status, 400);
  t.is(legacy.body.error.code, -32022);
  t.regex(legacy.body.error.message, /use 2026-07-28/);
});

test('GET and DELETE answer 405 with Allow: POST, OPTIONS and a JSON-RPC error; no event stream', async (t) => {
  for (const method of ['GET', 'DELETE', 'PUT', 'PATCH']) {
    const response = await fetch(server.mcpUrl, { method, headers: { accept: 'text/event-stream', 'mcp-session-id': 'abc' } });
    t.is(response.status, 405, method);
    t.is(response.headers.get('allow'), 'POST, OPTIONS', method);
    t.is(response.headers.get('access-control-allow-origin'), '*', method);
    const body = (await response.json()) as { jsonrpc: string; error: { code: number; message: string } };
    t.is(body.jsonrpc, '2.0');
    t.is(body.error.code, -32000);
    t.regex(body.error.message, /POST only/);
  }
});

test('OPTIONS is served for any origin with the MCP headers allowed', async (t) => {
  const response = await fetch(server.mcpUrl, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://assistant.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, mcp-protocol-version, mcp-method, mcp-name, mcp-param-region',
    },
  });
  t.is(response.status, 204);
  t.is(response.headers.get('access-control-allow-origin'), '*');
  t.regex(response.headers.get('access-control-allow-methods') ?? '', /POST/);
  const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim());
  for (const header of ['content-type', 'accept', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'mcp-session-id', 'mcp-param-region']) {
    t.true(allowed.includes(header), header);
  }
  t.truthy(response.headers.get('access-control-max-age'));

  // A bare OPTIONS (no preflight headers) is answered too.
  t.is((await fetch(server.mcpUrl, { method: 'OPTIONS' })).status, 204);
});

test('every /mcp answer allows any origin, including errors', async (t) => {
  const origin = { origin: 'https://somewhere.example' };
  const ok = await rpc(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, origin);
  t.is(ok.status, 200);
  t.is(ok.headers.get('access-control-allow-origin'), '*');
  const notJson = await rpc(server.mcpUrl, '{"jsonrpc": "2.0", "id": 1, "method": ', origin);
  t.is(notJson.status, 400);
  t.is(notJson.body.error.code, -32700);
  t.is(notJson.headers.get('access-control-allow-origin'), '*');
  const wrongType = await fetch(server.mcpUrl, { method: 'POST', headers: { 'content-type': 'text/plain', ...origin }, body: '{}' });
  t.is(wrongType.status, 415);
  t.is(wrongType.headers.get('access-control-allow-origin'), '*');
  t.is(((await wrongType.json()) as { error: { code: number } }).error.code, -32000);
});

test('a body far larger than any call gets 413 as a JSON-RPC error', async (t) => {
  const reply = await rpc(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'check_homes', arguments: { homes: ['x'.repeat(400_000)] } } });
  t.is(reply.status, 413);
  t.is(reply.body.jsonrpc, '2.0');
  t.regex(reply.body.error.message, /too large/);
  t.is(reply.headers.get('access-control-allow-origin'), '*');
});

test('a Host header naming another site is refused (DNS rebinding protection)', async (t) => {
  const http = await import('node:http');
  const { port } = new URL(server.url);
  const status = await new Promise<number>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  });
  t.is(status, 403);
});

test('an unknown tool is a JSON-RPC error, not a crash; a 2025 client without text/event-stream in Accept is still served', async (t) => {
  const client = await connect(server.mcpUrl, 'modern');
  t.teardown(() => client.close());
  const error = await t.throwsAsync(() => client.callTool({ name: 'rank_homes', arguments: {} }));
  t.true(error instanceof ProtocolError);

  const plain = await rpc(server.mcpUrl, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, { accept: 'application/json' });
  t.is(plain.status, 200);
  t.is(plain.body.result.tools.length, 11);
});

test('the alias explain answers like explain_care_topic before 2026-12-22', async (t) => {
  for (const era of ['modern', '2025-11-25'] as const) {
    const client = await connect(server.mcpUrl, era);
    const viaAlias = await client.callTool({ name: 'explain', arguments: { topic: 'not_on_file' } });
    const viaName = await client.callTool({ name: 'explain_care_topic', arguments: { topic: 'not_on_file' } });
    t.falsy(viaAlias.isError);
    t.deepEqual(viaAlias.structuredContent, viaName.structuredContent);
    await client.close();
  }
});

test('from 2026-12-22 the alias is gone: not listed, and a call gets an error naming explain_care_topic', async (t) => {
  const later = await startMcpServer({ mcp: { now: () => new Date('2026-12-22T00:00:00Z') } });
  t.teardown(() => later.close());
  for (const era of ['modern', '2024-10-07'] as const) {
    const client = await connect(later.mcpUrl, era);
    const { tools } = await client.listTools();
    t.deepEqual(
      tools.map((tool) => tool.name),
      [...SPEC_TOOLS],
    );
    const error = await t.throwsAsync(() => client.callTool({ name: 'explain', arguments: { topic: 'not_on_file' } }));
    t.regex(error!.message, /explain_care_topic/);
    t.falsy((await client.callTool({ name: 'explain_care_topic', arguments: { topic: 'not_on_file' } })).isError);
    await client.close();
  }
  // The day before, it was still there.
  const before = await startMcpServer({ mcp: { now: () => new Date('2026-12-21T23:59:59Z') } });
  t.teardown(() => before.close());
  const client = await connect(before.mcpUrl, 'modern');
  t.true((await client.listTools()).tools.some((tool) => tool.name === 'explain'));
  await client.close();
});

test('an initialize with wrongly typed params gets -32602 naming the field, not an internal error', async (t) => {
  const good = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'typed-test', version: '1' } };
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ ...good, protocolVersion: 20251125 }, /params\.protocolVersion must be a string/],
    [{ ...good, capabilities: 'all' }, /params\.capabilities must be an object/],
    [{ ...good, clientInfo: { name: 7, version: '1' } }, /params\.clientInfo\.name must be a string/],
    [{ protocolVersion: '2025-11-25', capabilities: {} }, /params\.clientInfo must be an object/],
  ];
  for (const [params, field] of cases) {
    const answer = await rpc(server.mcpUrl, { jsonrpc: '2.0', id: 'init', method: 'initialize', params });
    t.is(answer.body?.id, 'init', answer.text);
    t.is(answer.body?.error?.code, -32602, answer.text);
    t.regex(answer.body.error.message, field);
    t.regex(answer.body.error.message, /clientInfo \(an object with string name and version\)/, 'says what is accepted');
    t.notRegex(answer.body.error.message, /invalid_type|\[\s*\{/, 'no raw validation dump');
  }
  const fine = await rpc(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'initialize', params: good });
  t.is(fine.body?.result?.protocolVersion, '2025-11-25', 'well-typed params still negotiate');
});

test('an initialize sent in the 2026-07-28 envelope is no handshake: 404 with -32601, as that revision removed it', async (t) => {
  const { body, headers } = modernRequest('initialize', {}, 'init-2026');
  const answer = await rpc(server.mcpUrl, body, headers);
  t.is(answer.status, 404, answer.text);
  t.is(answer.body?.id, 'init-2026');
  t.is(answer.body?.error?.code, -32601, answer.text);
});

test('a message the route sends straight to the 2026 leg is one the SDK never classifies as 2025-era', async (t) => {
  const meta = fc.oneof(
    fc.record({ 'io.modelcontextprotocol/protocolVersion': fc.oneof(fc.constantFrom(MODERN, ...LEGACY, '2099-01-01'), fc.jsonValue({ maxDepth: 1 })) }, { requiredKeys: [] }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const message = fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue({ maxDepth: 0 })),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null)),
      method: fc.oneof(fc.constantFrom('tools/call', 'tools/list', 'initialize', 'server/discover', 'notifications/initialized', 'ping'), fc.jsonValue({ maxDepth: 0 })),
      params: fc.oneof(fc.record({ _meta: meta, name: fc.constant('get_home') }, { requiredKeys: [] }), fc.jsonValue({ maxDepth: 2 })),
      result: fc.jsonValue({ maxDepth: 1 }),
      error: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  );
  // Messages that carry the claim, with or without the other keys the SDK looks at.
  const claimed = fc
    .tuple(
      message,
      fc.constantFrom('tools/call', 'tools/list', 'server/discover', 'notifications/initialized', 'ping', 'initialize'),
      fc.oneof(fc.constantFrom(MODERN, ...LEGACY, '2099-01-01'), fc.jsonValue({ maxDepth: 1 })),
      fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
      fc.constantFrom('none', 'none', 'result', 'error'),
    )
    .map(([{ result: _result, error: _error, ...base }, method, version, extra, reply]) => ({
      ...base,
      jsonrpc: '2.0',
      id: 7,
      method,
      params: { name: 'get_home', _meta: { ...extra, 'io.modelcontextprotocol/protocolVersion': version } },
      ...(reply === 'result' ? { result: {} } : reply === 'error' ? { error: { code: -32000, message: 'x' } } : {}),
    }));
  const header = fc.option(fc.constantFrom(MODERN, ...LEGACY, '2099-01-01'), { nil: undefined });
  let shortcut = 0;
  await fc.assert(
    fc.asyncProperty(fc.oneof(message, claimed, fc.array(fc.oneof(message, claimed), { maxLength: 3 })), header, async (body, version) => {
      if (!claimsModernEnvelope(body)) return;
      shortcut += 1;
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(version ? { 'mcp-protocol-version': version } : {}) };
      const request = new Request('http://localhost/mcp', { method: 'POST', headers });
      if (await isLegacyRequest(request, body)) throw new Error(`sent to the 2026 leg but 2025-era for the SDK: ${JSON.stringify(body)}`);
    }),
    { numRuns: 2_000 },
  );
  t.true(shortcut > 100, 'enough generated messages claim the envelope to mean something');
});
