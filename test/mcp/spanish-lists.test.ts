// find_homes and homes_near_hospital asked in Spanish (issue 51), through the official SDK client
// over a fresh seed snapshot, in both protocol eras: every note, refusal, honesty sentence, line
// of left_the_list and line of the text block in Spanish from the catalog (held by the served-pair
// check against the same ask in English), /es links, counts never an invented zero, the sizes kept;
// and the English answer of the same ask byte for byte what it was before Spanish.
import { readFileSync } from 'node:fs';
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { examples } from '../helpers/examples.ts';
import { BASE_URL } from '../helpers/server.ts';
import { connect, errorText, LEGACY, startMcpServer, validateOutput, type Era, type McpTestServer } from './helpers.ts';
import { servedPairProblem } from '../../serve/words/catalog.ts';
import { ALL_CATALOGS } from '../../serve/words/catalogs.ts';
import { honestyIn } from '../../serve/words/handoff-words.ts';
import { readsAsNo } from '../../serve/words/home-words.ts';
import { quotedTextNoteIn } from '../../serve/words/quote.ts';
import { familyNoteIn, LIST_ANSWER_WORDS } from '../../serve/words/list-answer-words.ts';
import { answerLanguageOf } from '../../serve/words/handoff-words.ts';
import { NEED_WORDS } from '../../serve/shape/call-plan.ts';
import { changeLogSpanWords } from '../../serve/words/changes.ts';
import { fill } from '../../serve/words/catalog.ts';

const ERAS: Era[] = ['modern', LEGACY[0]];
const catalogs = Object.values(ALL_CATALOGS);
let server: McpTestServer;
const clients = new Map<Era, Client>();
const tools = new Map<Era, Array<{ name: string; outputSchema?: unknown }>>();

test.before(async () => {
  server = await startMcpServer();
  for (const era of ERAS) {
    const client = await connect(server.mcpUrl, era);
    clients.set(era, client);
    tools.set(era, (await client.listTools()).tools);
  }
});
test.after.always(async () => {
  for (const client of clients.values()) await client.close();
  await server?.close();
});

