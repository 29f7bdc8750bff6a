// JSON-RPC batches on /mcp (issue 39, item 2): refused for every revision that has none
// (2025-06-18 and later, 2026-07-28) with the error the 2026 path gives (HTTP 400, -32600); where
// still allowed (no version header, 2025-03-26 and older) each message counts against the MCP
// budget and a batch holds at most MAX_BATCH_MESSAGES.
import test from 'ava';
import { MAX_BATCH_MESSAGES } from '../../serve/mcp/batch.ts';
import { call, postJson } from '../helpers/server.ts';
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

// Issue 46, item 1: the SDK reads a body through a UTF-8 decoder, which drops a byte-order mark, so
// a batch behind one (or behind blanks) is still a batch: the gates read it as the SDK does.
const BOM = '\uFEFF';
const postRaw = (text: string, headers: Record<string, string>) => call(server.mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...ACCEPT, ...headers }, body: Buffer.from(text, 'utf8') });

for (const [label, before] of [['a byte-order mark', BOM], ['a byte-order mark and blanks', `${BOM} \r\n\t `], ['blanks', ' \n\t\r ']] as const) {
  test(`${label} before a batch: refused where the era has none, and counted message by message where it has`, async (t) => {
    const refused = await postRaw(before + JSON.stringify(calls(2)), { ...caller(), 'mcp-protocol-version': '2025-11-25' });
    t.is(refused.status, 400);
    t.is(refused.body.error.code, -32600);
    t.regex(refused.body.error.message, /this one declares 2025-11-25/);

    const tooLong = await postRaw(before + JSON.stringify(calls(MAX_BATCH_MESSAGES + 1)), caller());
    t.is(tooLong.status, 400);
    t.regex(tooLong.body.error.message, new RegExp(`this one holds ${MAX_BATCH_MESSAGES + 1}`));

    const from = caller();
    t.is((await postRaw(before + JSON.stringify(calls(6)), from)).status, 200);
    t.is((await postRaw(before + JSON.stringify(calls(6)), from)).status, 200);
    t.is((await postRaw(before + JSON.stringify(calls(1)), from)).status, 429, `the ${BUDGET} messages spent the budget`);
  });
}

test('two byte-order marks, or a UTF-16 one, make a body no JSON reader takes: a parse error, no message served', async (t) => {
  for (const bytes of [Buffer.from(BOM + BOM + JSON.stringify(calls(2)), 'utf8'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(calls(2)), 'utf16le')])]) {
    const reply = await call(server.mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...ACCEPT, ...caller() }, body: bytes });
    t.is(reply.status, 400);
    t.is(reply.body.error.code, -32700);
  }
});
