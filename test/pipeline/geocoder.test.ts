// Real coordinates for the state profile: the Census batch geocoder, here a loopback stand-in that
// parses the multipart request for real and answers in the service's CSV format (quoted fields,
// CRLF, Match / No_Match / Tie). Answers are cached by normalized address across runs; a failing
// geocoder leaves homes unplaced with a warning, never fails the run. No traffic leaves loopback.
import test from 'ava';
import Database from 'better-sqlite3';
import http from 'node:http';
import { once } from 'node:events';
import { execFile } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { runPipeline, REPO_ROOT } from '../../pipeline/run.ts';
import pipelineConfig from '../../pipeline.config.ts';
import { selectProfile, type GeocoderConfig, type SourcesConfig } from '../../pipeline/config.ts';
import { applySourceSettings, SourceSettingError } from '../../pipeline/source-settings.ts';
import { GEOCODER_CACHE_FILE } from '../../pipeline/sources/census-geocoder.ts';
import { readLocations } from '../../pipeline/sources/locations.ts';
import type { Rejection } from '../../pipeline/sources/csv.ts';
import { rosterCsv, tempSnapshotsDir, testConfig } from './fixtures.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** Five homes in the open-data shape: mixed casing, a street with a comma, a ZIP+4. */
const REAL_ROSTER = path.join(FIXTURES, 'roster-real-shape-bom-crlf-no-file-date.csv');
const ALL_OFF: SourcesConfig = { roster: '', approvals: null, waiver: null, geocodes: null, locations: null, zipCentroids: null, hospitals: null, listings: null, countyRates: null };

/** What the stand-in answers for each street (upper case); any other street is No_Match. */
const STAND_IN_ANSWERS: Record<string, { lon: number; lat: number } | 'No_Match' | 'Tie'> = {
  '100 MAIN ST': { lon: -122.2711, lat: 37.8044 },
  '22 OAK AVE': 'No_Match',
  '9 PALM DR': 'Tie',
  '4 ELM ST, SUITE 2': { lon: -118.2437, lat: 34.0522 },
  '5 PINE WAY': { lon: -122.2585, lat: 37.8716 },
  '77 NEW ST': { lon: -118.25, lat: 34.06 },
  '12 HARBOR BLVD': { lon: -117.92, lat: 33.84 },
  // Placed by the geocoder, but in New York: no coordinate for a California home.
  '1 STATE LINE RD': { lon: -73.9857, lat: 40.7484 },
  '2 STATE LINE RD': { lon: -73.9857, lat: 40.7485 },
};

interface StandIn {
  url: string;
  /** Each request's form fields as the stand-in parsed them. */
  requests: Array<{ benchmark: string; rows: string[][] }>;
  /** Most requests in flight at once. */
  mostInFlight: number;
}

type Behaviour = 'answer' | 'error' | 'stall' | 'html';

/** The Census answer line for one request row, quoted as the service quotes it. */
function censusLine([id, street, city, state, zip]: string[]): string {
  const input = `${street}, ${city}, ${state}, ${zip}`;
  const answer = STAND_IN_ANSWERS[street!.toUpperCase()] ?? 'No_Match';
  const cells = typeof answer === 'string' ? [id!, input, answer] : [id!, input, 'Match', 'Exact', input.toUpperCase(), `${answer.lon},${answer.lat}`, '647381922', 'L'];
  return cells.map((cell) => `"${cell}"`).join(',');
}

