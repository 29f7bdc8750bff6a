// The shape of pipeline.config.ts and how a profile is chosen.

/**
 * A source location: an http(s) URL; a resource of a CKAN catalog,
 * `ckan:<portal URL>#<dataset>/<resource id or name>` (looked up each run); or a file path
 * (relative paths resolve from the repository root).
 */
export type SourceLocation = string;

/**
 * Where each source lives; null switches a source off (`--source <name>=none`): its facts are then
 * null or not_on_file, never filled in from elsewhere. Only the roster is required.
 */
export interface SourcesConfig {
  /**
   * The roster of record: the state's weekly export of RCFE licenses (Care Facility Search,
   * "Download Data"), with each home's visits, citations and complaint outcomes. `{guid}` in a URL
   * is a fresh UUID per request. A file in the open-data portal's shape is read too (no visits).
   */
  roster: SourceLocation;
  /**
   * The open-data portal's RCFE file, a second roster: compared with the roster of record (licenses
   * in one and not the other, status disagreements) and reported, never used for a home's facts.
   */
  portalRoster?: SourceLocation | null;
  /** Care approvals and service designations, keyed by facility number. */
  approvals: SourceLocation | null;
  /** Assisted Living Waiver participating facilities, by name and address. */
  waiver: SourceLocation | null;
  /** Geocoder answers (Census batch output format) keyed by facility number and input address. */
  geocodes: SourceLocation | null;
  /** The state's facility-locations file: latitude and longitude by facility number, used first. */
  locations?: SourceLocation | null;
  /** ZIP-centroid table used when an address has no geocode. */
  zipCentroids: SourceLocation | null;
  /** Licensed general acute care hospitals with coordinates (state health department list). */
  hospitals: SourceLocation | null;
  /** A listing site's published monthly rates, keyed by license (third party). */
  listings: SourceLocation | null;
  /** Typical starting monthly rates per county. */
  countyRates: SourceLocation | null;
}

/** Per-license locations of the state's transparency service; `{license}` and `{inx}` are filled in. */
export interface StateDocumentsConfig {
  detail: SourceLocation;
  index: SourceLocation;
  /** `{inx}`: the report's position in the index's REPORTARRAY, from 0. */
  report: SourceLocation;
  /** Licenses worked on at once (requests in flight are bounded on their own: the crawler's two per host). */
  concurrency: number;
  /**
   * A license's detail (its live status) is read again once its last check is this many days old;
   * 0: on every pass. Its index and new reports are read when its visit dates changed, whatever this says.
   */
  detailMaxAgeDays?: number;
  /** How the crawler (`npm run crawl`) reads them; absent: CRAWL_DEFAULTS. */
  crawl?: Partial<CrawlSettings>;
}

/** The crawler's pace and patience with the state's site (crawl/). */
export interface CrawlSettings {
  /** Report pages of this many years (this one and the ones before) are read with a home's index; older years wait their turn. */
  recentReportYears: number;
  /** Consecutive failures (no connection, reset, timeout, 5xx) after which a host is left alone. */
  pauseAfterFailures: number;
  /** The first wait before one trial request to a paused host; doubled each time the trial fails... */
  pauseFirstMs: number;
  /** ...up to this. */
  pauseMaxMs: number;
  /** Homes planned at a time: after each batch the frontier is read again (new visits go first). */
  batchSize: number;
  /**
   * The most bytes read of one answer, by kind: past it the read stops (nothing more is buffered)
   * and the document fails with its reason, kept for the home; the home's other documents go on.
   */
  maxBytes: { detail: number; index: number; report: number };
  /** One request's whole answer, headers and body, within this; past it the document fails with its reason (not retried). */
  requestDeadlineMs: number;
}

export const CRAWL_DEFAULTS: CrawlSettings = {
  recentReportYears: 2,
  pauseAfterFailures: 5,
  pauseFirstMs: 60_000,
  pauseMaxMs: 60 * 60_000,
  batchSize: 100,
  // The state's details are a few KB, its indexes tens of KB, its report pages up to a few hundred.
  maxBytes: { detail: 256 * 1024, index: 4 * 1024 * 1024, report: 8 * 1024 * 1024 },
  // It answers in 1 to 2 s; a body still arriving after 15 s is trickling, not slow.
  requestDeadlineMs: 15_000,
};

/** The state's Transparency API (the export, the detail, the index and the report pages): `--source state_site=<base>` moves all of it. */
export const STATE_SITE = 'https://www.ccld.dss.ca.gov/transparencyapi/api';

/** The per-license addresses under a base of the state's site (the real one, a mirror or a stand-in). */
export function stateSiteDocuments(base: string): Pick<StateDocumentsConfig, 'detail' | 'index' | 'report'> {
  const root = base.replace(/\/+$/, '');
  return { detail: `${root}/FacilityDetail/{license}`, index: `${root}/FacilityReports/{license}`, report: `${root}/FacilityReports?facNum={license}&inx={inx}` };
}

/** A live batch geocoder speaking the US Census Bureau's addressbatch format (keyless). */
export interface GeocoderConfig {
  /** The batch endpoint, e.g. https://geocoding.geo.census.gov/geocoder/locations/addressbatch. */
  url: SourceLocation;
  /** The Census benchmark (address data vintage) sent with each batch. */
  benchmark: string;
  /**
   * Addresses per request. The service takes at most 10,000 but answers only once the whole batch
   * is done, so a batch must come back within http.timeoutMs.
   */
  batchSize: number;
  /** An address the geocoder could not place (No_Match, Tie) is asked again once its answer is this many days old. */
  reaskAfterDays: number;
}

