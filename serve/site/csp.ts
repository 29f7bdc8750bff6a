// The Content-Security-Policy of the site's pages: scripts, styles and data from our own origin
// only; images also from the map tile server (MAP_TILE_URL), the one outside host a page uses.
import type { Settings } from '../http/settings.ts';
import { tileSource } from '../web/map-tiles.ts';

export function contentSecurityPolicy(settings: Settings): string {
  const self = `'self' ${new URL(settings.baseUrl).origin}`;
  const tiles = tileSource(settings.map.tileUrl);
  return [
    `default-src ${self}`,
    `script-src ${self}`,
    // Leaflet and Swagger UI set element styles from script.
    `style-src ${self} 'unsafe-inline'`,
    `img-src ${self} data:${tiles ? ` ${tiles}` : ''}`,
    `connect-src ${self}`,
    `font-src ${self} data:`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${self}`,
    "frame-ancestors 'none'",
  ].join('; ');
}
