// Sources named by the portal's own catalog (`ckan:<portal>#<dataset>/<resource>`), against a
// loopback stand-in speaking CKAN's action API: the file it names now (followed when the state
// republishes), its datastore page by page when it offers no CSV, and, when the catalog cannot give
// a source, a run that says exactly what the catalog answered and goes on without it.
import test from 'ava';
import Database from 'better-sqlite3';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPipeline, RunFailed } from '../../pipeline/run.ts';
import { formatReport } from '../../pipeline/report.ts';
import { APPROVALS_HEADER, STATE_ORIGIN, facilities, rosterCsv, rosterOnly, stateServer, tempSnapshotsDir } from './fixtures.ts';
import { datastoreOf, serveCatalog, type StandInDataset, type StandInResource } from './ckan-stand-in.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const REAL_ROWS_FILE = path.join(FIXTURES, 'roster-real-rows-open-data-shape.csv');
// Two real rows of the state's elder-care roster as its open-data portal publishes them (columns,
// quoting, `file_date` as eight digits); the administrators' names are withheld here.
const REAL_ROWS = await readFile(REAL_ROWS_FILE, 'utf8');

const CCL_ID = '46ffcbdf-4874-4cc1-92c2-fb715e3ad014';
const RCFE_ID = '744d1583-f9eb-45b6-b0f8-b9a9dab936a6';
const RCFE_NAME = 'Residential Care Facilities for the Elderly';
/** A second resource of the same rows offering only a spreadsheet, and the rows in its datastore. */
const RCFE_XLSX_ID = '5b1e0e2a-0c1d-4c7e-9a55-2f0c1b7d9e01';
const APPROVALS_ID = '0f6a8f5e-3b0e-4a3c-8d3e-6c2b9a1f4d22';
const NOT_A_RESOURCE = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
/** How the portal's datastore types the roster's number columns (file_date stays text here). */
const NUMBER_COLUMNS = { facility_number: 'int', facility_zip: 'int', regional_office: 'int', facility_capacity: 'int' } as const;
const LAST_MODIFIED = '2025-05-28T17:33:41.123456';
const NOW = new Date('2026-11-22T18:00:00Z');

const ckan = (resource: string, dataset = 'ccl-facilities') => `ckan:${STATE_ORIGIN}#${dataset}/${resource}`;
const ccl = (...resources: StandInResource[]): StandInDataset => ({ id: CCL_ID, name: 'ccl-facilities', resources });
const download = (file: string) => `/dataset/${CCL_ID}/resource/${RCFE_ID}/download/${file}`;
const rcfe = (url: string | null, extra: Partial<StandInResource> = {}): StandInResource => ({ id: RCFE_ID, name: RCFE_NAME, url, last_modified: LAST_MODIFIED, ...extra });

function sourcesTable(file: string) {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare('SELECT name, location, fetch_status, source_date, sha256, rows_read, rows_valid FROM sources ORDER BY name').all() as Array<Record<string, string | number | null>>;
  db.close();
  return rows;
}

const snapshots = async (dir: string) => (await readdir(dir)).filter((entry) => entry.endsWith('.sqlite'));