/** A loopback geocoder; `behaviour` decides each request by its number (0-based). */
async function censusStandIn(t: { teardown(fn: () => void): void }, behaviour: (request: number) => Behaviour = () => 'answer'): Promise<StandIn> {
  const standIn: StandIn = { url: '', requests: [], mostInFlight: 0 };
  let inFlight = 0;
  let count = 0;
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const mode = behaviour(count++);
    if (mode === 'stall') return; // never answers
    if (mode === 'error') {
      response.writeHead(500).end('Internal Server Error');
      return;
    }
    if (mode === 'html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE html>\n<html><body>Service unavailable</body></html>\n');
      return;
    }
    inFlight += 1;
    standIn.mostInFlight = Math.max(standIn.mostInFlight, inFlight);
    // The multipart body parsed by a real form-data parser, as the service would.
    const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
    const file = form.get('addressFile') as File;
    const rows = parse(await file.text(), { relax_column_count: true }) as string[][];
    standIn.requests.push({ benchmark: String(form.get('benchmark')), rows });
    await new Promise((resolve) => setTimeout(resolve, 20));
    inFlight -= 1;
    response.writeHead(200, { 'content-type': 'text/csv' }).end(rows.map(censusLine).join('\r\n') + '\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/geocoder/locations/addressbatch`;
  return standIn;
}

const rowsSent = (standIn: StandIn) => standIn.requests.flatMap((request) => request.rows);

function geocoderConfig(url: string, overrides: Partial<GeocoderConfig> = {}): GeocoderConfig {
  return { url, benchmark: 'Public_AR_Current', batchSize: 100, reaskAfterDays: 30, ...overrides };
}

function stateLikeRun(roster: string, geocoder: GeocoderConfig | null, sources: Partial<SourcesConfig> = {}) {
  return testConfig({ sources: { ...ALL_OFF, roster, ...sources }, stateDocuments: null, geocoder });
}

/** Each home's coordinates as stored: the columns and the served record's location fact. */
function located(file: string) {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare('SELECT license_number, latitude, longitude, location_method, record_json FROM facilities ORDER BY license_number').all() as Array<Record<string, string | number | null>>;
  db.close();
  return Object.fromEntries(
    rows.map((row) => {
      const location = JSON.parse(row.record_json as string).location;
      return [row.license_number, { latitude: row.latitude, longitude: row.longitude, method: row.location_method, fact: location.value, source_class: location.source_class }];
    }),
  );
}

const NOW = new Date('2026-11-22T18:00:00Z');

/**
 * The real-shaped roster with its rows dated: a run whose homes change needs a roster date for the
 * change log's observed_on (an undated roster with changes cannot be written; see the report).
 */
async function datedRoster(dir: string, edit: (csv: string) => string = (csv) => csv): Promise<string> {
  const file = path.join(dir, 'roster-real-shape-dated.csv');
  await writeFile(file, edit(await readFile(REAL_ROSTER, 'utf8')).replace(/,\r\n/g, ',11/20/2026\r\n'));
  return file;
}

test('coordinates from the geocoder land on the homes with method address; unplaced homes stay null without a centroid source', async (t) => {
  const standIn = await censusStandIn(t);
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: stateLikeRun(REAL_ROSTER, geocoderConfig(standIn.url)), now: NOW });
  t.true(result.published, result.heldBack.join('; '));

  // The request as documented: benchmark, and a headerless id,street,city,state,zip file; ZIP+4 cut to 5.
  t.is(standIn.requests.length, 1);
  t.is(standIn.requests[0]!.benchmark, 'Public_AR_Current');
  t.deepEqual(
    rowsSent(standIn).map((row) => row.slice(1)),
    [
      ['100 Main St', 'OAKLAND', 'CA', '94612'],
      ['22 Oak Ave', 'Oakland', 'CA', '94611'],
      ['9 Palm Dr', 'PALM SPRINGS', 'CA', '92262'],
      ['4 Elm St, Suite 2', 'Los Angeles', 'CA', '90012'],
      ['5 Pine Way', 'BERKELEY', 'CA', '94704'],
    ],
  );

  const homes = located(result.snapshotPath!);
  t.deepEqual(homes['015600001'], { latitude: 37.8044, longitude: -122.2711, method: 'address', fact: { latitude: 37.8044, longitude: -122.2711, method: 'address' }, source_class: 'machine_extracted' });
  t.deepEqual(homes['197600456'], { latitude: 34.0522, longitude: -118.2437, method: 'address', fact: { latitude: 34.0522, longitude: -118.2437, method: 'address' }, source_class: 'machine_extracted' });
  // No_Match and Tie: no coordinate, and no centroid was configured.
  for (const license of ['015600002', '397000123']) t.like(homes[license], { latitude: null, longitude: null, method: null, fact: null });

  t.deepEqual(result.report.coordinates.homes, { state_locations: 0, geocodes_file: 0, geocoder_cache: 0, geocoder_asked: 3, zip_centroid: 0, none: 2 });
  t.like(result.report.coordinates.geocoder, { addresses: 5, from_cache: 0, asked: 5, placed: 3, not_placed: 2, unanswered: 0, batches_sent: 1, batches_failed: 0 });
  t.deepEqual(result.report.licenses.with_coordinates, { state_locations: 0, address: 3, zip_centroid: 0, none: 2 });
  t.false(result.report.warnings.some((warning) => warning.startsWith('geocoder')), result.report.warnings.join('\n'));
});

