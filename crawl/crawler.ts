// The crawler: reads the state's per-facility record into the document store, all day, politely.
// Its homes come from the newest published snapshot of its profile (read again whenever a newer
// one appears, so a home whose export gains a visit goes first); what each needs comes from the
// store, so a crawler killed or restarted resumes where it stopped. Every document is committed
// as it is read; the next pipeline run publishes it. Its status (running, paused, how many homes
// are current, waiting or never read, each by the frontier's one rule over the store) is
// rewritten beside the snapshots for the run report and /healthz. It names its operator in every
// request (no contact, no crawl), and stopping (--for, SIGTERM) aborts what is in flight.
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { CRAWL_STATUS_FILE, readCrawlStatus, type CrawlStatus } from '../contract/crawl-status.ts';
import { CRAWL_DEFAULTS, type CrawlSettings, type PipelineConfig } from '../pipeline/config.ts';
import { emptyStats, readHome, type CollectStats, type FetchProblem, type ReadContext } from '../pipeline/documents/collect.ts';
import { DocumentStore } from '../pipeline/documents/store.ts';
import { openPreviousSnapshot, type SnapshotHome } from '../pipeline/snapshot/previous.ts';
import { listSnapshots } from '../pipeline/snapshot/folder.ts';
import { crawlsRemote } from '../pipeline/schedule.ts';
import { sleep } from '../pipeline/http.ts';
import { withCrawlContact } from '../pipeline/crawl-contact.ts';
import { planCrawl, reportsFromFor, standingOf, TIERS, type Job, type PlanSettings, type Standing } from './frontier.ts';
import { createPoliteClient, HostPaused, type PoliteClient } from './polite-client.ts';

export interface CrawlOptions {
  snapshotsDir: string;
  config: PipelineConfig;
  profile: string;
  /** Stop asking after this long, finish what is in flight, and return; null: until `signal`. */
  forMs?: number | null;
  /** Return once nothing is due (a demo's local files, a benchmark, a test). */
  untilCurrent?: boolean;
  signal?: AbortSignal;
  log?: (line: string) => void;
  /** The day reads are dated by, in the pipeline's time zone (tests fix it). */
  now?: () => Date;
  /** How long to wait when nothing is due before looking again (default 60 s). */
  idleMs?: number;
}

export interface CrawlSummary {
  /** What was read, as a demo run's own reading is counted. */
  stats: CollectStats;
  problems: FetchProblem[];
  requests: number;
  details: number;
  indexes: number;
  reports: number;
  /** Jobs done by tier, in the order they were started. */
  order: Array<{ license: string; tier: Job['tier'] }>;
  /** Per tier, when its first job started and its last one ended (ms since the crawl began): how long convergence takes. */
  timeline: Partial<Record<Job['tier'], { first_ms: number; last_ms: number; jobs: number }>>;
  status: CrawlStatus;
}

/** A home whose read failed is left this long before it is planned again, doubled with each failure in a row (up to a day): it goes behind the others. */
const FAILED_HOME_WAIT_MS = 60 * 60_000;
const FAILED_HOME_MAX_WAIT_MS = 24 * 60 * 60_000;
const STATUS_EVERY_MS = 5_000;
/** A plan is made again at least this often. */
const REPLAN_MS = 10 * 60_000;

