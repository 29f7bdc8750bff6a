// Pipeline settings: where each source lives, how politely to fetch, when to hold a run back,
// and when to run. `npm run pipeline` uses the default profile (the embedded seeds);
// `npm run pipeline -- --profile state` reads the state's live sources.
import type { HttpConfig, GuardConfig, PipelineConfig, PipelineProfiles } from './pipeline/config.ts';

const http: HttpConfig = {
  timeoutMs: 30_000,
  retries: 4,
  backoffMs: 1_000,
  concurrency: 4,
  userAgent: 'care-home-read-api pipeline (+https://github.com/; read-only mirror of the state licensing record)',
};

const guards: GuardConfig = {
  minLicenses: 100,
  maxRemovedShare: 0.05,
  maxChangedShare: 0.25,
  maxRejectedShare: 0.02,
};

const common = {
  snapshotName: 'rcfe',
  http,
  guards,
  // Daily at 05:30 Pacific: after the state's overnight file refresh.
  schedule: '30 5 * * *',
  timeZone: 'America/Los_Angeles',
  keepSnapshots: 14,
} satisfies Omit<PipelineConfig, 'sources'>;

const seeds: PipelineConfig = {
  ...common,
  sources: {
    roster: 'seeds/default/roster.csv',
    approvals: 'seeds/default/approvals.csv',
    waiver: 'seeds/default/alw.csv',
    geocodes: 'seeds/default/geocodes.csv',
    zipCentroids: 'seeds/default/zip-centroids.csv',
  },
  // The seed set is a few hundred homes: the state-scale floor does not apply to it.
  guards: { ...guards, minLicenses: 50 },
};

const config: PipelineProfiles = {
  default: 'seeds',
  profiles: {
    seeds,
    // Generated state-scale data (`npm run generate:state-scale`), for benchmarks.
    'state-scale': {
      ...seeds,
      sources: {
        roster: 'seeds/state-scale/roster.csv',
        approvals: 'seeds/state-scale/approvals.csv',
        waiver: 'seeds/state-scale/alw.csv',
        geocodes: 'seeds/state-scale/geocodes.csv',
        zipCentroids: 'seeds/state-scale/zip-centroids.csv',
      },
      guards,
    },
    // The state's live sources. Resource addresses change when the portal republishes a
    // dataset: check them against the dataset pages before a production run.
    state: {
      ...common,
      sources: {
        roster:
          'https://data.chhs.ca.gov/dataset/community-care-licensing-residential-elder-care-facility-locations/resource/rcfe-locations/download/rcfe-locations.csv',
        approvals:
          'https://data.chhs.ca.gov/dataset/community-care-licensing-residential-elder-care-facility-locations/resource/rcfe-service-designations/download/rcfe-service-designations.csv',
        waiver: 'https://www.dhcs.ca.gov/services/ltc/Documents/ALW-Participating-RCFEs.csv',
        geocodes: 'seeds/default/geocodes.csv',
        zipCentroids: 'seeds/default/zip-centroids.csv',
      },
    },
  },
};

export default config;
