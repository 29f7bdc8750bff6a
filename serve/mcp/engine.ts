// The fast path: a single JSON-RPC request whose answer is plain JSON goes to an SDK server that is
// already connected, once, to a long-lived in-memory transport (one per kind, see server.ts). The
// SDK stays the protocol engine: it validates, dispatches and encodes the message exactly as it
// does behind its HTTP handler; what is skipped is the per-request web layer around it (a web
// Request and Response, a transport built, connected and closed for every call).
//
// Only messages the SDK's HTTP handler would answer with 200 and JSON are taken (fastEra). Every
// other message, and any message a gate answers before a handler runs (an unknown method, an era
// mismatch: the SDK gives those their own HTTP status), goes to the SDK's handler: the caller gets
// null and serves it there. The answers are held byte-identical by test/mcp/engine.test.ts.
import type { IncomingHttpHeaders } from 'node:http';
import {
  classifyInboundRequest,
  isJsonContentType,
  PerRequestHTTPServerTransport,
  ProtocolErrorCode,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type JSONRPCResponse,
  type MessageClassification,
  type RequestId,
} from '@modelcontextprotocol/server';
import { MODERN_PROTOCOL_VERSION } from '../words/identity.ts';
import { serializedStructured } from './tool.ts';

/**
 * 2026-07-28 or 2025-era: the SDK keeps the negotiated era on an instance, so an instance serves
 * one era all its life.
 */
export type McpEra = 'modern' | 'legacy';

/** The methods the engine answers; everything else (initialize, notifications, resources/...) goes to the SDK's handler. */
const ENGINE_METHODS: Record<McpEra, ReadonlySet<string>> = {
  modern: new Set(['tools/call', 'tools/list', 'server/discover']),
  legacy: new Set(['tools/call', 'tools/list', 'ping']),
};

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The era whose engine may answer this message, or null for the SDK's HTTP handler. The SDK's own
 * classifier (classifyInboundRequest, public) decides the era; the checks its handler makes after
 * that are narrowed here to the plainly passing case, so anything doubtful takes the SDK's path:
 * - 2026-07-28 (createMcpHandler's modern leg): a request whose envelope names this revision, with
 *   MCP-Protocol-Version and Mcp-Method present and equal to the body's, and for tools/call an
 *   Mcp-Name equal to params.name as sent (its standard-header rung). No tool declares an
 *   x-mcp-header parameter and no scope is required (test/mcp/engine.test.ts holds both);
 * - 2025 era (WebStandardStreamableHTTPServerTransport, stateless, JSON): a claim-less request
 *   that is not initialize, whose Accept (as served, see servedAccept) names both JSON and the event
 *   stream, and whose MCP-Protocol-Version, if sent, is one the server supports.
 * Both: POST with a JSON Content-Type and a single well-formed JSON-RPC request (no batch).
 */
export function fastEra(body: unknown, headers: IncomingHttpHeaders, servedAccept: string): McpEra | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const method = (body as { method?: unknown }).method;
  if (typeof method !== 'string' || !(ENGINE_METHODS.modern.has(method) || ENGINE_METHODS.legacy.has(method))) return null;
  if (!isJsonContentType(headerValue(headers['content-type']) ?? null)) return null;
  const protocolVersionHeader = headerValue(headers['mcp-protocol-version']);
  const mcpMethodHeader = headerValue(headers['mcp-method']);
  const mcpNameHeader = headerValue(headers['mcp-name']);
  // Both outcomes taken below are given only for a well-formed JSON-RPC request (isJSONRPCRequest).
  const outcome = classifyInboundRequest({ httpMethod: 'POST', protocolVersionHeader, mcpMethodHeader, mcpNameHeader, body });
  if (outcome.kind === 'modern') {
    if (outcome.messageKind !== 'request' || outcome.classification.revision !== MODERN_PROTOCOL_VERSION) return null;
    if (protocolVersionHeader !== MODERN_PROTOCOL_VERSION || mcpMethodHeader !== method || !ENGINE_METHODS.modern.has(method)) return null;
    if (method === 'tools/call') {
      const name = (body as JSONRPCRequest).params?.name;
      if (typeof name !== 'string' || mcpNameHeader !== name) return null;
    } else if (mcpNameHeader !== undefined) return null;
    return 'modern';
  }
  if (outcome.kind === 'legacy' && outcome.reason === 'no-claim') {
    if (!ENGINE_METHODS.legacy.has(method)) return null;
    if (!servedAccept.includes('application/json') || !servedAccept.includes('text/event-stream')) return null;
    if (protocolVersionHeader !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersionHeader)) return null;
    return 'legacy';
  }
  return null;
}

