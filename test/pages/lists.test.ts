// County, city, care-type, waiver, near-hospital and license-holder pages, and the indexes that
// lead to them: listed licenses only, alphabetical by name then license, 50 to a page, the
// neutrality sentence, and a Markdown twin with the spec's headers.
import test from 'ava';
import { nameSlug } from '../../contract/names.ts';
import { LIST_NEUTRALITY } from '../../serve/words/wording.ts';
import { examples } from '../helpers/examples.ts';
import {
  assertHtml,
  assertMarkdownHeaders,
  AVAILABILITY_OR_RANKING,
  BASE_URL,
  EDITORIAL_CACHE,
  links,
  mainText,
  pageServer,
  RECORD_CACHE,
  type PageServer,
} from './helpers.ts';

let pages: PageServer;
test.before(async () => {
  pages = await pageServer();
});
test.after.always(async () => {
  await pages?.close();
});

/** Licenses a page links to, in page order. */
function homeLicenses(page: string): string[] {
  return links(page).flatMap((href) => {
    const match = /\/facility\/[a-z0-9-]*-(\d{9})$/.exec(href);
    return match ? [match[1]!] : [];
  });
}

async function expected(where: string, ...params: unknown[]): Promise<string[]> {
  const ex = await examples();
  return ex.all<{ license_number: string }>(`SELECT license_number FROM facilities WHERE listed = 1 AND ${where} ORDER BY sort_key, license_number`, ...params).map((r) => r.license_number);
}

/** Every page of a list, following ?page= until the last. */
async function allPages(path: string): Promise<{ licenses: string[]; pages: number }> {
  const licenses: string[] = [];
  for (let page = 1; ; page += 1) {
    const reply = await pages.get(`${path}${path.includes('?') ? '&' : '?'}page=${page}`);
    if (reply.status === 404 && page > 1) return { licenses, pages: page - 1 };
    t_assert(reply.status === 200, `${path} page ${page}: ${reply.status}`);
    licenses.push(...homeLicenses(reply.text));
    if (!reply.text.includes('rel="next"')) return { licenses, pages: page };
  }
}

function t_assert(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

async function biggestCounty() {
  const ex = await examples();
  return ex.one<{ county: string; county_key: string; homes: number }>(
    'a county with listed homes',
    'SELECT MIN(county) AS county, county_key, COUNT(*) AS homes FROM facilities WHERE listed = 1 GROUP BY county_key ORDER BY homes DESC',
  );
}

test('a county page lists its listed homes alphabetically, with the neutrality sentence, cities and care links', async (t) => {
  const county = await biggestCounty();
  const path = `/county/${nameSlug(county.county)}`;
  const reply = await pages.get(path);
  assertHtml(t, reply, RECORD_CACHE);
  const text = mainText(reply.text);
  t.true(text.includes(`Licensed care homes in ${county.county} County`));
  t.true(text.includes(LIST_NEUTRALITY));
  t.true(text.includes('openings are learned by phone'));
  t.notRegex(text, AVAILABILITY_OR_RANKING);
  t.deepEqual((await allPages(path)).licenses, await expected('county_key = ?', county.county_key));
  t.true(links(reply.text).some((href) => href.startsWith(`${BASE_URL}${path}/`)), 'links to its cities');
  t.true(links(reply.text).includes(`${BASE_URL}/care/dementia?county=${nameSlug(county.county)}`));

  const md = await pages.get(`${path}.md`);
  assertMarkdownHeaders(t, md, `${BASE_URL}${path}`, false);
  assertMarkdownHeaders(t, await pages.get(path, { accept: 'text/markdown, text/html;q=0.5' }), `${BASE_URL}${path}`, true);
  t.true(md.text.startsWith(`# Licensed care homes in ${county.county} County\n`));
  t.true(md.text.includes(LIST_NEUTRALITY));
  const mdLicenses = [...md.text.matchAll(/\]\(https:\/\/care\.example\/facility\/[a-z0-9-]*-(\d{9})\)/g)].map((m) => m[1]);
  t.deepEqual(mdLicenses, homeLicenses(reply.text));
  for (const url of md.text.match(/https?:\/\/[^\s)]+/g) ?? []) t.false(url.endsWith('.md'), url);
});

