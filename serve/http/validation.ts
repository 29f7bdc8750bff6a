// Turns joi validation failures into the spec's error sentences: what was wrong, and what is
// accepted. sort/order/rank get their own reason (spec: refused with the reason, never ignored).
import Boom from '@hapi/boom';
import type { Lifecycle, Request } from '@hapi/hapi';
import type Joi from 'joi';
import { MAX_HOMES } from '../shape/check.ts';
import { BODY_TIMEOUT_MESSAGE, isBodyTimeout } from './body-timeout.ts';
import { asksForAvailability, asksForSort, NO_AVAILABILITY, NO_SORT_PARAMETER } from '../words/wording.ts';

const BODY_NOT_JSON =
  'The body must be JSON of the form {"homes": [...]} (optionally with "detail": true), sent with Content-Type: application/json.';

const MAX_LISTED = 5;

function quoted(names: string[]): string {
  const shown = names.slice(0, MAX_LISTED).map((name) => JSON.stringify(name.length > 50 ? `${name.slice(0, 50)}…` : name));
  return names.length > MAX_LISTED ? `${shown.join(', ')} and ${names.length - MAX_LISTED} more` : shown.join(', ');
}

/** Preferences every route input is validated with, baked into its schema (see `inputs`). */
const INPUT_PREFERENCES: Joi.ValidationOptions = { abortEarly: false, errors: { wrap: { label: false } } };

const SCHEMA = Symbol('joi schema');

// hapi's type asks for a promise; it awaits whatever the function returns, so a plain value does.
type InputValidator = ((value: object | Buffer | string) => Promise<unknown>) & { [SCHEMA]: Joi.Schema };
type InputSource = 'headers' | 'params' | 'query' | 'payload';

/**
 * Route inputs as hapi validate functions over joi schemas. Given a schema, hapi passes joi the
 * whole request as `context` on every call, and joi copies it to merge preferences; none of our
 * schemas reads that context, so validating without it keeps the copy off every request. The
 * schema stays readable (schemaOf) for OpenAPI and for error messages.
 */
export function inputs(schemas: Partial<Record<InputSource, Joi.Schema>>): Partial<Record<InputSource, InputValidator>> {
  const validators: Partial<Record<InputSource, InputValidator>> = {};
  for (const [source, schema] of Object.entries(schemas) as Array<[InputSource, Joi.Schema]>) {
    const prepared = schema.prefs(INPUT_PREFERENCES);
    const validate = (value: unknown) => {
      const result = prepared.validate(value);
      if (result.error) throw result.error;
      return result.value;
    };
    validators[source] = Object.assign(validate as unknown as (value: object | Buffer | string) => Promise<unknown>, { [SCHEMA]: schema });
  }
  return validators;
}

/** The joi schema behind a route's validate entry (every route's joi input is made by `inputs`). */
export function schemaOf(entry: unknown): Joi.Schema | undefined {
  return typeof entry === 'function' && SCHEMA in entry ? (entry as InputValidator)[SCHEMA] : undefined;
}

function queryMessage(request: Request, details: Joi.ValidationErrorItem[], accepted: string[], noSort: string): string {
  const given = Object.keys(request.query ?? {});
  if (asksForSort(given)) return noSort;
  if (asksForAvailability(given)) return `${NO_AVAILABILITY} Accepted: ${accepted.join(', ') || 'no query parameters'}.`;
  const unknown = given.filter((key) => !accepted.includes(key));
  if (unknown.length > 0) {
    const what = `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${quoted(unknown)}.`;
    return accepted.length > 0 ? `${what} Accepted: ${accepted.join(', ')}.` : `${what} This endpoint takes no query parameters.`;
  }
  return details[0]?.message ?? 'The query string could not be read.';
}

function payloadMessage(request: Request, details: Joi.ValidationErrorItem[], accepted: string[], inputsName: string, noSort: string): string {
  if (details.some((detail) => detail.path.length === 0)) return BODY_NOT_JSON;
  const given = Object.keys((request.payload as object | null) ?? {});
  if (asksForSort(given)) return `${noSort} Accepted inputs: ${accepted.join(', ')}.`;
  if (asksForAvailability(given)) return `${NO_AVAILABILITY} Accepted inputs: ${accepted.join(', ')}.`;
  const issues = [...new Set(details.map((detail) => detail.message))];
  const listed = issues.slice(0, MAX_LISTED).join('; ') + (issues.length > MAX_LISTED ? `; and ${issues.length - MAX_LISTED} more` : '');
  return `${inputsName} could not read these inputs: ${listed}. Accepted inputs: ${accepted.join(', ')}.`;
}

/**
 * failAction for route validation; `inputsName` names the body's reader in messages, and `noSort`
 * refuses a sort, order or rank parameter with the order this route's results really come in.
 */
export function failValidation(inputsName = 'This endpoint', noSort = NO_SORT_PARAMETER): Lifecycle.Method {
  return (request, _h, error) => {
    const failure = error as Boom.Boom & Joi.ValidationError;
    const source = (failure.output?.payload as { validation?: { source?: string } } | undefined)?.validation?.source;
    const details = failure.details ?? [];
    const schema = source ? schemaOf((request.route.settings.validate as Record<string, unknown>)[source]) : undefined;
    const accepted = Object.keys((schema?.describe() as { keys?: object } | undefined)?.keys ?? {});
    let message: string;
    if (source === 'query') message = queryMessage(request, details, accepted, noSort);
    else if (source === 'payload') message = payloadMessage(request, details, accepted, inputsName, noSort);
    else message = details[0]?.message ?? 'The request could not be read.';
    throw Boom.badRequest(message);
  };
}

/** failAction for a body that could not be parsed (not JSON), is too large or did not arrive in time. */
export function failPayload(maxBytes: number): Lifecycle.Method {
  return (_request, _h, error) => {
    const status = (error as Boom.Boom | undefined)?.output?.statusCode;
    if (status === 413) {
      throw Boom.entityTooLarge(`The request body is larger than ${maxBytes} bytes. Send at most ${MAX_HOMES} homes per call, each 3 to 200 characters.`);
    }
    if (isBodyTimeout(error)) throw Boom.clientTimeout(BODY_TIMEOUT_MESSAGE);
    throw Boom.badRequest(BODY_NOT_JSON);
  };
}
