// The MCP log: one `mcp` line per /mcp request (method, tool, client, revision, era, status, ms),
// never an argument value; other paths get none.
import test from 'ava';
import { createLogger } from '../../serve/lib/log.ts';
import { createServer } from '../../serve/server.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { examples } from '../helpers/examples.ts';
import { snapshotDir } from '../helpers/snapshot.ts';
import { MODERN } from './helpers.ts';

test('each /mcp request leaves one mcp line, with no argument values; other requests none', async (t) => {
  const lines: string[] = [];
  const base = settingsFromEnv({});
  const settings = { ...base, snapshotsDir: await snapshotDir(), port: 0, host: '127.0.0.1', logLevel: 'info' as const, mcp: { ...base.mcp, rateLimit: 2 } };
  const app = await createServer(settings, createLogger('info', (line) => lines.push(line)));
  t.teardown(() => app.close());
  const license = (await examples()).one<{ license_number: string }>('a home', 'SELECT license_number FROM facilities').license_number;
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'get_home', arguments: { license_number: license }, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'log-test', version: '1' } } },
  };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'get_home' };
  t.is((await fetch(`${app.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) })).status, 200);
  t.is((await fetch(`${app.url}/mcp`, { method: 'OPTIONS' })).status, 204);
  t.is((await fetch(`${app.url}/mcp`)).status, 405);
  t.is((await fetch(`${app.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(body) })).status, 429, 'the budget of 2 counts every method but OPTIONS');
  t.is((await fetch(`${app.url}/api/v1/facilities/${license}`)).status, 200);
  // A line is written when hapi reports the response finished, which can trail the client's read.
  for (let i = 0; i < 50 && lines.filter((line) => line.includes('"msg":"mcp"')).length < 4; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));

  const mcpLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'mcp');
  // One line per request; their order is the order hapi finished them, which a loaded machine can swap.
  const byRequest = (entries: unknown[][]) => entries.map((entry) => JSON.stringify(entry)).sort();
  t.deepEqual(
    byRequest(mcpLines.map((entry) => [entry.http_method, entry.rpc_method, entry.tool, entry.status])),
    byRequest([
      ['POST', 'tools/call', 'get_home', 200],
      ['OPTIONS', null, null, 204],
      ['GET', null, null, 405],
      ['POST', null, null, 429],
    ]),
  );
  t.like(
    mcpLines.find((entry) => entry.tool === 'get_home'),
    { client: 'log-test', protocol_version: MODERN, era: 'modern' },
  );
  t.true(mcpLines.every((entry) => typeof entry.ms === 'number'));
  t.false(lines.filter((line) => line.includes('"msg":"mcp"')).some((line) => line.includes(license)), 'no argument value is logged');
});