test('No_Match and Tie fall back to a configured ZIP centroid, marked zip_centroid', async (t) => {
  const standIn = await censusStandIn(t);
  const dir = await tempSnapshotsDir();
  const centroids = path.join(dir, 'zip-centroids-for-the-unplaced-homes.csv');
  await writeFile(centroids, 'zip,latitude,longitude\n94611,37.8255,-122.2101\n92262,33.8565,-116.5306\n94612,37.8081,-122.2686\n');
  const result = await runPipeline({ snapshotsDir: dir, config: stateLikeRun(REAL_ROSTER, geocoderConfig(standIn.url), { zipCentroids: centroids }), now: NOW });
  const homes = located(result.snapshotPath!);
  t.like(homes['015600002'], { latitude: 37.8255, longitude: -122.2101, method: 'zip_centroid' });
  t.like(homes['397000123'], { latitude: 33.8565, longitude: -116.5306, method: 'zip_centroid' });
  // A placed address keeps its own point even where its ZIP has a centroid.
  t.like(homes['015600001'], { latitude: 37.8044, method: 'address' });
  t.like(result.report.coordinates.homes, { geocoder_asked: 3, zip_centroid: 2, none: 0 });
});

test('a second run sends only addresses never seen: a moved home and a new address, not one asked before (No_Match and Tie included)', async (t) => {
  const standIn = await censusStandIn(t);
  const dir = await tempSnapshotsDir();
  const first = await runPipeline({ snapshotsDir: dir, config: stateLikeRun(REAL_ROSTER, geocoderConfig(standIn.url)), now: NOW });
  t.is(rowsSent(standIn).length, 5);

  // The LA home moved; a new home shares the Oakland home's address written another way; another is new.
  const moved = await datedRoster(
    dir,
    (csv) =>
      csv.replace('"4 Elm St, Suite 2"', '77 New St') +
      '6,RESIDENTIAL CARE ELDERLY,15600006,MAIN STREET ANNEX,MAIN ST CARE LLC,PAT EXAMPLE,(510) 555-0106,100  main st,Oakland,CA,94612,ALAMEDA,OAKLAND ASC,6,LICENSED,5/20/2020,,\r\n' +
      '7,RESIDENTIAL CARE ELDERLY,15600007,HARBOR HOME,HARBOR CARE LLC,PAT EXAMPLE,(714) 555-0107,12 Harbor Blvd,Anaheim,CA,92805,ORANGE,ORANGE ASC,6,LICENSED,5/20/2020,,\r\n',
  );
  const second = await runPipeline({ snapshotsDir: dir, config: stateLikeRun(moved, geocoderConfig(standIn.url)), now: new Date('2026-11-23T18:00:00Z') });
  t.true(second.published, second.heldBack.join('; '));
  t.is(standIn.requests.length, 2);
  t.deepEqual(standIn.requests[1]!.rows.map((row) => row[1]), ['77 New St', '12 Harbor Blvd']);

  const before = located(first.snapshotPath!);
  const after = located(second.snapshotPath!);
  t.like(after['197600456'], { latitude: 34.06, longitude: -118.25, method: 'address' });
  t.deepEqual(after['015600006'], before['015600001'], 'the known address is answered from the cache');
  t.deepEqual(after['015600001'], before['015600001']);
  t.like(after['015600002'], { latitude: null, method: null });
  t.deepEqual(second.report.coordinates.homes, { state_locations: 0, geocodes_file: 0, geocoder_cache: 3, geocoder_asked: 2, zip_centroid: 0, none: 2 });
  t.like(second.report.coordinates.geocoder, { addresses: 6, from_cache: 4, asked: 2, placed: 2, batches_sent: 1 });
});

