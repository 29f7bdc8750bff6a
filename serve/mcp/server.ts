// The MCP server instances: identity, instructions, capabilities and the ten tools (plus the alias
// `explain` while it lasts), each built once and kept in a small pool. The SDK connects an instance
// to one exchange at a time (its entry refuses an instance still serving), so each request takes an
// idle one and gives it back when the exchange closes. Nothing about a request lives on an
// instance: the tools read it from the SDK's per-request context (see context.ts).
import { McpServer } from '@modelcontextprotocol/server';
import type * as z from 'zod/v4';
import type { McpCall } from './context.ts';
import { MCP_SERVER_INFO, mcpInstructions } from '../words/identity.ts';
import { registerTool, type ToolDefinition } from './tool.ts';
import { checkHomes } from './tools/check-homes.ts';
import { compareHomes } from './tools/compare-homes.ts';
import { EXPLAIN_ALIAS_DESCRIPTION, explainAliasAvailable, explainCareTopic } from './tools/explain-care-topic.ts';
import { fetchTool } from './tools/fetch.ts';
import { findHomes } from './tools/find-homes.ts';
import { getHome } from './tools/get-home.ts';
import { getStateDocuments } from './tools/get-state-documents.ts';
import { homesNearHospital } from './tools/homes-near-hospital.ts';
import { search } from './tools/search.ts';
import { startFamilyRequest } from './tools/start-family-request.ts';

/** The tools in the order tools/list gives them (deterministic): the one list of them. */
const TOOLS: ReadonlyArray<ToolDefinition<z.ZodObject, z.ZodObject>> = [
  findHomes,
  checkHomes,
  getHome,
  getStateDocuments,
  compareHomes,
  homesNearHospital,
  explainCareTopic,
  startFamilyRequest,
  search,
  fetchTool,
];

/**
 * 2026-07-28 or 2025-era: the SDK keeps the negotiated era on the instance and never resets it
 * between exchanges, so an instance serves one era all its life.
 */
export type McpEra = 'modern' | 'legacy';

let built = 0;

function buildMcpServer(baseUrl: string, withExplainAlias: boolean, demoData: boolean): McpServer {
  built += 1;
  const server = new McpServer(
    { ...MCP_SERVER_INFO, websiteUrl: baseUrl },
    {
      instructions: mcpInstructions(demoData),
      // Stateless: the tool list never changes within a connection, and no notification is ever sent.
      capabilities: { tools: { listChanged: false } },
      cacheHints: {
        'tools/list': { ttlMs: 300_000, cacheScope: 'public' },
        'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
      },
    },
  );
  for (const tool of TOOLS) {
    registerTool(server, tool);
    // The retired name is listed right after the tool it stands for, while it lasts.
    if (tool === explainCareTopic && withExplainAlias) registerTool(server, explainCareTopic, 'explain', EXPLAIN_ALIAS_DESCRIPTION);
  }
  return server;
}

/** Idle instances kept per kind; a burst beyond this builds more and lets them go after. */
const MAX_IDLE_PER_KIND = 16;

/** Idle instances by kind: era, base URL (the server info names it), whether the alias is listed and demo data. */
const idle = new Map<string, McpServer[]>();

/**
 * An idle instance of the kind this request needs, built when none is idle. It goes back to the
 * pool by itself when its exchange closes (the SDK calls onclose once the transport is gone,
 * after the answer was produced), ready for the next request of its kind.
 */
export function takeMcpServer(call: McpCall, era: McpEra): McpServer {
  const alias = explainAliasAvailable(call.now);
  // The instructions say so while demo data is served: a switch to a real snapshot takes other instances.
  const demoData = call.services.snapshots.current.meta.demoData;
  const kind = `${era} ${alias ? 'alias' : 'no-alias'} ${demoData ? 'demo' : 'real'} ${call.baseUrl}`;
  let pool = idle.get(kind);
  if (!pool) idle.set(kind, (pool = []));
  const kept = pool.pop();
  if (kept) return kept;
  const server = buildMcpServer(call.baseUrl, alias, demoData);
  const home = pool;
  server.server.onclose = () => {
    if (server.server.transport === undefined && home.length < MAX_IDLE_PER_KIND && !home.includes(server)) home.push(server);
  };
  return server;
}

/** How many instances this process has built (for tests: requests must not each build one). */
export function builtMcpServers(): number {
  return built;
}
