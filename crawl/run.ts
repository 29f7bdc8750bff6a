// `npm run crawl -- --profile state [--source name=...] [--for <seconds>] [--until-current]`: the
// crawler as its own long-running process, beside the daily pipeline run. One crawler per
// snapshots folder (its own lock); Ctrl-C or SIGTERM finishes what is in flight and stops.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pipelineConfig from '../pipeline.config.ts';
import { selectProfile, type PipelineConfig } from '../pipeline/config.ts';
import { applySourceSettings, sourceArguments, splitSourceList } from '../pipeline/source-settings.ts';
import { refuseDemoMix } from '../pipeline/command-line.ts';
import { crawlsRemote } from '../pipeline/schedule.ts';
import { CRAWL_CONTACT_ENV, withCrawlContact } from '../pipeline/crawl-contact.ts';
import { acquireRunLock, LockHeld } from '../pipeline/snapshot/lock.ts';
import { crawlStatusLine } from '../contract/crawl-status.ts';
import { crawl } from './crawler.ts';

export const CRAWL_LOCK_FILE = '.crawl.lock';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const HELP = `npm run crawl -- [options]

Reads the state's per-facility record (detail, document index, report pages) into the document
store beside the snapshots, politely and all day: at most two requests in flight, paced; every
listed home's detail and index first (new visits, never read, live-status re-checks), then this and
last year's report pages newest first, older years', homes not listed last.
Homes come from the newest snapshot of the profile, so run the pipeline once first. Each pipeline
run publishes what the store holds.

  --profile <name>     a profile of pipeline.config.ts (default: PIPELINE_PROFILE, else the seeds)
  --source name=value  as for the pipeline (state_site=<base> moves the per-facility record)
  --for <seconds>      stop after this long (what is in flight is aborted, what is stored kept), exit 0
  --until-current      exit 0 once nothing is due (a demo profile's files, a benchmark)
  --help               this text

${CRAWL_CONTACT_ENV}=<e-mail or URL> names whoever runs it in every request (else http.contact in
pipeline.config.ts): without one it asks nothing and exits 2. Every answer is bounded (a size cap
by kind and a deadline: stateDocuments.crawl in pipeline.config.ts).

Exit codes: 0 stopped as asked; 1 failed; 2 refused (bad options, no contact, another crawler holds the folder).`;

/** Stopping aborts what is in flight; past this, the process ends anyway (everything stored is committed as it is read). */
const STOP_GRACE_MS = 20_000;

export interface CrawlArguments {
  profile: string | undefined;
  forSeconds: number | null;
  untilCurrent: boolean;
}

/** The options, or an error naming what was wrong and what is accepted. */
export function crawlArguments(argv: readonly string[]): CrawlArguments {
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const forText = value('for');
  let forSeconds: number | null = null;
  if (argv.includes('--for')) {
    forSeconds = Number(forText);
    if (!forText || !/^\d+(\.\d+)?$/.test(forText) || forSeconds <= 0) throw new Error(`--for takes a number of seconds greater than 0, not "${forText ?? ''}"`);
  }
  return { profile: value('profile') ?? process.env.PIPELINE_PROFILE, forSeconds, untilCurrent: argv.includes('--until-current') };
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return;
  }
  const snapshotsDir = path.resolve(process.env.SNAPSHOTS_DIR ?? path.join(REPO_ROOT, 'snapshots'));
  let config: PipelineConfig;
  let args: CrawlArguments;
  try {
    args = crawlArguments(argv);
    const settings = [...splitSourceList(process.env.PIPELINE_SOURCES), ...sourceArguments(argv)];
    const selected = selectProfile(pipelineConfig, args.profile);
    refuseDemoMix(selected, settings);
    config = applySourceSettings(selected, settings);
    // A crawler of a site names its operator before it asks anything (a demo's local files ask no one).
    if (crawlsRemote(config)) config = withCrawlContact(config);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  const profile = config.profile ?? args.profile ?? pipelineConfig.default;
  let lock;
  try {
    lock = await acquireRunLock(snapshotsDir, { file: CRAWL_LOCK_FILE, what: 'crawler' });
  } catch (error) {
    if (!(error instanceof LockHeld)) throw error;
    console.error(error.message);
    process.exitCode = 2;
    return;
  }
  const stop = new AbortController();
  const backstop = (afterMs: number) =>
    setTimeout(() => {
      console.error(`${new Date().toISOString()} not stopped ${STOP_GRACE_MS / 1000} s after it was asked to: exiting (every document read is already stored)`);
      process.exit(0);
    }, afterMs).unref();
  const onSignal = () => {
    console.log(`${new Date().toISOString()} stopping: aborting what is in flight`);
    stop.abort();
    backstop(STOP_GRACE_MS);
  };
  if (args.forSeconds) backstop(args.forSeconds * 1000 + STOP_GRACE_MS);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
  try {
    if (lock.takeover) log(lock.takeover);
    log(`crawling profile ${profile}${args.forSeconds ? ` for ${args.forSeconds} s` : ''}`);
    const summary = await crawl({ snapshotsDir, config, profile, forMs: args.forSeconds ? args.forSeconds * 1000 : null, untilCurrent: args.untilCurrent, signal: stop.signal, log });
    log(`read ${summary.details} details, ${summary.indexes} indexes, ${summary.reports} report pages in ${summary.requests} requests; ${crawlStatusLine(summary.status, new Date())}`);
  } catch (error) {
    console.error(`Crawl failed (profile ${profile}): ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await lock.release();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
