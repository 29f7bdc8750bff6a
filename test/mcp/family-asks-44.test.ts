// The asks of issue 44 (a family looking for memory care, played through the official SDK client),
// replayed against a real server over a fresh seed snapshot: each answer must be true to the record.
import test from 'ava';
import { examples } from '../helpers/examples.ts';
import { comparisonCellWords, triStateReading } from '../../serve/mcp/cards/app/words.ts';
import { approvalOnRecord, CALL_AGAIN, CLOSED_PHONE, FACT_SOURCES, familyNote, HOSPITAL_SOURCE, STATE_SOURCE, NO_AVAILABILITY, PENDING_APPLICATION, PENDING_MARK } from '../../serve/words/wording.ts';
import { askingClient, connect, errorText, validateOutput } from './helpers.ts';
import { publishGenerations } from '../helpers/changes.ts';
import { startServer } from '../helpers/server.ts';

const asking = askingClient(test);
const { call } = asking;
const refusal = async (name: string, args: Record<string, unknown>): Promise<string> => (await asking.refusal(name, args)).text;

const licensesWhere = async (sql: string, ...params: unknown[]) =>
  (await examples()).all<{ license_number: string }>(`SELECT license_number FROM facilities WHERE ${sql}`, ...params).map((row) => row.license_number).sort();

test('1. ranking, safety and opening words are named back as what the record cannot say; place and care words still apply', async (t) => {
  const memoryCareInSanDiego = await licensesWhere("listed = 1 AND city_key = 'san diego' AND dementia = 'true'");
  t.true(memoryCareInSanDiego.length > 0);
  for (const [query, said] of [
    ['best memory care in San Diego', /^"best": the state record cannot say which home is best/],
    ['safest memory care in San Diego', /^"safest": the state record cannot say which home is safe or safest/],
  ] as const) {
    const out = await call('search', { query });
    t.deepEqual(out.results.map((r: any) => r.id).sort(), memoryCareInSanDiego, query);
    t.regex(out.note, said, query);
  }
  const sanJose = await licensesWhere("listed = 1 AND city_key = 'san jose' AND dementia = 'true'");
  const open = await call('search', { query: 'memory care with open beds available now in San Jose' });
  t.deepEqual(open.results.map((r: any) => r.id).sort(), sanJose);
  t.regex(open.note, /^"open", "beds", "available": the state record cannot say which home has an open bed \(no website knows; openings are learned by phone\)/);
});

test('2, 13. waiver homes in a county: find_homes, search, homes_near_hospital and REST filter on the waiver list, and say what they left out', async (t) => {
  const onList = await licensesWhere("listed = 1 AND county_key = 'orange' AND alw_participation = 'true'");
  const inCounty = await licensesWhere("listed = 1 AND county_key = 'orange'");
  t.true(onList.length > 0 && inCounty.length > onList.length);
  const found = await call('find_homes', { county: 'Orange', waiver: true });
  t.deepEqual(found.homes.map((h: any) => h.license_number).sort(), onList);
  t.true(found.homes.every((h: any) => h.medi_cal_alw === 'true'));
  t.true(found.notes.some((n: string) => n.startsWith(`The waiver filter left out ${inCounty.length - onList.length} home(s) here`)), found.notes.join(' '));
  const searched = await call('search', { query: 'Assisted Living Waiver homes in Orange County' });
  t.deepEqual(searched.results.map((r: any) => r.id).sort(), onList);
  t.true(searched.note.includes("not on the state's Assisted Living Waiver list"), searched.note);
  // The hospice waiver is a care approval, not the Medi-Cal waiver.
  const hospice = await call('search', { query: 'hospice waiver in Orange County' });
  t.deepEqual(hospice.results.map((r: any) => r.id).sort(), await licensesWhere("listed = 1 AND county_key = 'orange' AND hospice = 'true'"));
  const near = await call('homes_near_hospital', { hospital: 'Livermore Community Hospital', radius_km: 50, waiver: true, limit: 50 });
  t.true(near.homes.length > 0 && near.homes.every((h: any) => h.medi_cal_alw === 'true'));
  t.true(near.notes.some((n: string) => n.startsWith('The waiver filter left out')));
  const rest: any = await (await fetch(`${asking.state.server.url}/api/v1/facilities?county=orange&waiver=true`)).json();
  t.deepEqual(rest.data.facilities.map((f: any) => f.license_number).sort(), onList);
  const topic = await call('explain_care_topic', { topic: 'assisted_living_waiver' });
  t.true(JSON.stringify(topic).includes('waiver: true'));
});

