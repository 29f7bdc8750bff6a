// What every page kind returns, and how it answers: HTML in the shared shell, or its Markdown
// twin (`.md` added to the path, or `Accept: text/markdown`) with the spec's exact headers.
import Boom from '@hapi/boom';
import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { html, type SafeHtml } from './html.ts';
import { layout, type PageOptions } from './layout.ts';
import { acceptsMarkdown, htmlResponse, markdownResponse } from './respond.ts';
import { asksForAvailability, asksForSort, LIST_NEUTRALITY, NO_AVAILABILITY } from '../words/wording.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import { ERROR_WORDS, SHELL_WORDS } from '../words/family-words.ts';
import { prefersSpanish, type Language } from '../words/language.ts';

/** Home and list pages follow the REST five-minute rule, so a review shows within five minutes. */
export const RECORD_PAGE_CACHE = 'public, s-maxage=300, stale-while-revalidate=300';
/** Guides and indexes that change only with a release or a data run. */
export const EDITORIAL_PAGE_CACHE = 'public, s-maxage=3600, stale-while-revalidate=86400';
/** The plan page and the corrections form: never stored by anyone. */
export const NO_STORE = 'no-store';

/** What the shell shows (its canonical address has `?page=` after a list's first page), and how it answers. */
export interface PageDoc extends Omit<PageOptions, 'baseUrl' | 'head'> {
  /** The twin, rendered only when asked for. */
  markdown?: () => string;
  cacheControl: string;
  status?: number;
  /** Extra response headers (security headers of a form page). */
  headers?: Record<string, string>;
}

/** What a page route builds: the page, or (an old or wrong slug) the path of its canonical address. */
export type PageOrRedirect = PageDoc | { redirectTo: string };

