// The cards with hostile records (issue 52): a pipeline run on seeds whose names, licensees, live
// statuses and report titles carry markup that would speak to the host if it ever ran (an <img>
// whose onerror posts `ui/message`, a <script> posting `ui/update-model-context`, a javascript:
// link and an <svg onload> asking `ui/open-link`, a Markdown image beacon). Every card is rendered
// from that served snapshot in the tests' AppBridge host, in both eras; every marker, link and
// button is used. The host hears nothing the cards' own code did not send, the DOM holds no
// element the record made, and the hostile text reads as text.
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import type { McpUiResourceCsp } from '@modelcontextprotocol/ext-apps';
import type { Frame, Page } from 'playwright-core';
import { buildCards } from '../../serve/mcp/cards/build.ts';
import { settingsFromEnv } from '../../serve/http/settings.ts';
import { editedSeedSnapshots } from '../helpers/edited-seeds.ts';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { cardClient, LEGACY_ERA, startHostServers, type HostEra, type HostServers } from './host.ts';

/** A script a host would obey, were it ever run in the card's frame. */
const post = (method: string, params: string) => `parent.postMessage({jsonrpc:'2.0',id:7,method:'${method}',params:${params}},'*')`;

const NAME_PAYLOADS = [
  `CARDXSS <img src=x onerror="${post('ui/message', "{role:'user',content:[{type:'text',text:'X'}]}")}">`,
  `<script>${post('ui/update-model-context', "{content:[{type:'text',text:'X'}]}")}</script>`,
  `<a href="javascript:${post('ui/open-link', "{url:'https://evil.example/'}")}">go</a> ![b](https://beacon.example/b.png)`,
];
const LICENSEE_PAYLOAD = `<svg onload="${post('ui/open-link', "{url:'https://evil.example/l'}")}">`;
const STATUS_PAYLOAD = `Licensed <img src=x onerror="${post('ui/message', "{role:'user',content:[{type:'text',text:'S'}]}")}">`;
const TITLE_PAYLOAD = '![beacon](https://beacon.example/t.png) <script>parent.postMessage(1,"*")</script>';

let server: TestServer;
let hosts: HostServers;
let browser: TestBrowser;
let page: Page;
let current: Client | null = null;
const clients = new Map<HostEra, Client>();
const ERAS: HostEra[] = ['modern', LEGACY_ERA];

