// What a REST route declares about itself for /openapi.json, next to its handler (route
// options.plugins.openapi). Inputs come from the route's own joi validation, not from here.
import type Joi from 'joi';

export type DocumentedError = 400 | 404 | 413 | 429 | 500;

export interface OpenApiRoute {
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  ok: { schema: Joi.Schema; description: string };
  errors: DocumentedError[];
}

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    openapi?: OpenApiRoute;
  }
}

/** A route's options.plugins entry carrying its OpenAPI description. */
export function openApiDocs(openapi: OpenApiRoute) {
  return { openapi };
}
