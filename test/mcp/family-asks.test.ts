// The asks of issue 37, replayed through the official SDK client against a real server over a fresh
// seed snapshot: each answer must be true to the record (places and spelling, the demo notice on
// every result, cut lists that say they are cut, an empty change log that says since when, a closed
// home's approvals as history, exact names, one question list, the waiver line, stated numbers).
import fs from 'node:fs';
import test from 'ava';
import { DEMO_SENTENCE } from '../../serve/words/wording.ts';
import { CALIFORNIA_COUNTIES } from '../../serve/records/place-names.ts';
import { examples } from '../helpers/examples.ts';
import { askingClient, connect, errorText } from './helpers.ts';

const asking = askingClient(test);
const { call, refusal } = asking;

test('2. every refusal says the data is demo data, and the text meant for the family says so too', async (t) => {
  const refusals: Array<[string, Record<string, unknown>]> = [
    ['find_homes', {}],
    ['find_homes', { city: 'Nowhereville' }],
    ['get_home', { license_number: 'not a number' }],
    ['get_home', { license_number: '999999999' }],
    ['homes_near_hospital', { hospital: 'zzzz qqqq' }],
    ['start_family_request', { license_numbers: ['999999999'] }],
    ['get_state_documents', { license_number: '015600001', since: '2026-02-30' }],
    // Refused by the SDK against the input schema, before the tool runs.
    ['find_homes', { county: 'Alameda', limit: 0 }],
    ['find_homes', { county: 'Alameda', sort: 'rating' }],
    ['check_homes', { homes: 'not a list' }],
  ];
  for (const [name, args] of refusals) {
    const { result, text } = await refusal(name, args);
    t.true(text.includes(DEMO_SENTENCE), `${name} ${JSON.stringify(args)}: ${text}`);
    // The refusal's own message still comes first: what was wrong and what to send.
    t.false(result.content[0].text.includes(DEMO_SENTENCE), name);
  }
  // The 2025 era too.
  const legacy = await connect(asking.state.server.mcpUrl, '2025-11-25');
  t.teardown(() => legacy.close());
  for (const args of [{ county: 'Alameda', limit: 0 }, { city: 'Nowhereville' }]) {
    const result: any = await legacy.callTool({ name: 'find_homes', arguments: args });
    t.true(result.isError && errorText(result).includes(DEMO_SENTENCE), JSON.stringify(args));
  }
  const ex = await examples();
  const listed = ex.one<{ license_number: string }>('a listed home with a phone', 'SELECT license_number FROM facilities WHERE listed = 1 AND phone IS NOT NULL ORDER BY sort_key');
  const plan = await call('start_family_request', { license_numbers: [listed.license_number] });
  t.true(plan.family_message.includes(DEMO_SENTENCE), 'family_message names the data as demo data');
  t.true(plan.family_message.indexOf(DEMO_SENTENCE) < plan.family_message.indexOf('Homes, with the phone number'), 'before the phone numbers');
  t.true(plan.relay_sentence.includes(DEMO_SENTENCE), 'the sentence said to the family too');
});

test('3. "Mercy General" says how many hospitals fit, where the ones not listed are, and how to reach them', async (t) => {
  const ex = await examples();
  const fitting = ex.all<{ facid: string; name: string; city: string }>("SELECT facid, name, city FROM hospitals WHERE name LIKE 'MERCY GENERAL%' ORDER BY name, facid");
  t.true(fitting.length > 8, 'the seeds hold more Mercy General hospitals than one answer lists');
  const out = await call('homes_near_hospital', { hospital: 'Mercy General' });
  t.is(out.status, 'ambiguous');
  const note = out.notes.join(' ');
  t.true(note.includes(`${fitting.length} hospitals fit`), note);
  const shown = new Set(out.candidates.map((c: any) => c.facid));
  const left = fitting.filter((row) => !shown.has(row.facid));
  t.true(left.length > 0);
  for (const row of left) t.true(note.includes(row.city), `${row.city} is named: ${note}`);
  // The way to reach one of the others works: "name, city" narrows to it.
  const narrowed = await call('homes_near_hospital', { hospital: `Mercy General, ${left[0]!.city}` });
  t.true(narrowed.status === 'matched' ? narrowed.hospital.facid === left[0]!.facid : narrowed.candidates.some((c: any) => c.facid === left[0]!.facid));
});