test('long lists page with ?page=; page 2 has its own canonical address and twin; a page past the end is 404, a bad one 400', async (t) => {
  const ex = await examples();
  const total = ex.value<number>('SELECT COUNT(*) FROM facilities WHERE listed = 1');
  t.true(total > 50, 'the seeds list more than one page of homes statewide');
  const first = await pages.get('/care/wheelchair');
  const all = await expected("non_ambulatory = 'true'");
  if (all.length <= 50) {
    t.log('fewer than 51 wheelchair homes; paging checked on the county list only');
  }
  t.deepEqual((await allPages('/care/wheelchair')).licenses, all);
  t.is(homeLicenses(first.text).length, Math.min(50, all.length));
  if (all.length > 50) {
    const second = await pages.get('/care/wheelchair?page=2');
    t.true(second.text.includes(`<link rel="canonical" href="${BASE_URL}/care/wheelchair?page=2">`));
    assertMarkdownHeaders(t, await pages.get('/care/wheelchair.md?page=2'), `${BASE_URL}/care/wheelchair?page=2`, false);
    t.true(first.text.includes(`href="${BASE_URL}/care/wheelchair?page=2" rel="next"`));
  }
  assertHtml(t, await pages.get('/care/wheelchair?page=999'), 'no-store', 404);
  for (const bad of ['0', '-1', 'abc', '1.5', '99999999']) assertHtml(t, await pages.get(`/care/wheelchair?page=${bad}`), 'no-store', 400);
  assertHtml(t, await pages.get('/care/wheelchair?page=1&page=2'), 'no-store', 400);
  t.is((await pages.get('/care/wheelchair?utm_source=newsletter')).status, 200, 'unknown parameters are ignored');
});

test('a sort, order or rank parameter on any page is refused with the order sentence, never ignored', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; name_slug: string }>('a listed home', 'SELECT license_number, name_slug FROM facilities WHERE listed = 1 ORDER BY sort_key');
  const paths = ['/county/alameda', '/county/alameda.md', '/care/dementia', '/waiver', '/county', `/facility/${home.name_slug}-${home.license_number}`];
  for (const path of paths) {
    for (const word of ['sort', 'order', 'rank', 'Sort']) {
      const reply = await pages.get(`${path}?${word}=beds`);
      t.is(reply.status, 400, `${path}?${word}`);
      t.is(reply.headers.get('cache-control'), 'no-store');
      t.true(reply.text.includes('There is no sort, order or rank parameter'), `${path}?${word} names the reason`);
      t.true(reply.text.includes(LIST_NEUTRALITY), `${path}?${word} gives the order`);
    }
  }
});

test('a city page lists the homes of one city', async (t) => {
  const ex = await examples();
  const city = ex.one<{ county: string; city: string; county_key: string; city_key: string }>(
    'a city with two or more listed homes',
    'SELECT MIN(county) AS county, MIN(city) AS city, county_key, city_key FROM facilities WHERE listed = 1 GROUP BY county_key, city_key HAVING COUNT(*) >= 2',
  );
  const path = `/county/${nameSlug(city.county)}/${nameSlug(city.city)}`;
  const reply = await pages.get(path);
  assertHtml(t, reply, RECORD_CACHE);
  t.true(mainText(reply.text).includes(`Licensed care homes in ${city.city}, ${city.county} County`));
  t.deepEqual(homeLicenses(reply.text), await expected('county_key = ? AND city_key = ?', city.county_key, city.city_key));
  assertMarkdownHeaders(t, await pages.get(`${path}.md`), `${BASE_URL}${path}`, false);
  assertHtml(t, await pages.get(`/county/${nameSlug(city.county)}/no-such-city`), 'no-store', 404);
  assertHtml(t, await pages.get('/county/no-such-county'), 'no-store', 404);
});

