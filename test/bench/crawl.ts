// The crawler at state scale against a loopback stand-in that answers every per-facility request
// after a fixed latency, the state's 1 to 2 s scaled down (time scaled by 1.5 s / latency): two
// requests in flight, as against the state. Measured: requests a second against the ideal (two in
// flight over the latency), CPU per request, peak memory, how far each tier got, that no report
// page came before every listed home's detail and index, and when every listed home's live status
// was read (scaled; worked out from the measured rate when the crawl was cut before it); from
// these, the convergence of a first real run at 1.5 s an answer, by the frontier's own order.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CRAWLER_NODE_FLAGS } from '../../pipeline/schedule.ts';
import { childJob, printTable } from './measure.ts';
import { ensureStateScaleSeeds, STATE_SCALE_DIR } from './pipeline.ts';
import { startStaticServer } from './static-state-server.ts';

type Timeline = Partial<Record<string, { first_ms: number; last_ms: number; jobs: number }>>;
type CrawlFigures = { elapsed_ms: number; cpu_ms: number; max_rss_mb: number; requests: number; details: number; indexes: number; reports: number; timeline: Timeline; listed: { current: number; waiting: number; never_read: number }; not_listed: { current: number; waiting: number; never_read: number } };

const STATE_ANSWER_S = 1.5;
/** The tiers that read listed homes' details and indexes (no report page): on a first run, every listed home. */
const LIVE_STATUS_TIERS = ['new_visits', 'never_read', 'recheck'];
const PAGE_TIERS = ['recent_reports', 'older_reports', 'not_listed'];
const hours = (seconds: number) => `${(seconds / 3600).toFixed(1)} h`;

export async function benchCrawl(): Promise<CrawlFigures> {
  await ensureStateScaleSeeds();
  const latencyMs = Number(process.env.BENCH_CRAWL_LATENCY_MS ?? 15);
  // Long enough for every listed home's detail and index at the default latency (~17,000 requests).
  const seconds = Number(process.env.BENCH_CRAWL_SECONDS ?? 240);
  const scale = (STATE_ANSWER_S * 1000) / latencyMs;
  const snapshotsDir = await mkdtemp(path.join(os.tmpdir(), 'bench-crawl-'));
  const files = await startStaticServer(STATE_SCALE_DIR);
  const slow = await startStaticServer(STATE_SCALE_DIR, { delayMs: (url) => (url.startsWith('/documents/') ? latencyMs : 0) });
  try {
    // The snapshot the crawler plans from, as the daily run publishes it (no document read by the run).
    const run = await childJob<{ published: boolean; licenses: number }>('test/bench/pipeline-child.ts', ['pipeline', snapshotsDir, files.origin]);
    if (!run.published) throw new Error('the state-scale run was not published');
    const crawl = await childJob<CrawlFigures>('test/bench/pipeline-child.ts', ['crawl', snapshotsDir, slow.origin, String(seconds), '2'], CRAWLER_NODE_FLAGS);
    const rate = crawl.requests / (crawl.elapsed_ms / 1000);
    const ideal = 2 / (latencyMs / 1000);
    const efficiency = rate / ideal;
    printTable(`Crawler at state scale, ${latencyMs} ms an answer, two in flight, ${seconds} s (time scaled x${scale.toFixed(0)} to the state's ${STATE_ANSWER_S} s)`, [
      {
        requests: crawl.requests,
        'req/s': rate.toFixed(1),
        'ideal req/s': ideal.toFixed(1),
        'of ideal': `${(efficiency * 100).toFixed(0)}%`,
        'cpu µs/req': Math.round((crawl.cpu_ms * 1000) / Math.max(1, crawl.requests)),
        peak_rss_mb: crawl.max_rss_mb,
        details: crawl.details,
        indexes: crawl.indexes,
        reports: crawl.reports,
      },
    ]);
    printTable('Tiers reached (scaled to the state)', Object.entries(crawl.timeline).map(([tier, span]) => ({ tier, jobs: span!.jobs, started: hours((span!.first_ms / 1000) * scale), last_done: hours((span!.last_ms / 1000) * scale) })));
    // The order: no report page before every listed home's detail and index.
    const spans = (tiers: string[]) => tiers.flatMap((tier) => (crawl.timeline[tier] ? [crawl.timeline[tier]!] : []));
    const liveStatusDoneMs = Math.max(0, ...spans(LIVE_STATUS_TIERS).map((span) => span.last_ms));
    const firstPageMs = Math.min(Infinity, ...spans(PAGE_TIERS).map((span) => span.first_ms));
    const reached = Number.isFinite(firstPageMs);
    if (reached && firstPageMs < liveStatusDoneMs) throw new Error(`a report page was read at ${firstPageMs} ms, before every listed home's live status (${liveStatusDoneMs} ms)`);
    // A first real run by the frontier's order, at the measured share of the ideal rate.
    const listed = crawl.listed.current + crawl.listed.waiting + crawl.listed.never_read;
    const notListed = crawl.not_listed.current + crawl.not_listed.waiting + crawl.not_listed.never_read;
    const stateRate = (2 / STATE_ANSWER_S) * efficiency;
    const byArithmetic = (listed * 2) / stateRate;
    const measured = reached ? (liveStatusDoneMs / 1000) * scale : null;
    const liveStatus = measured ?? byArithmetic;
    console.log(
      `Every listed home's live status (${listed} homes, a detail and an index each, before any report page): ` +
        (measured !== null ? `read at ${hours(measured)} measured (scaled)` : `not reached in ${seconds} s; ${hours(byArithmetic)} at the measured rate`) +
        ` at ${STATE_ANSWER_S} s an answer and two in flight: ${liveStatus <= 24 * 3600 ? 'within' : 'NOT within'} the 24 h target.`,
    );
    console.log(
      `Arithmetic at ${STATE_ANSWER_S} s an answer, ${(efficiency * 100).toFixed(0)}% of two in flight (${stateRate.toFixed(2)} req/s, ${Math.round(stateRate * 86_400)} a day): ` +
        `${listed} listed homes' details and indexes in ${hours(byArithmetic)} (target 24 h); ` +
        `then each 10,000 report pages ${hours(10_000 / stateRate)} (the state's ~80,000: ${hours(80_000 / stateRate)}, target 72 h from the first run); ` +
        `${notListed} homes not listed last, a detail and an index each, ${hours((notListed * 2) / stateRate)} more; ` +
        `every home's detail and index (${listed + notListed}) in ${hours(((listed + notListed) * 2) / stateRate)} of requests.`,
    );
    console.log(`Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}.`);
    return crawl;
  } finally {
    await files.close();
    await slow.close();
    await rm(snapshotsDir, { recursive: true, force: true });
  }
}
