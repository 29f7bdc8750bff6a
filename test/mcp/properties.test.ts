// Property-based: random arguments for every tool and random JSON-RPC envelopes, in both eras.
// Whatever arrives, the answer is never an HTTP 5xx and never a body that is not JSON; a tool
// answers a result or a refusal (isError), and every result matches the tool's output schema.
import test from 'ava';
import fc from 'fast-check';
import { SPEC_TOOLS } from '../../serve/site/docs-mcp.ts';
import { examples } from '../helpers/examples.ts';
import { modernRequest, rpc, startMcpServer, validateOutput, type McpTestServer } from './helpers.ts';

let server: McpTestServer;
let tools: Array<{ name: string; inputSchema: { properties?: Record<string, unknown> }; outputSchema?: unknown }>;
test.before(async () => {
  server = await startMcpServer();
  tools = (await rpc(server.mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).body.result.tools;
});
test.after.always(async () => {
  await server?.close();
});

function assertJsonAnswer(reply: { status: number; text: string; body: unknown; headers: Headers }, what: string): void {
  if (reply.status >= 500) throw new Error(`${what}: HTTP ${reply.status} ${reply.text.slice(0, 300)}`);
  if (reply.status === 202 && reply.text === '') return; // a notification, acknowledged
  // subscriptions/listen (2026-07-28) is an event stream by protocol; here it acknowledges and ends at once.
  if (/text\/event-stream/.test(reply.headers.get('content-type') ?? '')) {
    const data = reply.text.split('\n').filter((line) => line.startsWith('data:'));
    if (data.length === 0 || !data.every((line) => isJson(line.slice(5)))) throw new Error(`${what}: an event stream without JSON messages`);
    return;
  }
  if (reply.body === undefined) throw new Error(`${what}: HTTP ${reply.status} answered something that is not JSON: ${reply.text.slice(0, 300)}`);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const scalar = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('015601295', '15601295', '#015601295', 'Alameda', 'LOS ANGELES', 'dementia', 'wheelchair', '2024-01-01', '', ' ', '__proto__', 'NaN'),
);
const value = fc.oneof(
  { depthSize: 'small' },
  scalar,
  fc.array(scalar, { maxLength: 6 }),
  fc.dictionary(fc.constantFrom('latitude', 'longitude', 'lat', 'x'), fc.oneof(fc.double(), fc.integer({ min: -200, max: 200 }), scalar), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);

test('random arguments to every tool, in both eras, never crash and results match their schemas', async (t) => {
  const ex = await examples();
  const licenses = ex.all<{ license_number: string }>('SELECT license_number FROM facilities ORDER BY license_number LIMIT 6').map((r) => r.license_number);
  for (const name of [...SPEC_TOOLS, 'explain']) {
    const tool = tools.find((candidate) => candidate.name === name)!;
    const known = Object.keys(tool.inputSchema.properties ?? {});
    const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, fc.constantFrom('sort', 'order', 'rank', 'limit', 'offset'), fc.string({ maxLength: 8 }));
    const args = fc.oneof(
      fc.dictionary(key, fc.oneof(value, fc.constantFrom(...licenses), fc.array(fc.constantFrom(...licenses), { maxLength: 12 })), { maxKeys: 5 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(args, fc.boolean(), async (generated, modern) => {
        const params = { name, arguments: generated };
        const reply = modern
          ? await rpc(server.mcpUrl, modernRequest('tools/call', params).body, modernRequest('tools/call', params).headers)
          : await rpc(server.mcpUrl, { jsonrpc: '2.0', id: 9, method: 'tools/call', params });
        assertJsonAnswer(reply, `${name} ${JSON.stringify(generated).slice(0, 200)}`);
        const body = reply.body as any;
        if (body.error) {
          // Arguments that are not an object at all are refused by the protocol layer.
          if (generated !== null && typeof generated === 'object' && !Array.isArray(generated)) {
            throw new Error(`${name}: JSON-RPC error for object arguments: ${JSON.stringify(body.error).slice(0, 300)}`);
          }
          return;
        }
        const result = body.result;
        if (result.isError) {
          const text = result.content?.[0]?.text;
          if (typeof text !== 'string' || text.length < 10) throw new Error(`${name}: a refusal without a message`);
          if (/could not finish this call/.test(text)) throw new Error(`${name}: an internal failure for ${JSON.stringify(generated)}`);
          return;
        }
        const problem = validateOutput(tools, name, result.structuredContent);
        if (problem) throw new Error(`${name}: output does not match its schema: ${problem}`);
      }),
      { numRuns: 35 },
    );
  }
  t.pass();
});

test('random JSON-RPC envelopes and bodies never crash the endpoint and are always answered in JSON', async (t) => {
  const method = fc.oneof(
    fc.constantFrom('initialize', 'tools/list', 'tools/call', 'server/discover', 'ping', 'notifications/initialized', 'resources/list', 'subscriptions/listen', 'prompts/get'),
    fc.string({ maxLength: 20 }),
  );
  const version = fc.oneof(fc.constantFrom('2026-07-28', '2025-11-25', '2024-10-07', '2099-01-01', '1999-01-01', 'x'), fc.string({ maxLength: 12 }));
  const envelope = fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), scalar),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.double()),
      method,
      params: fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.record({
          name: fc.oneof(fc.constantFrom(...SPEC_TOOLS, 'explain'), fc.string({ maxLength: 10 })),
          arguments: fc.jsonValue({ maxDepth: 2 }),
          protocolVersion: version,
          _meta: fc.record(
            {
              'io.modelcontextprotocol/protocolVersion': version,
              'io.modelcontextprotocol/clientCapabilities': fc.jsonValue({ maxDepth: 1 }),
              'io.modelcontextprotocol/clientInfo': fc.jsonValue({ maxDepth: 1 }),
            },
            { requiredKeys: [] },
          ),
        }, { requiredKeys: [] }),
      ),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    { weight: 5, arbitrary: envelope.map((e) => JSON.stringify(e)) },
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.array(envelope, { maxLength: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 60 }),
    fc.constantFrom('', '{', '[]', 'null', '{"jsonrpc":"2.0"}', '\u0000'),
  );
  const headers = fc.record(
    {
      'mcp-protocol-version': version,
      'mcp-method': method,
      'mcp-name': fc.string({ maxLength: 10 }),
      accept: fc.constantFrom('application/json', 'text/event-stream', '*/*', 'text/html', ''),
    },
    { requiredKeys: [] },
  );
  await fc.assert(
    fc.asyncProperty(body, headers, async (text, extra) => {
      const clean = Object.fromEntries(Object.entries(extra).filter(([, v]) => /^[\x20-\x7e]*$/.test(v as string)));
      const reply = await rpc(server.mcpUrl, text, clean as Record<string, string>);
      assertJsonAnswer(reply, `${text.slice(0, 200)} ${JSON.stringify(clean)}`);
    }),
    { numRuns: 250 },
  );
  t.pass();
});