test('3, 7. find_homes with changed_since reaches the homes that closed or left the roster, and never says the log holds nothing its changes show', async (t) => {
  const ex = await examples();
  const county = ex.value<string>('SELECT county FROM facilities WHERE listed = 1 GROUP BY county_key HAVING COUNT(*) >= 4 ORDER BY county_key LIMIT 1');
  const [closed, removed, edited] = ex.all<{ license_number: string; name: string }>('SELECT license_number, name FROM facilities WHERE listed = 1 AND county = ? ORDER BY license_number LIMIT 3', county);
  // The state dated the changes a few days before the run that saw them.
  const { dir } = await publishGenerations([
    { date: '2030-01-05', sourceDate: '2026-11-23', closed: [closed!.license_number], removed: [removed!.license_number], edits: [{ license: edited!.license_number, field: 'phone', value: '(555) 555-0100' }] },
  ]);
  const changed = await startServer({ snapshotsDir: dir });
  const other = await connect(`${changed.url}/mcp`, 'modern');
  t.teardown(async () => {
    await other.close();
    await changed.close();
  });
  const result: any = await other.callTool({ name: 'find_homes', arguments: { county, changed_since: '2026-11-01' } });
  t.falsy(result.isError, errorText(result));
  t.is(validateOutput(asking.state.tools, 'find_homes', result.structuredContent), null);
  const out = result.structuredContent;
  t.deepEqual(out.homes.map((h: any) => h.license_number), [edited!.license_number]);
  // The logged closings, and (issue 51 point 6) any closing the record itself dates since then, each saying its source.
  const logged = [closed!.license_number, removed!.license_number];
  t.deepEqual(out.left_the_list.map((h: any) => h.license_number).filter((l: string) => logged.includes(l)).sort(), logged.sort());
  for (const home of out.left_the_list.filter((h: any) => !logged.includes(h.license_number))) t.regex(home.line, /not this service's change log/);
  const closedEntry = out.left_the_list.find((h: any) => h.license_number === closed!.license_number);
  t.is(closedEntry.observed_on, '2026-11-23');
  t.regex(closedEntry.line, /License status changed from .* to CLOSED/);
  t.true(out.notes[0].startsWith(`${out.left_the_list.length} home(s) here closed or left the state roster since 2026-11-01`), out.notes[0]);
  // kept_since is the run's date; the changes carry the state's earlier dates: nothing says the log is empty before the run.
  const notes = out.notes.join(' ');
  t.false(/nothing between/.test(notes), notes);
  const keptSince = ex.value<string>("SELECT value FROM metadata WHERE key = 'snapshot_date'");
  t.true('2026-11-23' < keptSince, 'the change is dated before the run the log began with');
  t.true(notes.includes(`began with its run of ${keptSince}`) && notes.includes('can be earlier than that run'), notes);
});

test('4. a stated false reads "not on file: this license does not carry ..." in the comparison card and the home card, as on the page', async (t) => {
  const ex = await examples();
  const [stated, silent] = [
    ex.one<{ license_number: string }>('a listed home with a stated false for dementia and probation', "SELECT license_number FROM facilities WHERE listed = 1 AND dementia = 'false' AND on_probation = 'false' ORDER BY sort_key"),
    ex.one<{ license_number: string }>('a listed home whose record says nothing of dementia', "SELECT license_number FROM facilities WHERE listed = 1 AND dementia = 'not_on_file' ORDER BY sort_key"),
  ];
  const compared = await call('compare_homes', { license_numbers: [stated.license_number, silent.license_number] });
  const at = (license: string) => compared.columns.findIndex((c: any) => c.license_number === license);
  // The card words the column's own value; the row carries the same words for the model (issue 51: never a raw "false").
  const cell = (key: string, license: string) => {
    const row = compared.rows.find((r: any) => r.key === key);
    const column = compared.columns[at(license)];
    const words = comparisonCellWords(key, key.split('.').reduce((value: any, part) => value?.[part], column), column);
    t.is(row.values[at(license)], `${words.words} (${words.detail})`, key);
    return words;
  };
  const dementia = cell('clearances.dementia', stated.license_number);
  t.is(dementia.words, 'not on file');
  t.true(dementia.detail!.startsWith('this license does not carry the dementia care approval'), dementia.detail!);
  t.true(cell('license.on_probation', stated.license_number).detail!.startsWith('the record states this license is not on probation'));
  t.true(cell('clearances.dementia', silent.license_number).detail!.startsWith('the record does not say whether this license carries the dementia care approval'));
  // The home's page says the same of the stated false.
  const page = await call('fetch', { id: stated.license_number });
  t.true(page.text.toLowerCase().includes('not on file: this license does not carry the dementia care approval'), 'the page');
  // The home card's reading of the same value.
  const got = await call('get_home', { license_number: stated.license_number });
  const reading = triStateReading(got.home.clearances.dementia, FACT_SOURCES.approvals, got.home.clearances.as_of, (v) => approvalOnRecord('dementia', v));
  t.true(reading.detail.startsWith('this license does not carry the dementia care approval'));
  // The check's display and a list's text block say it too, in their short form.
  const checked = await call('check_homes', { homes: [stated.license_number] });
  t.true(checked.display.includes('dementia not on file (this license does not carry it)'), checked.display);
  const listed = await asking.state.client.callTool({ name: 'find_homes', arguments: { county: got.home.address.county, limit: 50 } });
  const line = (listed.content as Array<{ text: string }>)[0]!.text.split('\n').find((l) => l.includes(`license ${stated.license_number}`));
  t.true(line?.includes('dementia not on file (this license does not carry it)'), line);
});

test('5. a pending license is an application everywhere: the check, get_home, search titles, the page, and the hand-off refuses it', async (t) => {
  const ex = await examples();
  const pending = ex.one<{ license_number: string; name: string }>('a PENDING license', "SELECT license_number, name FROM facilities WHERE upper(license_status) = 'PENDING' ORDER BY license_number");
  const checked = await call('check_homes', { homes: [pending.license_number] });
  t.is(checked.results[0].status, 'matched');
  const line = checked.display.split('\n').find((l: string) => l.startsWith('1. '))!;
  t.true(line.includes(PENDING_APPLICATION), line);
  t.true(line.indexOf(PENDING_APPLICATION) < line.indexOf('Care approvals'), 'said before the approvals');
  const got = await call('get_home', { license_number: pending.license_number });
  t.is(got.home.license.status_note, PENDING_APPLICATION);
  const listed = ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key');
  t.is((await call('get_home', listed)).home.license.status_note, null, 'a license has no such note');
  const searched = await call('search', { query: pending.license_number });
  t.true(searched.results[0].title.includes(PENDING_MARK), searched.results[0].title);
  const page = await call('fetch', { id: pending.license_number });
  t.true(page.text.includes(PENDING_APPLICATION));
  const refused = await refusal('start_family_request', { license_numbers: [pending.license_number, listed.license_number] });
  t.true(refused.includes(`License ${pending.license_number}`) && refused.includes(PENDING_APPLICATION), refused);
});

test('20. a hand-off refusal names every offending field and entry at once', async (t) => {
  const ex = await examples();
  const closed = ex.one<{ license_number: string }>('a closed license', 'SELECT license_number FROM facilities WHERE closed = 1 ORDER BY license_number');
  const refused = await refusal('start_family_request', {
    license_numbers: [closed.license_number, 'Sunny Acres', '999999999'],
    area: 'near 1234 Oak Street, Hayward',
    family_note: 'call me at 510-555-0123',
  });
  t.true(refused.includes('area looks like it contains a street address'), refused);
  t.true(refused.includes('family_note looks like it contains a phone number'), refused);
  t.true(refused.includes('license_numbers entry 2 is not a license number'), refused);
  t.true(refused.includes('No home with license number 999999999'), refused);
  t.true(refused.includes(`License ${closed.license_number}`) && refused.includes('closed'), refused);
  t.false(refused.includes('Sunny Acres'), 'a refused entry is never echoed');
});

test('6. a closed home asked by name and town is found and marked closed; the care words a family wrote narrow a name and town', async (t) => {
  const ex = await examples();
  const closed = ex.one<{ license_number: string }>('the closed LAS PALMAS home in Hayward', "SELECT license_number FROM facilities WHERE closed = 1 AND name LIKE 'LAS PALMAS%' AND city_key = 'hayward'");
  const out = await call('search', { query: 'las palmas hayward' });
  t.deepEqual(out.results.map((r: any) => r.id), [closed.license_number]);
  t.true(out.results[0].title.includes('closed'));
  // "care home" is part of the name asked: homes whose name lacks it are not offered instead.
  const named = await licensesWhere("city_key = 'san jose' AND (' ' || name_key) LIKE '% cozy%' AND (' ' || name_key) LIKE '% care%' AND (' ' || name_key) LIKE '% home%'");
  t.true(named.length > 0);
  const cozy = await call('search', { query: 'cozy care home san jose' });
  t.deepEqual(cozy.results.map((r: any) => r.id).sort(), named);
});

test('9, 11. a home the live record shows closed: license.status is the roster\'s with its date, the live status is status_live, and the comparison keeps its dated closed note and reads its approvals as history', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; license_status: string; license_status_live: string; live_status_checked_on: string }>(
    'a home the roster lists as licensed and the live record shows closed, carrying an approval',
    "SELECT license_number, license_status, license_status_live, live_status_checked_on FROM facilities WHERE closed = 1 AND upper(license_status) NOT LIKE '%CLOSED%' AND license_status_live LIKE '%Closed%' ORDER BY (dementia = 'true' OR hospice = 'true' OR non_ambulatory = 'true') DESC, license_number",
  );
  const rosterAsOf = ex.value<string>("SELECT value FROM metadata WHERE key = 'roster_as_of'");
  const got = await call('get_home', { license_number: home.license_number });
  t.is(got.home.license.status, home.license_status, 'the roster status under the roster label');
  t.is(got.home.license.as_of, rosterAsOf);
  t.is(got.home.license.status_live, home.license_status_live);
  t.is(got.home.license.status_live_checked_on, home.live_status_checked_on);
  t.true(got.home.license.closed);
  // REST says the same.
  const rest: any = await (await fetch(`${asking.state.server.url}/api/v1/facilities/${home.license_number}`)).json();
  t.is(rest.data.license_status.value, got.home.license.status);
  t.is(rest.data.license_status_live.value, got.home.license.status_live);

  const open = ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key');
  const compared = await call('compare_homes', { license_numbers: [home.license_number, open.license_number] });
  const column = compared.columns.findIndex((c: any) => c.license_number === home.license_number);
  const row = (key: string) => compared.rows.find((r: any) => r.key === key);
  t.is(row('license.status').values[column], home.license_status);
  t.true(row('license.status').label.includes('roster'));
  const note = row('license.closed_note').values[column];
  t.true(note.includes(home.live_status_checked_on) && note.includes(home.license_status_live), note);
  for (const key of ['clearances.dementia', 'clearances.hospice', 'clearances.non_ambulatory', 'clearances.bedridden', 'medi_cal_alw.value']) {
    const words = comparisonCellWords(key, row(key).values[column], compared.columns[column]);
    t.true(words.words.endsWith('(history)') && words.detail!.startsWith('held while the license was open, not current'), `${key}: ${words.words}`);
    t.false(comparisonCellWords(key, row(key).values[1 - column], compared.columns[1 - column]).words.includes('history'), 'an open license reads as current');
  }
});