/** One call: its structured answer (valid against the declared schema) and its text block without the demo notice. */
async function ask(name: string, args: Record<string, unknown>, era: Era = 'modern', meta?: Record<string, unknown>): Promise<{ out: any; text: string; raw: any }> {
  const raw: any = await clients.get(era)!.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) });
  if (raw.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${errorText(raw)}`);
  const problem = validateOutput(tools.get(era)!, name, raw.structuredContent);
  if (problem) throw new Error(`${name}: ${problem}`);
  return { out: raw.structuredContent, text: (raw.content[0].text as string).replace(/^(Demo data|Datos de demostración):[^\n]*\n\n/, ''), raw };
}

async function refusal(name: string, args: Record<string, unknown>): Promise<string> {
  const raw = await clients.get('modern')!.callTool({ name, arguments: args });
  if (!raw.isError) throw new Error(`${name} ${JSON.stringify(args)} was not refused`);
  return errorText(raw);
}

/** Each Spanish text was written from the English served at the same place (null when all were). */
function pairProblems(english: readonly string[], spanish: readonly string[]): string[] {
  if (english.length !== spanish.length) return [`${english.length} English texts, ${spanish.length} Spanish`];
  return spanish.map((es, i) => servedPairProblem(english[i]!, es, catalogs)).filter((p): p is string => p !== null);
}

/** A sentence of this service's English a Spanish text must not carry (argument names and the state's words aside). */
const ENGLISH = /\b(the|homes?|left out|call again|not on file|listed|which|since then|straight-line|hospitals?\s+fit)\b/i;

/** The tools' argument and field names, which a Spanish sentence names as they are spelled. */
const NAMES = /\b(left_the_list|homes|needs|waiver|county|city|near|offset|radius_km|max_monthly_budget_usd|changed_since|candidates|facid|medi_cal_alw|price\.is_this_homes_own_rate|distance_km|observed_on|get_home)\b/g;

function spanishThroughout(t: any, texts: readonly string[]) {
  for (const text of texts) {
    t.false(ENGLISH.test(text.replace(NAMES, '')), `English left in: ${text}`);
    t.false(readsAsNo(text), `a bare No: ${text}`);
    t.false(/home\(s\)|centro\(s\)/.test(text), `a plural left open: ${text}`);
  }
}

for (const era of ERAS) {
  test(`6. Santa Clara since 2025-12-01 lists JASMINE VILLA in left_the_list, said in Spanish from the record's own closing date (${era})`, async (t) => {
    const args = { county: 'Santa Clara', changed_since: '2025-12-01' };
    const en = (await ask('find_homes', args, era)).out;
    const { out: es, text } = await ask('find_homes', { ...args, language: 'es' }, era);
    const jasmine = es.left_the_list.find((home: any) => home.name === 'JASMINE VILLA');
    t.truthy(jasmine, JSON.stringify(es.left_the_list));
    t.is(jasmine.observed_on, '2025-12-13');
    t.is(jasmine.line, 'El registro del estado da la fecha de cierre de esta licencia: 2025-12-13 (la fecha del propio registro, no del historial de cambios de este servicio).');
    t.true(jasmine.page.startsWith(`${BASE_URL}/es/facility/`), jasmine.page);
    t.regex(es.notes[0], /^1 centro de aquí cerró o salió de la lista del estado desde el 2025-12-01: está en left_the_list/);
    t.deepEqual(pairProblems(en.notes, es.notes), []);
    t.deepEqual(pairProblems(en.left_the_list.map((h: any) => h.line), es.left_the_list.map((h: any) => h.line)), []);
    spanishThroughout(t, [...es.notes, ...es.left_the_list.map((h: any) => h.line)]);
    t.true(text.includes(`- «JASMINE VILLA» (licencia ${jasmine.license_number}): ${jasmine.line}`), text);
    t.true(text.includes('\nCerrados o fuera de la lista del estado:\n'), text);
  });

  test(`6. Alameda since 2026-11-01 lists HARMONY HOUSE CARE HOME from the live record, in Spanish (${era})`, async (t) => {
    const args = { county: 'Alameda', changed_since: '2026-11-01' };
    const en = (await ask('find_homes', args, era)).out;
    const es = (await ask('find_homes', { ...args, language: 'es' }, era)).out;
    const harmony = es.left_the_list.find((home: any) => home.license_number === '015601359');
    t.is(harmony?.name, 'HARMONY HOUSE CARE HOME', JSON.stringify(es.left_the_list));
    t.regex(harmony.line, /^El registro en línea del estado, consultado el \d{4}-\d\d-\d\d, muestra "Closed, Licensee Initiated" \(licencia cerrada\); no da fecha de cierre/);
    t.regex(es.notes[0], /^2 centros de aquí cerraron o salieron de la lista del estado desde el 2026-11-01/);
    t.deepEqual(pairProblems([...en.notes, ...en.left_the_list.map((h: any) => h.line)], [...es.notes, ...es.left_the_list.map((h: any) => h.line)]), []);
    t.deepEqual(es.honesty, honestyIn('es', 'orderAlphabetical'));
  });
}

const FILTERED = { county: 'Alameda', needs: ['dementia', 'wheelchair'], waiver: true, max_monthly_budget_usd: 6000 };

test('a budget, needs and waiver ask in Spanish gets each note in Spanish, written from the English note served for the same ask', async (t) => {
  const en = (await ask('find_homes', FILTERED)).out;
  const es = (await ask('find_homes', { ...FILTERED, language: 'es' }, LEGACY[0])).out;
  t.is(es.notes.length, 5);
  t.deepEqual(pairProblems(en.notes, es.notes), []);
  spanishThroughout(t, es.notes);
  t.regex(es.notes[0], /^needs dejó fuera 19 centros de aquí cuya licencia no muestra como «sí» cada aprobación pedida \(atención para personas con demencia, residentes que no pueden salir solos del edificio \(silla de ruedas\)\)/);
  t.regex(es.notes[1], /1 de los centros de la lista no tiene una tarifa propia/);
  t.regex(es.notes[3], /^El filtro waiver dejó fuera 0 centros de aquí/);
  t.deepEqual(es.honesty, honestyIn('es', 'orderAlphabetical'));
  t.true(es.homes.length > 0 && es.homes.every((h: any) => h.page.startsWith(`${BASE_URL}/es/facility/`) && h.markdown.startsWith(`${BASE_URL}/es/facility/`)));
  // The card shows the notes without the call-again sentences, in Spanish too.
  for (const note of es.notes.map(familyNoteIn)) t.false(/Vuelva a llamar|Deje near/.test(note), note);
  t.is(answerLanguageOf(es.honesty.order), 'es');
  t.is(answerLanguageOf(en.honesty.order), 'en');
  // One home: a plural read right.
  const one = (await ask('homes_near_hospital', { hospital: 'Livermore Community Hospital', radius_km: 40, needs: ['dementia'], waiver: true, max_monthly_budget_usd: 7000, language: 'es' })).out;
  t.regex(one.notes.find((n: string) => n.startsWith('max_monthly_budget_usd dejó fuera'))!, /^max_monthly_budget_usd dejó fuera 1 centro de aquí cuya tarifa/);
});

