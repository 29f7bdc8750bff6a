// Strong ETags for every cacheable GET (REST v1, pages, Markdown twins, site endpoints), in one
// place. A body is a function of this server's code, the snapshot the request read, the overlay in
// force, the address asked for and the request headers the response varies on; the tag hashes
// exactly those, so equal tags mean equal content and hapi answers a matching If-None-Match with
// 304 and no body (its own conditional check, which keeps Cache-Control). Responses that are not
// cacheable (no-store, private, errors) get no tag; one that set its own tag keeps it.
import { createHash, randomUUID } from 'node:crypto';
import type { Request, ResponseObject, Server } from '@hapi/hapi';
import type { Services } from '../services.ts';

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

export function registerEtags(server: Server, services: Services): void {
  // A new start may run new code: tags of an earlier process never match.
  const instance = randomUUID();
  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    if (request.method !== 'get' && request.method !== 'head') return h.continue;
    if (!response || 'isBoom' in response || response.statusCode !== 200 || response.headers.etag !== undefined) return h.continue;
    if (!cacheable(cacheControlOf(request, response))) return h.continue;
    const snapshot = request.app.snapshot;
    const overlay = request.app.overlay ?? services.overlays.current;
    const varied = String(response.headers.vary ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean)
      .map((name) => [name, request.headers[name] ?? null]);
    const tag = createHash('sha256')
      .update(
        JSON.stringify([
          instance,
          // The data hash leaves out confirmation dates, which bodies carry: the run names those.
          snapshot ? [snapshot.meta.dataHash, snapshot.meta.runId, snapshot.file] : null,
          overlay.version,
          request.url.pathname,
          request.url.search,
          response.headers['content-type'] ?? null,
          varied,
        ]),
      )
      .digest('base64url')
      .slice(0, 27);
    response.etag(tag);
    return h.continue;
  });
}
