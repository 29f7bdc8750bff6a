// Where an MCP get_home call's CPU goes, in one process without HTTP: our tool (record look-up and
// shaping) against the SDK's request handling around it (serveMcp: the web Request, message
// parsing and validation, a per-request server, the result's validation and serialization).
//   mcp-cost-child.ts <snapshotsDir> <license>  ->  prints { tool_us, sdk_path_us }
import { createServer } from '../../serve/server.ts';
import { settingsFromEnv } from '../../serve/settings.ts';
import { mcpCall } from '../../serve/mcp/context.ts';
import { toolResult } from '../../serve/mcp/tool.ts';
import { getHome } from '../../serve/mcp/tools/get-home.ts';
import { readMessage, serveMcp } from '../../serve/mcp/transport.ts';
import type { DocumentStoreReader } from '../../serve/mcp/documents.ts';
import type { Request as HapiRequest } from '@hapi/hapi';

const [snapshotsDir, license] = process.argv.slice(2) as [string, string];
const settings = settingsFromEnv({ ...process.env, PORT: '0', HOST: '127.0.0.1', SNAPSHOTS_DIR: snapshotsDir, LOG_LEVEL: 'silent' });
const app = await createServer(settings);
const hapiRequest = { app: {}, headers: {}, info: { remoteAddress: '127.0.0.1' } } as unknown as HapiRequest;
const call = mcpCall(hapiRequest, app.services, null as unknown as DocumentStoreReader);
const headers = {
  host: '127.0.0.1',
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'get_home',
};
const raw = Buffer.from(
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'get_home',
      arguments: { license_number: license },
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' } },
    },
  }),
);

async function cpuMicrosPerCall(calls: number, once: () => unknown): Promise<number> {
  for (let i = 0; i < calls / 4; i += 1) await once();
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) await once();
  const used = process.cpuUsage(started);
  return Math.round(((used.user + used.system) / calls) * 10) / 10;
}

const tool_us = await cpuMicrosPerCall(20_000, () => JSON.stringify(toolResult(getHome.run({ license_number: license }, call, {} as never) as Record<string, unknown>)));
const sdk_path_us = await cpuMicrosPerCall(4_000, async () => {
  const { response } = await serveMcp(new Request('http://127.0.0.1/mcp', { method: 'POST', headers }), readMessage(raw), call, { allowedHosts: ['127.0.0.1'] });
  return response.text();
});
await app.close();
console.log(JSON.stringify({ tool_us, sdk_path_us }));
process.exit(0);