test.serial('real rows in the open-data shape come out the same from a file, from the file the catalog names, and from its datastore page by page', async (t) => {
  stateServer.reset();
  stateServer.route(download('tmpacjmwy9v.csv'), { body: REAL_ROWS });
  serveCatalog(stateServer, [
    ccl(
      rcfe(STATE_ORIGIN + download('tmpacjmwy9v.csv'), { datastore: datastoreOf(REAL_ROWS, NUMBER_COLUMNS) }),
      { id: RCFE_XLSX_ID, name: 'RCFE (spreadsheet)', format: 'XLSX', url: `${STATE_ORIGIN}/rcfe.xlsx`, last_modified: LAST_MODIFIED, datastore: datastoreOf(REAL_ROWS, NUMBER_COLUMNS) },
    ),
  ]);
  const fromFile = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: rosterOnly(REAL_ROWS_FILE), now: NOW });
  const viaFile = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: rosterOnly(ckan(RCFE_ID)), now: NOW });
  const viaDatastore = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: { ...rosterOnly(ckan(RCFE_XLSX_ID)), datastorePageSize: 1 }, now: NOW });
  for (const result of [fromFile, viaFile, viaDatastore]) t.true(result.published, result.heldBack.join('; '));

  // The same homes, values and dates, whichever road the rows came by.
  const [file, catalogFile, datastore] = [fromFile, viaFile, viaDatastore].map((result) => facilities(result.snapshotPath!));
  t.deepEqual(file!.rows.map((row) => row.license_number), ['015601302', '216801686']);
  t.deepEqual(catalogFile!.rows, file!.rows);
  t.deepEqual(datastore!.rows, file!.rows);
  t.is(file!.meta.data_hash, datastore!.meta.data_hash);
  t.is(file!.meta.roster_as_of, '2025-05-25', 'file_date 05252025 is the roster date');
  const record = JSON.parse(file!.rows[0]!.record_json as string);
  t.deepEqual([record.license_status.value, record.license_status.confirmed_on, record.capacity.value], ['LICENSED', '2025-05-25', 376]);
  // The datastore's rows, numbers written as the file writes them, are the file byte for byte.
  const [fileSource, catalogSource, datastoreSource] = [fromFile, viaFile, viaDatastore].map((result) => sourcesTable(result.snapshotPath!)[0]!) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
  t.is(catalogSource.sha256, fileSource.sha256);
  t.is(datastoreSource.sha256, fileSource.sha256);
  t.like(catalogSource, { location: STATE_ORIGIN + download('tmpacjmwy9v.csv'), fetch_status: 'fetched', source_date: '2025-05-25' });
  t.like(datastoreSource, { location: `${STATE_ORIGIN}/api/3/action/datastore_search?resource_id=${RCFE_XLSX_ID}`, fetch_status: 'fetched', rows_read: 2, rows_valid: 2 });

  // What the catalog said, and the road taken, are in the report.
  t.like(viaFile.report.sources[0]!.catalog, { spec: ckan(RCFE_ID), asked: 'resource_show', resourceId: RCFE_ID, resourceName: RCFE_NAME, format: 'CSV', lastModified: LAST_MODIFIED, road: 'file', datastore: null });
  t.like(viaDatastore.report.sources[0]!.catalog, { road: 'datastore', format: 'XLSX', datastore: { pages: 2, rows: 2, pageSize: 1, numericColumns: ['facility_number', 'facility_zip', 'regional_office', 'facility_capacity'] } });
  t.is(fromFile.report.sources[0]!.catalog, null);
  t.regex(formatReport(viaFile.report), new RegExp(`catalog ckan:\\S+/${RCFE_ID}: resource_show found resource ${RCFE_ID} "${RCFE_NAME}" \\(CSV\\), last modified ${LAST_MODIFIED}; read from its file ${STATE_ORIGIN}/dataset/`));
  t.regex(formatReport(viaDatastore.report), /read from its datastore: 2 row\(s\) in 2 page\(s\) of up to 1/);
  t.true(viaDatastore.report.warnings.some((w) => w.startsWith('roster: the datastore types facility_number, facility_zip, regional_office, facility_capacity as numbers')));
  t.deepEqual(viaDatastore.report.date_shapes, { roster: { license_first_date: { 'M/D/YYYY': 2 }, file_date: { MMDDYYYY: 2 } } });
  // Asked page by page in `_id` order, `pageSize` rows at a time.
  t.deepEqual(
    stateServer.requests('/api/3/action/datastore_search').map((r) => [r.query.get('resource_id'), r.query.get('limit'), r.query.get('offset'), r.query.get('sort')]),
    [[RCFE_XLSX_ID, '1', '0', '_id asc'], [RCFE_XLSX_ID, '1', '1', '_id asc']],
  );
});

