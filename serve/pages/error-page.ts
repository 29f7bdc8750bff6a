// Errors on pages people read get a friendly HTML page (or a short Markdown one when Markdown was
// asked for), never a stack or an error dump. REST, MCP and discovery paths keep the JSON error
// shape of serve/http/errors.ts: this step runs after it and leaves those paths alone. Elsewhere
// the answer is negotiated: a page for a browser or a Markdown reader, the JSON error for a program.
import type { Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { html } from '../web/html.ts';
import { acceptsMarkdown } from '../web/respond.ts';
import { mdBlocks } from '../web/markdown.ts';
import { layout } from '../web/layout.ts';
import { contentSecurityPolicy } from '../web/page.ts';
import { fill, say, wordsIn } from '../words/catalog.ts';
import { ERROR_WORDS } from '../words/family-words.ts';
import { pathIn, SPANISH_PREFIX, type Language } from '../words/language.ts';

/** Paths whose errors stay JSON (machines read them): these addresses, and everything under the prefixes. */
const MACHINE_PATHS = new Set(['/api', '/mcp', '/openapi.json', '/healthz', '/readyz', '/llms.txt']);
const MACHINE_PREFIXES = ['/api/', '/mcp/', '/.well-known/', '/assets/'];

export function isMachinePath(path: string): boolean {
  return MACHINE_PATHS.has(path) || MACHINE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Paths of pages people read (ours and the site's). */
const PAGE_PREFIXES = ['/es', '/facility', '/county', '/care', '/waiver', '/near-hospital', '/licensee', '/guides', '/corrections', '/plan', '/docs', '/terms'];

/** Pages at one address (the changes page's feed, /changes.atom, is a machine's). */
const PAGE_PATHS = new Set(['/', '/index.md', '/changes', '/changes.md']);

export function isPagePath(path: string): boolean {
  return PAGE_PATHS.has(path) || PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`));
}

/** Pages whose forms POST to themselves. */
const FORM_PATHS = new Set(['/plan', '/corrections']);

/** A browser (or a Markdown reader) asking: text/html, XHTML or text/markdown in Accept. */
function wantsDocument(request: Request): boolean {
  return /text\/html|application\/xhtml\+xml|text\/markdown/i.test(String(request.headers.accept ?? ''));
}

/** An error's title and words by status, in a language (the catalog's t<status> and m<status>). */
function errorWords(status: number, language: Language): { title: string; message: string } {
  const entry = (prefix: 't' | 'm', fallback: 400 | 404) => {
    const key = `${prefix}${status >= 500 ? 500 : status}` as keyof typeof ERROR_WORDS;
    return say(ERROR_WORDS[key] ?? ERROR_WORDS[`${prefix}${fallback}` as keyof typeof ERROR_WORDS], language);
  };
  return { title: entry('t', 400), message: entry('m', 400) };
}


/** A response step (serve/server.ts): the page to answer in place of an error, or null to keep it. */
export function errorPage(request: Request, h: ResponseToolkit, baseUrl: string): ResponseObject | null {
  const response = request.response;
  if (!('isBoom' in response) || !response.isBoom || isMachinePath(request.path)) return null;
  // Negotiated: a browser (Accept: text/html), a Markdown reader (text/markdown, or a page's
  // `.md` address) and a form's POST get a page; a program asking for anything gets the JSON error.
  const document =
    wantsDocument(request) ||
    (isPagePath(request.path) && (request.path.endsWith('.md') || (request.method === 'post' && FORM_PATHS.has(request.path))));
  if (!document) return null;
  const status = response.output.statusCode;
  // Under /es the error page is Spanish (a page's own message is as the page wrote it).
  const language: Language = request.path === SPANISH_PREFIX || request.path.startsWith(`${SPANISH_PREFIX}/`) ? 'es' : 'en';
  const words = errorWords(status, language);
  const w = wordsIn(ERROR_WORDS, language);
  const at = (path: string) => `${baseUrl}${pathIn(language, path)}`;
  const pageMessage = (response.data as { pageMessage?: unknown } | null)?.pageMessage;
  // Only messages a page wrote on purpose are shown; anything else gets the status's own words.
  const message = status < 500 && typeof pageMessage === 'string' ? pageMessage : words.message;
  const title = words.title;
  const wantsMarkdown = request.path.endsWith('.md') || acceptsMarkdown(request);
  const reply = wantsMarkdown
    ? h
        .response(mdBlocks([`# ${title}`, message, fill(w.markdownLinks, { county: at('/county'), guides: at('/guides') })]))
        .type('text/markdown; charset=utf-8')
    : h
        .response(
          layout({
            baseUrl,
            language,
            title,
            description: message,
            canonicalUrl: `${baseUrl}${request.path}`,
            noindex: true,
            body: html`<h1>${title}</h1>
<p>${message}</p>
<ul class="links">
  <li><a href="${at('/')}">${w.findHome}</a></li>
  <li><a href="${at('/county')}">${w.byCounty}</a></li>
  <li><a href="${at('/guides')}">${w.guides}</a></li>
</ul>`,
          }),
        )
        .type('text/html; charset=utf-8')
        .header('content-security-policy', contentSecurityPolicy(baseUrl));
  reply.header('content-language', language);
  reply.code(status).header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  for (const name of ['retry-after', 'allow']) {
    const value = response.output.headers[name];
    if (value !== undefined) reply.header(name, String(value));
  }
  return reply;
}