test('10. a ZIP code is read as a ZIP code, never as a city: search lists its homes, find_homes names the cities around it', async (t) => {
  const ex = await examples();
  const zip = ex.one<{ zip: string }>('a ZIP code of listed homes', 'SELECT substr(zip, 1, 5) AS zip FROM facilities WHERE listed = 1 AND zip IS NOT NULL GROUP BY 1 ORDER BY COUNT(*) DESC');
  const withZip = await licensesWhere('listed = 1 AND substr(zip, 1, 5) = ?', zip.zip);
  const out = await call('search', { query: zip.zip });
  t.deepEqual(out.results.map((r: any) => r.id).sort(), withZip);
  t.true(out.note.includes(`"${zip.zip}" as a ZIP code`), out.note);
  // A ZIP no roster home has: still a ZIP, with the roster's cities sharing its first four digits
  // (its first three only when none shares four: issue 51 point 13, "94541" listed 20 cities).
  const prefix = zip.zip.slice(0, 3);
  let absent = '';
  for (let n = 0; n < 100 && !absent; n += 1) {
    const candidate = `${prefix}${String(n).padStart(2, '0')}`;
    if (ex.value<number>('SELECT COUNT(*) FROM facilities WHERE substr(zip, 1, 5) = ?', candidate) === 0) absent = candidate;
  }
  const near = (digits: number) => ex.all<{ city: string }>(`SELECT DISTINCT city FROM facilities WHERE substr(zip, 1, ${digits}) = ? AND city IS NOT NULL`, absent.slice(0, digits)).map((r) => r.city);
  const cities = near(4).length > 0 ? near(4) : near(3);
  const farther = near(3).filter((city) => !cities.includes(city));
  for (const text of [await refusal('find_homes', { city: absent }), (await call('search', { query: absent })).note]) {
    t.true(text.includes(`"${absent}" is a ZIP code, not a city name`), text);
    t.false(text.includes('a city named'), text);
    for (const city of cities) t.true(text.includes(city), `${city}: ${text}`);
    for (const city of farther) t.false(text.includes(` ${city},`) || text.includes(` ${city}:`), `${city}: ${text}`);
  }
  // The find_care prompt, which invites a ZIP, says where one goes.
  const prompt = await asking.state.client.getPrompt({ name: 'find_care', arguments: { place: absent } });
  t.true(JSON.stringify(prompt.messages).includes('A ZIP code is not a city name'));
});