test.serial('a resource republished under a new address between two runs: the second run asks the catalog and follows it', async (t) => {
  const dir = await tempSnapshotsDir();
  const first = download('tmpacjmwy9v.csv');
  const second = download('tmp9q2x7c1z.csv');
  const resource = rcfe(STATE_ORIGIN + first);
  stateServer.reset();
  serveCatalog(stateServer, [ccl(resource)]);
  stateServer.route(first, { body: REAL_ROWS, etag: '"v1"' });
  const before = await runPipeline({ snapshotsDir: dir, config: rosterOnly(ckan(RCFE_ID)), now: NOW });
  t.is(before.report.sources[0]!.location, STATE_ORIGIN + first);

  // The state republishes: a new address, the old one gone, a home renamed.
  resource.url = STATE_ORIGIN + second;
  stateServer.route(first, { status: 404, body: 'Not Found' });
  stateServer.route(second, { body: REAL_ROWS.replace('ALDERSLY,', 'ALDERSLY (RENAMED),'), etag: '"v2"' });
  const after = await runPipeline({ snapshotsDir: dir, config: rosterOnly(ckan(RCFE_ID)), now: NOW });
  t.true(after.published, after.heldBack.join('; '));
  t.like(after.report.sources[0], { location: STATE_ORIGIN + second, fetch_status: 'fetched' });
  t.is(stateServer.requests(first).length, 1, 'the old address was read by the first run only');
  t.is(stateServer.requests(second)[0]!.headers['if-none-match'], undefined, 'a new address is downloaded whole');
  t.deepEqual(facilities(after.snapshotPath!).rows.map((row) => row.licensed_name), ['ACACIA CREEK - UNION CITY', 'ALDERSLY (RENAMED)']);

  // The address the catalog gives again is asked conditionally, as any download is.
  const again = await runPipeline({ snapshotsDir: dir, config: rosterOnly(ckan(RCFE_ID)), now: NOW });
  t.is(again.report.sources[0]!.fetch_status, 'not_modified');
  t.is(stateServer.requests(second)[1]!.headers['if-none-match'], '"v2"');
  t.deepEqual(stateServer.requests('/api/3/action/resource_show').map((r) => r.query.get('id')), [RCFE_ID, RCFE_ID, RCFE_ID]);
});

test.serial('what the catalog cannot give is absent, in its own words: a 404, a success: false, no such name, an unreadable format, no CKAN at all', async (t) => {
  stateServer.reset();
  stateServer.route(download('tmpacjmwy9v.csv'), { body: REAL_ROWS });
  serveCatalog(stateServer, [
    ccl(rcfe(STATE_ORIGIN + download('tmpacjmwy9v.csv')), { id: APPROVALS_ID, name: 'RCFE Care Approvals', format: 'XLSX', url: `${STATE_ORIGIN}/approvals.xlsx` }),
    { id: 'd1', name: 'healthcare-facility-locations', private: true, resources: [] },
  ]);
  const config = rosterOnly(ckan(RCFE_ID), {
    approvals: ckan(APPROVALS_ID),
    hospitals: ckan('Health Facility Locations', 'healthcare-facility-locations'),
    listings: ckan(NOT_A_RESOURCE),
    countyRates: ckan('County Rates'),
    waiver: `ckan:${STATE_ORIGIN}/not-a-portal#alw/${NOT_A_RESOURCE}`,
  });
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config, now: NOW });
  t.true(result.published, result.heldBack.join('; '));
  const absent = Object.fromEntries(result.report.sources_not_read.filter((s) => s.reason.startsWith('absent')).map((s) => [s.name, s.reason]));
  t.deepEqual(absent, {
    approvals: `absent: catalog ${ckan(APPROVALS_ID)}: resource ${APPROVALS_ID} ("RCFE Care Approvals") offers only XLSX at ${STATE_ORIGIN}/approvals.xlsx, which the run cannot read (it reads CSV), and has no datastore`,
    waiver: `absent: catalog ${config.sources.waiver}: resource_show answered HTTP 404 with something that is not a CKAN answer (it starts "no route for /not-a-portal/api/3/action/")`,
    hospitals: `absent: catalog ${config.sources.hospitals}: package_show answered success: false, HTTP 403 (Authorization Error: Access denied: User  not authorized to read package d1)`,
    listings: `absent: catalog ${ckan(NOT_A_RESOURCE)}: resource_show answered success: false, HTTP 404 (Not Found Error: Not found: Resource was not found.)`,
    countyRates: `absent: catalog ${ckan('County Rates')}: dataset "ccl-facilities" names no resource "County Rates"; it has "${RCFE_NAME}" (${RCFE_ID}), "RCFE Care Approvals" (${APPROVALS_ID})`,
  });
  for (const [name, reason] of Object.entries(absent)) t.true(result.report.warnings.includes(`${name} is absent, its facts are not on file (no earlier snapshot to carry them from): ${reason.slice('absent: '.length)}`), name);
  t.regex(formatReport(result.report), /Not read: .*approvals \(absent: catalog ckan:/);
  // Nothing of an absent source is on a home, and nothing stands in for it.
  t.deepEqual(result.report.sources.map((s) => s.name), ['roster']);
  const { rows } = facilities(result.snapshotPath!);
  for (const row of rows) {
    t.deepEqual([row.dementia, row.alw_participation, row.price_json], ['not_on_file', 'not_on_file', null]);
    t.is(JSON.parse(row.home_json as string).medi_cal_alw.line, "Not on file: the state's Assisted Living Waiver list was not read for this snapshot.");
  }
  t.is(result.report.hospitals, 0);
});

