// The MCP server instances: identity, instructions, capabilities, the ten tools (plus the alias
// `explain` while it lasts), the cards' app-only tool and the cards themselves (MCP Apps,
// cards/), each built once and kept in a small pool. The SDK connects an instance
// to one exchange at a time (its entry refuses an instance still serving), so each request takes an
// idle one and gives it back when the exchange closes. Nothing about a request lives on an
// instance: the tools read it from the SDK's per-request context (see context.ts).
import { CLIENT_CAPABILITIES_META_KEY, McpServer, SUPPORTED_PROTOCOL_VERSIONS, type ClientCapabilities, type ServerContext } from '@modelcontextprotocol/server';
import { getUiCapability } from '@modelcontextprotocol/ext-apps/server';
import type * as z from 'zod/v4';
import type { McpCall } from './context.ts';
import { DEMO_SENTENCE } from '../words/wording.ts';
import { CARD_MIME_TYPE, MCP_CAPABILITIES, MCP_SERVER_INFO, MODERN_PROTOCOL_VERSION, mcpInstructions } from '../words/identity.ts';
import { EngineTransport, type McpEra } from './engine.ts';
import { registerTool, renderedText, type TextRenderer, type ToolDefinition } from './tool.ts';
import type { Language } from '../words/language.ts';
import { jsonAsText } from '../words/quote.ts';
import { checkHomes } from './tools/check-homes.ts';
import { compareHomes } from './tools/compare-homes.ts';
import { EXPLAIN_ALIAS_DESCRIPTION, explainAliasAvailable, explainCareTopic } from './tools/explain-care-topic.ts';
import { fetchTool } from './tools/fetch.ts';
import { findHomes } from './tools/find-homes.ts';
import { getHome } from './tools/get-home.ts';
import { mapPoints } from './tools/map-points.ts';
import { isAppOnly, type CardConfig } from './cards/catalog.ts';
import { CARD_CACHE_HINT, registerCards } from './cards/resources.ts';
import { getStateDocuments } from './tools/get-state-documents.ts';
import { homesNearHospital } from './tools/homes-near-hospital.ts';
import { search } from './tools/search.ts';
import { registerPrompts } from './prompts/prompts.ts';
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
  mapPoints,
];

/**
 * The text block a tool's answer carries, from its structuredContent: the tool's own rendering when
 * it has one, else the JSON (tests hold every answer to it).
 */
export function expectedText(name: string, structuredContent: Record<string, unknown>, language: Language = 'en'): string {
  const definition = TOOLS.find((tool) => tool.name === name || (name === 'explain' && tool.name === 'explain_care_topic'));
  if (!definition?.text) return jsonAsText(JSON.stringify(structuredContent));
  const { demo_data: demo, demo_notice: _notice, ...structured } = structuredContent;
  return renderedText(structured, demo === true, definition.text as TextRenderer, language);
}

let built = 0;

/** Whether this request's client declares the cards' extension (2026-07-28: in the request's own _meta). */
function declaresCards(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, ClientCapabilities | undefined> | undefined;
  return getUiCapability(envelope?.[CLIENT_CAPABILITIES_META_KEY])?.mimeTypes?.includes(CARD_MIME_TYPE) ?? false;
}

type ListHandler = (request: unknown, ctx: ServerContext) => Promise<{ tools: Array<{ _meta?: Record<string, unknown> }> }>;

const TOOLS_LIST_TTL_MS = 300_000;

/**
 * tools/list names a tool for the cards alone (visibility ["app"]) only to a request that declares
 * the extension, so a client without it sees today's list. A 2025-era request carries no
 * capabilities (this server keeps no session after initialize), so it is never listed there; the
 * card's call still works, and the card says so when a host refuses it.
 */
function listsAppOnlyTools(server: McpServer): void {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, ListHandler> })._requestHandlers;
  const listed = handlers?.get('tools/list');
  if (!handlers || !listed) throw new Error('The SDK no longer keeps its tools/list handler where server.ts looks for it.');
  handlers.set('tools/list', async (request, ctx) => {
    const result = await listed(request, ctx);
    // The longer list answers this client's capabilities: no shared cache may hand it to another.
    if (declaresCards(ctx)) return { ...result, ttlMs: TOOLS_LIST_TTL_MS, cacheScope: 'private' };
    return { ...result, tools: result.tools.filter((tool) => !isAppOnly(tool)) };
  });
}

type CallHandler = (request: unknown, ctx: ServerContext) => Promise<{ isError?: boolean; content?: Array<{ type: string; text?: string }> }>;

/**
 * While demo data is served, every refusal says so too: the tools' own (tool.ts) and those the SDK
 * writes before a tool runs (an argument its schema refuses). One place for both: the tools/call
 * handler itself, after the SDK has answered.
 */
