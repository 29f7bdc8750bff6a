// How pages answer: HTML, or its Markdown twin (`.md` added to the path, or `Accept:
// text/markdown`) with exactly the headers the spec gives Markdown pages.
import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';

export const PAGE_CACHE_CONTROL = 'public, s-maxage=3600, stale-while-revalidate=86400';
export const MARKDOWN_CACHE_CONTROL = 's-maxage=86400, stale-while-revalidate=31449600';

/** True when the client asked for Markdown by its Accept header (not by a `.md` path). */
export function acceptsMarkdown(request: Request): boolean {
  const accept = String(request.headers.accept ?? '');
  return /(^|,)\s*text\/markdown\b/i.test(accept);
}

export function htmlResponse(h: ResponseToolkit, body: string, options: { cacheControl?: string; status?: number; varyAccept?: boolean } = {}): ResponseObject {
  const response = h
    .response(body)
    .code(options.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('cache-control', options.cacheControl ?? PAGE_CACHE_CONTROL)
    .header('x-content-type-options', 'nosniff');
  // The same URL also answers Markdown by Accept: caches must keep the two apart.
  if (options.varyAccept !== false) response.header('vary', 'Accept');
  return response;
}

/**
 * A Markdown twin. `canonicalUrl` is the HTML page (citations name it, never the `.md`);
 * `byAccept` adds `vary: Accept` as the spec asks when Markdown was chosen by the Accept header.
 */
export function markdownResponse(h: ResponseToolkit, markdown: string, canonicalUrl: string, byAccept: boolean): ResponseObject {
  const response = h
    .response(markdown)
    .type('text/markdown; charset=utf-8')
    .header('cache-control', MARKDOWN_CACHE_CONTROL)
    .header('link', `<${canonicalUrl}>; rel="canonical"`)
    .header('x-robots-tag', 'noindex')
    .header('x-content-type-options', 'nosniff');
  if (byAccept) response.header('vary', 'Accept');
  return response;
}
