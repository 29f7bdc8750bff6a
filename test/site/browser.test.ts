// The home page and the documentation in headless Chromium: type into the search and get
// suggestions, pan the map (in-bounds requests refresh the list), open a result; axe-core finds no
// serious or critical violation on /, /docs/api, /docs/mcp and /terms. Map tiles point at a
// loopback port nothing serves, so the page must work as a list without them; any request off
// loopback is aborted and recorded by the helper, and must not happen.
import test from 'ava';
import type { Page } from 'playwright-core';
import { checkAccessibility, formatViolations, launchBrowser, startServerForBrowser, type TestBrowser } from '../helpers/browser.ts';
import { examples } from '../helpers/examples.ts';
import type { TestServer } from '../helpers/server.ts';

/** Port 9 (discard) on loopback: Chromium refuses it outright, so no tile is ever fetched. */
const NO_TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';

let server: TestServer;
let browser: TestBrowser;
test.before(async () => {
  server = await startServerForBrowser({
    map: { tileUrl: NO_TILES, tileAttribution: 'Test tiles' },
  });
  browser = await launchBrowser();
});
test.after.always(async () => {
  await browser?.close();
  await server?.close();
});

function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.serial('typing into the search shows suggestions; the keyboard opens one', async (t) => {
  const ex = await examples();
  const county = ex.one<{ county: string }>('a county with listed homes', "SELECT county FROM facilities WHERE listed = 1 AND county = upper(county) ORDER BY county").county;
  const page = await browser.open(`${server.url}/`);
  const errors = pageErrors(page);
  const input = page.locator('#q');
  t.is(await input.getAttribute('role'), 'combobox');
  t.is(await input.getAttribute('aria-expanded'), 'false');

  const suggested = page.waitForResponse((response) => response.url().includes('/api/facilities/suggest?'));
  await input.pressSequentially(county.slice(0, 4).toLowerCase(), { delay: 30 });
  t.is((await suggested).status(), 200);
  const listbox = page.locator('#q-listbox');
  await listbox.waitFor({ state: 'visible' });
  t.is(await input.getAttribute('aria-expanded'), 'true');
  const options = listbox.locator('[role="option"]');
  t.true((await options.count()) >= 1);
  t.regex((await options.first().textContent()) ?? '', new RegExp(`${county} County`));
  t.regex((await page.locator('#q-status').textContent()) ?? '', /suggestion/);

  await input.press('ArrowDown');
  t.is(await input.getAttribute('aria-activedescendant'), 'q-option-0');
  t.is(await options.first().getAttribute('aria-selected'), 'true');
  const href = await options.first().getAttribute('data-href');
  await Promise.all([page.waitForURL(href!), input.press('Enter')]);
  t.is(page.url(), href!);
  t.regex(href!, /\/county\/[a-z0-9-]+$/);
  t.deepEqual(errors, []);
  await page.close();
});

test.serial('opening a home from the suggestions lands on its page', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name: string; name_slug: string }>(
    'a listed home with a distinctive first word',
    "SELECT license_number, name, name_slug FROM facilities WHERE listed = 1 AND name LIKE '% %' ORDER BY sort_key",
  );
  const page = await browser.open(`${server.url}/`);
  const suggested = page.waitForResponse((response) => response.url().includes('/api/facilities/suggest?'));
  await page.locator('#q').fill(home.name);
  await suggested;
  const option = page.locator('#q-listbox [role="option"]', { hasText: home.name }).first();
  await option.waitFor({ state: 'visible' });
  const [response] = await Promise.all([page.waitForNavigation(), option.click()]);
  t.is(page.url(), `${server.url}/facility/${home.name_slug}-${home.license_number}`);
  t.is(response?.status(), 200);
  await page.close();
});