test('an address the geocoder could not place is asked again once its answer is older than reaskAfterDays', async (t) => {
  const standIn = await censusStandIn(t);
  const dir = await tempSnapshotsDir();
  const config = stateLikeRun(REAL_ROSTER, geocoderConfig(standIn.url, { reaskAfterDays: 30 }));
  await runPipeline({ snapshotsDir: dir, config, now: NOW });
  await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-12-21T18:00:00Z') });
  t.is(standIn.requests.length, 1, 'within 30 days nothing is asked again');
  const late = await runPipeline({ snapshotsDir: dir, config, now: new Date('2026-12-23T18:00:00Z') });
  t.deepEqual(standIn.requests[1]!.rows.map((row) => row[1]), ['22 Oak Ave', '9 Palm Dr']);
  t.like(late.report.coordinates.geocoder, { from_cache: 3, asked: 2, not_placed: 2 });
  // The cache lives in the source cache, not in any snapshot.
  t.true((await readdir(path.join(dir, '.source-cache'))).includes(GEOCODER_CACHE_FILE));
});

test('batches are split by batchSize and sent one at a time; each answered batch is cached even when a later one fails', async (t) => {
  const standIn = await censusStandIn(t, (request) => (request === 0 ? 'answer' : 'error'));
  const dir = await tempSnapshotsDir();
  const roster = await datedRoster(dir);
  const config = stateLikeRun(roster, geocoderConfig(standIn.url, { batchSize: 2 }));
  const first = await runPipeline({ snapshotsDir: dir, config, now: NOW });
  t.true(first.published);
  t.is(standIn.requests.length, 1);
  t.deepEqual(standIn.requests[0]!.rows.map((row) => row[0]), ['1', '2']);
  // Batches 2 and 3 failed (3 attempts each): their addresses got no answer.
  t.like(first.report.coordinates.geocoder, { asked: 5, placed: 1, not_placed: 1, unanswered: 3, batches_sent: 3, batches_failed: 2 });

  const healthy = await censusStandIn(t);
  const second = await runPipeline({ snapshotsDir: dir, config: stateLikeRun(roster, geocoderConfig(healthy.url, { batchSize: 2 })), now: NOW });
  t.deepEqual(healthy.requests.map((request) => request.rows.map((row) => row[1])), [['9 Palm Dr', '4 Elm St, Suite 2'], ['5 Pine Way']]);
  t.is(healthy.mostInFlight, 1);
  t.like(second.report.coordinates.geocoder, { from_cache: 2, asked: 3, batches_sent: 2, batches_failed: 0 });
});

test('a geocoder answering 500 leaves every home unplaced: the run publishes, with a one-line warning', async (t) => {
  const standIn = await censusStandIn(t, () => 'error');
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: stateLikeRun(REAL_ROSTER, geocoderConfig(standIn.url, { batchSize: 1 })), now: NOW });
  t.true(result.published, result.heldBack.join('; '));
  for (const home of Object.values(located(result.snapshotPath!))) t.like(home, { latitude: null, longitude: null, method: null });
  const warning = result.report.warnings.find((w) => w.startsWith('geocoder:'));
  t.regex(
    warning ?? '',
    /^geocoder: 2 of 2 batch\(es\) failed, 3 not sent \(Could not fetch http:\/\/127\.0\.0\.1:\d+\/geocoder\/locations\/addressbatch after 3 attempts: HTTP 500\); 5 address\(es\) got no answer and are asked again on the next run$/,
  );
  t.false(warning!.includes('\n'));
  t.like(result.report.coordinates.geocoder, { asked: 5, unanswered: 5, batches_sent: 2, batches_failed: 2 });
});

