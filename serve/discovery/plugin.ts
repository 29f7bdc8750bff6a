// Discovery files: the MCP server card (at /mcp/server-card and /.well-known/mcp/server-card.json),
// the AI catalog, the MCP registry's server.json and llms.txt. Each answers with a strong ETag
// (304 on If-None-Match), allows any origin (spec "Authentication" 3) and may be cached for an
// hour. OPTIONS answers a browser's preflight.
import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { counties } from '../records/places.ts';
import { requestSnapshot, type Services } from '../http/services.ts';
import { derived, type Snapshot } from '../records/snapshot.ts';
import { serveAssets } from '../web/assets.ts';
import { FAVICON_PATH, ICON_PATH, ICON_SVG } from '../web/icon.ts';
import { buildSitemap, CRAWL_PATHS, robotsTxt, sitemapPaths } from './crawl.ts';
import { AI_CATALOG_TYPE, aiCatalog, DISCOVERY_PATHS, etagOf, llmsTxt, matchesEtag, serverCard, serverJson } from './files.ts';

export const DISCOVERY_CACHE_CONTROL = 'public, max-age=3600';

function body(text: string) {
  return { text, etag: etagOf(text) };
}
type Body = ReturnType<typeof body>;

/** llms.txt and the sitemap list the snapshot being served: each built once per snapshot and base URL. */
const discoveryFiles = derived('discovery files (llms.txt, sitemap) by base URL', () => new Map<string, unknown>());

function onceFor<T>(snapshot: Snapshot, file: string, baseUrl: string, build: () => T): T {
  const files = snapshot.derive(discoveryFiles);
  const key = `${file} ${baseUrl}`;
  if (!files.has(key)) files.set(key, build());
  return files.get(key) as T;
}

function routes(services: Services): ServerRoute[] {
  const { baseUrl } = services.settings;
  const json = (value: unknown) => body(`${JSON.stringify(value, null, 2)}\n`);
  const card = json(serverCard(baseUrl));
  const catalog = json(aiCatalog(baseUrl));
  const registry = json(serverJson(baseUrl));
  const robots = body(robotsTxt(baseUrl));
  const favicon = body(ICON_SVG);
  const XML = 'application/xml; charset=utf-8';
  const sitemapOf = (request: Request) => {
    const snapshot = requestSnapshot(request, services.snapshots);
    return onceFor(snapshot, 'sitemap', baseUrl, (): { root: Body; parts: Body[] } => {
      const sitemap = buildSitemap(baseUrl, sitemapPaths(snapshot));
      return { root: body(sitemap.root), parts: sitemap.parts.map((part) => body(part)) };
    });
  };

  const files: Array<{ path: string; type: string; get: (request: Request) => Body }> = [
    { path: DISCOVERY_PATHS.serverCard, type: 'application/json; charset=utf-8', get: () => card },
    { path: DISCOVERY_PATHS.serverCardWellKnown, type: 'application/json; charset=utf-8', get: () => card },
    // The catalog's own media type (AI Catalog specification, "Discovery").
    { path: DISCOVERY_PATHS.aiCatalog, type: `${AI_CATALOG_TYPE}; charset=utf-8`, get: () => catalog },
    { path: DISCOVERY_PATHS.serverJson, type: 'application/json; charset=utf-8', get: () => registry },
    {
      path: DISCOVERY_PATHS.llmsTxt,
      type: 'text/plain; charset=utf-8',
      get: (request) => {
        const snapshot = requestSnapshot(request, services.snapshots);
        return onceFor(snapshot, 'llms.txt', baseUrl, () => body(llmsTxt(baseUrl, counties(snapshot), snapshot.meta.demoData)));
      },
    },
    { path: CRAWL_PATHS.robots, type: 'text/plain; charset=utf-8', get: () => robots },
    { path: FAVICON_PATH, type: 'image/svg+xml', get: () => favicon },
    { path: CRAWL_PATHS.sitemap, type: XML, get: (request) => sitemapOf(request).root },
    {
      path: '/sitemap-{part}.xml',
      type: XML,
      get: (request) => {
        const asked = String(request.params.part ?? '');
        const part = /^[1-9]\d*$/.test(asked) ? sitemapOf(request).parts[Number(asked) - 1] : undefined;
        if (!part) throw Boom.notFound(`There is no sitemap part ${asked}. Start from ${baseUrl}${CRAWL_PATHS.sitemap}.`);
        return part;
      },
    },
  ];

  return files.flatMap(({ path, type, get }): ServerRoute[] => [
    {
      method: 'GET',
      path,
      options: { cors: false, validate: { query: true } },
      handler: (request: Request, h: ResponseToolkit) => {
        const file = get(request);
        const ifNoneMatch = request.headers['if-none-match'];
        const response = matchesEtag(typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined, file.etag)
          ? h.response().code(304)
          : h.response(file.text).type(type).header('x-content-type-options', 'nosniff');
        // Any origin may read these files (spec "Authentication" 3), and their tag.
        return response
          .header('etag', file.etag)
          .header('cache-control', DISCOVERY_CACHE_CONTROL)
          .header('access-control-allow-origin', '*')
          .header('access-control-expose-headers', 'ETag');
      },
    },
    {
      method: 'OPTIONS',
      path,
      options: { cors: false },
      handler: (_request: Request, h: ResponseToolkit) =>
        h
          .response()
          .code(204)
          .header('access-control-allow-origin', '*')
          .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
          .header('access-control-allow-headers', 'Content-Type, If-None-Match')
          .header('access-control-max-age', '86400')
          .header('cache-control', DISCOVERY_CACHE_CONTROL),
    },
  ]);
}

export const discoveryPlugin: Plugin<Services> = {
  name: 'discovery',
  register(server, services) {
    serveAssets(server, [{ path: ICON_PATH, type: 'image/svg+xml', body: ICON_SVG }]);
    server.route(routes(services));
  },
};