test.serial('the map lists the homes in view; panning fetches in-bounds again; a result opens a summary; tiles are not needed', async (t) => {
  const page = await browser.context.newPage();
  const errors = pageErrors(page);
  const inBounds: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/facilities/in-bounds?')) inBounds.push(request.url());
  });
  const firstList = page.waitForResponse((response) => response.url().includes('/api/facilities/in-bounds?'));
  const points = page.waitForResponse((response) => response.url().endsWith('/api/facilities/all-points'));
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  // The map starts when its space is on screen (below the fold on this phone-sized page).
  await page.locator('.map-live').scrollIntoViewIfNeeded();
  t.is((await firstList).status(), 200);
  t.is((await points).status(), 200);
  const map = page.locator('#map');
  await map.waitFor({ state: 'visible' });
  const summary = page.locator('#map-list .map-summary');
  await summary.waitFor();
  t.regex((await summary.textContent()) ?? '', /listed homes? in this part of the map, alphabetical by name/);
  const firstNames = await page.locator('#map-list ul.homes li > a').allTextContents();
  t.true(firstNames.length > 0);
  t.deepEqual(firstNames, [...firstNames].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
  // Homes with no location are in no part of the map: they are named under the list, not dropped.
  const unlocated = (await examples()).all<{ name: string }>('SELECT name FROM facilities WHERE listed = 1 AND latitude IS NULL ORDER BY sort_key, license_number');
  t.true(unlocated.length > 0);
  t.regex(
    (await page.locator('#map-list .map-unlocated').textContent()) ?? '',
    new RegExp(`^Not on the map: ${unlocated.length} listed homes? in California ha(s|ve) no map location on file`),
  );
  t.deepEqual(await page.locator('#map-list ul.not-on-map li > a').allTextContents(), unlocated.map((row) => row.name));

  // Zoom in with the keyboard-reachable control, then drag the map: each move asks in-bounds again.
  const before = inBounds.length;
  const zoomed = page.waitForResponse((response) => response.url().includes('/api/facilities/in-bounds?'));
  await page.locator('.leaflet-control-zoom-in').click();
  await zoomed;
  const box = (await map.boundingBox())!;
  const panned = page.waitForResponse((response) => response.url().includes('/api/facilities/in-bounds?'));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 - 60, { steps: 8 });
  await page.mouse.up();
  const pannedResponse = await panned;
  t.is(pannedResponse.status(), 200);
  t.true(inBounds.length >= before + 2, `in-bounds requests: ${inBounds.length}`);
  const boxes = new Set(inBounds.map((url) => new URL(url).searchParams.toString()));
  t.true(boxes.size >= 3, 'each view asked for its own box');
  const body = await pannedResponse.json();
  await page.waitForFunction(
    (total) =>
      (globalThis as any).document.querySelector('#map-list .map-summary')?.textContent?.startsWith(
        total === 0 ? 'No listed homes' : `${total.toLocaleString('en-US')} listed home`,
      ),
    body.total,
  );

  // Back to all of California, then open a home's summary from the list.
  await page.reload({ waitUntil: 'load' });
  const show = page.locator('#map-list button', { hasText: 'Show on map' }).first();
  await show.waitFor();
  const name = await page.locator('#map-list ul.homes li > a').first().textContent();
  const summaryResponse = page.waitForResponse((response) => /\/api\/facilities\/\d{9}$/.test(response.url()));
  await show.click();
  t.is((await summaryResponse).status(), 200);
  const popup = page.locator('.leaflet-popup-content .map-popup');
  await popup.waitFor();
  t.is(await popup.locator('.map-popup-name a').textContent(), name);
  t.regex((await popup.textContent()) ?? '', /Care approvals: dementia (yes|not on file); hospice (yes|not on file)/);
  t.regex((await popup.textContent()) ?? '', /Open beds are never in this data/);
  t.false(/\bno\b/.test((await popup.locator('p', { hasText: 'Care approvals' }).textContent()) ?? ''));

  // Nearest first from a point the family chose (here: the centre of the map).
  const nearResponse = page.waitForResponse((response) => response.url().includes('/api/facilities/in-bounds?') && response.url().includes('near='));
  await page.locator('input[name="map-order"][value="distance"]').check();
  await page.locator('#map-use-centre').click();
  t.is((await nearResponse).status(), 200);
  await page.waitForFunction(() =>
    /nearest first from the point you chose/.test((globalThis as any).document.querySelector('#map-list .map-summary')?.textContent ?? ''),
  );
  t.regex((await page.locator('#map-list ul.homes li').first().textContent()) ?? '', /miles/);

  t.deepEqual(errors, []);
  t.deepEqual(browser.blocked, [], 'no request left loopback (tiles included)');
  await page.close();
});

