// Kept answers: a repeated read-only tools/call is answered with the SDK's own earlier answer and
// the new id, byte for byte; anything that could change the answer is part of the key.
import test from 'ava';
import { AnswerReplay, replayableCall } from '../../serve/mcp/replay.ts';
import type { MessageSummary } from '../../serve/mcp/transport.ts';
import type { Overlay } from '../../serve/overlay.ts';
import type { MemoScope } from '../../serve/shape/memo.ts';
import type { Snapshot } from '../../serve/snapshot.ts';
import { examples } from '../helpers/examples.ts';
import { MODERN, startMcpServer, type McpTestServer } from './helpers.ts';

let server: McpTestServer;
test.before(async () => {
  server = await startMcpServer();
});
test.after.always(() => server?.close());

const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'replay-test', version: '1' },
};

function toolCall(id: string | number, name: string, args: Record<string, unknown>) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: META } };
}

async function post(body: unknown, headers: Record<string, string> = {}) {
  const message = body as { params?: { name?: string } };
  const response = await fetch(server.mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': 'tools/call',
      'mcp-name': message.params?.name ?? '',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), text: await response.text() };
}

test('a repeated call gets the first answer with its own id, byte for byte, for every kept tool', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; county: string }>('a listed home', 'SELECT license_number, county FROM facilities WHERE listed = 1 ORDER BY sort_key');
  const calls: Array<[string, Record<string, unknown>]> = [
    ['get_home', { license_number: home.license_number }],
    ['find_homes', { county: home.county, limit: 5 }],
    ['check_homes', { homes: [home.license_number, 'Sunrise Villa'] }],
    ['search', { query: home.county }],
    ['fetch', { id: home.license_number }],
  ];
  for (const [name, args] of calls) {
    const first = await post(toolCall(1, name, args));
    t.is(first.status, 200, name);
    t.false(first.text.includes('"isError":true'), `${name}: ${first.text.slice(0, 200)}`);
    for (const id of ['second-call', 42]) {
      const again = await post(toolCall(id, name, args), { 'user-agent': 'another client', 'x-client-name': 'other-product' });
      t.is(again.status, 200);
      t.is(again.type, first.type);
      t.is(again.cache, first.cache);
      t.is(again.text, first.text.replace(/"id":1\}$/, `"id":${JSON.stringify(id)}}`), name);
    }
  }
});

test('a repeat whose headers disagree with its message is not answered from a kept answer', async (t) => {
  const call = toolCall(1, 'get_home', { license_number: (await examples()).one<{ license_number: string }>('a home', 'SELECT license_number FROM facilities').license_number });
  const good = await post(call);
  t.is(good.status, 200);
  const mismatched = await post({ ...call, id: 2 }, { 'mcp-name': 'find_homes' });
  t.not(mismatched.text.replace(/"id":2\}$/, '"id":1}'), good.text);
  t.true(mismatched.status >= 400 || mismatched.text.includes('"error"'), mismatched.text.slice(0, 200));
});

const HEADERS = { host: '127.0.0.1:3000', 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN };

test('only modern read-only tool calls with an id are kept, keyed on everything but the id and unread headers', (t) => {
  t.truthy(replayableCall(toolCall(1, 'get_home', { license_number: '1' }), HEADERS));
  t.is(replayableCall({ ...toolCall(1, 'get_home', {}), params: { name: 'get_home', arguments: {} } }, HEADERS), null, 'a 2025-era call (no _meta revision)');
  t.is(replayableCall(toolCall(1, 'start_family_request', {}), HEADERS), null, 'signs a link with an expiry');
  t.is(replayableCall(toolCall(1, 'get_state_documents', {}), HEADERS), null, 'reads the document store');
  t.is(replayableCall(toolCall(1, 'explain', {}), HEADERS), null, 'depends on the clock');
  t.is(replayableCall({ jsonrpc: '2.0', method: 'tools/call', params: toolCall(1, 'get_home', {}).params }, HEADERS), null, 'a notification');
  t.is(replayableCall([toolCall(1, 'get_home', {})], HEADERS), null, 'a batch');
  t.is(replayableCall({ ...toolCall(1, 'get_home', {}), method: 'tools/list' }, HEADERS), null);

  const key = (id: unknown, headers: Record<string, string>, args: Record<string, unknown> = { license_number: '1' }) =>
    replayableCall({ ...toolCall(1, 'get_home', args), id }, headers)!.key;
  t.is(key(1, HEADERS), key('other', { ...HEADERS, 'user-agent': 'x', 'x-client-name': 'y', 'content-length': '9' }));
  t.not(key(1, HEADERS), key(1, { ...HEADERS, host: 'evil.example' }));
  t.not(key(1, HEADERS), key(1, { ...HEADERS, accept: 'text/html' }));
  t.not(key(1, HEADERS), key(1, { ...HEADERS, 'mcp-name': 'find_homes' }));
  t.not(key(1, HEADERS), key(1, HEADERS, { license_number: '2' }));
});

test('an answer is kept only as a 200 JSON answer echoing the id, and only for its snapshot and overlay', (t) => {
  const replay = new AnswerReplay();
  const scope = { snapshot: {} as Snapshot, overlay: {} as Overlay } satisfies MemoScope;
  const summary = { rpcMethod: 'tools/call', tool: 'get_home', client: null, protocolVersion: MODERN, era: 'modern', id: 7 } satisfies MessageSummary;
  const call = replayableCall(toolCall(7, 'get_home', { license_number: '1' }), HEADERS)!;
  const json: Array<[string, string]> = [['content-type', 'application/json']];
  const body = '{"result":{"content":[],"note":"id \\"7\\" inside"},"jsonrpc":"2.0","id":7}';

  replay.keep(scope, call, 500, json, body, summary);
  replay.keep(scope, call, 200, [['content-type', 'text/html']], body, summary);
  replay.keep(scope, call, 200, json, '{"error":{"code":-32602,"message":"no"},"jsonrpc":"2.0","id":7}', summary);
  replay.keep(scope, call, 200, json, '{"result":{},"jsonrpc":"2.0","id":8}', summary);
  replay.keep(scope, call, 200, json, 'not json', summary);
  t.is(replay.find(scope, call), undefined);

  replay.keep(scope, call, 200, json, body, summary);
  t.is(replay.find(scope, call)?.body, body);
  t.is(replay.find(scope, { ...call, id: 'next' })?.body, body.replace('"id":7}', '"id":"next"}'));
  t.is(replay.find({ ...scope, overlay: {} as Overlay }, call), undefined, 'a re-read overlay');
  t.is(replay.find({ ...scope, snapshot: {} as Snapshot }, call), undefined, 'a new snapshot');
});