test('the English answer of the same ask is byte for byte what it was before Spanish', async (t) => {
  const expected = JSON.parse(readFileSync(new URL('./spanish-lists-english.json', import.meta.url), 'utf8')) as { notes: string[]; text: string };
  const { out, raw } = await ask('find_homes', FILTERED);
  t.deepEqual(out.notes, expected.notes);
  t.is(raw.content[0].text, expected.text);
  // The host's locale alone (no argument, no es-* locale) keeps English.
  t.is((await ask('find_homes', FILTERED, 'modern', { 'openai/locale': 'en-US' })).raw.content[0].text, expected.text);
});

test('the text block of a Spanish answer is Spanish and says what the structured answer says: status, approvals, waiver, price, citations, distance', async (t) => {
  const ex = await examples();
  const gardenia = ex.value<string>("SELECT license_number FROM facilities WHERE name = 'GARDENIA GROVE CARE HOME II'");
  const county = ex.value<string>('SELECT county FROM facilities WHERE license_number = ?', gardenia);
  const en = await ask('find_homes', { county, limit: 50 });
  const es = await ask('find_homes', { county, limit: 50, language: 'es' });
  const lines = es.text.split('\n');
  t.regex(lines[0]!, /^\*\*\d+ centros de la lista coinciden; esta respuesta incluye del 1 al \d+/);
  t.is(lines[1], quotedTextNoteIn('es'));
  // The head, the notes and the honesty lines were each written from the English line served.
  const plain = (text: string) => text.split('\n').filter((line) => line !== '' && !/^\d+\. /.test(line));
  t.deepEqual(pairProblems(plain(en.text), plain(es.text)), []);
  t.true(es.out.homes.some((home: any) => home.license_number === gardenia));
  for (const home of es.out.homes) {
    const line = lines.find((l) => l.includes(`(licencia ${home.license_number}`))!;
    t.truthy(line, home.license_number);
    t.true(line.includes(`Estado: «${home.license.status}»`), line);
    t.true(line.includes(`Medi-Cal Assisted Living Waiver (ALW): ${home.medi_cal_alw === 'true' ? 'Sí' : 'No consta en los datos del estado'}.`), line);
    if (home.price) t.true(line.includes(home.price.line) && !home.price.line.includes("Not this home's price"), line);
    const r = home.state_record;
    if (r.tallies_since_year) t.regex(line, new RegExp(`deficiencias( \\(incumplimientos de una norma de licencia\\))? desde ${r.tallies_since_year}: Tipo A ${r.type_a_citations ?? 'No consta en los datos del estado'}, Tipo B ${r.type_b_citations ?? 'No consta en los datos del estado'}`));
    t.true(line.includes(r.documents_on_file === null ? 'documentos: No consta en los datos del estado' : `${r.documents_on_file} documento${r.documents_on_file === 1 ? '' : 's'},`), line);
    for (const key of ['dementia', 'hospice', 'non_ambulatory', 'bedridden']) {
      if (home.clearances[key] === 'true') t.regex(line, /Aprobaciones de cuidado[^.]*: Sí: /);
    }
    t.true(line.endsWith(`Página: ${home.page}`) && home.page.startsWith(`${BASE_URL}/es/`), line);
    // The record's words, the links and the price line (price-words.ts's, held by its own tests) aside.
    spanishThroughout(t, [line.replace(home.price?.line ?? '\u0000', '').replace(/«[^»]*»/g, '«»').replace(/https?:\S+/g, '')]);
  }
  t.true(lines.filter((l) => /^\d+\. /.test(l))[0]!.includes('deficiencias (incumplimientos de una norma de licencia)'), 'the first "deficiencias" is glossed');
  // Distance: the hospital list's lines carry it, in Spanish.
  const near = await ask('homes_near_hospital', { hospital: 'Livermore Community Hospital', radius_km: 40, language: 'es' });
  t.regex(near.text.split('\n')[0]!, /^\*\*\d+ centros? de la lista coincid\w+ cerca de «LIVERMORE COMMUNITY HOSPITAL»/i);
  for (const home of near.out.homes) {
    const line = near.text.split('\n').find((l) => l.includes(`(licencia ${home.license_number}`))!;
    t.true(line.includes(` · ${home.distance_km} km en línea recta${home.distance_note ? ` (${home.distance_note})` : ''}.`), line);
  }
});

