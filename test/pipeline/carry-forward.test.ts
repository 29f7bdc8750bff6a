// Only the roster is required: an optional source that is unreachable, answers an error or comes in
// a shape the run cannot read never fails a run. A first run publishes the roster with those facts
// not on file; a later run keeps the earlier snapshot's values with their own old dates; the report
// and the snapshot's source_health say which and since when.
import test from 'ava';
import Database from 'better-sqlite3';
import { createServer } from 'node:net';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runPipeline } from '../../pipeline/run.ts';
import pipelineConfig from '../../pipeline.config.ts';
import { selectProfile, type PipelineConfig, type SourcesConfig } from '../../pipeline/config.ts';
import { formatReport } from '../../pipeline/report.ts';
import { call, startServer } from '../helpers/server.ts';
import { serveCatalog } from './ckan-stand-in.ts';
import { readSourceHealth, SOURCE_HEALTH_KEY } from '../../contract/source-health.ts';
import { STATE_ORIGIN, approvalsCsv, facilities, rosterCsv, stateServer, tempSnapshotsDir, testConfig, waiverCsv, HOSPITALS_CSV, ZIP_CENTROIDS_CSV, COUNTY_RATES_CSV, LISTINGS_HEADER, WAIVER_LAST_MODIFIED } from './fixtures.ts';

/** A loopback port nothing listens on: a connection to it is refused. */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const HOMES = [
  { number: '15600001', name: "ST. MARY'S GARDEN HOME", street: '100 MAIN ST', zip: '94612' },
  { number: '15600002', name: 'OAK HOME', street: '200 OAK ST', zip: '94612' },
];

/** The state profile, its sources as given, fast retries; the roster on the stand-in. */
function stateConfig(sources: Omit<SourcesConfig, 'roster'>, extra: Partial<PipelineConfig> = {}): PipelineConfig {
  const state = selectProfile(pipelineConfig, 'state');
  const fast = testConfig();
  return { ...state, http: fast.http, deadlines: fast.deadlines, guards: fast.guards, sources: { roster: `${STATE_ORIGIN}/roster.csv`, ...sources }, stateDocuments: null, geocoder: null, ...extra };
}

function serveGoodSources(): void {
  stateServer.reset();
  stateServer.route('/roster.csv', { body: rosterCsv(HOMES) });
  stateServer.route('/approvals.csv', { body: approvalsCsv([['15600001', 'Y', 'N', '', '', '']]) });
  stateServer.route('/alw.csv', { body: waiverCsv([["St. Mary's Garden Home", '100 Main Street', 'OAKLAND', '94612']]), lastModified: WAIVER_LAST_MODIFIED });
  stateServer.route('/hospitals.csv', { body: HOSPITALS_CSV });
  stateServer.route('/zip.csv', { body: ZIP_CENTROIDS_CSV });
  stateServer.route('/listings.csv', { body: `${LISTINGS_HEADER}\n15600002,ExampleCare,https://listing.test/oak,"$5,450",N,2026-11-01,2026-11-01\n` });
  stateServer.route('/rates.csv', { body: COUNTY_RATES_CSV });
}

const GOOD: Omit<SourcesConfig, 'roster'> = {
  approvals: `${STATE_ORIGIN}/approvals.csv`,
  waiver: `${STATE_ORIGIN}/alw.csv`,
  geocodes: null,
  zipCentroids: `${STATE_ORIGIN}/zip.csv`,
  hospitals: `${STATE_ORIGIN}/hospitals.csv`,
  listings: `${STATE_ORIGIN}/listings.csv`,
  countyRates: `${STATE_ORIGIN}/rates.csv`,
};

