// Corrections fail closed (docs/operations.md): while no good operator overlay was ever read (the
// store exists but cannot be read, and no last-good copy is beside it), the server cannot know
// which clearances are under a correction review, so it answers nothing that could show one as
// if no review were held. Every request but /healthz and /readyz (which say why) gets a 503 with Retry-After:
// a clear refusal, rather than lists filtered as if no review existed, or every clearance shown
// as under review (a `needs` list would then read as "no such home here").
import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type { OverlayStore } from '../records/overlay.ts';
import { serviceUnavailable } from './errors.ts';

export const OVERLAY_UNAVAILABLE =
  'This server cannot read its list of clearances under correction review, so it answers nothing until it can: ' +
  'a home could otherwise show an approval that is being corrected. Retry in a minute; /healthz says why.';

/** Seconds a client is asked to wait: about one re-read of the store. */
function retryAfter(pollMs: number): number {
  return Math.min(300, Math.max(1, Math.ceil(pollMs / 1000)));
}

/**
 * Part of the onRequest step: null (go on) unless the overlay is unavailable. /mcp gets its
 * JSON-RPC error shape; everything else the spec's error (pages: the error page).
 */
export function refuseWithoutOverlay(request: Request, h: ResponseToolkit, overlays: OverlayStore, pollMs: number): ResponseObject | null {
  if (!overlays.unavailable || request.path === '/healthz' || request.path === '/readyz' || request.method === 'options') return null;
  const seconds = retryAfter(pollMs);
  if (request.path === '/mcp') {
    return h
      .response({ jsonrpc: '2.0', id: null, error: { code: -32000, message: OVERLAY_UNAVAILABLE, data: { retry_after_seconds: seconds } } })
      .code(503)
      .header('retry-after', String(seconds))
      .header('cache-control', 'no-store')
      .header('access-control-allow-origin', '*')
      .takeover();
  }
  throw serviceUnavailable(OVERLAY_UNAVAILABLE, seconds);
}
