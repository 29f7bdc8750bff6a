// Runs against state files served by the loopback stand-in: leading zeros, goes-by names and the collision rule,
// tri-state derivation, waiver matching, malformed and duplicate rows.
import test from 'ava';
import Database from 'better-sqlite3';
import { runPipeline } from '../../pipeline/run.ts';
import { LISTING_OLD_AFTER_MONTHS, listingIsOld, ownRateLine } from '../../contract/records.ts';
import { wholeNumberFrom } from '../../pipeline/normalize/text.ts';
import { approvalsCsv, rosterCsv, serveStateFiles, stateServer, tempSnapshotsDir, testConfig, waiverCsv, ROSTER_HEADER } from './fixtures.ts';

async function publish(files: Parameters<typeof serveStateFiles>[0], config = testConfig()) {
  serveStateFiles(files);
  const snapshotsDir = await tempSnapshotsDir();
  const result = await runPipeline({ snapshotsDir, config });
  stateServer.assertAllUsed();
  if (!result.snapshotPath) throw new Error(`not published: ${result.heldBack.join('; ')}`);
  const db = new Database(result.snapshotPath, { readonly: true });
  return { result, db };
}

type Row = Record<string, unknown>;

test.serial('license numbers that lost their leading zero are restored to nine digits', async (t) => {
  const { db } = await publish({
    roster: rosterCsv([
      { number: '15601302', name: 'ACACIA CREEK' },
      { number: '197600123', name: 'LOS ANGELES HOME', county: 'LOS ANGELES', city: 'LOS ANGELES' },
      { number: '1234', name: 'TINY NUMBER HOME' },
    ]),
  });
  const licenses = (db.prepare('SELECT license_number FROM facilities ORDER BY license_number').all() as Row[]).map((r) => r.license_number);
  t.deepEqual(licenses, ['000001234', '015601302', '197600123']);
  const record = JSON.parse((db.prepare("SELECT record_json FROM facilities WHERE license_number = '015601302'").get() as Row).record_json as string);
  t.is(record.license_number, '015601302');
  t.true(record.links.facility_page.endsWith('/facility/acacia-creek-015601302'));
});

test.serial('goes-by name drops a trailing legal form unless two licenses in one city would then share a name', async (t) => {
  const { db, result } = await publish({
    roster: rosterCsv([
      { number: '15600001', name: 'GOLDEN OAKS CARE HOME LLC', city: 'SAN JOSE' },
      { number: '15600002', name: 'GOLDEN OAKS CARE HOME, INC.', city: 'SAN JOSE' },
      { number: '15600003', name: 'SUNRISE VILLA', city: 'FREMONT' },
      { number: '15600004', name: 'SUNRISE VILLA LLC', city: 'FREMONT' },
      { number: '15600005', name: 'HARBOR VIEW HOME, L.L.C.', city: 'OAKLAND' },
      { number: '15600006', name: 'HARBOR VIEW HOME CORP.', city: 'BERKELEY' },
      { number: '15600007', name: "ST. MARY'S GARDEN LTD.", city: 'OAKLAND' },
      { number: '15600008', name: '  Sunny   Hills Care Home  Inc', city: 'OAKLAND' },
    ]),
  });
  const names = Object.fromEntries(
    (db.prepare('SELECT license_number, name, licensed_name FROM facilities').all() as Row[]).map((r) => [r.license_number, [r.name, r.licensed_name]]),
  );
  t.deepEqual(names['015600001'], ['GOLDEN OAKS CARE HOME LLC', 'GOLDEN OAKS CARE HOME LLC']);
  t.deepEqual(names['015600002'], ['GOLDEN OAKS CARE HOME, INC.', 'GOLDEN OAKS CARE HOME, INC.']);
  t.deepEqual(names['015600003'], ['SUNRISE VILLA', 'SUNRISE VILLA']);
  t.deepEqual(names['015600004'], ['SUNRISE VILLA LLC', 'SUNRISE VILLA LLC']);
  // The same name in two different cities is no collision.
  t.deepEqual(names['015600005'], ['HARBOR VIEW HOME', 'HARBOR VIEW HOME, L.L.C.']);
  t.deepEqual(names['015600006'], ['HARBOR VIEW HOME', 'HARBOR VIEW HOME CORP.']);
  t.deepEqual(names['015600007'], ["ST. MARY'S GARDEN", "ST. MARY'S GARDEN LTD."]);
  // Spacing is tidied, casing kept verbatim.
  t.deepEqual(names['015600008'], ['Sunny Hills Care Home', 'Sunny Hills Care Home Inc']);
  const exceptions = db.prepare('SELECT license_number, shared_goes_by_name FROM goes_by_exceptions ORDER BY license_number').all();
  t.deepEqual(exceptions, [
    { license_number: '015600001', shared_goes_by_name: 'GOLDEN OAKS CARE HOME' },
    { license_number: '015600002', shared_goes_by_name: 'GOLDEN OAKS CARE HOME' },
    { license_number: '015600004', shared_goes_by_name: 'SUNRISE VILLA' },
  ]);
  t.is(result.report.goes_by_exceptions, 3);
  const home = JSON.parse((db.prepare("SELECT home_json FROM facilities WHERE license_number = '015600007'").get() as Row).home_json as string);
  t.is(home.name, "ST. MARY'S GARDEN");
  t.is(home.licensed_name, "ST. MARY'S GARDEN LTD.");
});

