// check_homes and compare_homes asked in Spanish (issue 51), through the official SDK client in
// both eras: the display and text blocks, the honesty block, each home's sentences and the rows
// are the catalog's Spanish, written from the English served for the same ask; the state's own
// words stay verbatim, links go to /es pages, a missing count reads "No consta", never 0; the
// English answers (MCP and POST /api/v1/check) are unchanged.
import test from 'ava';
import type { Client } from '@modelcontextprotocol/client';
import { examples } from '../helpers/examples.ts';
import { postJson } from '../helpers/server.ts';
import { BASE_URL, connect, errorText, startMcpServer, validateOutput, type McpTestServer } from './helpers.ts';
import { servedPairProblem, writtenFrom as writtenFromCatalogs, type Entry } from '../../serve/words/catalog.ts';

import { ALL_CATALOGS } from '../../serve/words/catalogs.ts';
import { CHECK_WORDS, stateRecordWordsIn } from '../../serve/words/check-words.ts';
import { COMPARE_ROW_WORDS } from '../../serve/words/card-words.ts';
import { SHARED_WORDS } from '../../serve/words/family-words.ts';
import { honestyIn } from '../../serve/words/handoff-words.ts';
import { readsAsNo } from '../../serve/words/home-words.ts';
import { priceLineIn } from '../../serve/words/price-words.ts';
import { quotedTextNoteIn } from '../../serve/words/quote.ts';
import { RECORD_WORDS } from '../../serve/words/record-words.ts';
import { stateRecordWords } from '../../serve/words/wording.ts';
import { escapeMarkdownInline } from '../../serve/words/quote.ts';

/** Whether a Spanish text was written from the English served beside it, by every catalog (serve/words/catalog.ts). */
const writtenFrom = (english: string, spanish: string) => writtenFromCatalogs(english, spanish, Object.values(ALL_CATALOGS));

let server: McpTestServer;
let modern: Client;
let legacy: Client;
let tools: Array<{ name: string; outputSchema?: unknown }>;
test.before(async () => {
  server = await startMcpServer();
  modern = await connect(server.mcpUrl, 'modern');
  legacy = await connect(server.mcpUrl, '2025-06-18');
  tools = (await modern.listTools()).tools;
  await legacy.listTools();
});
test.after.always(async () => {
  await modern?.close();
  await legacy?.close();
  await server?.close();
});

/** A tool's answer: its structured result (checked against the declared schema) and its text block. */
async function ask(client: Client, name: string, args: Record<string, unknown>, meta?: Record<string, unknown>): Promise<{ out: any; text: string }> {
  const result: any = await client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) });
  if (result.isError) throw new Error(`${name}: ${errorText(result)}`);
  const problem = validateOutput(tools, name, result.structuredContent);
  if (problem) throw new Error(`${name}: ${problem}`);
  return { out: result.structuredContent, text: result.content[0].text };
}

/** The display's lines in both languages, numbered lines without their input (`1. "..."`: the family's words). */
function linePairs(english: string, spanish: string): Array<[string, string]> {
  const en = english.split('\n');
  const es = spanish.split('\n');
  if (en.length !== es.length) throw new Error(`${en.length} English lines, ${es.length} Spanish`);
  const body = (line: string) => line.replace(/^\d+\. "[^"]*": /, '');
  return en.map((line, i) => [body(line), body(es[i]!)]);
}

/**
 * Whether a Spanish text reads "No" for a value (readsAsNo); the price sentence that says a figure
 * is not this home's price ("No es el precio de este centro", price-words.ts) is a true negative, and
 * the demo notice says the demo homes are not real ones.
 */
const saysNo = (text: string) => readsAsNo(text.replaceAll('No es el precio de este centro', '').replace(/^> \*\*Datos de demostración.*$/m, ''));

async function licenses(sql: string): Promise<string[]> {
  return (await examples()).all<{ license_number: string }>(`SELECT license_number FROM facilities WHERE ${sql}`).map((row) => row.license_number);
}

const OPEN = "listed = 1 AND closed = 0 AND license_status = 'LICENSED'";

