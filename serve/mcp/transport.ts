// One URL, both protocol eras, JSON answers: the 2026-07-28 revision (server/discover, per-request
// _meta, no session) goes to the SDK's createMcpHandler in JSON mode; 2025-era traffic (the
// initialize handshake for 2025-11-25 ... 2024-10-07, and its later stateless calls) goes to a
// per-request streamable-HTTP transport with JSON responses. A pooled McpServer (server.ts) serves
// each request; the request's McpCall travels on the web Request the SDK hands to the handlers.
// In front of both: Host validation (DNS rebinding), a 400 naming 2026-07-28 for any newer
// revision, the retired alias `explain` answered with an error naming its replacement, and a
// 2025 initialize whose params are wrongly typed answered -32602 naming the field.
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  PROTOCOL_VERSION_META_KEY,
  specTypeSchemas,
  validateHostHeader,
  WebStandardStreamableHTTPServerTransport,
  type JSONRPCRequest,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { fastEra, replyBytes } from './engine.ts';
import { requestCall, withCall, type McpCall } from './context.ts';
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION } from '../words/identity.ts';
import { BARE_DISCOVER_MESSAGE, isBareDiscover, MODERN_REQUEST_NEEDS } from './discover-hint.ts';
import { mcpEngine, takeMcpServer } from './server.ts';
import { EXPLAIN_ALIAS_GONE, explainAliasAvailable } from './tools/explain-care-topic.ts';

export const MCP_PATH = '/mcp';

/** The SDK's own body limit; hapi's payload.maxBytes (settings.mcp.bodyMaxBytes) is the one that binds. */
const SDK_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** JSON-RPC error codes used outside the SDK. */
export const RPC = {
  unsupportedVersion: -32022,
  invalidRequest: -32600,
  invalidParams: -32602,
  internal: -32603,
  server: -32000,
} as const;

let modernHandler: McpHttpHandler | null = null;

/** One modern-era handler per process (creating one in JSON mode prints a one-time notice). */
function modern(): McpHttpHandler {
  modernHandler ??= createMcpHandler(
    (ctx) => takeMcpServer(requestCall(ctx.requestInfo), 'modern'),
    { responseMode: 'json', legacy: 'reject', maxRequestBodySize: SDK_MAX_BODY_BYTES },
  );
  return modernHandler;
}

function jsonRpcError(status: number, code: number, message: string, id: unknown = null, data?: unknown): Response {
  const error = data === undefined ? { code, message } : { code, message, data };
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: validId(id) ? id : null, error }), { status, headers: { 'content-type': 'application/json' } });
}