test("3. get_state_documents pages through every report with offset and says when more remain", async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; n: number }>(
    'a home with more than 50 listed reports',
    'SELECT license_number, COUNT(*) AS n FROM reports GROUP BY license_number HAVING n > 50 ORDER BY n DESC',
  );
  const first = await call('get_state_documents', { license_number: home.license_number, limit: 50 });
  t.is(first.returned, 50);
  t.is(first.next_offset, 50);
  t.true(first.matching >= home.n);
  const second = await call('get_state_documents', { license_number: home.license_number, limit: 50, offset: first.next_offset });
  t.is(second.next_offset, null);
  const refs = [...first.reports, ...second.reports].map((r: any) => r.ref);
  t.is(new Set(refs).size, first.matching, 'every report once across the pages');
  const listedRefs = ex.all<{ ref: string }>('SELECT ref FROM reports WHERE license_number = ?', home.license_number).map((r) => r.ref);
  for (const ref of listedRefs) t.true(refs.includes(ref), ref);
});

test('3. a care-needs or budget filter says how many homes it left out, counted against the unfiltered list', async (t) => {
  const ex = await examples();
  const county = ex.value<string>("SELECT county FROM facilities WHERE listed = 1 GROUP BY county ORDER BY COUNT(*) DESC LIMIT 1");
  const all = await call('find_homes', { county, limit: 1 });
  const withNeeds = await call('find_homes', { county, needs: ['dementia', 'hospice'], limit: 1 });
  const needsNote = withNeeds.notes.find((note: string) => note.startsWith('needs left out'));
  t.truthy(needsNote, JSON.stringify(withNeeds.notes));
  t.true(needsNote.includes(`needs left out ${all.total - withNeeds.total} home(s)`), needsNote);
  t.true(all.total - withNeeds.total > 0);

  const budget = 4000;
  const withBudget = await call('find_homes', { county, max_monthly_budget_usd: budget, limit: 1 });
  const budgetNote = withBudget.notes.find((note: string) => note.startsWith('max_monthly_budget_usd left out'));
  t.truthy(budgetNote, JSON.stringify(withBudget.notes));
  t.true(budgetNote.includes(`left out ${all.total - withBudget.total} home(s)`), budgetNote);

  // search's care words cut the same way, and say so.
  const city = ex.one<{ city: string; n: number }>(
    'a city with homes with and without the dementia approval',
    "SELECT city, COUNT(*) AS n FROM facilities WHERE listed = 1 GROUP BY city_key HAVING SUM(dementia = 'true') > 0 AND SUM(dementia <> 'true') > 0 AND COUNT(*) <= 20 ORDER BY city",
  );
  const searched = await call('search', { query: `memory care in ${city.city}` });
  const cut = city.n - searched.results.length;
  t.true(searched.note.startsWith(`The care words left out ${cut} ${cut === 1 ? 'home' : 'homes'} here`), searched.note);

  // Near a point: a filter counts only homes within the radius.
  const home = ex.one<{ latitude: number; longitude: number }>('a located listed home', 'SELECT latitude, longitude FROM facilities WHERE listed = 1 AND latitude IS NOT NULL ORDER BY sort_key');
  const near = { latitude: home.latitude, longitude: home.longitude };
  const around = await call('find_homes', { near, radius_km: 10, limit: 1 });
  const aroundNeeds = await call('find_homes', { near, radius_km: 10, needs: ['wheelchair'], limit: 1 });
  t.true(aroundNeeds.notes.some((note: string) => note.startsWith(`needs left out ${around.total - aroundNeeds.total} home(s)`)), JSON.stringify(aroundNeeds.notes));
});

