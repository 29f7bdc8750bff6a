// The state's weekly export as the roster of record, served by a loopback stand-in with every
// quirk the state's file has: a complaint tail longer than the header, a quote that closes
// nothing, a doubled quote before the closing one, placeholders, licenses that lost their leading
// zero, date lists inside one cell. Also the open-data portal's file as a compared second source.
import test from 'ava';
import Database from 'better-sqlite3';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runPipeline } from '../../pipeline/run.ts';
import { readRoster } from '../../pipeline/sources/roster.ts';
import { readStateDate } from '../../pipeline/normalize/dates.ts';
import { formatReport } from '../../pipeline/report.ts';
import type { Rejection } from '../../pipeline/sources/csv.ts';
import pipelineConfig from '../../pipeline.config.ts';
import { selectProfile } from '../../pipeline/config.ts';
import { STATE_ORIGIN, facilities, rosterCsv, rosterOnly, stateServer, tempSnapshotsDir } from './fixtures.ts';

test.serial.afterEach(() => stateServer.reset());

const HEADER =
  'Facility Type,Facility Number,Facility Name,Licensee,Facility Administrator,Facility Telephone Number,Facility Address,Facility City,Facility State,Facility Zip,' +
  'County Name,Regional Office,Facility Capacity,Facility Status,License First Date,Closed Date,Last Visit Date,Inspection Visits,Complaint Visits,Other Visits,' +
  'Total Visits,Citation Numbers,POC Dates,All Visit Dates,Inspection Visit Dates,Inspect TypeA,Inspect TypeB,Other Visit Dates,Other TypeA,Other TypeB,' +
  'Complaint Type A,Complaint Type B,Total Allegations,Inconclusive Allegations,Substantiated Allegations,Unsubstantiated Allegations,Unfounded Allegations,' +
  '"Complaint Info- Date, #Sub A, # Inc A, # Uns A, # Unf A, # TypeA, # TypeB ..."';

/** Every quirk, one row each; written as the state writes them (not through a CSV writer). */
const EXPORT = [
  HEADER,
  // Lost its leading zero; two complaints in the tail (14 cells past the header); a stray quote in Citation Numbers; date lists newest first.
  'RESIDENTIAL CARE ELDERLY,15600001,HARBOR VIEW HOME,ACME CARE LLC,PAT EXAMPLE,(510) 555-0100,100 MAIN ST,OAKLAND,CA,94612,ALAMEDA,OAKLAND ASC,6,LICENSED,5/20/2010,,' +
    '10/01/2026,2,2,1,5,"87303(a), 87224"(a)(2)","11/15/2025, 02/01/2026","10/01/2026, 06/15/2026, 03/02/2026, 01/10/2026, 10/20/2025","01/10/2026, 10/01/2026",1,2,03/02/2026,0,1,1,1,5,1,2,1,1,' +
    '06/15/2026,1,0,1,0,1,0,10/20/2025,1,1,0,1,0,1',
  // Placeholders for phone and street, a doubled quote right before the closing one, no visits at all.
  'RESIDENTIAL CARE ELDERLY,15600002,"THE ""OAKS"" HOME ""II""",SAM EXAMPLE,,Unavailable,Unavailable,OAKLAND,CA,94612,ALAMEDA,OAKLAND ASC,6,ON PROBATION,6/1/2015,N/A,' +
    ',0,0,0,0,,,,,0,0,,0,0,0,0,0,0,0,0,0,',
  // A pending application: See FAQs as its phone; 37 cells only (the tail cell left off).
  'RESIDENTIAL CARE ELDERLY,015600003,WILLOW APPLICATION,ACME CARE LLC,,See FAQs,300 ELM ST,OAKLAND,CA,94612,ALAMEDA,OAKLAND ASC,6,PENDING,,,' +
    ',0,0,0,0,,,,,0,0,,0,0,0,0,0,0,0,0,0',
  // Closed since: the portal file still says LICENSED.
  'RESIDENTIAL CARE ELDERLY,15600004,CEDAR HOUSE,ACME CARE LLC,,(510) 555-0104,400 OAK ST,OAKLAND,CA,94612,ALAMEDA,OAKLAND ASC,6,CLOSED,1/5/2001,3/1/2026,' +
    '02/01/2025,1,0,0,1,,,02/01/2025,02/01/2025,0,0,,0,0,0,0,0,0,0,0,0,',
].join('\r\n') + '\r\n';

