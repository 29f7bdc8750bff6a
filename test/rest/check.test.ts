// POST /api/v1/check: matching per entry (license, exact name, did-you-mean), never a guess,
// input order, duplicate merge, detail, closed licenses, X-Client-Name.
import { quoted } from '../../serve/words/quote.ts';
import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import Database from 'better-sqlite3';
import { nameKey } from '../../contract/names.ts';
import { MAX_CANDIDATES } from '../../serve/shape/check.ts';
import { NOT_FOUND_SAID } from '../../serve/shape/check-display.ts';
import { DEMO_SENTENCE } from '../../serve/words/wording.ts';
import { examples } from '../helpers/examples.ts';
import { BASE_URL, call, postJson, startServer, type TestServer } from '../helpers/server.ts';
import { snapshotDir } from '../helpers/snapshot.ts';

let server: TestServer;
test.before(async () => {
  server = await startServer();
});
test.after.always(async () => {
  await server?.close();
});

const filled = (json: string) => JSON.parse(json.replaceAll('{base_url}', BASE_URL));
async function check(homes: unknown[], extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  const reply = await postJson(`${server.url}/api/v1/check`, { homes, ...extra }, headers);
  if (reply.status !== 200) throw new Error(`${reply.status} ${reply.text}`);
  return reply;
}
async function one(input: string) {
  const reply = await check([input]);
  return reply.body.data.results[0];
}

/** A name key carried by exactly one license (goes-by or licensed), with its row. */
async function uniqueName() {
  const ex = await examples();
  return ex.one<{ license_number: string; name: string; licensed_name: string; home_json: string }>(
    'a license whose name no other license shares',
    `SELECT license_number, name, licensed_name, home_json FROM facilities f
     WHERE length(name) >= 8
       AND (SELECT COUNT(*) FROM facilities g WHERE g.name_key = f.name_key OR g.licensed_name_key = f.name_key) = 1
     ORDER BY license_number`,
  );
}


/** The display's lines after the demo notice the seeds' snapshot opens it with (held in test/demo.test.ts). */
function displayLines(t: any, display: string): any[] {
  const [notice, blank, ...lines] = display.split('\n');
  t.is(notice, `> **${DEMO_SENTENCE}**`);
  t.is(blank, '');
  return lines;
}

test('an exact license number matches, written with #, spaces or without leading zeros', async (t) => {
  const ex = await examples();
  const row = ex.one<{ license_number: string; home_json: string }>(
    'a license starting with 0',
    "SELECT license_number, home_json FROM facilities WHERE license_number LIKE '0%'",
  );
  const bare = row.license_number.replace(/^0+/, '');
  const spaced = `${row.license_number.slice(0, 4)} ${row.license_number.slice(4)}`;
  for (const input of [row.license_number, bare, `#${row.license_number}`, spaced]) {
    const result = await one(input);
    t.is(result.status, 'matched', input);
    t.is(result.input, input);
    t.deepEqual(result.home, filled(row.home_json), input);
    t.deepEqual(result.candidates, []);
  }
  const missing = await one('000000000');
  t.is(missing.status, 'not_found');
  t.is(missing.home, null);
  t.deepEqual(missing.candidates, []);
});

test('an exact name matches ignoring case, spacing, punctuation and accents; the licensed name works too', async (t) => {
  const row = await uniqueName();
  for (const input of [row.name, `  ${row.name.toUpperCase()}  `, `${row.name}.`, row.name.replace(/ /g, '  ')]) {
    const result = await one(input);
    t.is(result.status, 'matched', input);
    t.is(result.home.license_number, row.license_number);
  }
  const ex = await examples();
  const legal = ex.one<{ license_number: string; licensed_name: string }>(
    'a license whose licensed name differs from its goes-by name',
    `SELECT license_number, licensed_name FROM facilities f WHERE licensed_name_key <> name_key
     AND (SELECT COUNT(*) FROM facilities g WHERE g.name_key = f.licensed_name_key OR g.licensed_name_key = f.licensed_name_key) = 1`,
  );
  const byLegal = await one(legal.licensed_name);
  t.is(byLegal.status, 'matched');
  t.is(byLegal.home.license_number, legal.license_number);
  t.is(byLegal.home.licensed_name, legal.licensed_name);

  const accented = ex.all<{ license_number: string; name: string }>("SELECT license_number, name FROM facilities WHERE name <> ''")
    .find((r) => r.name.normalize('NFKD') !== r.name);
  if (accented) {
    const plain = accented.name.normalize('NFKD').replace(/\p{M}/gu, '');
    const result = await one(plain);
    t.true(['matched', 'ambiguous'].includes(result.status));
    t.true([result.home?.license_number, ...result.candidates.map((c: any) => c.license_number)].includes(accented.license_number));
  }
});

