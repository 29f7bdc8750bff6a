// The Assisted Living Waiver list as the health-care services department publishes it, looked up in
// the portal's catalog and read in its own columns: matched to licenses by address, then name;
// adult residential facilities reported apart from rows that match nothing; dated by the catalog.
import test from 'ava';
import Database from 'better-sqlite3';
import { runPipeline } from '../../pipeline/run.ts';
import pipelineConfig from '../../pipeline.config.ts';
import { selectProfile } from '../../pipeline/config.ts';
import { formatReport } from '../../pipeline/report.ts';
import { ALW_AS_OF } from '../../seeds/model.ts';
import { serveCatalog } from './ckan-stand-in.ts';
import { STATE_ORIGIN, WAIVER_HEADER, facilities, rosterCsv, rosterOnly, stateServer, tempSnapshotsDir } from './fixtures.ts';

const RESOURCE_ID = '3c2e9a52-1d44-4c55-9a1b-7e0c1f2d9a10';
const ALW_CSV = [
  WAIVER_HEADER,
  // By address (suite in Address_2, ZIP+4); the provider number is no license number.
  '1,015600002,Acme Care LLC,Sunrise Villa,6,100 Main Street,Suite 100,Oakland,Alameda,94612-1234,510-555-0100,37.8044,-122.2711',
  // By name: another street, the business name differs, the legal name is the licensed name.
  '2,388001,OAK GARDEN HOME,Oak Garden,6,9 Elsewhere Way,,Oakland,Alameda,94612,,,',
  // An adult residential facility: never on the elder-care roster.
  '3,388002,Hillside Arf Inc.,Hillside Adult Residential Facility,6,5 Hill St,,Oakland,Alameda,94612,,,',
  // Matches nothing.
  '4,388003,Nowhere LLC,Nowhere Manor,6,1 Nowhere Rd,,Fresno,Fresno,93701,,,',
].join('\r\n') + '\r\n';

test.serial('the published waiver list is read through the catalog in its own columns, matched by address then name, adult residential facilities apart, dated by the catalog', async (t) => {
  stateServer.reset();
  stateServer.route('/roster.csv', { body: rosterCsv([{ number: '15600001', name: 'SUNRISE VILLA OF OAKLAND', street: '100 MAIN ST' }, { number: '15600003', name: 'OAK GARDEN HOME', street: '77 OAK ST' }]) });
  stateServer.route('/alw.csv', { body: ALW_CSV });
  serveCatalog(stateServer, [
    { id: 'd-alw', name: 'alw-assisted-living-facilities', resources: [{ id: RESOURCE_ID, name: 'ALW Assisted Living Facilities', url: `${STATE_ORIGIN}/alw.csv`, last_modified: '2026-09-15T17:02:11.123456' }] },
  ]);
  const waiver = `ckan:${STATE_ORIGIN}#alw-assisted-living-facilities/ALW Assisted Living Facilities`;
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: rosterOnly(`${STATE_ORIGIN}/roster.csv`, { waiver }), now: new Date('2026-11-22T18:00:00Z') });
  t.true(result.published, result.heldBack.join('; '));

  t.like(result.report.waiver, { rows: 4, matched_by_address: 1, matched_by_name: 1, adult_residential: 1, unmatched: 1, ambiguous: 0 });
  t.deepEqual(result.report.waiver.not_matched_rows.map((r) => [r.facility_name, r.result]), [
    ['Hillside Adult Residential Facility', 'adult_residential'],
    ['Nowhere Manor', 'unmatched'],
  ]);
  t.regex(formatReport(result.report), /Waiver list: 4 rows, 1 matched by address, 1 by name, 1 adult residential facilities \(not on the elder-care roster\), 1 unmatched, 0 ambiguous/);

  const { rows, meta } = facilities(result.snapshotPath!);
  t.deepEqual(rows.map((row) => [row.license_number, row.alw_participation, row.alw_list_as_of]), [
    ['015600001', 'true', '2026-09-15'],
    ['015600003', 'true', '2026-09-15'],
  ]);
  // The catalog's date, never the run's.
  t.is(meta.alw_list_as_of, '2026-09-15');
  t.is(JSON.parse(rows[0]!.home_json as string).medi_cal_alw.line, "On the state's Assisted Living Waiver list as of 2026-09-15.");
  const db = new Database(result.snapshotPath!, { readonly: true });
  t.deepEqual(db.prepare('SELECT facility_name, street, zip, matched_license, match_method FROM waiver_list ORDER BY line').all(), [
    { facility_name: 'Sunrise Villa', street: '100 Main Street, Suite 100', zip: '94612', matched_license: '015600001', match_method: 'address' },
    { facility_name: 'Oak Garden', street: '9 Elsewhere Way', zip: '94612', matched_license: '015600003', match_method: 'name' },
    { facility_name: 'Hillside Adult Residential Facility', street: '5 Hill St', zip: '94612', matched_license: null, match_method: 'unmatched' },
    { facility_name: 'Nowhere Manor', street: '1 Nowhere Rd', zip: '93701', matched_license: null, match_method: 'unmatched' },
  ]);
  db.close();
});

test.serial('a waiver list in another shape (the old hand-made one) is unreadable, not a failed run', async (t) => {
  stateServer.reset();
  stateServer.route('/roster.csv', { body: rosterCsv([{ number: '15600001', name: 'SUNRISE VILLA' }]) });
  stateServer.route('/old.csv', { body: 'Assisted Living Waiver (ALW) Participating Facilities - as of 10/01/2026\nFacility Name,Street Address,City,County,Zip Code,Phone Number\nSunrise Villa,100 Main St,Oakland,Alameda,94612,\n' });
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: rosterOnly(`${STATE_ORIGIN}/roster.csv`, { waiver: `${STATE_ORIGIN}/old.csv` }) });
  t.true(result.published);
  t.regex(result.report.sources_not_read.find((s) => s.name === 'waiver')!.reason, /^unreadable: Source "waiver" has no header row with the columns legal_name, business_name, address, city/);
  t.is(facilities(result.snapshotPath!).rows[0]!.alw_participation, 'not_on_file');
});

test('the seed profiles date their waiver file as the seed generator does (the file states no date)', (t) => {
  const [month, day, year] = ALW_AS_OF.split('/');
  for (const profile of ['seeds', 'state-scale']) t.is(selectProfile(pipelineConfig, profile).fileDates?.waiver, `${year}-${month}-${day}`, profile);
});
