// What the server declares for the cards (MCP Apps): the extension in its capabilities, each card a
// ui:// resource with the extension's mime type and a CSP naming only the tile host (map card) or
// nothing, every linking tool's _meta.ui, the app-only tool listed only to a request that declares
// the extension, and the 2026-07-28 caching hints on resources/list and resources/read.
import test from 'ava';
import { createHash } from 'node:crypto';
import { CARDS } from '../../serve/mcp/cards/catalog.ts';
import { CARD_MIME_TYPE, UI_EXTENSION } from '../../serve/words/identity.ts';
import { CARD_CACHE_HINT } from '../../serve/mcp/cards/resources.ts';
import { startMcpServer, type McpTestServer } from '../mcp/helpers.ts';
import { cardClient, LEGACY_ERA } from './host.ts';

const TILES = 'https://tiles.example.org/{z}/{x}/{y}.png';
let server: McpTestServer;

test.before(async () => {
  server = await startMcpServer({ settings: { map: { tileUrl: TILES, tileAttribution: 'Example tiles' } } });
});
test.after.always(() => server?.close());

const LINKS: Record<string, string> = {
  get_home: CARDS.home.uri,
  compare_homes: CARDS.comparison.uri,
  find_homes: CARDS.homes.uri,
  homes_near_hospital: CARDS.homes.uri,
  start_family_request: CARDS['call-plan'].uri,
  map_points: CARDS.homes.uri,
};

test('tools link their cards; the app-only tool is listed only to a 2026-07-28 request that declares the extension', async (t) => {
  const withCards = await cardClient(server.mcpUrl, 'modern');
  const without = await cardClient(server.mcpUrl, 'modern', false);
  const legacy = await cardClient(server.mcpUrl, LEGACY_ERA);
  t.teardown(() => Promise.all([withCards.close(), without.close(), legacy.close()]));

  t.deepEqual(withCards.getDiscoverResult()!.capabilities.extensions?.[UI_EXTENSION], { mimeTypes: [CARD_MIME_TYPE] });
  const withCardsList = await withCards.listTools();
  const listed = withCardsList.tools;
  // That longer list answers this client's capabilities: private to it; the model's list stays public.
  t.like(withCardsList, { ttlMs: 300_000, cacheScope: 'private' });
  t.like(await without.listTools(), { ttlMs: 300_000, cacheScope: 'public' });
  const mapPoints = listed.find((tool) => tool.name === 'map_points');
  t.deepEqual(mapPoints?._meta?.ui, { resourceUri: CARDS.homes.uri, visibility: ['app'] });
  for (const [name, uri] of Object.entries(LINKS)) {
    const tool = listed.find((entry) => entry.name === name)!;
    t.is((tool._meta!.ui as { resourceUri: string }).resourceUri, uri, name);
    t.is(tool._meta!['ui/resourceUri'], uri, `${name}: the flat key earlier hosts read`);
  }
  // Without the extension (or in the 2025 era, where no request carries capabilities) the list is the
  // model's tools alone, in the same order with the same schemas.
  const model = listed.filter((tool) => tool.name !== 'map_points');
  for (const client of [without, legacy]) {
    const tools = (await client.listTools()).tools;
    t.deepEqual(tools.map((tool) => tool.name), model.map((tool) => tool.name));
    t.deepEqual(tools, model);
  }
  // The card's call works in both eras (a host forwards it).
  for (const client of [withCards, legacy]) {
    const result = await client.callTool({ name: 'map_points', arguments: { license_numbers: ['019201399', '011440427'] } });
    const points = (result.structuredContent as { points: Array<{ license_number: string }> }).points;
    t.deepEqual(points.map((point) => point.license_number), ['019201399', '011440427'], 'in the order asked');
  }
});

test('each card is a ui:// resource with the mime type and a CSP that names only the tile host, with 2026-07-28 caching hints', async (t) => {
  const modern = await cardClient(server.mcpUrl, 'modern');
  const legacy = await cardClient(server.mcpUrl, LEGACY_ERA);
  t.teardown(() => Promise.all([modern.close(), legacy.close()]));
  const list = await modern.listResources();
  t.like(list, CARD_CACHE_HINT);
  t.deepEqual(list.resources.map((resource) => resource.uri).sort(), Object.values(CARDS).map((card) => card.uri).sort());
  for (const card of Object.values(CARDS)) {
    const expected = card.map ? { resourceDomains: ['https://tiles.example.org'] } : {};
    const listed = list.resources.find((resource) => resource.uri === card.uri)!;
    t.is(listed.mimeType, CARD_MIME_TYPE);
    t.deepEqual((listed._meta!.ui as { csp: unknown }).csp, expected, card.name);
    for (const client of [modern, legacy]) {
      const read = await client.readResource({ uri: card.uri });
      const content = read.contents[0] as unknown as { text: string; mimeType: string; _meta: { ui: { csp: unknown } } };
      t.is(content.mimeType, CARD_MIME_TYPE);
      t.deepEqual(content._meta.ui.csp, expected, card.name);
      t.regex(content.text, /^<!doctype html>/);
      // Self-contained: no script, style sheet or image is fetched from anywhere.
      t.notRegex(content.text, /<script[^>]+src=|<link[^>]+stylesheet|<img[^>]+src="http/i, card.name);
      if (client === modern) t.like(read, CARD_CACHE_HINT, card.name);
    }
  }
  const homes = await modern.readResource({ uri: CARDS.homes.uri });
  t.true((homes.contents[0] as { text: string }).text.includes(JSON.stringify({ tileUrl: TILES, tileAttribution: 'Example tiles' })), 'the map card reads the server\'s tile settings');
});

test("each card carries its own CSP: its one script by hash (no 'unsafe-inline'), images only from data: and the tile host, no connection", async (t) => {
  const client = await cardClient(server.mcpUrl, 'modern');
  t.teardown(() => client.close());
  for (const card of Object.values(CARDS)) {
    const html = ((await client.readResource({ uri: card.uri })).contents[0] as { text: string }).text;
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    t.truthy(policy, card.name);
    t.true(html.indexOf('http-equiv="Content-Security-Policy"') < html.indexOf('<script'), `${card.name}: the policy comes before any script`);
    const directives = new Map(policy!.split(/;\s*/).map((directive) => [directive.split(' ')[0]!, directive.split(' ').slice(1)]));
    // The one executable script (the JSON settings element is data, never run).
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    t.is(scripts.length, 1, card.name);
    t.deepEqual(directives.get('script-src'), [`'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`], card.name);
    t.deepEqual(directives.get('img-src'), card.map ? ['data:', 'https://tiles.example.org'] : ['data:'], card.name);
    for (const name of ['connect-src', 'object-src', 'frame-src', 'base-uri', 'form-action']) t.deepEqual(directives.get(name), ["'none'"], `${card.name} ${name}`);
  }
});
