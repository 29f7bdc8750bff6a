// The MCP surface on hapi: POST /mcp (both protocol eras, JSON), OPTIONS /mcp (CORS preflight),
// 405 for every other method (no event stream, no session). Any origin is allowed on every answer.
// 60 requests a minute per caller, counted apart from the /api budgets; over budget: 429 with
// retry-after and a JSON-RPC error. One structured log line per MCP request (method, tool, client,
// status, ms), never argument values.
import { Readable } from 'node:stream';
import type { Request as HapiRequest, Lifecycle, Plugin, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { CallerBudget, callerAddress, perWindow } from '../rate-limit.ts';
import type { Services } from '../services.ts';
import { mcpCall } from './context.ts';
import { DocumentStoreReader } from './documents.ts';
import { jsonRpcError, readMessage, RPC, serveMcp, type MessageSummary } from './transport.ts';

export const MCP_PATH = '/mcp';

/** Headers a browser client may send (Mcp-Param-* ones it asks for are echoed too). */
const ALLOWED_HEADERS = [
  'accept',
  'authorization',
  'content-type',
  'last-event-id',
  'mcp-method',
  'mcp-name',
  'mcp-protocol-version',
  'mcp-session-id',
  'x-client-name',
];
const EXPOSED_HEADERS = 'mcp-protocol-version, mcp-session-id, retry-after, www-authenticate';
const ALLOW = 'POST, OPTIONS';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
};

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    mcp?: MessageSummary;
  }
}

function withCors(response: ResponseObject): ResponseObject {
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.header(name, value);
  return response;
}

/** A web Response's headers as sent on: its length is hapi's to set, CORS is this plugin's. */
function forwardedHeaders(response: Response): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && !name.startsWith('access-control-')) headers.push([name, value]);
  });
  return headers;
}

function answer(h: ResponseToolkit, status: number, headers: Array<[string, string]>, body: string | Buffer | Readable | undefined): ResponseObject {
  const out = h.response(body).code(status);
  for (const [name, value] of headers) out.header(name, value);
  return withCors(out);
}

/** A web Response as a hapi response (JSON buffered; an event stream, should one ever come, piped). */
async function toHapi(h: ResponseToolkit, response: Response): Promise<ResponseObject> {
  const type = response.headers.get('content-type') ?? '';
  if (/text\/event-stream/i.test(type) && response.body !== null) {
    const stream = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    return answer(h, response.status, forwardedHeaders(response), stream).compressed('identity');
  }
  return answer(h, response.status, forwardedHeaders(response), response.body === null ? undefined : Buffer.from(await response.arrayBuffer()));
}

/**
 * The web Request the SDK reads: method, URL and headers; the body is given separately. No abort
 * signal: every tool answers synchronously from memory, so a client that leaves stops nothing, and
 * a signal wired to the socket would cost more than the call itself.
 */
function webRequest(request: HapiRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.raw.req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  let url: string;
  try {
    url = new URL(`${request.path}${request.url.search}`, `http://${request.info.host || 'localhost'}`).href;
  } catch {
    url = `http://localhost${MCP_PATH}`;
  }
  return new Request(url, { method: 'POST', headers });
}

function allowedHosts(services: Services): string[] {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]', ...services.settings.mcp.allowedHosts]);
  try {
    hosts.add(new URL(services.settings.baseUrl).hostname.toLowerCase());
  } catch {
    // An unparseable BASE_URL adds nothing.
  }
  return [...hosts];
}