test.serial('clearances are tri-state: Y is true, N is false, blank or absent is not_on_file', async (t) => {
  const { db } = await publish({
    roster: rosterCsv([
      { number: '15600001', name: 'ALL STATED' },
      { number: '15600002', name: 'BLANK FLAGS' },
      { number: '15600003', name: 'NOT IN APPROVALS FILE' },
    ]),
    approvals: approvalsCsv([
      ['015600001', 'Y', 'N', 'y', 'N', '950 - RCFE / ELDERLY; 970 - RCFE / DEMENTIA'],
      ['15600002', '', '', '', '', ''],
    ]),
  });
  const clearances = (license: string) => {
    const record = JSON.parse((db.prepare('SELECT record_json FROM facilities WHERE license_number = ?').get(license) as Row).record_json as string);
    return { values: Object.fromEntries(Object.entries(record.clearances).map(([k, f]) => [k, (f as { value: string }).value])), record };
  };
  const stated = clearances('015600001');
  t.deepEqual(stated.values, { dementia: 'true', hospice: 'false', non_ambulatory: 'true', bedridden: 'false' });
  t.deepEqual(stated.record.service_designations.value, ['950 - RCFE / ELDERLY', '970 - RCFE / DEMENTIA']);
  t.deepEqual(stated.record.clearances.dementia, {
    value: 'true',
    source_class: 'state',
    confirmed_on: '2026-11-09',
    next_due: null,
    ref: 'roster:dementia_certified',
  });
  for (const license of ['015600002', '015600003']) {
    t.deepEqual(clearances(license).values, { dementia: 'not_on_file', hospice: 'not_on_file', non_ambulatory: 'not_on_file', bedridden: 'not_on_file' });
  }
  // The file carries the home with no designations: none stated. The file does not carry it: not on file.
  t.deepEqual(clearances('015600002').record.service_designations.value, []);
  t.is(clearances('015600003').record.service_designations.value, null);
  // Nothing derived says false where the record is silent.
  t.is((db.prepare("SELECT COUNT(*) AS n FROM facilities WHERE license_number != '015600001' AND (dementia = 'false' OR hospice = 'false' OR non_ambulatory = 'false' OR bedridden = 'false')").get() as Row).n, 0);
});

