// `npm run pipeline -- --schedule`: the daily run on the configured cron schedule, never two at
// once, going on after a failed run (each run prints whether an older snapshot is still served);
// beside it, for a profile whose per-facility record is a real site, the crawler as a process of
// its own (started again if it ends; not started without a contact to name), and a publish every few hours when the crawler has stored
// something the newest snapshot does not hold yet, so what it reads is served within hours.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cron from 'node-cron';
import { readCrawlStatus, type CrawlStatus } from '../contract/crawl-status.ts';
import type { PipelineConfig } from './config.ts';
import { isRemote } from './sources/retrieve.ts';
import { NoCrawlContact, withCrawlContact } from './crawl-contact.ts';

/** Every four hours: what the crawler read reaches the served snapshot within about five. */
export const DOCUMENTS_PUBLISH_SCHEDULE = '20 */4 * * *';
const CRAWLER_ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../crawl/run.ts');
const CRAWLER_RESTART_MS = 60_000;
/**
 * The crawler's Node flags (`npm run crawl` uses the same): its live heap stays under 180 MB at
 * state scale, but V8 lets garbage from 77,000 answers grow it to 450 MB before collecting; a
 * 256 MB old space holds it near 330 MB at the same CPU (docs/benchmarks.md). A crawler that ever
 * ran out would be restarted and resume from the store.
 */
export const CRAWLER_NODE_FLAGS = ['--max-old-space-size=256'];

export interface ScheduleOptions {
  snapshotsDir: string;
  /** The crawler's own arguments (the profile and the same --source settings); absent: no crawler. */
  crawlerArgs?: string[];
  /**
   * When the newest snapshot of the profile was created (its metadata's created_at), to tell whether
   * the crawler has news; null: none yet, and the schedule runs once at start instead of waiting.
   */
  newestSnapshotCreatedAt?: () => Promise<string | null>;
  /** Starts the crawler process (tests give their own). */
  startCrawler?: (args: string[]) => ChildProcess;
}

/** Whether the crawler stored a document after the newest snapshot was made. */
export function crawlerHasNews(status: CrawlStatus | null, snapshotCreatedAt: string | null): boolean {
  const lastRead = [status?.last_read.detail, status?.last_read.index, status?.last_read.report].filter((at): at is string => !!at).sort().at(-1);
  if (!lastRead) return false;
  return snapshotCreatedAt === null || Date.parse(lastRead) > Date.parse(snapshotCreatedAt);
}

/** Whether the profile's per-facility record is on a site the crawler reads (not a demo's local files). */
export function crawlsRemote(config: PipelineConfig): boolean {
  const documents = config.stateDocuments;
  return !!documents && [documents.detail, documents.index, documents.report].some(isRemote);
}

function startCrawlerProcess(args: string[]): ChildProcess {
  // The same Node and loader flags (tsx) as this process; its own stdout, lines as they come.
  return spawn(process.execPath, [...process.execArgv, ...CRAWLER_NODE_FLAGS, CRAWLER_ENTRY, ...args], { stdio: 'inherit', env: process.env });
}

/** Whether the crawler would name who runs it; if not, says so (it would ask nothing and exit 2, restarted every minute). */
function namesItsOperator(config: PipelineConfig): boolean {
  try {
    withCrawlContact(config);
    return true;
  } catch (error) {
    if (!(error instanceof NoCrawlContact)) throw error;
    console.error(`${new Date().toISOString()} crawler not started: ${error.message}`);
    return false;
  }
}

export function startSchedule(config: PipelineConfig, runOnce: () => Promise<unknown>, options?: ScheduleOptions): { stop(): void } {
  let running = false;
  const guarded = async (why: string) => {
    if (running) {
      console.warn(`${new Date().toISOString()} a run is still going; this ${why} tick is skipped.`);
      return;
    }
    running = true;
    try {
      await runOnce();
    } catch (error) {
      console.error(`${new Date().toISOString()} run failed: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  };
  const tasks = [cron.schedule(config.schedule, () => guarded('daily'), { timezone: config.timeZone, noOverlap: true })];
  console.log(`Pipeline scheduled: "${config.schedule}" (${config.timeZone}). Ctrl-C stops it.`);
  // A fresh folder serves nothing and gives the crawler no homes: the first run is now, not at the next tick.
  if (options?.newestSnapshotCreatedAt) {
    void options.newestSnapshotCreatedAt().then(
      (createdAt) => {
        if (createdAt !== null) return;
        console.log(`${new Date().toISOString()} no snapshot of this profile yet: running once now`);
        return guarded('first');
      },
      (error: unknown) => console.error(`${new Date().toISOString()} could not look for a snapshot: ${(error as Error).message}`),
    );
  }

  let crawler: ChildProcess | null = null;
  let stopped = false;
  let restartTimer: NodeJS.Timeout | null = null;
  if (options?.crawlerArgs && crawlsRemote(config) && namesItsOperator(config)) {
    const start = options.startCrawler ?? startCrawlerProcess;
    const launch = () => {
      crawler = start(options.crawlerArgs!);
      console.log(`${new Date().toISOString()} crawler started (pid ${crawler.pid}) beside the schedule`);
      crawler.once('exit', (code, signal) => {
        crawler = null;
        if (stopped) return;
        console.error(`${new Date().toISOString()} crawler ended (${signal ?? `exit ${code}`}); starting it again in ${CRAWLER_RESTART_MS / 1000} s`);
        restartTimer = setTimeout(launch, CRAWLER_RESTART_MS);
      });
    };
    launch();
    const snapshotCreatedAt = options.newestSnapshotCreatedAt ?? (async () => null);
    tasks.push(
      cron.schedule(
        DOCUMENTS_PUBLISH_SCHEDULE,
        async () => {
          if (crawlerHasNews(readCrawlStatus(options.snapshotsDir), await snapshotCreatedAt())) await guarded('documents');
        },
        { timezone: config.timeZone, noOverlap: true },
      ),
    );
    console.log(`Documents the crawler reads are published on "${DOCUMENTS_PUBLISH_SCHEDULE}" when it has read something new.`);
  }
  return {
    stop: () => {
      stopped = true;
      if (restartTimer) clearTimeout(restartTimer);
      for (const task of tasks) void task.stop();
      (crawler as ChildProcess | null)?.kill('SIGTERM');
    },
  };
}