test.serial('/ does not shift as the map and its list fill: the space is reserved (cumulative layout shift under 0.01)', async (t) => {
  const page = await browser.context.newPage();
  // Layout shifts are recorded from the first paint; the list fills after its in-bounds answer.
  await page.addInitScript(() => {
    const scope = globalThis as any;
    scope.__shift = 0;
    new scope.PerformanceObserver((list: any) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) scope.__shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  // On a phone the map is below the fold: it starts when scrolled to.
  await page.locator('.map-live').scrollIntoViewIfNeeded();
  await page.locator('#map-list .map-summary').waitFor();
  await page.waitForTimeout(300);
  const shift = await page.evaluate(() => (globalThis as any).__shift as number);
  t.true(shift < 0.01, `cumulative layout shift ${shift.toFixed(3)}`);
  await page.close();
});

test.serial('the map holds back nothing on a phone: no map script runs or loads until its space is on screen; the search works first; scrolled to, the map starts', async (t) => {
  const page = await browser.context.newPage();
  const errors = pageErrors(page);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // Long tasks from the start, for the log: what a page's first interaction could wait on.
  await page.addInitScript(() => {
    const scope = globalThis as any;
    scope.__longTasks = [];
    new scope.PerformanceObserver((list: any) => {
      for (const entry of list.getEntries()) scope.__longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  // The first interaction: the suggestions answer while the map has not loaded.
  const suggested = page.waitForResponse((response) => response.url().includes('/api/facilities/suggest?'));
  await page.locator('#q').pressSequentially('sa', { delay: 30 });
  await suggested;
  await page.locator('#q-listbox [role="option"]').first().waitFor();
  await page.waitForTimeout(500);
  t.false(requested.some((path) => /\/assets\/leaflet-[0-9a-f]{12}\.js$/.test(path)), 'Leaflet is not fetched before the map is on screen');
  t.false(requested.some((path) => path.startsWith('/api/facilities/all-points') || path.startsWith('/api/facilities/in-bounds')), 'the map asks for nothing yet');
  t.is(await page.evaluate(() => typeof (globalThis as any).L), 'undefined', 'no map code has run');
  t.log(`long tasks before the map: ${JSON.stringify(await page.evaluate(() => (globalThis as any).__longTasks))}`);

  await page.locator('.map-live').scrollIntoViewIfNeeded();
  await page.locator('#map-list .map-summary').waitFor();
  t.true(await page.locator('#map').isVisible());
  t.true(requested.some((path) => /\/assets\/leaflet-[0-9a-f]{12}\.js$/.test(path)), 'Leaflet loads once the map is on screen');
  await page.locator('.leaflet-interactive, .leaflet-overlay-pane canvas').first().waitFor({ state: 'attached' });
  t.deepEqual(errors, []);
  t.deepEqual(browser.blocked, []);
  await page.close();
});

test.serial('without JavaScript the search is a plain form with results from the server', async (t) => {
  const plain = await launchBrowser({ javaScript: false });
  t.teardown(() => plain.close());
  const ex = await examples();
  const home = ex.one<{ name: string }>('a listed home', 'SELECT name FROM facilities WHERE listed = 1 ORDER BY sort_key');
  const page = await plain.open(`${server.url}/`);
  t.true(await page.locator('#map').isHidden());
  await page.locator('#q').fill(home.name.split(' ')[0]!);
  await Promise.all([page.waitForNavigation(), page.locator('#finder button[type="submit"]').click()]);
  t.regex(page.url(), /\/\?q=/);
  t.true((await page.locator('.results ul.homes li a', { hasText: home.name }).count()) >= 1);
  t.deepEqual(plain.blocked, []);
});

for (const path of ['/', '/docs/api', '/docs/mcp', '/terms']) {
  test.serial(`axe-core finds no serious or critical violation on ${path}`, async (t) => {
    const page = await browser.open(`${server.url}${path}`);
    if (path === '/') {
      await page.locator('.map-live').scrollIntoViewIfNeeded();
      await page.locator('#map-list .map-summary').waitFor();
      await page.locator('#q').fill('sa');
      await page.locator('#q-listbox [role="option"]').first().waitFor();
    }
    if (path === '/docs/api') await page.locator('#swagger-ui .opblock').first().waitFor({ timeout: 30_000 });
    const report = await checkAccessibility(page);
    t.deepEqual(report.serious, [], formatViolations(report.serious));
    if (path === '/docs/api') {
      // Also with an operation opened: its parameters, responses and schemas.
      await page.locator('#swagger-ui .opblock-summary').nth(1).click();
      await page.locator('#swagger-ui .opblock.is-open .parameters, #swagger-ui .opblock.is-open .responses-wrapper').first().waitFor();
      const opened = await checkAccessibility(page);
      t.deepEqual(opened.serious, [], formatViolations(opened.serious));
    }
    t.deepEqual(browser.blocked, []);
    await page.close();
  });
}