test('a name several licenses share is ambiguous with candidates, never a guess; ", city" narrows it', async (t) => {
  const ex = await examples();
  const shared = ex.one<{ name_key: string; name: string; n: number }>(
    'a name two licenses share',
    'SELECT name_key, name, COUNT(*) AS n FROM facilities GROUP BY name_key HAVING n >= 2 ORDER BY n DESC',
  );
  const holders = ex.all<{ license_number: string; name: string; city: string }>(
    'SELECT license_number, name, city FROM facilities WHERE name_key = ? OR licensed_name_key = ? ORDER BY name, license_number',
    shared.name_key,
    shared.name_key,
  );
  const result = await one(shared.name);
  t.is(result.status, 'ambiguous');
  t.is(result.home, null);
  t.deepEqual(
    result.candidates.map((c: any) => c.license_number),
    holders.slice(0, MAX_CANDIDATES).map((h) => h.license_number),
  );
  const candidate = result.candidates[0];
  t.deepEqual(Object.keys(candidate), ['license_number', 'name', 'licensed_name', 'city', 'county', 'address', 'beds', 'license_status', 'links']);
  t.true(candidate.links.page.startsWith(`${BASE_URL}/facility/`));
  t.true(candidate.links.markdown.endsWith('.md'));
  t.regex(candidate.links.state_record, /^https:\/\//);
  t.true(candidate.links.corrections.startsWith(BASE_URL));

  const byCity = new Map<string, string[]>();
  for (const holder of holders) byCity.set(holder.city, [...(byCity.get(holder.city) ?? []), holder.license_number]);
  const alone = [...byCity].find(([, licenses]) => licenses.length === 1);
  if (alone) {
    const narrowed = await one(`${shared.name}, ${alone[0].toUpperCase()}`);
    t.is(narrowed.status, 'matched');
    t.is(narrowed.home.license_number, alone[1][0]);
  }
  const crowded = [...byCity].find(([, licenses]) => licenses.length > 1);
  if (crowded) {
    const still = await one(`${shared.name}, ${crowded[0]}`);
    t.is(still.status, 'ambiguous');
    t.deepEqual(still.candidates.map((c: any) => c.license_number).sort(), crowded[1].slice(0, MAX_CANDIDATES).sort());
  }
  t.truthy(alone ?? crowded);
});

test('a name more licenses share than candidates are listed says so, and how to narrow it', async (t) => {
  // The seeds share no name among more than two licenses: give seven licenses in seven cities one name.
  const dir = await snapshotDir();
  const file = path.join(dir, fs.readdirSync(dir).find((name) => name.endsWith('.sqlite'))!);
  fs.chmodSync(file, 0o644);
  const db = new Database(file);
  const sharing = db
    .prepare('SELECT license_number, city FROM facilities WHERE city IS NOT NULL GROUP BY city ORDER BY license_number LIMIT 7')
    .all() as Array<{ license_number: string; city: string }>;
  const name = 'AUDIT SHARED NAME CARE HOME';
  const rename = db.prepare('UPDATE facilities SET name = ?, licensed_name = ?, name_key = ?, licensed_name_key = ? WHERE license_number = ?');
  for (const home of sharing) rename.run(name, name, nameKey(name), nameKey(name), home.license_number);
  db.close();
  t.is(sharing.length, 7);
  const crowded = await startServer({ snapshotsDir: dir });
  t.teardown(() => crowded.close());
  const checked = async (homes: string[]) => {
    const reply = await postJson(`${crowded.url}/api/v1/check`, { homes });
    t.is(reply.status, 200, reply.text);
    return reply.body.data;
  };

  const exact = await checked([name, 'Audit Shared Name Care Hom']);
  t.is(exact.results[0].status, 'ambiguous');
  t.is(exact.results[0].candidates.length, MAX_CANDIDATES);
  const lines = displayLines(t, exact.display);
  t.true(lines[2].startsWith(`1. "${name}": not matched; 7 homes on the roster fit this name, ${MAX_CANDIDATES} are listed. Send "name, city" to narrow it`), lines[2]);
  t.false(lines[2].includes('it could be one of these'));
  t.is(exact.results[1].status, 'ambiguous');
  t.regex(lines[3], /not matched; more homes on the roster have a similar name than are listed\. Send "name, city" to narrow it/);

  // The home left off the list is found by its city.
  const listed = new Set(exact.results[0].candidates.map((c: any) => c.license_number));
  const unlisted = sharing.find((home) => !listed.has(home.license_number))!;
  const narrowed = await checked([`${name}, ${unlisted.city}`]);
  t.is(narrowed.results[0].status, 'matched');
  t.is(narrowed.results[0].home.license_number, unlisted.license_number);
});

test('a misspelled name is a did-you-mean: ambiguous with the home among the candidates, never matched', async (t) => {
  const row = await uniqueName();
  const typo = row.name.slice(0, 3) + row.name.slice(4); // one letter dropped
  t.not(nameKey(typo), nameKey(row.name));
  const result = await one(typo);
  t.is(result.status, 'ambiguous');
  t.is(result.home, null);
  t.true(result.candidates.length <= MAX_CANDIDATES);
  t.true(result.candidates.some((c: any) => c.license_number === row.license_number));

  const nothing = await one('Qwxz Jvkq Zzyzx');
  t.is(nothing.status, 'not_found');
});

test('a license number written among other words is offered as a candidate, never matched, never not_found', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; city: string }>('a license with a city', 'SELECT license_number, city FROM facilities WHERE city IS NOT NULL ORDER BY license_number');
  const short = home.license_number.replace(/^0+/, '');
  for (const input of [`License ${home.license_number}`, `${home.license_number}, ${home.city}`, `lic. #${short.slice(0, 3)}-${short.slice(3)}`]) {
    const result = await one(input);
    t.is(result.status, 'ambiguous', input);
    t.true(result.candidates.some((c: any) => c.license_number === home.license_number), input);
  }
  t.is((await one('License 999999999')).status, 'not_found');
});

