// Runs one measured job in its own process, so its peak memory is its own, and prints one JSON
// line: { elapsed_ms, max_rss_mb, ...details }.
//   pipeline <snapshotsDir> <sourceOrigin>   a full pipeline run with every source fetched over HTTP
//   crawl <snapshotsDir> <sourceOrigin> <seconds> <perHost>   the crawler on the state-scale snapshot
//                                            (0 seconds: until nothing is due)
//   baseline <snapshotsDir> <seedDir>        the floor any run pays: parse the roster CSV, insert it raw
import Database from 'better-sqlite3';
import { parse } from 'csv-parse';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import config from '../../pipeline.config.ts';
import { runPipeline } from '../../pipeline/run.ts';
import { selectProfile } from '../../pipeline/config.ts';
import { crawl } from '../../crawl/crawler.ts';

const [job, snapshotsDir, source, seconds, perHost] = process.argv.slice(2) as [string, string, string, string?, string?];
const started = performance.now();
let details: Record<string, unknown> = {};

/** The state-scale profile with every source and the per-facility record served from `origin`. */
function stateScaleOver(origin: string) {
  const base = selectProfile(config, 'state-scale');
  const sources = Object.fromEntries(
    Object.entries(base.sources).map(([name, location]) => [name, location && `${origin}/${path.basename(location)}`]),
  ) as unknown as typeof base.sources;
  const stateDocuments = Object.fromEntries(
    Object.entries(base.stateDocuments ?? {}).map(([name, location]) => [name, typeof location === 'string' ? location.replace(/^seeds\/state-scale/, origin) : location]),
  ) as unknown as typeof base.stateDocuments;
  return { ...base, sources, stateDocuments };
}

if (job === 'crawl') {
  const scale = stateScaleOver(source);
  // A crawler names who runs it; the benchmark's stand-in is on loopback.
  const crawlConfig = { ...scale, http: { ...scale.http, perHostConcurrency: Number(perHost ?? 2), minIntervalMs: 0, contact: 'mailto:bench@care.example' } };
  const summary = await crawl({ snapshotsDir, config: crawlConfig, profile: 'state-scale', untilCurrent: Number(seconds) === 0, forMs: Number(seconds) > 0 ? Number(seconds) * 1000 : null, idleMs: 0 });
  details = { requests: summary.requests, details: summary.details, indexes: summary.indexes, reports: summary.reports, timeline: summary.timeline, listed: summary.status.listed, not_listed: summary.status.not_listed };
} else if (job === 'pipeline') {
  const result = await runPipeline({ snapshotsDir, config: stateScaleOver(source) });
  details = {
    published: result.published,
    held_back: result.heldBack,
    requests_made: result.report.requests_made,
    licenses: result.report.licenses.total,
    not_modified: result.report.sources.filter((s) => s.fetch_status === 'not_modified').length,
    documents: result.report.documents,
    unchanged_since_previous: result.report.unchanged_since_previous,
  };
} else {
  const db = new Database(path.join(snapshotsDir, 'baseline.sqlite'));
  db.exec('DROP TABLE IF EXISTS roster; CREATE TABLE roster (line INTEGER, raw TEXT)');
  const insert = db.prepare('INSERT INTO roster VALUES (?, ?)');
  let rows = 0;
  db.exec('BEGIN');
  for await (const record of createReadStream(path.join(source, 'roster.csv')).pipe(parse({ relax_column_count: true }))) {
    insert.run(rows++, JSON.stringify(record));
  }
  db.exec('COMMIT');
  db.close();
  details = { rows };
}

const usage = process.resourceUsage();
// CPU time too: on a shared machine the wall time says as much about the neighbours as about the run.
console.log(JSON.stringify({ elapsed_ms: Math.round(performance.now() - started), cpu_ms: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000), max_rss_mb: Math.round(usage.maxRSS / 1024), ...details }));
