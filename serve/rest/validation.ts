// Turns joi validation failures into the spec's error sentences: what was wrong, and what is
// accepted. sort/order/rank get their own reason (spec: refused with the reason, never ignored).
import Boom from '@hapi/boom';
import type { Lifecycle, Request } from '@hapi/hapi';
import type Joi from 'joi';
import { MAX_HOMES } from '../check.ts';
import { NO_SORT_PARAMETER } from '../wording.ts';

export const BODY_NOT_JSON =
  'The body must be JSON of the form {"homes": [...]} (optionally with "detail": true), sent with Content-Type: application/json.';

export function bodyTooLarge(maxBytes: number): string {
  return `The request body is larger than ${maxBytes} bytes. Send at most ${MAX_HOMES} homes per call, each 3 to 200 characters.`;
}

const SORT_WORDS = new Set(['sort', 'order', 'rank']);
const MAX_LISTED = 5;

function quoted(names: string[]): string {
  const shown = names.slice(0, MAX_LISTED).map((name) => JSON.stringify(name.length > 50 ? `${name.slice(0, 50)}…` : name));
  return names.length > MAX_LISTED ? `${shown.join(', ')} and ${names.length - MAX_LISTED} more` : shown.join(', ');
}

function acceptedKeys(schema: unknown): string[] {
  const description = (schema as Joi.Schema).describe() as { keys?: Record<string, unknown> };
  return Object.keys(description.keys ?? {});
}

function queryMessage(request: Request, details: Joi.ValidationErrorItem[], accepted: string[]): string {
  const given = Object.keys(request.query ?? {});
  if (given.some((key) => SORT_WORDS.has(key.toLowerCase()))) return NO_SORT_PARAMETER;
  const unknown = given.filter((key) => !accepted.includes(key));
  if (unknown.length > 0) {
    const what = `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${quoted(unknown)}.`;
    return accepted.length > 0 ? `${what} Accepted: ${accepted.join(', ')}.` : `${what} This endpoint takes no query parameters.`;
  }
  return details[0]?.message ?? 'The query string could not be read.';
}

function payloadMessage(request: Request, details: Joi.ValidationErrorItem[], accepted: string[], inputsName: string): string {
  if (details.some((detail) => detail.path.length === 0)) return BODY_NOT_JSON;
  const given = Object.keys((request.payload as object | null) ?? {});
  if (given.some((key) => SORT_WORDS.has(key.toLowerCase()))) return NO_SORT_PARAMETER;
  const issues = [...new Set(details.map((detail) => detail.message))];
  const listed = issues.slice(0, MAX_LISTED).join('; ') + (issues.length > MAX_LISTED ? `; and ${issues.length - MAX_LISTED} more` : '');
  return `${inputsName} could not read these inputs: ${listed}. Accepted inputs: ${accepted.join(', ')}.`;
}

/** failAction for route validation; `inputsName` names the body's reader in messages. */
export function failValidation(inputsName = 'This endpoint'): Lifecycle.Method {
  return (request, _h, error) => {
    const failure = error as Boom.Boom & Joi.ValidationError;
    const source = (failure.output?.payload as { validation?: { source?: string } } | undefined)?.validation?.source;
    const details = failure.details ?? [];
    const schema = source ? (request.route.settings.validate as Record<string, unknown>)[source] : undefined;
    const accepted = schema ? acceptedKeys(schema) : [];
    let message: string;
    if (source === 'query') message = queryMessage(request, details, accepted);
    else if (source === 'payload') message = payloadMessage(request, details, accepted, inputsName);
    else message = details[0]?.message ?? 'The request could not be read.';
    throw Boom.badRequest(message);
  };
}

/** failAction for a body that could not be parsed (not JSON) or is too large. */
export function failPayload(maxBytes: number): Lifecycle.Method {
  return (_request, _h, error) => {
    const status = (error as Boom.Boom | undefined)?.output?.statusCode;
    if (status === 413) throw Boom.entityTooLarge(bodyTooLarge(maxBytes));
    throw Boom.badRequest(BODY_NOT_JSON);
  };
}
