// Spanish as a language of the MCP service (issue 51): every tool that takes `language` answers a
// Spanish ask with no sentence of the service left in English, over many seed homes of every kind.
// Each answer is read against the English answer of the same ask, through the official SDK client:
// - every string that differs was written (catalog.ts servedPairProblem) from the English served
//   beside it, so no Spanish lags its English;
// - a string that is the same in both is the record's own words, a name, a link or a value, never
//   an English sentence of ours;
// - the text block carries no English sentence of the catalogs;
// - every link to this service's pages points to its /es twin.
import test from 'ava';
import { examples } from '../helpers/examples.ts';
import { BASE_URL } from '../helpers/server.ts';
import { askingClient } from './helpers.ts';
import { say, servedPairProblem } from '../../serve/words/catalog.ts';
import { ALL_CATALOGS } from '../../serve/words/catalogs.ts';
import { readsAsNo } from '../../serve/words/home-words.ts';
import { SHARED_WORDS } from '../../serve/words/family-words.ts';

const DEMO_ES = say(SHARED_WORDS.demo, 'es');

const CATALOGS = Object.values(ALL_CATALOGS);

/** Keys whose values are the record's own words or values (the state writes them in English), never our sentences. */
const RECORD_KEYS = new Set([
  'name', 'licensed_name', 'city', 'county', 'street', 'zip', 'status', 'status_live', 'facility_type', 'title', 'type', 'text',
  'finding', 'section', 'codes', 'number', 'site', 'url', 'page', 'markdown', 'corrections', 'state_record_url', 'history_url',
  'old_value', 'new_value', 'field', 'input', 'ref', 'control_number', 'licensee', 'hospital', 'query', 'id',
]);

/** A string reads as an English sentence of ours: several words and an English function word. */
const looksEnglish = (text: string) => /\s/.test(text) && /\b(?:the|is|are|not|of|this|home|homes|with|from|on file)\b/.test(text);

/** The Spanish link of a page of this service is its English one under /es. */
const plain = (text: string) => text.replaceAll(`${BASE_URL}/es/`, `${BASE_URL}/`);

function problemsOf(en: unknown, es: unknown, at: string, key = ''): string[] {
  if (typeof en === 'string' && typeof es === 'string') {
    if (en.startsWith(`${BASE_URL}/`) && /\/(?:facility|corrections|plan)\b/.test(en) && !es.startsWith(`${BASE_URL}/es/`)) return [`${at}: links the English page ${es}`];
    if (plain(en) === plain(es)) return !RECORD_KEYS.has(key) && looksEnglish(es) ? [`${at}: left in English: "${es.slice(0, 160)}"`] : [];
    if (RECORD_KEYS.has(key)) return [];
    const problem = servedPairProblem(plain(en), plain(es), CATALOGS);
    return problem ? [`${at}: ${problem.slice(0, 400)}`] : [];
  }
  if (Array.isArray(en) && Array.isArray(es)) {
    if (en.length !== es.length) return [`${at}: ${en.length} items in English, ${es.length} in Spanish`];
    return en.flatMap((value, i) => problemsOf(value, es[i], `${at}[${i}]`, key));
  }
  if (en && es && typeof en === 'object' && typeof es === 'object') {
    const keys = Object.keys(en as object);
    const missing = keys.filter((k) => !(k in (es as object)));
    if (missing.length > 0) return [`${at}: the Spanish answer lacks ${missing.join(', ')}`];
    return keys.flatMap((k) => problemsOf((en as any)[k], (es as any)[k], `${at}.${k}`, k));
  }
  return en === es ? [] : [`${at}: the value differs (${JSON.stringify(en)} / ${JSON.stringify(es)})`];
}

/** The English sentences of the catalogs, as their literal runs of four words or more (places cut out). */
const ENGLISH_RUNS: string[] = (() => {
  const runs = new Set<string>();
  for (const catalog of CATALOGS) {
    for (const entry of Object.values(catalog)) {
      // Sentence by sentence, so a leftover is found whatever the sentences around it.
      for (const piece of entry.en.split(/\{\w+\}|(?<=[.;:?!])\s+/)) {
        const run = piece.trim();
        // A run the Spanish keeps (a program's English name) is no leftover.
        if (run.split(/\s+/).length >= 4 && !entry.es.text.includes(run)) runs.add(run);
      }
    }
  }
  return [...runs];
})();

/** Our English left in a Spanish text block, outside the record's quoted words. */
function englishInText(text: string): string[] {
  const ours = text.replace(/«[^»]*»/g, '«»').replace(/```[\s\S]*?```/g, '');
  return ENGLISH_RUNS.filter((run) => ours.includes(run)).map((run) => `"${run}"`);
}

const asking = askingClient(test);

/** One ask in both languages: the structured answers compared, the Spanish text block read. */
async function bothLanguages(name: string, args: Record<string, unknown>): Promise<string[]> {
  const client = asking.state.client;
  const [en, es] = await Promise.all([
    client.callTool({ name, arguments: args }),
    client.callTool({ name, arguments: { ...args, language: 'es' } }),
  ]);
  const at = `${name} ${JSON.stringify(args).slice(0, 80)}`;
  if (en.isError || es.isError) return [`${at}: refused (${JSON.stringify((es.content as any)[0]?.text ?? (en.content as any)[0]?.text).slice(0, 200)})`];
  const text = (es.content as Array<{ text?: string }>).map((part) => part.text ?? '').join('\n');
  // A rendered text block (not the JSON) reads no value as a bare "No": the record's quoted words and the demo notice aside.
  // (The price sentence "No es el precio de este centro" and the demo notice's "No son centros reales" are true negatives.)
  const ours = text.startsWith('{') ? '' : text.replace(/```[\s\S]*?```/g, '').replace(/«[^»]*»/g, '«»').replaceAll(DEMO_ES, '').replace(/^> \*\*Datos de demostración.*$/m, '').replaceAll('No es el precio de este centro', '');
  const noes = ours.split('\n').filter(readsAsNo).map((line) => `${at} text: a bare "No": ${line.slice(0, 160)}`);
  return [
    ...problemsOf(en.structuredContent, es.structuredContent, at),
    ...englishInText(text).map((run) => `${at} text: English left: ${run}`),
    ...noes,
  ];
}

