// Small state files in the sources' real shapes, served by a loopback stand-in of the state's
// servers, so each test states exactly the quirk it is about. The pipeline reads them through its
// real HTTP client, over a real socket.
import Database from 'better-sqlite3';
import { stateSiteDocuments, type PipelineConfig, type SourcesConfig } from '../../pipeline/config.ts';
import { tempDir } from '../helpers/snapshot.ts';
import { runPipeline, type RunOptions, type RunResult } from '../../pipeline/run.ts';
import { crawl, type CrawlSummary } from '../../crawl/crawler.ts';
import { facilityDetailJson, facilityReportsJson, serveTransparencyApi, startStateServer, type ReportEntry, type TransparencyHome } from './state-server.ts';

/** One stand-in per test file (each runs in its own worker); tests that use it run serially. */
export const stateServer = await startStateServer();
export const STATE_ORIGIN = stateServer.origin;

export const ROSTER_HEADER =
  '_id,facility_type,facility_number,facility_name,licensee,facility_administrator,facility_telephone_number,facility_address,facility_city,facility_state,facility_zip,county_name,regional_office,facility_capacity,facility_status,license_first_date,closed_date,file_date';

export interface RosterFixtureRow {
  number: string;
  name: string;
  city?: string;
  street?: string;
  zip?: string;
  county?: string;
  capacity?: string;
  status?: string;
  licensee?: string;
  administrator?: string;
  phone?: string;
  firstDate?: string;
  closedDate?: string;
  fileDate?: string;
}

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function rosterCsv(rows: readonly RosterFixtureRow[]): string {
  const lines = rows.map((row, index) =>
    [
      String(index + 1),
      'RESIDENTIAL CARE ELDERLY',
      row.number,
      row.name,
      row.licensee ?? 'ACME CARE LLC',
      row.administrator ?? 'PAT EXAMPLE',
      row.phone ?? '(510) 555-0100',
      row.street ?? `${100 + index} MAIN ST`,
      row.city ?? 'OAKLAND',
      'CA',
      row.zip ?? '94612',
      row.county ?? 'ALAMEDA',
      'OAKLAND ASC',
      row.capacity ?? '6',
      row.status ?? 'LICENSED',
      row.firstDate ?? '5/20/2010',
      row.closedDate ?? '',
      row.fileDate ?? '11/16/2026',
    ]
      .map(csvCell)
      .join(','),
  );
  return [ROSTER_HEADER, ...lines].join('\n') + '\n';
}

export const APPROVALS_HEADER = 'FACILITY_NUMBER,FACILITY_NAME,DEMENTIA_CARE,HOSPICE_WAIVER,NON_AMBULATORY,BEDRIDDEN_WAIVER,CLIENT_SERVED,AS_OF_DATE';

export function approvalsCsv(rows: ReadonlyArray<[number: string, dementia: string, hospice: string, nonAmbulatory: string, bedridden: string, codes: string]>): string {
  return [APPROVALS_HEADER, ...rows.map(([n, d, h, a, b, codes]) => [n, 'X', d, h, a, b, csvCell(codes), '11/09/2026'].join(','))].join('\n') + '\n';
}

/** The waiver list in its published columns ("ALW Assisted Living Facilities"); it states no date of its own. */
export const WAIVER_HEADER = 'OBJECTID,Number,Legal_Name,Business_Name,Capacity_Per_PEU,Address,Address_2,City,County,Zip_Code,Phone_Number,Latitude,Longitude';

export function waiverCsv(rows: ReadonlyArray<[name: string, street: string, city: string, zip: string]>): string {
  return [
    WAIVER_HEADER,
    ...rows.map(([name, street, city, zip], index) => [String(index + 1), String(500100 + index), csvCell(`${name} Operations LLC`), csvCell(name), '6', csvCell(street), '', city, 'Alameda', zip, '', '', ''].join(',')),
  ].join('\r\n') + '\r\n';
}

/** The list's date as its server states it (the fixtures' waiver list is of 1 October 2026). */
export const WAIVER_LAST_MODIFIED = 'Thu, 01 Oct 2026 16:00:00 GMT';

export const GEOCODES_CSV = '"015600001","100 MAIN ST, OAKLAND, CA, 94612","Match","Exact","100 MAIN ST, OAKLAND, CA, 94612","-122.2711,37.8044","1","L"\n';
export const ZIP_CENTROIDS_CSV = 'zip,latitude,longitude\n94612,37.8081,-122.2686\n';

export const HOSPITALS_CSV =
  'FACID,FACNAME,FAC_TYPE_CODE,FAC_FDR,ADDRESS,CITY,ZIP,COUNTY_NAME,LATITUDE,LONGITUDE,LICENSE_STATUS_DESCRIPTION\n' +
  '140000001,OAKLAND COMMUNITY HOSPITAL,GACH,GENERAL ACUTE CARE HOSPITAL,1 HOSPITAL WAY,OAKLAND,94612,ALAMEDA,37.81,-122.27,ACTIVE\n';
export const LISTINGS_HEADER = 'license_number,site,listing_url,monthly_rate_usd,rate_confirmed_by_home,seen_on,updated_on';
export const COUNTY_RATES_CSV = 'county,low_usd,high_usd,typical_start_usd,as_of,basis\nALAMEDA,4500,8000,5200,2026-10-01,median of listed starting rates\n';

/** One license's files on the state's transparency service (report pages by position in the index). */
export type DocumentFiles = TransparencyHome;
export type IndexFixtureEntry = ReportEntry;
export const detailJson = facilityDetailJson;
export const indexJson = facilityReportsJson;

