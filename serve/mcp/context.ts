// What a tool handler is given for one MCP request: the server's services, the snapshot leased for
// this HTTP request (through the hapi request, released when the response is finished; its report
// texts come with it), and the clock the MCP surface reads.
//
// The call reaches a handler through the SDK's per-request context: the request handed to the
// SDK is the one it gives each handler as ctx.http.req (both eras), so the call is kept against
// that Request, never captured by a server instance (instances are pooled and shared).
import type { Request as HapiRequest } from '@hapi/hapi';
import { shapeContext, type Services } from '../http/services.ts';
import type { ShapeContext } from '../records/context.ts';

export function mcpCall(request: HapiRequest, services: Services) {
  let context: ShapeContext | null = null;
  return {
    services,
    /** The request's shape context; the first call leases the snapshot for the rest of the request. */
    context: () => (context ??= shapeContext(request, services)),
    /** The clock for this request (settings.mcp.now, read once). */
    now: services.settings.mcp.now(),
    baseUrl: services.settings.baseUrl,
  };
}

export type McpCall = ReturnType<typeof mcpCall>;

const calls = new WeakMap<Request, McpCall>();

/** Ties the call to the request the SDK is about to serve (see sdkRequest in transport.ts); returns it. */
export function withCall(request: Request, call: McpCall): Request {
  calls.set(request, call);
  return request;
}

/** The call tied to a request the SDK serves (its requestInfo, and a handler's ctx.http.req). */
export function requestCall(request: Request | undefined): McpCall {
  const call = request ? calls.get(request) : undefined;
  if (!call) throw new Error('MCP request served without its call context');
  return call;
}