test('care-type pages: each need lists homes that explicitly carry its clearance, statewide and by county', async (t) => {
  const county = await biggestCounty();
  for (const [need, column] of [['dementia', 'dementia'], ['wheelchair', 'non_ambulatory'], ['hospice', 'hospice'], ['bedridden', 'bedridden']] as const) {
    const reply = await pages.get(`/care/${need}`);
    assertHtml(t, reply, RECORD_CACHE);
    t.true(mainText(reply.text).includes(LIST_NEUTRALITY));
    t.deepEqual((await allPages(`/care/${need}`)).licenses, await expected(`${column} = 'true'`), need);
    const byCounty = await pages.get(`/care/${need}?county=${nameSlug(county.county)}`);
    t.deepEqual(homeLicenses(byCounty.text), (await expected(`${column} = 'true' AND county_key = ?`, county.county_key)).slice(0, 50));
    assertMarkdownHeaders(t, await pages.get(`/care/${need}.md?county=${nameSlug(county.county)}`), `${BASE_URL}/care/${need}?county=${nameSlug(county.county)}`, false);
    // A county name in any case works as well as its slug.
    t.is((await pages.get(`/care/${need}?county=${encodeURIComponent(county.county.toLowerCase())}`)).status, 200);
  }
  assertHtml(t, await pages.get('/care/swimming'), 'no-store', 404);
  assertHtml(t, await pages.get('/care/non_ambulatory'), 'no-store', 404);
  assertHtml(t, await pages.get('/care/dementia?county=atlantis'), 'no-store', 404);
  const index = await pages.get('/care');
  assertHtml(t, index, EDITORIAL_CACHE);
  assertMarkdownHeaders(t, await pages.get('/care.md'), `${BASE_URL}/care`, false);
});

test.serial('a clearance under review leaves the care-type page', async (t) => {
  const [license] = await expected("dementia = 'true'");
  t.true((await allPages('/care/dementia')).licenses.includes(license!));
  pages.operator('review', 'open', license!, 'dementia');
  try {
    t.false((await allPages('/care/dementia')).licenses.includes(license!));
  } finally {
    pages.operator('review', 'close', license!, 'dementia');
  }
  t.true((await allPages('/care/dementia')).licenses.includes(license!));
});

test('the waiver page lists waiver homes by county, each county alphabetically', async (t) => {
  const reply = await pages.get('/waiver');
  assertHtml(t, reply, RECORD_CACHE);
  const text = mainText(reply.text);
  t.true(text.includes('pays for care services only; it does not pay for room and board'));
  t.true(text.includes(LIST_NEUTRALITY));
  const ex = await examples();
  const waiver = ex
    .all<{ license_number: string }>(
      "SELECT license_number FROM facilities WHERE listed = 1 AND alw_participation = 'true' ORDER BY county_key, sort_key, license_number",
    )
    .map((r) => r.license_number);
  t.deepEqual((await allPages('/waiver')).licenses, waiver);
  t.regex(reply.text, /<h2>[A-Z ]+ County<\/h2>/);
  const headings = [...reply.text.matchAll(/<h2>([^<]+) County<\/h2>/g)].map((m) => m[1]!.toLowerCase());
  t.deepEqual(headings, [...new Set(headings)], 'one heading per county, whatever the casing in the rows');
  const county = ex.one<{ county: string; county_key: string }>('a waiver county', "SELECT county, county_key FROM facilities WHERE listed = 1 AND alw_participation = 'true'");
  const narrowed = await pages.get(`/waiver?county=${nameSlug(county.county)}`);
  t.deepEqual(homeLicenses(narrowed.text), await expected("alw_participation = 'true' AND county_key = ?", county.county_key));
  assertMarkdownHeaders(t, await pages.get('/waiver.md'), `${BASE_URL}/waiver`, false);
  assertMarkdownHeaders(t, await pages.get('/waiver', { accept: 'text/markdown' }), `${BASE_URL}/waiver`, true);
});

