// Every error leaves the server as {"error": "..."} with cache-control: no-store. Anything that
// is not a deliberate 4xx (or a deliberate 503, below) becomes the one 500 sentence; nothing a
// request does changes state, so "nothing was changed" is always true.
import Boom from '@hapi/boom';
import type { Request } from '@hapi/hapi';
import type { Logger } from '../lib/log.ts';

export const SERVER_ERROR = 'The server could not finish this request; nothing was changed. Retry after a minute.';

/** A 503 the server answers on purpose (its message is kept, with Retry-After), not a failure. */
export function serviceUnavailable(message: string, retryAfterSeconds: number): Boom.Boom {
  const error = Boom.serverUnavailable(message, { deliberate: true });
  error.output.headers['retry-after'] = String(retryAfterSeconds);
  return error;
}

function deliberate(response: Boom.Boom): boolean {
  return (response.data as { deliberate?: unknown } | null)?.deliberate === true;
}

/** The first response step (serve/server.ts): an error's payload becomes the spec's shape. */
export function shapeError(request: Request, baseUrl: string, log: Logger): void {
  const response = request.response;
  if (!('isBoom' in response) || !response.isBoom) return;
  const status = response.output.statusCode;
  let message = String(response.output.payload.message ?? '');
  if (status >= 500 && !deliberate(response)) {
    log.error('request failed', { method: request.method, path: request.path, error: response.stack ?? String(response) });
    message = SERVER_ERROR;
  } else if (status === 404 && message === 'Not Found') {
    message = `There is no endpoint ${request.method.toUpperCase()} ${request.path}. The REST endpoints are listed at ${baseUrl}/api/v1.`;
  } else if (status === 400 && message === 'Bad Request') {
    // hapi's own answer when the parser fails inside a body (a broken chunk): say what it was.
    message = 'The request body is not valid HTTP/1.1 framing (a broken chunk, say), so it could not be read. Nothing was done; send the request again, well-formed.';
  } else if (!message) {
    message = response.output.payload.error;
  }
  (response.output as { payload: unknown }).payload = { error: message };
  response.output.headers['cache-control'] = 'no-store';
}
