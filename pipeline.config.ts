// Pipeline settings: where each source lives, how politely to fetch, when to hold a run back,
// and when to run. `npm run pipeline` uses the default profile (the embedded seeds);
// `npm run pipeline -- --profile state` reads the state's live sources; `--source name=path|url|none`
// overrides any source for one run (docs/first-real-run.md).
import { GEOCODER_DEFAULTS, type HttpConfig, type GuardConfig, type PipelineConfig, type PipelineProfiles, type SourcesConfig, type StateDocumentsConfig } from './pipeline/config.ts';

const http: HttpConfig = {
  timeoutMs: 30_000,
  retries: 4,
  backoffMs: 1_000,
  concurrency: 4,
  minIntervalMs: 0,
  userAgent: 'care-home-read-api pipeline (read-only mirror of the state licensing record)',
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
  // A whole file gets 15 minutes; a run (the state documents of every license included) 4 hours.
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
function seedFolder(dir: string): Pick<PipelineConfig, 'sources' | 'stateDocuments'> {
  const sources: SourcesConfig = {
    roster: `${dir}/roster.csv`,
    approvals: `${dir}/approvals.csv`,
    waiver: `${dir}/alw.csv`,
    geocodes: `${dir}/geocodes.csv`,
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
  return { sources, stateDocuments };
}

const TRANSPARENCY_API = 'https://www.ccld.dss.ca.gov/transparencyapi/api';
// The US Census Bureau's keyless batch address geocoder (coordinates only, no census geographies).
const CENSUS_BATCH_GEOCODER = 'https://geocoding.geo.census.gov/geocoder/locations/addressbatch';

const config: PipelineProfiles = {
  default: 'seeds',
  profiles: {
    // The seed set is a few hundred homes: the state-scale floor does not apply to it.
    seeds: { ...common, ...demo, ...seedFolder('seeds/default'), guards: { ...guards, minLicenses: 50 } },
    // Generated state-scale data (`npm run generate:state-scale`), for benchmarks.
    'state-scale': { ...common, ...demo, ...seedFolder('seeds/state-scale'), http: { ...http, concurrency: 16 } },
    // The state's live sources. Resource addresses change when a portal republishes a dataset:
    // check them against the dataset pages before a production run (or point each at a local
    // file with `--source <name>=<path>`, see docs/first-real-run.md). Nothing here comes from
    // seeds/: coordinates come from the Census geocoder (no ZIP centroids unless a real table is
    // set); prices have no real source wired yet, so they are off (null) and read as not on file.
    state: {
      ...common,
      http: { ...http, minIntervalMs: 100 },
      geocoder: { url: CENSUS_BATCH_GEOCODER, ...GEOCODER_DEFAULTS },
      sources: {
        roster:
          'https://data.chhs.ca.gov/dataset/community-care-licensing-residential-elder-care-facility-locations/resource/rcfe-locations/download/rcfe-locations.csv',
        approvals:
          'https://data.chhs.ca.gov/dataset/community-care-licensing-residential-elder-care-facility-locations/resource/rcfe-service-designations/download/rcfe-service-designations.csv',
        waiver: 'https://www.dhcs.ca.gov/services/ltc/Documents/ALW-Participating-RCFEs.csv',
        geocodes: null,
        zipCentroids: null,
        hospitals: 'https://data.chhs.ca.gov/dataset/healthcare-facility-locations/resource/licensed-facilities/download/licensed-facilities.csv',
        listings: null,
        countyRates: null,
      },
      stateDocuments: {
        detail: `${TRANSPARENCY_API}/FacilityInfo/{license}`,
        index: `${TRANSPARENCY_API}/FacilityReports?facNum={license}`,
        report: `${TRANSPARENCY_API}/FacilityReports?facNum={license}&inx={inx}`,
        concurrency: 4,
      },
    },
  },
};

export default config;
