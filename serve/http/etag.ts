// Strong ETags for every cacheable GET (REST v1, pages, Markdown twins, site endpoints), in one
// place. A body is a function of this server's code, the snapshot the request read, the overlay in
// force, the address asked for and the request headers the response varies on; the tag hashes
// exactly those, so equal tags mean equal content and hapi answers a matching If-None-Match with
// 304 and no body (its own conditional check, which keeps Cache-Control). Responses that are not
// cacheable (no-store, private, errors) get no tag; one that set its own tag keeps it.
import { hash, randomUUID } from 'node:crypto';
import type { Request, ResponseObject } from '@hapi/hapi';
import type { Services } from './services.ts';

/** A cacheable Cache-Control: shared or browser lifetime, and neither no-store nor private. */
function cacheable(cacheControl: string): boolean {
  return /\b(s-maxage|max-age)=/.test(cacheControl) && !/\b(no-store|private)\b/.test(cacheControl);
}

function cacheControlOf(request: Request, response: ResponseObject): string {
  const set = response.headers['cache-control'];
  if (set !== undefined) return String(set);
  const route = request.route.settings.cache as { otherwise?: string } | false | undefined;
  return route ? (route.otherwise ?? '') : '';
}

/**
 * A response step (serve/server.ts): tags a cacheable 200. Built once per server: a new start may
 * run new code, so the tags of an earlier process never match.
 */
export function cacheTagger(services: Services): (request: Request, response: ResponseObject) => void {
  const instance = randomUUID();
  return (request, response) => {
    if (request.method !== 'get' && request.method !== 'head') return;
    if (response.statusCode !== 200 || response.headers.etag !== undefined) return;
    if (!cacheable(cacheControlOf(request, response))) return;
    const snapshot = request.app.snapshot;
    const overlay = request.app.overlay ?? services.overlays.current;
    const vary = response.headers.vary;
    const varied =
      vary === undefined
        ? ''
        : String(vary)
            .split(',')
            .map((name) => name.trim().toLowerCase())
            .filter(Boolean)
            .map((name) => (request.headers[name] === undefined ? name : `${name}=${String(request.headers[name])}`))
            .join('\u0000');
    // NUL cannot occur in a request line or header value, so the joined parts are unambiguous.
    const named = [
      instance,
      // The data hash leaves out confirmation dates, which bodies carry: the run names those.
      snapshot ? `${snapshot.meta.dataHash} ${snapshot.meta.runId} ${snapshot.file}` : '',
      overlay.version,
      // The request target as sent, what a CDN keys on too: hapi's request.url would parse it
      // into a URL object first, about half of this step's cost.
      request.raw.req.url ?? '',
      String(response.headers['content-type'] ?? ''),
      varied,
    ].join('\u0000');
    response.etag(hash('sha256', named, 'base64url').slice(0, 27));
  };
}