function validId(id: unknown): boolean {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** What the MCP log line says about a message, never argument values; `protocolHeader`: the request's MCP-Protocol-Version header. */
export function summarize(body: unknown, protocolHeader: string | undefined) {
  const message = record(body);
  const params = record(message?.params);
  const meta = record(params?._meta);
  const rpcMethod = typeof message?.method === 'string' ? message.method.slice(0, 80) : Array.isArray(body) ? 'batch' : null;
  const tool = rpcMethod === 'tools/call' && typeof params?.name === 'string' ? params.name.slice(0, 80) : null;
  const modernInfo = record(meta?.['io.modelcontextprotocol/clientInfo']);
  const legacyInfo = rpcMethod === 'initialize' ? record(params?.clientInfo) : null;
  const clientName = modernInfo?.name ?? legacyInfo?.name;
  const claimed = meta?.[PROTOCOL_VERSION_META_KEY] ?? (rpcMethod === 'initialize' ? params?.protocolVersion : undefined) ?? protocolHeader;
  return {
    rpcMethod,
    tool,
    client: typeof clientName === 'string' ? clientName.slice(0, 60) : null,
    protocolVersion: typeof claimed === 'string' ? claimed.slice(0, 40) : null,
    /** modern: the message carries the 2026-07-28 per-request _meta; legacy: it does not. */
    era: message === null ? null : meta?.[PROTOCOL_VERSION_META_KEY] !== undefined ? 'modern' : 'legacy',
    id: message?.id,
  };
}

export type MessageSummary = ReturnType<typeof summarize>;

const REVISION = /^\d{4}-\d{2}-\d{2}$/;

/** The revision a non-initialize request declares (its _meta, else its header), when newer than any spoken here. */
function newerRevision(body: unknown, protocolHeader: string | undefined): string | null {
  const message = record(body);
  if (message?.method === 'initialize') return null; // the 2025 handshake negotiates instead
  const meta = record(record(message?.params)?._meta);
  const declared = meta?.[PROTOCOL_VERSION_META_KEY] ?? protocolHeader;
  if (typeof declared !== 'string' || !REVISION.test(declared.trim())) return null;
  return declared.trim() > MODERN_PROTOCOL_VERSION ? declared.trim() : null;
}

const INITIALIZE_SHAPE =
  'initialize takes params.protocolVersion (a revision string such as 2025-11-25), params.capabilities (an object) ' +
  'and params.clientInfo (an object with string name and version).';

/**
 * Why a 2025 initialize request's params are not what the handshake takes, in words; null when they
 * are. An initialize carrying the 2026 envelope is no handshake: the SDK answers it (404, -32601:
 * the method is gone in that revision).
 */
async function initializeParamsProblem(body: unknown): Promise<string | null> {
  const message = record(body);
  if (message?.method !== 'initialize' || carriesEnvelopeClaim(message)) return null;
  const result = await specTypeSchemas.InitializeRequest['~standard'].validate(body);
  if (!result.issues) return null;
  const fields = result.issues.map((issue) => {
    const where = (issue.path ?? []).map((step) => (typeof step === 'object' ? step.key : step)).join('.');
    const expected = /expected (\w+)/.exec(issue.message)?.[1];
    return expected ? `${where} must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}` : `${where}: ${issue.message}`;
  });
  return `Invalid params: ${fields.join('; ')}. ${INITIALIZE_SHAPE}`;
}

/**
 * A POST body parsed as the SDK reads one (readRequestBody: a WHATWG UTF-8 decoder, which drops a
 * leading byte-order mark and replaces bytes that are not UTF-8, then JSON.parse); undefined when
 * it is not JSON (no JSON text parses to undefined). Every body the SDK would parse is parsed here
 * the same way and handed to it parsed, so no message (a batch behind a BOM, say) reaches it unseen
 * by the gates; one that is not JSON here is not JSON to the SDK either.
 */
export function parseMcpBody(raw: Buffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return undefined;
  }
}

/** A POST /mcp as the route received it. */
export interface IncomingMcp {
  /** The request headers as Node parsed them. */
  headers: IncomingHttpHeaders;
  /** The request target as sent (path and query). */
  target: string;
  body: Buffer;
  /** The body as parseMcpBody reads it, when the route has read it already (undefined: not JSON). */
  parsed?: unknown;
}

export interface AnswerOptions {
  allowedHosts: string[];
  /** false: every message goes to the SDK's HTTP handler (the engine's answers are tested against it). */
  engine?: boolean;
}