test('a geocoder answering an HTML page is a failed batch with one line saying so, not rejected answer lines', async (t) => {
  const standIn = await censusStandIn(t, () => 'html');
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: stateLikeRun(REAL_ROSTER, geocoderConfig(standIn.url)), now: NOW });
  t.true(result.published);
  t.is(result.report.rejected.total, 0);
  t.like(result.report.coordinates.geocoder, { batches_failed: 1, unanswered: 5 });
  t.true(result.report.warnings.includes('geocoder: 1 of 1 batch(es) failed (the geocoder answered an HTML page, not the Census CSV answer (it starts "<!DOCTYPE html>"): is its URL right?); 5 address(es) got no answer and are asked again on the next run'), result.report.warnings.join('\n'));
});

test('a geocoder that stalls past the per-source deadline leaves homes unplaced; the run publishes with a warning', async (t) => {
  const standIn = await censusStandIn(t, () => 'stall');
  const config = { ...stateLikeRun(REAL_ROSTER, geocoderConfig(standIn.url)), deadlines: { sourceMs: 1_000, runMs: 30_000 } };
  config.http = { ...config.http, timeoutMs: 20_000 };
  const started = performance.now();
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config, now: NOW });
  t.true(performance.now() - started < 8_000, 'the deadline ends the wait, not the 20 s timeout');
  t.true(result.published);
  t.like(result.report.licenses.with_coordinates, { address: 0, none: 5 });
  t.true(
    result.report.warnings.some((w) => /^geocoder: 1 of 1 batch\(es\) failed \(.*the geocoder passed its deadline of 1 s\); 5 address\(es\) got no answer/.test(w)),
    result.report.warnings.join('\n'),
  );
});

test('a Match outside California is no coordinate: each such answer line is rejected with its reason, and remembered', async (t) => {
  const standIn = await censusStandIn(t);
  const dir = await tempSnapshotsDir();
  const roster = path.join(dir, 'roster-two-homes-the-geocoder-places-out-of-state.csv');
  await writeFile(roster, rosterCsv([{ number: '15600001', name: 'EAST HOME', street: '1 State Line Rd' }, { number: '15600002', name: 'WEST HOME', street: '2 State Line Rd' }]));
  const config = stateLikeRun(roster, geocoderConfig(standIn.url, { batchSize: 1 }));
  const result = await runPipeline({ snapshotsDir: dir, config, now: NOW });
  t.true(result.published, result.heldBack.join('; '));
  for (const home of Object.values(located(result.snapshotPath!))) t.like(home, { latitude: null, method: null });
  // One answer line per batch: numbered through both answers, so each rejected line keeps its own row.
  t.deepEqual(
    result.report.rejected.rows.filter((row) => row.source === 'geocoder'),
    [
      { source: 'geocoder', line: 1, reason: 'coordinates missing or outside California' },
      { source: 'geocoder', line: 2, reason: 'coordinates missing or outside California' },
    ],
  );
  t.like(result.report.coordinates.geocoder, { placed: 0, not_placed: 2, batches_sent: 2 });
  await runPipeline({ snapshotsDir: dir, config, now: NOW });
  t.is(standIn.requests.length, 2, 'not asked again within the re-ask age');
});

