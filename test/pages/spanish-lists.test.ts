// The Spanish list pages (issue 51, points 15 and 17): "deficiencia" is glossed where a page first
// says it, as the glossary asks, on every kind of list; the lists beside the counties (care types,
// the waiver, homes near a hospital) are linked from both front pages and from the care types, so
// /es/near-hospital is reachable from a Spanish page as /near-hospital is from an English one.
import test from 'ava';
import { BASE_URL, links, mainText, pageServer, type PageServer } from './helpers.ts';

let pages: PageServer;
test.before(async () => {
  pages = await pageServer();
});
test.after.always(async () => {
  await pages?.close();
});

const GLOSS = /deficiencias? \(incumplimientos? de una norma de licencia\)/i;

/** The first link on `path` that starts with `prefix` (a site path), as a site path. */
async function firstLink(path: string, prefix: string): Promise<string> {
  const found = links((await pages.get(path)).text).find((href) => href.startsWith(`${BASE_URL}${prefix}`));
  if (!found) throw new Error(`${path} links nothing under ${prefix}`);
  return found.slice(BASE_URL.length);
}

test('on every kind of Spanish list page the first "deficiencia" carries its gloss, once; English list pages are unchanged', async (t) => {
  const county = await firstLink('/es/county', '/es/county/');
  const listPages = [
    county,
    await firstLink(county, `${county}/`),
    '/es/care/wheelchair',
    '/es/waiver',
    await firstLink('/es/near-hospital', '/es/near-hospital/'),
    await firstLink(await firstLink(county, '/es/facility/'), '/es/licensee/'),
  ];
  let checked = 0;
  for (const path of listPages) {
    const reply = await pages.get(path);
    t.is(reply.status, 200, path);
    const text = mainText(reply.text);
    const first = text.search(/deficiencia/i);
    if (first < 0) continue;
    checked++;
    t.regex(text.slice(first), new RegExp(`^${GLOSS.source}`, 'i'), `${path}: the first "deficiencia" is glossed: ${text.slice(first, first + 80)}`);
    t.is(text.match(new RegExp(GLOSS.source, 'gi'))!.length, 1, `${path}: glossed once, not on every row`);
    // The Markdown twin says the same.
    const [bare, query] = path.split('?');
    const markdown = (await pages.get(`${bare}.md${query ? `?${query}` : ''}`)).text;
    t.regex(markdown.slice(markdown.search(/deficiencia/i)), new RegExp(`^${GLOSS.source}`, 'i'), `${path}.md`);
  }
  t.true(checked >= 4, `${checked} of the list pages name citations`);
  const english = mainText((await pages.get(county.slice('/es'.length))).text);
  t.false(/incumplimiento/.test(english));
  t.regex(english, /citations Type A/);
});

test('both front pages and both care-type indexes link the homes near a hospital, each in its own language, and the link answers', async (t) => {
  for (const [path, target] of [
    ['/', '/near-hospital'],
    ['/care', '/near-hospital'],
    ['/es/', '/es/near-hospital'],
    ['/es/care', '/es/near-hospital'],
  ] as const) {
    const page = (await pages.get(path)).text;
    t.true(links(page).includes(`${BASE_URL}${target}`), `${path} links ${target}`);
    t.is((await pages.get(target)).status, 200);
  }
  const spanish = (await pages.get('/es/')).text;
  t.true(links(spanish).includes(`${BASE_URL}/es/waiver`));
  t.true(links(spanish).includes(`${BASE_URL}/es/care`));
  t.regex(spanish, /<h2 id="lists-heading">Otras listas<\/h2>/);
  t.regex(spanish, />Centros de cuidado cerca de un hospital<\/a>/);
  t.true((await pages.get('/es/index.md')).text.includes(`(${BASE_URL}/es/near-hospital)`));
});
