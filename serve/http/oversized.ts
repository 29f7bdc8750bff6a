// Requests Node's HTTP parser refuses never reach hapi: Node reports them on the listener's
// clientError event, and hapi's own handler answers a bare 400 with no body. The spec wants every
// error as JSON {"error"} with no-store, so oversized headers get 431, an oversized URL 414, and a
// request that is not valid HTTP/1.1 (an unknown method, a forbidden character in a header, both
// Content-Length and Transfer-Encoding, two Content-Lengths, an HTTP/2 preface) a 400 here.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { Request } from '@hapi/hapi';

type ClientErrorHandler = (error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket) => void;

const STATUS_TEXT: Record<400 | 414 | 431, string> = { 400: 'Bad Request', 414: 'URI Too Long', 431: 'Request Header Fields Too Large' };

/** Why the parser refused a request, in words (llhttp's codes); others get the general sentence. */
const PARSE_ERRORS: Record<string, string> = {
  HPE_INVALID_METHOD: 'its method is not an HTTP method',
  HPE_INVALID_HEADER_TOKEN: 'a header name or value holds a character HTTP does not allow',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'it has both Content-Length and Transfer-Encoding, or two Content-Lengths',
  HPE_INVALID_TRANSFER_ENCODING: 'its Transfer-Encoding is not one HTTP/1.1 allows, or comes with a Content-Length',
  HPE_INVALID_CONTENT_LENGTH: 'its Content-Length is not one whole number',
  HPE_INVALID_VERSION: 'it is not HTTP/1.0 or HTTP/1.1',
  HPE_PAUSED_H2_UPGRADE: 'it is HTTP/2, which this server does not speak',
};

function parseErrorMessage(code: string | undefined): string {
  return `The request is not valid HTTP/1.1: ${PARSE_ERRORS[code ?? ''] ?? `the parser refused it (${code ?? 'unknown error'})`}. Nothing was done; send a well-formed request.`;
}

function rawResponse(status: 400 | 414 | 431, message: string): string {
  const body = JSON.stringify({ error: message });
  return (
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    'Cache-Control: no-store\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/**
 * The parser reports one overflow for the request line and headers together; the URL is taken as
 * the culprit when the chunk that overflowed starts the request and its first line is most of the limit.
 */
export function overflowStatus(rawPacket: Buffer | undefined, maxHeaderSize: number): 414 | 431 {
  if (!rawPacket || !/^[A-Z]+ /.test(rawPacket.subarray(0, 16).toString('latin1'))) return 431;
  const lineEnd = rawPacket.indexOf('\r\n');
  return lineEnd === -1 || lineEnd > maxHeaderSize / 2 ? 414 : 431;
}

/**
 * Answers requests the parser refuses in the spec's error shape. A request already under way (the
 * parser failed in its body) keeps hapi's handling, which answers it through the error shape too;
 * so do errors that are not the parser's (a reset connection).
 */
export function answerRefusedRequests(listener: http.Server): void {
  const previous = listener.listeners('clientError') as ClientErrorHandler[];
  listener.removeAllListeners('clientError');
  const maxHeaderSize = http.maxHeaderSize; // hapi creates its listener without its own limit
  const messages = {
    414: `The request's URL is too long: the request line and headers together may be at most ${maxHeaderSize} bytes. No valid request here needs more; shorten the query.`,
    431: `The request's headers are too large: the request line and headers together may be at most ${maxHeaderSize} bytes. Send fewer or shorter headers.`,
  };
  listener.on('clientError', (error: Error & { code?: string; rawPacket?: Buffer }, socket: Socket) => {
    const underWay = (socket as Socket & { _httpMessage?: unknown })._httpMessage != null;
    if (!error.code?.startsWith('HPE_') || underWay) {
      for (const handler of previous) handler.call(listener, error, socket);
      return;
    }
    if (!socket.writable) {
      socket.destroy(error);
      return;
    }
    if (error.code !== 'HPE_HEADER_OVERFLOW') {
      socket.end(rawResponse(400, parseErrorMessage(error.code)));
      return;
    }
    const status = overflowStatus(error.rawPacket, maxHeaderSize);
    socket.end(rawResponse(status, messages[status]));
  });
}

/** How much of an oversized chunked body is read and dropped so its 413 arrives, and for how long. */
const DRAIN_MAX_BYTES = 4 * 1024 * 1024;
const DRAIN_MAX_MS = 5_000;

/**
 * A chunked body over a route's limit is only found too large while it is read; hapi's reader then
 * destroys the request, which resets the connection before the 413 is written. For a request with
 * a body but no Content-Length (onRequest), that destroy reads and drops the rest of the body instead
 * (at most DRAIN_MAX_BYTES more, for at most DRAIN_MAX_MS; past either the connection is closed as
 * before), so hapi answers the 413 its route gives for a Content-Length over the limit.
 */
export function answerOversizedChunkedBodies(request: Request): void {
  const req = request.raw.req;
  if (req.headers['transfer-encoding'] === undefined || req.headers['content-length'] !== undefined) return;
  const destroy = req.destroy.bind(req);
  let draining = false;
  req.destroy = ((error?: Error) => {
    if (draining || req.readableEnded || error !== undefined) return destroy(error);
    draining = true;
    const socket = req.socket;
    const start = socket.bytesRead;
    const began = Date.now();
    const watch = setInterval(() => {
      if (socket.bytesRead - start > DRAIN_MAX_BYTES || Date.now() - began > DRAIN_MAX_MS) {
        clearInterval(watch);
        destroy();
      }
    }, 50);
    watch.unref();
    const stop = () => clearInterval(watch);
    req.once('end', stop);
    req.once('close', stop);
    return req;
  }) as typeof req.destroy;
}