test.serial('a roster the catalog cannot give fails the run, naming every catalog failure, and publishes nothing', async (t) => {
  const dir = await tempSnapshotsDir();
  stateServer.reset();
  serveCatalog(stateServer, [ccl()]);
  const config = rosterOnly(ckan(RCFE_ID), { approvals: ckan('Care Approvals') });
  const error = await t.throwsAsync(runPipeline({ snapshotsDir: dir, config, now: NOW }), { instanceOf: RunFailed });
  t.is(error!.message, `Source "roster" is absent: catalog ${ckan(RCFE_ID)}: resource_show answered success: false, HTTP 404 (Not Found Error: Not found: Resource was not found.). The roster is required. Nothing was published.`);
  t.deepEqual(error!.report, [
    `  roster        ABSENT: catalog ${ckan(RCFE_ID)}: resource_show answered success: false, HTTP 404 (Not Found Error: Not found: Resource was not found.)`,
    `  approvals     ABSENT: catalog ${ckan('Care Approvals')}: dataset "ccl-facilities" names no resource "Care Approvals"; it has no resources`,
  ]);
  t.deepEqual(await snapshots(dir), []);
});

/** The roster resource with no file: its rows only in a datastore, number columns typed as `types` says. */
function datastoreOnly(csv: string, types: Parameters<typeof datastoreOf>[1]): StandInResource {
  return { id: RCFE_ID, name: RCFE_NAME, format: '', url: null, last_modified: LAST_MODIFIED, datastore: datastoreOf(csv, types) };
}
/** Five homes (their regional office is a name, not a number). */
const FIVE = rosterCsv(Array.from({ length: 5 }, (_, i) => ({ number: String(15600001 + i), name: `HOME ${i + 1}`, fileDate: '11/16/2026' })));
const FIVE_NUMBERS = { facility_number: 'int', facility_zip: 'int', facility_capacity: 'int' } as const;

test.serial('the datastore is read across several pages, at the portal\'s own page maximum when it serves fewer than asked', async (t) => {
  stateServer.reset();
  serveCatalog(stateServer, [ccl(datastoreOnly(FIVE, FIVE_NUMBERS))], { rowsMax: 2 });
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: { ...rosterOnly(ckan(RCFE_ID)), datastorePageSize: 100 }, now: NOW });
  t.true(result.published, result.heldBack.join('; '));
  t.is(result.report.licenses.total, 5);
  t.like(result.report.sources[0]!.catalog!.datastore, { pages: 3, rows: 5, pageSize: 100 });
  t.deepEqual(stateServer.requests('/api/3/action/datastore_search').map((r) => [r.query.get('limit'), r.query.get('offset')]), [['100', '0'], ['2', '2'], ['2', '4']]);
  // The file road reads the same rows to the same homes.
  stateServer.route('/roster.csv', { body: FIVE });
  const fromFile = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: rosterOnly(`${STATE_ORIGIN}/roster.csv`), now: NOW });
  t.deepEqual(facilities(result.snapshotPath!).rows, facilities(fromFile.snapshotPath!).rows);
});