test('an unreadable geocoder cache is started afresh with a warning, not a failed run', async (t) => {
  const standIn = await censusStandIn(t);
  const dir = await tempSnapshotsDir();
  await runPipeline({ snapshotsDir: dir, config: stateLikeRun(REAL_ROSTER, geocoderConfig(standIn.url)), now: NOW });
  await writeFile(path.join(dir, '.source-cache', GEOCODER_CACHE_FILE), 'not a database at all, a half-written file');
  const result = await runPipeline({ snapshotsDir: dir, config: stateLikeRun(REAL_ROSTER, geocoderConfig(standIn.url)), now: NOW });
  t.true(result.published);
  t.is(rowsSent(standIn).length, 10, 'every address asked again');
  t.true(result.report.warnings.some((w) => /^geocoder cache .* was unreadable/.test(w)), result.report.warnings.join('\n'));
  t.like(result.report.coordinates.homes, { geocoder_asked: 3 });
});

test('the geocoder is a source like any other: the state profile asks the Census service, --source geocoder= points it elsewhere or switches it off', (t) => {
  const state = selectProfile(pipelineConfig, 'state');
  t.is(state.geocoder?.url, 'https://geocoding.geo.census.gov/geocoder/locations/addressbatch');
  t.true(state.geocoder!.batchSize < 10_000);
  t.is(state.sources.zipCentroids, null, 'no invented centroids for real homes');
  // The demo profiles read precomputed answers: no network.
  t.is(selectProfile(pipelineConfig, 'seeds').geocoder, undefined);

  t.like(applySourceSettings(state, ['geocoder=http://127.0.0.1:9/batch']).geocoder, { url: 'http://127.0.0.1:9/batch', benchmark: 'Public_AR_Current', batchSize: state.geocoder!.batchSize });
  t.is(applySourceSettings(state, ['geocoder=none']).geocoder, null);
  t.is(applySourceSettings(state, ['all=none', 'roster=r.csv']).geocoder, null);
  t.like(applySourceSettings(state, ['all=none', 'roster=r.csv', 'geocoder=http://127.0.0.1:9/batch']).geocoder, { url: 'http://127.0.0.1:9/batch' });
  t.throws(() => applySourceSettings(state, ['geocoder=./answers.csv']), { instanceOf: SourceSettingError, message: /geocoder takes the http\(s\) URL .* Precomputed answers in a file go in geocodes=<path>/ });
});

const execute = promisify(execFile);
const pipelineCommand = (args: string[], env: Record<string, string>) =>
  execute(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'pipeline/run.ts'), '--profile', 'state', ...args, '--force'], { cwd: FIXTURES, env: { ...process.env, ...env } });

function locatedInOnlySnapshot(dir: string) {
  return readdir(dir).then((entries) => located(path.join(dir, entries.find((entry) => entry.endsWith('.sqlite'))!)));
}

test('a roster-only state run has no coordinate from anything; PIPELINE_SOURCES points the geocoder at a stand-in', async (t) => {
  const rosterOnly = await tempSnapshotsDir();
  const { stdout } = await pipelineCommand(['--source', 'all=none', '--source', 'roster=./roster-real-shape-bom-crlf-no-file-date.csv'], { SNAPSHOTS_DIR: rosterOnly });
  t.regex(stdout, /^Not read: .*geocoder \(switched off \(none\)\)/m);
  for (const home of Object.values(await locatedInOnlySnapshot(rosterOnly))) t.like(home, { latitude: null, longitude: null, method: null, fact: null });

  const standIn = await censusStandIn(t);
  const withGeocoder = await tempSnapshotsDir();
  const run = await pipelineCommand(['--source', 'roster=./roster-real-shape-bom-crlf-no-file-date.csv'], { SNAPSHOTS_DIR: withGeocoder, PIPELINE_SOURCES: `all=none,geocoder=${standIn.url}` });
  t.regex(run.stdout, /geocoder http:\/\/127\.0\.0\.1:\d+\/geocoder\/locations\/addressbatch: 5 address\(es\), 0 answered by the cache, 5 asked in 1 batch\(es\) \(0 failed\): 3 placed, 2 not placed, 0 unanswered/);
  t.like((await locatedInOnlySnapshot(withGeocoder))['015600001'], { method: 'address', latitude: 37.8044 });
});

