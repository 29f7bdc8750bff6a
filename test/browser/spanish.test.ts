// The Spanish pages in headless Chromium: a family walks from /es to a county's homes, a home's
// page and the hand-off plan, all in Spanish (lang="es"), with axe-core reporting no serious or
// critical violation on any of them, as on the English pages; nothing leaves loopback.
import test from 'ava';
import type { Page } from 'playwright-core';
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

async function accessibleInSpanish(t: import('ava').ExecutionContext, page: Page, what: string): Promise<void> {
  t.is(await page.locator('html').getAttribute('lang'), 'es', `${what}: lang`);
  t.is(await page.getByRole('link', { name: 'English' }).count() + (await page.locator('[aria-current="true"][lang="en"]').count()), 1, `${what}: the language switch`);
  const report = await checkAccessibility(page);
  t.deepEqual(report.serious.map((v) => v.id), [], `${what}: serious or critical accessibility violations\n${formatViolations(report.serious)}`);
  if (report.violations.length > 0) t.log(`${what}: minor: ${report.violations.map((v) => `${v.id} (${v.impact})`).join(', ')}`);
}

test('from /es to a county, a home and the guides, all in Spanish and accessible', async (t) => {
  const page = await browser.open(`${server.url}/es`);
  await accessibleInSpanish(t, page, 'the Spanish front page');
  await page.locator('#counties-heading + ul a').first().click();
  await page.waitForURL(/\/es\/county\/[a-z0-9-]+$/);
  t.regex(await page.locator('h1').innerText(), /^Centros de cuidado con licencia en el condado de /);
  await accessibleInSpanish(t, page, 'a Spanish county page');
  await page.locator('ul.homes a').first().click();
  await page.waitForURL(/\/es\/facility\/[a-z0-9-]+-\d{9}$/);
  t.is(await page.getByRole('heading', { level: 2, name: 'Aprobaciones de cuidado' }).count(), 1);
  t.is(await page.getByRole('heading', { level: 2, name: 'Respuestas rápidas' }).count(), 1);
  t.true((await page.getByRole('link', { name: 'Ver esta página en inglés' }).count()) === 1);
  await accessibleInSpanish(t, page, 'a Spanish home page');
  const guide = await browser.open(`${server.url}/es/guides/care-approvals`);
  await accessibleInSpanish(t, guide, 'a Spanish guide');
  await page.close();
  await guide.close();
  t.deepEqual(browser.blocked, []);
});

test('the Spanish hand-off plan is accessible, and its button shows only the ticked homes', async (t) => {
  const ex = await examples();
  const homes = ex.all<{ license_number: string }>('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key LIMIT 3');
  const token = server.app.services.handoff.sign({ licenses: homes.map((h) => h.license_number), needs: ['dementia'], timing: 'within_a_month', client: 'Asistente' }).token;
  const page = await browser.open(`${server.url}/es/plan?h=${token}`);
  t.is(await page.locator('h1').innerText(), 'Planee sus llamadas y visitas');
  await accessibleInSpanish(t, page, 'the Spanish plan');
  await page.locator('input[name="home"]').first().uncheck();
  await page.getByRole('button', { name: 'Mostrar solo los centros que marqué' }).click();
  await page.waitForURL(/\/es\/plan\?/);
  t.is(await page.locator('input[name="home"]').count(), 2);
  await page.close();
  t.deepEqual(browser.blocked, []);
});

test('the Spanish corrections form, change log, care-type list and error page are accessible', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key');
  for (const [path, what] of [
    [`/es/corrections?license=${home.license_number}&field=dementia`, 'the Spanish corrections form'],
    ['/es/changes', 'the Spanish change log'],
    ['/es/care/dementia', 'a Spanish care-type list'],
    ['/es/near-hospital', 'the Spanish hospitals index'],
    ['/es/care', 'the Spanish care-type index'],
    ['/es/waiver', 'the Spanish waiver list'],
  ] as const) {
    const page = await browser.open(`${server.url}${path}`);
    await accessibleInSpanish(t, page, what);
    await page.close();
  }
  const { page, response } = await browser.openWithResponse(`${server.url}/es/nowhere`);
  t.is(response?.status(), 404);
  await accessibleInSpanish(t, page, 'the Spanish error page');
  await page.close();
  t.deepEqual(browser.blocked, []);
});

test('from /es to the homes near a hospital (the front page links it), in Spanish and accessible', async (t) => {
  const page = await browser.open(`${server.url}/es`);
  await page.getByRole('link', { name: 'Centros de cuidado cerca de un hospital' }).click();
  await page.waitForURL(/\/es\/near-hospital$/);
  await page.locator('main ul.links a').first().click();
  await page.waitForURL(/\/es\/near-hospital\/[a-z0-9-]+$/);
  t.regex(await page.locator('h1').innerText(), /^Centros de cuidado a menos de \d+ millas de /);
  await accessibleInSpanish(t, page, 'a Spanish near-hospital list');
  await page.close();
  t.deepEqual(browser.blocked, []);
});