export const mcpPlugin: Plugin<Services> = {
  name: 'mcp',
  register(server, services) {
    const { settings, log } = services;
    const documents = new DocumentStoreReader(settings.snapshotsDir, log);
    const budget = new CallerBudget(settings.mcp.rateLimit, settings.mcp.windowMs);
    const hosts = allowedHosts(services);

    // Both run on the /mcp routes only (route extensions), so no other request pays for them.
    const overBudget: Lifecycle.Method = (request, h) => {
      const verdict = budget.hit(callerAddress(request, settings.trustProxy));
      if (verdict.allowed) return h.continue;
      const seconds = verdict.retryAfterSeconds;
      const message =
        `Too many requests: slow down and retry after ${seconds} seconds. ` +
        `The MCP server allows ${settings.mcp.rateLimit} requests ${perWindow(settings.mcp.windowMs)} per caller.`;
      return withCors(
        h
          .response({ jsonrpc: '2.0', id: null, error: { code: RPC.server, message, data: { retry_after_seconds: seconds } } })
          .code(429)
          .header('retry-after', String(seconds))
          .header('cache-control', 'no-store'),
      ).takeover();
    };
    const logLine: Lifecycle.Method = (request, h) => {
      const summary = request.app.mcp;
      const response = request.response as { statusCode?: number; output?: { statusCode: number } } | null;
      log.info('mcp', {
        http_method: request.method.toUpperCase(),
        rpc_method: summary?.rpcMethod ?? null,
        tool: summary?.tool ?? null,
        client: summary?.client ?? null,
        protocol_version: summary?.protocolVersion ?? null,
        era: summary?.era ?? null,
        status: response?.output?.statusCode ?? response?.statusCode ?? null,
        ms: Date.now() - request.info.received,
      });
      return h.continue;
    };
    /** Counted against the budget (every method but OPTIONS, before the body is read) and logged. */
    const budgetedAndLogged = { onPreAuth: { method: overBudget }, onPostResponse: { method: logLine } };

    server.ext('onPostStop', () => documents.close());

    const notAllowed = (_request: HapiRequest, h: ResponseToolkit) =>
      withCors(
        h
          .response({
            jsonrpc: '2.0',
            id: null,
            error: {
              code: RPC.server,
              message:
                'Method not allowed: this MCP server is stateless and answers POST only (no event stream, no session). ' +
                'Send JSON-RPC requests with POST; OPTIONS is served for CORS.',
            },
          })
          .code(405)
          .header('allow', ALLOW)
          .header('cache-control', 'no-store'),
      );

    server.route([
      {
        method: 'POST',
        path: MCP_PATH,
        options: {
          cors: false,
          ext: budgetedAndLogged,
          payload: {
            parse: false,
            output: 'data',
            maxBytes: settings.mcp.bodyMaxBytes,
            // Too large (or unreadable): a JSON-RPC error, not the REST error shape.
            failAction: (_request, h, error) => {
              const status = (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode ?? 400;
              const message =
                status === 413
                  ? `Request body too large: at most ${settings.mcp.bodyMaxBytes} bytes (check_homes takes at most 100 homes a call).`
                  : 'The request body could not be read.';
              return withCors(h.response({ jsonrpc: '2.0', id: null, error: { code: RPC.server, message } }).code(status)).takeover();
            },
          },
        },
        handler: async (request, h) => {
          try {
            const raw = Buffer.isBuffer(request.payload) ? request.payload : Buffer.alloc(0);
            const message = readMessage(raw);
            const call = mcpCall(request, services, documents);
            const { response, summary } = await serveMcp(webRequest(request), message, call, { allowedHosts: hosts });
            request.app.mcp = summary;
            return await toHapi(h, response);
          } catch (error) {
            log.error('mcp request failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
            return toHapi(h, jsonRpcError(500, RPC.internal, 'Internal error: the server could not finish this request; nothing was changed. Retry after a minute.'));
          }
        },
      },
      {
        method: 'OPTIONS',
        path: MCP_PATH,
        options: { cors: false, ext: { onPostResponse: { method: logLine } } },
        handler: (request, h) => {
          const asked = String(request.headers['access-control-request-headers'] ?? '')
            .split(',')
            .map((name) => name.trim().toLowerCase())
            .filter((name) => /^[a-z0-9-]{1,64}$/.test(name));
          const headers = [...new Set([...ALLOWED_HEADERS, ...asked])].join(', ');
          return withCors(
            h
              .response()
              .code(204)
              .header('access-control-allow-methods', ALLOW)
              .header('access-control-allow-headers', headers)
              .header('access-control-max-age', '86400')
              .header('allow', ALLOW),
          );
        },
      },
      { method: '*', path: MCP_PATH, options: { cors: false, ext: budgetedAndLogged }, handler: notAllowed },
    ]);
  },
};
