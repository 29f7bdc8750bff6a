// The Spanish twins under /es: a family goes from the counties to a county's homes to a home's
// page, all in Spanish (lang="es"), each page linked to its English twin both ways (hreflang),
// saying the English record prevails; the record's values stay verbatim; no non-true reading is
// ever a "No"; Accept-Language only suggests, never redirects.
import test from 'ava';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, links, mainText, pageServer, RECORD_CACHE, type PageServer } from './helpers.ts';
import { say } from '../../serve/words/catalog.ts';
import { SHARED_WORDS, SHELL_WORDS } from '../../serve/words/family-words.ts';
import { readsAsNo } from '../../serve/words/home-words.ts';
import { spanishTrapsIn } from '../../serve/words/catalog.ts';

let pages: PageServer;
test.before(async () => {
  pages = await pageServer();
});
test.after.always(async () => {
  await pages?.close();
});

interface Row {
  license_number: string;
  name: string;
  name_slug: string;
  city: string;
  county: string;
  county_slug: string;
  license_status: string;
  dementia: string;
  hospice: string;
}

async function home(what: string, where: string): Promise<Row> {
  const ex = await examples();
  return ex.one<Row>(
    what,
    `SELECT license_number, name, name_slug, city, county, license_status, dementia, hospice FROM facilities WHERE ${where} ORDER BY sort_key`,
  );
}

const homePath = (row: Row) => `/facility/${row.name_slug}-${row.license_number}`;
const es = (text: string) => say({ en: '', es: { text, from: '' } }, 'es');

/** What every Spanish page carries: lang, both alternates, the switch, the English-prevails note with its link. */
function assertSpanishShell(t: import('ava').ExecutionContext, page: string, englishUrl: string, spanishUrl: string) {
  t.regex(page, /<html lang="es">/);
  t.true(page.includes(`<link rel="alternate" hreflang="en" href="${englishUrl}">`));
  t.true(page.includes(`<link rel="alternate" hreflang="es" href="${spanishUrl}">`));
  t.true(page.includes(`<link rel="canonical" href="${spanishUrl}">`));
  t.true(page.includes(`<a href="${englishUrl}" lang="en" hreflang="en">English</a> / <span lang="es" aria-current="true">Español</span>`));
  const text = mainText(page);
  t.true(text.includes(say(SHELL_WORDS.englishPrevails, 'es')));
  t.true(links(page).includes(englishUrl));
  t.true(page.includes('Departamento de Servicios Sociales de California (CDSS), Community Care Licensing Division'), 'attribution in Spanish');
  t.deepEqual(spanishTrapsIn(text), [], 'no glossary trap on the page');
}