test('a closed license is returned by look-ups, marked closed with a dated note', async (t) => {
  const ex = await examples();
  const closed = ex.one<{ license_number: string; closed_date: string | null }>(
    'a closed license',
    'SELECT license_number, closed_date FROM facilities WHERE closed = 1 ORDER BY closed_date IS NULL',
  );
  const result = await one(closed.license_number);
  t.is(result.status, 'matched');
  t.regex(result.home.license_status, /CLOSED/i);
  t.true(result.home.license_closed);
  t.true(result.home.clearances.license_closed);
  t.is(typeof result.home.clearances.closed_note, 'string');
  if (closed.closed_date) t.true(result.home.clearances.closed_note.includes(closed.closed_date));
  t.is(result.home.price, null);
});

test('results keep the order sent, one per distinct input; duplicates are merged and counted', async (t) => {
  const ex = await examples();
  const [a, b] = ex.all<{ license_number: string }>('SELECT license_number FROM facilities ORDER BY license_number DESC LIMIT 2');
  const row = await uniqueName();
  const homes = [a!.license_number, row.name, 'Qwxz Jvkq Zzyzx', ` ${row.name.toUpperCase()} `, b!.license_number, a!.license_number];
  const reply = await check(homes);
  const { data } = reply.body;
  t.deepEqual(
    data.results.map((r: any) => r.input),
    [a!.license_number, row.name, 'Qwxz Jvkq Zzyzx', b!.license_number],
  );
  t.deepEqual(data.results.map((r: any) => r.status), ['matched', 'matched', 'not_found', 'matched']);
  t.deepEqual(data.counts, { given: 6, duplicates_merged: 2, matched: 3, ambiguous: 0, not_found: 1 });
  t.regex(data.display, /duplicates merged/);
});

