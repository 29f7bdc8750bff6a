// Static assets served from our own origin with a content hash in the URL, so they can be cached
// for a year and no third-party script or style is ever loaded at run time.
import { createHash } from 'node:crypto';
import type { Plugin, ResponseToolkit, Server } from '@hapi/hapi';
import { SITE_CSS } from './styles.ts';

export const STYLESHEET_PATH = assetPath('site', 'css', SITE_CSS);

export interface Asset {
  path: string;
  type: string;
  body: string | Buffer;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Content-hashed path for an asset: `/assets/<name>-<hash>.<ext>`. */
export function assetPath(name: string, extension: string, body: string | Buffer): string {
  return `/assets/${name}-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${extension}`;
}

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

/** The shared stylesheet. */
export const assetsPlugin: Plugin<void> = {
  name: 'assets',
  register(server) {
    serveAssets(server, [{ path: STYLESHEET_PATH, type: 'text/css; charset=utf-8', body: SITE_CSS }]);
  },
};
