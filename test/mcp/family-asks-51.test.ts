// The asks of issue 51 (a family in two languages, played through the official SDK client),
// replayed against a real server over a fresh seed snapshot: each answer must be true to the record
// and in the language asked.
import test from 'ava';
import { examples } from '../helpers/examples.ts';
import { BASE_URL } from '../helpers/server.ts';
import { readsAsNo } from '../../serve/words/home-words.ts';
import { askingClient } from './helpers.ts';
import { servedPairProblem } from '../../serve/words/catalog.ts';
import { ALL_CATALOGS } from '../../serve/words/catalogs.ts';

/**
 * The stale check on what is served: each text of a Spanish answer that a family reads (found at
 * the same place in the English answer) must have been written from the English served there.
 * Values that are the record's (names, numbers, dates, links) are the same in both and skipped.
 */
function servedPairProblems(en: any, es: any, at = ''): string[] {
  if (typeof en === 'string' && typeof es === 'string') {
    // The Spanish links are the English ones under /es; each call signs its own link, at its own second.
    const plain = (text: string) =>
      text
        .replaceAll(`${BASE_URL}/es/`, `${BASE_URL}/`)
        .replace(/\?h=[\w.-]+/g, '?h=TOKEN')
        .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME');
    if (plain(en) === plain(es)) return [];
    const problem = servedPairProblem(plain(en), plain(es), Object.values(ALL_CATALOGS));
    return problem ? [`${at}: ${problem}`] : [];
  }
  if (Array.isArray(en) && Array.isArray(es)) return en.flatMap((value, i) => servedPairProblems(value, es[i], `${at}[${i}]`));
  if (en && es && typeof en === 'object' && typeof es === 'object') return Object.keys(en).flatMap((key) => servedPairProblems(en[key], es[key], `${at}.${key}`));
  return [];
}

const asking = askingClient(test);
const { call } = asking;

const licensesWhere = async (sql: string, ...params: unknown[]) =>
  (await examples()).all<{ license_number: string }>(`SELECT license_number FROM facilities WHERE ${sql}`, ...params).map((row) => row.license_number).sort();
const ids = (out: any) => out.results.map((r: any) => r.id).sort();

test('3. search reads Spanish place and care words, finds what the English ask finds, and says what it read, in Spanish', async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    ['hogares en Hayward', 'homes in Hayward', /el lugar como «hayward»/],
    ['demencia en Hayward', 'memory care in Hayward', /«demencia» como la aprobación del estado para atender a personas con demencia/],
    ['asilos en San José', 'homes in San Jose', /el lugar como «san jose»/],
    ['silla de ruedas en Sacramento', 'wheelchair homes in Sacramento', /«silla de ruedas» como la aprobación del estado para residentes que no pueden salir solos/],
    ['hogares en el código postal 95123', '95123', /Se leyó «95123» como código postal/],
  ];
  for (const [spanish, english, said] of cases) {
    const es = await call('search', { query: spanish });
    const en = await call('search', { query: english });
    t.true(en.results.length > 0, english);
    t.deepEqual(ids(es), ids(en), spanish);
    t.regex(es.note, said, `${spanish}: ${es.note}`);
    t.false(/\bthe\b|\bhomes?\b/.test(es.note), `${spanish}: the note is Spanish: ${es.note}`);
    t.true(es.results.every((r: any) => r.url.startsWith(`${BASE_URL}/es/facility/`)), spanish);
    t.true(en.results.every((r: any) => r.url.startsWith(`${BASE_URL}/facility/`)), english);
  }
  t.deepEqual(ids(await call('search', { query: 'hogares en el código postal 95123' })), await licensesWhere("listed = 1 AND zip LIKE '95123%'"));
  // "asilo" is the family's word: the answer says what these homes are, never calls them nursing homes.
  t.regex((await call('search', { query: 'asilos en San José' })).note, /no son centros de enfermería especializada/);
});