test('12. the instructions and every prompt say how to word a stated false, not only not_on_file', async (t) => {
  const said = "'false' is a negative the record states";
  t.true((asking.state.client.getInstructions() ?? '').includes(said));
  const { prompts } = await asking.state.client.listPrompts();
  t.true(prompts.length >= 4);
  const args: Record<string, Record<string, string>> = { find_care: { place: 'Hayward' }, check_homes: { homes: 'Harmony Place' }, compare_homes: { homes: '015601295; 015601390' }, plan_calls: { homes: '015601295' } };
  for (const prompt of prompts) {
    const got = await asking.state.client.getPrompt({ name: prompt.name, arguments: args[prompt.name] ?? {} });
    t.true(JSON.stringify(got.messages).includes(said), prompt.name);
  }
});

test('14. an availability argument is refused with the reason, as a sort is, on MCP, REST and the pages', async (t) => {
  for (const args of [{ county: 'Alameda', available: true }, { county: 'Alameda', open_beds: true }]) {
    const text = await refusal('find_homes', args);
    t.true(text.includes(`find_homes: ${NO_AVAILABILITY}`), text);
    t.true(text.includes('Accepted arguments:'), text);
  }
  t.true((await refusal('homes_near_hospital', { hospital: 'Livermore Community Hospital', vacancy: true })).includes(NO_AVAILABILITY));
  const rest = await fetch(`${asking.state.server.url}/api/v1/facilities?county=alameda&available=true`);
  t.is(rest.status, 400);
  t.true(((await rest.json()) as any).error.startsWith(NO_AVAILABILITY));
  const page = await fetch(`${asking.state.server.url}/county/alameda?open_beds=1`);
  t.is(page.status, 400);
  t.true((await page.text()).includes('There is no availability filter'));
});

