// One URL, both protocol eras, JSON answers: the 2026-07-28 revision (server/discover, per-request
// _meta, no session) goes to the SDK's createMcpHandler in JSON mode; 2025-era traffic (the
// initialize handshake for 2025-11-25 ... 2024-10-07, and its later stateless calls) goes to a
// per-request streamable-HTTP transport with JSON responses. A pooled McpServer (server.ts) serves
// each request; the request's McpCall travels on the web Request the SDK hands to the handlers.
// In front of both: Host validation (DNS rebinding), a 400 naming 2026-07-28 for any newer
// revision, the retired alias `explain` answered with an error naming its replacement, and an
// initialize whose params are wrongly typed answered -32602 naming the field.
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isLegacyRequest,
  PROTOCOL_VERSION_META_KEY,
  specTypeSchemas,
  WebStandardStreamableHTTPServerTransport,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { requestCall, withCall, type McpCall } from './context.ts';
import { LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION } from './identity.ts';
import { takeMcpServer } from './server.ts';
import { EXPLAIN_ALIAS_GONE, explainAliasAvailable } from './tools/explain-care-topic.ts';

/** The SDK's own body limit; hapi's payload.maxBytes (settings.mcp.bodyMaxBytes) is the one that binds. */
const SDK_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** JSON-RPC error codes used outside the SDK. */
export const RPC = {
  unsupportedVersion: -32022,
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

export function jsonRpcError(status: number, code: number, message: string, id: unknown = null, data?: unknown, headers: Record<string, string> = {}): Response {
  const error = data === undefined ? { code, message } : { code, message, data };
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: validId(id) ? id : null, error }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function validId(id: unknown): boolean {
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** What the MCP log line says about a message: never argument values. */
export interface MessageSummary {
  rpcMethod: string | null;
  tool: string | null;
  client: string | null;
  protocolVersion: string | null;
  /** modern: the message carries the 2026-07-28 per-request _meta; legacy: it does not. */
  era: 'modern' | 'legacy' | null;
  id: unknown;
}

export function summarize(body: unknown, headers: Headers): MessageSummary {
  const message = record(body);
  const params = record(message?.params);
  const meta = record(params?._meta);
  const rpcMethod = typeof message?.method === 'string' ? message.method.slice(0, 80) : Array.isArray(body) ? 'batch' : null;
  const tool = rpcMethod === 'tools/call' && typeof params?.name === 'string' ? params.name.slice(0, 80) : null;
  const modernInfo = record(meta?.['io.modelcontextprotocol/clientInfo']);
  const legacyInfo = rpcMethod === 'initialize' ? record(params?.clientInfo) : null;
  const clientName = modernInfo?.name ?? legacyInfo?.name;
  const claimed = meta?.[PROTOCOL_VERSION_META_KEY] ?? (rpcMethod === 'initialize' ? params?.protocolVersion : undefined) ?? headers.get('mcp-protocol-version');
  return {
    rpcMethod,
    tool,
    client: typeof clientName === 'string' ? clientName.slice(0, 60) : null,
    protocolVersion: typeof claimed === 'string' ? claimed.slice(0, 40) : null,
    era: message === null ? null : meta?.[PROTOCOL_VERSION_META_KEY] !== undefined ? 'modern' : 'legacy',
    id: message?.id,
  };
}

const REVISION = /^\d{4}-\d{2}-\d{2}$/;

/** The revision a non-initialize request declares (its _meta, else its header), when newer than any spoken here. */
function newerRevision(body: unknown, headers: Headers): string | null {
  const message = record(body);
  if (message?.method === 'initialize') return null; // the 2025 handshake negotiates instead
  const meta = record(record(message?.params)?._meta);
  const declared = meta?.[PROTOCOL_VERSION_META_KEY] ?? headers.get('mcp-protocol-version');
  if (typeof declared !== 'string' || !REVISION.test(declared.trim())) return null;
  return declared.trim() > MODERN_PROTOCOL_VERSION ? declared.trim() : null;
}

const INITIALIZE_SHAPE =
  'initialize takes params.protocolVersion (a revision string such as 2025-11-25), params.capabilities (an object) ' +
  'and params.clientInfo (an object with string name and version).';

/** Why an initialize request's params are not what the handshake takes, in words; null when they are. */
async function initializeParamsProblem(body: unknown): Promise<string | null> {
  if (record(body)?.method !== 'initialize') return null;
  const result = await specTypeSchemas.InitializeRequest['~standard'].validate(body);
  if (!result.issues) return null;
  const fields = result.issues.map((issue) => {
    const where = (issue.path ?? []).map((step) => (typeof step === 'object' ? step.key : step)).join('.');
    const expected = /expected (\w+)/.exec(issue.message)?.[1];
    return expected ? `${where} must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}` : `${where}: ${issue.message}`;
  });
  return `Invalid params: ${fields.join('; ')}. ${INITIALIZE_SHAPE}`;
}

/** A POST body as received, and parsed when it is JSON. */
export interface ReadMessage {
  raw: Buffer;
  parsed: unknown;
  ok: boolean;
}

export function readMessage(raw: Buffer): ReadMessage {
  try {
    return { raw, parsed: JSON.parse(raw.toString('utf8')), ok: true };
  } catch {
    return { raw, parsed: undefined, ok: false };
  }
}

export interface ServeOptions {
  allowedHosts: string[];
}

/**
 * Serves one POST /mcp. `message` is the request body as received and as parsed; `request` carries
 * the method, URL and headers (no body). Never throws: every failure is a JSON-RPC error response.
 */
export async function serveMcp(request: Request, message: ReadMessage, call: McpCall, options: ServeOptions): Promise<{ response: Response; summary: MessageSummary }> {
  const { raw, parsed, ok: parsedOk } = message;
  const summary = summarize(parsed, request.headers);
  try {
    const rejectedHost = hostHeaderValidationResponse(request, options.allowedHosts);
    if (rejectedHost) return { response: rejectedHost, summary };

    const newer = parsedOk ? newerRevision(parsed, request.headers) : null;
    if (newer) {
      return {
        response: jsonRpcError(
          400,
          RPC.unsupportedVersion,
          `Unsupported protocol version: ${newer}. This server speaks ${MODERN_PROTOCOL_VERSION} (and, through initialize, ` +
            `${LEGACY_PROTOCOL_VERSIONS.join(', ')}): use ${MODERN_PROTOCOL_VERSION}.`,
          summary.id,
          { supported: [MODERN_PROTOCOL_VERSION], requested: newer },
        ),
        summary,
      };
    }
    if (summary.tool === 'explain' && !explainAliasAvailable(call.now)) {
      return { response: jsonRpcError(200, RPC.invalidParams, EXPLAIN_ALIAS_GONE, summary.id, { use: 'explain_care_topic' }), summary };
    }

    const badInitialize = parsedOk ? await initializeParamsProblem(parsed) : null;
    if (badInitialize) return { response: jsonRpcError(200, RPC.invalidParams, badInitialize, summary.id), summary };

    // A body that is not JSON goes to the SDK as bytes, so it answers with its own parse error.
    const forward = parsedOk ? request : new Request(request.url, { method: 'POST', headers: request.headers, body: new Uint8Array(raw) });
    const parsedBody = parsedOk ? parsed : undefined;
    if (await isLegacyRequest(forward, parsedBody, { maxRequestBodySize: SDK_MAX_BODY_BYTES })) {
      return { response: await legacyLeg(forward, parsedBody, call), summary };
    }
    return { response: await modern().fetch(withCall(forward, call), parsedBody === undefined ? undefined : { parsedBody }), summary };
  } catch (error) {
    call.services.log.error('mcp request failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    return { response: jsonRpcError(500, RPC.internal, 'Internal error: the server could not finish this request; nothing was changed. Retry after a minute.', summary.id), summary };
  }
}

/** The 2025 era: one stateless streamable-HTTP transport per request, answering JSON. */
async function legacyLeg(request: Request, parsedBody: unknown, call: McpCall): Promise<Response> {
  const server = takeMcpServer(call, 'legacy');
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: SDK_MAX_BODY_BYTES,
  });
  const teardown = () => {
    void transport.close().catch(() => {});
    void server.close().catch(() => {});
  };
  try {
    await server.connect(transport);
    // Only a body-less request (its body given as parsedBody) can be copied with new headers.
    const served = withCall(parsedBody === undefined ? request : lenientAccept(request), call);
    return await transport.handleRequest(served, parsedBody === undefined ? undefined : { parsedBody });
  } finally {
    teardown();
  }
}

/**
 * The 2025 transport insists on Accept listing both application/json and text/event-stream, though
 * this server only ever answers JSON. A client that accepts JSON (or anything) is served.
 */
function lenientAccept(request: Request): Request {
  const accept = request.headers.get('accept') ?? '';
  if (/application\/json/i.test(accept) && /text\/event-stream/i.test(accept)) return request;
  if (accept && !/application\/json|\*\/\*|application\/\*/i.test(accept)) return request;
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json, text/event-stream');
  return new Request(request.url, { method: request.method, headers });
}
