// The MCP surface on hapi: POST /mcp (both protocol eras, JSON), OPTIONS /mcp (CORS preflight),
// 405 for every other method (no event stream, no session). Any origin is allowed on every answer.
// 60 requests a minute per caller, counted apart from the /api budgets; over budget: 429 with
// retry-after and a JSON-RPC error. One structured log line per MCP request (method, tool, client,
// status, ms), never argument values.
import { Readable } from 'node:stream';
import type { Request as HapiRequest, Lifecycle, Plugin, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { callerAddress, FixedWindowBudget, perWindow } from '../http/rate-limit.ts';
import type { Services } from '../http/services.ts';
import { BODY_TIMEOUT_MESSAGE, isBodyTimeout } from '../http/body-timeout.ts';
import { mcpCall } from './context.ts';
import { answerMcp, MCP_PATH, parseMcpBody, RPC, type McpAnswer, type MessageSummary } from './transport.ts';
import { batchVerdict } from './batch.ts';
import { productNameOrNull } from '../screen/screen.ts';

const EMPTY_BODY = Buffer.alloc(0);

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

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    mcp?: MessageSummary;
  }
}

function withCors(response: ResponseObject): ResponseObject {
  return response.header('access-control-allow-origin', '*').header('access-control-expose-headers', EXPOSED_HEADERS);
}

/** A JSON-RPC error the route answers itself, before any request id is read. */
function rpcError(h: ResponseToolkit, status: number, message: string, data?: object): ResponseObject {
  const error = data === undefined ? { code: RPC.server, message } : { code: RPC.server, message, data };
  return h.response({ jsonrpc: '2.0', id: null, error }).code(status);
}

/** An MCP answer as a hapi response (an event stream, should one come, is never compressed). */
function toHapi(h: ResponseToolkit, answer: McpAnswer): ResponseObject {
  const out = h.response(answer.body).code(answer.status);
  for (const [name, value] of answer.headers) out.header(name, value);
  if (answer.body instanceof Readable) out.compressed('identity');
  return withCors(out);
}

/** Client names already judged, as the log line gives them: a client sends the same name on every call. */
const loggedNames = new Map<string, string>();
const MAX_LOGGED_NAMES = 256;

/** The client's own name only when plainly a product name: a person's details never reach the log. */
function loggedClient(name: string): string {
  let logged = loggedNames.get(name);
  if (logged === undefined) {
    logged = productNameOrNull(name) ?? 'withheld (not a product name)';
    if (loggedNames.size < MAX_LOGGED_NAMES) loggedNames.set(name, logged);
  }
  return logged;
}

export const mcpPlugin: Plugin<Services> = {
  name: 'mcp',
  register(server, services) {
    const { settings, log } = services;
    const budget = new FixedWindowBudget(settings.mcp.rateLimit, settings.mcp.windowMs);
    const hosts = new Set(['localhost', '127.0.0.1', '[::1]', ...settings.mcp.allowedHosts]);
    // An unparseable BASE_URL adds nothing.
    if (URL.canParse(settings.baseUrl)) hosts.add(new URL(settings.baseUrl).hostname.toLowerCase());
    const options = { allowedHosts: [...hosts] };

    const tooMany = (h: ResponseToolkit, seconds: number) => {
      const message =
        `Too many requests: slow down and retry after ${seconds} seconds. ` +
        `The MCP server allows ${settings.mcp.rateLimit} requests ${perWindow(settings.mcp.windowMs)} per caller.`;
      const answer = rpcError(h, 429, message, { retry_after_seconds: seconds });
      return withCors(answer.header('retry-after', String(seconds)).header('cache-control', 'no-store'));
    };
    // Both run on the /mcp routes only (route extensions), so no other request pays for them.
    const overBudget: Lifecycle.Method = (request, h) => {
      const seconds = budget.hit(callerAddress(request, settings.trustedProxyHops));
      const settle = (wait: number) => (wait === 0 ? h.continue : tooMany(h, wait).takeover());
      // A cluster worker whose lease is spent waits for the primary's answer (http/shared-budgets.ts).
      return typeof seconds === 'number' ? settle(seconds) : seconds.then(settle);
    };
    const logLine: Lifecycle.Method = (request, h) => {
      const summary = request.app.mcp;
      const response = request.response as { statusCode?: number; output?: { statusCode: number } } | null;
      log.info('mcp', {
        http_method: request.method.toUpperCase(),
        rpc_method: summary?.rpcMethod ?? null,
        tool: summary?.tool ?? null,
        client: summary?.client ? loggedClient(summary.client) : null,
        protocol_version: summary?.protocolVersion ?? null,
        era: summary?.era ?? null,
        status: response?.output?.statusCode ?? response?.statusCode ?? null,
        ms: Date.now() - request.info.received,
      });
      return h.continue;
    };
    /** Counted against the budget (every method but OPTIONS, before the body is read) and logged. */
    const budgetedAndLogged = { onPreAuth: { method: overBudget }, onPostResponse: { method: logLine } };


    const notAllowedMessage =
      'Method not allowed: this MCP server is stateless and answers POST only (no event stream, no session). ' +
      'Send JSON-RPC requests with POST; OPTIONS is served for CORS.';
    const notAllowed = (_request: HapiRequest, h: ResponseToolkit) =>
      withCors(rpcError(h, 405, notAllowedMessage).header('allow', ALLOW).header('cache-control', 'no-store'));

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
                  : isBodyTimeout(error)
                    ? BODY_TIMEOUT_MESSAGE
                    : 'The request body could not be read.';
              return withCors(rpcError(h, status, message)).header('cache-control', 'no-store').takeover();
            },
          },
        },
        handler: async (request, h) => {
          const body = Buffer.isBuffer(request.payload) ? request.payload : EMPTY_BODY;
          const incoming = { headers: request.raw.req.headers, target: request.raw.req.url ?? MCP_PATH, body, parsed: parseMcpBody(body) };
          const protocolHeader = request.headers['mcp-protocol-version'];
          const batch = batchVerdict(incoming.parsed, typeof protocolHeader === 'string' ? protocolHeader : undefined);
          if (batch) {
            request.app.mcp = { rpcMethod: 'batch', tool: null, client: null, protocolVersion: typeof protocolHeader === 'string' ? protocolHeader.slice(0, 40) : null, era: 'legacy', id: null };
            if ('refused' in batch) {
              return withCors(h.response({ jsonrpc: '2.0', id: null, error: { code: RPC.invalidRequest, message: batch.refused } }).code(400).header('cache-control', 'no-store'));
            }
            // The request itself was counted before its body was read; each further message counts too.
            const seconds = batch.messages > 1 ? await budget.hit(callerAddress(request, settings.trustedProxyHops), Date.now(), batch.messages - 1) : 0;
            if (seconds > 0) return tooMany(h, seconds);
          }
          const answer = await answerMcp(incoming, mcpCall(request, services), options);
          request.app.mcp = answer.summary;
          return toHapi(h, answer);
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
