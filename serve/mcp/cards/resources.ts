// The cards as MCP resources: each ui:// card registered on the McpServer with the extension's
// mime type and its `_meta.ui` (the CSP naming only the tile host for the map card, nothing for
// the others), so resources/list and resources/read are the SDK's own handlers on every path and
// both eras carry the 2026-07-28 caching hints. A read answers from memory: each built card is
// read from disk once per process, with the tile settings and its own CSP's tile host filled in.
import fs from 'node:fs';
import path from 'node:path';
import type { McpServer } from '@modelcontextprotocol/server';
import { registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import type { McpUiResourceMeta } from '@modelcontextprotocol/ext-apps';
import { tileSource } from '../../web/map-tiles.ts';
import { CARD_MIME_TYPE } from '../../words/identity.ts';
import { CARD_CONFIG_SLOT, CARD_TILE_SOURCE_SLOT, CARDS, type Card, type CardConfig, type CardName } from './catalog.ts';
import { CARD_DIST } from './dist-path.ts';

/** A card's HTML changes only with a new release of the server; hosts and shared caches may keep it an hour. */
export const CARD_CACHE_HINT = { ttlMs: 3_600_000, cacheScope: 'public' } as const;

const built = new Map<string, string>();

/** A card's HTML with the server's tile settings, read once; a missing build is an error that says how to make it. */
function cardHtml(name: CardName, config: CardConfig): string {
  const key = `${name} ${config.tileUrl} ${config.tileAttribution}`;
  let html = built.get(key);
  if (html === undefined) {
    const file = path.join(CARD_DIST, `${name}.html`);
    if (!fs.existsSync(file)) {
      throw new Error(`The card ${name} is not built: run "npm run build:cards" (npm start and npm test run it first).`);
    }
    // JSON in a script element: "<" escaped so no value can close it.
    const json = JSON.stringify(config).replace(/</g, '\\u003c');
    // The tile host in the card's own CSP: an image source and nothing else (an origin: no quote, no space).
    const tiles = (CARDS[name].map ? tileSource(config.tileUrl) : null)?.replace(/[^\w.:/*\[\]-]/g, '') ?? '';
    built.set(key, (html = fs.readFileSync(file, 'utf8').replace(CARD_CONFIG_SLOT, () => json).replace(CARD_TILE_SOURCE_SLOT, () => tiles)));
  }
  return html;
}

/** Forgets the cards read so far (the tests rebuild them, then read them again). */
export function forgetBuiltCards(): void {
  built.clear();
}

/** What a card may load and how it wants to be framed (the same on resources/list and resources/read). */
export function cardMeta(card: Card, tileUrl: string): McpUiResourceMeta {
  const tiles = card.map ? tileSource(tileUrl) : null;
  // No connectDomains: a card reaches nothing itself; every call goes through the host.
  return { csp: tiles ? { resourceDomains: [tiles] } : {}, prefersBorder: true };
}

export function registerCards(server: McpServer, config: CardConfig): void {
  for (const card of Object.values(CARDS)) {
    const ui = cardMeta(card, config.tileUrl);
    registerAppResource(
      server,
      card.name,
      card.uri,
      // cacheHint is the SDK's per-resource hint for resources/read (2026-07-28); the helper passes it on.
      { title: card.title, description: card.description, mimeType: CARD_MIME_TYPE, _meta: { ui }, cacheHint: CARD_CACHE_HINT } as never,
      () => ({ contents: [{ uri: card.uri, mimeType: CARD_MIME_TYPE, text: cardHtml(card.name, config), _meta: { ui } }] }),
    );
  }
}