test('4. an empty change log says since when changes are kept, and find_homes gives only advice that fits the call', async (t) => {
  const ex = await examples();
  const snapshotDate = ex.value<string>("SELECT value FROM metadata WHERE key = 'snapshot_date'");
  t.is(ex.value<number>('SELECT COUNT(*) FROM change_log'), 0, 'a first snapshot logs no change');
  const home = ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key');
  const got = await call('get_home', { license_number: home.license_number });
  t.is(got.changes.total, 0);
  t.is(got.changes.kept_since, snapshotDate, 'the first snapshot is where the log begins');
  t.true(got.changes.note.includes(`change log, which begins on ${snapshotDate}, holds no change`), got.changes.note);
  const fetched = await call('fetch', { id: home.license_number });
  t.true(fetched.text.includes(`change log, which begins on ${snapshotDate}, holds no change to this home's state record`), 'fetch says since when');
  t.false(/has not changed since this service began/.test(fetched.text));

  const found = await call('find_homes', { county: 'Alameda', changed_since: '2026-01-01' });
  t.is(found.total, 0);
  const notes = found.notes.join(' ');
  t.false(notes.includes('radius_km'), `no radius advice without a point: ${notes}`);
  t.true(notes.includes(`change log began with its run of ${snapshotDate}; each change carries the source's own date`), notes);
  t.true(notes.includes('leave changed_since out to see the homes here'));
});

test('9. a roster capacity written "six" is served as six licensed beds', async (t) => {
  // The seeds' roster writes one home's capacity as the word "six" (the capacity-six quirk).
  const { parse } = await import('csv-parse/sync');
  // The roster is the state's export: rows run past its header (the complaint tail), quotes stray.
  const rows = parse(fs.readFileSync('seeds/default/roster.csv', 'utf8'), { columns: true, relax_column_count: true, relax_quotes: true }) as Array<Record<string, string>>;
  const row = rows.find((r) => r['Facility Capacity']!.trim().toLowerCase() === 'six');
  if (!row) throw new Error('the seed roster must hold a capacity written "six"');
  const got = await call('get_home', { license_number: row['Facility Number']!.padStart(9, '0') });
  t.is(got.home.capacity.beds, 6);
  t.false(got.home.capacity.size_words.includes('not on file'), got.home.capacity.size_words);
});

test('1. a real California place is never swapped for another: Fresno is a county, not a misspelled FREMONT', async (t) => {
  const ex = await examples();
  t.is(ex.value<number>("SELECT COUNT(*) FROM facilities WHERE listed = 1 AND county_key = 'fresno'"), 0, 'the seeds list no home in Fresno County');
  t.true(ex.value<number>("SELECT COUNT(*) FROM facilities WHERE listed = 1 AND city_key = 'fremont'") > 0, 'and some in Fremont');
  for (const args of [{ city: 'Fresno' }, { county: 'Fresno' }, { county: 'Fresno County' }]) {
    const { text } = await refusal('find_homes', args);
    t.false(/FREMONT|did you mean/i.test(text), `${JSON.stringify(args)}: ${text}`);
    t.true(text.includes('FRESNO County'), `${JSON.stringify(args)} says Fresno is a real county with no listed home: ${text}`);
  }
  // The service knows every county, listed homes or not: each of the 58 is read as a county.
  t.is(new Set(CALIFORNIA_COUNTIES).size, 58);
  for (const county of ex.all<{ county: string }>('SELECT DISTINCT upper(county) AS county FROM facilities WHERE county IS NOT NULL')) t.true(CALIFORNIA_COUNTIES.includes(county.county), county.county);
  const { text: alpine } = await refusal('find_homes', { county: 'alpine' });
  t.true(alpine.startsWith('No listed home is in ALPINE County'), alpine);
  // A town the roster does not know gets no far-away stand-in.
  const { text: arcata } = await refusal('find_homes', { city: 'Arcata' });
  t.true(arcata.startsWith('No listed home is in a city named "Arcata".'));
  t.false(/you meant/i.test(arcata), arcata);
});

