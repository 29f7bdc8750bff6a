// Strong ETags for every cacheable GET (REST v1, pages, Markdown twins, site endpoints), in one
// place. A body is a function of this release's code, the snapshot the request read, the overlay
// in force, the address asked for and the variant of it served; the tag hashes exactly those, so
// equal tags mean equal content and hapi answers a matching If-None-Match with 304 and no body
// (its own conditional check, which keeps Cache-Control). Nothing in a tag comes from the process:
// every worker of every instance running one release over one snapshot gives one URL one tag, so
// a conditional GET answered by another instance (behind Varnish or a CDN) is still a 304.
// Responses that are not cacheable (no-store, private, errors) get no tag; one that set its own
// tag keeps it.
import { createHash, hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Request, ResponseObject } from '@hapi/hapi';
import type { Services } from './services.ts';
import { acceptsMarkdown } from '../web/respond.ts';
import { prefersSpanish } from '../words/language.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What makes the code that renders a body: the server's and the contract's sources, the built MCP cards among them. */
const RELEASE_SOURCES = ['serve', 'contract'];
/** The dependencies' exact versions, when the release ships its lock file. */
const RELEASE_FILES = ['package.json', 'package-lock.json'];

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(full);
      // A card being rebuilt is written beside its name (`.tmp`) and renamed: only what is in place counts.
      return entry.isFile() && !entry.name.endsWith('.tmp') && !entry.name.startsWith('.') ? [full] : [];
    });
}

/**
 * The release's identity: the package version and a hash of every source file that shapes a body
 * (by path and content, in a fixed order), read once per process. Two processes of one release
 * agree; a release that changes any of them (a new start may run new code) gives new tags.
 */
export function releaseFingerprint(root = ROOT): string {
  const digest = createHash('sha256');
  const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? '';
  digest.update(`version\u0000${version}\u0000`);
  const files = [...RELEASE_SOURCES.flatMap((dir) => filesUnder(path.join(root, dir))), ...RELEASE_FILES.map((name) => path.join(root, name)).filter((file) => fs.existsSync(file))];
  for (const file of files.map((full) => path.relative(root, full).split(path.sep).join('/')).sort()) {
    digest.update(`${file}\u0000`).update(fs.readFileSync(path.join(root, file))).update('\u0000');
  }
  return `${version}+${digest.digest('base64url').slice(0, 22)}`;
}

let fingerprint: string | null = null;

/** The fingerprint, computed on first use and kept for the life of the process. */
function release(): string {
  fingerprint ??= releaseFingerprint();
  return fingerprint;
}

/**
 * The variant a varied header selects, as the pages decide it: Markdown or not (Accept), Spanish
 * preferred or not (Accept-Language). Four browser Accept strings or two English Accept-Language
 * values select one body, so they get one tag (a shared cache stores and revalidates one copy).
 * A header no page reads this way counts by its raw value.
 */
function variantOf(request: Request, header: string): string {
  const value = request.headers[header];
  if (header === 'accept') return acceptsMarkdown(request) ? 'accept=markdown' : 'accept=other';
  if (header === 'accept-language') return prefersSpanish(value === undefined ? '' : String(value)) ? 'accept-language=es' : 'accept-language=other';
  return value === undefined ? header : `${header}=${String(value)}`;
}

/** A cacheable Cache-Control: shared or browser lifetime, and neither no-store nor private. */
function cacheable(cacheControl: string): boolean {
  return /\b(s-maxage|max-age)=/.test(cacheControl) && !/\b(no-store|private)\b/.test(cacheControl);
}

function cacheControlOf(request: Request, response: ResponseObject): string {
  const set = response.headers['cache-control'];
  if (set !== undefined) return String(set);
  const route = request.route.settings.cache as { otherwise?: string } | false | undefined;
  return route ? (route.otherwise ?? '') : '';
}

/** A response step (serve/server.ts): tags a cacheable 200. */
export function cacheTagger(services: Services): (request: Request, response: ResponseObject) => void {
  const code = release();
  return (request, response) => {
    if (request.method !== 'get' && request.method !== 'head') return;
    if (response.statusCode !== 200 || response.headers.etag !== undefined) return;
    if (!cacheable(cacheControlOf(request, response))) return;
    const snapshot = request.app.snapshot;
    const overlay = request.app.overlay ?? services.overlays.current;
    const vary = response.headers.vary;
    const varied =
      vary === undefined
        ? ''
        : String(vary)
            .split(',')
            .map((name) => name.trim().toLowerCase())
            .filter(Boolean)
            .map((name) => variantOf(request, name))
            .join('\u0000');
    // NUL cannot occur in a request line or header value, so the joined parts are unambiguous.
    const named = [
      code,
      // The data hash leaves out confirmation dates, which bodies carry: the run names those.
      snapshot ? `${snapshot.meta.dataHash} ${snapshot.meta.runId} ${snapshot.file}` : '',
      overlay.version,
      // The request target as sent, what a CDN keys on too: hapi's request.url would parse it
      // into a URL object first, about half of this step's cost.
      request.raw.req.url ?? '',
      String(response.headers['content-type'] ?? ''),
      varied,
    ].join('\u0000');
    response.etag(hash('sha256', named, 'base64url').slice(0, 27));
  };
}