test('15. when a place search finds nothing, the advice widens the ask instead of repeating it in another town', async (t) => {
  const ex = await examples();
  const city = ex.one<{ city: string; county: string }>(
    'a city with listed homes, none with the dementia approval',
    "SELECT city, county FROM facilities WHERE listed = 1 GROUP BY city_key HAVING SUM(dementia = 'true') = 0 ORDER BY COUNT(*) DESC, city",
  );
  const out = await call('search', { query: `memory care in ${city.city}` });
  t.deepEqual(out.results, []);
  t.false(/memory care in Hayward|Try the home's name alone/.test(out.note), out.note);
  t.true(out.note.includes(`find_homes with county "${city.county}" and the same needs`), out.note);
});

test('16. the homes card shows the notes without the sentences meant for the assistant', async (t) => {
  const ex = await examples();
  const home = ex.one<{ latitude: number; longitude: number; county: string }>('a located listed home', 'SELECT latitude, longitude, county FROM facilities WHERE listed = 1 AND latitude IS NOT NULL ORDER BY sort_key');
  const out = await call('find_homes', { county: home.county, needs: ['dementia'], waiver: true, max_monthly_budget_usd: 5000 });
  const notes = out.notes.join(' ');
  t.true(notes.includes(CALL_AGAIN.needs) && notes.includes(CALL_AGAIN.waiver) && notes.includes(CALL_AGAIN.budget), 'the assistant is told how to call again');
  const shown = out.notes.map(familyNote);
  for (const note of shown) t.false(/call again|leave near out/i.test(note), note);
  // What the family reads keeps every count the assistant reads.
  for (const [i, note] of out.notes.entries()) for (const n of note.match(/\d+/g) ?? []) t.true(shown[i].includes(n), `${n} in ${shown[i]}`);
});

test('17. a closed home\'s answers carry what its page carries: the live status in check_homes, and the phone warning', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string; license_status_live: string; live_status_checked_on: string }>(
    'a roster-closed license with a live status',
    "SELECT license_number, license_status_live, live_status_checked_on FROM facilities WHERE upper(license_status) = 'CLOSED' AND license_status_live IS NOT NULL AND phone IS NOT NULL ORDER BY license_number",
  );
  const checked = await call('check_homes', { homes: [home.license_number] });
  const line = checked.display.split('\n').find((l: string) => l.startsWith('1. '))!;
  t.true(line.includes(`The state's live record, checked on ${home.live_status_checked_on}, shows "${home.license_status_live}".`), line);
  t.true(line.includes(CLOSED_PHONE), line);
  const got = await call('get_home', { license_number: home.license_number });
  t.is(got.home.phone.note, CLOSED_PHONE);
  const page = await call('fetch', { id: home.license_number });
  t.true(page.text.includes(CLOSED_PHONE), 'the page says the same');
  const open = ex.one<{ license_number: string }>('a listed home', 'SELECT license_number FROM facilities WHERE listed = 1 ORDER BY sort_key');
  t.is((await call('get_home', open)).home.phone.note, null);
});

