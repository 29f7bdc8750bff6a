// The homes card showing a list the tool said in Spanish (issue 51, point 14), in a real host
// (Chromium, our AppBridge host page, the card under its CSP): every sentence the tool said is
// marked with the language it is in wherever the card reads in another, and none is left unmarked
// in a card of the other language; a Spanish card shows a Spanish answer's notes and price lines
// unmarked, without the call-again sentences meant for the assistant. axe stays clean.
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import type { McpUiResourceCsp } from '@modelcontextprotocol/ext-apps';
import type { Frame, Page } from 'playwright-core';
import { buildCards } from '../../serve/mcp/cards/build.ts';
import { CARD_MIME_TYPE } from '../../serve/words/identity.ts';
import { familyNoteIn } from '../../serve/words/list-answer-words.ts';
import { checkAccessibility, formatViolations, launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { startMcpServer, type McpTestServer } from '../mcp/helpers.ts';
import { cardClient, LEGACY_ERA, startHostServers, type HostEra, type HostServers } from './host.ts';

let server: McpTestServer;
let hosts: HostServers;
let browser: TestBrowser;
let page: Page;
let current: Client | null = null;
const clients = new Map<HostEra, Client>();
const ERAS: HostEra[] = ['modern', LEGACY_ERA];

test.before(async () => {
  await buildCards();
  hosts = await startHostServers();
  server = await startMcpServer({ settings: { map: { tileUrl: hosts.tileUrl, tileAttribution: 'Test tiles' } } });
  for (const era of ERAS) clients.set(era, await cardClient(server.mcpUrl, era));
  browser = await launchBrowser({ bypassCSP: false });
  page = await browser.open(hosts.hostUrl);
  await page.exposeFunction('hostCallTool', (params: { name: string; arguments?: Record<string, unknown> }) => current!.callTool(params));
});

test.after.always(async () => {
  for (const client of clients.values()) await client.close().catch(() => {});
  await browser?.close();
  await server?.close();
  await hosts?.close();
});

async function showCard(era: HostEra, tool: string, args: Record<string, unknown>, locale?: string): Promise<{ frame: Frame; answer: any }> {
  const client = clients.get(era)!;
  current = client;
  const { tools } = await client.listTools();
  const uri = (tools.find((entry) => entry.name === tool)?._meta?.ui as { resourceUri?: string } | undefined)!.resourceUri!;
  const content = (await client.readResource({ uri })).contents[0] as { text: string; mimeType: string; _meta?: { ui?: { csp?: McpUiResourceCsp } } };
  if (content.mimeType !== CARD_MIME_TYPE) throw new Error(`${uri} is ${content.mimeType}`);
  const result = await client.callTool({ name: tool, arguments: args });
  await page.setViewportSize({ width: 1320, height: 900 });
  const src = hosts.placeCard(content.text, content._meta?.ui?.csp);
  await page.evaluate((show) => (globalThis as any).showCard(show), { src, toolInput: args, toolResult: result, theme: 'light', width: 1280, locale });
  const frame = page.frames().find((candidate) => candidate.url() === src)!;
  await frame.waitForSelector('footer');
  return { frame, answer: result.structuredContent };
}

/** Each shown text with the language it is marked in (its own lang, else the nearest ancestor's). */
const marked = (frame: Frame, selector: string) =>
  frame.$$eval(selector, (nodes) => nodes.map((node) => ({ text: (node.textContent ?? '').trim(), lang: node.closest('[lang]')?.getAttribute('lang') ?? null })));

const ASK = { county: 'Alameda', needs: ['dementia'], waiver: true, max_monthly_budget_usd: 9000, limit: 8 };

test.serial('a Spanish answer in an English card: the tool\'s notes, honesty sentences and price lines are marked Spanish', async (t) => {
  for (const era of ERAS) {
    const { frame, answer } = await showCard(era, 'find_homes', { ...ASK, language: 'es' });
    t.is(await frame.evaluate(() => (globalThis as any).document.documentElement.lang), 'en');
    const notes = await marked(frame, '[data-field="list-note"]');
    t.deepEqual(notes.map((n) => n.text), answer.notes.map(familyNoteIn).filter(Boolean), era);
    t.true(notes.length >= 4);
    for (const note of notes) {
      t.is(note.lang, 'es', note.text);
      t.false(/Vuelva a llamar/.test(note.text), note.text);
    }
    for (const field of ['order', 'neutrality', 'openings']) {
      const [shown] = await marked(frame, `[data-field="${field}"]`);
      t.is(shown!.lang, 'es', `${field}: ${shown!.text}`);
    }
    t.is((await marked(frame, '[data-field="order"]'))[0]!.text, answer.honesty.order);
    const prices = await marked(frame, 'ol.homes li p.note');
    t.is(prices.length, answer.homes.filter((home: any) => home.price).length);
    for (const price of prices) {
      t.is(price.lang, 'es', price.text);
      t.true(answer.homes.some((home: any) => home.price?.line === price.text), price.text);
    }
  }
  const report = await checkAccessibility((await showCard('modern', 'find_homes', { ...ASK, language: 'es' })).frame);
  t.deepEqual(report.violations, [], formatViolations(report.violations));
});

test.serial('a Spanish answer in a Spanish card: notes and price lines Spanish and unmarked; an English answer\'s notes stay marked English', async (t) => {
  const { frame, answer } = await showCard('modern', 'find_homes', { ...ASK, language: 'es' }, 'es-US');
  t.is(await frame.evaluate(() => (globalThis as any).document.documentElement.lang), 'es');
  const notes = await marked(frame, '[data-field="list-note"]');
  t.deepEqual(notes.map((n) => n.text), answer.notes.map(familyNoteIn).filter(Boolean));
  for (const note of notes) t.is(note.lang, 'es', note.text);
  t.true(notes.some((note) => note.text.startsWith('needs dejó fuera')));
  t.false(await frame.$$eval('[data-field="list-note"][lang], ol.homes li p.note[lang]', (nodes) => nodes.length > 0), 'nothing the tool said in Spanish is marked as another language');
  const prices = await marked(frame, 'ol.homes li p.note');
  t.true(prices.length > 0);
  for (const price of prices) t.true(/al mes/.test(price.text) && price.lang === 'es', price.text);
  const report = await checkAccessibility(frame);
  t.deepEqual(report.violations, [], formatViolations(report.violations));

  const english = await showCard('modern', 'find_homes', ASK, 'es-US');
  const englishNotes = await marked(english.frame, '[data-field="list-note"]');
  t.true(englishNotes.length > 0);
  for (const note of englishNotes) t.is(note.lang, 'en', note.text);
});
