// The Spanish itself (issue 51, points 14 to 17): the state's status strings keep their English and
// get a Spanish gloss that says what they mean (the live one too, an increase or a closing reason
// included); the phrases a bilingual review flagged are gone from every catalog; the navigation is
// Spanish; Spanish text is never tagged English, and the state's English inside it is.
import test from 'ava';
import { ALL_CATALOGS } from '../../serve/words/catalogs.ts';
import { statusIn } from '../../serve/words/home-page-words.ts';
import { html, markEnglish } from '../../serve/web/html.ts';
import { SPANISH_GUIDES } from '../../serve/words/guides/spanish.ts';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, links, pageServer } from './helpers.ts';

test('a state status string keeps its words and gets a gloss that says what it means, closing reason and pending increase included', (t) => {
  t.is(statusIn('es', 'Closed, Change of Ownership'), 'Closed, Change of Ownership (Cerrado: cambio de dueño)');
  t.is(statusIn('es', 'Closed, Licensee Initiated'), 'Closed, Licensee Initiated (Cerrado: lo cerró el titular de la licencia)');
  t.is(statusIn('es', 'CLOSED'), 'CLOSED (Cerrado (ya no tiene licencia vigente))');
  t.is(statusIn('es', 'LICENSED/PENDING INCREASE'), 'LICENSED/PENDING INCREASE (Con licencia; hay una solicitud de aumento de capacidad en trámite)');
  t.is(statusIn('es', 'Licensed/Pending Increase'), 'Licensed/Pending Increase (Con licencia; hay una solicitud de aumento de capacidad en trámite)');
  t.is(statusIn('es', 'Application Withdrawn'), 'Application Withdrawn (Solicitud retirada (nunca tuvo licencia))');
  t.is(statusIn('es', 'LICENSED'), 'LICENSED (Con licencia)');
  t.is(statusIn('en', 'Closed, Change of Ownership'), 'Closed, Change of Ownership');
});

/** Every Spanish text the service writes: the catalogs and the Spanish guides. */
function allSpanish(): string[] {
  const catalogs = Object.values(ALL_CATALOGS).flatMap((catalog) => Object.values(catalog).map((entry) => entry.es.text));
  const guides = JSON.stringify(SPANISH_GUIDES).match(/"text":"(?:[^"\\]|\\.)*"/g) ?? [];
  return [...catalogs, ...guides];
}

test('the phrases the bilingual review flagged are in no Spanish text: agreement, subjects, calques', (t) => {
  const flagged = [
    /escritas por \{source\}.*comparado/,
    /Covelight \(comparado/,
    /Fuente: \{source\}, recopilados/,
    /\(obtenido del estado/,
    /esta licencia está \{status\}/,
    /Esta licencia está cerrada \(ya no tiene licencia vigente\)/,
    /no aparece en la lista, dice «No consta/,
    /registro del estado de \{name\}/,
    /Leer con justicia/,
    /los residentes están ocupados/,
    /Vistos el día o después del/,
    /mostraron distinto de/,
    /leen con justicia/,
    /conserva como historia /,
    /'historia'/,
  ];
  const texts = allSpanish();
  for (const phrase of flagged) t.deepEqual(texts.filter((text) => phrase.test(text)), [], String(phrase));
  t.true(texts.some((text) => text === 'historial'), 'history reads "historial"');
});

test('markEnglish marks only exact phrases in text, never inside a tag or attribute', (t) => {
  const marked = markEnglish(html`<p title="LICENSED">Situación: ${'LICENSED <b>'} y LICENSED.</p>`, ['LICENSED <b>', 'LICENSED']);
  t.is(marked.value, '<p title="LICENSED">Situación: <span lang="en">LICENSED &lt;b&gt;</span> y <span lang="en">LICENSED</span>.</p>');
  t.is(markEnglish(html`<p>x</p>`, [null, '']).value, '<p>x</p>');
});

test('a Spanish home page: its switch to English is Spanish text (no lang="en"), the navigation is Spanish, the state status is marked English', async (t) => {
  const ex = await examples();
  const row = ex.one<{ license_number: string; name_slug: string; license_status: string }>(
    'a listed home',
    'SELECT license_number, name_slug, license_status FROM facilities WHERE listed = 1 AND closed = 0 ORDER BY sort_key',
  );
  const pages = await pageServer();
  t.teardown(() => pages.close());
  const page = (await pages.get(`/es/facility/${row.name_slug}-${row.license_number}`)).text;
  t.regex(page, /<a href="[^"]+" hreflang="en">Ver esta página en inglés<\/a>/);
  t.false(/\slang="en"[^>]*>Ver esta página en inglés/.test(page));
  t.regex(page, />Datos<\/a> <span class="small">\(en inglés\)<\/span>/);
  t.regex(page, />Servidor MCP<\/a> <span class="small">\(en inglés\)<\/span>/);
  t.false(/>Data<\/a>|>MCP server<\/a>/.test(page));
  t.true(page.includes(`<span lang="en">${row.license_status}</span> (`), 'the state status is marked English, its gloss is not');
  const front = (await pages.get('/es/')).text;
  t.false(/\slang="en"[^>]*>Los centros en el mapa/.test(front), 'the map link text is Spanish');
});

test('paging errors under /es are Spanish: a page number that is not one, and a page past the end', async (t) => {
  const pages = await pageServer();
  t.teardown(() => pages.close());
  const countyPath = links((await pages.get('/es/county')).text).find((href) => href.startsWith(`${BASE_URL}/es/county/`))!.slice(`${BASE_URL}/es`.length);
  const county = { county_slug: countyPath.slice('/county/'.length) };
  const bad = await pages.get(`/es/county/${county.county_slug}?page=abc`);
  t.is(bad.status, 400);
  t.true(bad.text.includes('El número de página debe ser un número entero desde 1'), bad.text.slice(0, 200));
  const past = await pages.get(`/es/county/${county.county_slug}?page=999`);
  t.is(past.status, 404);
  t.regex(past.text, /No existe la página 999: esta lista tiene \d+ página/);
  // English stays English.
  t.true((await pages.get(`/county/${county.county_slug}?page=abc`)).text.includes('The page number must be a whole number from 1'));
});

test('the Spanish front page gives both dates the English one does: the state record\'s and the day this copy was made', async (t) => {
  const pages = await pageServer();
  t.teardown(() => pages.close());
  const english = (await pages.get('/')).text;
  const made = /\(this copy of it was made on (\d{4}-\d{2}-\d{2})\)/.exec(english)?.[1];
  t.truthy(made, 'the English front page names the day the copy was made');
  t.true((await pages.get('/es/')).text.includes(`(esta copia se hizo el ${made})`));
});
