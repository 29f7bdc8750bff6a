// JSON-RPC batches on /mcp (issue 39, item 2): refused for every revision that has none
// (2025-06-18 and later, 2026-07-28) with the error the 2026 path gives (HTTP 400, -32600); where
// still allowed (no version header, 2025-03-26 and older) each message counts against the MCP
// budget and a batch holds at most MAX_BATCH_MESSAGES.
import test from 'ava';
import { MAX_BATCH_MESSAGES } from '../../serve/mcp/batch.ts';
import { postJson } from '../helpers/server.ts';
import { MODERN, startMcpServer, type McpTestServer } from './helpers.ts';

const BUDGET = 12;
const ACCEPT = { accept: 'application/json, text/event-stream' };
const META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'batch-test', version: '1' } };

let server: McpTestServer;
test.before(async () => {
  server = await startMcpServer({ mcp: { rateLimit: BUDGET }, settings: { trustedProxyHops: 1 } });
});
test.after.always(() => server?.close());

let callers = 0;
/** A caller of its own (TRUST_PROXY=1). */
const caller = () => ({ 'x-forwarded-for': `203.0.113.${(callers += 1)}` });
const calls = (count: number, params?: object) => Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list', ...(params ? { params } : {}) }));

test('the 2026 path refuses a batch with HTTP 400 and -32600', async (t) => {
  const reply = await postJson(server.mcpUrl, calls(2, { _meta: META }), { ...ACCEPT, ...caller(), 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' });
  t.is(reply.status, 400);
  t.is(reply.body.error.code, -32600);
  t.regex(reply.body.error.message, /^Bad Request: JSON-RPC batches may not contain requests for protocol revision/);
});

for (const revision of ['2025-06-18', '2025-11-25', MODERN]) {
  test(`a batch declaring ${revision} in its header gets the same error`, async (t) => {
    const reply = await postJson(server.mcpUrl, calls(2), { ...ACCEPT, ...caller(), 'mcp-protocol-version': revision });
    t.is(reply.status, 400);
    t.is(reply.headers.get('cache-control'), 'no-store');
    t.is(reply.headers.get('access-control-allow-origin'), '*');
    t.deepEqual(Object.keys(reply.body).sort(), ['error', 'id', 'jsonrpc']);
    t.is(reply.body.error.code, -32600);
    t.regex(reply.body.error.message, new RegExp(`^Bad Request: JSON-RPC batches may not contain requests for protocol revision 2025-06-18 or later \\(this one declares ${revision}\\)`));
  });
}

test('a batch whose initialize offers 2025-06-18 is refused too, with no header', async (t) => {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
  const reply = await postJson(server.mcpUrl, [initialize, ...calls(1)], { ...ACCEPT, ...caller() });
  t.is(reply.status, 400);
  t.is(reply.body.error.code, -32600);
});

test(`without a header (or with 2025-03-26) a batch is served, at most ${MAX_BATCH_MESSAGES} messages`, async (t) => {
  for (const header of [{}, { 'mcp-protocol-version': '2025-03-26' }] as Array<Record<string, string>>) {
    const served = await postJson(server.mcpUrl, calls(3), { ...ACCEPT, ...caller(), ...header });
    t.is(served.status, 200);
    t.deepEqual((served.body as Array<{ id: number }>).map((answer) => answer.id), [1, 2, 3]);
  }
  const tooLong = await postJson(server.mcpUrl, calls(MAX_BATCH_MESSAGES + 1), { ...ACCEPT, ...caller() });
  t.is(tooLong.status, 400);
  t.is(tooLong.body.error.code, -32600);
  t.regex(tooLong.body.error.message, new RegExp(`at most ${MAX_BATCH_MESSAGES} messages here \\(this one holds ${MAX_BATCH_MESSAGES + 1}\\)`));
});

test(`every message of a batch counts against the budget of ${BUDGET}: a batch that would go over is refused whole`, async (t) => {
  const from = caller();
  t.is((await postJson(server.mcpUrl, calls(5), { ...ACCEPT, ...from })).status, 200);
  t.is((await postJson(server.mcpUrl, calls(5), { ...ACCEPT, ...from })).status, 200);
  const over = await postJson(server.mcpUrl, calls(5), { ...ACCEPT, ...from });
  t.is(over.status, 429);
  t.is(over.body.error.code, -32000);
  t.regex(over.body.error.message, new RegExp(`allows ${BUDGET} requests a minute per caller`));
  t.true(Number(over.headers.get('retry-after')) >= 1);
  // Its messages were counted (as a refused request is): the caller's budget is spent.
  t.is((await postJson(server.mcpUrl, calls(1)[0], { ...ACCEPT, ...from })).status, 429);
});
