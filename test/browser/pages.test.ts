// The pages in headless Chromium (Debian's chromium through playwright-core): a home page, a
// county page, the hand-off page in both modes with a family's submit, and the corrections form
// with a submit. axe-core must report no serious or critical violation on any of them, and no
// page may reach anything but loopback.
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import { runOperatorCommand } from '../../serve/operator/cli.ts';
import { checkAccessibility, formatViolations, launchBrowser, startServerForBrowser, type TestBrowser } from '../helpers/browser.ts';
import { examples } from '../helpers/examples.ts';
import type { TestServer } from '../helpers/server.ts';

let server: TestServer;
let browser: TestBrowser;
test.before(async () => {
  [server, browser] = await Promise.all([startServerForBrowser(), launchBrowser()]);
});
test.after.always(async () => {
  await browser?.close();
  await server?.close();
});

async function accessible(t: import('ava').ExecutionContext, page: Page, what: string): Promise<void> {
  const report = await checkAccessibility(page);
  t.deepEqual(
    report.serious.map((v) => v.id),
    [],
    `${what}: serious or critical accessibility violations\n${formatViolations(report.serious)}`,
  );
  if (report.violations.length > 0) t.log(`${what}: minor: ${report.violations.map((v) => `${v.id} (${v.impact})`).join(', ')}`);
}

function rows(table: string): Array<Record<string, unknown>> {
  const file = path.join(server.dir, OPERATOR_STORE_FILE);
  if (!fs.existsSync(file)) return [];
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

test('a home page renders, is accessible, and stays on loopback', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name_slug: string; name: string }>(
    'a listed home with reports',
    'SELECT license_number, name_slug, name FROM facilities WHERE listed = 1 AND documents_count > 0 ORDER BY sort_key',
  );
  const { page, response } = await browser.openWithResponse(`${server.url}/facility/${home.name_slug}-${home.license_number}`);
  t.is(response?.status(), 200);
  t.is(await page.locator('h1').innerText(), home.name);
  t.is(await page.getByRole('heading', { level: 2, name: 'Quick answers' }).count(), 1);
  t.is(await page.getByRole('main').count(), 1);
  t.true((await page.getByRole('link', { name: /Report an error in “Dementia care”/ }).count()) === 1);
  await accessible(t, page, 'home page');
  await page.close();
  t.deepEqual(browser.blocked, []);
});

test('a county page renders, is accessible, and its links lead to home pages', async (t) => {
  const ex = await examples();
  const county = ex.one<{ county: string }>('a county', 'SELECT MIN(county) AS county FROM facilities WHERE listed = 1 GROUP BY county_key ORDER BY COUNT(*) DESC');
  const page = await browser.open(`${server.url}/county/${county.county.toLowerCase().replace(/ /g, '-')}`);
  t.regex(await page.locator('h1').innerText(), new RegExp(`Licensed care homes in ${county.county} County`, 'i'));
  await accessible(t, page, 'county page');
  await page.locator('ul.homes a').first().click();
  await page.waitForURL(/\/facility\/[a-z0-9-]+-\d{9}$/);
  t.is(await page.getByRole('heading', { level: 2, name: 'Care approvals' }).count(), 1);
  await page.close();
  t.deepEqual(browser.blocked, []);
});

test('from the front page to the care-type index and the homes near a hospital: each accessible', async (t) => {
  const page = await browser.open(`${server.url}/`);
  await page.locator('#lists-heading + ul').getByRole('link', { name: 'Homes by care approval' }).click();
  await page.waitForURL(/\/care$/);
  await accessible(t, page, 'care-type index');
  await page.getByRole('link', { name: 'Care homes near a hospital' }).click();
  await page.waitForURL(/\/near-hospital$/);
  await accessible(t, page, 'hospitals index');
  await page.close();
  t.deepEqual(browser.blocked, []);
});