/** Every optional source down, each in its own way: refused, 500, a misshapen file, a catalog error. */
async function everySourceDown(dir: string): Promise<Omit<SourcesConfig, 'roster'>> {
  stateServer.reset();
  stateServer.route('/roster.csv', { body: rosterCsv(HOMES) });
  stateServer.route('/alw.csv', { status: 500, body: 'Internal Server Error' });
  stateServer.route('/hospitals.csv', { status: 503, body: 'busy' });
  // A portal whose catalog has no such dataset.
  serveCatalog(stateServer, []);
  // A file in a shape the run cannot read (semicolons, other columns).
  const misshapen = path.join(dir, 'misshapen.csv');
  await writeFile(misshapen, 'OBJECTID;Number;Legal_Name\n1;123;A HOME\n');
  const refused = `http://127.0.0.1:${await refusingPort()}`;
  return {
    approvals: `${refused}/approvals.csv`,
    waiver: `${STATE_ORIGIN}/alw.csv`,
    geocodes: path.join(dir, 'not-there.csv'),
    zipCentroids: misshapen,
    hospitals: `${STATE_ORIGIN}/hospitals.csv`,
    listings: `ckan:${STATE_ORIGIN}#ccl-facilities/Listings`,
    countyRates: `${STATE_ORIGIN}/no-such-file.csv`,
  };
}

function sourceHealth(file: string) {
  const db = new Database(file, { readonly: true });
  const value = (db.prepare('SELECT value FROM metadata WHERE key = ?').get(SOURCE_HEALTH_KEY) as { value: string }).value;
  const statuses = Object.fromEntries((db.prepare('SELECT name, fetch_status, source_date FROM sources').all() as Array<{ name: string; fetch_status: string; source_date: string | null }>).map((r) => [r.name, [r.fetch_status, r.source_date]]));
  const hospitals = db.prepare('SELECT COUNT(*) FROM hospitals').pluck().get();
  db.close();
  return { health: readSourceHealth(value), statuses, hospitals };
}

