// Static assets served from our own origin with a content hash in the URL, so they can be cached
// for a year and no third-party script or style is ever loaded at run time.
import type { Plugin, ResponseToolkit, Server } from '@hapi/hapi';
import { SITE_CSS } from './styles.ts';
import { AGENT_TOOLS_ASSET } from './agent-tools.ts';
import { assetPath, type Asset } from './asset-path.ts';

export { assetPath, type Asset };

export const STYLESHEET_PATH = assetPath('site', 'css', SITE_CSS);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves assets from memory; any surface with a script or a library of its own calls this. */
export function serveAssets(server: Server, assets: readonly Asset[]): void {
  for (const asset of assets) {
    server.route({
      method: 'GET',
      path: asset.path,
      options: { validate: { query: false } },
      handler: (_request, h: ResponseToolkit) =>
        h.response(asset.body).type(asset.type).header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff'),
    });
  }
}

/** The shared stylesheet and the WebMCP script every page loads. */
export const assetsPlugin: Plugin<void> = {
  name: 'assets',
  register(server) {
    serveAssets(server, [{ path: STYLESHEET_PATH, type: 'text/css; charset=utf-8', body: SITE_CSS }, AGENT_TOOLS_ASSET]);
  },
};