test('1. a near miss of a known place is offered by find_homes and read by search, in one way', async (t) => {
  const ex = await examples();
  const { text } = await refusal('find_homes', { city: 'Sacremento' });
  t.true(text.includes('If you meant SACRAMENTO'), text);
  const found = await call('search', { query: 'wheelchair homes in Sacremento' });
  t.regex(found.note, /as SACRAMENTO/);
  const expected = ex
    .all<{ license_number: string }>("SELECT license_number FROM facilities WHERE listed = 1 AND city_key = 'sacramento' AND non_ambulatory = 'true'")
    .map((row) => row.license_number)
    .sort();
  t.true(expected.length > 0);
  t.deepEqual(found.results.map((r: any) => r.id).sort(), expected);
  // The same real place with no listed home reads the same in both tools.
  const fresno = await call('search', { query: 'memory care in Fresno' });
  t.deepEqual(fresno.results, []);
  t.true(fresno.note.includes('FRESNO County'), fresno.note);
  t.false(/FREMONT/.test(fresno.note));
});

test('1. a city on the roster with no current license says so and offers its county; a ZIP is read as one', async (t) => {
  const ex = await examples();
  const city = ex.one<{ city: string; county: string }>(
    'a roster city whose homes are all closed or pending, in a county with listed homes',
    `SELECT f.city, f.county FROM facilities f WHERE f.city IS NOT NULL GROUP BY f.city_key
      HAVING SUM(f.listed) = 0 AND (SELECT COUNT(*) FROM facilities g WHERE g.county_key = f.county_key AND g.listed = 1) > 0 ORDER BY f.city`,
  );
  const { text } = await refusal('find_homes', { city: city.city });
  t.true(text.includes(`No listed home is in ${city.city}: the roster lists no current license there.`), text);
  t.true(text.includes(`send county "${city.county}"`), text);
  const zip = ex.one<{ zip: string; city: string }>('a listed home with a ZIP', 'SELECT substr(zip, 1, 5) AS zip, city FROM facilities WHERE listed = 1 AND zip IS NOT NULL ORDER BY sort_key');
  const { text: zipText } = await refusal('find_homes', { city: zip.zip });
  t.true(zipText.includes('is a ZIP code') && zipText.includes(zip.city), zipText);
});

test('6. an exact licensed name written out with its legal form matches its one license; a name found nowhere is not_found', async (t) => {
  const ex = await examples();
  // Two licenses in one city whose names differ only by their legal form (the seeds' Golden Oaks pair).
  const pair = ex.all<{ license_number: string; name: string; licensed_name: string }>(
    `SELECT f.license_number, f.name, f.licensed_name FROM facilities f JOIN facilities g
       ON g.city_key = f.city_key AND g.license_number <> f.license_number AND g.licensed_name_key <> f.licensed_name_key
      WHERE f.licensed_name LIKE 'GOLDEN OAKS%' AND g.licensed_name LIKE 'GOLDEN OAKS%' ORDER BY f.license_number`,
  );
  t.is(pair.length, 2, 'the seeds hold two GOLDEN OAKS licenses in one city');
  for (const home of pair) {
    const out = await call('check_homes', { homes: [home.licensed_name, home.name] });
    for (const result of out.results) {
      t.is(result.status, 'matched', result.input);
      t.is(result.home.license_number, home.license_number, result.input);
    }
  }
  // The name without a legal form fits both: a choice, never a guess.
  const bare = await call('check_homes', { homes: ['Golden Oaks Care Home'] });
  t.is(bare.results[0].status, 'ambiguous');

  const name = 'Sunshine Villa Memory Care';
  t.is(ex.value<number>("SELECT COUNT(*) FROM facilities WHERE name_key LIKE 'sunshine%' OR licensed_name_key LIKE 'sunshine%'"), 0, 'no home by that name');
  const out = await call('check_homes', { homes: [name] });
  t.is(out.results[0].status, 'not_found');
  t.deepEqual(out.results[0].candidates, []);
  t.regex(out.display, /"Sunshine Villa Memory Care": no home on the state roster matches\. Check the spelling, or send its 9-digit license number/);
  // A slip in a real name's own words is still offered.
  const real = ex.one<{ license_number: string; name: string }>('CEDAR VILLA MEMORY CARE', "SELECT license_number, name FROM facilities WHERE name = 'CEDAR VILLA MEMORY CARE'");
  const slip = await call('check_homes', { homes: ['Cedr Villa Memory Care'] });
  t.is(slip.results[0].status, 'ambiguous');
  t.true(slip.results[0].candidates.some((c: any) => c.license_number === real.license_number));
});

