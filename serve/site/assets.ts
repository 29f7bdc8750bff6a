// The site's static assets, all served from our own origin with a content hash in the path
// (serveAssets, one-year immutable caching): the map library (Leaflet), the OpenAPI renderer
// (Swagger UI) and our two small scripts. Nothing is loaded from a third-party host at run time;
// the only outside requests a page makes are map tiles, from the MAP_TILE_URL setting.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { assetPath, type Asset } from '../web/assets.ts';

const require = createRequire(import.meta.url);

function packageFile(pkg: string, file: string): Buffer {
  return fs.readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file));
}

function ownFile(file: string): Buffer {
  return fs.readFileSync(new URL(`./client/${file}`, import.meta.url));
}

/** Drops the trailing source-map comment (`//# sourceMappingURL=` or its CSS form): the maps are not served. */
function withoutSourceMap(body: Buffer): Buffer {
  return Buffer.from(
    body
      .toString('utf8')
      .replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n')
      .replace(/\n?\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '\n'),
  );
}

function asset(name: string, extension: string, type: string, body: Buffer): Asset {
  return { path: assetPath(name, extension, body), type, body };
}

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

export const SITE_ASSETS = {
  leafletJs: asset('leaflet', 'js', JS, withoutSourceMap(packageFile('leaflet', 'dist/leaflet.js'))),
  leafletCss: asset('leaflet', 'css', CSS, packageFile('leaflet', 'dist/leaflet.css')),
  swaggerJs: asset('swagger-ui-bundle', 'js', JS, withoutSourceMap(packageFile('swagger-ui-dist', 'swagger-ui-bundle.js'))),
  swaggerCss: asset('swagger-ui', 'css', CSS, withoutSourceMap(packageFile('swagger-ui-dist', 'swagger-ui.css'))),
  homeJs: asset('home', 'js', JS, ownFile('home.js')),
  docsApiJs: asset('docs-api', 'js', JS, ownFile('docs-api.js')),
} as const;

export const SITE_ASSET_LIST: readonly Asset[] = Object.values(SITE_ASSETS);