function refusalsSayDemo(server: McpServer, demoData: boolean): void {
  if (!demoData) return;
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, CallHandler> })._requestHandlers;
  const call = handlers?.get('tools/call');
  if (!handlers || !call) throw new Error('The SDK no longer keeps its tools/call handler where server.ts looks for it.');
  handlers.set('tools/call', async (request, ctx) => {
    const result = await call(request, ctx);
    if (!result.isError || result.content?.some((part) => part.text === DEMO_SENTENCE)) return result;
    return { ...result, content: [...(result.content ?? []), { type: 'text', text: DEMO_SENTENCE }] };
  });
}

/**
 * The versions a modern engine instance lists: the SDK's own list with 2026-07-28 after it, the
 * list createMcpHandler leaves on the instances it serves (it appends the modern revisions it
 * serves), which server/discover advertises.
 */
const MODERN_ENGINE_VERSIONS = [...SUPPORTED_PROTOCOL_VERSIONS.filter((version) => version !== MODERN_PROTOCOL_VERSION), MODERN_PROTOCOL_VERSION];

function buildMcpServer(baseUrl: string, withExplainAlias: boolean, demoData: boolean, cardConfig: CardConfig, modernEngine = false): McpServer {
  built += 1;
  const server = new McpServer(
    { ...MCP_SERVER_INFO, websiteUrl: baseUrl },
    {
      ...(modernEngine ? { supportedProtocolVersions: MODERN_ENGINE_VERSIONS } : {}),
      instructions: mcpInstructions(demoData),
      // Stateless: the tool list never changes within a connection, and no notification is ever sent.
      capabilities: MCP_CAPABILITIES,
      cacheHints: {
        'tools/list': { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: 'public' },
        'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
        'prompts/list': { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: 'public' },
        'resources/list': CARD_CACHE_HINT,
        'resources/templates/list': CARD_CACHE_HINT,
        'resources/read': CARD_CACHE_HINT,
      },
    },
  );
  for (const tool of TOOLS) {
    registerTool(server, tool);
    // The retired name is listed right after the tool it stands for, while it lasts.
    if (tool === explainCareTopic && withExplainAlias) registerTool(server, explainCareTopic, 'explain', EXPLAIN_ALIAS_DESCRIPTION);
  }
  listsAppOnlyTools(server);
  refusalsSayDemo(server, demoData);
  registerCards(server, cardConfig);
  registerPrompts(server, demoData);
  return server;
}

/** Idle instances kept per kind; a burst beyond this builds more and lets them go after. */
const MAX_IDLE_PER_KIND = 16;

/** Idle instances by kind: era, base URL (the server info names it), whether the alias is listed, demo data and the tile host (the map card's CSP). */
const idle = new Map<string, McpServer[]>();

/** What an instance is built for: era, whether the alias is listed, demo data, the base URL its info names and the tile host (the map card's CSP). */
function kindOf(call: McpCall, era: McpEra) {
  const alias = explainAliasAvailable(call.now);
  // The instructions say so while demo data is served: a switch to a real snapshot takes other instances.
  const demoData = call.services.snapshots.current.meta.demoData;
  const { tileUrl, tileAttribution } = call.services.settings.map;
  const cards: CardConfig = { tileUrl, tileAttribution };
  return { alias, demoData, cards, key: `${era} ${alias ? 'alias' : 'no-alias'} ${demoData ? 'demo' : 'real'} ${call.baseUrl} ${tileUrl} ${tileAttribution}` };
}

/**
 * An idle instance of the kind this request needs, built when none is idle. It goes back to the
 * pool by itself when its exchange closes (the SDK calls onclose once the transport is gone,
 * after the answer was produced), ready for the next request of its kind.
 */
export function takeMcpServer(call: McpCall, era: McpEra): McpServer {
  const { alias, demoData, cards, key } = kindOf(call, era);
  let pool = idle.get(key);
  if (!pool) idle.set(key, (pool = []));
  const kept = pool.pop();
  if (kept) return kept;
  const server = buildMcpServer(call.baseUrl, alias, demoData, cards);
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

/** One connected instance per kind for the fast path (engine.ts): it serves every message of its kind, concurrently. */
const engines = new Map<string, EngineTransport>();

/** The engine transport of this call's kind, its instance connected once (connect on an in-memory transport settles at once). */
export function mcpEngine(call: McpCall, era: McpEra): EngineTransport {
  const { alias, demoData, cards, key } = kindOf(call, era);
  let engine = engines.get(key);
  if (!engine) {
    engine = new EngineTransport(era);
    void buildMcpServer(call.baseUrl, alias, demoData, cards, era === 'modern').connect(engine);
    engines.set(key, engine);
  }
  return engine;
}