/** The portal's older file: CEDAR HOUSE still licensed, a home the export no longer has, no pending application; file_date typed as a number. */
const PORTAL = rosterCsv([
  { number: '15600001', name: 'HARBOR VIEW HOME', fileDate: '5252025' },
  { number: '15600002', name: 'THE OAKS HOME', status: 'ON PROBATION', fileDate: '5252025' },
  { number: '15600004', name: 'CEDAR HOUSE', status: 'LICENSED', fileDate: '5252025' },
  { number: '15600009', name: 'BIRCH MANOR', status: 'LICENSED', fileDate: '5252025' },
]);

const LAST_MODIFIED = 'Sat, 21 Nov 2026 06:00:00 GMT';
const EXPORT_PATH = '/transparencyapi/api/DownloadStateData';
const EXPORT_URL = `${STATE_ORIGIN}${EXPORT_PATH}?id=ResidentialElderCareFacility&GUID={guid}`;
const NOW = new Date('2026-11-27T18:00:00Z');

function stateVisits(file: string, license: string) {
  const db = new Database(file, { readonly: true });
  const row = db.prepare('SELECT * FROM state_visits WHERE license_number = ?').get(license) as Record<string, unknown> | undefined;
  const complaints = db.prepare('SELECT date, substantiated, inconclusive, unsubstantiated, unfounded, type_a, type_b FROM complaint_outcomes WHERE license_number = ? ORDER BY position').all(license);
  db.close();
  return { row, complaints };
}

