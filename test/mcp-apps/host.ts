// The Node side of the tests' MCP Apps host: three loopback servers on their own ports (the host
// page, the sandbox that serves each card on another origin under the CSP its resource declares,
// and a stand-in tile server), and real SDK clients of both eras that declare the extension.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { McpUiResourceCsp } from '@modelcontextprotocol/ext-apps';
import { CARD_MIME_TYPE, UI_EXTENSION } from '../../serve/words/identity.ts';
import { MODERN } from '../mcp/helpers.ts';

export const LEGACY_ERA = '2025-11-25';
export type HostEra = 'modern' | typeof LEGACY_ERA;

/** A client of the era that tells the server it renders cards (capabilities.extensions). */
export async function cardClient(url: string, era: HostEra, declaresCards = true): Promise<Client> {
  const capabilities = declaresCards ? { extensions: { [UI_EXTENSION]: { mimeTypes: [CARD_MIME_TYPE] } } } : {};
  const client =
    era === 'modern'
      ? new Client({ name: 'covelight-test-host', version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN } }, capabilities })
      : new Client({ name: 'covelight-test-host', version: '1.0.0' }, { supportedProtocolVersions: [era], capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** The CSP a host builds from a card's declared domains (the spec's restrictive default plus them). */
export function cardCsp(csp: McpUiResourceCsp | undefined): string {
  const resources = (csp?.resourceDomains ?? []).join(' ');
  const connect = (csp?.connectDomains ?? []).join(' ') || "'none'";
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`.trim(),
    `style-src 'self' 'unsafe-inline' ${resources}`.trim(),
    `img-src 'self' data: ${resources}`.trim(),
    `font-src 'self' data: ${resources}`.trim(),
    `media-src 'self' data: ${resources}`.trim(),
    `connect-src ${connect}`,
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function listen(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

/** A 1x1 grey PNG: every tile the stand-in tile server answers. */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64');

export interface HostServers {
  hostUrl: string;
  sandboxUrl: string;
  tileUrl: string;
  tileRequests: string[];
  /** Serves a card's HTML on the sandbox origin under its CSP; returns its address. */
  placeCard(html: string, csp: McpUiResourceCsp | undefined): string;
  close(): Promise<void>;
}

export async function startHostServers(): Promise<HostServers> {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'host', 'host.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test host</title></head><body><main id="cards"></main><script>${script}</script></body></html>`;
  const host = await listen((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page));

  const cards = new Map<string, { html: string; csp: string }>();
  const sandbox = await listen((request, response) => {
    const card = cards.get((request.url ?? '').replace(/^\/card\//, ''));
    if (!card) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': card.csp }).end(card.html);
  });

  const tileRequests: string[] = [];
  const tiles = await listen((request, response) => {
    tileRequests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(TILE);
  });

  let next = 0;
  return {
    hostUrl: host.url,
    sandboxUrl: sandbox.url,
    tileUrl: `${tiles.url}/{z}/{x}/{y}.png`,
    tileRequests,
    placeCard(html, csp) {
      const id = String(++next);
      cards.set(id, { html, csp: cardCsp(csp) });
      return `${sandbox.url}/card/${id}`;
    },
    async close() {
      await Promise.all([host.close(), sandbox.close(), tiles.close()]);
    },
  };
}

/** Writes a screenshot into docs/images only when asked (CARD_SCREENSHOTS=1) or when none is there yet. */
export function keepScreenshot(name: string, png: Buffer): void {
  const file = path.join(import.meta.dirname, '..', '..', 'docs', 'images', name);
  if (process.env.CARD_SCREENSHOTS !== '1' && fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, png);
}