/** Batch settings for `--source geocoder=<url>` on a profile that names none of its own. */
export const GEOCODER_DEFAULTS: Omit<GeocoderConfig, 'url'> = { benchmark: 'Public_AR_Current', batchSize: 250, reaskAfterDays: 30 };

export interface HttpConfig {
  /** Milliseconds to wait for response headers and between body chunks before giving up. */
  timeoutMs: number;
  /** Further attempts after a network error, a timeout, a 429 or a 5xx. */
  retries: number;
  /** First backoff in milliseconds; doubled each attempt, with jitter. */
  backoffMs: number;
  /** Requests in flight at once across all sources. */
  concurrency: number;
  /** Requests in flight at once to one host (the state's site is asked at most this many at a time); absent: 2. */
  perHostConcurrency?: number;
  /** Least time between two request starts: polite pacing towards the state's servers (0: none). */
  minIntervalMs: number;
  /** Names the service in every request; `contact` is appended as `(+contact)`. */
  userAgent: string;
  /** The operator's public address (a URL or mailto:) the state's staff can reach; empty: the User-Agent names none (the run warns). */
  contact?: string;
  /**
   * Hosts a redirect may lead to besides the host asked (`host` or `host:port`); a redirect
   * anywhere else fails its source with the reason. Absent: only the host asked.
   */
  redirectHosts?: readonly string[];
  /** Most bytes one whole-file download may have (header or body); past it the source fails with the reason and nothing is kept. */
  maxFileBytes?: number;
}

export interface GuardConfig {
  /** Hold the run back when the roster has fewer valid licenses than this. */
  minLicenses: number;
  /**
   * The roster's expected size (`PIPELINE_EXPECT_LICENSES` overrides it): a run with fewer than 90 %
   * of it is held back, first run or not. Absent: no such floor (only minLicenses).
   */
  expectLicenses?: number;
  /**
   * Hold back when this share (0..1) of the previous snapshot's licenses is missing, or of the homes
   * its lists showed (or any of the last week's snapshots showed) would leave the lists.
   */
  maxRemovedShare: number;
  /** Hold back when this share (0..1) of the previous snapshot's licenses changed. */
  maxChangedShare: number;
  /** Hold back when this share (0..1) of roster rows is rejected as invalid. */
  maxRejectedShare: number;
  /** Warn (not hold back) when less than this share (0..1) of a source's rows joins a license. */
  minJoinedShare: number;
}

export interface DeadlineConfig {
  /** Longest time one whole-file source may take, every attempt and its whole body included. */
  sourceMs: number;
  /** Longest time a run may take from start to publish; past it the run ends and publishes nothing. */
  runMs: number;
}

export interface PipelineConfig {
  /** The profile's name, stored in each snapshot (metadata key `profile`); guards compare only within it. */
  profile?: string;
  /**
   * True only for profiles built from invented data (the seeds, state-scale): their snapshots are
   * marked `demo_data`. Any other profile refuses a source inside seeds/.
   */
  demoData?: boolean;
  /** Snapshot files are named `<snapshotName>-<date>.sqlite`. */
  snapshotName: string;
  sources: SourcesConfig;
  /**
   * Addresses not in the geocoder cache are asked here. Absent: the profile never asks one (the demo
   * profiles read precomputed answers, sources.geocodes); null: switched off for this run.
   */
  geocoder?: GeocoderConfig | null;
  /** The state's per-license transparency service; null: not read (no live status, no documents). */
  stateDocuments: StateDocumentsConfig | null;
  http: HttpConfig;
  /** A source that drips bytes just inside the idle timeout cannot hold a run (and the schedule) for ever. */
  deadlines: DeadlineConfig;
  /**
   * The publisher's date of a source read from a local file that states none in its rows (the
   * published waiver list does not): the demo profiles' seed files. A URL or catalog source is
   * dated by its server or catalog instead.
   */
  fileDates?: Partial<Record<keyof SourcesConfig, string>>;
  /** A source whose own date is older than this many days before the run gives a warning (default: roster 45). */
  maxSourceAgeDays?: Partial<Record<keyof SourcesConfig, number>>;
  /** Rows asked per `datastore_search` page when a catalog source is read from its datastore (default 1000). */
  datastorePageSize?: number;
  guards: GuardConfig;
  /** node-cron expression for `npm run pipeline -- --schedule`. */
  schedule: string;
  /** IANA time zone the schedule and snapshot dates are read in. */
  timeZone: string;
  /** How many published snapshots to keep; older ones are deleted after a successful publish. */
  keepSnapshots: number;
}

export interface PipelineProfiles {
  default: string;
  profiles: Record<string, PipelineConfig>;
}

/**
 * Settings the environment gives a run: `PIPELINE_EXPECT_LICENSES`, the roster's expected size (a
 * whole number; 0 switches the floor off). A malformed value is refused with what is accepted.
 */
export function applyEnvironment<T extends PipelineConfig>(config: T, env: NodeJS.ProcessEnv): T {
  const raw = env.PIPELINE_EXPECT_LICENSES?.trim();
  if (raw === undefined || raw === '') return config;
  if (!/^\d{1,7}$/.test(raw)) throw new Error(`PIPELINE_EXPECT_LICENSES is "${raw}": give the number of licenses the roster should hold (a whole number, 0 for no floor).`);
  return { ...config, guards: { ...config.guards, expectLicenses: Number(raw) } };
}

export function selectProfile(config: PipelineProfiles, name?: string): PipelineConfig & { profile: string } {
  const profile = name ?? config.default;
  const chosen = config.profiles[profile];
  if (!chosen) {
    throw new Error(
      `Unknown pipeline profile "${profile}". Profiles in pipeline.config.ts: ${Object.keys(config.profiles).join(', ')}.`,
    );
  }
  return { ...chosen, profile: chosen.profile ?? profile };
}
