// Every kind of page fits the screen: at a phone's 390 px and a laptop's 1280 px, no page scrolls
// sideways (nothing, a checksum or a long option included, runs off the right edge), and the
// changes page, new, passes the same axe checks as the others.
import test from 'ava';
import type { Page } from 'playwright-core';
import { checkAccessibility, formatViolations, launchBrowser, startServerForBrowser, type TestBrowser } from '../helpers/browser.ts';
import { examples } from '../helpers/examples.ts';
import type { TestServer } from '../helpers/server.ts';

let server: TestServer;
let browser: TestBrowser;
test.before(async () => {
  // Tiles from a loopback address nothing answers: the front page's map must not reach out.
  [server, browser] = await Promise.all([startServerForBrowser({ map: { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', tileAttribution: 'Test tiles' } }), launchBrowser()]);
});
test.after.always(async () => {
  await browser?.close();
  await server?.close();
});

const WIDTHS = [390, 1280];

/** The elements whose right edge passes the viewport's, described for the failure message. */
async function overflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    // Runs in the page (tsc has no DOM types here).
    const document = (globalThis as any).document;
    const root = document.documentElement;
    const culprits = ([...document.querySelectorAll('body *')] as any[])
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > root.clientWidth + 0.5 && !element.closest('.visually-hidden, .skip');
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}: ${(element.textContent ?? '').trim().slice(0, 60)}`);
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits };
  });
}

async function paths(): Promise<string[]> {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name_slug: string }>(
    'a listed home with reports',
    'SELECT license_number, name_slug FROM facilities WHERE listed = 1 AND documents_count > 0 ORDER BY sort_key',
  );
  const county = ex.value<string>('SELECT MIN(county) FROM facilities WHERE listed = 1 GROUP BY county_key ORDER BY COUNT(*) DESC LIMIT 1');
  return [
    '/',
    `/facility/${home.name_slug}-${home.license_number}`,
    `/county/${county.toLowerCase().replace(/ /g, '-')}`,
    '/county',
    '/changes',
    `/changes?license=${home.license_number}`,
    '/data',
    '/guides/reading-a-state-report',
    '/docs/mcp',
  ];
}

test('no page scrolls sideways at 390 px or at 1280 px', async (t) => {
  const page = await browser.context.newPage();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of await paths()) {
      const response = await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      t.is(response?.status(), 200, path);
      const found = await overflow(page);
      t.true(found.scrollWidth <= found.clientWidth, `${path} at ${width} px scrolls sideways (${found.scrollWidth} > ${found.clientWidth}): ${found.culprits.join(' | ')}`);
    }
  }
  await page.close();
  t.deepEqual(browser.blocked, []);
});

test('the changes page is accessible, and its filter form narrows the list', async (t) => {
  const page = await browser.open(`${server.url}/changes`);
  t.is(await page.locator('h1').innerText(), 'Changes on the state record in California');
  const report = await checkAccessibility(page);
  t.deepEqual(
    report.serious.map((v) => v.id),
    [],
    `changes page: serious or critical accessibility violations\n${formatViolations(report.serious)}`,
  );
  await page.getByLabel('Kind of change').selectOption('removed');
  await page.getByRole('button', { name: 'Show changes' }).click();
  await page.waitForURL(/\/changes\?.*kind=removed/);
  t.regex(await page.locator('main').innerText(), /Showing only: licenses no longer on the state roster\./);
  await page.close();
  t.deepEqual(browser.blocked, []);
});
