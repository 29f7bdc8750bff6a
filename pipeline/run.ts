// One pipeline run, stage by stage: retrieve -> parse and validate -> state documents ->
// normalize -> diff -> guard -> write the snapshot. Also the command behind `npm run pipeline`
// (and `-- --schedule`).
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { META, SCHEMA_VERSION } from '../contract/snapshot-schema.ts';
import { documentTextsFileOf } from '../contract/document-store.ts';
import pipelineConfig from '../pipeline.config.ts';
import { applyEnvironment, selectProfile, type PipelineConfig } from './config.ts';
import { applySourceSettings, sourceArguments, splitSourceList } from './source-settings.ts';
import { createHttpClient, type HttpClient } from './http.ts';
import { isRemote, readLocation, retrieveSource, SourceAbsent, type RetrievedSource } from './sources/retrieve.ts';
import { readAllSources, type RetrievedSources, type SourceName } from './sources/read-all.ts';
import { geocodeAddresses, geocoderAddress } from './sources/census-geocoder.ts';
import { crawlsRemote } from './schedule.ts';
import { collectStateDocuments, emptyStats, storedDocuments, type CollectStats, type FacilityDocuments, type FetchProblem } from './documents/collect.ts';
import { DocumentStore } from './documents/store.ts';
import { normalizeFacilities } from './normalize/facilities.ts';
import type { FacilityRow } from './normalize/facility.ts';
import { diffSnapshots } from './diff.ts';
import { guardProblems } from './snapshot/guards.ts';
import { nextSnapshotPath, pruneSnapshots, removeStaleTemporaries, servedStatus } from './snapshot/folder.ts';
import { openPreviousSnapshot, recentSnapshots, type PreviousSnapshot } from './snapshot/previous.ts';
import { rosterReadings } from './sources/roster-readings.ts';
import { acquireRunLock, LockHeld, type RunLock } from './snapshot/lock.ts';
import { openSnapshotWriter, type WriteOptions } from './snapshot/write.ts';
import { writeDocumentTexts, type WrittenTexts } from './snapshot/texts.ts';
import { destinationProblem, shipSnapshots, type ShipOutcome } from './snapshot/ship.ts';
import { carryForward, type SourceFailure } from './carry-forward.ts';
import { staleSources } from './source-age.ts';
import { readCrawlStatus } from '../contract/crawl-status.ts';
import { SOURCE_HEALTH_KEY, type SourceHealth } from '../contract/source-health.ts';
import { EXIT_CODES, helpText, refuseDemoMix, wantsHelp } from './command-line.ts';
import { unforeseenFailure } from './failure.ts';
import { buildReport, fieldProblemWarnings, formatReport, joinWarnings, type RunReport } from './report.ts';

/** Downloaded sources and the geocoder's answers, kept between runs beside the snapshots (never served). */
const sourceCacheDir = (snapshotsDir: string) => path.join(snapshotsDir, '.source-cache');

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunOptions extends WriteOptions {
  snapshotsDir: string;
  /** A profile of pipeline.config.ts (default: its `default`, the seeds). */
  profile?: string;
  /** A whole configuration instead of a profile (tests point sources at a loopback stand-in here). */
  config?: PipelineConfig;
  /** Publish even when a guard would hold the run back (an operator's decision). */
  force?: boolean;
  now?: Date;
  log?: (line: string) => void;
  /** An rclone destination (a path, or remote:bucket/path) each published snapshot is shipped to, with manifest.json last. */
  publishTo?: string;
}

export interface RunResult {
  published: boolean;
  snapshotPath: string | null;
  /** How shipping to `publishTo` went; null when none was asked or nothing was published. */
  shipped: ShipOutcome | null;
  /** Why the run was held back; empty when it published. */
  heldBack: string[];
  report: RunReport;
}

/** A run that could not finish: nothing was published and the previous snapshot is untouched. */
export class RunFailed extends Error {
  override name = 'RunFailed';
  constructor(
    message: string,
    /** What the run got as far as, one line per source, printed under the reason. */
    readonly report: string[] = [],
  ) {
    super(message);
  }
}