test('issue 51 point 4 in Spanish: "¿acepta Medi-Cal?" for GARDENIA GROVE CARE HOME II: the text block says the waiver, the price with its source and age, and the citations, in Spanish', async (t) => {
  const { out, text } = await ask(modern, 'check_homes', { homes: ['GARDENIA GROVE CARE HOME II'], language: 'es' });
  const english = await ask(modern, 'check_homes', { homes: ['GARDENIA GROVE CARE HOME II'] });
  const home = out.results[0].home;
  t.is(out.results[0].status, 'matched');
  t.is(home.medi_cal_alw.value, 'true');
  t.true(text.startsWith(`${SHARED_WORDS.demo.es.text}\n\n${quotedTextNoteIn('es')}\n\n`), text.slice(0, 300));
  const line = text.split('\n').find((l) => l.startsWith('1. '))!;
  t.true(line.includes(`Lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW): Sí (al ${home.medi_cal_alw.list_as_of}).`), line);
  t.true(line.includes(`Precio: ${escapeMarkdownInline(priceLineIn(english.out.results[0].home.price, 'es')!)}`), line);
  t.is(home.price.line, priceLineIn(english.out.results[0].home.price, 'es'));
  t.true(home.price.line.startsWith('No es el precio de este centro'), home.price.line);
  const r = home.state_record;
  t.true(line.includes(`deficiencias desde ${r.tallies_since_year}: Tipo A ${r.type_a_citations}, Tipo B ${r.type_b_citations}`), line);
  t.true(line.includes('Estado de la licencia: «LICENSED» — Con licencia.'), line);
  // The structured home says the same in Spanish, its pages the Spanish twins; fields and values as in English.
  t.is(home.medi_cal_alw.line, `Aparece en la lista del estado del programa de Medi-Cal Assisted Living Waiver (ALW) al ${home.medi_cal_alw.list_as_of}.`);
  t.is(home.medi_cal_alw.scope, RECORD_WORDS.waiverScope.es.text);
  t.true(home.page.startsWith(`${BASE_URL}/es/facility/`) && home.markdown.startsWith(`${BASE_URL}/es/facility/`));
  t.is(out.honesty.order, CHECK_WORDS.order.es.text);
  t.deepEqual({ ...out.honesty, order: null }, { ...honestyIn('es', 'orderAsSent'), order: null });
  t.deepEqual(Object.keys(out).sort(), Object.keys(english.out).sort());
  t.is(home.license_status, english.out.results[0].home.license_status);
  t.is(english.out.results[0].home.page.replace(`${BASE_URL}/`, `${BASE_URL}/es/`), home.page);
  // The English line is as it was before Spanish came: word for word.
  const en = english.out.results[0].home;
  t.is(
    english.text.split('\n').find((l) => l.startsWith('1. '))!,
    `1. "GARDENIA GROVE CARE HOME II": **«GARDENIA GROVE CARE HOME II»** (license ${en.license_number}, «ELK GROVE», «SACRAMENTO» County). Status: «LICENSED». ` +
      `Care approvals as of ${en.clearances.as_of}: dementia yes; hospice yes; non-ambulatory yes; bedridden yes. ` +
      `Medi-Cal Assisted Living Waiver list: yes (as of ${en.medi_cal_alw.list_as_of}). Price: ${en.price.line} State record: ${stateRecordWords(en.state_record)}.`,
  );
});

