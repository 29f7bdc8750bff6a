// The MCP server instance for one request: identity, instructions, capabilities and the ten tools
// (plus the alias `explain` while it lasts). A fresh instance serves each HTTP request, in both
// protocol eras; the schemas are module constants, so building one is cheap.
import { McpServer } from '@modelcontextprotocol/server';
import type { McpCall } from './context.ts';
import { MCP_SERVER_INFO, mcpInstructions } from './identity.ts';
import { registerTool } from './tool.ts';
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

/** The tools in the order tools/list gives them (deterministic). */
export const TOOL_NAMES = [
  'find_homes',
  'check_homes',
  'get_home',
  'get_state_documents',
  'compare_homes',
  'homes_near_hospital',
  'explain_care_topic',
  'start_family_request',
  'search',
  'fetch',
] as const;

export function buildMcpServer(call: McpCall): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_INFO.name, title: MCP_SERVER_INFO.title, version: MCP_SERVER_INFO.version, description: MCP_SERVER_INFO.description, websiteUrl: call.baseUrl },
    {
      instructions: mcpInstructions(call.services.snapshots.current.meta.demoData),
      // Stateless: the tool list never changes within a connection, and no notification is ever sent.
      capabilities: { tools: { listChanged: false } },
      cacheHints: {
        'tools/list': { ttlMs: 300_000, cacheScope: 'public' },
        'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
      },
    },
  );
  registerTool(server, call, findHomes);
  registerTool(server, call, checkHomes);
  registerTool(server, call, getHome);
  registerTool(server, call, getStateDocuments);
  registerTool(server, call, compareHomes);
  registerTool(server, call, homesNearHospital);
  registerTool(server, call, explainCareTopic);
  if (explainAliasAvailable(call.now)) registerTool(server, call, explainCareTopic, 'explain', EXPLAIN_ALIAS_DESCRIPTION);
  registerTool(server, call, startFamilyRequest);
  registerTool(server, call, search);
  registerTool(server, call, fetchTool);
  return server;
}
