// The site's front door: `/` (find a home), the documentation (/docs/api, /docs/mcp), the terms
// (/terms), each with its Markdown twin, and the unversioned /api/facilities/* endpoints the
// home page uses. Static assets (Leaflet, Swagger UI, our scripts) come from our own origin.
import type { Lifecycle, Plugin, Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { requestSnapshot, type Services } from '../http/services.ts';
import { inputs } from '../http/validation.ts';
import { serveAssets } from '../web/assets.ts';
import { html, trusted } from '../web/html.ts';
import { layout } from '../web/layout.ts';
import { acceptsMarkdown, htmlResponse, markdownResponse } from '../web/respond.ts';
import { siteApiRoutes, suggestions } from './api.ts';
import { SITE_ASSETS, SITE_ASSET_LIST } from './assets.ts';
import { API_DOCS_DESCRIPTION, API_DOCS_TITLE, apiDocsMarkdown, docsExamples } from './docs-api.ts';
import { MCP_DOCS_DESCRIPTION, MCP_DOCS_TITLE, mcpDocsMarkdown } from './docs-mcp.ts';
import { prefersSpanish } from '../words/language.ts';
import { homePageHtml, homePageMarkdown, PAGE_RESULTS_LIMIT, spanishHomePageHtml, spanishHomePageMarkdown } from './home-page.ts';
import { siteIndexOf } from '../shape/homes-index.ts';
import { API_DOCS_PATH, MCP_DOCS_PATH, TERMS_PATH } from '../web/links.ts';
import { markdownToHtml } from './markdown.ts';
import { TERMS_DESCRIPTION, TERMS_TITLE, termsMarkdown } from '../http/terms.ts';
import { contentSecurityPolicy } from './csp.ts';
import { refuseSortParameter } from '../web/page.ts';

/** Pages take no parameters of their own; anything else in the query (a campaign tag) is ignored, but `/` refuses sort, order and rank. */
const pageQuery = Joi.object().unknown(true);
const homeQuery = Joi.object({ q: Joi.any() }).unknown(true);

/** `/` with a search depends on the data run: cached like a list. */
const SEARCH_CACHE_CONTROL = 'public, s-maxage=300, stale-while-revalidate=300';

interface DocPage {
  path: string;
  title: string;
  description: string;
  markdown(request: Request): string | Promise<string>;
  /** Extra HTML after the rendered Markdown, and extra <head> tags. */
  extra?: { body: string; head: string };
}

/** A GET of a page that takes no parameters of its own. */
function pageRoute(path: string, handler: Lifecycle.Method): ServerRoute {
  return { method: 'GET', path, options: { validate: inputs({ query: pageQuery }) }, handler };
}

function firstString(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

export const sitePlugin: Plugin<Services> = {
  name: 'site',
  register(server, services) {
    const { baseUrl } = services.settings;
    const csp = contentSecurityPolicy(services.settings);
    const withCsp = <T extends { header(name: string, value: string): T }>(response: T): T => response.header('content-security-policy', csp);

    serveAssets(server, SITE_ASSET_LIST);
    server.route(siteApiRoutes(services));

    const examples = (request: Request) => docsExamples(siteIndexOf(requestSnapshot(request, services.snapshots)));

    const docPages: DocPage[] = [
      {
        path: API_DOCS_PATH,
        title: API_DOCS_TITLE,
        description: API_DOCS_DESCRIPTION,
        markdown: (request) => apiDocsMarkdown(baseUrl, examples(request)),
        extra: {
          body: html`<div id="swagger-ui" class="swagger-host" data-openapi="${baseUrl}/openapi.json">
<noscript><p>The interactive reference needs JavaScript. The contract itself is <a href="${baseUrl}/openapi.json">${baseUrl}/openapi.json</a>.</p></noscript>
</div>`.value,
          head: html`<link rel="stylesheet" href="${baseUrl}${SITE_ASSETS.swaggerCss.path}">
<script defer src="${baseUrl}${SITE_ASSETS.swaggerJs.path}"></script>
<script defer src="${baseUrl}${SITE_ASSETS.docsApiJs.path}"></script>`.value,
        },
      },
      {
        path: MCP_DOCS_PATH,
        title: MCP_DOCS_TITLE,
        description: MCP_DOCS_DESCRIPTION,
        markdown: (request) => mcpDocsMarkdown(request.server, services, examples(request), requestSnapshot(request, services.snapshots)),
      },
      { path: TERMS_PATH, title: TERMS_TITLE, description: TERMS_DESCRIPTION, markdown: () => termsMarkdown(baseUrl, services.settings) },
    ];

    const routes: ServerRoute[] = [];
    for (const page of docPages) {
      const canonicalUrl = `${baseUrl}${page.path}`;
      const markdownUrl = `${canonicalUrl}.md`;
      const render = async (request: Request, h: ResponseToolkit, asMarkdown: boolean, byAccept: boolean) => {
        const markdown = await page.markdown(request);
        if (asMarkdown) return markdownResponse(h, markdown, canonicalUrl, byAccept);
        const body = layout({
          baseUrl,
          title: page.title,
          description: page.description,
          canonicalUrl,
          markdownUrl,
          head: trusted(page.extra?.head ?? ''),
          body: html`<article class="docs">${trusted(markdownToHtml(markdown))}${trusted(page.extra?.body ?? '')}</article>`,
        });
        return withCsp(htmlResponse(h, body));
      };
      routes.push(
        pageRoute(page.path, (request, h) => render(request, h, acceptsMarkdown(request), true)),
        pageRoute(`${page.path}.md`, (request, h) => render(request, h, true, false)),
      );
    }

    const spanishMarkdown = (request: Request, h: ResponseToolkit, byAccept: boolean) => {
      const snapshot = requestSnapshot(request, services.snapshots);
      return markdownResponse(h, spanishHomePageMarkdown(services.settings, siteIndexOf(snapshot), snapshot.meta), `${baseUrl}/es`, byAccept).header('content-language', 'es');
    };
    const homeMarkdown = (request: Request, h: ResponseToolkit, byAccept: boolean) => {
      const snapshot = requestSnapshot(request, services.snapshots);
      return markdownResponse(h, homePageMarkdown(services.settings, siteIndexOf(snapshot), snapshot.meta), `${baseUrl}/`, byAccept);
    };

    routes.push(
      {
        method: 'GET',
        path: '/',
        options: { validate: inputs({ query: homeQuery }) },
        handler: (request, h) => {
          refuseSortParameter(request.query);
          if (acceptsMarkdown(request)) return homeMarkdown(request, h, true);
          const snapshot = requestSnapshot(request, services.snapshots);
          const index = siteIndexOf(snapshot);
          const q = firstString((request.query as { q?: unknown }).q).trim().slice(0, 80);
          const results = q.length >= 2 ? suggestions(services, request, index, q, PAGE_RESULTS_LIMIT) : null;
          const page = homePageHtml(services.settings, index, snapshot.meta, q, results, prefersSpanish(String(request.headers['accept-language'] ?? '')));
          return withCsp(htmlResponse(h, page, q ? { cacheControl: SEARCH_CACHE_CONTROL } : {})).header('vary', 'Accept-Language', { append: true });
        },
      },
      pageRoute('/index.md', (request, h) => homeMarkdown(request, h, false)),
      // The Spanish front door: the same search, its Markdown twin at /es/index.md.
      {
        method: 'GET',
        path: '/es',
        options: { validate: inputs({ query: homeQuery }) },
        handler: (request, h) => {
          refuseSortParameter(request.query);
          const snapshot = requestSnapshot(request, services.snapshots);
          const index = siteIndexOf(snapshot);
          if (acceptsMarkdown(request)) return spanishMarkdown(request, h, true);
          const q = firstString((request.query as { q?: unknown }).q).trim().slice(0, 80);
          const results = q.length >= 2 ? suggestions(services, request, index, q, PAGE_RESULTS_LIMIT) : null;
          const page = spanishHomePageHtml(services.settings, index, snapshot.meta, q, results);
          return withCsp(htmlResponse(h, page, q ? { cacheControl: SEARCH_CACHE_CONTROL } : {})).header('content-language', 'es');
        },
      },
      pageRoute('/es/index.md', (request, h) => spanishMarkdown(request, h, false)),
    );
    server.route(routes);
  },
};