test('every line of a Spanish check display was written from the English line served for the same ask (matched, closed, pending, no visit, ambiguous, not found, a duplicate), in both eras', async (t) => {
  const [gardenia] = await licenses("name = 'GARDENIA GROVE CARE HOME II'");
  const [noVisit] = await licenses('listed = 1 AND last_state_visit IS NULL ORDER BY sort_key LIMIT 1');
  const [pending] = await licenses("license_status = 'PENDING' AND hospice = 'true' ORDER BY license_number LIMIT 1");
  const [closed] = await licenses('closed = 1 AND license_status_live IS NOT NULL ORDER BY license_number LIMIT 1');
  const [oneDocument] = await licenses(`${OPEN} AND documents_count = 1 LIMIT 1`);
  const homes = [gardenia, noVisit, pending, closed, '015601359', oneDocument, 'Acacia Court', 'Zzyzx Qwerty Home', 'HARMONY HOUSE CARE HOME', 'Sunrise Villa, Hayward', ` ${gardenia}`];
  for (const client of [modern, legacy]) {
    const es = await ask(client, 'check_homes', { homes, language: 'es' });
    const en = await ask(client, 'check_homes', { homes });
    t.deepEqual(es.out.counts, en.out.counts);
    t.deepEqual(es.out.results.map((r: any) => r.status), en.out.results.map((r: any) => r.status));
    // Each price line is the price catalog's (test/words/price-words.test.ts holds its English to the
    // served line): the Spanish one must be priceLineIn's for the English price; the rest of the line is read here.
    let [enDisplay, esDisplay] = [en.out.display as string, es.out.display as string];
    for (const [i, result] of en.out.results.entries()) {
      const price = result.home?.price;
      if (!price) continue;
      const spanishLine = priceLineIn(price, 'es')!;
      t.is(es.out.results[i].home.price.line, spanishLine);
      enDisplay = enDisplay.replace(escapeMarkdownInline(price.line), 'PRICE');
      esDisplay = esDisplay.replace(escapeMarkdownInline(spanishLine), 'PRICE');
    }
    const pairs = linePairs(enDisplay, esDisplay);
    for (const [english, spanish] of pairs) {
      if (english === '') continue;
      t.not(spanish, english, `still English: ${english}`);
      t.true(writtenFrom(english, spanish), `not written from the English served:\n${english}\n${spanish}`);
      t.false(saysNo(spanish), spanish);
    }
    // The lines the served check reads whole (the summary, the honesty sentences) it holds too.
    for (const [english, spanish] of [pairs[2]!, ...pairs.slice(-3)]) t.is(servedPairProblem(english, spanish, Object.values(ALL_CATALOGS)), null);
  }
});

test('a closed license and a PENDING application read in Spanish as history and as applied for, never a current "Sí"', async (t) => {
  const [pending] = await licenses("license_status = 'PENDING' AND hospice = 'true' ORDER BY license_number LIMIT 1");
  const [closed] = await licenses("closed = 1 AND hospice = 'true' ORDER BY license_number LIMIT 1");
  const { out } = await ask(legacy, 'check_homes', { homes: [pending, closed], language: 'es' });
  const lines = out.display.split('\n');
  const pendingLine = lines.find((l: string) => l.includes(`licencia ${pending}`))!;
  t.true(pendingLine.includes(RECORD_WORDS.pending.es.text), pendingLine);
  t.true(pendingLine.includes('Aprobaciones de cuidado que pide la solicitud'), pendingLine);
  t.true(pendingLine.includes('cuidado de hospicio (hospice): solicitada, todavía no aprobada'), pendingLine);
  t.false(/\): Sí[;.]|demencia: Sí/.test(pendingLine), pendingLine);
  t.true(pendingLine.includes('«PENDING» — Solicitud en trámite (todavía no tiene licencia)'), pendingLine);
  const closedLine = lines.find((l: string) => l.includes(`licencia ${closed}`))!;
  t.true(closedLine.includes(`${SHARED_WORDS.heldWhileOpen.es.text} aprobaciones de cuidado`), closedLine);
  t.true(closedLine.includes(RECORD_WORDS.closedPhone.es.text), closedLine);
  t.regex(closedLine, /Esta licencia se cerró el \d{4}-\d\d-\d\d\.|El registro en línea del estado/);
  const home = out.results.find((r: any) => r.home?.license_number === closed).home;
  t.true(home.clearances.closed_note.startsWith('Esta licencia se cerró') || home.clearances.closed_note.startsWith('El registro en línea'), home.clearances.closed_note);
  t.false(/[A-Za-z]+ (is|was|the) /.test(home.clearances.closed_note), home.clearances.closed_note);
});