test.serial('the waiver list yields only true or not_on_file; unmatched and ambiguous rows are reported, never guessed', async (t) => {
  const { db, result } = await publish({
    roster: rosterCsv([
      { number: '15600001', name: 'MAPLE HOUSE LLC', street: '100 N. MAIN ST', zip: '94612' },
      { number: '15600002', name: 'CEDAR HOME', street: '200 OAK AVE', zip: '94612' },
      { number: '15600003', name: 'CAMPUS EAST', street: '300 PARK BLVD', zip: '94612' },
      { number: '15600004', name: 'CAMPUS WEST', street: '300 PARK BLVD', zip: '94612' },
      { number: '15600005', name: 'NOT LISTED HOME', street: '400 ELM ST', zip: '94612' },
    ]),
    waiver: waiverCsv([
      ['Maple House', '100 North Main Street, Suite 2', 'Oakland', '94612'],
      ['Cedar Home', '202 Oak Avenue', 'Oakland', '94612'],
      ['Park Blvd Campus', '300 Park Boulevard', 'Oakland', '94612'],
      ['Somewhere Else Care', '999 Nowhere Rd', 'Oakland', '94612'],
    ]),
  });
  const alw = Object.fromEntries((db.prepare('SELECT license_number, alw_participation FROM facilities').all() as Row[]).map((r) => [r.license_number, r.alw_participation]));
  t.deepEqual(alw, { '015600001': 'true', '015600002': 'true', '015600003': 'not_on_file', '015600004': 'not_on_file', '015600005': 'not_on_file' });
  t.deepEqual(
    db.prepare('SELECT facility_name, matched_license, match_method FROM waiver_list ORDER BY line').all(),
    [
      { facility_name: 'Maple House', matched_license: '015600001', match_method: 'address' },
      { facility_name: 'Cedar Home', matched_license: '015600002', match_method: 'name' },
      { facility_name: 'Park Blvd Campus', matched_license: null, match_method: 'ambiguous' },
      { facility_name: 'Somewhere Else Care', matched_license: null, match_method: 'unmatched' },
    ],
  );
  t.is(result.report.waiver.unmatched, 1);
  t.is(result.report.waiver.ambiguous, 1);
  const record = JSON.parse((db.prepare("SELECT record_json FROM facilities WHERE license_number = '015600005'").get() as Row).record_json as string);
  t.deepEqual(record.alw_participation, { value: 'not_on_file', source_class: 'state', confirmed_on: '2026-10-01', next_due: null, ref: 'roster:alw_participating' });
  t.is(db.prepare("SELECT COUNT(*) AS n FROM facilities WHERE alw_participation NOT IN ('true', 'not_on_file')").pluck().get(), 0);
});

test.serial('malformed rows are kept out with their reason; exact duplicates merge; conflicting duplicates keep the later row', async (t) => {
  const good = rosterCsv([
    { number: '15600001', name: 'FIRST HOME', street: '1 A ST', capacity: '6', fileDate: '11/1/2026' },
    { number: '15600001', name: 'FIRST HOME', street: '1 A ST', capacity: '6', fileDate: '11/1/2026' },
    { number: '15600002', name: 'SECOND HOME', street: '2 B ST', capacity: '6', fileDate: '11/1/2026' },
    { number: '15600002', name: 'SECOND HOME', street: '2 B ST', capacity: '12', fileDate: '11/16/2026' },
    { number: '', name: 'NO NUMBER HOME' },
    { number: '12A456', name: 'LETTER IN NUMBER' },
    { number: '1234567890', name: 'TEN DIGITS' },
    { number: '15600003', name: '' },
    { number: '15600004', name: 'BLANK CAPACITY', capacity: '' },
    { number: '15600005', name: 'WORD CAPACITY', capacity: 'six' },
  ]);
  const roster = good + '99,RESIDENTIAL CARE ELDERLY,15600006,"BROKEN QUOTE HOME,x\n';
  // This file is mostly bad on purpose: the rejected-share guard is not what is under test.
  const config = testConfig();
  config.guards.maxRejectedShare = 1;
  const { db, result } = await publish({ roster }, config);
  t.deepEqual(
    (db.prepare('SELECT license_number FROM facilities ORDER BY license_number').all() as Row[]).map((r) => r.license_number),
    ['015600001', '015600002', '015600004', '015600005'],
  );
  t.is(db.prepare("SELECT capacity FROM facilities WHERE license_number = '015600002'").pluck().get(), 12);
  t.is(db.prepare("SELECT capacity FROM facilities WHERE license_number = '015600004'").pluck().get(), null);
  // "six" states six beds: read as stated, never served as "not on file".
  t.is(db.prepare("SELECT capacity FROM facilities WHERE license_number = '015600005'").pluck().get(), 6);
  t.is(result.report.duplicate_rows_merged, 1);
  const reasons = (db.prepare("SELECT reason FROM rejected_rows WHERE source = 'roster' ORDER BY line").all() as Row[]).map((r) => r.reason as string);
  t.true(reasons.some((r) => r.startsWith('superseded: license 015600002')));
  t.true(reasons.includes('facility_number is blank'));
  t.is(reasons.filter((r) => r === 'facility_number must be 1 to 9 digits').length, 2);
  t.true(reasons.includes('facility_name is blank'));
  // The unterminated quote stays on its line: the row is kept out whole, never merged with another,
  // and named for what it is (short however its quotes are read).
  t.true(reasons.some((r) => /^(unreadable quotes|short row: .* however its quotes are read)/.test(r)), reasons.join('\n'));
  // A superseded row is reported apart: it was kept out, but nothing was wrong with it.
  t.is(result.report.superseded.total, 1);
  t.is(result.report.rejected.total + result.report.superseded.total, reasons.length);
  // The administrator's name is personal data and never reaches the snapshot.
  const dump = (db.prepare('SELECT group_concat(record_json) FROM facilities').pluck().get() as string) + JSON.stringify(db.prepare('SELECT * FROM rejected_rows').all());
  t.false(dump.includes('PAT EXAMPLE'));
  t.true(ROSTER_HEADER.includes('facility_administrator'));
});