test.serial('the hand-off page in both modes: accessible; a family ticks consent, types name and phone, and the request is stored', async (t) => {
  const ex = await examples();
  const homes = ex.all<{ license_number: string }>('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key LIMIT 3');
  const token = server.app.services.handoff.sign({ licenses: homes.map((h) => h.license_number), needs: ['dementia'], timing: 'within_a_month', client: 'Browser Assistant' }).token;

  const selfServe = await browser.open(`${server.url}/plan?h=${token}`);
  t.is(await selfServe.locator('input[name="home"]:checked').count(), 3);
  await accessible(t, selfServe, 'plan page, self-serve');
  await selfServe.getByText('Who chose these homes?').click();
  t.true(await selfServe.getByText('An assistant chose these homes for you (client: Browser Assistant); no home was told.').isVisible());
  // The call list: untick one, show only the ticked homes.
  await selfServe.locator('input[name="home"]').first().uncheck();
  await selfServe.getByRole('button', { name: 'Show only the homes I ticked' }).click();
  await selfServe.waitForLoadState('load');
  t.is(await selfServe.locator('input[name="home"]').count(), 2);
  await selfServe.close();

  runOperatorCommand(['mode', 'coordination_available'], { snapshotsDir: server.dir, out: () => {} });
  server.app.services.overlays.refresh();
  try {
    const page = await browser.open(`${server.url}/plan?h=${token}`);
    await accessible(t, page, 'plan page, coordination');
    const consent = page.getByRole('checkbox', { name: /I ask Covelight to contact the homes I ticked/ });
    t.false(await consent.isChecked(), 'the consent box starts unticked');
    await consent.check();
    await page.getByLabel('Your name').fill('Rowan Testfamily');
    await page.getByLabel('Your phone number').fill('(415) 555-0142');
    await page.getByRole('button', { name: /arrange visits/ }).click();
    await page.waitForLoadState('load');
    t.is(await page.locator('h1').innerText(), 'Your request is stored');
    t.false((await page.content()).includes('Rowan'), 'the confirmation does not echo the family');
    await accessible(t, page, 'plan confirmation');
    await page.close();
    const stored = rows('coordination_requests');
    t.is(stored.length, 1);
    t.like(stored[0], { family_name: 'Rowan Testfamily', family_phone: '(415) 555-0142', assistant_client: 'Browser Assistant' });
  } finally {
    runOperatorCommand(['mode', 'self_serve_only'], { snapshotsDir: server.dir, out: () => {} });
    server.app.services.overlays.refresh();
  }

  const tampered = await browser.openWithResponse(`${server.url}/plan?h=${token.slice(0, -2)}xx`);
  t.is(tampered.response?.status(), 400);
  t.is(await tampered.page.locator('h1').innerText(), 'This link is not valid');
  await accessible(t, tampered.page, 'invalid link page');
  await tampered.page.close();
  t.deepEqual(browser.blocked, []);
});

test.serial('the corrections form: prefilled, accessible, and a submit is stored', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name: string }>('a listed home', 'SELECT license_number, name FROM facilities WHERE listed = 1 ORDER BY sort_key');
  const page = await browser.open(`${server.url}/corrections?license=${home.license_number}&field=hospice`);
  t.is(await page.getByLabel('What is the correction about?').inputValue(), 'hospice');
  t.true((await page.locator('main').innerText()).includes(home.name));
  await accessible(t, page, 'corrections form');
  await page.getByLabel('What is wrong?').fill('The hospice waiver was granted last month.');
  await page.getByLabel('What should the record say?').fill('Hospice care: yes.');
  await page.getByRole('button', { name: 'Send the correction' }).click();
  await page.waitForLoadState('load');
  t.regex(await page.locator('h1').innerText(), /your correction is stored for review/);
  await accessible(t, page, 'corrections confirmation');
  await page.close();
  t.like(rows('corrections').at(-1), { license_number: home.license_number, field: 'hospice', should_say: 'Hospice care: yes.' });

  const missing = await browser.openWithResponse(`${server.url}/no/such/page`);
  t.is(missing.response?.status(), 404);
  await accessible(t, missing.page, 'not-found page');
  await missing.page.close();
  t.deepEqual(browser.blocked, []);
});
