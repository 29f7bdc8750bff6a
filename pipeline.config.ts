// Pipeline settings: where each source lives, how politely to fetch, when to hold a run back,
// and when to run. `npm run pipeline` uses the default profile (the embedded seeds);
// `npm run pipeline -- --profile state` reads the state's live sources;
// `--source name=path|url|ckan:...|none` overrides any source for one run (docs/first-real-run.md).
import { GEOCODER_DEFAULTS, STATE_SITE, stateSiteDocuments, type HttpConfig, type GuardConfig, type PipelineConfig, type PipelineProfiles, type SourcesConfig, type StateDocumentsConfig } from './pipeline/config.ts';

const http: HttpConfig = {
  timeoutMs: 30_000,
  retries: 4,
  backoffMs: 1_000,
  concurrency: 4,
  // The state's site (and every other host) is asked at most two at a time.
  perHostConcurrency: 2,
  minIntervalMs: 0,
  userAgent: 'care-home-read-api pipeline (read-only mirror of the state licensing record)',
  // Where the state's staff can reach whoever runs this (the service's public address, or a
  // mailto:), named in every request's User-Agent; CRAWL_CONTACT overrides it. Empty: a run of a
  // real profile warns, and the crawler does not start (pipeline/crawl-contact.ts).
  contact: '',
  // A redirect stays on the host asked unless a host is named here (a portal's file store, say).
  redirectHosts: [],
  // The state's export is about 10 MB; no source comes near 128 MiB. A larger or endless body fails its source.
  maxFileBytes: 128 * 1024 * 1024,
};

const guards: GuardConfig = {
  minLicenses: 100,
  maxRemovedShare: 0.05,
  maxChangedShare: 0.25,
  maxRejectedShare: 0.02,
  // A source of which fewer than half the rows join a license is probably the wrong file.
  minJoinedShare: 0.5,
};

const common = {
  snapshotName: 'rcfe',
  http,
  // A whole file gets 15 minutes, a run 4 hours (it reads no per-facility document from a site: the crawler does).
  deadlines: { sourceMs: 15 * 60_000, runMs: 4 * 60 * 60_000 },
  guards,
  // Daily at 05:30 Pacific: after the state's overnight file refresh.
  schedule: '30 5 * * *',
  timeZone: 'America/Los_Angeles',
  keepSnapshots: 14,
} satisfies Omit<PipelineConfig, 'sources' | 'stateDocuments'>;

// Invented homes: snapshots of these profiles are marked demo_data = 'true'.
const demo = { demoData: true } as const;

/** Every source of a seed folder (seeds/default, or generated seeds/state-scale). */
function seedFolder(dir: string): Pick<PipelineConfig, 'sources' | 'stateDocuments' | 'fileDates'> {
  const sources: SourcesConfig = {
    // In the shape of the state's weekly export; roster.csv.headers beside it dates it.
    roster: `${dir}/roster.csv`,
    portalRoster: `${dir}/portal-roster.csv`,
    approvals: `${dir}/approvals.csv`,
    waiver: `${dir}/alw.csv`,
    geocodes: `${dir}/geocodes.csv`,
    // The seed homes are placed by geocoder answers and ZIP centroids (no state locations file).
    locations: null,
    zipCentroids: `${dir}/zip-centroids.csv`,
    hospitals: `${dir}/hospitals.csv`,
    listings: `${dir}/listings.csv`,
    countyRates: `${dir}/county-rates.csv`,
  };
  const stateDocuments: StateDocumentsConfig = {
    detail: `${dir}/documents/{license}/detail.json`,
    index: `${dir}/documents/{license}/index.json`,
    report: `${dir}/documents/{license}/{inx}.html`,
    concurrency: 16,
  };
  // The waiver list states no date of its own; the seed file is dated as its catalog entry would be (seeds/model.ts ALW_AS_OF).
  return { sources, stateDocuments, fileDates: { waiver: '2026-10-01' } };
}

// The Care Facility Search's "Download Data" file of elder-care homes: the roster of record, updated
// weekly. It asks a GUID, any GUID: `{guid}` is a fresh one per request.
const STATE_EXPORT = `${STATE_SITE}/DownloadStateData?id=ResidentialElderCareFacility&GUID={guid}`;
// The California Health and Human Services open-data portal, a CKAN site: its sources are named by
// dataset and resource and looked up in its catalog on every run, never by a download address.
const CHHS_PORTAL = 'ckan:https://data.chhs.ca.gov';
// The US Census Bureau's keyless batch address geocoder (coordinates only, no census geographies).
const CENSUS_BATCH_GEOCODER = 'https://geocoding.geo.census.gov/geocoder/locations/addressbatch';

