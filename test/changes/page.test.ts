// The changes page, /changes and its Markdown twin: the change log a family reads, with the REST
// endpoint's filters (each one narrowing the page to exactly what /api/v1/changes answers for the
// same filter, in the same order), a home's own log by license, paging that keeps the filters,
// a friendly 400 page for a bad filter, and a place in the sitemap.
import test from 'ava';
import { nameSlug } from '../../contract/names.ts';
import { CHANGES_FAIRNESS } from '../../serve/shape/changes.ts';
import { publishGenerations, serveChangedHomes } from '../helpers/changes.ts';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, call, startServer } from '../helpers/server.ts';
import { assertMarkdownHeaders, BROWSER_ACCEPT, decode, links, mainText } from '../pages/helpers.ts';

const served = serveChangedHomes(test);

const page = (path: string, accept = BROWSER_ACCEPT) => call(`${served.server.url}${path}`, { headers: { accept } });

/** The license numbers the page's lines are about, in order (a removed license has no link: its name stands). */
function lineLicenses(html: string, names: Map<string, string>): string[] {
  const list = /<ul class="changes">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((item) => {
    const href = /href="[^"]*-(\d{9})"/.exec(item[1]!)?.[1];
    return href ?? names.get(decode(item[1]!.replace(/<[^>]+>/g, '').split(' (')[0]!.trim()))!;
  });
}

async function restLicenses(query: string): Promise<string[]> {
  const reply = await call(`${served.server.url}/api/v1/changes${query ? `?${query}` : ''}`);
  return (reply.body as { data: { changes: Array<{ license_number: string }> } }).data.changes.map((change) => change.license_number);
}

test('/changes lists every change state-wide, newest run first, framed as not a verdict, with its Markdown twin', async (t) => {
  const reply = await page('/changes');
  t.is(reply.status, 200);
  t.regex(reply.headers.get('content-type') ?? '', /text\/html/);
  const text = mainText(reply.text);
  t.true(text.includes('Changes on the state record in California'));
  t.true(text.includes(CHANGES_FAIRNESS));
  t.true(text.includes('5 changes.'));
  const newer = text.indexOf('to SECOND NEW HOLDER LLC (state roster of 2030-02-05)');
  const older = text.indexOf('to FIRST NEW HOLDER LLC (state roster of 2030-01-05)');
  t.true(newer > 0 && older > newer, 'newest run first');
  t.true(text.includes('License no longer on the state roster (state roster of 2030-01-05)'), 'the removed license');
  // Every filter has a label (the axe checks in test/browser run over this page too).
  for (const name of ['county', 'city', 'since', 'kind', 'field']) t.regex(reply.text, new RegExp(`<label for="${name}">`));

  const md = await page('/changes.md');
  assertMarkdownHeaders(t, md, `${BASE_URL}/changes`, false);
  t.true(md.text.includes('# Changes on the state record in California'));
  t.true(md.text.indexOf('to SECOND NEW HOLDER LLC') < md.text.indexOf('to FIRST NEW HOLDER LLC'));
  t.true(md.text.includes(`Page address: ${BASE_URL}/changes`));
});

test('each REST filter narrows the page to what /api/v1/changes answers for it, in the same order', async (t) => {
  const [a, b, c, d] = served.fixture.homes;
  const names = new Map(served.fixture.homes.map((home) => [home.name, home.license_number]));
  const ex = await examples();
  const cityOfA = ex.value<string>('SELECT city FROM facilities WHERE license_number = ?', a!.license_number);
  const queries = [
    '',
    `county=${encodeURIComponent(a!.county)}`,
    `county=${encodeURIComponent(d!.county)}`,
    `city=${encodeURIComponent(cityOfA)}`,
    'since=2030-02-01',
    'kind=removed',
    'kind=changed',
    'field=phone',
    `field=licensee&county=${encodeURIComponent(a!.county)}`,
  ];
  for (const query of queries) {
    const reply = await page(`/changes?${query}`);
    t.is(reply.status, 200, query);
    const shown = lineLicenses(reply.text, names);
    t.deepEqual(shown, await restLicenses(query), query);
  }
  t.deepEqual(lineLicenses((await page('/changes?kind=removed')).text, names), [c!.license_number]);
  t.deepEqual(lineLicenses((await page('/changes?field=phone')).text, names), [b!.license_number]);
  // The REST links on the page carry the same filters.
  t.true(links((await page('/changes?since=2030-02-01&kind=changed')).text).includes(`${BASE_URL}/api/v1/changes?since=2030-02-01&kind=changed`));
  // A county's page points at its own feed.
  t.true(links((await page(`/changes?county=${encodeURIComponent(a!.county)}`)).text).includes(`${BASE_URL}/county/${nameSlug(a!.county)}/changes.atom`));
  // A form sends empty fields: they filter nothing.
  t.is(lineLicenses((await page('/changes?county=&city=&since=&kind=&field=')).text, names).length, 5);
});

test("a home's own log: /changes?license= lists only its changes, under its name, like its REST history", async (t) => {
  const [a, , , d] = served.fixture.homes;
  const reply = await page(`/changes?license=${a!.license_number}`);
  t.is(reply.status, 200);
  const text = mainText(reply.text);
  t.true(text.includes(`Changes on the state record of ${a!.name}`));
  t.true(text.includes('2 changes.'));
  t.false(text.includes(d!.name));
  const history = await call(`${served.server.url}/api/v1/facilities/${a!.license_number}/history`);
  t.is((history.body as { data: { changes: unknown[] } }).data.changes.length, 2);
  // Written without its leading zero, the license still reads; the quiet home has an empty log.
  t.true(mainText((await page(`/changes?license=${Number(a!.license_number)}`)).text).includes('2 changes.'));
  t.true(mainText((await page(`/changes?license=${served.fixture.quiet}`)).text).includes('No change matches.'));
  // The license survives the filter form (a hidden field).
  t.regex(reply.text, new RegExp(`<input type="hidden" name="license" value="${a!.license_number}"[^>]*>`));
});