test('18. state_visits.allegations carries its total in MCP, as REST does', async (t) => {
  const ex = await examples();
  const home = ex.one<{ license_number: string }>('a home with complaint allegations', "SELECT license_number FROM facilities WHERE json_extract(state_visits_json, '$.value.allegations.total') > 0 ORDER BY license_number");
  const got = await call('get_home', home);
  const rest: any = await (await fetch(`${asking.state.server.url}/api/v1/facilities/${home.license_number}`)).json();
  t.is(got.home.state_visits.allegations.total, rest.data.state_visits.value.allegations.total);
  t.true(got.home.state_visits.allegations.total > 0);
});

test('19. search results and the hospital of homes_near_hospital carry their source and date', async (t) => {
  const ex = await examples();
  const dates = { roster: ex.value<string>("SELECT value FROM metadata WHERE key = 'roster_as_of'"), snapshot: ex.value<string>("SELECT value FROM metadata WHERE key = 'snapshot_date'") };
  const found = await call('search', { query: 'memory care in Hayward' });
  t.is(found.source, STATE_SOURCE);
  t.is(found.data_dates.state_record_loaded_on, dates.roster);
  const near = await call('homes_near_hospital', { hospital: 'Livermore Community Hospital' });
  t.is(near.status, 'matched');
  t.is(near.hospital.source, HOSPITAL_SOURCE);
  t.is(near.hospital.loaded_on, dates.snapshot);
});

test('the REST list item equals the detail apart from state_documents', async (t) => {
  const list: any = await (await fetch(`${asking.state.server.url}/api/v1/facilities?county=alameda&limit=100`)).json();
  t.true(list.data.facilities.length > 5);
  for (const item of list.data.facilities) {
    const detail: any = await (await fetch(`${asking.state.server.url}/api/v1/facilities/${item.license_number}`)).json();
    const { state_documents: _documents, ...rest } = detail.data;
    t.deepEqual(item, rest, item.license_number);
    t.truthy('state_visits' in item);
  }
});

