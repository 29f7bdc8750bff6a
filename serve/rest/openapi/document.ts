// Builds the OpenAPI 3.1 document from the routes the server actually registered: their joi
// validation (parameters, body), their Cache-Control and their declared responses. Nothing is
// written twice, so the published contract cannot drift from the running server.
import type { Server } from '@hapi/hapi';
import type Joi from 'joi';
import { errorBody } from '../response-schemas.ts';
import { schemaOf } from '../../http/validation.ts';
import { SERVICE_NAME, STATE_SOURCE } from '../../words/wording.ts';
import { objectProperties, toJsonSchema, type Components } from './joi-json-schema.ts';
import type { DocumentedError, OpenApiRoute } from '../route-docs.ts';

const ERROR_DESCRIPTIONS: Record<DocumentedError, string> = {
  400:
    'The request could not be read. The error names what was wrong and lists what is accepted: an unknown query parameter or body key, ' +
    'a sort/order/rank parameter (none exists: results always come in one neutral order, alphabetical for the lists, and the error names it), an unknown need, limit or offset out of range, ' +
    'an empty or oversized homes list, an entry outside 3..200 characters, an X-Client-Name over 60 characters, or a body that is not JSON.',
  404: 'No home with this license number is on the roster.',
  413: 'The body is far larger than any 100-home batch. Send at most 100 homes per call.',
  429: 'Over the per-IP budget (120/min on /api/v1/*, 240/min on all /api/*, 30/min on POST /api/v1/check). Wait retry-after seconds.',
  500: 'The server could not finish this request; nothing was changed. Retry after a minute.',
};

const TAGS = [
  { name: 'About', description: 'Where everything is.' },
  { name: 'Facilities', description: 'The state licensing record of each home: list, detail and state documents.' },
  { name: 'Guides', description: "Editorial guides in the service's own words." },
  { name: 'Check', description: 'Batch check of license numbers or names (the REST twin of the MCP tool check_homes).' },
  { name: 'Changes', description: "What changed on the state record between snapshots: the whole log, and one home's history." },
];

function cacheControlHeader(value: string) {
  return { description: 'Exactly as sent.', schema: { type: 'string', const: value } };
}

function parameters(schema: Joi.Schema | undefined, location: 'path' | 'query' | 'header', components: Components) {
  if (!schema) return [];
  return objectProperties(schema, components).map((property) => ({
    name: location === 'header' ? headerName(property.name) : property.name,
    in: location,
    required: location === 'path' ? true : property.required,
    ...(property.description ? { description: property.description } : {}),
    schema: property.schema,
  }));
}

function headerName(lowercase: string): string {
  return lowercase.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase());
}

export function buildOpenApiDocument(server: Server, baseUrl: string): Record<string, unknown> {
  const components: Components = new Map();
  const errorRef = toJsonSchema(errorBody, components);
  const paths: Record<string, Record<string, unknown>> = {};

  const routes = server
    .table()
    .filter((route) => route.settings.plugins?.openapi)
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));

  for (const route of routes) {
    const doc = route.settings.plugins!.openapi as OpenApiRoute;
    const validate = (route.settings.validate ?? {}) as Record<string, unknown>;
    const cacheControl = (route.settings.cache as { otherwise?: string } | undefined)?.otherwise ?? 'no-store';
    const responses: Record<string, unknown> = {
      200: {
        description: doc.ok.description,
        headers: { 'Cache-Control': cacheControlHeader(cacheControl) },
        content: { 'application/json': { schema: toJsonSchema(doc.ok.schema, components) } },
      },
    };
    for (const status of doc.errors) {
      responses[status] = {
        description: ERROR_DESCRIPTIONS[status],
        headers: {
          'Cache-Control': cacheControlHeader('no-store'),
          ...(status === 429 ? { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer', minimum: 1 } } } : {}),
        },
        content: { 'application/json': { schema: errorRef } },
      };
    }
    const operation: Record<string, unknown> = {
      operationId: doc.operationId,
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      tags: [doc.tag],
      parameters: [
        ...parameters(schemaOf(validate.params), 'path', components),
        ...parameters(schemaOf(validate.query), 'query', components),
        ...parameters(schemaOf(validate.headers), 'header', components),
      ],
      ...(validate.payload
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toJsonSchema(schemaOf(validate.payload)!, components) } },
            },
          }
        : {}),
      responses,
    };
    (paths[route.path] ??= {})[route.method] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: `${SERVICE_NAME} care-home licensing API`,
      version: '1.0.0',
      summary: "Free, keyless, read-only REST API over California's licensing record of elder-care homes (RCFEs).",
      description:
        `Data: ${STATE_SOURCE}, as compiled by ${SERVICE_NAME}. Every REST response except GET /api/v1 is an envelope with ` +
        'api_version, data, attribution and generated_at. Consequential facts are tri-state: true, false, not_on_file; ' +
        'not_on_file is a statement about the record, never a no. Open beds are never in this data. Nothing is ranked and no ' +
        'sort, order or rank parameter exists. No key, account or OAuth: anonymous. No CORS headers (server-side use only). ' +
        'Within v1 changes are additive: ignore unknown fields.',
      termsOfService: `${baseUrl}/terms`,
      // The service's own channel for anything wrong in a record or the API: the corrections form.
      contact: { name: `${SERVICE_NAME} corrections`, url: `${baseUrl}/corrections` },
      license: { name: 'Free to use, including commercial use, under the terms', url: `${baseUrl}/terms` },
    },
    servers: [{ url: baseUrl }],
    security: [],
    tags: TAGS,
    paths,
    components: { schemas: Object.fromEntries(components) },
  };
}