test('a count the record lacks reads "No consta", never 0; one document reads singular; the home with no visit reads none, with no visit on record', async (t) => {
  const noDocuments = { documents_on_file: null, latest_visit_date: null, type_a_citations: null, type_b_citations: null, tallies_since_year: null };
  t.is(stateRecordWordsIn('es', noDocuments), 'documentos del estado: no consta en los datos del estado, última visita del estado: no consta en los datos del estado, deficiencias Tipo A y Tipo B: no consta en los datos del estado');
  t.is(stateRecordWordsIn('en', noDocuments), stateRecordWords(noDocuments));
  t.false(/\b0\b/.test(stateRecordWordsIn('es', noDocuments)));
  const [noVisit] = await licenses('listed = 1 AND last_state_visit IS NULL AND type_a_citations = 0 ORDER BY sort_key LIMIT 1');
  const [oneDocument] = await licenses(`${OPEN} AND documents_count = 1 LIMIT 1`);
  const { out } = await ask(modern, 'check_homes', { homes: [noVisit, oneDocument], language: 'es' });
  const lines: string[] = out.display.split('\n');
  const first = lines.find((line) => line.includes(`licencia ${noVisit}`))!;
  const second = lines.find((line) => line.includes(`licencia ${oneDocument}`))!;
  t.true(first.includes('última visita del estado: no consta en los datos del estado, deficiencias Tipo A y Tipo B: ninguna, y no consta ninguna visita del estado.'), first);
  t.false(/Tipo A 0|Tipo B 0/.test(first), first);
  t.true(second.includes('Registro del estado: 1 documento del estado,'), second);
  // compare_homes reads the same.
  const compared = await ask(modern, 'compare_homes', { license_numbers: [noVisit, oneDocument], language: 'es' });
  const column = compared.out.columns.findIndex((c: any) => c.license_number === noVisit);
  const typeA = compared.out.rows.find((r: any) => r.key === 'state_record.type_a_citations');
  t.is(typeA.values[column], 'ninguna, y no consta ninguna visita del estado');
});