test('5. a closed home in the batch display says the license closed before its approvals, which read as history', async (t) => {
  const ex = await examples();
  const closed = ex.one<{ license_number: string }>('a closed license carrying an approval', "SELECT license_number FROM facilities WHERE closed = 1 AND hospice = 'true' ORDER BY license_number");
  const out = await call('check_homes', { homes: [closed.license_number] });
  const line = out.display.split('\n').find((l: string) => l.startsWith(`1. "${closed.license_number}"`))!;
  const closedAt = line.indexOf('This license closed');
  const heldAt = line.indexOf('What the record held while the license was open (history, not current approvals): care approvals');
  const approvalsAt = line.indexOf('hospice yes');
  t.true(closedAt > 0 && heldAt > closedAt && approvalsAt > heldAt, line);
  t.false(/Care approvals as of/.test(line.slice(0, heldAt)), 'no current-sounding approvals before the license is said closed');
  // The page words the same case in the same words.
  const page = await call('fetch', { id: closed.license_number });
  t.true(page.text.includes('What the record held while the license was open (history, not current approvals):'));
});

test('7. one question list: the fetch page of a probation home asks what its call plan asks', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string }>('a listed home on probation', "SELECT license_number FROM facilities WHERE listed = 1 AND on_probation = 'true' ORDER BY license_number");
  const page = await call('fetch', { id: home.license_number });
  const asked = /Questions to ask:\n\n((?:- .*\n)+)/.exec(page.text)![1]!.trim().split('\n').map((q) => q.slice(2).replace(/\\(.)/g, '$1'));
  t.true(asked.some((q) => q.includes('probationary license')), asked.join('\n'));
  // The approvals the home carries are what the page asks after, as a plan with those needs does.
  const needs = ex.one<Record<string, string>>('its approvals', 'SELECT dementia, hospice, non_ambulatory, bedridden FROM facilities WHERE license_number = ?', home.license_number);
  const carried = (['dementia', 'hospice', 'non_ambulatory', 'bedridden'] as const).filter((key) => needs[key] === 'true').map((key) => (key === 'non_ambulatory' ? 'wheelchair' : key));
  const plan = await call('start_family_request', { license_numbers: [home.license_number], care_needs: carried });
  t.deepEqual(asked, plan.homes[0].questions_to_ask);
});

test('8. a license a waiver list row may name but could not be tied to is not said to be off the list', async (t) => {
  const ex = await examples();
  const row = ex.one<{ street: string; zip: string }>('an unresolved waiver list row', "SELECT street, zip FROM waiver_list WHERE match_method = 'ambiguous' AND street IS NOT NULL");
  const number = row.street.split(' ')[0]!;
  const licenses = ex.all<{ license_number: string }>("SELECT license_number FROM facilities WHERE street LIKE ? AND substr(zip, 1, 5) = ? ORDER BY license_number", `${number} %`, row.zip.slice(0, 5));
  t.true(licenses.length > 1, 'several licenses share the row\'s address');
  for (const { license_number } of licenses) {
    const got = await call('get_home', { license_number });
    t.is(got.home.medi_cal_alw.value, 'not_on_file');
    t.false(got.home.medi_cal_alw.line.includes('is not on the state'), got.home.medi_cal_alw.line);
    t.true(got.home.medi_cal_alw.line.includes('could not be tied to one license'), got.home.medi_cal_alw.line);
    const checked = await call('check_homes', { homes: [license_number] });
    t.is(checked.results[0].home.medi_cal_alw.line, got.home.medi_cal_alw.line, 'the check says it the same way');
    const page = await call('fetch', { id: license_number });
    t.false(page.text.includes("it is not on the state's Assisted Living Waiver list"), 'the page too');
    t.true(page.text.includes('could not be tied to one license'));
  }
  // A home no row may name keeps the plain line.
  const plain = ex.one<{ license_number: string }>('a listed home off the waiver list', "SELECT license_number FROM facilities WHERE listed = 1 AND alw_participation = 'not_on_file' AND street NOT LIKE ? ORDER BY sort_key", `${number} %`);
  t.regex((await call('get_home', plain)).home.medi_cal_alw.line, /is not on the state's Assisted Living Waiver list/);
});