test.serial('a cut-off datastore page, or a total that moves while it is read, leaves the source absent: no half roster, no half approvals', async (t) => {
  const approvals = [APPROVALS_HEADER, ...Array.from({ length: 5 }, (_, i) => `${15600001 + i},X,Y,N,Y,N,950 - RCFE / ELDERLY,11/09/2026`)].join('\n') + '\n';
  const approvalsResource: StandInResource = { id: APPROVALS_ID, name: 'Care Approvals', format: '', url: null, datastore: datastoreOf(approvals) };
  // The page at offset 2 comes back one row short of what was asked, before the total is reached.
  const cutOff = (only?: string) => (page: { resourceId: string; offset: number; records: unknown[] }) => {
    if (page.offset === 2 && (only === undefined || page.resourceId === only)) page.records.pop();
  };
  stateServer.reset();
  serveCatalog(stateServer, [ccl(datastoreOnly(FIVE, FIVE_NUMBERS), approvalsResource)], { alterPage: cutOff() });
  const config = { ...rosterOnly(ckan(RCFE_ID), { approvals: ckan(APPROVALS_ID) }), datastorePageSize: 2 };
  const dir = await tempSnapshotsDir();
  const error = await t.throwsAsync(runPipeline({ snapshotsDir: dir, config, now: NOW }), { instanceOf: RunFailed });
  const incomplete = 'datastore_search at offset 2 gave 1 of 2 row(s) before the total of 5 was reached: the datastore read is incomplete';
  t.is(error!.message, `Source "roster" is absent: catalog ${ckan(RCFE_ID)}: ${incomplete}. The roster is required. Nothing was published.`);
  t.true(error!.report.includes(`  approvals     ABSENT: catalog ${ckan(APPROVALS_ID)}: ${incomplete}`), error!.report.join('\n'));
  t.deepEqual(await snapshots(dir), []);

  // Only the approvals cut off: the run publishes without them; no home has a clearance from a half file.
  serveCatalog(stateServer, [ccl(datastoreOnly(FIVE, FIVE_NUMBERS), approvalsResource)], { alterPage: cutOff(APPROVALS_ID) });
  const published = await runPipeline({ snapshotsDir: dir, config, now: NOW });
  t.true(published.published, published.heldBack.join('; '));
  t.deepEqual(published.report.sources.map((s) => s.name), ['roster']);
  t.true(published.report.sources_not_read.some((s) => s.name === 'approvals' && s.reason === `absent: catalog ${ckan(APPROVALS_ID)}: ${incomplete}`));
  t.true(facilities(published.snapshotPath!).rows.every((row) => row.dementia === 'not_on_file'));

  // A table republished mid-read: the total moves between pages.
  stateServer.reset();
  serveCatalog(stateServer, [ccl(datastoreOnly(FIVE, FIVE_NUMBERS))], {
    alterPage: (page) => {
      if (page.offset === 2) page.total = 6;
    },
  });
  const moved = await t.throwsAsync(runPipeline({ snapshotsDir: await tempSnapshotsDir(), config, now: NOW }), { instanceOf: RunFailed });
  t.regex(moved!.message, /datastore_search at offset 2 gives a total of 6 rows, the first page 5: the table changed while it was read/);
});

test.serial('a datastore that types file_date as a number loses its leading zero: seven digits still read as the day (5252025 is 2025-05-25)', async (t) => {
  stateServer.reset();
  // The shape public notes show from a mirror of the same portal: "file_date": 5252025.
  serveCatalog(stateServer, [ccl(datastoreOnly(REAL_ROWS, { ...NUMBER_COLUMNS, file_date: 'int' }))]);
  const result = await runPipeline({ snapshotsDir: await tempSnapshotsDir(), config: rosterOnly(ckan(RCFE_ID)), now: NOW });
  t.true(result.published, result.heldBack.join('; '));
  t.true(result.report.warnings.some((w) => w.startsWith('roster: the datastore types facility_number, facility_zip, regional_office, facility_capacity, file_date as numbers')));
  t.deepEqual(result.report.date_shapes.roster!.file_date, { MDDYYYY: 2 });
  t.deepEqual(result.report.field_problems.rows, []);
  // The rows' own date, not the resource's last_modified (2025-05-28), dates them.
  const { rows, meta } = facilities(result.snapshotPath!);
  t.is(meta.roster_as_of, '2025-05-25');
  t.is(JSON.parse(rows[0]!.record_json as string).license_status.confirmed_on, '2025-05-25');
  t.is(result.report.sources[0]!.source_date, '2025-05-25');
});