test('3. Spanish ranking and opening words get the notes "best" and "open beds" get, in Spanish; the place still applies', async (t) => {
  const best = await call('search', { query: 'el mejor asilo en San José' });
  t.deepEqual(ids(best), ids(await call('search', { query: 'best homes in San Jose' })));
  t.regex(best.note, /^«mejor»: el registro del estado no puede decir cuál centro es el mejor/);
  const beds = await call('search', { query: 'camas disponibles' });
  t.deepEqual(beds.results, []);
  t.regex(beds.note, /^«camas», «disponibles»: el registro del estado no puede decir cuál centro tiene un lugar disponible/);
  const mejor = await call('search', { query: 'mejor' });
  t.regex(mejor.note, /^«mejor»: el registro del estado no puede decir/);
  for (const note of [best.note, beds.note, mejor.note]) t.false(readsAsNo(note), note);
  // English asks keep their English notes.
  t.regex((await call('search', { query: 'best homes in San Jose' })).note, /^"best": the state record cannot say which home is best/);
});

test('13. "94541" names the cities of the nearest ZIP codes, not a whole postal area; a county with no listed home is not told to try a neighbour', async (t) => {
  const ex = await examples();
  t.is(ex.value<number>("SELECT COUNT(*) FROM facilities WHERE substr(zip, 1, 5) = '94541'"), 0);
  const nearest = ex.all<{ city: string }>("SELECT DISTINCT city FROM facilities WHERE substr(zip, 1, 4) = '9454'").map((r) => r.city);
  const area = ex.all<{ city: string }>("SELECT DISTINCT city FROM facilities WHERE substr(zip, 1, 3) = '945'").map((r) => r.city);
  t.true(nearest.length > 0 && area.length > nearest.length + 5);
  const note: string = (await call('search', { query: '94541' })).note;
  t.true(note.includes(`starting 9454 are in ${nearest.sort().join(', ')}:`), note);
  const fresno = (await asking.refusal('find_homes', { county: 'Fresno' })).text;
  t.regex(fresno, /No listed home is in FRESNO County/);
  t.false(/neighbou?ring/i.test(fresno), fresno);
  const spanish: string = (await call('search', { query: 'demencia en Fresno' })).note;
  t.regex(spanish, /Ningún centro de la lista está en el condado de FRESNO/);
  t.false(/vecino|neighbou?ring/i.test(spanish), spanish);
});

test.serial('2. the Spanish rate question says whose listing, its date and its age, as the English does; every Spanish text served was written from the English served beside it', async (t) => {
  const ex = await examples();
  const ownRates = ex.all<{ license_number: string; price_json: string }>(
    "SELECT license_number, price_json FROM facilities WHERE listed = 1 AND closed = 0 AND license_status = 'LICENSED' AND price_kind IN ('home_listed', 'home_confirmed') ORDER BY license_number",
  );
  const old = ownRates.filter((row) => /"updated_on":"20(1\d|2[0-4])/.test(row.price_json) || /"updated_on":"2025-0/.test(row.price_json));
  t.true(old.length > 0, 'a seed home whose own rate comes from an old listing');
  const licenses = [old[0]!.license_number, ...ownRates.filter((row) => row !== old[0]).slice(0, 2).map((row) => row.license_number)];
  const args = { license_numbers: licenses, care_needs: ['dementia', 'wheelchair'], timing: 'within_a_month' };
  const en = await call('start_family_request', args);
  const es = await call('start_family_request', { ...args, language: 'es' });
  const oldRate = en.homes[0].questions_to_ask.find((q: string) => q.includes('starting rate'));
  t.regex(oldRate, /^The listing on \S+, last updated \d{4}-\d\d-\d\d, shows a starting rate of \$[\d,]+ a month \(that listing is more than 12 months old\)/);
  const spanishRate = es.homes[0].questions_to_ask.find((q: string) => q.includes('tarifa inicial'));
  t.regex(spanishRate, /^El anuncio en \S+, actualizado por última vez el \d{4}-\d\d-\d\d, muestra una tarifa inicial de \$[\d,]+ al mes \(ese anuncio tiene más de 12 meses\)/);
  t.deepEqual(servedPairProblems(en, es), []);
});