test('ambiguous and not-found entries say so in Spanish, their candidates linked to /es pages', async (t) => {
  const { out } = await ask(modern, 'check_homes', { homes: ['HARMONY HOUSE CARE HOME', 'Acacia Court', 'Zzyzx Qwerty Home'], language: 'es' });
  const lines = out.display.split('\n');
  t.true(lines.includes(`3. "Zzyzx Qwerty Home": ${CHECK_WORDS.notFound.es.text}`));
  t.regex(lines.find((l: string) => l.startsWith('1. '))!, /^1\. "HARMONY HOUSE CARE HOME": sin coincidencia exacta; podría ser uno de estos, pregunte cuál: «HARMONY HOUSE CARE HOME» \(licencia \d{9}, /);
  t.regex(lines.find((l: string) => l.startsWith('2. '))!, /^2\. "Acacia Court": sin coincidencia exacta; el nombre más parecido .* pregunte si es el centro que busca: «ACACIA COURT/);
  for (const result of out.results.filter((r: any) => r.status === 'ambiguous')) {
    for (const candidate of result.candidates) {
      t.true(candidate.links.page.startsWith(`${BASE_URL}/es/facility/`), candidate.links.page);
      t.true(candidate.links.corrections.startsWith(`${BASE_URL}/es/corrections`), candidate.links.corrections);
      t.true(candidate.links.state_record.startsWith('https://www.ccld.dss.ca.gov/'));
    }
  }
  t.regex(out.display, /^> \*\*Datos de demostración/);
  t.regex(out.display, /\*\*Se revisaron 3 centros en el registro de licencias del estado \(registro del estado cargado el \d{4}-\d\d-\d\d\)\.\*\* Coinciden: 0; hay que elegir: 2; no se encontraron: 1\./);
});

test('the host\'s locale asks check_homes and compare_homes for Spanish without the argument; the argument wins over it', async (t) => {
  const [a, b] = await licenses(`${OPEN} ORDER BY sort_key LIMIT 2`);
  const meta = { 'openai/locale': 'es-MX' };
  const hosted = await ask(modern, 'check_homes', { homes: [a] }, meta);
  const argued = await ask(modern, 'check_homes', { homes: [a], language: 'es' });
  t.is(hosted.out.display, argued.out.display);
  t.is(hosted.text, argued.text);
  t.true(hosted.out.results[0].home.page.startsWith(`${BASE_URL}/es/`));
  const english = await ask(modern, 'check_homes', { homes: [a], language: 'en' }, meta);
  t.true(english.out.display.includes('**Checked 1 home against the state licensing record'));
  const compared = await ask(legacy, 'compare_homes', { license_numbers: [a, b] }, meta);
  t.is(compared.out.honesty.order, honestyIn('es', 'orderColumns').order);
});

test('issue 51 point 5 in Spanish: compare_homes rows read in Spanish words, no raw true/false and no bare "No"; labels, honesty, links and text block in Spanish, each written from the English served', async (t) => {
  const [gardenia] = await licenses("name = 'GARDENIA GROVE CARE HOME II'");
  const [noVisit] = await licenses('listed = 1 AND last_state_visit IS NULL ORDER BY sort_key LIMIT 1');
  const [closed] = await licenses("closed = 1 AND hospice = 'true' ORDER BY license_number LIMIT 1");
  const [pending] = await licenses("license_status = 'PENDING' ORDER BY license_number LIMIT 1");
  const args = { license_numbers: [gardenia, noVisit, closed, pending] };
  for (const client of [legacy, modern]) {
    const es = await ask(client, 'compare_homes', { ...args, language: 'es' });
    const en = await ask(client, 'compare_homes', args);
    t.deepEqual(es.out.rows.map((r: any) => r.key), en.out.rows.map((r: any) => r.key));
    t.deepEqual(es.out.columns.map((c: any) => c.license_number), en.out.columns.map((c: any) => c.license_number));
    t.deepEqual(es.out.honesty, honestyIn('es', 'orderColumns'));
    for (const [i, row] of es.out.rows.entries()) {
      const english = en.out.rows[i];
      t.is(row.label, (COMPARE_ROW_WORDS as Record<string, Entry>)[row.key]!.es.text);
      t.is(english.label, (COMPARE_ROW_WORDS as Record<string, Entry>)[row.key]!.en);
      for (const [j, value] of row.values.entries()) {
        t.false(value === 'true' || value === 'false' || typeof value === 'boolean', `${row.key}: ${value}`);
        t.false(saysNo(String(value)), `${row.key}: ${value}`);
        t.true(writtenFrom(String(english.values[j]).replaceAll(`${BASE_URL}/`, `${BASE_URL}/es/`), String(value)), `${row.key}:\n${english.values[j]}\n${value}`);
        if (row.key.startsWith('clearances.') && row.key !== 'clearances.as_of') t.regex(value, /^(Sí|No consta en los datos del estado) \(/, `${row.key}: ${value}`);
      }
    }
    t.true(es.out.columns.every((c: any) => c.links.page.startsWith(`${BASE_URL}/es/facility/`)));
    const closedColumn = es.out.columns.find((c: any) => c.license_number === closed);
    t.true(closedColumn.clearances.closed_note.startsWith('Esta licencia se cerró') || closedColumn.clearances.closed_note.startsWith('El registro en línea'));
    // The text block: the same rows in words, and every line written from the English served.
    t.true(es.text.includes(quotedTextNoteIn('es')));
    for (const row of es.out.rows) t.true(es.text.includes(`- **${row.label}**: 1. ${escapeMarkdownInline(String(row.values[0]))}`), row.key);
    for (const [english, spanish] of linePairs(en.text.replaceAll(`${BASE_URL}/`, `${BASE_URL}/es/`), es.text)) {
      if (english === '') continue;
      t.not(spanish, english);
      // A row line: its label, then each home's value after its number.
      const row = (line: string) => /^- \*\*(.*?)\*\*: (.*)$/.exec(line);
      const [enRow, esRow] = [row(english), row(spanish)];
      if (enRow && esRow) {
        t.true(writtenFrom(enRow[1]!, esRow[1]!), esRow[1]!);
        const values = (text: string) => text.split(/; (?=\d+\. )/);
        t.is(values(esRow[2]!).length, values(enRow[2]!).length);
        values(esRow[2]!).forEach((value, i) => t.true(writtenFrom(values(enRow[2]!)[i]!, value), `${english}\n${spanish}`));
        continue;
      }
      t.true(writtenFrom(english, spanish), `not written from the English served:\n${english}\n${spanish}`);
    }
    t.true(en.text.includes('**4 homes side by side** (Columns alphabetical by home name, then license number. Nothing is ranked.)'));
  }
});

test('the English answers stay English: check_homes\' display is POST /api/v1/check\'s, word for word; no Spanish in either English answer', async (t) => {
  const [a] = await licenses(`${OPEN} ORDER BY sort_key LIMIT 1`);
  const [closed] = await licenses('closed = 1 ORDER BY license_number LIMIT 1');
  const homes = [a, closed, 'Acacia Court', 'Zzyzx Qwerty Home'];
  const mcp = await ask(modern, 'check_homes', { homes });
  const rest = await postJson(`${server.url}/api/v1/check`, { homes });
  t.is(rest.status, 200);
  t.is(rest.body.data.display, mcp.out.display);
  t.deepEqual(rest.body.data.results, mcp.out.results);
  t.deepEqual(rest.body.data.honesty, mcp.out.honesty);
  t.is(mcp.out.honesty.order, 'Results are in the order the inputs were sent.');
  for (const text of [mcp.text, rest.body.data.display]) t.false(/ centro|consta|licencia|Sí\b/.test(text), text);
  t.true(mcp.out.results[0].home.page.startsWith(`${BASE_URL}/facility/`));
  const compared = await ask(modern, 'compare_homes', { license_numbers: [a, closed] });
  t.false(/ centro|consta|Sí\b/.test(compared.text), compared.text);
  t.is(compared.out.rows[0].label, "License status (the state's roster, verbatim)");
});

test('a Spanish check of 100 licenses (plain and with detail) and a Spanish comparison of 10 stay within the answer size limits; what does not fit is handed back, said in Spanish', async (t) => {
  const ex = await examples();
  const hundred = ex.all<{ license_number: string }>('SELECT license_number FROM facilities ORDER BY license_number LIMIT 100').map((r) => r.license_number);
  const ten = await licenses('closed = 1 ORDER BY sort_key LIMIT 10');
  const bytes = (answer: { out: any; text: string }) => Buffer.byteLength(answer.text) + Buffer.byteLength(JSON.stringify(answer.out));
  for (const [detail, limit] of [[false, 64 * 1024], [true, 128 * 1024]] as const) {
    const answer = await ask(modern, 'check_homes', { homes: hundred, detail, language: 'es' });
    t.true(bytes(answer) <= limit, `detail ${detail}: ${bytes(answer)} bytes`);
    const fit = answer.out.results.length;
    t.true(fit >= 1 && fit < 100);
    t.is(answer.out.unchecked.length, 100 - fit);
    t.true(answer.out.display.includes(`**Esta respuesta revisa los primeros ${fit} de los 100 centros enviados`), answer.out.display.slice(0, 600));
  }
  t.is(ten.length, 10);
  const compared = await ask(modern, 'compare_homes', { license_numbers: ten, language: 'es' });
  t.true(bytes(compared) <= 128 * 1024, `${bytes(compared)} bytes`);
});

test('compare_homes refuses a license not on the roster in the language asked, naming it; an argument-shape refusal stays English', async (t) => {
  const [a] = await licenses(`${OPEN} ORDER BY sort_key LIMIT 1`);
  const refusal = async (args: Record<string, unknown>) => {
    const result: any = await modern.callTool({ name: 'compare_homes', arguments: args });
    t.true(result.isError);
    // The refusal's own sentence (the demo notice follows it on a demo server).
    return errorText(result).split('\n')[0]!;
  };
  const spanish = await refusal({ license_numbers: [a, '999999999'], language: 'es' });
  const english = await refusal({ license_numbers: [a, '999999999'] });
  t.is(english, 'No home with license number 999999999 is on the state roster. Check it, or look homes up by name with check_homes or search, then send only license numbers that matched.');
  t.is(spanish, CHECK_WORDS.notOnRosterOne.es.text.replace('{licenses}', '999999999'));
  t.is(servedPairProblem(english, spanish, Object.values(ALL_CATALOGS)), null);
  t.regex(await refusal({ license_numbers: [a], language: 'es' }), /license_numbers must be a list of 2 to 10 license numbers/);
});