test('near-hospital pages: homes within the stated radius, alphabetical, each with its distance; wrong slug redirects', async (t) => {
  const ex = await examples();
  const hospitals = ex.all<{ facid: string; name_slug: string; latitude: number; longitude: number }>('SELECT facid, name_slug, latitude, longitude FROM hospitals ORDER BY facid');
  const homes = ex.all<{ license_number: string; latitude: number; longitude: number }>(
    'SELECT license_number, latitude, longitude FROM facilities WHERE listed = 1 AND latitude IS NOT NULL ORDER BY sort_key, license_number',
  );
  const miles = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
    const rad = Math.PI / 180;
    const h = Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
    return 2 * 3958.8 * Math.asin(Math.sqrt(h));
  };
  const hospital = hospitals.find((hp) => homes.filter((home) => miles(hp, home) <= 5).length >= 2);
  if (!hospital) return t.fail('seeds must contain a hospital with two listed homes within 5 miles');
  const path = `/near-hospital/${hospital.name_slug}-${hospital.facid}`;
  const reply = await pages.get(path);
  assertHtml(t, reply, RECORD_CACHE);
  const text = mainText(reply.text);
  t.true(text.includes('within 5 miles'));
  t.true(text.includes('straight line'));
  t.true(text.includes(LIST_NEUTRALITY));
  const within = homes.filter((home) => miles(hospital, home) <= 5);
  t.deepEqual((await allPages(path)).licenses, within.map((home) => home.license_number));
  t.regex(text, /\d+\.\d miles/);
  const redirect = await pages.get(`/near-hospital/old-name-${hospital.facid}`);
  t.is(redirect.status, 301);
  t.is(redirect.headers.get('location'), `${BASE_URL}${path}`);
  assertMarkdownHeaders(t, await pages.get(`${path}.md`), `${BASE_URL}${path}`, false);
  const index = await pages.get('/near-hospital');
  assertHtml(t, index, RECORD_CACHE);
  t.true(links(index.text).includes(`${BASE_URL}${path}`));
  assertHtml(t, await pages.get('/near-hospital/nowhere-999999999'), 'no-store', 404);
});

test('a license-holder page lists every listed license one licensee holds', async (t) => {
  const ex = await examples();
  const holder = ex.one<{ licensee: string }>(
    'a licensee with two listed homes',
    'SELECT licensee FROM facilities WHERE listed = 1 AND licensee IS NOT NULL GROUP BY licensee HAVING COUNT(*) >= 2 ORDER BY licensee',
  );
  const slug = nameSlug(holder.licensee);
  const sameSlug = ex
    .all<{ licensee: string }>('SELECT DISTINCT licensee FROM facilities WHERE listed = 1 AND licensee IS NOT NULL')
    .map((r) => r.licensee)
    .filter((licensee) => nameSlug(licensee) === slug);
  const reply = await pages.get(`/licensee/${slug}`);
  assertHtml(t, reply, RECORD_CACHE);
  t.true(mainText(reply.text).includes(`Licenses held by ${sameSlug[0]}`));
  t.deepEqual(homeLicenses(reply.text), await expected(`licensee IN (${sameSlug.map(() => '?').join(',')})`, ...sameSlug));
  assertMarkdownHeaders(t, await pages.get(`/licensee/${slug}.md`), `${BASE_URL}/licensee/${slug}`, false);
  assertHtml(t, await pages.get('/licensee/nobody-at-all'), 'no-store', 404);
  // The home page links its license holder.
  const [license] = await expected('licensee = ?', holder.licensee);
  const home = ex.one<{ name_slug: string }>('the home', 'SELECT name_slug FROM facilities WHERE license_number = ?', license);
  t.true(links((await pages.get(`/facility/${home.name_slug}-${license}`)).text).includes(`${BASE_URL}/licensee/${slug}`));
});