test.serial('8. start_family_request in Spanish: what_happens_next, consent, privacy and honesty in Spanish from the catalog, /es pages; the host locale asks for Spanish too', async (t) => {
  const licenses = (await licensesWhere("listed = 1 AND closed = 0 AND license_status = 'LICENSED'")).slice(0, 2);
  const args = { license_numbers: licenses, care_needs: ['hospice'] };
  const en = await call('start_family_request', args);
  const es = await call('start_family_request', { ...args, language: 'es' });
  for (const field of ['what_happens_next', 'consent', 'privacy', 'honesty'] as const) {
    t.notDeepEqual(es[field], en[field], field);
  }
  t.regex(es.what_happens_next[1], /^La familia abre el enlace \(funciona durante 7 días/);
  t.regex(es.consent.who_consents, /^Solo la familia/);
  t.regex(es.privacy, /^Esta llamada no guardó nada/);
  t.regex(es.honesty.order, /^En el orden en que se enviaron/);
  t.true(es.homes.every((h: any) => h.page.startsWith(`${BASE_URL}/es/facility/`)));
  t.true(en.homes.every((h: any) => h.page.startsWith(`${BASE_URL}/facility/`)));
  // The host's locale (ChatGPT sends it in the request's _meta) asks for Spanish without the argument.
  const hosted: any = await asking.state.client.callTool({ name: 'start_family_request', arguments: args, _meta: { 'openai/locale': 'es-MX' } });
  t.true(hosted.structuredContent.link.startsWith(`${BASE_URL}/es/plan?h=`));
  t.is(hosted.structuredContent.privacy, es.privacy);
  // Last, after every call: the check reads the catalogs at length.
  t.deepEqual(servedPairProblems(en, es), []);
});

test('8. fetch of an /es page returns the Spanish page; an English URL or a bare id the English one', async (t) => {
  const [license] = await licensesWhere("listed = 1 AND closed = 0 AND license_status = 'LICENSED'");
  const english = await call('fetch', { id: license });
  const spanishUrl = english.url.replace(`${BASE_URL}/`, `${BASE_URL}/es/`);
  const spanish = await call('fetch', { id: spanishUrl });
  t.is(spanish.url, spanishUrl);
  t.true(spanish.text.includes('Preguntas para hacer'), spanish.text.slice(0, 400));
  t.false(english.text.includes('Preguntas para hacer'));
  t.is(spanish.metadata.markdown_url, `${spanishUrl}.md`);
  // The same Markdown the /es page's own twin serves.
  const twin = await (await fetch(`${asking.state.server.url}${spanishUrl.slice(BASE_URL.length)}.md`)).text();
  t.is(spanish.text, twin);
});

/** Every family-facing fact of a compact or listed home, as a text block must say it (independent of the server's wording code). */
function factsSaid(home: any): string[] {
  const r = home.state_record;
  const waiver = typeof home.medi_cal_alw === 'string' ? home.medi_cal_alw : home.medi_cal_alw.value;
  const status = home.license?.status ?? home.license_status;
  return [
    // The state's status string is quoted in « » (serve/words/quote.ts): the state's words, not ours.
    status ? `Status${home.license ? ' ' : ': '}«${status}»` : 'not on file',
    `Waiver list: ${waiver === 'true' ? 'yes' : 'not on file'}`,
    home.price ? home.price.line : 'Price: not on file',
    r.documents_on_file === null ? 'state documents not on file' : `${r.documents_on_file} state document${r.documents_on_file === 1 ? '' : 's'}`,
    ...(r.tallies_since_year
      ? [`since ${r.tallies_since_year}: Type A ${r.type_a_citations ?? 'not on file'}, Type B ${r.type_b_citations ?? 'not on file'}`]
      : [r.latest_visit_date === null ? 'none, with no state visit on record' : 'citations: not on file']),
  ];
}

test('4, 5, 12. every tool\'s text block says what its structured result says a family asks about: waiver, price, citations, status; rows in words, no invented zero', async (t) => {
  const ex = await examples();
  // GARDENIA GROVE CARE HOME II: on the waiver list; a text-only host must be able to answer "does it take Medi-Cal?".
  const gardenia = ex.value<string>("SELECT license_number FROM facilities WHERE name = 'GARDENIA GROVE CARE HOME II'");
  const noVisit = ex.value<string>("SELECT license_number FROM facilities WHERE listed = 1 AND last_state_visit IS NULL ORDER BY sort_key LIMIT 1");
  const [other] = await licensesWhere("listed = 1 AND closed = 0 AND license_status = 'LICENSED' AND license_number NOT IN (?, ?)", gardenia, noVisit ?? '');
  const raw = async (name: string, args: Record<string, unknown>) => {
    const result: any = await asking.state.client.callTool({ name, arguments: args });
    return { structured: result.structuredContent, text: result.content[0].text as string };
  };
  const checked = await raw('check_homes', { homes: [gardenia, noVisit, other] });
  for (const result of checked.structured.results) {
    const line = checked.text.split('\n').find((l) => l.includes(`(license ${result.home.license_number}`))!;
    for (const said of factsSaid(result.home)) t.true(line.includes(said), `check_homes ${result.home.license_number}: "${said}" in ${line}`);
  }
  t.regex(checked.text.split('\n').find((l) => l.includes(gardenia))!, /Waiver list: yes/);
  const compared = await raw('compare_homes', { license_numbers: [gardenia, noVisit, other] });
  t.false(compared.text.startsWith('{'), 'the comparison text is words, not JSON');
  for (const row of compared.structured.rows) {
    for (const value of row.values) t.false(value === 'true' || value === 'false' || value === true || value === false, `${row.key}: ${value}`);
    t.true(compared.text.includes(`**${row.label}**: 1. ${row.values[0]}`), row.key);
  }
  const noVisitColumn = compared.structured.columns.findIndex((c: any) => c.license_number === noVisit);
  if (noVisitColumn >= 0 && !compared.structured.columns[noVisitColumn].state_record.tallies_since_year) {
    t.is(compared.structured.rows.find((r: any) => r.key === 'state_record.type_a_citations').values[noVisitColumn], 'none, with no state visit on record');
  }
  const county = ex.value<string>('SELECT county FROM facilities WHERE license_number = ?', gardenia);
  const listed = await raw('find_homes', { county, limit: 50 });
  for (const home of listed.structured.homes) {
    const line = listed.text.split('\n').find((l) => l.includes(`(license ${home.license_number}`))!;
    for (const said of factsSaid(home)) t.true(line.includes(said), `find_homes ${home.license_number}: "${said}" in ${line}`);
    t.false(/\b1 licensed beds\b|not on file licensed beds|\b1 state documents\b|\b1 state visits\b/.test(line), line);
  }
  // The tools whose text is their JSON say it all by being it.
  for (const [name, args] of [['get_home', { license_number: gardenia }], ['search', { query: 'demencia en Hayward' }], ['explain_care_topic', { topic: 'paying_for_care' }]] as const) {
    const answer = await raw(name, args);
    t.deepEqual(JSON.parse(answer.text.replace(/^Demo data:[^\n]*\n\n/, '')), answer.structured, name);
  }
});

test('10. a pending application\'s approvals read as applied for, never "yes"', async (t) => {
  const ex = await examples();
  const pending = ex.one<{ license_number: string }>('a pending application with an approval', "SELECT license_number FROM facilities WHERE license_status = 'PENDING' AND (hospice = 'true' OR non_ambulatory = 'true' OR dementia = 'true')");
  const checked = await call('check_homes', { homes: [pending.license_number] });
  const line = checked.display.split('\n').find((l: string) => l.includes(pending.license_number))!;
  t.regex(line, /PENDING is an application/);
  t.regex(line, /applied for, not yet approved/);
  t.false(/\b(dementia|hospice|non-ambulatory|bedridden) yes\b/.test(line), line);
});

test('7. the screen catches a Spanish street address with its number last, and names every kind of personal data found, in the language asked', async (t) => {
  const [license] = await licensesWhere("listed = 1 AND closed = 0 AND license_status = 'LICENSED'");
  const address = await asking.refusal('start_family_request', { license_numbers: [license], family_note: 'Soy la hija; vivimos en la calle Alameda 1450.', language: 'es' });
  t.regex(address.text, /^family_note parece contener una dirección\./);
  t.false(address.text.includes('1450'), 'never echoed');
  const args = { license_numbers: [license], family_note: 'Llame a mi hija Ana Ruiz al 510 555 0100 o escriba a ana@example.com' };
  const spanish = await asking.refusal('start_family_request', { ...args, language: 'es' });
  t.regex(spanish.text, /^family_note parece contener un correo electrónico y un número de teléfono y el nombre de una persona/);
  const english = await asking.refusal('start_family_request', args);
  t.regex(english.text, /^family_note looks like it contains an e-mail address and a phone number and a person's name/);
  const englishAddress = await asking.refusal('start_family_request', { license_numbers: [license], family_note: 'We live at calle Alameda 1450.' });
  t.is(servedPairProblem(englishAddress.text.split('\n')[0]!, address.text.split('\n')[0]!, Object.values(ALL_CATALOGS)), null);
});

test('9. the Spanish check_homes prompt is Spanish throughout, tool and field names aside', async (t) => {
  const prompt = await asking.state.client.getPrompt({ name: 'check_homes', arguments: { homes: 'Acacia Court; 015601295', language: 'es-US' } });
  const text = (prompt.messages[0]!.content as { text: string }).text.replace(/^Demo data:[^\n]*\n\n/, '');
  t.regex(text, /^Una familia nombró estos centros:/);
  t.false(/show its display as it is|Answer the family in Spanish|Call the tools|Never claim/i.test(text), text);
  t.regex(text, /No consta en los datos del estado/);
  const english = await asking.state.client.getPrompt({ name: 'check_homes', arguments: { homes: 'Acacia Court' } });
  t.regex((english.messages[0]!.content as { text: string }).text, /Show its display as it is/);
});

test('11, 13, 14. the hospital list measures from the hospital\'s point; the fairness note says a false also reads not on file; paying_for_care in Spanish says what to quote', async (t) => {
  const near = await call('homes_near_hospital', { hospital: 'Livermore Community Hospital', radius_km: 40 });
  t.regex(near.honesty.order, /from the hospital's point/);
  t.false(near.honesty.order.includes('given in the call'));
  t.regex(near.honesty.fairness_note, /a "false" \(the record states the license does not carry it\) also reads "not on file"/);
  const topic = await call('explain_care_topic', { topic: 'paying_for_care', language: 'es' });
  t.false(JSON.stringify(topic).includes('Cite su line'));
  t.true(JSON.stringify(topic).includes('Cite el texto de price.line tal como está'));
});

test('6. changed_since reaches closings the record itself dates, and says which source dates each', async (t) => {
  const santaClara = await call('find_homes', { county: 'Santa Clara', changed_since: '2025-12-01' });
  const jasmine = santaClara.left_the_list.find((h: any) => h.name === 'JASMINE VILLA');
  t.truthy(jasmine, JSON.stringify(santaClara.left_the_list));
  t.is(jasmine.observed_on, '2025-12-13');
  t.regex(jasmine.line, /closing date: 2025-12-13 \(the record's own date, not this service's change log\)/);
  t.regex(santaClara.notes[0], /closed or left the state roster since 2025-12-01/);
  const alameda = await call('find_homes', { county: 'Alameda', changed_since: '2026-11-01' });
  const harmony = alameda.left_the_list.find((h: any) => h.license_number === '015601359');
  t.truthy(harmony, JSON.stringify(alameda.left_the_list));
  t.regex(harmony.line, /live record, checked on \d{4}-\d\d-\d\d, shows "Closed, Licensee Initiated"; it gives no closing date/);
  // A closing before the date asked is not a change since then.
  const later = await call('find_homes', { county: 'Santa Clara', changed_since: '2026-01-01' });
  t.false((later.left_the_list ?? []).some((h: any) => h.name === 'JASMINE VILLA'));
});

test('13. a misspelled name lists the current license first, the closed one after', async (t) => {
  const out = await call('search', { query: 'Harmoni House Care Home' });
  const ids = out.results.map((r: any) => r.id);
  t.true(ids.includes('015601359') && ids.includes('075601280'), JSON.stringify(out.results));
  t.true(ids.indexOf('075601280') < ids.indexOf('015601359'), JSON.stringify(out.results));
  t.regex(out.results.find((r: any) => r.id === '015601359').title, /closed/);
});

test('13. a count of one reads singular: compare_homes\' visits, and the home card\'s visit counts follow their labels in both languages', async (t) => {
  const ex = await examples();
  const one = ex.value<string>("SELECT license_number FROM facilities WHERE listed = 1 AND json_extract(state_visits_json, '$.value.visits.total') = 1 ORDER BY sort_key LIMIT 1");
  const [other] = await licensesWhere('listed = 1 AND license_number <> ?', one ?? '');
  if (one) {
    const compared = await call('compare_homes', { license_numbers: [one, other] });
    const visits = compared.rows.find((r: any) => r.key === 'state_visits');
    const said = visits.values[compared.columns.findIndex((c: any) => c.license_number === one)];
    t.regex(said, /: 1 state visit,/);
  }
  const { CARD_WORDS } = await import('../../serve/words/card-words.ts');
  for (const text of [CARD_WORDS.visitCounts.en, CARD_WORDS.visitCounts.es.text]) t.false(/\{(inspection|complaint|other)\} \p{L}/u.test(text), text);
});
