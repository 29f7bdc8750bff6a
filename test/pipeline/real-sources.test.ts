// Runs on sources in the real open-data shapes, with the profile's demo sources switched off:
// nothing a source did not give appears on a home, dates are the sources' own, and the run
// report names what was not read and what joined nothing.
import test from 'ava';
import Database from 'better-sqlite3';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { runPipeline, RunFailed, REPO_ROOT } from '../../pipeline/run.ts';
import pipelineConfig from '../../pipeline.config.ts';
import { selectProfile } from '../../pipeline/config.ts';
import { isRemote, isUrl } from '../../pipeline/sources/retrieve.ts';
import { parseCkanLocation } from '../../pipeline/sources/ckan.ts';
import { STATE_ORIGIN, approvalsCsv, facilities, rosterOnly, stateServer, tempSnapshotsDir, waiverCsv } from './fixtures.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);
const REAL_ROSTER = fixture('roster-real-shape-bom-crlf-no-file-date.csv');


test('the state profile takes no source from seeds/: coordinates and prices are off until a real source is set', (t) => {
  const state = selectProfile(pipelineConfig, 'state');
  t.falsy(state.demoData);
  const seeds = path.join(REPO_ROOT, 'seeds') + path.sep;
  for (const [name, location] of Object.entries(state.sources)) {
    if (location === null) continue;
    t.true(isRemote(location) || !path.resolve(REPO_ROOT, location).startsWith(seeds), name);
  }
  t.deepEqual([state.sources.geocodes, state.sources.zipCentroids, state.sources.listings, state.sources.countyRates], [null, null, null, null]);
  t.true(selectProfile(pipelineConfig, 'seeds').demoData);
  t.true(selectProfile(pipelineConfig, 'state-scale').demoData);
});

test('the state profile names its portal files by dataset and resource in the catalog, never by a download address (the export aside); it names no approvals file', (t) => {
  const { sources } = selectProfile(pipelineConfig, 'state');
  const portal = (location: string | null) => {
    const { portal, dataset, resource } = parseCkanLocation(location!);
    return [portal, dataset, resource];
  };
  t.deepEqual(portal(sources.portalRoster ?? null), ['https://data.chhs.ca.gov', 'ccl-facilities', '744d1583-f9eb-45b6-b0f8-b9a9dab936a6']);
  t.deepEqual(portal(sources.hospitals), ['https://data.chhs.ca.gov', 'healthcare-facility-locations', 'f0ae5731-fef8-417f-839d-54a0ed3a126e']);
  t.deepEqual(portal(sources.waiver), ['https://data.chhs.ca.gov', 'alw-assisted-living-facilities', 'ALW Assisted Living Facilities']);
  // No public file of care approvals is known: none is guessed.
  t.is(sources.approvals, null);
  // The weekly export is no portal file: the state's search site serves it at one fixed address.
  t.false(Object.entries(sources).some(([name, location]) => name !== 'roster' && location !== null && isUrl(location)), 'no hand-written address');
});

test('a non-demo run pointed into seeds/ fails before reading anything', async (t) => {
  const dir = await tempSnapshotsDir();
  const error = await t.throwsAsync(runPipeline({ snapshotsDir: dir, config: rosterOnly(REAL_ROSTER, { countyRates: 'seeds/default/county-rates.csv' }) }), { instanceOf: RunFailed });
  t.regex(error!.message, /countyRates \(seeds\/default\/county-rates\.csv\) point into seeds\/, which holds invented data/);
});