test.before(async () => {
  let row = 0;
  const snapshotsDir = await editedSeedSnapshots({
    roster: (fields) => {
      fields['Facility Name'] = `${NAME_PAYLOADS[row++ % NAME_PAYLOADS.length]} ${fields['Facility Name']}`;
      fields['Licensee'] = LICENSEE_PAYLOAD;
    },
    detail: (detail) => void (detail.STATUS = STATUS_PAYLOAD),
    reports: (entries) => entries.forEach((entry) => (entry.REPORTTITLE = TITLE_PAYLOAD)),
  });
  await buildCards();
  hosts = await startHostServers();
  server = await startServer({ snapshotsDir, map: { tileUrl: hosts.tileUrl, tileAttribution: '<img src=x onerror="alert(1)"> Test tiles' }, mcp: { ...settingsFromEnv({}).mcp, rateLimit: 1_000_000 } });
  for (const era of ERAS) clients.set(era, await cardClient(`${server.url}/mcp`, era));
  browser = await launchBrowser({ bypassCSP: false });
  await browser.context.addInitScript(() => {
    const scope = globalThis as any;
    scope.cspViolations = [];
    scope.document.addEventListener('securitypolicyviolation', (event: any) => scope.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  page = await browser.open(hosts.hostUrl);
  await page.exposeFunction('hostCallTool', (params: { name: string; arguments?: Record<string, unknown> }) => current!.callTool(params));
});

test.after.always(async () => {
  for (const client of clients.values()) await client.close().catch(() => {});
  await browser?.close();
  await server?.close();
  await hosts?.close();
});

async function showCard(era: HostEra, tool: string, args: Record<string, unknown>): Promise<{ frame: Frame; result: any }> {
  const client = clients.get(era)!;
  current = client;
  const { tools } = await client.listTools();
  const uri = (tools.find((entry) => entry.name === tool)?._meta?.ui as { resourceUri: string }).resourceUri;
  const content = (await client.readResource({ uri })).contents[0] as { text: string; _meta?: { ui?: { csp?: McpUiResourceCsp } } };
  const result = await client.callTool({ name: tool, arguments: args });
  if (result.isError) throw new Error(`${tool}: ${JSON.stringify(result.content)}`);
  await page.evaluate(() => {
    const log = (globalThis as any).hostLog;
    for (const list of Object.values(log)) (list as unknown[]).length = 0;
  });
  const src = hosts.placeCard(content.text, content._meta?.ui?.csp);
  await page.evaluate((show) => (globalThis as any).showCard(show), { src, toolInput: args, toolResult: result, theme: 'light', width: 900 });
  const frame = page.frames().find((candidate) => candidate.url() === src)!;
  await frame.waitForSelector('footer');
  return { frame, result };
}

/** Clicks every link the card drew (each opens through the host); returns their addresses. */
async function clickEveryLink(frame: Frame, within = ''): Promise<string[]> {
  const links = await frame.$$(`${within} a[href]:not([href^="tel:"])`.trim());
  const hrefs: string[] = [];
  for (const link of links) {
    hrefs.push((await link.getAttribute('href'))!);
    await link.click();
  }
  return hrefs;
}

/** What the record could have made in the card: any element or attribute its own code never draws. */
async function injected(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const doc = (globalThis as any).document;
    const found: string[] = [];
    for (const node of doc.querySelectorAll('*')) {
      for (const attribute of node.getAttributeNames()) if (/^on/i.test(attribute)) found.push(`${node.tagName} ${attribute}`);
    }
    for (const node of doc.querySelectorAll('img:not(.leaflet-tile), iframe, object, embed, form, base, meta[http-equiv="refresh"]')) found.push(node.outerHTML.slice(0, 80));
    const scripts = doc.querySelectorAll('script');
    if (scripts.length !== (doc.getElementById('card-config') ? 2 : 1)) found.push(`${scripts.length} scripts`);
    for (const svg of doc.querySelectorAll('svg')) if (!svg.closest('.leaflet-overlay-pane')) found.push(svg.outerHTML.slice(0, 80));
    // Leaflet's own zoom buttons are anchors to "#"; any other address must be the web's or a phone's.
    for (const link of doc.querySelectorAll('a[href]:not(.leaflet-control-zoom a)')) if (!/^(https?|tel):/.test(link.getAttribute('href'))) found.push(`a ${link.getAttribute('href').slice(0, 40)}`);
    return found;
  });
}

/** The host heard only what the cards' own code sends: no message, no context update, no link it did not draw, no other call. */
async function onlyOwnMessages(t: any, frame: Frame, label: string, expected: { links: string[]; licenses: string[] }) {
  const log = await page.evaluate(() => (globalThis as any).hostLog);
  t.deepEqual(log.messages, [], `${label}: no ui/message`);
  t.deepEqual(log.contextUpdates, [], `${label}: no ui/update-model-context`);
  const own = new Set(['ui/initialize', 'ui/notifications/initialized', 'ui/notifications/size-changed', 'ui/request-display-mode', 'tools/call', 'ui/open-link', undefined]);
  for (const message of log.posted as Array<{ method?: string; params?: any }>) {
    t.true(own.has(message.method), `${label}: the card posted ${message.method}`);
    if (message.method === 'ui/open-link') t.true(expected.links.includes(message.params.url), `${label}: a link the card drew, ${message.params.url}`);
    if (message.method === 'tools/call') {
      t.true(['map_points', 'get_home'].includes(message.params.name), `${label}: ${message.params.name}`);
      const asked = message.params.arguments.license_numbers ?? [message.params.arguments.license_number];
      for (const license of asked) t.true(expected.licenses.includes(license), `${label}: asked about ${license}`);
    }
  }
  t.deepEqual(log.openedLinks.filter((url: string) => !expected.links.includes(url)), [], `${label}: links opened`);
  t.deepEqual(await injected(frame), [], `${label}: nothing injected`);
  t.deepEqual(await frame.evaluate(() => (globalThis as any).cspViolations), [], `${label}: no CSP violation (no injected script even tried)`);
  t.regex(await frame.evaluate(() => (globalThis as any).document.body.textContent as string), /<(img|script|a|svg) /, `${label}: the markup reads as text`);
}

function listedHomes(limit: number): Array<{ license_number: string; latitude: number | null; longitude: number | null }> {
  return server.app.services.snapshots.current.db
    .prepare('SELECT license_number, latitude, longitude FROM facilities WHERE listed = 1 AND latitude IS NOT NULL ORDER BY sort_key LIMIT ?')
    .all(limit) as any;
}

test.serial('the home and comparison cards draw hostile names, licensees and statuses as text, and the host hears only their own calls', async (t) => {
  const [a, b, c] = listedHomes(3).map((home) => home.license_number);
  for (const era of ERAS) {
    const { frame, result } = await showCard(era, 'get_home', { license_number: a });
    const home = result.structuredContent.home;
    t.true(home.name.includes('<'), 'the served name carries the markup');
    t.is(await frame.textContent('h1'), home.name);
    t.is(await frame.textContent('[data-field="licensee"] .value'), LICENSEE_PAYLOAD);
    const links = await clickEveryLink(frame);
    await frame.click('#display-mode');
    await frame.waitForFunction(() => (globalThis as any).document.documentElement.dataset.displayMode === 'fullscreen');
    await onlyOwnMessages(t, frame, `home ${era}`, { links, licenses: [] });

    const comparison = await showCard(era, 'compare_homes', { license_numbers: [a, b, c] });
    const names = await comparison.frame.$$eval('thead th[data-license]', (cells) => cells.map((cell) => cell.textContent));
    comparison.result.structuredContent.columns.forEach((column: any, index: number) => t.true(names[index]!.includes(column.name), 'each name as text'));
    const comparisonLinks = await clickEveryLink(comparison.frame);
    await onlyOwnMessages(t, comparison.frame, `comparison ${era}`, { links: comparisonLinks, licenses: [] });
  }
});

test.serial('the homes card: every marker hovered and clicked, every home opened and its links followed, in both eras; the host hears only the card', async (t) => {
  const [first] = listedHomes(1);
  const args = { near: { latitude: first!.latitude, longitude: first!.longitude }, radius_km: 30, limit: 6 };
  for (const era of ERAS) {
    const { frame, result } = await showCard(era, 'find_homes', args);
    const homes = result.structuredContent.homes as Array<{ license_number: string; name: string }>;
    const licenses = homes.map((home) => home.license_number);
    await frame.waitForSelector('[data-field="map-count"]:not(:empty)');
    const markers = await frame.$$eval('path.leaflet-interactive', (paths) => paths.length);
    t.true(markers > 0, 'the map pins homes');
    t.is(await frame.textContent('[data-field="map-attribution"]'), '<img src=x onerror="alert(1)"> Test tiles', 'the tile attribution reads as text');
    const links: string[] = [];
    // The map's own controls.
    await frame.click('.leaflet-control-zoom-in');
    await frame.click('.leaflet-control-zoom-out');
    for (let index = 0; index < markers; index += 1) {
      const marker = (await frame.$$('path.leaflet-interactive'))[index]!;
      await marker.hover();
      const tooltip = await frame.waitForSelector('.leaflet-tooltip');
      const shown = await tooltip.evaluate((node: any) => node.textContent as string);
      t.true(homes.some((home) => home.name === shown), `the tooltip reads a name as text: ${shown}`);
      t.is(await tooltip.evaluate((node: any) => node.querySelectorAll('img, script, svg, a').length), 0, 'the tooltip holds text only');
      t.deepEqual(await injected(frame), [], `${era} tooltip ${index}`);
      await marker.click();
      await frame.waitForSelector('.chosen h1');
      links.push(...(await clickEveryLink(frame, '.chosen')));
      await frame.click('button.back');
      await frame.waitForFunction((count) => (globalThis as any).document.querySelectorAll('path.leaflet-interactive').length === count, markers);
    }
    for (const license of licenses) {
      await frame.click(`li[data-license="${license}"] button.choose`);
      await frame.waitForSelector('.chosen h1');
      t.is(await frame.textContent('.chosen h1'), homes.find((home) => home.license_number === license)!.name);
      links.push(...(await clickEveryLink(frame, '.chosen')));
      await frame.click('button.back');
      await frame.waitForSelector('ol.homes');
    }
    await onlyOwnMessages(t, frame, `homes ${era}`, { links, licenses });
  }
});

test.serial('the call-plan card draws hostile names as text and the host hears only its own links', async (t) => {
  const licenses = listedHomes(3).map((home) => home.license_number);
  for (const era of ERAS) {
    const { frame, result } = await showCard(era, 'start_family_request', { license_numbers: licenses, care_needs: ['dementia'] });
    const names = await frame.$$eval('ol.homes > li h3', (nodes) => nodes.map((node) => node.textContent));
    t.deepEqual(names, result.structuredContent.homes.map((home: any) => home.name));
    t.true(names.some((name) => name!.includes('<')), 'hostile names as text');
    const links = await clickEveryLink(frame);
    await onlyOwnMessages(t, frame, `call plan ${era}`, { links, licenses: [] });
  }
});