test('12. a home with no state visit on record reads "No consta" in Spanish, never a zero', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; county: string }>('a listed home with no visit', 'SELECT license_number, county FROM facilities WHERE listed = 1 AND last_state_visit IS NULL ORDER BY sort_key LIMIT 1');
  const { out, text } = await ask('find_homes', { county: home.county, limit: 50, language: 'es' });
  const listed = out.homes.find((h: any) => h.license_number === home.license_number);
  t.truthy(listed, 'the home is on the first page');
  t.is(listed.state_record.latest_visit_date, null);
  const line = text.split('\n').find((l) => l.includes(`(licencia ${home.license_number}`))!;
  t.true(line.includes('última visita: No consta en los datos del estado'), line);
  t.false(/Tipo A 0|Tipo B 0/.test(line), line);
  const documents = listed.state_record.documents_on_file;
  t.true(line.includes(documents === null ? 'documentos: No consta en los datos del estado' : `Registro del estado: ${documents} documento`), line);
  t.regex(line, /deficiencias( \(incumplimientos de una norma de licencia\))? Tipo A y Tipo B: (ninguna, sin visitas del estado en el registro|No consta en los datos del estado)/);
});

test('the host\'s es-MX locale asks in Spanish without the argument, for both tools', async (t) => {
  const hosted = await ask('find_homes', FILTERED, 'modern', { 'openai/locale': 'es-MX' });
  const spanish = await ask('find_homes', { ...FILTERED, language: 'es' });
  t.deepEqual(hosted.out, spanish.out);
  t.is(hosted.text, spanish.text);
  t.regex(hosted.out.notes[0], /^needs dejó fuera 19 centros de aquí/);
  t.regex(hosted.text, /^\*\*1 centro de la lista coincide; esta respuesta incluye del 1 al 1\.\*\*\n/);
  const near = await ask('homes_near_hospital', { hospital: 'Livermore Community Hospital', radius_km: 40 }, 'modern', { 'openai/locale': 'es-MX' });
  t.deepEqual(near.out.honesty, honestyIn('es', 'orderFromHospital'));
  t.is(near.out.notes[0], 'distance_km es la distancia en línea recta desde el hospital, no la distancia en auto.');
});