/** Seed homes of every kind a family meets: closed by the roster or the live record, pending, probation, waiver, prices of each kind, documents. */
async function homesOfEveryKind(): Promise<string[]> {
  const ex = await examples();
  const picks = [
    "closed = 1 AND license_status NOT LIKE 'CLOSED%'",
    "closed = 1 AND closed_date IS NOT NULL",
    "license_status LIKE 'PENDING%'",
    "license_status LIKE '%PROBATION%'",
    "license_status LIKE '%INCREASE%'",
    "alw_participation = 'true'",
    "location_method = 'zip_centroid'",
    "license_number IN (SELECT license_number FROM reports GROUP BY license_number ORDER BY COUNT(*) DESC LIMIT 2)",
    "documents_count IS NULL",
    "home_json LIKE '%\"kind\":\"home_listed\"%'",
    "home_json LIKE '%\"kind\":\"home_confirmed\"%'",
    "home_json LIKE '%\"kind\":\"covelight_estimate\"%'",
    "home_json LIKE '%\"kind\":\"area_typical\"%'",
    "home_json LIKE '%\"price\":null%'",
    "home_json LIKE '%client-served code%'",
  ];
  const licenses = new Set<string>();
  for (const where of picks) {
    let rows: Array<{ license_number: string }> = [];
    try {
      rows = ex.all<{ license_number: string }>(`SELECT license_number FROM facilities WHERE ${where} ORDER BY license_number LIMIT 2`);
    } catch {
      // A column the seed snapshot lacks: that kind is covered by the others.
    }
    for (const row of rows) licenses.add(row.license_number);
  }
  return [...licenses];
}

test('get_home and get_state_documents: a Spanish ask leaves no sentence of the service in English, for homes of every kind', async (t) => {
  const homes = await homesOfEveryKind();
  t.true(homes.length >= 12, `seed homes of every kind: ${homes.length}`);
  const problems: string[] = [];
  for (const license of homes) {
    problems.push(...(await bothLanguages('get_home', { license_number: license })));
    problems.push(...(await bothLanguages('get_state_documents', { license_number: license, include_text: true, limit: 3 })));
  }
  t.deepEqual(problems, []);
});

test('the checker catches what it is for: English left in a Spanish answer, a Spanish lagging its English, an English link', (t) => {
  const en = { note: 'This license is closed. Care approvals and waiver values are what the record held while it was open; they are history, not current approvals.', links: { page: `${BASE_URL}/facility/x-1` } };
  t.deepEqual(problemsOf(en, en, 'a').length, 2);
  const stale = { ...en, note: 'Esta licencia se cerró el 2026-01-01. Las aprobaciones de cuidado y el programa Assisted Living Waiver son lo que decía el registro mientras la licencia estaba vigente; son historial, no aprobaciones actuales.', links: { page: `${BASE_URL}/es/facility/x-1` } };
  t.is(problemsOf(en, stale, 'a').length, 1, 'a dated Spanish beside an undated English is caught');
  t.true(englishInText('No consta. Open beds are never in this data: no website knows which homes have an open bed today.').length > 0);
  t.deepEqual(englishInText('Citado: «Open beds are never in this data: no website knows»'), []);
});

test('find_homes, homes_near_hospital, check_homes and compare_homes: a Spanish ask leaves no sentence of the service in English', async (t) => {
  const ex = await examples();
  const county = ex.value<string>('SELECT county FROM facilities WHERE listed = 1 GROUP BY county_key ORDER BY COUNT(*) DESC LIMIT 1');
  const city = ex.value<string>('SELECT city FROM facilities WHERE listed = 1 GROUP BY city ORDER BY COUNT(*) DESC LIMIT 1');
  const hospital = ex.value<string>('SELECT name FROM hospitals ORDER BY name LIMIT 1');
  const homes = await homesOfEveryKind();
  const listed = ex.all<{ license_number: string; name: string }>('SELECT license_number, name FROM facilities WHERE listed = 1 ORDER BY sort_key LIMIT 6');
  const asks: Array<[string, Record<string, unknown>]> = [
    ['find_homes', { county }],
    ['find_homes', { city, needs: ['dementia', 'wheelchair'], waiver: true, max_monthly_budget_usd: 5000 }],
    ['find_homes', { county, changed_since: '2025-01-01' }],
    ['homes_near_hospital', { hospital, radius_km: 30, max_monthly_budget_usd: 6000 }],
    ['homes_near_hospital', { hospital: 'Medical Center' }],
    // check_homes' display is read line by line in test/mcp/spanish-check.test.ts; here a few entries of each kind.
    ['check_homes', { homes: [homes[0]!, homes[2]!, listed[0]!.name, 'zzzz nothing like it'] }],
    ['compare_homes', { license_numbers: homes.slice(0, 4) }],
    ['compare_homes', { license_numbers: listed.slice(0, 3).map((home) => home.license_number) }],
  ];
  const problems: string[] = [];
  for (const [name, args] of asks) problems.push(...(await bothLanguages(name, args)));
  t.deepEqual(problems, []);
});
