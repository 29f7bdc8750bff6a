// CPU per request in one process, through the whole hapi route (server.inject: no sockets, no load
// generator sharing the cores), with a different key on every call as the load cells do:
//   mcp-cost-child.ts <snapshotsDir> <keys.json>  ->  prints { cpu_us: { part: us } }
// Parts: MCP get_home in both eras and find_homes, REST home detail, list page and 100-home check
// with the same keys, our tool alone (its look-up, shaping and serialization), and a bare hapi POST
// route answering a stored body (what hapi's inject costs by itself). Each part is measured in
// rounds after a warm-up, and the median round is given. Run with --cpu-prof to see where it goes.
import { readFileSync } from 'node:fs';
import Hapi from '@hapi/hapi';
import type { Request as HapiRequest } from '@hapi/hapi';
import { mcpCall } from '../../serve/mcp/context.ts';
import { toolResult } from '../../serve/mcp/tool.ts';
import { getHome } from '../../serve/mcp/tools/get-home.ts';
import { createServer } from '../../serve/server.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { findHomesArgs, listQuery, mcpOpening, mcpToolCall, type KeyedRequest, type ListFilter, type McpEra } from './keys.ts';

export interface CostKeys {
  licenses: string[];
  filters: ListFilter[];
  checks: string[][];
}

const [snapshotsDir, keysFile] = process.argv.slice(2) as [string, string];
const keys = JSON.parse(readFileSync(keysFile, 'utf8')) as CostKeys;
const only = process.env.COST_PARTS?.split(',');
const settings = settingsFromEnv({ ...process.env, PORT: '0', HOST: '127.0.0.1', SNAPSHOTS_DIR: snapshotsDir, LOG_LEVEL: 'silent' });
settings.rateLimits = { ...settings.rateLimits, apiV1: 1e9, apiAll: 1e9, check: 1e9 };
settings.mcp = { ...settings.mcp, rateLimit: 1e9 };
const app = await createServer(settings);
let id = 0;

/** A keyed request as server.inject takes it, with a fresh JSON-RPC id. */
function injected(request: KeyedRequest) {
  const payload = request.body?.replace('"__ID__"', String((id += 1)));
  return { method: request.method, url: request.path, payload, headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', ...request.headers } };
}

/** Median CPU µs per call over rounds of `calls`, each call on the next key in turn. */
async function cpuPerCall<T>(items: T[], once: (item: T) => unknown, calls = 2_000, rounds = 5): Promise<number> {
  let turn = 0;
  const next = () => items[turn++ % items.length]!;
  for (let i = 0; i < calls / 2; i += 1) await once(next());
  const results: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = process.cpuUsage();
    for (let i = 0; i < calls; i += 1) await once(next());
    const used = process.cpuUsage(started);
    results.push((used.user + used.system) / calls);
  }
  results.sort((a, b) => a - b);
  return Math.round(results[Math.floor(rounds / 2)]! * 10) / 10;
}

/** Through the real route; anything but a 200 without a refusal stops the run. */
async function throughRoute(request: KeyedRequest): Promise<void> {
  const response = await app.server.inject(injected(request));
  if (response.statusCode !== 200 || response.payload.includes('"isError":true')) throw new Error(`${request.key}: ${response.statusCode} ${response.payload.slice(0, 300)}`);
}

const cpu_us: Record<string, number> = {};
const part = async (name: string, measure: () => Promise<number>) => {
  if (!only || only.some((word) => name.includes(word))) cpu_us[name] = await measure();
};

const hapiRequest = { app: {}, headers: {}, info: { remoteAddress: '127.0.0.1' } } as unknown as HapiRequest;
const call = mcpCall(hapiRequest, app.services);
await part('get_home tool alone (look-up, shaping, serialized once)', () =>
  cpuPerCall(keys.licenses, (license) => JSON.stringify(toolResult(getHome.run({ license_number: license }, call, {} as never) as Record<string, unknown>)), 10_000),
);
for (const era of ['2026-07-28', '2025-11-25'] as McpEra[]) {
  for (const opening of mcpOpening(era)) await app.server.inject(injected(opening));
  const calls = keys.licenses.map((license) => mcpToolCall(era, `get_home ${license}`, 'get_home', { license_number: license }));
  await part(`MCP get_home ${era}, whole route`, () => cpuPerCall(calls, throughRoute));
}
const finds = keys.filters.map((filter, index) => mcpToolCall('2026-07-28', `find_homes ${index}`, 'find_homes', findHomesArgs(filter)));
await part('MCP find_homes 2026-07-28, whole route', () => cpuPerCall(finds, throughRoute, 500));
await part('REST home detail, whole route', () => cpuPerCall(keys.licenses, (license) => throughRoute({ key: license, method: 'GET', path: `/api/v1/facilities/${license}` })));
await part('REST list page, whole route', () => cpuPerCall(keys.filters, (filter) => throughRoute({ key: 'list', method: 'GET', path: `/api/v1/facilities?${listQuery(filter)}` }), 500));
await part('REST 100-home check, whole route', () =>
  cpuPerCall(keys.checks, (homes) => throughRoute({ key: 'check', method: 'POST', path: '/api/v1/check', body: JSON.stringify({ homes }) }), 100),
);

// A bare hapi POST route sending a stored body: inject's and hapi's own cost per call.
const bare = Hapi.server({ port: 0, host: '127.0.0.1' });
const stored = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [] } }));
bare.route({ method: 'POST', path: '/mcp', options: { payload: { parse: false, output: 'data' } }, handler: (_request, h) => h.response(stored).type('application/json') });
const bareCall = mcpToolCall('2026-07-28', 'bare', 'get_home', { license_number: keys.licenses[0] });
await part('bare hapi POST route (stored answer)', () =>
  cpuPerCall([bareCall], async (request) => {
    const response = await bare.inject(injected(request));
    if (response.statusCode !== 200) throw new Error(`bare: ${response.statusCode}`);
  }),
);

await app.close();
console.log(JSON.stringify({ cpu_us }));
process.exit(0);