/** Serves one POST /mcp. Never throws: every failure is a JSON-RPC error answer. */
export async function answerMcp(incoming: IncomingMcp, call: McpCall, options: AnswerOptions) {
  const parsedBody = 'parsed' in incoming ? incoming.parsed : parseMcpBody(incoming.body);
  const protocolHeader = headerValue(incoming.headers['mcp-protocol-version']);
  const summary = summarize(parsedBody, protocolHeader);
  try {
    const answer = await serveMcp(incoming, parsedBody, summary, protocolHeader, call, options);
    return { ...(answer instanceof Response ? await fromWebResponse(answer) : answer), summary };
  } catch (error) {
    call.services.log.error('mcp request failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    const failed = jsonRpcError(500, RPC.internal, 'Internal error: the server could not finish this request; nothing was changed. Retry after a minute.', summary.id);
    return { ...(await fromWebResponse(failed)), summary };
  }
}

/** An answer in the form the route sends on. */
export type McpAnswer = Awaited<ReturnType<typeof answerMcp>>;

async function serveMcp(incoming: IncomingMcp, parsedBody: unknown, summary: MessageSummary, protocolHeader: string | undefined, call: McpCall, options: AnswerOptions): Promise<Response | EngineAnswer> {
  if (!hostAllowed(headerValue(incoming.headers.host), options.allowedHosts)) {
    return hostHeaderValidationResponse(sdkRequest(incoming), options.allowedHosts) ?? jsonRpcError(403, RPC.server, 'Invalid Host header');
  }

  const newer = parsedBody === undefined ? null : newerRevision(parsedBody, protocolHeader);
  if (newer) {
    return jsonRpcError(
      400,
      RPC.unsupportedVersion,
      `Unsupported protocol version: ${newer}. This server speaks ${MODERN_PROTOCOL_VERSION} (and, through initialize, ` +
        `${LEGACY_PROTOCOL_VERSIONS.join(', ')}): use ${MODERN_PROTOCOL_VERSION}.`,
      summary.id,
      { supported: [MODERN_PROTOCOL_VERSION], requested: newer },
    );
  }
  if (summary.tool === 'explain' && !explainAliasAvailable(call.now)) {
    return jsonRpcError(200, RPC.invalidParams, EXPLAIN_ALIAS_GONE, summary.id, { use: 'explain_care_topic' });
  }

  const badInitialize = parsedBody === undefined ? null : await initializeParamsProblem(parsedBody);
  if (badInitialize) return jsonRpcError(200, RPC.invalidParams, badInitialize, summary.id);
  if (isBareDiscover(parsedBody)) return jsonRpcError(400, RPC.invalidParams, BARE_DISCOVER_MESSAGE, summary.id, MODERN_REQUEST_NEEDS);

  const fromEngine = parsedBody === undefined || options.engine === false ? null : await engineAnswer(incoming, parsedBody, call);
  if (fromEngine) return fromEngine;

  // The SDK reads the parsed body as given; a body that is not JSON goes to it as bytes, so it
  // answers with its own parse error.
  const request = withCall(sdkRequest(incoming, parsedBody === undefined ? incoming.body : undefined), call);
  const legacy = !claimsModernEnvelope(parsedBody) && (await isLegacyRequest(request, parsedBody, { maxRequestBodySize: SDK_MAX_BODY_BYTES }));
  if (legacy) return legacyLeg(request, parsedBody, call);
  return modern().fetch(request, parsedBody === undefined ? undefined : { parsedBody });
}

/** The headers the SDK's handler sends with a JSON answer, once the route's own are set aside (see fromWebResponse). */
const JSON_ANSWER_HEADERS: ReadonlyArray<[string, string]> = [['content-type', 'application/json']];

type EngineAnswer = { status: number; headers: ReadonlyArray<[string, string]>; body: Buffer };

/** The answer of this call's engine (engine.ts), or null when the message is the SDK handler's to serve. */
export async function engineAnswer(incoming: IncomingMcp, parsedBody: unknown, call: McpCall): Promise<EngineAnswer | null> {
  const era = fastEra(parsedBody, incoming.headers, servedAccept(headerValue(incoming.headers.accept)));
  if (era === null) return null;
  const reply = await mcpEngine(call, era).deliver(parsedBody as JSONRPCRequest, withCall({} as Request, call));
  return reply && { status: 200, headers: JSON_ANSWER_HEADERS, body: replyBytes(reply) };
}

/**
 * A single request or notification (not initialize, not a posted response) whose params carry
 * the 2026-07-28 envelope claim: the SDK's classification (classifyInboundRequest) never routes
 * one to the 2025 leg (it serves it, or its modern ladder rejects it), so asking isLegacyRequest
 * would only classify the message a second time before createMcpHandler classifies it again.
 */
export function claimsModernEnvelope(body: unknown): boolean {
  const message = record(body);
  if (message === null || typeof message.method !== 'string' || message.method === 'initialize') return false;
  if ('result' in message || 'error' in message) return false;
  return carriesEnvelopeClaim(message);
}

/** Whether a message's params carry the 2026-07-28 envelope claim (`_meta` protocolVersion). */
function carriesEnvelopeClaim(message: Record<string, unknown> | null): boolean {
  const meta = record(record(message?.params)?._meta);
  return meta !== null && PROTOCOL_VERSION_META_KEY in meta;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The request as the SDK is given it: method, URL and headers. A body that is not JSON goes as a
 * web Request with that body, so the SDK answers its own parse error. Every other request goes
 * with its body already parsed (`parsedBody`), and then the SDK reads nothing of it but `method`,
 * `url` and `headers.get`, and treats `signal` as optional (read in
 * @modelcontextprotocol/server's createMcpHandler, isLegacyRequest, PerRequestHTTPServerTransport
 * and WebStandardStreamableHTTPServerTransport): so it gets just those, not a web Request, whose
 * construction (URL parse, abort signal, header checks) was the largest cost of our own in a call.
 * No client abort is wired either way: every tool answers synchronously from memory, so a client
 * that leaves stops nothing. The Accept a 2025 client sends is widened here (see servedAccept).
 */
function sdkRequest(incoming: IncomingMcp, body?: Buffer): Request {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(incoming.headers)) {
    const value = headerValue(incoming.headers[name]);
    if (value !== undefined) headers[name] = value;
  }
  headers.accept = servedAccept(headers.accept);
  const url = `http://${headers.host || 'localhost'}${incoming.target}`;
  if (body === undefined) return { method: 'POST', url, headers: new Headers(headers), signal: undefined } as unknown as Request;
  const init: RequestInit = { method: 'POST', headers, body: new Uint8Array(body) };
  try {
    return new Request(url, init);
  } catch {
    return new Request(`http://localhost${MCP_PATH}`, init);
  }
}

/**
 * The 2025 transport insists on Accept listing both application/json and text/event-stream, though
 * this server only ever answers JSON. A client that accepts JSON (or anything) is served. Only that
 * transport reads Accept, so widening it for every request changes nothing on the 2026 path.
 */
function servedAccept(accept: string | undefined): string {
  if (accept && /application\/json/i.test(accept) && /text\/event-stream/i.test(accept)) return accept;
  if (accept && !/application\/json|\*\/\*|application\/\*/i.test(accept)) return accept;
  return 'application/json, text/event-stream';
}

/** Host headers already judged against an allow-list: a client sends the same one every time. */
const hostVerdicts = new WeakMap<string[], Map<string, boolean>>();
const MAX_HOST_VERDICTS = 64;

/** The SDK's DNS-rebinding check (validateHostHeader), remembered per Host value (bounded). */
function hostAllowed(host: string | undefined, allowedHosts: string[]): boolean {
  let verdicts = hostVerdicts.get(allowedHosts);
  if (!verdicts) hostVerdicts.set(allowedHosts, (verdicts = new Map()));
  const key = host ?? '';
  let allowed = verdicts.get(key);
  if (allowed === undefined) {
    allowed = validateHostHeader(host, allowedHosts).ok;
    if (verdicts.size < MAX_HOST_VERDICTS) verdicts.set(key, allowed);
  }
  return allowed;
}

/**
 * A web Response as the route sends it on: headers without content-length (the route's to set)
 * and CORS (the plugin's); the body as JSON bytes (those the SDK wrote, no copy), an event stream
 * (subscriptions/listen) or nothing (202).
 */
async function fromWebResponse(response: Response) {
  const headers: Array<[string, string]> = [];
  let type = '';
  response.headers.forEach((value, name) => {
    if (name === 'content-type') type = value;
    if (name !== 'content-length' && !name.startsWith('access-control-')) headers.push([name, value]);
  });
  if (response.body === null) return { status: response.status, headers, body: undefined };
  if (/text\/event-stream/i.test(type)) {
    return { status: response.status, headers, body: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream) };
  }
  return { status: response.status, headers, body: await bytesOf(response.body) };
}

/** A body's bytes: the SDK writes a JSON answer as one chunk, which is taken as it is. */
async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const reader = stream.getReader();
  const chunks: Buffer[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/** The 2025 era: one stateless streamable-HTTP transport per request, answering JSON. */
async function legacyLeg(request: Request, parsedBody: unknown, call: McpCall): Promise<Response> {
  const server = takeMcpServer(call, 'legacy');
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: SDK_MAX_BODY_BYTES,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, parsedBody === undefined ? undefined : { parsedBody });
  } finally {
    void transport.close().catch(() => {});
    void server.close().catch(() => {});
  }
}