test('a roster-only run on a real-shaped roster gives no price, coordinate, waiver or approval value, and says what was not read', async (t) => {
  const dir = await tempSnapshotsDir();
  const result = await runPipeline({ snapshotsDir: dir, config: rosterOnly(REAL_ROSTER), now: new Date('2026-11-22T18:00:00Z') });
  t.true(result.published, result.heldBack.join('; '));
  const { rows, meta } = facilities(result.snapshotPath!);
  t.is(rows.length, 5);
  for (const row of rows) {
    t.is(row.price_json, null);
    t.is(row.price_kind, null);
    t.is(row.latitude, null);
    t.is(row.location_method, null);
    t.is(row.alw_participation, 'not_on_file');
    t.is(row.dementia, 'not_on_file');
    t.is(row.license_status_live, null);
    const home = JSON.parse(row.home_json as string);
    t.is(home.price, null);
    t.is(home.medi_cal_alw.line, "Not on file: the state's Assisted Living Waiver list was not read for this snapshot.");
    t.is(home.medi_cal_alw.list_as_of, null);
    const record = JSON.parse(row.record_json as string);
    t.is(record.location.value, null);
    t.is(record.alw_participation.confirmed_on, null);
  }
  t.deepEqual(
    result.report.sources_not_read.map((s) => s.name),
    ['approvals', 'waiver', 'geocodes', 'locations', 'zipCentroids', 'hospitals', 'listings', 'countyRates', 'stateDocuments'],
  );
  t.true(result.report.warnings.some((w) => w.startsWith('not read (switched off): approvals, waiver')));
  t.is(meta.demo_data, 'false');
  t.is(meta.profile, 'custom');
  // Verbatim names with curly apostrophes and legal forms; 8-digit numbers get their leading zero back.
  t.deepEqual(rows.map((r) => r.license_number), ['015600001', '015600002', '015600005', '197600456', '397000123']);
  t.is(rows[1]!.licensed_name, 'O\u2019BRIEN FAMILY CARE HOME LLC');
});

test('a waiver list that joins under the configured share is warned about in the run report', async (t) => {
  const dir = await tempSnapshotsDir();
  const result = await runPipeline({ snapshotsDir: dir, config: rosterOnly(REAL_ROSTER, { waiver: fixture('waiver-list-mostly-joining-no-license.csv') }) });
  t.true(result.published);
  t.deepEqual(result.report.joins, [{ source: 'waiver', rows: 3, joined: 1 }]);
  t.true(result.report.warnings.includes('waiver: 1 of 3 row(s) joined a license (under 50%): is it the right file?'), result.report.warnings.join('\n'));
});

test('a roster without file_date is confirmed on its Last-Modified date, and on nothing without one: never the run date', async (t) => {
  const dir = await tempSnapshotsDir();
  const csv = await readFile(REAL_ROSTER, 'utf8');
  stateServer.reset();
  stateServer.route('/roster.csv', { body: csv, lastModified: 'Mon, 16 Nov 2026 08:00:00 GMT' });
  const now = new Date('2026-11-22T18:00:00Z');
  const served = await runPipeline({ snapshotsDir: dir, config: rosterOnly(`${STATE_ORIGIN}/roster.csv`), now });
  const fromServer = facilities(served.snapshotPath!);
  t.is(fromServer.meta.roster_as_of, '2026-11-16');
  for (const row of fromServer.rows) {
    t.is(JSON.parse(row.record_json as string).license_status.confirmed_on, '2026-11-16');
    t.is(JSON.parse(row.home_json as string).status_as_of, '2026-11-16');
  }
  const db = new Database(served.snapshotPath!, { readonly: true });
  t.deepEqual(db.prepare("SELECT source_date, last_modified FROM sources WHERE name = 'roster'").get(), { source_date: '2026-11-16', last_modified: 'Mon, 16 Nov 2026 08:00:00 GMT' });
  db.close();

  const local = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: rosterOnly(REAL_ROSTER), now });
  const fromFile = facilities(local.snapshotPath!);
  t.is(fromFile.meta.roster_as_of, '');
  for (const row of fromFile.rows) {
    t.is(JSON.parse(row.record_json as string).license_status.confirmed_on, null);
    t.is(row.roster_as_of, null);
  }
});

test.serial('an approvals file or waiver list dated after the run dates nothing: its facts are confirmed on null, with a warning', async (t) => {
  stateServer.reset();
  // A typo in the state's files: dates that have not happened yet.
  stateServer.route('/approvals.csv', { body: approvalsCsv([['15600001', 'Y', '', '', '', '']]).replace('11/09/2026', '11/09/2062') });
  stateServer.route('/waiver.csv', { body: waiverCsv([["St. Mary's Garden Home", '100 Main St', 'OAKLAND', '94612']]), lastModified: 'Sat, 01 Oct 2062 16:00:00 GMT' });
  const config = rosterOnly(REAL_ROSTER, { approvals: `${STATE_ORIGIN}/approvals.csv`, waiver: `${STATE_ORIGIN}/waiver.csv` });
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config, now: new Date('2026-11-22T18:00:00Z') });
  const { rows, meta } = facilities(result.snapshotPath!);
  const record = JSON.parse(rows[0]!.record_json as string);
  t.deepEqual([record.clearances.dementia.value, record.clearances.dementia.confirmed_on], ['true', null]);
  t.deepEqual([record.alw_participation.value, record.alw_participation.confirmed_on], ['true', null]);
  t.is(JSON.parse(rows[0]!.home_json as string).medi_cal_alw.list_as_of, null);
  t.deepEqual([meta.approvals_as_of, meta.alw_list_as_of], ['', '']);
  t.true(result.report.warnings.some((w) => w.startsWith('1 approvals row(s): as_of_date not a possible date (after the run, 2026-11-22)')));
  t.true(result.report.warnings.some((w) => w.startsWith('1 waiver row(s): list date not a possible date')));
});