/** One report line per whole-file source: how it was retrieved, or why not. */
function retrievalLines(outcomes: ReadonlyArray<[name: string, outcome: PromiseSettledResult<RetrievedSource>]>): string[] {
  return outcomes.map(([name, outcome]) => {
    if (outcome.status === 'fulfilled') {
      const { fetchStatus, bytes, catalog, location } = outcome.value;
      return `  ${name.padEnd(13)} ${fetchStatus} (${bytes} bytes)${catalog ? ` from ${location}, as the catalog says` : ''}`;
    }
    if (outcome.reason instanceof SourceAbsent) return `  ${name.padEnd(13)} ABSENT: ${outcome.reason.reason}`;
    return `  ${name.padEnd(13)} FAILED: ${(outcome.reason as Error)?.message ?? String(outcome.reason)}`;
  });
}

/** A message as a sentence: ended by its own punctuation, or by a full stop. */
const asSentence = (message: string) => (/[.?!]$/.test(message) ? message : `${message}.`);

function dateIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function codeVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * The data hash, one facility at a time in license order. Equal hashes mean no served value
 * changed, whatever the run id or the day. Confirmation dates are left out: a re-check of an
 * unchanged value moves its `confirmed_on`, not the value.
 */
function hashFacility(hash: Hash, row: FacilityRow): void {
  const withoutCheckDates = (json: string) => json.replace(/"(confirmed_on|status_as_of)":(null|"[^"]*")/g, '');
  hash
    .update(withoutCheckDates(row.record_json))
    .update(withoutCheckDates(row.state_documents_json))
    .update(withoutCheckDates(row.state_visits_json))
    .update(withoutCheckDates(row.home_json));
}


export async function runPipeline(options: RunOptions): Promise<RunResult> {
  const config = options.config ?? applyEnvironment(selectProfile(pipelineConfig, options.profile), process.env);
  const profile = config.profile ?? (options.config ? 'custom' : (options.profile ?? pipelineConfig.default));
  if (!config.demoData) refuseInventedSources(config, profile);
  await mkdir(options.snapshotsDir, { recursive: true });
  let lock: RunLock;
  try {
    lock = await acquireRunLock(options.snapshotsDir);
  } catch (error) {
    throw error instanceof LockHeld ? new RunFailed(error.message) : error;
  }
  try {
    return await runLocked(options, config, profile, lock.takeover);
  } finally {
    await lock.release();
  }
}

/** One run, once it holds the snapshots folder's lock. */
async function runLocked(options: RunOptions, config: PipelineConfig, profile: string, lockTakeover: string | null): Promise<RunResult> {
  const startedAt = options.now ?? new Date();
  const started = performance.now();
  const demoData = config.demoData === true;
  const log = options.log ?? (() => {});
  const runId = randomUUID();
  const runDate = dateIn(config.timeZone, startedAt);
  const warnings: string[] = [];
  const warn = (message: string) => warnings.push(message);
  const switchedOff = sourcesNotRead(config);

  if (!demoData && !config.http.contact) warn('the User-Agent names no contact: set http.contact in pipeline.config.ts so the state can reach whoever runs this');
  if (lockTakeover !== null) warn(lockTakeover);
  const stale = await removeStaleTemporaries(options.snapshotsDir);
  if (stale.length) warn(`removed ${stale.length} temporary file(s) left by an interrupted run: ${stale.join(', ')}`);

  // The run's deadline ends every request in flight; the stages check it between them.
  const runDeadline = new AbortController();
  const runTimer = setTimeout(() => runDeadline.abort(new Error(`the run passed its deadline of ${config.deadlines.runMs / 1000} s`)), config.deadlines.runMs);
  const checkRunDeadline = () => {
    if (runDeadline.signal.aborted) throw new RunFailed(`${(runDeadline.signal.reason as Error).message}. Nothing was published.`);
  };
  const http = createHttpClient(config.http, runDeadline.signal);
  try {
    // 1. Retrieve every source; a roster that stays down fails the run before anything is written.
    //    Another source that fails or is absent is carried forward from the last snapshot.
    const { retrieved, lines: retrievalReport, failed } = await retrieveAll(config, options.snapshotsDir, http, startedAt).catch((error: unknown) => {
      checkRunDeadline();
      throw error;
    });
    log(`retrieved ${Object.values(retrieved).map((s) => `${s.name} (${s.fetchStatus})`).join(', ')}`);
    for (const source of Object.values(retrieved)) {
      const numeric = source.catalog?.datastore?.numericColumns ?? [];
      if (numeric.length) warn(`${source.name}: the datastore types ${numeric.join(', ')} as numbers, so a leading zero the file has is not in them (an MMDDYYYY date, a ZIP code)`);
    }

    // 2. Parse and validate; bad rows are kept out with their reason.
    // 3. State documents, live status and tallies, incrementally, through the document store:
    //    started as soon as the roster is read, while the other sources are parsed.
    const { parsed, documents } = await parseAndCollect(config, retrieved, runDate, options.snapshotsDir, http).catch((error: unknown) => {
      throw error instanceof RunFailed ? new RunFailed(error.message, retrievalReport) : error;
    });
    // An optional source not read keeps its last values, or is not on file.
    const failures = [...failed, ...parsed.unreadable];
    const notRead = [...switchedOff, ...failures.map((source) => ({ name: source.source, reason: source.reason }))];
    const carry = await carryForward(parsed, failures, { snapshotsDir: options.snapshotsDir, snapshotName: config.snapshotName, profile });
    // Coordinates: addresses the geocoder cache cannot answer are asked; a geocoder that fails
    // leaves those homes unplaced (or on a ZIP centroid) with a warning, never fails the run.
    const geocoded = config.geocoder
      ? await geocodeAddresses({
          // A license the state's locations file places is not asked about.
          addresses: parsed.roster.rows.flatMap((row) => (parsed.locations.byLicense.has(row.license_number) ? [] : (geocoderAddress(row) ?? []))),
          config: config.geocoder,
          http,
          cacheDir: sourceCacheDir(options.snapshotsDir),
          now: startedAt,
          deadlineMs: config.deadlines.sourceMs,
          reject: (rejection) => parsed.rejections.push(rejection),
        })
      : null;
    for (const message of geocoded?.warnings ?? []) warn(message);
    // Past the deadline, documents fetches failed for that reason alone: the run ends here.
    checkRunDeadline();
    if (switchedOff.length) warn(`not read (switched off): ${switchedOff.map((s) => s.name).join(', ')}; their facts are null or not on file`);
    for (const message of carry.warnings) warn(message);
    const stale = staleSources(parsed.sources, runDate, config.maxSourceAgeDays);
    for (const s of stale) warn(`${s.source}: its own date ${s.source_date} is ${s.age_days} days before this run, past the ${s.max_age_days} days expected: is the source still refreshed?`);
    const locationColumns = parsed.locations.columns;
    if (locationColumns) warn(`locations: facility numbers read from column ${locationColumns.license}, latitude from ${locationColumns.latitude}, longitude from ${locationColumns.longitude}`);
    for (const message of fieldProblemWarnings(parsed.fieldProblems)) warn(message);
    const documentProblemLicenses = new Set(documents.problems.map((p) => p.license_number)).size;
    if (documentProblemLicenses) warn(`${documentProblemLicenses} license(s) kept their last good state documents because an endpoint failed (table document_fetch_problems)`);

    // 4. Normalize into one record per license. Each record is written to the new snapshot's
    //    temporary file (and hashed) as it is built, so the run never holds them all at once;
    //    the file is published only if the guards let the run through.
    const snapshotPath = await nextSnapshotPath(options.snapshotsDir, config.snapshotName, runDate);
    const writeFailed = (error: unknown) =>
      new RunFailed(`Writing ${path.basename(snapshotPath)} failed (${(error as Error).message}). Nothing was published.`);
    const writer = await openSnapshotWriter(snapshotPath).catch((error: unknown) => {
      throw writeFailed(error);
    });
    let published = false;
    let previous: PreviousSnapshot | null = null;
    try {
      // The newest snapshot of the profile: each home's export row is compared with the one it
      // held (which status is fresher is decided per home), then the diff and the guards.
      previous = await openPreviousSnapshot(options.snapshotsDir, config.snapshotName, profile, warn);
      const readings = parsed.roster.shape === 'export' ? rosterReadings(parsed.roster.rows, parsed.dates.rosterRetrievedAt ?? null, previous?.rosterReadings() ?? null) : null;
      const normalized = normalizeFacilities(parsed, documents.byLicense, runDate, geocoded?.byAddress, readings);
      for (const message of joinWarnings(normalized.joins, config.guards.minJoinedShare)) warn(message);
      const hash = createHash('sha256');
      const facilities: Array<Pick<FacilityRow, 'license_number' | 'license_status' | 'location_method' | 'price_kind' | 'listed' | 'closed'>> = [];
      for (const { facility: row, reading } of normalized.facilities) {
        try {
          writer.addFacility(row, reading);
        } catch (error) {
          throw writeFailed(error);
        }
        hashFacility(hash, row);
        facilities.push({ license_number: row.license_number, license_status: row.license_status, location_method: row.location_method, price_kind: row.price_kind, listed: row.listed, closed: row.closed });
      }
      const dataHash = hash.digest('hex');
      if (normalized.unshapedStatuses.size) {
        const licenses = [...normalized.unshapedStatuses];
        warn(`${licenses.length} stored live status(es) are in none of the state's status shapes and are not served (those homes read as never checked live): ${licenses.slice(0, 10).join(', ')}${licenses.length > 10 ? ' ...' : ''}`);
      }

      // 5. Diff against the newest published snapshot, then the guards.
      const diff = diffSnapshots(previous?.facilities() ?? [], { licenses: facilities.map((row) => row.license_number), recordOf: writer.recordOf });
      // The lists' losses are counted against the previous snapshot and the last week's.
      const weekAgo = dateIn(config.timeZone, new Date(startedAt.getTime() - 7 * 86_400_000));
      const earlier = previous ? [{ file: path.basename(previous.file), listed: previous.listedLicenses() }] : [];
      for (const recent of await recentSnapshots(options.snapshotsDir, config.snapshotName, profile, weekAgo)) {
        if (recent.file !== previous?.file) earlier.push({ file: path.basename(recent.file), listed: recent.listed });
      }
      previous?.close();
      const problems = guardProblems(config.guards, {
        licenses: facilities.length,
        rosterRowsRead: parsed.roster.rowsRead,
        rosterRowsRejected: parsed.rosterRejected,
        rosterAccounting: parsed.roster.accounting,
        diff,
        sourceRowsValid: { current: new Map(parsed.sources.map((s) => [s.name, s.rowsValid])), previous: previous?.sourceRowsValid ?? new Map() },
        listed: { current: new Set(facilities.flatMap((row) => (row.listed ? [row.license_number] : []))), earlier },
      });
      const conflicts = parsed.roster.conflicts;
      if (conflicts.length) {
        const named = conflicts.slice(0, 5).map((c) => `${c.license} (lines ${c.lines.join(' and ')}: ${c.fields.join(', ')})`);
        warn(`${conflicts.length} license${conflicts.length === 1 ? '' : 's'} appear twice in the roster with other values and no later file date; the later line is kept, which is true is unknown: ${named.join('; ')}${conflicts.length > 5 ? '; ...' : ''}`);
      }
      const heldBack = problems.length && !options.force ? problems : [];
      if (problems.length && options.force) warn(`guards overridden with --force: ${problems.join('; ')}`);

      const report = buildReport({
        runId,
        profile,
        startedAt,
        sources: parsed.sources,
        rejections: parsed.rejections,
        facilities,
        duplicatesMerged: parsed.roster.duplicatesMerged,
        fieldProblems: parsed.fieldProblems,
        dateShapes: parsed.dateShapes,
        notRead,
        joins: normalized.joins,
        waiverMatches: normalized.waiverMatches,
        goesByExceptions: normalized.names.exceptions.length,
        diff,
        previousSnapshot: previous ? path.basename(previous.file) : null,
        dataHash,
        unchangedSincePrevious: previous?.dataHash === dataHash,
        heldBack,
        warnings,
        requestsMade: http.requestsMade,
        documents: {
          ...documents.stats,
          source: documents.source,
          homes_with_documents: [...documents.byLicense.values()].filter((d) => d.detail !== null || d.indexCount !== null).length,
          crawler: documents.source === 'stored' ? readCrawlStatus(options.snapshotsDir) : null,
          licenses_with_problems: documentProblemLicenses,
          problem_examples: documents.problems.slice(0, 10),
        },
        hospitals: normalized.hospitals.length,
        coordinates: { homes: normalized.locationOrigins, geocoder: geocoded?.coverage ?? null },
        roster: {
          shape: parsed.roster.shape,
          as_of: parsed.dates.roster,
          homes_with_visits: parsed.roster.rows.filter((row) => row.visits !== null).length,
          placeholders: parsed.roster.placeholders,
          accounting: parsed.roster.accounting,
        },
        rosterComparison: parsed.rosterComparison,
      });
      const sourceHealth: SourceHealth = { carried_forward: carry.carried, unavailable: carry.unavailable, stale };
      report.source_health = sourceHealth;
      if (heldBack.length) {
        report.elapsed_ms = Math.round(performance.now() - started);
        log(formatReport(report));
        return { published: false, snapshotPath: null, shipped: null, heldBack, report };
      }

      // 6. Write the rest to the temporary file, check it, rename it into place.
      report.published = path.basename(snapshotPath);
      report.elapsed_ms = Math.round(performance.now() - started);
      const metadata: Record<string, string> = {
        [META.runId]: runId,
        [META.snapshotDate]: runDate,
        [META.createdAt]: new Date().toISOString(),
        [META.schemaVersion]: String(SCHEMA_VERSION),
        [META.codeVersion]: codeVersion(),
        [META.rosterAsOf]: parsed.dates.roster ?? '',
        // Which date roster_as_of is: the day the state served the export, or the portal file's own date.
        [META.rosterShape]: parsed.roster.shape,
        // Written once on a profile's first run and carried after, so the start of the log is never inferred.
        [META.changesKeptSince]: previous?.changesKeptSince ?? runDate,
        ...(parsed.rosterComparison ? { [META.rosterComparison]: JSON.stringify(parsed.rosterComparison) } : {}),
        [META.approvalsAsOf]: parsed.dates.approvals ?? '',
        [META.alwListAsOf]: parsed.dates.alwList ?? '',
        [META.dataHash]: dataHash,
        [META.counts]: JSON.stringify(report.licenses),
        [META.runReport]: JSON.stringify(report),
        // The texts this snapshot serves: its own document texts file, written just before it.
        [META.documentStore]: documentTextsFileOf(path.basename(snapshotPath)),
        [META.profile]: profile,
        [META.demoData]: String(demoData),
        [SOURCE_HEALTH_KEY]: JSON.stringify(sourceHealth),
        guards: JSON.stringify(config.guards),
        // Published past a guard: the next runs' weekly removal guard compares no further back.
        ...(problems.length && options.force ? { [META.guardsForced]: 'true' } : {}),
      };
      let texts: WrittenTexts;
      try {
        texts = await writeDocumentTexts(options.snapshotsDir, snapshotPath, facilities.map((row) => row.license_number));
      } catch (error) {
        throw writeFailed(error);
      }
      try {
        await writer.publish(
          {
            metadata,
            sources: parsed.sources,
            goesByExceptions: normalized.names.exceptions,
            waiver: normalized.waiverMatches,
            rejections: parsed.rejections,
            diff,
            hospitals: normalized.hospitals,
            reports: documents.byLicense,
            documentProblems: documents.problems,
            changeLog: { previousFile: previous?.file ?? null, snapshotFile: path.basename(snapshotPath) },
          },
          options,
        );
      } catch (error) {
        await texts.remove();
        throw writeFailed(error);
      }
      published = true;
      const pruned = await pruneSnapshots(options.snapshotsDir, config.snapshotName, config.keepSnapshots, snapshotPath);
      if (pruned.length) log(`pruned ${pruned.length} old snapshot(s): ${pruned.map((file) => path.basename(file)).join(', ')}`);
      log(formatReport(report));
      // Shipped once published here: a failed copy leaves the destination's previous manifest, and this snapshot published.
      const shipped = options.publishTo ? await shipSnapshots({ snapshotsDir: options.snapshotsDir, snapshotName: config.snapshotName, destination: options.publishTo }) : null;
      if (shipped) {
        report.shipped = { destination: shipped.destination, ok: shipped.ok, files: shipped.manifest?.files.map((file) => file.name) ?? [], reason: shipped.reason };
        log(shipped.line);
      }
      return { published: true, snapshotPath, shipped, heldBack: [], report };
    } finally {
      previous?.close();
      // Held back, or failed before publishing: the temporary file goes.
      if (!published) await writer.discard();
    }
  } finally {
    clearTimeout(runTimer);
    await http.close();
  }
}

/** What a run publishes of the per-facility record, and how it came by it. */
interface RunDocuments {
  byLicense: Map<string, FacilityDocuments>;
  problems: FetchProblem[];
  stats: CollectStats;
  /** `read`: this run read a demo profile's local document files; `stored`: what the crawler stored; `off`: none configured. */
  source: 'read' | 'stored' | 'off';
}

/**
 * Parses every source, and gathers the per-facility record: a demo profile whose document
 * templates are local files has them read in this run (no host to be polite to); a real site is
 * never asked by a run: it publishes what the document store holds (the crawler's, each fact with
 * its own date), so publication never waits on the state's site.
 */
async function parseAndCollect(config: PipelineConfig, retrieved: RetrievedSources, runDate: string, snapshotsDir: string, http: HttpClient): Promise<{ parsed: Awaited<ReturnType<typeof readAllSources>>; documents: RunDocuments }> {
  let store: DocumentStore | null = null;
  let collecting: Promise<RunDocuments> | null = null;
  const stop = new AbortController();
  try {
    const parsed = await readAllSources(
      retrieved,
      runDate,
      (roster) => {
        const documents = config.stateDocuments;
        const homes = roster.rows.map((row) => ({ license: row.license_number, visitDates: row.visit_dates ?? null }));
        if (!documents) {
          collecting = Promise.resolve({ byLicense: new Map(), problems: [], stats: emptyStats(), source: 'off' });
          return;
        }
        store = new DocumentStore(snapshotsDir);
        if (crawlsRemote(config)) {
          const licenses = new Set(homes.map((home) => home.license));
          const problems = store.allProblems().filter((problem) => licenses.has(problem.license_number));
          collecting = Promise.resolve({ byLicense: storedDocuments(store, licenses), problems, stats: emptyStats(), source: 'stored' });
          return;
        }
        // Started as soon as the roster is read, while the other sources are parsed.
        collecting = collectStateDocuments({
          homes,
          templates: documents,
          read: (location) => readLocation(location, { http, rootDir: REPO_ROOT }),
          store,
          today: runDate,
          concurrency: documents.concurrency,
          detailMaxAgeDays: documents.detailMaxAgeDays ?? 0,
          signal: stop.signal,
        }).then((collected) => ({ ...collected, source: 'read' as const }));
        // Awaited below; a failure is seen there, not reported as unhandled while parsing goes on.
        collecting.catch(() => {});
      },
      config.fileDates,
    );
    const documents = await collecting!;
    return { parsed, documents };
  } catch (error) {
    // A source that fails to parse fails the run: licenses not yet started are skipped.
    stop.abort();
    await (collecting as Promise<unknown> | null)?.catch(() => {});
    // A file that is not what it should be is the source's problem, not the code's: one line, no stack.
    throw new RunFailed(`${asSentence((error as Error).message)} Nothing was published.`);
  } finally {
    (store as DocumentStore | null)?.close();
  }
}

/** Sources the configuration switches off, for the run report. */
function sourcesNotRead(config: PipelineConfig): Array<{ name: string; reason: string }> {
  const off = Object.entries(config.sources).filter(([, location]) => location === null).map(([name]) => name);
  // Absent (a demo profile's precomputed answers) is not switched off; null is.
  if (config.geocoder === null) off.push('geocoder');
  if (!config.stateDocuments) off.push('stateDocuments');
  return off.map((name) => ({ name, reason: 'switched off (none)' }));
}

/** Outside the demo profiles a source inside seeds/ would put invented values on real homes. */
function refuseInventedSources(config: PipelineConfig, profile: string): void {
  const seeds = path.join(REPO_ROOT, 'seeds') + path.sep;
  const locations = [...Object.entries(config.sources), ...Object.entries(config.stateDocuments ?? {}).filter(([name]) => name !== 'concurrency')];
  const invented = locations.filter(([, location]) => typeof location === 'string' && !isRemote(location) && path.resolve(REPO_ROOT, location).startsWith(seeds));
  if (invented.length) {
    throw new RunFailed(
      `Profile "${profile}" is not a demo profile, but ${invented.map(([name, location]) => `${name} (${String(location)})`).join(', ')} point into seeds/, which holds invented data. ` +
        'Point them at real files or switch them off with --source <name>=none. Nothing was published.',
    );
  }
}

/** Rows asked per datastore page unless the profile says otherwise: well under CKAN's usual maximum of 32,000. */
const DATASTORE_PAGE_SIZE = 1000;

async function retrieveAll(config: PipelineConfig, snapshotsDir: string, http: HttpClient, now: Date) {
  const options = { http, cacheDir: sourceCacheDir(snapshotsDir), rootDir: REPO_ROOT, now, deadlineMs: config.deadlines.sourceMs, datastorePageSize: config.datastorePageSize ?? DATASTORE_PAGE_SIZE, otherHosts: config.http.redirectHosts };
  const configured = Object.entries(config.sources).filter((entry): entry is [SourceName, string] => entry[1] !== null);
  // Every source settles (each has its deadline) before the run goes on or ends: none is left running.
  const outcomes = await Promise.allSettled(configured.map(([name, location]) => retrieveSource(name, location, options)));
  const named = configured.map(([name], index) => [name, outcomes[index]!] as [SourceName, PromiseSettledResult<RetrievedSource>]);
  const lines = retrievalLines(named);
  // Only the roster is required: another source that fails is carried forward (carry-forward.ts).
  const roster = named.find(([name]) => name === 'roster')![1];
  if (roster.status === 'rejected') {
    const reason = roster.reason as Error;
    throw new RunFailed(`${asSentence(reason.message)}${reason instanceof SourceAbsent ? ' The roster is required.' : ''} Nothing was published.`, lines);
  }
  const failed: SourceFailure[] = named.flatMap(([name, outcome]) => {
    if (outcome.status === 'fulfilled') return [];
    const reason = outcome.reason as Error;
    return [{ source: name, reason: reason instanceof SourceAbsent ? `absent: ${reason.reason}` : `failed: ${reason?.message ?? String(reason)}` }];
  });
  const retrieved = Object.fromEntries(named.flatMap(([name, outcome]) => (outcome.status === 'fulfilled' ? [[name, outcome.value]] : []))) as RetrievedSources;
  return { retrieved, lines, failed };
}

async function main(argv: string[]): Promise<void> {
  if (wantsHelp(argv)) {
    console.log(helpText(pipelineConfig));
    return;
  }
  const flag = (name: string) => argv.includes(`--${name}`);
  const value = (name: string) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const snapshotsDir = path.resolve(process.env.SNAPSHOTS_DIR ?? path.join(REPO_ROOT, 'snapshots'));
  const profile = value('profile') ?? process.env.PIPELINE_PROFILE;
  // --publish-to wins over PUBLISH_TO; an empty PUBLISH_TO ships nowhere; --publish-to without a destination is refused.
  const given = value('publish-to');
  const publishTo = flag('publish-to') ? (given && !given.startsWith('--') ? given : '') : process.env.PUBLISH_TO?.trim() || undefined;
  const publishProblem = publishTo === undefined ? null : destinationProblem(publishTo, snapshotsDir);
  if (publishProblem) {
    console.error(`${publishProblem}. Nothing was run.`);
    process.exitCode = EXIT_CODES.heldBackOrRefused;
    return;
  }
  let config: PipelineConfig;
  try {
    // PIPELINE_SOURCES first, then each --source: the later setting wins.
    const settings = [...splitSourceList(process.env.PIPELINE_SOURCES), ...sourceArguments(argv)];
    const selected = selectProfile(pipelineConfig, profile);
    refuseDemoMix(selected, settings);
    config = applyEnvironment(applySourceSettings(selected, settings), process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = EXIT_CODES.heldBackOrRefused;
    return;
  }
  const failedLine = async (reason: string) => `Run failed (profile ${config.profile ?? 'custom'}): ${reason} ${await servedStatus(snapshotsDir, config.snapshotName)}`;
  // A failure no await reaches (a background task's) ends the same way, in one line with exit 1.
  const uncaught = (error: unknown) => void failedLine(unforeseenFailure(error, snapshotsDir)).then((line) => {
    console.error(line);
    process.exit(EXIT_CODES.failed);
  });
  process.on('uncaughtException', uncaught).on('unhandledRejection', uncaught);
  /** One run, its outcome printed; the exit code says how it ended (0 published, 1 failed, 2 held back). */
  const runOnce = async (): Promise<number> => {
    try {
      const result = await runPipeline({ snapshotsDir, config, force: flag('force'), publishTo, log: (line) => console.log(line) });
      if (result.shipped && !result.shipped.ok) {
        console.error(result.shipped.line);
        return EXIT_CODES.publishedNotShipped;
      }
      if (result.published) return EXIT_CODES.published;
      console.error(`Held back, not published: ${result.heldBack.join('; ')}. ${await servedStatus(snapshotsDir, config.snapshotName)} Re-run with --force to publish anyway.`);
      return EXIT_CODES.heldBackOrRefused;
    } catch (error) {
      // Every failure, foreseen or not (a full disk, a folder it may not write), ends in this one line.
      if (error instanceof RunFailed && error.report.length) console.log(['Sources:', ...error.report].join('\n'));
      const reason = error instanceof RunFailed ? error.message : unforeseenFailure(error, snapshotsDir);
      console.error(await failedLine(reason));
      return EXIT_CODES.failed;
    }
  };

  if (flag('schedule')) {
    const { startSchedule } = await import('./schedule.ts');
    const profileName = config.profile ?? profile ?? pipelineConfig.default;
    // The crawler beside the daily run reads the same profile with the same --source settings.
    const crawlerArgs = ['--profile', profileName, ...argv.flatMap((arg, index) => (argv[index - 1] === '--source' ? ['--source', arg] : []))];
    startSchedule(config, runOnce, {
      snapshotsDir,
      crawlerArgs,
      newestSnapshotCreatedAt: async () => {
        const snapshot = await openPreviousSnapshot(snapshotsDir, config.snapshotName, profileName, () => {});
        try {
          return snapshot?.createdAt ?? null;
        } finally {
          snapshot?.close();
        }
      },
    });
    return;
  }
  process.exitCode = await runOnce();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