/** The classification the SDK's modern leg hands with each message (and connect binds the instance to). */
const MODERN_CLASSIFICATION: MessageClassification = { era: 'modern', revision: MODERN_PROTOCOL_VERSION };
const LEGACY_CLASSIFICATION: MessageClassification = { era: 'legacy' };

interface Waiting {
  clientId: RequestId;
  resolve: (reply: JSONRPCResponse | null) => void;
}

/**
 * A long-lived in-memory transport: each message goes in under an id of its own (so two calls in
 * flight with the same client id never meet) and its reply comes back with the client's id, the
 * very value the client sent (parsed), so the answer's bytes carry it as the SDK's would.
 *
 * It extends the SDK's PerRequestHTTPServerTransport only for what connect() does with one: a
 * Server connected to it is bound to the transport's classified modern revision (the documented
 * behaviour of that class, read in Server.connect through its classification). Every method it
 * serves with is its own; none of the base class's single-exchange machinery runs.
 */
export class EngineTransport extends PerRequestHTTPServerTransport {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  /** True while a message is being handed to the server: a reply sent then came from a gate, not a handler. */
  private dispatching = false;
  private readonly classification: MessageClassification | undefined;

  constructor(era: McpEra) {
    super({ classification: era === 'modern' ? MODERN_CLASSIFICATION : LEGACY_CLASSIFICATION });
    // The SDK's legacy transport hands no classification with a message; its modern leg does.
    this.classification = era === 'modern' ? MODERN_CLASSIFICATION : undefined;
  }

  /**
   * The server's reply to one request (the client's id restored), or null when the SDK's HTTP
   * handler must answer it instead. `request` carries the call's context to the tool handlers
   * (ctx.http.req, see context.ts), as the SDK's handler passes its web Request.
   */
  deliver(message: JSONRPCRequest, request: Request): Promise<JSONRPCResponse | null> {
    const id = (this.nextId = (this.nextId + 1) % Number.MAX_SAFE_INTEGER);
    const onmessage = this.onmessage;
    if (!onmessage) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting.set(id, { clientId: message.id, resolve });
      this.dispatching = true;
      try {
        onmessage({ ...message, id }, this.classification ? { request, classification: this.classification } : { request });
      } finally {
        this.dispatching = false;
      }
    });
  }

  override async start(): Promise<void> {}

  override async send(message: JSONRPCMessage): Promise<void> {
    // JSON answers only: a notification sent before the result is dropped, as the SDK does in JSON mode.
    if (!('id' in message) || !('result' in message || 'error' in message)) return;
    const waiting = this.waiting.get(message.id as number);
    if (!waiting) return;
    this.waiting.delete(message.id as number);
    const fromGate = this.dispatching || ('error' in message && message.error.code === ProtocolErrorCode.MissingRequiredClientCapability);
    if (fromGate) return waiting.resolve(null);
    message.id = waiting.clientId;
    waiting.resolve(message);
  }

  override async close(): Promise<void> {
    for (const waiting of this.waiting.values()) waiting.resolve(null);
    this.waiting.clear();
    this.onclose?.();
  }
}

const STRUCTURED_MARK = '\u0000structured';
const STRUCTURED_MARK_JSON = `"structuredContent":${JSON.stringify(STRUCTURED_MARK)}`;

/**
 * A reply's JSON bytes, as JSON.stringify writes them (what the SDK's Response.json writes). A
 * tool result's structuredContent was already written once, as its text (toolResult): when the
 * reply still holds that very object, its JSON is spliced in rather than written again. The mark
 * stands in the one place a key named structuredContent with that value can be: inside a string,
 * a quote after the key would be escaped.
 */
export function replyBytes(reply: JSONRPCResponse): Buffer {
  const result = 'result' in reply ? (reply.result as { structuredContent?: unknown }) : undefined;
  const structured = result?.structuredContent;
  const written = structured !== null && typeof structured === 'object' ? serializedStructured(structured) : undefined;
  if (written === undefined) return Buffer.from(JSON.stringify(reply));
  result!.structuredContent = STRUCTURED_MARK;
  const json = JSON.stringify(reply);
  result!.structuredContent = structured;
  const at = json.indexOf(STRUCTURED_MARK_JSON);
  const valueAt = at + STRUCTURED_MARK_JSON.length - JSON.stringify(STRUCTURED_MARK).length;
  return Buffer.from(json.slice(0, valueAt) + written + json.slice(at + STRUCTURED_MARK_JSON.length));
}