test('a bad filter is a 400 page that says what is accepted', async (t) => {
  const cases: Array<[string, RegExp]> = [
    ['since=2030-02-30', /since must be a date written YYYY-MM-DD/],
    ['since=yesterday', /since must be a date written YYYY-MM-DD/],
    ['kind=renamed', /kind must be one of: added, removed, changed/],
    ['field=price', /field must be a record field\. Accepted fields: name, /],
    ['license=abc', /license must be a 9-digit state license number/],
    ['page=0', /page number must be a whole number/],
    ['sort=name', /no sort, order or rank parameter/],
  ];
  for (const [query, message] of cases) {
    const reply = await page(`/changes?${query}`);
    t.is(reply.status, 400, query);
    t.regex(reply.headers.get('content-type') ?? '', /text\/html/, query);
    t.regex(decode(reply.text), message, query);
  }
  t.is((await page('/changes?page=2')).status, 404, 'past the last page');
});

test('/changes is in the sitemap', async (t) => {
  const sitemap = await call(`${served.server.url}/sitemap.xml`);
  t.true(sitemap.text.includes(`<loc>${BASE_URL}/changes</loc>`));
});

test('paging: 50 to a page, the filters kept on the next and previous links, every change once', async (t) => {
  const ex = await examples();
  const licenses = ex.all<{ license_number: string }>('SELECT license_number FROM facilities WHERE listed = 1 ORDER BY license_number LIMIT 60').map((row) => row.license_number);
  t.is(licenses.length, 60);
  const { dir } = await publishGenerations([
    { date: '2030-03-05', edits: licenses.map((license, i) => ({ license, field: 'phone', value: `(555) 555-${String(1000 + i)}` })) },
  ]);
  const server = await startServer({ snapshotsDir: dir });
  try {
    const get = (path: string) => call(`${server.url}${path}`, { headers: { accept: BROWSER_ACCEPT } });
    const first = await get('/changes?field=phone');
    const names = new Map<string, string>();
    const firstLines = lineLicenses(first.text, names);
    t.is(firstLines.length, 50);
    t.true(mainText(first.text).includes('60 changes; 1 to 50 on this page.'));
    const next = links(first.text).find((href) => href.includes('page=2'));
    t.is(next, `${BASE_URL}/changes?field=phone&page=2`);
    const second = await get('/changes?field=phone&page=2');
    const secondLines = lineLicenses(second.text, names);
    t.is(secondLines.length, 10);
    t.true(links(second.text).includes(`${BASE_URL}/changes?field=phone`), 'previous page, first page without page=');
    t.deepEqual([...firstLines, ...secondLines].sort(), [...licenses].sort());
    const rest = (await call(`${server.url}/api/v1/changes?field=phone&limit=100`)).body as { data: { changes: Array<{ license_number: string }> } };
    t.deepEqual([...firstLines, ...secondLines], rest.data.changes.map((change) => change.license_number));
    const md = await get('/changes.md?field=phone&page=2');
    t.true(md.text.includes('Page 2 of 2.'));
    t.true(md.text.includes(`Previous page: ${BASE_URL}/changes?field=phone`));
  } finally {
    await server.close();
  }
});

test('a county given by its slug or in any case is named and filtered as the roster spells it', async (t) => {
  const names = new Map(served.fixture.homes.map((home) => [home.name, home.license_number]));
  // a's county and d's (the fixture's second county: CONTRA COSTA in the seeds, two words).
  for (const home of [served.fixture.homes[0]!, served.fixture.homes[3]!]) {
    const expected = await restLicenses(`county=${encodeURIComponent(home.county)}`);
    t.true(expected.length > 0);
    for (const given of [nameSlug(home.county), home.county.toLowerCase()]) {
      const reply = await page(`/changes?county=${encodeURIComponent(given)}`);
      t.true(mainText(reply.text).includes(`Changes on the state record in ${home.county} County`), given);
      t.deepEqual(lineLicenses(reply.text, names), expected, given);
    }
  }
});

test('/es/changes says the same changes in Spanish: Spanish field labels, readings and sources, the same lines, the English prevails', async (t) => {
  const english = await page('/changes');
  const spanish = await page('/es/changes');
  t.is(spanish.status, 200);
  t.regex(spanish.text, /<html lang="es">/);
  t.true(spanish.text.includes(`<link rel="alternate" hreflang="en" href="${BASE_URL}/changes">`));
  const text = mainText(spanish.text);
  t.true(text.includes('Cambios en el registro del estado en California'));
  t.true(text.includes('Un cambio es lo que mostraba el registro del estado en dos fechas'));
  t.true(text.includes('5 cambios.'));
  t.true(text.includes('Titular de la licencia cambió de'));
  t.true(text.includes('(lista del estado del 2030-02-05)'));
  t.true(text.includes('La licencia ya no está en la lista del estado (lista del estado del 2030-01-05)'));
  t.false(/ changed from |state roster of |not on file/.test(text), 'no English change line');
  const count = (html: string) => (/<ul class="changes">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '').split('<li>').length - 1;
  t.is(count(spanish.text), count(english.text));
  t.true(links(spanish.text).some((href) => href.startsWith(`${BASE_URL}/es/facility/`)));
  const md = await page('/es/changes.md');
  t.is(md.status, 200);
  t.true(md.text.startsWith('# Cambios en el registro del estado en California'));
});