/** The page's Content-Security-Policy: our own origin only; nothing framed, no inline script. */
export function contentSecurityPolicy(baseUrl: string): string {
  const origin = URL.canParse(baseUrl) ? ` ${new URL(baseUrl).origin}` : '';
  return [
    "default-src 'none'",
    `style-src 'self'${origin}`,
    `img-src 'self'${origin} data:`,
    `script-src 'self'${origin}`,
    // Same-origin reads only: audit tools (Lighthouse) fetch /robots.txt from the page itself.
    `connect-src 'self'${origin}`,
    `form-action 'self'${origin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The last step of every response (serve/server.ts): an HTML answer that set no policy of its own
 * gets the pages' one, so no HTML leaves without a Content-Security-Policy and frame-ancestors.
 */
export function ensurePagePolicy(response: ResponseObject, baseUrl: string): void {
  // A string answered with no type goes out as text/html (hapi's default).
  const type = String(response.headers['content-type'] ?? (typeof response.source === 'string' ? 'text/html' : ''));
  if (/^text\/html/i.test(type) && response.headers['content-security-policy'] === undefined) {
    response.header('content-security-policy', contentSecurityPolicy(baseUrl));
  }
}

/**
 * Answers a page: the twin when the path had `.md` (`markdownPath`) or the client asked by Accept,
 * else the HTML page. A page without a twin refuses `.md` with 404.
 */
export function answer(request: Request, h: ResponseToolkit, baseUrl: string, doc: PageDoc, markdownPath: boolean): ResponseObject {
  const byAccept = !markdownPath && doc.markdown !== undefined && acceptsMarkdown(request);
  if (markdownPath || byAccept) {
    if (!doc.markdown) throw pageError(404, 'This page has no Markdown version.');
    return markdownResponse(h, doc.markdown(), doc.canonicalUrl, byAccept)
      .code(doc.status ?? 200)
      .header('content-language', doc.language ?? 'en');
  }
  // An English page with a Spanish twin suggests it to a reader whose Accept-Language prefers
  // Spanish (never a redirect): the HTML then varies by that header.
  const suggestTranslation = (doc.language ?? 'en') === 'en' && doc.translationUrl !== undefined && prefersSpanish(String(request.headers['accept-language'] ?? ''));
  // The shared shell reads the page's title, description, addresses, body and noindex.
  const response = htmlResponse(h, layout({ baseUrl, ...doc, suggestTranslation }), {
    cacheControl: doc.cacheControl,
    status: doc.status ?? 200,
    varyAccept: doc.markdown !== undefined,
  });
  response.header('content-language', doc.language ?? 'en');
  if (doc.translationUrl !== undefined) response.header('vary', 'Accept-Language', { append: true });
  response.header('content-security-policy', contentSecurityPolicy(baseUrl));
  response.header('referrer-policy', 'strict-origin-when-cross-origin');
  for (const [name, value] of Object.entries(doc.headers ?? {})) response.header(name, value);
  return response;
}

/** A 301 to the canonical address (an old or wrong slug). */
export function redirect(h: ResponseToolkit, location: string): ResponseObject {
  return h.response().code(301).header('location', location).header('cache-control', RECORD_PAGE_CACHE);
}

/** An error a page throws: the error page shows `message` (never anything from the request). */
export function pageError(status: 400 | 403 | 404 | 405 | 409 | 413 | 429, message: string, retryAfterSeconds?: number): Boom.Boom {
  const error = new Boom.Boom(message, { statusCode: status, data: { pageMessage: message } });
  // Over budget: 429 with Retry-After (the error page passes the header on).
  if (retryAfterSeconds !== undefined) error.output.headers['retry-after'] = String(retryAfterSeconds);
  return error;
}

/**
 * Other parameters are ignored (tracking tags), but a sort, order or rank parameter is refused
 * with the reason: the spec allows none anywhere, and ignoring one would let a link look ranked.
 */
export function refuseSortParameter(query: Request['query']): void {
  if (asksForSort(Object.keys(query))) {
    throw pageError(400, `There is no sort, order or rank parameter. ${LIST_NEUTRALITY}`);
  }
  if (asksForAvailability(Object.keys(query))) throw pageError(400, NO_AVAILABILITY);
}

/** `?page=`: a whole number from 1; anything else is a 400 with the reason. */
export function pageNumber(query: Request['query'], language: Language = 'en'): number {
  const raw = query.page;
  if (raw === undefined) return 1;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,4}$/.test(raw)) {
    throw pageError(400, say(ERROR_WORDS.pageNumber, language));
  }
  return Number(raw);
}

/** A query parameter that must be one short string when given; arrays and long values are refused. */
export function queryText(query: Request['query'], name: string, maxLength = 200, language: Language = 'en'): string | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.length > maxLength) throw pageError(400, say(ERROR_WORDS.parameterOnce, language, { name }));
  return raw;
}

export const PAGE_SIZE = 50;

export type Paging = ReturnType<typeof paging>;

export function paging(page: number, total: number, language: Language = 'en') {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) throw pageError(404, say(pages === 1 ? ERROR_WORDS.noSuchPageOne : ERROR_WORDS.noSuchPageMany, language, { page, pages }));
  return { page, pages, total, offset: (page - 1) * PAGE_SIZE };
}

/** `url` with `?page=n` (the first page has no parameter) and any other parameters kept. */
export function pageUrl(url: string, page: number, params: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

export function pagerHtml(paging: Paging, url: (page: number) => string, language: Language = 'en'): SafeHtml {
  if (paging.pages <= 1) return html``;
  const w = wordsIn(SHELL_WORDS, language);
  return html`<nav class="pager" aria-label="${w.pagesLabel}">
  <p>${fill(w.pageOf, { page: paging.page, pages: paging.pages })}</p>
  <ul>
    ${paging.page > 1 ? html`<li><a href="${url(paging.page - 1)}" rel="prev">${w.previousPage}</a></li>` : ''}
    ${paging.page < paging.pages ? html`<li><a href="${url(paging.page + 1)}" rel="next">${w.nextPage}</a></li>` : ''}
  </ul>
</nav>`;
}

export function pagerMarkdown(paging: Paging, url: (page: number) => string, language: Language = 'en'): string | null {
  if (paging.pages <= 1) return null;
  const w = wordsIn(SHELL_WORDS, language);
  const links = [
    paging.page > 1 ? `${w.previousPage}: ${url(paging.page - 1)}` : null,
    paging.page < paging.pages ? `${w.nextPage}: ${url(paging.page + 1)}` : null,
  ].filter(Boolean);
  return `${fill(w.pageOf, { page: paging.page, pages: paging.pages })} ${links.join(' · ')}`;
}