export interface StateFiles {
  roster: string;
  approvals?: string;
  waiver?: string;
  geocodes?: string;
  zipCentroids?: string;
  hospitals?: string;
  listings?: string;
  countyRates?: string;
  /** Per license; a license not named here has no visits and no documents. */
  documents?: Record<string, DocumentFiles>;
}

export const SOURCE_PATHS = {
  roster: '/roster.csv',
  approvals: '/approvals.csv',
  waiver: '/alw.csv',
  geocodes: '/geocodes.csv',
  zipCentroids: '/zip-centroids.csv',
  hospitals: '/hospitals.csv',
  listings: '/listings.csv',
  countyRates: '/county-rates.csv',
} as const;

/** A configuration whose sources are all on the stand-in, with fast retries and timeouts. */
export function testConfig(overrides: Partial<PipelineConfig> = {}): PipelineConfig {
  return {
    snapshotName: 'rcfe',
    sources: {
      roster: STATE_ORIGIN + SOURCE_PATHS.roster,
      approvals: STATE_ORIGIN + SOURCE_PATHS.approvals,
      waiver: STATE_ORIGIN + SOURCE_PATHS.waiver,
      geocodes: STATE_ORIGIN + SOURCE_PATHS.geocodes,
      locations: null,
      zipCentroids: STATE_ORIGIN + SOURCE_PATHS.zipCentroids,
      hospitals: STATE_ORIGIN + SOURCE_PATHS.hospitals,
      listings: STATE_ORIGIN + SOURCE_PATHS.listings,
      countyRates: STATE_ORIGIN + SOURCE_PATHS.countyRates,
    },
    stateDocuments: { ...stateSiteDocuments(STATE_ORIGIN), concurrency: 4 },
    http: { timeoutMs: 300, retries: 2, backoffMs: 5, concurrency: 4, minIntervalMs: 0, userAgent: 'test' },
    deadlines: { sourceMs: 5_000, runMs: 30_000 },
    guards: { minLicenses: 1, maxRemovedShare: 0.2, maxChangedShare: 0.5, maxRejectedShare: 0.5, minJoinedShare: 0.5 },
    schedule: '0 5 * * *',
    timeZone: 'America/Los_Angeles',
    keepSnapshots: 10,
    ...overrides,
  };
}

const ALL_OFF: SourcesConfig = { roster: '', approvals: null, waiver: null, geocodes: null, locations: null, zipCentroids: null, hospitals: null, listings: null, countyRates: null };

/** The roster (and the sources named) and nothing else: no other source, no state documents. */
export const rosterOnly = (roster: string, others: Partial<SourcesConfig> = {}) => testConfig({ sources: { ...ALL_OFF, roster, ...others }, stateDocuments: null });

/**
 * Forgets what the stand-in served before, then serves every whole-file source and the
 * transparency service for every license: the given documents, else an empty detail and index.
 */
export function serveStateFiles(files: StateFiles): void {
  stateServer.reset();
  serveDocuments(files.documents ?? {});
  const served: Record<keyof typeof SOURCE_PATHS, string> = {
    roster: files.roster,
    approvals: files.approvals ?? APPROVALS_HEADER + '\n',
    waiver: files.waiver ?? waiverCsv([]),
    geocodes: files.geocodes ?? GEOCODES_CSV,
    zipCentroids: files.zipCentroids ?? ZIP_CENTROIDS_CSV,
    hospitals: files.hospitals ?? HOSPITALS_CSV,
    listings: files.listings ?? LISTINGS_HEADER + '\n',
    countyRates: files.countyRates ?? COUNTY_RATES_CSV,
  };
  for (const [name, body] of Object.entries(served)) {
    stateServer.route(SOURCE_PATHS[name as keyof typeof SOURCE_PATHS], { body, ...(name === 'waiver' ? { lastModified: WAIVER_LAST_MODIFIED } : {}) });
  }
}

/** The transparency service: the given licenses' files, and a Licensed detail with no visits and an empty index for any other. */
export function serveDocuments(documents: Record<string, DocumentFiles>): void {
  serveTransparencyApi(stateServer, documents);
}

/** A fresh snapshots folder, removed when the test process exits. */
export async function tempSnapshotsDir(): Promise<string> {
  return tempDir('rcfe-snapshots');
}

/** A published snapshot's facilities (by license) and metadata. */
export function facilities(file: string) {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare('SELECT * FROM facilities ORDER BY license_number').all() as Array<Record<string, string | number | null>>;
  const meta = Object.fromEntries((db.prepare('SELECT key, value FROM metadata').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
  db.close();
  return { rows, meta };
}

/**
 * As the product works with a real site: a run publishes the roster, the crawler reads the
 * per-facility record until nothing is due (dated by the same clock), and the next run publishes
 * it. The second run's result, with what the crawl read.
 */
export async function runAndCrawl(options: RunOptions): Promise<RunResult & { crawl: CrawlSummary }> {
  const first = await runPipeline(options);
  if (!first.published) throw new Error(`the first run published nothing (${first.heldBack.join('; ')}), so there is nothing to crawl`);
  // A crawler names who runs it (no contact, no crawl).
  const config = { ...options.config!, http: { ...options.config!.http, contact: options.config!.http.contact || 'mailto:tests@care.example' } };
  const crawled = await crawl({ snapshotsDir: options.snapshotsDir, config, profile: config.profile ?? 'custom', untilCurrent: true, idleMs: 0, ...(options.now ? { now: () => options.now! } : {}) });
  const second = await runPipeline(options);
  return { ...second, crawl: crawled };
}
