// One pipeline run, stage by stage: retrieve -> parse and validate -> normalize -> diff -> guard
// -> write the snapshot. Also the command behind `npm run pipeline` (and `-- --schedule`).
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { META, SCHEMA_VERSION } from '../contract/snapshot-schema.ts';
import pipelineConfig from '../pipeline.config.ts';
import { selectProfile, type PipelineConfig } from './config.ts';
import { createHttpClient } from './http.ts';
import { retrieveSource, type RetrievedSource } from './sources/retrieve.ts';
import type { Rejection } from './sources/csv.ts';
import { readRoster } from './sources/roster.ts';
import { readApprovals } from './sources/approvals.ts';
import { readWaiverList } from './sources/waiver.ts';
import { geocodeKey, readGeocodes, readZipCentroids } from './sources/geocodes.ts';
import { goesByNames } from './normalize/names.ts';
import { createWaiverMatcher } from './normalize/waiver-match.ts';
import { buildFacility, type FacilityRow } from './normalize/facility.ts';
import { diffSnapshots } from './diff.ts';
import { guardProblems } from './snapshot/guards.ts';
import { nextSnapshotPath, pruneSnapshots, removeStaleTemporaries } from './snapshot/folder.ts';
import { readPreviousSnapshot } from './snapshot/previous.ts';
import { writeSnapshot, type SourceRecord, type WriteOptions } from './snapshot/write.ts';
import { buildReport, formatReport, type RunReport } from './report.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunOptions extends WriteOptions {
  snapshotsDir: string;
  /** A profile of pipeline.config.ts (default: its `default`, the seeds). */
  profile?: string;
  /** A whole configuration instead of a profile (tests point sources at nock here). */
  config?: PipelineConfig;
  /** Publish even when a guard would hold the run back (an operator's decision). */
  force?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export interface RunResult {
  published: boolean;
  snapshotPath: string | null;
  /** Why the run was held back; empty when it published. */
  heldBack: string[];
  report: RunReport;
}

/** A run that could not finish: nothing was published and the previous snapshot is untouched. */
export class RunFailed extends Error {
  override name = 'RunFailed';
}

function dateIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function codeVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** Equal hashes mean equal served data, whatever the run id or the day. */
function dataHash(facilities: readonly FacilityRow[]): string {
  const hash = createHash('sha256');
  for (const row of facilities) hash.update(row.record_json).update(row.state_documents_json).update(row.home_json);
  return hash.digest('hex');
}