test('a home page in Spanish: lang es, alternates both ways, the English prevails, values verbatim, every non-true reading "No consta"', async (t) => {
  const row = await home('a listed home with dementia true and hospice not true', `listed = 1 AND dementia = 'true' AND hospice <> 'true'`);
  const reply = await pages.get(`/es${homePath(row)}`);
  t.is(reply.status, 200, reply.text.slice(0, 300));
  t.is(reply.headers.get('cache-control'), RECORD_CACHE);
  t.is(reply.headers.get('content-language'), 'es');
  const englishUrl = `${BASE_URL}${homePath(row)}`;
  const spanishUrl = `${BASE_URL}/es${homePath(row)}`;
  assertSpanishShell(t, reply.text, englishUrl, spanishUrl);
  const text = mainText(reply.text);
  // The record's own words stay as the state wrote them.
  t.true(text.includes(row.name));
  t.true(text.includes(`${row.license_status} (`), 'the state status verbatim, glossed');
  t.true(text.includes(`Licencia ${row.license_number} · ${row.city}, condado de ${row.county}`));
  t.true(text.includes('Atención para personas con demencia: Sí, según'));
  t.true(text.includes('Cuidado de hospicio (hospice), para personas con una enfermedad terminal: No consta en los datos del estado'));
  t.true(text.includes(say(SHARED_WORDS.openingsByPhone, 'es')));
  t.true(text.includes(say(SHARED_WORDS.fairness, 'es')));
  for (const heading of ['Cómo llamar', 'Aprobaciones de cuidado', 'Tarifa inicial', 'Visitas e informes del estado', 'Respuestas rápidas']) {
    t.true(text.includes(heading), heading);
  }
  // No quick answer on an approval or the waiver (the second to sixth), and no approval line, reads "No".
  const answers = [...reply.text.matchAll(/<dd>([\s\S]*?)<\/dd>/g)].map((m) => mainText(m[1]!));
  t.is(answers.length, 9);
  for (const answer of answers.slice(1, 6)) t.false(readsAsNo(answer), answer);
  t.true(answers[3]!.startsWith('No consta'), answers[3]);
  if (row.hospice === 'not_on_file') t.true(answers[3]!.includes('«No consta» no quiere decir «no»'), answers[3]);
  const approvals = [...(/<ul class="approvals">([\s\S]*?)<\/ul>/.exec(reply.text)?.[1] ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => mainText(m[1]!));
  t.is(approvals.length, 5);
  for (const line of approvals) t.false(readsAsNo(line.replace(/^[^:]*:/, '')), line);
  // No English service sentence is left on the Spanish page.
  t.false(/\bnot on file\b|\bHow to call\b|\bQuick answers\b/i.test(text));
  // The English page links back to the Spanish one.
  const english = await pages.get(homePath(row));
  t.true(english.text.includes(`<link rel="alternate" hreflang="es" href="${spanishUrl}">`));
  t.true(english.text.includes(`<a href="${spanishUrl}" lang="es" hreflang="es">Español</a>`));
  t.regex(english.text, /<html lang="en">/);
});

test("a Spanish home page's Markdown twin: Spanish, the English-prevails line, canonical the Spanish page", async (t) => {
  const row = await home('a listed home', 'listed = 1');
  const reply = await pages.get(`/es${homePath(row)}.md`);
  t.is(reply.status, 200);
  t.is(reply.headers.get('content-type'), 'text/markdown; charset=utf-8');
  t.is(reply.headers.get('content-language'), 'es');
  t.is(reply.headers.get('link'), `<${BASE_URL}/es${homePath(row)}>; rel="canonical"`);
  t.true(reply.text.startsWith(`# ${row.name}`));
  t.true(reply.text.includes(say(SHELL_WORDS.englishPrevails, 'es')));
  t.true(reply.text.includes(`${BASE_URL}${homePath(row)}`));
  t.true(reply.text.includes('## Cómo llamar'));
  t.true(reply.text.includes('Fuente: Departamento de Servicios Sociales de California (CDSS)'));
  t.false(/\bnot on file\b/.test(reply.text));
});

test('a wrong slug under /es answers 301 to the Spanish canonical page', async (t) => {
  const row = await home('a listed home', 'listed = 1');
  const reply = await pages.get(`/es/facility/${row.license_number}`);
  t.is(reply.status, 301);
  t.is(reply.headers.get('location'), `${BASE_URL}/es${homePath(row)}`);
});

test('from /es/county to a county and a city: Spanish lists, neutral order sentence, links stay in Spanish', async (t) => {
  const index = await pages.get('/es/county');
  t.is(index.status, 200);
  assertSpanishShell(t, index.text, `${BASE_URL}/county`, `${BASE_URL}/es/county`);
  const countyLink = links(index.text).find((href) => href.startsWith(`${BASE_URL}/es/county/`));
  t.truthy(countyLink);
  const county = await pages.get(countyLink!.slice(BASE_URL.length));
  t.is(county.status, 200);
  assertSpanishShell(t, county.text, countyLink!.replace('/es/', '/'), countyLink!);
  const text = mainText(county.text);
  t.true(text.includes(say(SHARED_WORDS.listNeutrality, 'es')));
  t.true(text.includes('Centros de cuidado con licencia en el condado de'));
  const homeLinks = links(county.text).filter((href) => href.startsWith(`${BASE_URL}/es/facility/`));
  t.true(homeLinks.length > 0);
  t.false(/care approvals:|no care approval on file/.test(text));
  const cityLink = links(county.text).find((href) => href.startsWith(`${countyLink}/`));
  t.truthy(cityLink);
  const city = await pages.get(cityLink!.slice(BASE_URL.length));
  t.is(city.status, 200);
  t.regex(city.text, /<html lang="es">/);
  t.true(links(city.text).some((href) => href.startsWith(`${BASE_URL}/es/facility/`)));
  const home = await pages.get(homeLinks[0]!.slice(BASE_URL.length));
  t.is(home.status, 200);
  t.regex(home.text, /<html lang="es">/);
});

test('Accept-Language es-* suggests the Spanish page on the English one, never redirects; English readers see no suggestion', async (t) => {
  const row = await home('a listed home', 'listed = 1');
  const spanishUrl = `${BASE_URL}/es${homePath(row)}`;
  const suggested = await pages.get(homePath(row), { 'accept-language': 'es-US,es;q=0.9,en;q=0.5' });
  t.is(suggested.status, 200);
  t.regex(suggested.text, /<html lang="en">/);
  t.true(suggested.text.includes(`<p class="note" lang="es"><a href="${spanishUrl}" hreflang="es">${es('Esta página también está en español')}</a></p>`));
  t.regex(suggested.headers.get('vary') ?? '', /Accept-Language/i);
  const plain = await pages.get(homePath(row), { 'accept-language': 'en-US,en;q=0.9,es;q=0.5' });
  t.false(plain.text.includes('Esta página también está en español'));
  const front = await pages.get('/', { 'accept-language': 'es-MX' });
  t.is(front.status, 200);
  t.true(front.text.includes(`<a href="${BASE_URL}/es" hreflang="es">`));
  t.regex(front.headers.get('vary') ?? '', /Accept-Language/i);
  t.false((await pages.get('/')).text.includes('Esta página también está en español'));
  // The Markdown twin of a Spanish list answers too.
  const countyMd = await pages.get('/es/county.md');
  t.is(countyMd.status, 200);
  t.is(countyMd.headers.get('content-language'), 'es');
  t.true(countyMd.text.startsWith('# Centros de cuidado con licencia por condado'));
});

test('a closed license in Spanish says it is closed, keeps approvals as history and sends no one to ask the home', async (t) => {
  const ex = await examples();
  const row = ex.one<Row>('a closed license', `SELECT license_number, name, name_slug FROM facilities WHERE closed = 1 ORDER BY sort_key`);
  const reply = await pages.get(`/es${homePath(row)}`);
  t.is(reply.status, 200);
  const text = mainText(reply.text);
  t.true(text.includes('Esta licencia está cerrada'));
  t.true(text.includes(say(SHARED_WORDS.heldWhileOpen, 'es')));
  const answers = [...reply.text.matchAll(/<dd>([\s\S]*?)<\/dd>/g)].map((m) => mainText(m[1]!));
  for (const answer of answers.slice(1, 6)) t.false(answer.includes('Pregunte al centro'), answer);
});

test('the guides in Spanish: the index links Spanish guides in Spanish and the rest "(en inglés)"; a Spanish guide keeps the glossary', async (t) => {
  const index = await pages.get('/es/guides');
  t.is(index.status, 200);
  assertSpanishShell(t, index.text, `${BASE_URL}/guides`, `${BASE_URL}/es/guides`);
  for (const slug of ['care-approvals', 'reading-a-state-report', 'assisted-living-waiver']) {
    t.true(links(index.text).includes(`${BASE_URL}/es/guides/${slug}`), slug);
  }
  t.true(links(index.text).includes(`${BASE_URL}/es/guides/paying-for-care`));
  t.true(links(index.text).includes(`${BASE_URL}/es/guides/choosing-a-care-home`));

  const guide = await pages.get('/es/guides/assisted-living-waiver');
  t.is(guide.status, 200);
  assertSpanishShell(t, guide.text, `${BASE_URL}/guides/assisted-living-waiver`, `${BASE_URL}/es/guides/assisted-living-waiver`);
  const text = mainText(guide.text);
  t.true(text.includes('no paga el alojamiento ni la comida'));
  t.true(text.includes('Departamento de Servicios de Atención Médica (DHCS)'));
  const approvals = await pages.get('/es/guides/care-approvals');
  t.true(mainText(approvals.text).includes('cuidado de hospicio (hospice)'));
  t.true(mainText(approvals.text).includes('«no ambulatorios»'));
  const english = await pages.get('/guides/care-approvals');
  t.true(english.text.includes(`<link rel="alternate" hreflang="es" href="${BASE_URL}/es/guides/care-approvals">`));
  // No Spanish page where no guide is.
  t.is((await pages.get('/es/guides/no-such-guide')).status, 404);
  const md = await pages.get('/es/guides/reading-a-state-report.md');
  t.is(md.status, 200);
  t.true(md.text.includes('## Deficiencias Tipo A y Tipo B'));
});

test('/es, the Spanish front door: search without script, counties and guides in Spanish, the map linked in English; its Markdown twin', async (t) => {
  const front = await pages.get('/es');
  t.is(front.status, 200);
  t.is(front.headers.get('content-language'), 'es');
  assertSpanishShell(t, front.text, `${BASE_URL}/`, `${BASE_URL}/es`);
  t.true(links(front.text).some((href) => href.startsWith(`${BASE_URL}/es/county/`)));
  t.true(links(front.text).includes(`${BASE_URL}/es/guides/care-approvals`));
  const english = await pages.get('/');
  t.true(english.text.includes(`<link rel="alternate" hreflang="es" href="${BASE_URL}/es">`));
  const ex = await examples();
  const row = ex.one<Row>('a listed home', 'SELECT license_number, name, name_slug FROM facilities WHERE listed = 1 ORDER BY sort_key');
  const search = await pages.get(`/es?q=${encodeURIComponent(row.license_number)}`);
  t.is(search.status, 200);
  t.true(links(search.text).includes(`${BASE_URL}/es${homePath(row)}`));
  t.true(mainText(search.text).includes('Resultados para'));
  const md = await pages.get('/es/index.md');
  t.is(md.status, 200);
  t.is(md.headers.get('link'), `<${BASE_URL}/es>; rel="canonical"`);
  t.true(md.text.includes(say(SHELL_WORDS.englishPrevails, 'es')));
});

test('the hand-off plan in Spanish: /es/plan opens the same signed link with Spanish questions, never a "No" reading', async (t) => {
  const ex = await examples();
  const rows = ex.all<Row>(`SELECT license_number, name, name_slug, hospice FROM facilities WHERE listed = 1 AND hospice <> 'true' ORDER BY sort_key LIMIT 2`);
  t.is(rows.length, 2);
  const token = pages.server.app.services.handoff.sign({ licenses: rows.map((r) => r.license_number), needs: ['hospice'], timing: 'within_a_month', client: 'Ayudante' }).token;
  const reply = await pages.get(`/es/plan?h=${token}`);
  t.is(reply.status, 200, reply.text.slice(0, 300));
  t.regex(reply.text, /<html lang="es">/);
  // Its canonical and both alternates carry the link: /es/plan alone answers 400.
  const own = `${BASE_URL}/es/plan?h=${encodeURIComponent(token)}`;
  t.true(reply.text.includes(`<link rel="canonical" href="${own.replaceAll('&', '&amp;')}">`), 'canonical with its link');
  t.true(reply.text.includes(`<link rel="alternate" hreflang="es" href="${own.replaceAll('&', '&amp;')}">`), 'its own alternate with its link');
  t.true(reply.text.includes(`<link rel="alternate" hreflang="en" href="${`${BASE_URL}/plan?h=${encodeURIComponent(token)}`.replaceAll('&', '&amp;')}">`));
  t.is((await pages.get('/es/plan')).status, 400, 'the bare address is no page');
  t.is(reply.headers.get('cache-control'), 'no-store');
  const text = mainText(reply.text);
  t.true(text.includes('Planee sus llamadas y visitas'));
  t.true(text.includes('Plazo: Dentro de un mes.'));
  t.true(text.includes('Necesidades de cuidado de este plan: cuidado de hospicio (hospice).'));
  t.true(text.includes(say(SHELL_WORDS.englishPrevails, 'es')));
  for (const row of rows) {
    t.true(text.includes(row.name));
    t.true(links(reply.text).includes(`${BASE_URL}/es${homePath(row)}`));
  }
  const questions = [...reply.text.matchAll(/<li>(¿[^<]*|No consta[^<]*)<\/li>/g)].map((m) => mainText(m[1]!));
  const hospice = questions.filter((q) => q.includes('cuidado de hospicio (hospice)'));
  t.is(hospice.length, 2);
  for (const q of hospice) {
    t.true(q.startsWith('No consta'), q);
    t.false(readsAsNo(q), q);
  }
  t.deepEqual(spanishTrapsIn(text), []);
  t.true(links(reply.text).includes(`${BASE_URL}/plan?h=${token}`), 'the same plan in English');
  const bad = await pages.get(`/es/plan?h=${token.slice(0, -3)}`);
  t.is(bad.status, 400);
  t.true(mainText(bad.text).includes('Este enlace no es válido'));
});

test('the care-type and waiver lists in Spanish: the glossary names, the tri-state sentence, Spanish links, the same homes as the English lists', async (t) => {
  const index = await pages.get('/es/care');
  t.is(index.status, 200);
  assertSpanishShell(t, index.text, `${BASE_URL}/care`, `${BASE_URL}/es/care`);
  for (const need of ['dementia', 'wheelchair', 'hospice', 'bedridden']) t.true(links(index.text).includes(`${BASE_URL}/es/care/${need}`), need);
  const hospice = await pages.get('/es/care/hospice');
  t.is(hospice.status, 200);
  assertSpanishShell(t, hospice.text, `${BASE_URL}/care/hospice`, `${BASE_URL}/es/care/hospice`);
  const text = mainText(hospice.text);
  t.true(text.includes('Centros con aprobación para cuidado de hospicio (hospice) en California'));
  t.true(text.includes(say(SHARED_WORDS.notOnFile, 'es')));
  const english = await pages.get('/care/hospice');
  const homesOf = (page: string, prefix: string) => links(page).filter((href) => href.startsWith(`${BASE_URL}${prefix}/facility/`)).map((href) => href.slice(href.indexOf('/facility/')));
  t.deepEqual(homesOf(hospice.text, '/es'), homesOf(english.text, ''), 'the same homes, in the same order');
  const waiver = await pages.get('/es/waiver');
  t.is(waiver.status, 200);
  assertSpanishShell(t, waiver.text, `${BASE_URL}/waiver`, `${BASE_URL}/es/waiver`);
  t.true(mainText(waiver.text).includes('no paga el alojamiento ni la comida'));
  t.true(links(waiver.text).includes(`${BASE_URL}/es/guides/assisted-living-waiver`));
  t.is((await pages.get('/es/care/sailing')).status, 404);
});

test('an error under /es is a Spanish page: a missing home, a missing page, and their Markdown', async (t) => {
  const home = await pages.get('/es/facility/no-such-home-999999999');
  t.is(home.status, 404);
  t.regex(home.text, /<html lang="es">/);
  t.true(mainText(home.text).includes('Aquí no hay ninguna página'));
  t.true(mainText(home.text).includes('Ningún centro con este número de licencia aparece en la lista del estado.'));
  const nowhere = await pages.get('/es/nowhere');
  t.is(nowhere.status, 404);
  t.true(mainText(nowhere.text).includes('No hay ninguna página en esta dirección.'));
  const md = await pages.get('/es/county/no-such-county.md');
  t.is(md.status, 404);
  t.true(md.text.startsWith('# Aquí no hay ninguna página'));
  const english = await pages.get('/nowhere');
  t.true(mainText(english.text).includes('There is no page at this address.'));
});

test('the corrections form in Spanish: a Spanish page links it, it explains and refuses in Spanish, and a correction is stored as from the English form', async (t) => {
  const row = await home('a listed home', 'listed = 1');
  const page = await pages.get(`/es${homePath(row)}`);
  const formLink = links(page.text).find((href) => href.startsWith(`${BASE_URL}/es/corrections?license=${row.license_number}&field=dementia`));
  t.truthy(formLink, 'the home page links the Spanish form');
  const form = await pages.get(formLink!.slice(BASE_URL.length));
  t.is(form.status, 200);
  t.regex(form.text, /<html lang="es">/);
  t.is(form.headers.get('cache-control'), 'no-store');
  const text = mainText(form.text);
  t.true(text.includes('Informar un error en el registro de un centro'));
  t.true(text.includes('Aprobación de cuidado: Atención para personas con demencia'));
  t.true(form.text.includes(`action="${BASE_URL}/es/corrections"`));
  const refused = await pages.post('/es/corrections', { license: '12', field: 'nonsense', what_is_wrong: '', should_say: 'x' });
  t.is(refused.status, 400);
  const problems = mainText(refused.text);
  t.true(problems.includes('Escriba el número de licencia de un centro de la lista del estado (nueve dígitos).'));
  t.true(problems.includes('Elija sobre qué es la corrección.'));
  t.true(problems.includes('Diga qué está mal.'));
  const stored = await pages.post('/es/corrections', { license: row.license_number, field: 'other', what_is_wrong: 'La palabra «consta» no se entiende.', should_say: 'Una palabra más clara.' });
  t.is(stored.status, 200, stored.text.slice(0, 300));
  t.true(mainText(stored.text).includes('Gracias: su corrección está guardada para revisarla'));
  t.true(links(stored.text).includes(`${BASE_URL}/es${homePath(row)}`));
});

test('the near-hospital and license-holder lists in Spanish: the same homes as the English lists, distances in miles, a home page links its holder in Spanish', async (t) => {
  const index = await pages.get('/es/near-hospital');
  t.is(index.status, 200);
  assertSpanishShell(t, index.text, `${BASE_URL}/near-hospital`, `${BASE_URL}/es/near-hospital`);
  const hospitalLink = links(index.text).find((href) => href.startsWith(`${BASE_URL}/es/near-hospital/`));
  t.truthy(hospitalLink);
  const near = await pages.get(hospitalLink!.slice(BASE_URL.length));
  t.is(near.status, 200);
  t.true(mainText(near.text).includes('Centros de cuidado a menos de 5 millas de'));
  t.regex(near.text, /<html lang="es">/);
  const english = await pages.get(hospitalLink!.slice(BASE_URL.length + 3));
  const homesOf = (page: string) => links(page).filter((href) => href.includes('/facility/')).map((href) => href.slice(href.indexOf('/facility/')));
  t.deepEqual(homesOf(near.text), homesOf(english.text));
  const ex = await examples();
  const row = ex.one<{ license_number: string; name_slug: string; licensee_slug: string }>(
    'a listed home whose licensee holds several licenses',
    `SELECT f.license_number, f.name_slug FROM facilities f WHERE f.listed = 1 AND f.licensee IN (SELECT licensee FROM facilities WHERE listed = 1 GROUP BY licensee HAVING COUNT(*) > 1) ORDER BY f.sort_key`,
  );
  const page = await pages.get(`/es/facility/${row.name_slug}-${row.license_number}`);
  const holderLink = links(page.text).find((href) => href.startsWith(`${BASE_URL}/es/licensee/`));
  t.truthy(holderLink, 'the holder linked in Spanish');
  const holder = await pages.get(holderLink!.slice(BASE_URL.length));
  t.is(holder.status, 200);
  t.true(mainText(holder.text).includes('Licencias cuyo titular es'));
  t.true(links(holder.text).includes(`${BASE_URL}/es/facility/${row.name_slug}-${row.license_number}`));
});