test('compare_homes, the comparison card and the list pages show each home\'s visits and citations with their years and date', async (t) => {
  const ex = await examples();
  const homes = ex.all<{ license_number: string; state_visits_json: string }>(
    "SELECT license_number, state_visits_json FROM facilities WHERE listed = 1 AND county_key = 'alameda' AND json_extract(state_visits_json, '$.value.since_year') IS NOT NULL ORDER BY sort_key LIMIT 3",
  );
  t.is(homes.length, 3);
  const compared = await call('compare_homes', { license_numbers: homes.map((h) => h.license_number) });
  const row = compared.rows.find((r: any) => r.key === 'state_visits');
  const page = await (await fetch(`${asking.state.server.url}/county/alameda`)).text();
  for (const home of homes) {
    const fact = JSON.parse(home.state_visits_json);
    const words = `since ${fact.value.since_year}: ${fact.value.visits.total} state visit${fact.value.visits.total === 1 ? "" : "s"}, citations Type A ${fact.value.type_a.total}, Type B ${fact.value.type_b.total} (retrieved from the state on ${fact.confirmed_on})`;
    const column = compared.columns.findIndex((c: any) => c.license_number === home.license_number);
    t.is(row.values[column], words);
    // The card shows the row's value as it is.
    t.is(comparisonCellWords('state_visits', row.values[column], compared.columns[column]).words, words);
    t.true(page.includes(words.replace(/'/g, '&#39;')) || page.includes(words), `the county page: ${words}`);
  }
});

test('8. a large answer is paged and says so first, and its text block carries the same numbers as its structured content', async (t) => {
  const ex = await examples();
  const county = ex.value<string>('SELECT county FROM facilities WHERE listed = 1 GROUP BY county_key ORDER BY COUNT(*) DESC LIMIT 1');
  const result: any = await asking.state.client.callTool({ name: 'find_homes', arguments: { county, limit: 50 } });
  const out = result.structuredContent;
  const text: string = result.content[0].text;
  t.true(out.homes.length < Math.min(50, out.total), 'cut by size');
  t.is(out.next_offset, out.homes.length);
  t.true(out.notes[0].startsWith(`This answer lists ${out.homes.length} of the 50 homes asked for`), out.notes[0]);
  t.true(text.indexOf(out.notes[0]) < text.indexOf('1. **'), 'said before the homes');
  for (const home of out.homes) {
    const line = text.split('\n').find((l) => l.includes(`(license ${home.license_number}`))!;
    t.truthy(line, home.license_number);
    const r = home.state_record;
    // Counts are the record's numbers, or "not on file" (issue 51: never a zero without the years it covers).
    const beds = home.beds === null ? 'licensed beds not on file' : `${home.beds} licensed bed${home.beds === 1 ? '' : 's'}`;
    const citations = r.tallies_since_year ? [`Type A ${r.type_a_citations ?? 'not on file'}`, `Type B ${r.type_b_citations ?? 'not on file'}`] : [];
    for (const said of [beds, `${r.documents_on_file} state document`, ...citations, home.price?.line ?? '', home.page]) {
      t.true(line.includes(String(said)), `${home.license_number}: ${said}`);
    }
  }
  // The next page continues where this one stopped: every home once.
  const next = await call('find_homes', { county, limit: 50, offset: out.next_offset });
  const listed: any = await (await fetch(`${asking.state.server.url}/api/v1/facilities?county=${encodeURIComponent(county)}&limit=100`)).json();
  const both = [...out.homes, ...next.homes].map((h: any) => h.license_number);
  t.deepEqual(both, listed.data.facilities.map((f: any) => f.license_number).slice(0, both.length), 'the REST list order, no home skipped');

  // A 100-home check answers the first entries that fit, says so first, and hands back the rest.
  const hundred = ex.all<{ license_number: string }>('SELECT license_number FROM facilities ORDER BY license_number LIMIT 100').map((r) => r.license_number);
  const checked = await call('check_homes', { homes: hundred });
  t.true(checked.unchecked.length > 0);
  t.deepEqual([...checked.results.map((r: any) => r.input), ...checked.unchecked], hundred);
  t.true(checked.display.split('\n').slice(0, 3).join(' ').includes(`This answer checks the first ${checked.results.length} of the 100 homes sent`), checked.display.slice(0, 400));
  // Sent again, they are checked in turn (each line now carries the waiver, price and tallies too: issue 51).
  const rest = await call('check_homes', { homes: checked.unchecked.slice(0, 20) });
  t.true(rest.results.length >= 15);
  t.deepEqual([...rest.results.map((r: any) => r.input), ...(rest.unchecked ?? [])], checked.unchecked.slice(0, 20));
});