test('homes_near_hospital in Spanish: notes, the hospital\'s source, the order from the hospital\'s point, candidates and refusals', async (t) => {
  const args = { hospital: 'Livermore Community Hospital', radius_km: 40, needs: ['dementia'], waiver: true, max_monthly_budget_usd: 7000 };
  const en = (await ask('homes_near_hospital', args)).out;
  const es = (await ask('homes_near_hospital', { ...args, language: 'es' }, LEGACY[0])).out;
  t.deepEqual(pairProblems(en.notes, es.notes), []);
  spanishThroughout(t, es.notes);
  t.deepEqual(es.honesty, honestyIn('es', 'orderFromHospital'));
  t.regex(en.honesty.order, /from the hospital's point/);
  t.is(servedPairProblem(en.hospital.source, es.hospital.source, catalogs), null);
  t.true(es.homes.every((h: any) => h.page.startsWith(`${BASE_URL}/es/facility/`)));
  const empty = (await ask('homes_near_hospital', { hospital: 'Livermore Community Hospital', radius_km: 0.5, language: 'es' })).out;
  t.is(empty.notes.at(-1), 'Ningún centro de la lista a 0.5 km o menos coincide; pruebe con un radius_km más amplio (hasta 50) o con menos needs.');
  const ambiguousEn = (await ask('homes_near_hospital', { hospital: 'Medical Center' })).out;
  const ambiguous = (await ask('homes_near_hospital', { hospital: 'Medical Center', language: 'es' })).out;
  t.is(ambiguous.status, 'ambiguous');
  t.deepEqual(pairProblems(ambiguousEn.notes, ambiguous.notes), []);
  t.regex(ambiguous.notes[0], /^\d+ hospitales coinciden con "Medical Center"; candidates incluye los primeros 8 por orden alfabético/);
  const notFound = await refusal('homes_near_hospital', { hospital: 'Zzyzx nothing hospital', language: 'es' });
  t.regex(notFound, /^Ningún hospital de la lista del estado de hospitales generales de cuidados agudos coincide con "Zzyzx nothing hospital"/);
  t.is(servedPairProblem(await refusal('homes_near_hospital', { hospital: 'Zzyzx nothing hospital' }), notFound, catalogs), null);
});

test('find_homes refuses in Spanish what the family asked that it cannot read: no place, an unknown county or city, a county with no home', async (t) => {
  const asks: Array<[Record<string, unknown>, RegExp]> = [
    [{}, /^Indique al menos uno de near \{latitude, longitude\}, county o city/],
    [{ county: 'Alamed' }, /^Ningún condado de California se llama «Alamed»\. Si quiso decir el condado de ALAMEDA, envíe esa forma de escribirlo\./],
    [{ city: 'Haywrd' }, /^Ningún centro de la lista está en una ciudad llamada «Haywrd»\. Si quiso decir HAYWARD \(condado de ALAMEDA\)/],
    [{ city: 'Nowhere Town' }, /^Ningún centro de la lista está en una ciudad llamada «Nowhere Town»\. Envíe la ciudad como la escribe la lista del estado/],
    [{ county: 'Fresno' }, /^Ningún centro de la lista está en el condado de FRESNO/],
  ];
  for (const [args, said] of asks) {
    const spanish = await refusal('find_homes', { ...args, language: 'es' });
    t.regex(spanish, said);
    t.is(servedPairProblem(await refusal('find_homes', args), spanish, catalogs), null, spanish);
  }
});

test('the Spanish lists keep the English answers\' size limits: 64 KB at limit 50, 24 KB for find_homes by default', async (t) => {
  const ex = await examples();
  const county = ex.value<string>('SELECT county FROM facilities WHERE listed = 1 GROUP BY county_key ORDER BY COUNT(*) DESC LIMIT 1');
  const hospital = ex.value<string>('SELECT name FROM hospitals ORDER BY name LIMIT 1');
  const bytes = (raw: any) => Buffer.byteLength(raw.content.map((p: any) => p.text ?? '').join('')) + Buffer.byteLength(JSON.stringify(raw.structuredContent));
  const sized: Array<[string, Record<string, unknown>, number]> = [
    ['find_homes', { county }, 24 * 1024],
    ['find_homes', { county, limit: 50 }, 64 * 1024],
    ['homes_near_hospital', { hospital, radius_km: 50, limit: 50 }, 64 * 1024],
    ['homes_near_hospital', { hospital, radius_km: 50, limit: 50, needs: ['wheelchair'], max_monthly_budget_usd: 30000, waiver: false }, 64 * 1024],
  ];
  for (const [name, args, limit] of sized) {
    const { raw, out } = await ask(name, { ...args, language: 'es' });
    t.true(bytes(raw) <= limit, `${name} ${JSON.stringify(args)}: ${bytes(raw)} bytes`);
    if (out.next_offset !== null && out.homes.length < (args.limit ?? 10)) t.regex(out.notes[0], /^Esta respuesta incluye \d+ de los 50 centros pedidos/);
  }
});

test('the catalog\'s English is what the rest of the service says: the needs\' approvals and the change log\'s span', (t) => {
  const byNeed = { dementia: 'needDementia', wheelchair: 'needWheelchair', hospice: 'needHospice', bedridden: 'needBedridden' } as const;
  for (const [need, key] of Object.entries(byNeed)) t.is(LIST_ANSWER_WORDS[key].en as string, NEED_WORDS[need]!.approval, need);
  t.is(fill(LIST_ANSWER_WORDS.logSpan.en, { date: '2026-01-02' }), changeLogSpanWords('2026-01-02'));
  t.is(LIST_ANSWER_WORDS.logSpanUndated.en as string, changeLogSpanWords(null));
});
