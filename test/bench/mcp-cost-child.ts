// Where an MCP get_home call's CPU goes, in one process without HTTP: our tool (record look-up and
// shaping) against the SDK's request handling around it (serveMcp: the web Request, message
// parsing and validation, a pooled server, the result's validation and serialization).
//   mcp-cost-child.ts <snapshotsDir> <licenses.json>  ->  prints { tool_us, sdk_path_us }
// Every call asks for the next license in turn, as the load cells do.
import { readFileSync } from 'node:fs';
import { createServer } from '../../serve/server.ts';
import { settingsFromEnv } from '../../serve/settings.ts';
import { mcpCall } from '../../serve/mcp/context.ts';
import { toolResult } from '../../serve/mcp/tool.ts';
import { getHome } from '../../serve/mcp/tools/get-home.ts';
import { readMessage, serveMcp } from '../../serve/mcp/transport.ts';
import type { DocumentStoreReader } from '../../serve/mcp/documents.ts';
import type { Request as HapiRequest } from '@hapi/hapi';
import { mcpToolCall } from './keys.ts';

const [snapshotsDir, licensesFile] = process.argv.slice(2) as [string, string];
const licenses = JSON.parse(readFileSync(licensesFile, 'utf8')) as string[];
let turn = 0;
const nextLicense = () => licenses[turn++ % licenses.length]!;
const settings = settingsFromEnv({ ...process.env, PORT: '0', HOST: '127.0.0.1', SNAPSHOTS_DIR: snapshotsDir, LOG_LEVEL: 'silent' });
const app = await createServer(settings);
const hapiRequest = { app: {}, headers: {}, info: { remoteAddress: '127.0.0.1' } } as unknown as HapiRequest;
const call = mcpCall(hapiRequest, app.services, null as unknown as DocumentStoreReader);
const headers = { host: '127.0.0.1', 'content-type': 'application/json', ...mcpToolCall('2026-07-28', 'get_home', 'get_home', {}).headers };
const message = (license: string) => Buffer.from(mcpToolCall('2026-07-28', license, 'get_home', { license_number: license }).body!.replace('"__ID__"', String(turn)));

async function cpuMicrosPerCall(calls: number, once: () => unknown): Promise<number> {
  for (let i = 0; i < calls / 4; i += 1) await once();
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) await once();
  const used = process.cpuUsage(started);
  return Math.round(((used.user + used.system) / calls) * 10) / 10;
}

const tool_us = await cpuMicrosPerCall(20_000, () => JSON.stringify(toolResult(getHome.run({ license_number: nextLicense() }, call, {} as never) as Record<string, unknown>)));
const sdk_path_us = await cpuMicrosPerCall(4_000, async () => {
  const { response } = await serveMcp(new Request('http://127.0.0.1/mcp', { method: 'POST', headers }), readMessage(message(nextLicense())), call, { allowedHosts: ['127.0.0.1'] });
  return response.text();
});
await app.close();
console.log(JSON.stringify({ tool_us, sdk_path_us }));
process.exit(0);
