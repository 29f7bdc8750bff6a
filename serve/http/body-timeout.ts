// A request body has BODY_TIMEOUT_MS to arrive. hapi's payload timeout ends the read, but before
// answering hapi waits for the rest of the body (it drains the request), so a body that stalls, or
// a Content-Length with no body at all, got no answer until Node's request timeout (five minutes)
// and then a bare 400. Here that wait ends just after the body timeout: the route answers its JSON
// error (408) and the connection is closed once the answer is out.
import type { Request } from '@hapi/hapi';

/** How long a request's body may take to arrive (every route's payload timeout: serve/server.ts). */
export const BODY_TIMEOUT_MS = 10_000;

/** The drain is ended this long after the body timeout, so the read's own timeout fires first. */
const GRACE_MS = 250;

export const BODY_TIMEOUT_MESSAGE =
  `The request body did not arrive within ${BODY_TIMEOUT_MS / 1000} s: send the whole body with the request, as many bytes as its Content-Length says. ` +
  'The connection is closed.';

/** Whether a payload error is the body timeout (hapi's 408). */
export function isBodyTimeout(error: unknown): boolean {
  return (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode === 408;
}

/** onRequest: for a request that announces a body, ends hapi's wait for it once the body timeout has passed. */
export function answerStalledBodies(request: Request): void {
  const req = request.raw.req;
  if ((req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) || req.readableEnded) return;
  const timer = setTimeout(() => {
    if (req.readableEnded || req.destroyed) return;
    const res = request.raw.res;
    // Answered already without the body (a route that reads none): only the connection is left to close.
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    res.setHeader('connection', 'close');
    req.emit('end'); // hapi's drain waits for this (or close, which would drop the answer)
  }, BODY_TIMEOUT_MS + GRACE_MS);
  timer.unref();
  const stop = () => clearTimeout(timer);
  req.once('end', stop);
  req.once('close', stop);
}