test('list pages never show a license that is not listed', async (t) => {
  const ex = await examples();
  const unlisted = new Set(ex.all<{ license_number: string }>('SELECT license_number FROM facilities WHERE listed = 0').map((r) => r.license_number));
  t.true(unlisted.size > 0);
  const seen: string[] = [];
  for (const path of ['/waiver', '/care/dementia', '/care/wheelchair', '/care/hospice', '/care/bedridden']) seen.push(...(await allPages(path)).licenses);
  for (const { county } of ex.all<{ county: string }>('SELECT MIN(county) AS county FROM facilities WHERE listed = 1 AND county_key IS NOT NULL GROUP BY county_key')) {
    seen.push(...(await allPages(`/county/${nameSlug(county)}`)).licenses);
  }
  t.true(seen.length > 100);
  t.deepEqual(seen.filter((license) => unlisted.has(license)), []);
});

test('the county index links every county with listed homes; its twin too', async (t) => {
  const reply = await pages.get('/county');
  assertHtml(t, reply, RECORD_CACHE);
  const ex = await examples();
  const countyNames = ex.all<{ county: string }>('SELECT MIN(county) AS county FROM facilities WHERE listed = 1 AND county_key IS NOT NULL GROUP BY county_key ORDER BY county_key');
  const hrefs = links(reply.text);
  for (const { county } of countyNames) t.true(hrefs.includes(`${BASE_URL}/county/${nameSlug(county)}`), county);
  assertMarkdownHeaders(t, await pages.get('/county.md'), `${BASE_URL}/county`, false);
});

test("a county page names each home's care approvals: only an explicit true, never one under review, never a 'no'", async (t) => {
  const own = await pageServer();
  try {
    const ex = await examples();
    const county = ex.value<string>("SELECT county FROM facilities WHERE listed = 1 AND dementia = 'true' GROUP BY county_key ORDER BY COUNT(*) DESC LIMIT 1");
    const rows = ex.all<{ license_number: string; dementia: string; hospice: string; non_ambulatory: string; bedridden: string }>(
      'SELECT license_number, dementia, hospice, non_ambulatory, bedridden FROM facilities WHERE listed = 1 AND county = ? ORDER BY sort_key, license_number LIMIT 50',
      county,
    );
    const reviewed = rows.find((row) => row.dementia === 'true')!;
    t.is(own.operator('review', 'open', reviewed.license_number, 'dementia').code, 0);
    const names = { dementia: 'dementia', non_ambulatory: 'non-ambulatory (wheelchair)', hospice: 'hospice', bedridden: 'bedridden' } as const;
    for (const path of [`/county/${nameSlug(county)}`, `/county/${nameSlug(county)}.md`]) {
      const text = (await own.get(path)).text;
      let withApprovals = 0;
      for (const row of rows) {
        const at = text.indexOf(`license ${row.license_number}`);
        t.true(at > 0, `${path}: ${row.license_number} listed`);
        // Up to the end of the item: its </li> on the page, its line in the twin.
        const ends = [text.indexOf('</li>', at), text.indexOf('\n', at)].filter((end) => end > 0);
        const line = text.slice(at, Math.min(...ends));
        const approved = (['dementia', 'hospice', 'non_ambulatory', 'bedridden'] as const).filter(
          (key) => row[key] === 'true' && !(row === reviewed && key === 'dementia'),
        );
        t.true(line.includes(approved.length ? `care approvals: ${approved.map((key) => names[key]).join(', ')}` : 'no care approval on file'), `${path}: ${line}`);
        if (approved.length) withApprovals += 1;
        t.false(/\b(No|no)\b(?! care approval on file)/.test(line), `${path}: never a bare no: ${line}`);
      }
      t.true(withApprovals > 0 && withApprovals < rows.length, 'the page has homes with and without approvals');
    }
  } finally {
    await own.close();
  }
});