function httpDate(header: string | null): string | null {
  const time = header ? Date.parse(header) : NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

export async function runPipeline(options: RunOptions): Promise<RunResult> {
  const startedAt = options.now ?? new Date();
  const started = performance.now();
  const config = options.config ?? selectProfile(pipelineConfig, options.profile);
  const profile = options.config ? 'custom' : (options.profile ?? pipelineConfig.default);
  const log = options.log ?? (() => {});
  const runId = randomUUID();
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);

  await mkdir(options.snapshotsDir, { recursive: true });
  const stale = await removeStaleTemporaries(options.snapshotsDir);
  if (stale.length) warn(`removed ${stale.length} temporary file(s) left by an interrupted run: ${stale.join(', ')}`);

  // 1. Retrieve every source; one that stays down fails the run before anything is written.
  const http = createHttpClient(config.http);
  const retrieveOptions = { http, cacheDir: path.join(options.snapshotsDir, '.source-cache'), rootDir: REPO_ROOT, now: startedAt };
  let retrieved: Record<keyof PipelineConfig['sources'], RetrievedSource>;
  try {
    const names = Object.keys(config.sources) as Array<keyof PipelineConfig['sources']>;
    const results = await Promise.all(names.map((name) => retrieveSource(name, config.sources[name], retrieveOptions)));
    retrieved = Object.fromEntries(names.map((name, index) => [name, results[index]!])) as typeof retrieved;
  } catch (error) {
    throw new RunFailed(`${(error as Error).message}. Nothing was published; the previous snapshot keeps serving.`);
  } finally {
    await http.close();
  }
  log(`retrieved ${Object.values(retrieved).map((s) => `${s.name} (${s.fetchStatus})`).join(', ')}`);

  // 2. Parse and validate; bad rows are kept out with their reason.
  const rejections: Rejection[] = [];
  const reject = (rejection: Rejection) => rejections.push(rejection);
  const rejectedBy = (source: string) => rejections.filter((r) => r.source === source).length;
  const roster = await readRoster(retrieved.roster.file, reject);
  const approvals = await readApprovals(retrieved.approvals.file, reject);
  const waiver = await readWaiverList(retrieved.waiver.file, reject);
  const geocodes = await readGeocodes(retrieved.geocodes.file, reject);
  const centroids = await readZipCentroids(retrieved.zipCentroids.file, reject);
  if (roster.capacityNotNumeric) warn(`${roster.capacityNotNumeric} roster row(s) have a capacity that is not a whole number; their capacity is not on file`);

  const rosterFileDate = roster.rows.reduce<string | null>((latest, row) => (row.file_date && (!latest || row.file_date > latest) ? row.file_date : latest), null);
  const dates = {
    roster: rosterFileDate ?? httpDate(retrieved.roster.lastModified) ?? dateIn(config.timeZone, startedAt),
    approvals: approvals.asOf ?? httpDate(retrieved.approvals.lastModified),
    alwList: waiver.listDate ?? httpDate(retrieved.waiver.lastModified),
  };

  // 3. Normalize: goes-by names, waiver matches, coordinates, then one record per license.
  const names = goesByNames(roster.rows.map((row) => ({ license_number: row.license_number, licensed_name: row.facility_name, city: row.city })));
  const matchWaiver = createWaiverMatcher(roster.rows.map((row) => ({ ...row, licensed_name: row.facility_name })));
  const waiverMatches = waiver.rows.map((row) => ({ row, match: matchWaiver(row) }));
  const onWaiverList = new Set(waiverMatches.flatMap(({ match }) => (match.license_number ? [match.license_number] : [])));

  const facilities = roster.rows
    .map((row) => {
      const inputAddress = [row.street, row.city, 'CA', row.zip].filter(Boolean).join(', ');
      const geocoded = geocodes.byKey.get(geocodeKey(row.license_number, inputAddress));
      const centroid = row.zip ? centroids.byZip.get(row.zip.slice(0, 5)) : undefined;
      return buildFacility({
        roster: row,
        goesByName: names.byLicense.get(row.license_number)!,
        approvals: approvals.byLicense.get(row.license_number),
        alwListed: onWaiverList.has(row.license_number),
        location: geocoded ? { point: geocoded, method: 'address' } : centroid ? { point: centroid, method: 'zip_centroid' } : null,
        dates,
      });
    })
    .sort((a, b) => a.license_number.localeCompare(b.license_number));

  // 4. Diff against the newest published snapshot.
  const previous = await readPreviousSnapshot(options.snapshotsDir, config.snapshotName, warn);
  const diff = diffSnapshots(previous?.facilities ?? [], facilities);

  // 5. Guards.
  const rosterRejected = rejectedBy('roster');
  const problems = guardProblems(config.guards, {
    licenses: facilities.length,
    rosterRowsRead: roster.rowsRead,
    rosterRowsRejected: rosterRejected,
    diff,
  });
  const heldBack = problems.length && !options.force ? problems : [];
  if (problems.length && options.force) warn(`guards overridden with --force: ${problems.join('; ')}`);

  const sources: SourceRecord[] = [
    { ...retrieved.roster, sourceDate: dates.roster, rowsRead: roster.rowsRead, rowsValid: roster.rows.length, rowsRejected: rosterRejected },
    { ...retrieved.approvals, sourceDate: dates.approvals, rowsRead: approvals.rowsRead, rowsValid: approvals.byLicense.size, rowsRejected: rejectedBy('approvals') },
    { ...retrieved.waiver, sourceDate: dates.alwList, rowsRead: waiver.rowsRead, rowsValid: waiver.rows.length, rowsRejected: rejectedBy('waiver') },
    { ...retrieved.geocodes, sourceDate: null, rowsRead: geocodes.rowsRead, rowsValid: geocodes.byKey.size, rowsRejected: rejectedBy('geocodes') },
    { ...retrieved.zipCentroids, sourceDate: null, rowsRead: centroids.rowsRead, rowsValid: centroids.byZip.size, rowsRejected: rejectedBy('zip_centroids') },
  ];
  const snapshotDate = dateIn(config.timeZone, startedAt);
  const hash = dataHash(facilities);
  const report = buildReport({
    runId,
    profile,
    startedAt,
    sources,
    rejections,
    facilities,
    duplicatesMerged: roster.duplicatesMerged,
    waiverMatches,
    goesByExceptions: names.exceptions.length,
    diff,
    previousSnapshot: previous ? path.basename(previous.file) : null,
    dataHash: hash,
    unchangedSincePrevious: previous?.dataHash === hash,
    heldBack,
    warnings,
    requestsMade: http.requestsMade,
  });

  if (heldBack.length) {
    report.elapsed_ms = Math.round(performance.now() - started);
    log(formatReport(report));
    return { published: false, snapshotPath: null, heldBack, report };
  }

  // 6. Write to a temporary file, check it, rename it into place.
  const snapshotPath = await nextSnapshotPath(options.snapshotsDir, config.snapshotName, snapshotDate);
  report.published = path.basename(snapshotPath);
  report.elapsed_ms = Math.round(performance.now() - started);
  const statusCounts = report.licenses;
  const metadata: Record<string, string> = {
    [META.runId]: runId,
    [META.snapshotDate]: snapshotDate,
    [META.createdAt]: new Date().toISOString(),
    [META.schemaVersion]: String(SCHEMA_VERSION),
    [META.codeVersion]: codeVersion(),
    [META.rosterAsOf]: dates.roster,
    [META.approvalsAsOf]: dates.approvals ?? '',
    [META.alwListAsOf]: dates.alwList ?? '',
    [META.dataHash]: hash,
    [META.counts]: JSON.stringify(statusCounts),
    [META.runReport]: JSON.stringify(report),
    profile,
    guards: JSON.stringify(config.guards),
  };
  try {
    await writeSnapshot(
      snapshotPath,
      { metadata, sources, facilities, goesByExceptions: names.exceptions, waiver: waiverMatches, rejections, diff },
      options,
    );
  } catch (error) {
    throw new RunFailed(`Writing ${path.basename(snapshotPath)} failed (${(error as Error).message}). Nothing was published; the previous snapshot keeps serving.`);
  }
  const pruned = await pruneSnapshots(options.snapshotsDir, config.snapshotName, config.keepSnapshots);
  if (pruned.length) log(`pruned ${pruned.length} old snapshot(s): ${pruned.map((file) => path.basename(file)).join(', ')}`);
  log(formatReport(report));
  return { published: true, snapshotPath, heldBack: [], report };
}


async function main(argv: string[]): Promise<void> {
  const flag = (name: string) => argv.includes(`--${name}`);
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const snapshotsDir = path.resolve(process.env.SNAPSHOTS_DIR ?? path.join(REPO_ROOT, 'snapshots'));
  const profile = value('profile') ?? process.env.PIPELINE_PROFILE;
  const runOnce = () => runPipeline({ snapshotsDir, profile, force: flag('force'), log: (line) => console.log(line) });

  if (flag('schedule')) {
    const { startSchedule } = await import('./schedule.ts');
    startSchedule(selectProfile(pipelineConfig, profile), runOnce);
    return;
  }
  try {
    const result = await runOnce();
    if (!result.published) {
      console.error(`Held back, not published: ${result.heldBack.join('; ')}. The previous snapshot keeps serving. Re-run with --force to publish anyway.`);
      process.exitCode = 2;
    }
  } catch (error) {
    console.error(error instanceof RunFailed ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