test('guards compare a run only with earlier snapshots of the same profile: a first real run after the seeds is not held back', async (t) => {
  const dir = await tempSnapshotsDir();
  const seeds = await runPipeline({ snapshotsDir: dir });
  t.true(seeds.published);
  const real = await runPipeline({ snapshotsDir: dir, config: { ...rosterOnly(REAL_ROSTER), profile: 'state' } });
  t.true(real.published, real.heldBack.join('; '));
  t.is(real.report.diff.previous_snapshot, null);
  t.is(real.report.diff.removed, 0);
  t.true(real.report.warnings.includes('no earlier snapshot of profile "state": snapshots of profile seeds are not compared with this run'));
  t.is(facilities(seeds.snapshotPath!).meta.demo_data, 'true');
  t.is(facilities(real.snapshotPath!).meta.profile, 'state');
});

test('every row of a broken roster is read or rejected with its reason; impossible cells are not on file; a superseded row is no rejection', async (t) => {
  const dir = await tempSnapshotsDir();
  const config = rosterOnly(fixture('roster-broken-rows-cut-off-last-line.csv'));
  // 2 of 10 rows are broken (20%); counting the superseded row too would make 30%.
  config.guards.maxRejectedShare = 0.35;
  const result = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-22T18:00:00Z') });
  t.true(result.published, result.heldBack.join('; '));
  const roster = result.report.sources.find((s) => s.name === 'roster')!;
  // A quote that closes nothing (`BAD "QUOTE" HOME`) is read as text, as the state's export needs.
  t.like(roster, { lines: 11, rows_read: 10, rows_valid: 7, rows_rejected: 2, rows_superseded: 1 });
  t.is(roster.rows_read, roster.rows_valid + roster.rows_rejected + roster.rows_superseded);
  t.deepEqual(
    result.report.rejected.rows.map((r) => [r.line, r.reason.replace(/:.*/s, '')]),
    [
      [9, 'short row'],
      [11, 'short row'],
    ],
  );
  t.deepEqual(result.report.superseded.rows.map((r) => r.line), [7]);

  const { rows } = facilities(result.snapshotPath!);
  const byName = Object.fromEntries(rows.map((row) => [row.licensed_name, row]));
  t.deepEqual(Object.keys(byName).sort(), ['ACORN HOME', 'BAD "QUOTE" HOME', 'BAD ZIP HOME', 'FUTURE HOME', 'HUGE HOME', 'TWICE HOME', 'ZERO BEDS HOME']);
  t.false(rows.some((row) => row.street === '12 MAI'), 'a cut-off last line is no license');
  t.is(byName['TWICE HOME']!.street, '6 F Street');
  t.is(byName['BAD ZIP HOME']!.zip, null);
  t.is(byName['FUTURE HOME']!.zip, '94612-1234');
  t.is(byName['ZERO BEDS HOME']!.capacity, null);
  t.is(byName['HUGE HOME']!.capacity, null);
  t.is(byName['HUGE HOME']!.license_first_date, null);
  t.is(byName['FUTURE HOME']!.license_first_date, null);
  t.deepEqual(
    result.report.field_problems.rows.map((p) => [p.line, p.field, p.value]),
    [
      [3, 'facility_zip', 'ABCDE'],
      [4, 'facility_capacity', '0'],
      [5, 'facility_capacity', '99999'],
      [5, 'license_first_date', '2/30/2020'],
      [6, 'license_first_date', '1/1/2099'],
    ],
  );
  t.true(result.report.warnings.includes('1 roster row(s): facility_zip neither 5 digits nor ZIP+4 (line 3); stored as not on file'), result.report.warnings.join('\n'));
});
