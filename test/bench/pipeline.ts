// Pipeline at state scale: a full first run and a no-change re-run, every source fetched over HTTP
// from a loopback stand-in of the state's servers; against the floor of parsing and inserting the
// raw roster in the same run.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CRAWLER_NODE_FLAGS } from '../../pipeline/schedule.ts';
import { childJob, printTable, REPO_ROOT } from './measure.ts';
import { startStaticServer } from './static-state-server.ts';

export const STATE_SCALE_DIR = path.join(REPO_ROOT, 'seeds/state-scale');

export async function ensureStateScaleSeeds(): Promise<void> {
  const exists = await stat(path.join(STATE_SCALE_DIR, 'roster.csv')).then(() => true, () => false);
  if (exists) return;
  console.log('Generating state-scale data (seeds/state-scale, not committed)...');
  const { execFileSync } = await import('node:child_process');
  execFileSync(process.execPath, ['--import=tsx', path.join(REPO_ROOT, 'seeds/generate-state-scale.ts'), '--out', STATE_SCALE_DIR], { stdio: 'inherit', cwd: REPO_ROOT });
}

export interface PipelineFigures {
  full: { elapsed_ms: number; cpu_ms: number; max_rss_mb: number; requests_made: number; licenses: number };
  crawl: { elapsed_ms: number; cpu_ms: number; max_rss_mb: number; requests: number; reports: number };
  publish: { elapsed_ms: number; cpu_ms: number; max_rss_mb: number; requests_made: number };
  rerun: { elapsed_ms: number; cpu_ms: number; max_rss_mb: number; requests_made: number; not_modified: number };
  baseline: { elapsed_ms: number; cpu_ms: number; max_rss_mb: number };
}

export async function benchPipeline(): Promise<PipelineFigures> {
  await ensureStateScaleSeeds();
  const snapshotsDir = await mkdtemp(path.join(os.tmpdir(), 'bench-pipeline-'));
  const server = await startStaticServer(STATE_SCALE_DIR);
  try {
    const baseline = await childJob<{ cpu_ms: number }>('test/bench/pipeline-child.ts', ['baseline', snapshotsDir, STATE_SCALE_DIR]);
    const full = await childJob<{ cpu_ms: number; requests_made: number; licenses: number; published: boolean }>('test/bench/pipeline-child.ts', ['pipeline', snapshotsDir, server.origin]);
    // The crawler reads every home's documents (no latency, 16 at once: its own cost, not the state's pace)...
    const crawl = await childJob<{ cpu_ms: number; requests: number; reports: number }>('test/bench/pipeline-child.ts', ['crawl', snapshotsDir, server.origin, '0', '16'], CRAWLER_NODE_FLAGS);
    // ...and the next run publishes all of them from the store.
    const publish = await childJob<{ cpu_ms: number; requests_made: number; published: boolean }>('test/bench/pipeline-child.ts', ['pipeline', snapshotsDir, server.origin]);
    const rerun = await childJob<{ cpu_ms: number; requests_made: number; not_modified: number; unchanged_since_previous: boolean }>('test/bench/pipeline-child.ts', ['pipeline', snapshotsDir, server.origin]);
    if (!full.published) throw new Error(`the state-scale run was not published: ${JSON.stringify(full)}`);
    printTable('Pipeline at state scale (2 cores; each job in its own process)', [
      { job: 'baseline: parse roster CSV + insert raw rows', wall_s: (baseline.elapsed_ms / 1000).toFixed(2), cpu_s: (baseline.cpu_ms / 1000).toFixed(2), peak_rss_mb: baseline.max_rss_mb, requests: 0, note: '' },
      { job: 'full run (first, all sources over HTTP)', wall_s: (full.elapsed_ms / 1000).toFixed(2), cpu_s: (full.cpu_ms / 1000).toFixed(2), peak_rss_mb: full.max_rss_mb, requests: full.requests_made, note: `${full.licenses} licenses; ${(full.elapsed_ms / baseline.elapsed_ms).toFixed(1)}x baseline time` },
      { job: 'crawl, every document (16 at once, no latency)', wall_s: (crawl.elapsed_ms / 1000).toFixed(2), cpu_s: (crawl.cpu_ms / 1000).toFixed(2), peak_rss_mb: crawl.max_rss_mb, requests: crawl.requests, note: `${crawl.reports} report pages; ${Math.round((crawl.cpu_ms * 1000) / Math.max(1, crawl.requests))} µs CPU a request` },
      { job: 'run publishing the whole store', wall_s: (publish.elapsed_ms / 1000).toFixed(2), cpu_s: (publish.cpu_ms / 1000).toFixed(2), peak_rss_mb: publish.max_rss_mb, requests: publish.requests_made, note: `published: ${publish.published}` },
      { job: 'no-change re-run (conditional GETs)', wall_s: (rerun.elapsed_ms / 1000).toFixed(2), cpu_s: (rerun.cpu_ms / 1000).toFixed(2), peak_rss_mb: rerun.max_rss_mb, requests: rerun.requests_made, note: `${rerun.not_modified} sources answered 304; data identical: ${rerun.unchanged_since_previous}` },
    ]);
    console.log(`Targets: full run < 45 s and < 400 MB peak (the run publishing the whole store too, and the crawl); no-change re-run < 10 s. Load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}.`);
    return { full, crawl, publish, rerun, baseline } as PipelineFigures;
  } finally {
    await server.close();
    await rm(snapshotsDir, { recursive: true, force: true });
  }
}
