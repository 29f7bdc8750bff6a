// The crawler's status: a small JSON file beside the snapshots, rewritten whole (temporary file,
// then rename) as the crawler works. The crawler writes it; a run's report and the server's
// /healthz read it, so an operator sees from either whether the state's site is being read.

import { readFileSync } from 'node:fs';
import path from 'node:path';

export const CRAWL_STATUS_FILE = 'crawl-status.json';

/** A status not rewritten for this long is from a crawler that is no longer running. */
export const CRAWL_STATUS_STALE_MS = 10 * 60_000;

export interface CrawlCoverage {
  /** Homes whose documents are as fresh as the crawler's rules ask. */
  current: number;
  /** Homes read before that have something due (a new visit, a re-check, report pages). */
  waiting: number;
  never_read: number;
}

export interface CrawlStatus {
  state: 'running' | 'paused' | 'stopped';
  profile: string;
  pid: number;
  started_at: string;
  updated_at: string;
  /** The snapshot whose homes the crawler reads (file name). */
  snapshot: string | null;
  /** Since when the state's site has not answered (null while it answers). */
  unreachable_since: string | null;
  /** The last failure that counted against the site, verbatim. */
  last_failure: string | null;
  /** When the paused crawler next tries one request. */
  next_try_at: string | null;
  /** Listed homes and the rest (closed, pending), each counted by what they need. */
  listed: CrawlCoverage;
  not_listed: CrawlCoverage;
  /** When the crawler last stored each kind of document. */
  last_read: { detail: string | null; index: string | null; report: string | null };
  /** Requests this crawler process made, and how many answered. */
  requests: number;
  answered: number;
}

/** The status as it stands: a crawler that stopped writing it is "not running", whatever it last said. */
export function crawlState(status: CrawlStatus, now: Date): CrawlStatus['state'] | 'not_running' {
  if (status.state === 'stopped') return 'stopped';
  return now.getTime() - Date.parse(status.updated_at) > CRAWL_STATUS_STALE_MS ? 'not_running' : status.state;
}

/** One line an operator reads: what the crawler is doing, and since when the site is down if it is. */
export function crawlStatusLine(status: CrawlStatus, now: Date): string {
  const state = crawlState(status, now);
  const homes = `listed homes: ${status.listed.current} current, ${status.listed.waiting} waiting, ${status.listed.never_read} never read`;
  if (state === 'paused') return `crawler paused: state site unreachable since ${status.unreachable_since}${status.next_try_at ? `, next try ${status.next_try_at}` : ''} (${status.last_failure ?? 'no answer'}); ${homes}`;
  if (state === 'not_running') return `crawler not running (last status ${status.updated_at}); ${homes}`;
  if (state === 'stopped') return `crawler stopped at ${status.updated_at}; ${homes}`;
  return `crawler running; ${homes}`;
}

/** The status file in `snapshotsDir`, or null when no crawler ever wrote one (or it cannot be read). */
export function readCrawlStatus(snapshotsDir: string): CrawlStatus | null {
  try {
    const status = JSON.parse(readFileSync(path.join(snapshotsDir, CRAWL_STATUS_FILE), 'utf8')) as CrawlStatus;
    return typeof status?.updated_at === 'string' && status.listed ? status : null;
  } catch {
    return null;
  }
}
