// Where an MCP get_home call's CPU goes, in one process without HTTP: our tool (record look-up,
// shaping, its text written once) against everything else the /mcp route does for the call
// (answerMcp: the web Request, the SDK's classification, JSON-RPC and zod validation, a pooled
// server, the result's serialization, the answer's bytes back), in both protocol eras.
//   mcp-cost-child.ts <snapshotsDir> <licenses.json>  ->  prints { tool_us, route_us: { era: us } }
// Every call asks for the next license in turn, as the load cells do, with a fresh id.
import { readFileSync } from 'node:fs';
import type { Request as HapiRequest } from '@hapi/hapi';
import { mcpCall } from '../../serve/mcp/context.ts';
import type { DocumentStoreReader } from '../../serve/mcp/documents.ts';
import { toolResult } from '../../serve/mcp/tool.ts';
import { getHome } from '../../serve/mcp/tools/get-home.ts';
import { answerMcp } from '../../serve/mcp/transport.ts';
import { createServer } from '../../serve/server.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { mcpToolCall, type McpEra } from './keys.ts';

const [snapshotsDir, licensesFile] = process.argv.slice(2) as [string, string];
const licenses = JSON.parse(readFileSync(licensesFile, 'utf8')) as string[];
let turn = 0;
const nextLicense = () => licenses[turn++ % licenses.length]!;
const settings = settingsFromEnv({ ...process.env, PORT: '0', HOST: '127.0.0.1', SNAPSHOTS_DIR: snapshotsDir, LOG_LEVEL: 'silent' });
const app = await createServer(settings);
const hapiRequest = { app: {}, headers: {}, info: { remoteAddress: '127.0.0.1' } } as unknown as HapiRequest;
const call = mcpCall(hapiRequest, app.services, null as unknown as DocumentStoreReader);
const options = { allowedHosts: ['localhost', '127.0.0.1', '[::1]'] };

/** The headers a client sends with a call (as Node parses them), and the call's body. */
function incoming(era: McpEra, license: string) {
  const request = mcpToolCall(era, license, 'get_home', { license_number: license });
  const body = Buffer.from(request.body!.replace('"__ID__"', String(turn)));
  const headers = { host: '127.0.0.1:3000', connection: 'keep-alive', 'content-type': 'application/json', 'content-length': String(body.length), 'user-agent': 'bench', ...request.headers };
  return { headers, target: '/mcp', body };
}

async function cpuMicrosPerCall(calls: number, once: () => unknown): Promise<number> {
  for (let i = 0; i < calls / 4; i += 1) await once();
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) await once();
  const used = process.cpuUsage(started);
  return Math.round(((used.user + used.system) / calls) * 10) / 10;
}

const tool_us = await cpuMicrosPerCall(20_000, () => JSON.stringify(toolResult(getHome.run({ license_number: nextLicense() }, call, {} as never) as Record<string, unknown>)));
const route_us: Record<string, number> = {};
for (const era of ['2026-07-28', '2025-11-25'] as McpEra[]) {
  route_us[era] = await cpuMicrosPerCall(6_000, async () => {
    const answer = await answerMcp(incoming(era, nextLicense()), call, options);
    if (answer.status !== 200 || !Buffer.isBuffer(answer.body) || answer.body.includes('"isError":true')) throw new Error(`unexpected answer ${answer.status} ${String(answer.body).slice(0, 200)}`);
    return answer.body;
  });
}
await app.close();
console.log(JSON.stringify({ tool_us, route_us }));
process.exit(0);