test.serial('a first state run with every optional source down publishes the roster, those facts not on file, and says what it could not read', async (t) => {
  const dir = await tempSnapshotsDir();
  const config = stateConfig(await everySourceDown(dir));
  const result = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-11-22T18:00:00Z') });
  t.true(result.published, result.heldBack.join('; '));
  const { rows } = facilities(result.snapshotPath!);
  t.is(rows.length, 2);
  for (const row of rows) {
    t.is(row.dementia, 'not_on_file');
    t.is(row.alw_participation, 'not_on_file');
    t.is(row.latitude, null);
    t.is(row.price_json, null);
  }
  const { health, hospitals } = sourceHealth(result.snapshotPath!);
  t.is(hospitals, 0);
  t.deepEqual(health.carried_forward, []);
  const reasons = Object.fromEntries(health.unavailable.map((u) => [u.source, u.reason]));
  t.deepEqual(Object.keys(reasons).sort(), ['approvals', 'countyRates', 'geocodes', 'hospitals', 'listings', 'waiver', 'zipCentroids']);
  t.regex(reasons.approvals!, /^failed: .*ECONNREFUSED/);
  t.regex(reasons.waiver!, /^failed: .*HTTP 500/);
  t.regex(reasons.hospitals!, /^failed: .*HTTP 503/);
  t.regex(reasons.countyRates!, /^failed: .*HTTP 404/);
  t.regex(reasons.geocodes!, /^failed: Source "geocodes" is configured as the file .*not-there\.csv, which does not exist/);
  t.regex(reasons.zipCentroids!, /^unreadable: Source "zip_centroids" has no header row with the columns zip, latitude, longitude/);
  t.regex(reasons.listings!, /^absent: catalog ckan:.*package_show answered success: false, HTTP 404/);
  t.deepEqual(result.report.source_health, health);
  const printed = formatReport(result.report);
  t.regex(printed, /Warning: waiver is failed, its facts are not on file \(no earlier snapshot to carry them from\): .*HTTP 500/);
  t.regex(printed, /Warning: zipCentroids is unreadable, its facts are not on file/);
  t.regex(printed, /Not read: .*approvals \(failed: /);
});

test.serial('a later run with every optional source down carries the last values with their own old dates, and says since when', async (t) => {
  const dir = await tempSnapshotsDir();
  serveGoodSources();
  const first = await runPipeline({ snapshotsDir: dir, config: stateConfig(GOOD), now: new Date('2026-11-20T18:00:00Z') });
  t.true(first.published);
  const before = facilities(first.snapshotPath!).rows;
  t.is(before[0]!.alw_participation, 'true');
  t.is(before[0]!.dementia, 'true');
  t.truthy(before[1]!.price_json);

  const down = await everySourceDown(dir);
  const second = await runPipeline({ snapshotsDir: dir, config: stateConfig(down), now: new Date('2026-11-22T18:00:00Z') });
  t.true(second.published, second.heldBack.join('; '));
  const after = facilities(second.snapshotPath!);
  for (const [index, row] of after.rows.entries()) {
    for (const column of ['dementia', 'hospice', 'clearances_as_of', 'service_designations', 'alw_participation', 'alw_list_as_of', 'latitude', 'longitude', 'location_method', 'price_json']) {
      t.deepEqual(row[column], before[index]![column], `${row.license_number} ${column}`);
    }
  }
  // The old dates, never the run's.
  t.is(after.rows[0]!.clearances_as_of, '2026-11-09');
  t.is(after.rows[0]!.alw_list_as_of, '2026-10-01');
  t.is(JSON.parse(after.rows[0]!.record_json as string).alw_participation.confirmed_on, '2026-10-01');
  t.is(after.meta.alw_list_as_of, '2026-10-01');

  const { health, statuses, hospitals } = sourceHealth(second.snapshotPath!);
  t.is(hospitals, 1);
  t.deepEqual(statuses.waiver, ['carried_forward', '2026-10-01']);
  t.deepEqual(statuses.approvals, ['carried_forward', '2026-11-09']);
  const carried = Object.fromEntries(health.carried_forward.map((c) => [c.source, c]));
  t.deepEqual(Object.keys(carried).sort(), ['approvals', 'countyRates', 'hospitals', 'listings', 'waiver', 'zipCentroids']);
  t.like(carried.waiver, { source_date: '2026-10-01', read_on: '2026-11-20', from_snapshot: path.basename(first.snapshotPath!) });
  t.regex(carried.waiver!.reason, /HTTP 500/);
  // geocodes was switched off in the first run: nothing to carry.
  t.deepEqual(health.unavailable.map((u) => u.source), ['geocodes']);
  t.true(second.report.warnings.some((w) => /^waiver is failed \(.*HTTP 500.*\): its 1 value\(s\) of 2026-10-01 are carried forward from rcfe-2026-11-20\.sqlite, unread since 2026-11-20$/.test(w)), second.report.warnings.join('\n'));

  // /healthz of a server on that folder names each carried source and since when.
  const server = await startServer({ snapshotsDir: dir });
  try {
    const health = await call(`${server.url}/healthz`);
    t.is(health.status, 200);
    t.like(health.body.sources.carried_forward.find((c: { source: string }) => c.source === 'waiver'), { source_date: '2026-10-01', read_on: '2026-11-20' });
    t.true(
      health.body.sources.notes.some((line: string) => /^waiver: not read this run \(failed: .*HTTP 500.*\); its values of 2026-10-01 are carried forward, unread since 2026-11-20\.$/.test(line)),
      health.body.sources.notes.join('\n'),
    );
    t.deepEqual(health.body.sources.unavailable.map((u: { source: string }) => u.source), ['geocodes']);
  } finally {
    await server.close();
  }

  // Carried again: still unread since the run that last read it.
  const third = await runPipeline({ snapshotsDir: dir, config: stateConfig(await everySourceDown(dir)), now: new Date('2026-11-24T18:00:00Z') });
  const again = sourceHealth(third.snapshotPath!).health.carried_forward.find((c) => c.source === 'waiver');
  t.like(again, { source_date: '2026-10-01', read_on: '2026-11-20', from_snapshot: path.basename(second.snapshotPath!) });
  t.is(facilities(third.snapshotPath!).rows[0]!.alw_participation, 'true');
});