const config: PipelineProfiles = {
  default: 'seeds',
  profiles: {
    // The seed set is a few hundred homes: the state-scale floor does not apply to it.
    seeds: { ...common, ...demo, ...seedFolder('seeds/default'), guards: { ...guards, minLicenses: 50 } },
    // Generated state-scale data (`npm run generate:state-scale`), for benchmarks.
    // Its benchmark serves these files from a loopback stand-in: no state host to be polite to.
    'state-scale': { ...common, ...demo, ...seedFolder('seeds/state-scale'), http: { ...http, concurrency: 16, perHostConcurrency: 16 } },
    // The state's live sources. The portal's files are named by dataset and resource (id, or name
    // to match); each run asks the catalog where they are now, and a source it cannot give is
    // absent, said so in the report (docs/first-real-run.md shows the lookups to check by hand).
    // Nothing here comes from seeds/: coordinates come from the Census geocoder (no ZIP centroids
    // unless a real table is set); prices have no real source wired yet, so they are off (null)
    // and read as not on file.
    state: {
      ...common,
      // The export lists about 12,900 homes: one with fewer than 90 % of them is held back, first
      // run or not (PIPELINE_EXPECT_LICENSES sets another size: a stand-in, a sample).
      guards: { ...guards, expectLicenses: 12_900 },
      http: { ...http, minIntervalMs: 100 },
      geocoder: { url: CENSUS_BATCH_GEOCODER, ...GEOCODER_DEFAULTS },
      sources: {
        roster: STATE_EXPORT,
        // "Community Care Licensing Facilities", its elder-care homes' resource: compared with the
        // export and reported, never used for a home's facts (it lagged the export by 18 months in 2026).
        portalRoster: `${CHHS_PORTAL}#ccl-facilities/744d1583-f9eb-45b6-b0f8-b9a9dab936a6`,
        // No public file of RCFE care approvals is known (ccl-facilities holds one roster per
        // facility type): none is guessed, and every surface says the state publishes none.
        approvals: null,
        // The health-care services department's "ALW Assisted Living Facilities", in the portal's
        // catalog as dataset alw-assisted-living-facilities (its CSV, read in its own columns).
        waiver: `${CHHS_PORTAL}#alw-assisted-living-facilities/ALW Assisted Living Facilities`,
        geocodes: null,
        // "Community Care Licensing - Residential Elder Care Facility Locations": the state's own
        // map points by facility number, used before the Census geocoder.
        locations: `${CHHS_PORTAL}#00d9608d-53ee-4e93-990a-57cd220a1d4b/dc9ddc4b-f4cf-4196-8ffa-e5a6505f2b8e`,
        zipCentroids: null,
        // "Licensed and Certified Healthcare Facility Listing" (hospitals kept).
        hospitals: `${CHHS_PORTAL}#healthcare-facility-locations/f0ae5731-fef8-417f-839d-54a0ed3a126e`,
        listings: null,
        countyRates: null,
      },
      // The Transparency API (`--source state_site=<base>` moves it): about 1 to 2 s an answer. A run
      // never asks it: it publishes what the document store holds. The crawler (`npm run crawl`)
      // reads it all day, two at a time and paced: every listed home's detail and index first (new
      // visits, homes never read, live-status re-checks older than 3 days), then this and last
      // year's report pages, older years', closed homes last (docs/first-real-run.md has the
      // arithmetic: every listed home's live status in about 3.4 h, every report page within a
      // day). Every answer is bounded: its kind's size cap and a deadline on the whole answer.
      stateDocuments: {
        ...stateSiteDocuments(STATE_SITE),
        concurrency: 4,
        detailMaxAgeDays: 3,
        crawl: {
          // The state's details are a few KB, its indexes tens of KB, its report pages up to a few hundred.
          maxBytes: { detail: 256 * 1024, index: 4 * 1024 * 1024, report: 8 * 1024 * 1024 },
          // It answers in 1 to 2 s: a body still arriving after 15 s is trickling.
          requestDeadlineMs: 15_000,
        },
      },
    },
  },
};

export default config;
