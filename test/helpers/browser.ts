// Browser tests: Debian's chromium driven by playwright-core, with axe-core for accessibility.
// One browser per test file (launch it in test.before, close it in test.after.always). Every
// request the page makes that does not go to a loopback address is aborted and recorded, so a
// page can never reach the network; a test can assert that `blocked` stayed empty.
//
//   const browser = await launchBrowser();
//   const page = await browser.open(`${server.url}/some/page`);
//   const report = await checkAccessibility(page);
//   t.deepEqual(report.serious, [], formatViolations(report.serious));
//   await browser.close();
//
// When chromium is missing the launch throws with the install command: browser tests fail
// loudly, they never skip.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Frame, type Page, type Response } from 'playwright-core';
import type { Settings } from '../../serve/http/settings.ts';
import { startServer, type TestServer } from './server.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';

/** Flags that keep Chromium off the network and quiet on a fresh machine. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function isLoopbackUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'data:' || parsed.protocol === 'about:' || parsed.protocol === 'blob:') return true;
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && LOOPBACK_HOSTS.has(parsed.hostname);
  } catch {
    return false;
  }
}

export interface TestBrowser {
  context: BrowserContext;
  /** URLs the pages tried to reach outside loopback (aborted). */
  blocked: string[];
  /** Opens a new page at `url` and waits for its load event; throws on a navigation failure. */
  open(url: string): Promise<Page>;
  /** Like open, and also returns the main document's response (status, headers). */
  openWithResponse(url: string): Promise<{ page: Page; response: Response | null }>;
  close(): Promise<void>;
}

/** Launches headless Chromium with a fresh profile folder; one per test file. */
export async function launchBrowser(options: { javaScript?: boolean; bypassCSP?: boolean; extraArgs?: string[] } = {}): Promise<TestBrowser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: browser tests need it. ` +
        'Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).',
    );
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'chromium-profile-'));
  let context: BrowserContext;
  try {
    // A persistent context is how playwright takes an explicit --user-data-dir: a fresh one per launch.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      // Extra flags turn on a feature under test (WebMCP: --enable-features=WebMCP).
      args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
      javaScriptEnabled: options.javaScript ?? true,
      // axe-core is injected through the debugging protocol; a page's CSP must not stop it. A test
      // of a CSP itself (the MCP cards) turns this off.
      bypassCSP: options.bypassCSP ?? true,
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 }, // a phone
      timeout: 60_000,
    });
  } catch (error) {
    fs.rmSync(profile, { recursive: true, force: true });
    throw new Error(`Chromium at ${CHROMIUM_PATH} did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLoopbackUrl(url)) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  const openWithResponse = async (url: string) => {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    return { page, response };
  };
  return {
    context,
    blocked,
    openWithResponse,
    async open(url: string) {
      return (await openWithResponse(url)).page;
    },
    async close() {
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown; html: string; failureSummary?: string }>;
}

export interface AccessibilityReport {
  violations: AxeViolation[];
  /** Violations whose impact is serious or critical: a browser test fails on any. */
  serious: AxeViolation[];
}

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

/** Runs axe-core (WCAG 2 A and AA rules and best practices) on the page as it is now. */
export async function checkAccessibility(page: Page | Frame, options: { exclude?: string[] } = {}): Promise<AccessibilityReport> {
  axeSource ??= fs.readFileSync(path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(
    async ({ exclude }) => {
      const axe = (globalThis as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      const context = exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : (globalThis as any).document;
      const result = await axe.run(context, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        resultTypes: ['violations'],
      });
      return result.violations.map((v: any) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n: any) => ({ target: n.target, html: String(n.html).slice(0, 300), failureSummary: n.failureSummary })),
      }));
    },
    { exclude: options.exclude ?? [] },
  )) as AxeViolation[];
  return { violations, serious: violations.filter((v) => v.impact === 'serious' || v.impact === 'critical') };
}

/** A readable list of violations for a test failure message. */
export function formatViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => `${v.impact ?? 'unknown'} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)} ${n.html}\n  ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n\n');
}

/** A free TCP port on loopback (for a server whose BASE_URL must be its own address). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A test server whose BASE_URL is its own loopback address, so every absolute link, stylesheet
 * and form action on its pages stays on loopback in the browser.
 */
export async function startServerForBrowser(overrides: Partial<Settings> = {}): Promise<TestServer> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return await startServer({ ...overrides, port, baseUrl: `http://127.0.0.1:${port}` });
    } catch (error) {
      // Another process took the port between the probe and the listen: try another.
      if (attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}