function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Rewrites the status file whole: a reader never sees half of it. */
async function writeStatus(snapshotsDir: string, status: CrawlStatus): Promise<void> {
  const file = path.join(snapshotsDir, CRAWL_STATUS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(status, null, 2)}\n`);
  await rename(temporary, file);
}

export async function crawl(options: CrawlOptions): Promise<CrawlSummary> {
  const { config, snapshotsDir } = options;
  const documents = config.stateDocuments;
  if (!documents) throw new Error(`profile "${options.profile}" reads no state documents (stateDocuments is off): there is nothing to crawl`);
  if (!crawlsRemote(config)) throw new Error(`profile "${options.profile}" reads its state documents from local files, which each pipeline run reads itself: there is nothing to crawl (point them at a site with --source state_site=<base>)`);
  const settings: CrawlSettings = { ...CRAWL_DEFAULTS, ...documents.crawl };
  const log = options.log ?? (() => {});
  const clock = options.now ?? (() => new Date());
  const stop = new AbortController();
  const onOuterStop = () => stop.abort();
  options.signal?.addEventListener('abort', onOuterStop, { once: true });
  if (options.signal?.aborted) stop.abort();
  const forTimer = options.forMs != null ? setTimeout(() => stop.abort(), options.forMs) : null;

  // Who to call is named in every request; without one nothing is asked (NoCrawlContact).
  const http = withCrawlContact(config).http;
  const client: PoliteClient = createPoliteClient(http, settings, log);
  const store = new DocumentStore(snapshotsDir, 1);
  // The status's own times are the wall clock's: a reader judges a stale status by it (crawlState).
  const startedAt = new Date().toISOString();
  const status: CrawlStatus = {
    state: 'running', profile: options.profile, pid: process.pid, started_at: startedAt, updated_at: startedAt, snapshot: null,
    unreachable_since: null, last_failure: null, next_try_at: null,
    listed: { current: 0, waiting: 0, never_read: 0 }, not_listed: { current: 0, waiting: 0, never_read: 0 },
    last_read: lastReadsSoFar(store, snapshotsDir, options.profile), requests: 0, answered: 0,
  };
  // Each home's standing by the frontier's rule, kept between plans (a job updates its own home's
  // from the store): the counts are these, whichever process or moment writes them.
  const standings = new Map<string, { listed: boolean; standing: Standing }>();
  const setStanding = (license: string, listed: boolean, standing: Standing) => {
    const before = standings.get(license);
    if (before) (before.listed ? status.listed : status.not_listed)[before.standing] -= 1;
    standings.set(license, { listed, standing });
    (listed ? status.listed : status.not_listed)[standing] += 1;
  };
  const publishStatus = async () => {
    const paused = client.paused;
    status.state = stop.signal.aborted ? 'stopped' : paused ? 'paused' : 'running';
    status.unreachable_since = paused?.since ?? null;
    status.next_try_at = paused?.nextTryAt ?? null;
    status.last_failure = paused?.lastFailure ?? status.last_failure;
    status.requests = client.requests;
    status.answered = client.answered;
    status.updated_at = new Date().toISOString();
    await writeStatus(snapshotsDir, status).catch((error: unknown) => log(`could not write ${CRAWL_STATUS_FILE}: ${(error as Error).message}`));
  };
  const statusTimer = setInterval(() => void publishStatus(), STATUS_EVERY_MS);

  const stats = emptyStats();
  const problems: ReadContext['problems'] = [];
  /** Homes whose detail was read since the snapshot last changed: not re-checked until it changes (a re-check age of 0 would loop). */
  const readSinceSnapshot = new Set<string>();
  const order: CrawlSummary['order'] = [];
  const timeline: CrawlSummary['timeline'] = {};
  const began = performance.now();
  let homes: SnapshotHome[] = [];
  let snapshotFile: string | null = null;
  const limit = pLimit(Math.max(1, documents.concurrency));

  /** The newest snapshot's homes, read again only when a newer file appears (then true). */
  async function refreshHomes(): Promise<boolean> {
    const newest = (await listSnapshots(snapshotsDir, config.snapshotName)).at(-1) ?? null;
    if (newest === snapshotFile) return false;
    const snapshot = await openPreviousSnapshot(snapshotsDir, config.snapshotName, options.profile, log);
    try {
      homes = snapshot?.homes() ?? [];
      snapshotHomes.clear();
      for (const home of homes) snapshotHomes.set(home.license, home);
      snapshotFile = newest;
      readSinceSnapshot.clear();
      status.snapshot = snapshot ? path.basename(snapshot.file) : null;
      if (snapshot) log(`homes from ${status.snapshot}: ${homes.length} (${homes.filter((h) => h.listed).length} listed)`);
    } finally {
      snapshot?.close();
    }
    return true;
  }

  /** What every job reads with; each adds its own rules, urgency, counts and failures. */
  const shared: Omit<ReadContext, 'read' | 'rules' | 'stats' | 'problems'> = {
    templates: documents,
    store,
    today: () => dayIn(config.timeZone, clock()),
    now: clock,
    knownRefs: store.allListedOn(),
    // Stopping aborts what is in flight and asks nothing more; neither it nor a paused host is the home's failure.
    mayAsk: () => !stop.signal.aborted,
    notTheEndpoints: (error) => error instanceof HostPaused || stop.signal.aborted,
  };
  const limits = { detail: settings.maxBytes.detail, index: settings.maxBytes.index, report: settings.maxBytes.report };
  let planSettings: PlanSettings = { detailMaxAgeDays: documents.detailMaxAgeDays ?? 0, reportsFrom: reportsFromFor(clock(), settings.recentReportYears) };
  const snapshotHomes = new Map<string, SnapshotHome>();
  /** Plans every home afresh from the store: the jobs due and every home's standing. */
  const plan = () => {
    const now = clock();
    planSettings = { detailMaxAgeDays: documents.detailMaxAgeDays ?? 0, reportsFrom: reportsFromFor(now, settings.recentReportYears) };
    standings.clear();
    status.listed = { current: 0, waiting: 0, never_read: 0 };
    status.not_listed = { current: 0, waiting: 0, never_read: 0 };
    return planCrawl(homes, store.eachFacilityState(), shared.knownRefs, planSettings, now, failedRecently(store, now.getTime()), readSinceSnapshot, setStanding);
  };
  async function runJob(job: Job): Promise<void> {
    // While the host is paused its requests fail at once without being sent (or wait on the one trial).
    if (stop.signal.aborted) return;
    order.push({ license: job.home.license, tier: job.tier });
    const span = (timeline[job.tier] ??= { first_ms: Math.round(performance.now() - began), last_ms: 0, jobs: 0 });
    // This job's own counts and failures (jobs run side by side), added to the crawl's after.
    const own = { stats: emptyStats(), problems: [] as FetchProblem[] };
    const { waiting } = await readHome(job.home, store.facilityState(job.home.license), {
      ...shared,
      ...own,
      // A detail this crawler already read since the snapshot changed is not read again for another tier.
      rules: readSinceSnapshot.has(job.home.license) ? { ...job.rules, detailMaxAgeDays: Infinity } : job.rules,
      // Each job carries its urgency: the queue starts the most urgent request first; stopping aborts it.
      read: (location, endpoint) => client.read(location, TIERS.length - TIERS.indexOf(job.tier), { maxBytes: limits[endpoint], deadlineMs: settings.requestDeadlineMs }, stop.signal),
    });
    if (waiting) own.stats.homes_waiting += 1;
    else own.stats.homes_current += 1;
    for (const key of Object.keys(stats) as Array<keyof CollectStats>) stats[key] += own.stats[key];
    problems.push(...own.problems);
    span.last_ms = Math.round(performance.now() - began);
    span.jobs += 1;
    const at = clock().toISOString();
    const read = own.stats;
    if (read.details_fetched) {
      status.last_read.detail = at;
      readSinceSnapshot.add(job.home.license);
    }
    if (read.indexes_fetched) status.last_read.index = at;
    if (read.reports_fetched) status.last_read.report = at;
    const problem = own.problems.at(-1) ?? null;
    // A home read in full clears its standing failure; one that failed keeps its last good data
    // (and waits behind the others: the failure's time is stored, so a restart does not ask it first).
    if (!waiting || problem) store.saveProblem(problem, job.home.license, at);
    // Its standing between plans, by the same rule as the plan's, from what the store now holds.
    const home = snapshotHomes.get(job.home.license);
    if (home) setStanding(home.license, home.listed, standingOf(home, store.facilityState(home.license), shared.knownRefs, planSettings, clock(), readSinceSnapshot.has(home.license)).standing);
    if (problem) {
      status.last_failure = `${problem.endpoint} ${problem.license_number}: ${problem.problem}`;
      log(`kept last good documents of ${problem.license_number}: ${problem.endpoint} ${problem.problem}`);
    }
  }


  try {
    // The counts are known before the first request (and while the host is paused).
    await refreshHomes();
    let pending: Job[] = plan().jobs;
    pending = pending.filter((job) => job.tier === pending[0]?.tier);
    let plannedAt = Date.now();
    await publishStatus();
    // A plan is followed batch by batch within its first tier; it is made again when that tier is
    // done (what reading made due is planned before the next tier), when a newer snapshot appears
    // (new visits jump the queue), or after REPLAN_MS (re-checks come due with time). Planning reads
    // every home's stored state, so it is done a few times an hour, not once a batch.
    while (!stop.signal.aborted) {
      await client.untilAskable(stop.signal);
      if (stop.signal.aborted) break;
      const snapshotChanged = await refreshHomes();
      if (snapshotChanged || pending.length === 0 || Date.now() - plannedAt > REPLAN_MS) {
        const { jobs } = plan();
        plannedAt = Date.now();
        pending = jobs.filter((job) => job.tier === jobs[0]?.tier);
        if (pending.length === 0) {
          await publishStatus();
          if (options.untilCurrent) break;
          await sleep(options.idleMs ?? 60_000, stop.signal);
          continue;
        }
      }
      const batch = pending.splice(0, settings.batchSize);
      await Promise.all(batch.map((job) => limit(() => runJob(job))));
      await publishStatus();
    }
  } finally {
    clearInterval(statusTimer);
    if (forTimer) clearTimeout(forTimer);
    options.signal?.removeEventListener('abort', onOuterStop);
    stop.abort();
    await client.close();
    store.close();
    await publishStatus();
  }
  return { stats, problems, requests: client.requests, details: stats.details_fetched, indexes: stats.indexes_fetched, reports: stats.reports_fetched, order, timeline, status };
}

/** Homes whose last read failed lately: not planned until their wait is over (an hour, doubled with each failure in a row, up to a day). */
function failedRecently(store: DocumentStore, now: number): Set<string> {
  const waiting = new Set<string>();
  for (const { license_number, at, failures } of store.problemTimes()) {
    const wait = Math.min(FAILED_HOME_WAIT_MS * 2 ** Math.min(10, Math.max(0, failures - 1)), FAILED_HOME_MAX_WAIT_MS);
    if (now - Date.parse(at) < wait) waiting.add(license_number);
  }
  return waiting;
}

/** When each kind was last stored, as far as is known at start: the store's, or the last crawler's status of this profile, the later. */
function lastReadsSoFar(store: DocumentStore, snapshotsDir: string, profile: string): CrawlStatus['last_read'] {
  const stored = store.lastReads();
  const previous = readCrawlStatus(snapshotsDir);
  const before = previous?.profile === profile ? previous.last_read : null;
  const later = (a: string | null | undefined, b: string | null | undefined) => (!a ? (b ?? null) : !b ? a : Date.parse(a) >= Date.parse(b) ? a : b);
  return { detail: later(stored.detail, before?.detail), index: later(stored.index, before?.index), report: later(stored.report, before?.report) };
}
