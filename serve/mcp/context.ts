// What a tool handler is given for one MCP request: the server's services, the snapshot leased for
// this HTTP request (through the hapi request, released when the response is finished), the
// document store, and the clock the MCP surface reads.
import type { Request } from '@hapi/hapi';
import { shapeContext, type Services } from '../services.ts';
import type { ShapeContext } from '../shape/context.ts';
import type { DocumentStoreReader } from './documents.ts';

export interface McpCall {
  services: Services;
  documents: DocumentStoreReader;
  /** The request's shape context; the first call leases the snapshot for the rest of the request. */
  context(): ShapeContext;
  /** The clock for this request (settings.mcp.now, read once). */
  now: Date;
  baseUrl: string;
}

export function mcpCall(request: Request, services: Services, documents: DocumentStoreReader): McpCall {
  let context: ShapeContext | null = null;
  return {
    services,
    documents,
    context: () => (context ??= shapeContext(request, services)),
    now: services.settings.mcp.now(),
    baseUrl: services.settings.baseUrl,
  };
}