test('the result carries honesty, data dates, a Markdown display, and is never cached', async (t) => {
  const ex = await examples();
  const row = await uniqueName();
  const reply = await check([row.license_number, 'Qwxz Jvkq Zzyzx']);
  t.is(reply.headers.get('cache-control'), 'no-store');
  const meta = (key: string) => ex.value<string>('SELECT value FROM metadata WHERE key = ?', key) || null;
  t.is(reply.body.attribution.retrieved_on, meta('roster_as_of'));
  t.is(reply.body.api_version, 'v1');
  const { data } = reply.body;
  t.deepEqual(data.data_dates, { state_record_loaded_on: meta('roster_as_of'), alw_list_as_of: meta('alw_list_as_of') });
  t.deepEqual(Object.keys(data.honesty), ['order', 'neutrality', 'never_in_this_data', 'fairness_note']);
  t.regex(data.honesty.order, /order the inputs were sent/);
  t.regex(data.honesty.never_in_this_data, /open bed/i);
  t.regex(data.honesty.neutrality, /pays/);
  t.true(data.display.includes(row.license_number));
  t.true(data.display.includes('Qwxz Jvkq Zzyzx'));
  t.false(reply.text.includes('{base_url}'));
});

test('detail: true adds the full v1 record to each matched home', async (t) => {
  const ex = await examples();
  const row = ex.one<{ license_number: string; record_json: string; state_documents_json: string; home_json: string }>(
    'a license',
    'SELECT license_number, record_json, state_documents_json, home_json FROM facilities ORDER BY license_number',
  );
  const withDetail = (await check([row.license_number, 'Qwxz Jvkq Zzyzx'], { detail: true })).body.data.results;
  t.deepEqual(withDetail[0].home, {
    ...filled(row.home_json),
    record: { ...filled(row.record_json), state_documents: filled(row.state_documents_json) },
  });
  t.is(withDetail[1].home, null);
  const plain = (await check([row.license_number], { detail: false })).body.data.results;
  t.false('record' in plain[0].home);
});

test('X-Client-Name is counted but never changes a result', async (t) => {
  const row = await uniqueName();
  const homes = [row.name, 'Qwxz Jvkq Zzyzx'];
  const before = (await call(`${server.url}/healthz`)).body.usage;
  const named = await check(homes, {}, { 'x-client-name': 'Family Helper App' });
  const anonymous = await check(homes);
  const after = (await call(`${server.url}/healthz`)).body.usage;
  const { generated_at: _a, ...namedRest } = named.body;
  const { generated_at: _b, ...anonymousRest } = anonymous.body;
  t.deepEqual(namedRest, anonymousRest);
  t.is(after.requests_with_client_name, before.requests_with_client_name + 1);
  t.true(after.client_names >= 1);
});

test('the display reads line by line: summary, one numbered line per result, the honesty sentences', async (t) => {
  const ex = await examples();
  const row = await uniqueName();
  const shared = ex.one<{ name: string }>('a shared name', 'SELECT name, COUNT(*) AS n FROM facilities GROUP BY name_key HAVING n >= 2 ORDER BY n DESC');
  const { data } = (await check([row.license_number, shared.name, 'Qwxz Jvkq Zzyzx', row.license_number])).body;
  const lines = displayLines(t, data.display);
  t.regex(lines[0], /^\*\*Checked 3 homes against the state licensing record( \(state record loaded \d{4}-\d{2}-\d{2}\))?\.\*\* 1 matched, 1 need a choice, 1 not found; 1 duplicate merged\.$/);
  t.is(lines[1], '');
  const home = data.results[0].home;
  t.true(lines[2].startsWith(`1. "${row.license_number}": **`), lines[2]);
  t.true(lines[2].includes(`(license ${home.license_number}`));
  t.regex(lines[2], /[Cc]are approvals( as of [\d-]+)?: dementia [^;]+; hospice [^;]+; non-ambulatory [^;]+; bedridden [^.]+\./);
  const candidates = data.results[1].candidates;
  t.is(
    lines[3],
    `2. "${shared.name}": not matched; it could be one of these, ask which one: ` +
      // The record's words quoted (serve/words/quote.ts): the state's text, never an instruction.
      candidates.map((c: any) => `${quoted(c.name)} (license ${c.license_number}, ${c.city ? quoted(c.city) : 'city not on file'}, ${c.license_status ? quoted(c.license_status) : 'status not on file'})`).join('; ') +
      '.',
  );
  t.is(lines[4], `3. "Qwxz Jvkq Zzyzx": ${NOT_FOUND_SAID}`);
  t.true(NOT_FOUND_SAID.startsWith('no home on the state roster matches.'));
  t.is(lines[5], '');
  t.deepEqual(lines.slice(6), [data.honesty.neutrality, data.honesty.never_in_this_data, data.honesty.fairness_note]);
});