test('the state\'s locations file places a license first, in its own columns; the geocoder is asked only for the rest, ZIP centroids last; each says its method', async (t) => {
  const standIn = await censusStandIn(t);
  const dir = await tempSnapshotsDir();
  // Datastore-style column names, a facility number without its leading zero, a row outside California, one without a point.
  const locations = path.join(dir, 'rcfe-locations.csv');
  await writeFile(locations, 'facility_number,facility_name,latitude,longitude\n15600002,OAK,37.8200,-122.2500\n197600456,ELM,40.7484,-73.9857\n397000123,PALM,,\n');
  const centroids = path.join(dir, 'zip.csv');
  await writeFile(centroids, 'zip,latitude,longitude\n92262,33.8303,-116.5453\n');
  const result = await runPipeline({ snapshotsDir: dir, config: stateLikeRun(REAL_ROSTER, geocoderConfig(standIn.url), { locations, zipCentroids: centroids }), now: NOW });
  t.true(result.published, result.heldBack.join('; '));
  // 015600002 is placed by the state's file: never sent to the geocoder.
  t.deepEqual(rowsSent(standIn).map((row) => row[1]).sort(), ['100 Main St', '4 Elm St, Suite 2', '5 Pine Way', '9 Palm Dr']);
  const homes = located(result.snapshotPath!);
  t.like(homes['015600002'], { latitude: 37.82, longitude: -122.25, method: 'state_locations', fact: { latitude: 37.82, longitude: -122.25, method: 'state_locations' } });
  // Outside California in the state's file: rejected there, geocoded instead.
  t.like(homes['197600456'], { method: 'address' });
  t.like(homes['397000123'], { method: 'zip_centroid', fact: { method: 'zip_centroid' } });
  t.like(result.report.coordinates.homes, { state_locations: 1, geocoder_asked: 3, zip_centroid: 1, none: 0 });
  t.true(result.report.warnings.includes('locations: facility numbers read from column facility_number, latitude from latitude, longitude from longitude'), result.report.warnings.join('\n'));
  t.deepEqual(result.report.rejected.rows.filter((r) => r.source === 'locations').map((r) => [r.line, r.reason.replace(/:.*/, '')]), [[3, 'coordinates missing or outside California'], [4, 'latitude must be a number; longitude must be a number']]);
});

test('a locations file without a facility number or coordinate column is unreadable, naming what it has and what is accepted', async (t) => {
  const dir = await tempSnapshotsDir();
  const locations = path.join(dir, 'other.csv');
  await writeFile(locations, 'name,lat_dd,lon_dd\nOAK,37.82,-122.25\n');
  const result = await runPipeline({ snapshotsDir: dir, config: stateLikeRun(REAL_ROSTER, null, { locations }), now: NOW });
  t.true(result.published);
  t.regex(result.report.sources_not_read.find((s) => s.name === 'locations')!.reason, /^unreadable: Source "locations" names no facility number, latitude, longitude column \(its header: name, lat_dd, lon_dd; accepted: facility_number\/facility_nbr/);
});

test('the state\'s map layer names its coordinates FAC_LATITUDE and FAC_LONGITUDE: they are read as the latitude and longitude', async (t) => {
  const dir = await tempSnapshotsDir();
  const file = path.join(dir, 'map-layer.csv');
  await writeFile(file, 'OBJECTID,FACILITY_NUMBER,FACILITY_NAME,FAC_LATITUDE,FAC_LONGITUDE\r\n1,15600002,OAK,37.8200,-122.2500\r\n2,197600456,ELM,40.7484,-73.9857\r\n');
  const rejections: Rejection[] = [];
  const read = await readLocations(file, (rejection) => rejections.push(rejection));
  t.deepEqual(read.columns, { license: 'facility_number', latitude: 'fac_latitude', longitude: 'fac_longitude' });
  t.deepEqual([...read.byLicense], [['015600002', { latitude: 37.82, longitude: -122.25 }]]);
  t.deepEqual(rejections.map((r) => r.reason), ['coordinates missing or outside California']);
});