test.serial('roster facts carry the roster date; the record holds no availability, score, rank or price', async (t) => {
  const { db } = await publish({ roster: rosterCsv([{ number: '15600001', name: 'ONE HOME', status: 'ON PROBATION' }]) });
  const record = JSON.parse(db.prepare('SELECT record_json FROM facilities').pluck().get() as string);
  t.is(record.capacity.confirmed_on, '2026-11-16');
  t.is(record.on_probation.value, 'true');
  t.is(record.license_status.value, 'ON PROBATION');
  t.deepEqual(record.location.value, { latitude: 37.8044, longitude: -122.2711, method: 'address' });
  t.is(record.location.source_class, 'machine_extracted');
  t.is(record.address.source_class, 'state');
  const columns = [
    ...(db.prepare("SELECT name FROM pragma_table_info('facilities')").pluck().all() as string[]),
    ...Object.keys(record),
    ...Object.keys(JSON.parse(db.prepare('SELECT home_json FROM facilities').pluck().get() as string)),
  ];
  for (const name of columns) t.false(/(^|_)(avail|open_bed|vacan|score|rank|rating|tier)/i.test(name), name);
  t.false('price' in record);
});

test('a listing is old when last updated more than 12 months before the run; a rate line names its own date, never the day it was read', (t) => {
  t.false(listingIsOld('2025-11-20', '2026-11-20'), 'exactly 12 months: not yet old');
  t.true(listingIsOld('2025-11-19', '2026-11-20'));
  t.false(listingIsOld(null, '2026-11-20'), 'no date: never called old');
  t.true(listingIsOld('2025-02-28', '2026-03-01'));
  const listing = { site: 'rates.example', seen_on: '2026-11-01', updated_on: '2025-01-10', confirmed_by_home: false };
  const line = ownRateLine(5000, listing, '2026-11-20');
  t.true(line.includes('last updated 2025-01-10'));
  t.false(line.includes('2026-11-01'), 'the day it was read is not the listing\'s date');
  t.true(line.includes(`more than ${LISTING_OLD_AFTER_MONTHS} months old`));
  t.false(ownRateLine(5000, { ...listing, updated_on: '2026-10-01' }, '2026-11-20').includes('months old'));
});

test('a bed count written in words reads as the number it states; a cell stating no whole number reads as none', (t) => {
  const read = Object.fromEntries(['6', '06', 'six', 'Six', ' SIX ', 'twelve', 'twenty', 'Twenty-Four', 'forty two', 'ninety-nine'].map((text) => [text, wholeNumberFrom(text)]));
  t.deepEqual(read, { '6': 6, '06': 6, six: 6, Six: 6, ' SIX ': 6, twelve: 12, twenty: 20, 'Twenty-Four': 24, 'forty two': 42, 'ninety-nine': 99 });
  for (const text of ['N/A', 'TBD', '6.5', 'six beds', 'twenty-zero', 'ten-five', 'sixty sixty', '']) t.is(wholeNumberFrom(text), null, text);
});
