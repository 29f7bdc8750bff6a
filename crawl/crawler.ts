// The crawler: reads the state's per-facility record into the document store, all day, politely.
// Its homes come from the newest published snapshot of its profile (read again whenever a newer
// one appears, so a home whose export gains a visit goes first); what each needs comes from the
// store, so a crawler killed or restarted resumes where it stopped. Every document is committed
// as it is read; the next pipeline run publishes it. Its status (running, paused, what is
// current) is rewritten beside the snapshots for the run report and /healthz.
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { CRAWL_STATUS_FILE, type CrawlStatus } from '../contract/crawl-status.ts';
import { CRAWL_DEFAULTS, type CrawlSettings, type PipelineConfig } from '../pipeline/config.ts';
import { emptyStats, readHome, type CollectStats, type FetchProblem, type ReadContext } from '../pipeline/documents/collect.ts';
import { DocumentStore } from '../pipeline/documents/store.ts';
import { openPreviousSnapshot, type SnapshotHome } from '../pipeline/snapshot/previous.ts';
import { listSnapshots } from '../pipeline/snapshot/folder.ts';
import { crawlsRemote } from '../pipeline/schedule.ts';
import { sleep } from '../pipeline/http.ts';
import { planCrawl, reportsFromFor, TIERS, type Job } from './frontier.ts';
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

/** A home whose endpoint failed is left for this long before it is planned again. */
const FAILED_HOME_WAIT_MS = 60 * 60_000;
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

  const client: PoliteClient = createPoliteClient(config.http, settings, log);
  const store = new DocumentStore(snapshotsDir, 1);
  // The status's own times are the wall clock's: a reader judges a stale status by it (crawlState).
  const startedAt = new Date().toISOString();
  const status: CrawlStatus = {
    state: 'running', profile: options.profile, pid: process.pid, started_at: startedAt, updated_at: startedAt, snapshot: null,
    unreachable_since: null, last_failure: null, next_try_at: null,
    listed: { current: 0, waiting: 0, never_read: 0 }, not_listed: { current: 0, waiting: 0, never_read: 0 },
    last_read: { detail: null, index: null, report: null }, requests: 0, answered: 0,
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
  const failedAt = new Map<string, number>();
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
    // Stopping finishes what is in flight and asks nothing more; a paused host is nobody's failure.
    mayAsk: () => !stop.signal.aborted,
    notTheEndpoints: (error) => error instanceof HostPaused,
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
      // Each job carries its urgency: the queue starts the most urgent request first.
      read: (location) => client.read(location, TIERS.length - TIERS.indexOf(job.tier)),
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
    // The counts between plans (a re-plan counts afresh): a home something was read of moves from
    // never read or waiting to current or waiting; one of which nothing was read stays as it was.
    if (read.details_fetched || read.indexes_fetched || read.reports_fetched) {
      const coverage = job.tier === 'not_listed' ? status.not_listed : status.listed;
      if (job.neverRead) coverage.never_read = Math.max(0, coverage.never_read - 1);
      else coverage.waiting = Math.max(0, coverage.waiting - 1);
      if (waiting) coverage.waiting += 1;
      else coverage.current += 1;
    }
    const problem = own.problems.at(-1) ?? null;
    // A home read in full clears its standing failure; one that failed keeps its last good data.
    if (!waiting || problem) store.saveProblem(problem, job.home.license, at);
    if (problem) {
      failedAt.set(job.home.license, Date.now());
      status.last_failure = `${problem.endpoint} ${problem.license_number}: ${problem.problem}`;
      log(`kept last good documents of ${problem.license_number}: ${problem.endpoint} ${problem.problem}`);
    }
  }


  try {
    await publishStatus();
    // A plan is followed batch by batch within its first tier; it is made again when that tier is
    // done (what reading made due is planned before the next tier), when a newer snapshot appears
    // (new visits jump the queue), or after REPLAN_MS (re-checks come due with time). Planning reads
    // every home's stored state, so it is done a few times an hour, not once a batch.
    let pending: Job[] = [];
    let plannedAt = 0;
    while (!stop.signal.aborted) {
      await client.untilAskable(stop.signal);
      if (stop.signal.aborted) break;
      const snapshotChanged = await refreshHomes();
      if (snapshotChanged || pending.length === 0 || Date.now() - plannedAt > REPLAN_MS) {
        const now = clock();
        for (const [license, at] of failedAt) if (Date.now() - at > FAILED_HOME_WAIT_MS) failedAt.delete(license);
        const plan = planCrawl(
          homes,
          store.eachFacilityState(),
          shared.knownRefs,
          { detailMaxAgeDays: documents.detailMaxAgeDays ?? 0, reportsFrom: reportsFromFor(now, settings.recentReportYears) },
          now,
          new Set(failedAt.keys()),
          readSinceSnapshot,
        );
        status.listed = plan.listed;
        status.not_listed = plan.not_listed;
        plannedAt = Date.now();
        pending = plan.jobs.filter((job) => job.tier === plan.jobs[0]?.tier);
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
