// Helpers for the page tests: a real server on loopback over the seed snapshot, requests that keep
// redirects visible, the spec's Markdown headers, and the text a person reads on a page.
import type { ExecutionContext } from 'ava';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import type { Settings } from '../../serve/http/settings.ts';
import { call, startServer, type Reply, type TestServer } from '../helpers/server.ts';
import { NOT_ON_FILE_IN_WORDS } from '../../serve/words/wording.ts';

export { BASE_URL } from '../helpers/server.ts';

/** What a browser sends when it opens a page (errors on pages are negotiated by Accept). */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

export const RECORD_CACHE = 'public, s-maxage=300, stale-while-revalidate=300';
export const EDITORIAL_CACHE = 'public, s-maxage=3600, stale-while-revalidate=86400';
export const MARKDOWN_CACHE = 's-maxage=86400, stale-while-revalidate=31449600';

export interface PageServer {
  server: TestServer;
  get(path: string, headers?: Record<string, string>): Promise<Reply>;
  post(path: string, form: Record<string, string | string[]>, headers?: Record<string, string>): Promise<Reply>;
  /** Runs an operator CLI command on this server's store and makes the server re-read it now. */
  operator(...args: string[]): { code: number; output: string };
  close(): Promise<void>;
}

export async function pageServer(overrides: Partial<Settings> = {}): Promise<PageServer> {
  const server = await startServer(overrides);
  return {
    server,
    get: (path, headers = {}) => call(`${server.url}${path}`, { headers: { accept: BROWSER_ACCEPT, ...headers }, redirect: 'manual' }),
    post: (path, form, headers = {}) => {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(form)) for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
      return call(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: BROWSER_ACCEPT, ...headers },
        body: body.toString(),
        redirect: 'manual',
      });
    },
    operator(...args: string[]) {
      const lines: string[] = [];
      const code = runOperatorCommand(args, { snapshotsDir: server.dir, out: (line) => lines.push(line) });
      server.app.services.overlays.refresh();
      return { code, output: lines.join('\n') };
    },
    close: () => server.close(),
  };
}

/** The spec's Markdown headers, exactly; `vary: Accept` only when chosen by Accept. */
export function assertMarkdownHeaders(t: ExecutionContext, reply: Reply, canonicalUrl: string, byAccept: boolean): void {
  t.is(reply.status, 200, reply.text.slice(0, 300));
  t.is(reply.headers.get('content-type'), 'text/markdown; charset=utf-8');
  t.is(reply.headers.get('cache-control'), MARKDOWN_CACHE);
  t.is(reply.headers.get('link'), `<${canonicalUrl}>; rel="canonical"`);
  t.is(reply.headers.get('x-robots-tag'), 'noindex');
  // hapi adds accept-encoding (compression); Accept itself only when Accept chose the twin.
  const varies = (reply.headers.get('vary') ?? '').split(',').map((token) => token.trim().toLowerCase());
  t.is(varies.includes('accept'), byAccept, `vary: ${reply.headers.get('vary')}`);
  t.false(canonicalUrl.endsWith('.md'));
}

export function assertHtml(t: ExecutionContext, reply: Reply, cacheControl: string, status = 200): void {
  t.is(reply.status, status, reply.text.slice(0, 300));
  t.is(reply.headers.get('content-type'), 'text/html; charset=utf-8');
  t.is(reply.headers.get('cache-control'), cacheControl);
  t.regex(reply.text, /^<!doctype html>/);
  t.is((reply.text.match(/<h1[ >]/g) ?? []).length, 1, 'one h1');
  t.true(reply.text.includes('California Department of Social Services, Community Care Licensing Division'), 'attribution');
  t.true(decode(reply.text).includes(NOT_ON_FILE_IN_WORDS), 'not-on-file wording');
}

/** The readable text of the page's <main>, tags removed and entities decoded. */
export function mainText(page: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(page)?.[1] ?? page;
  return decode(main.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
}

export function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Words that would claim an opening, a rank or a rating. */
export const AVAILABILITY_OR_RANKING =
  /\b(vacanc(y|ies)|beds? (are )?available|available (beds?|now|today)|(has|with) (an? )?(open bed|opening)s?|top[- ]rated|best[- ]rated|highest[- ]rated|recommended|our pick|#\s?1\b|score|stars?|ranked (first|#?\d))\b|\bbest\b/i;

/** Every `href` on a page, in order. */
export function links(page: string): string[] {
  return [...page.matchAll(/href="([^"]*)"/g)].map((match) => decode(match[1]!));
}