test.serial('the export is read in full: every quirk, the complaint tail, placeholders as not on file, tallies as the state sums them', async (t) => {
  stateServer.route(EXPORT_PATH, { body: EXPORT, lastModified: LAST_MODIFIED });
  const dir = await tempSnapshotsDir();
  const result = await runPipeline({ snapshotsDir: dir, config: rosterOnly(EXPORT_URL), now: NOW });
  t.true(result.published, result.heldBack.join('; '));
  t.is(result.report.rejected.total, 0, JSON.stringify(result.report.rejected.rows));
  t.deepEqual(result.report.field_problems.rows, []);

  const { rows, meta } = facilities(result.snapshotPath!);
  t.deepEqual(rows.map((row) => row.license_number), ['015600001', '015600002', '015600003', '015600004']);
  const [harbor, oaks, willow, cedar] = rows as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];

  // Dated by the day the state served it, never by the run.
  t.is(meta.roster_as_of, '2026-11-21');
  t.is(JSON.parse(harbor.record_json as string).last_state_visit.confirmed_on, '2026-11-21');

  // Type A = inspection 1 + other 0 + complaint 1; Type B = 2 + 1 + 1: the sum, nothing added on top.
  t.like(harbor, { type_a_citations: 2, type_b_citations: 4, last_state_visit: '2026-10-01', tallies_since_year: '2025' });
  const harborVisits = stateVisits(result.snapshotPath!, '015600001');
  t.like(harborVisits.row, {
    as_of: '2026-11-21',
    inspection_visits: 2,
    complaint_visits: 2,
    other_visits: 1,
    total_visits: 5,
    all_visit_dates: JSON.stringify(['2025-10-20', '2026-01-10', '2026-03-02', '2026-06-15', '2026-10-01']),
    inspection_visit_dates: JSON.stringify(['2026-01-10', '2026-10-01']),
    citation_sections: JSON.stringify(['87303(a)', '87224"(a)(2)']),
    poc_dates: JSON.stringify(['2025-11-15', '2026-02-01']),
    allegations_total: 5,
    allegations_inconclusive: 1,
    allegations_substantiated: 2,
    allegations_unsubstantiated: 1,
    allegations_unfounded: 1,
    type_a_total: 2,
    type_b_total: 4,
  });
  t.deepEqual(harborVisits.complaints, [
    { date: '2025-10-20', substantiated: 1, inconclusive: 1, unsubstantiated: 0, unfounded: 1, type_a: 0, type_b: 1 },
    { date: '2026-06-15', substantiated: 1, inconclusive: 0, unsubstantiated: 1, unfounded: 0, type_a: 1, type_b: 0 },
  ]);

  // Placeholders are not on file: never a phone, never a street, never a closed date.
  t.like(oaks, { name: 'THE "OAKS" HOME "II"', phone: null, street: null, closed_date: null, type_a_citations: 0, type_b_citations: 0, tallies_since_year: null });
  t.deepEqual(JSON.parse(oaks.record_json as string).address.value, { street: null, city: 'OAKLAND', county: 'ALAMEDA', zip: '94612' });
  t.like(willow, { phone: null, license_status: 'PENDING' });
  t.like(cedar, { license_status: 'CLOSED', closed_date: '2026-03-01' });
  t.like(result.report.roster, { shape: 'export', as_of: '2026-11-21', homes_with_visits: 4, placeholders: { facility_telephone_number: 2, facility_address: 1 } });
  t.regex(formatReport(result.report), /Roster: the state's weekly export, retrieved from the state on 2026-11-21 \(the file states no date of its own\)/);

  // Each request carries a fresh GUID.
  const guids = stateServer.requests(EXPORT_PATH).map((request) => request.query.get('GUID'));
  t.is(guids.length, 1);
  t.regex(guids[0]!, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  t.is(stateServer.requests(EXPORT_PATH)[0]!.query.get('id'), 'ResidentialElderCareFacility');
});

test.serial('without Last-Modified the export is dated by the Date it was served on; a second run asks with a new GUID', async (t) => {
  stateServer.route(EXPORT_PATH, { body: EXPORT, headers: { date: 'Tue, 24 Nov 2026 16:00:00 GMT' } });
  const dir = await tempSnapshotsDir();
  const first = await runPipeline({ snapshotsDir: dir, config: rosterOnly(EXPORT_URL), now: NOW });
  t.is(facilities(first.snapshotPath!).meta.roster_as_of, '2026-11-24');
  await runPipeline({ snapshotsDir: dir, config: rosterOnly(EXPORT_URL), now: new Date('2026-11-28T18:00:00Z'), force: true });
  const guids = stateServer.requests(EXPORT_PATH).map((request) => request.query.get('GUID'));
  t.is(guids.length, 2);
  t.not(guids[0], guids[1]);
});

test.serial('placeholder streets are never sent to the geocoder, in the export and in the portal-shaped file alike', async (t) => {
  const portalShaped = rosterCsv([
    { number: '15600011', name: 'ASPEN HOME', street: 'Unavailable', phone: 'Unavailable' },
    { number: '15600012', name: 'BIRCH HOME', street: '12 BIRCH ST', phone: 'N/A' },
  ]);
  for (const [file, body, expected] of [['/export.csv', EXPORT, 3], ['/portal.csv', portalShaped, 1]] as const) {
    stateServer.reset();
    stateServer.route(file, { body, lastModified: LAST_MODIFIED });
    // An empty answer: every address unanswered, which is all this test needs to see what was asked.
    stateServer.route('/geocoder', { body: '' });
    const dir = await tempSnapshotsDir();
    const config = { ...rosterOnly(`${STATE_ORIGIN}${file}`), geocoder: { url: `${STATE_ORIGIN}/geocoder`, benchmark: 'Public_AR_Current', batchSize: 100, reaskAfterDays: 30 } };
    const result = await runPipeline({ snapshotsDir: dir, config, now: NOW });
    t.true(result.published, file);
    t.is(result.report.coordinates.geocoder?.addresses, expected, file);
    const asked = stateServer.requests('/geocoder').map((request) => request.body.toString('utf8')).join('\n');
    t.true(asked.length > 0, file);
    t.false(/unavailable/i.test(asked), file);
    const { rows } = facilities(result.snapshotPath!);
    t.false(rows.some((row) => row.phone === 'Unavailable' || row.phone === 'N/A' || row.phone === 'See FAQs' || row.street === 'Unavailable'), file);
  }
});

test.serial('the portal file is compared with the export and reported; it never overrides the fresher export', async (t) => {
  stateServer.route(EXPORT_PATH, { body: EXPORT, lastModified: LAST_MODIFIED });
  stateServer.route('/portal.csv', { body: PORTAL });
  const dir = await tempSnapshotsDir();
  const config = rosterOnly(EXPORT_URL, { portalRoster: `${STATE_ORIGIN}/portal.csv` });
  const result = await runPipeline({ snapshotsDir: dir, config, now: NOW });
  t.true(result.published);
  const comparison = {
    portal_as_of: '2025-05-25',
    roster_as_of: '2026-11-21',
    roster_licenses: 4,
    portal_licenses: 4,
    in_both: 3,
    only_in_roster: { count: 1, licenses: ['015600003'] },
    only_in_portal: { count: 1, licenses: ['015600009'] },
    status_differs: { count: 1, examples: [{ license_number: '015600004', roster: 'CLOSED', portal: 'LICENSED' }] },
  };
  t.deepEqual(result.report.roster_comparison, comparison);
  const { rows, meta } = facilities(result.snapshotPath!);
  t.deepEqual(JSON.parse(meta.roster_comparison!), comparison);
  // The stale file's status, name and date change nothing.
  t.like(rows.find((row) => row.license_number === '015600004'), { license_status: 'CLOSED', roster_as_of: '2026-11-21' });
  t.false(rows.some((row) => row.license_number === '015600009'));
  t.is(meta.roster_as_of, '2026-11-21');
  const printed = formatReport(result.report);
  t.regex(printed, /only in the roster: 1 \(015600003\)/);
  t.regex(printed, /only in the portal file: 1 \(015600009\)/);
  t.regex(printed, /015600004: roster CLOSED, portal file LICENSED/);
});

test('seven digits are a date whose month lost its leading zero: 5252025 is 2025-05-25', (t) => {
  t.deepEqual(readStateDate('5252025'), { iso: '2025-05-25', shape: 'MDDYYYY' });
  t.deepEqual(readStateDate('05252025'), { iso: '2025-05-25', shape: 'MMDDYYYY' });
  t.like(readStateDate('9312025'), { iso: null, problem: 'not a real date (read as MDDYYYY)' });
});

test('a roster row carries visit_dates: the export\'s All Visit Dates as ISO dates, sorted, joined by a comma; null from a file without them', async (t) => {
  const dir = await tempSnapshotsDir();
  const exportFile = path.join(dir, 'export.csv');
  const portalFile = path.join(dir, 'portal.csv');
  await writeFile(exportFile, EXPORT);
  await writeFile(portalFile, PORTAL);
  const rejections: Rejection[] = [];
  const fromExport = await readRoster(exportFile, (r) => rejections.push(r), '2026-11-27');
  t.deepEqual(rejections, []);
  t.is(fromExport.shape, 'export');
  t.deepEqual(
    fromExport.rows.map((row) => row.visit_dates),
    ['2025-10-20,2026-01-10,2026-03-02,2026-06-15,2026-10-01', null, null, '2025-02-01'],
  );
  const fromPortal = await readRoster(portalFile, (r) => rejections.push(r), '2026-11-27');
  t.is(fromPortal.shape, 'portal');
  t.true(fromPortal.rows.every((row) => row.visit_dates === null && row.visits === null));
  t.is(fromPortal.rows[0]!.file_date, '2025-05-25');
});

test('the state profile reads the export as its roster, with a GUID per request, and the portal file as the compared second roster', (t) => {
  const { sources } = selectProfile(pipelineConfig, 'state');
  t.is(sources.roster, 'https://www.ccld.dss.ca.gov/transparencyapi/api/DownloadStateData?id=ResidentialElderCareFacility&GUID={guid}');
  t.is(sources.portalRoster, 'ckan:https://data.chhs.ca.gov#ccl-facilities/744d1583-f9eb-45b6-b0f8-b9a9dab936a6');
});
