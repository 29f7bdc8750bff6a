// Finds, validates and opens the newest snapshot read-only, watches the folder and swaps to a
// newer one atomically. A request holds the snapshot it started with (acquire/release); a
// replaced snapshot closes only when no request uses it any more.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { META, SCHEMA_VERSION, SNAPSHOT_FILE, compareSnapshotFiles, isDemoSnapshot, rosterShapeOf, type RosterShape } from '../../contract/snapshot-schema.ts';
import { readSourceHealth, SOURCE_HEALTH_KEY, type SourceHealth } from '../../contract/source-health.ts';
import { documentTextsFileOf } from '../../contract/document-store.ts';
import type { Logger } from '../lib/log.ts';
import { DocumentTexts } from './document-texts.ts';

export interface SnapshotMeta {
  runId: string | null;
  snapshotDate: string | null;
  createdAt: string | null;
  rosterAsOf: string | null;
  /** Which date rosterAsOf is: the day the state served its export, or the portal file's own date ('portal' when unstated). */
  rosterShape: RosterShape;
  /** Since when the change log holds changes, as the pipeline wrote it (null for snapshots written before the key). */
  changesKeptSince: string | null;
  alwListAsOf: string | null;
  approvalsAsOf: string | null;
  codeVersion: string | null;
  /** sha256 over every stored value without confirmation dates (ETags start from it). */
  dataHash: string | null;
  /** Invented homes (built from the seeds): every surface says so while it is served. */
  demoData: boolean;
  /** Optional sources the run could not read (carried forward or not on file) and sources past their age. */
  sourceHealth: SourceHealth;
  /** Whether the run had a care-approvals file (a row in `sources`): without one, approvals read "not on file" with the reason. */
  approvalsRead: boolean;
}

/**
 * A structure worked out from a snapshot's rows (an index, a slug map): built on first use, once
 * per snapshot, and dropped with it. The one mechanism for per-snapshot derived data besides the
 * home-record LRU; every kind is listed in docs/serving-core.md.
 */
export interface Derived<T> {
  readonly name: string;
  readonly build: (snapshot: Snapshot) => T;
}

const derivedKinds: string[] = [];

/** Declares a derived structure (at module level: one declaration per kind). */
export function derived<T>(name: string, build: (snapshot: Snapshot) => T): Derived<T> {
  derivedKinds.push(name);
  return { name, build };
}

/** The names of the derived structures declared so far (the modules loaded declare them). */
export function derivedKindNames(): readonly string[] {
  return derivedKinds;
}

export class Snapshot {
  private refs = 0;
  private retired = false;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly derivations = new Map<Derived<unknown>, unknown>();

  constructor(
    readonly file: string,
    readonly db: Database.Database,
    readonly meta: SnapshotMeta,
    /** The report texts published with this snapshot (opened on first use, closed with it). */
    readonly texts: DocumentTexts,
  ) {}

  /** A prepared statement, compiled once per snapshot. */
  statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** The structure `kind` derives from this snapshot, built on first use. */
  derive<T>(kind: Derived<T>): T {
    if (this.derivations.has(kind)) return this.derivations.get(kind) as T;
    const value = kind.build(this);
    this.derivations.set(kind, value);
    return value;
  }

  get isOpen(): boolean {
    return this.db.open;
  }

  acquire(): this {
    this.refs += 1;
    return this;
  }

  release(): void {
    this.refs -= 1;
    if (this.retired && this.refs <= 0) this.close();
  }

  /** Replaced by a newer snapshot: close now if idle, else when the last request releases it. */
  retire(): void {
    this.retired = true;
    if (this.refs <= 0) this.close();
  }

  private close(): void {
    if (this.db.open) this.db.close();
    this.texts.close();
  }
}

export class NoValidSnapshotError extends Error {}

// The page-by-page check of a new file reads all of it: it runs on a worker thread so that
// requests keep being answered while a large snapshot is checked.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  // Each page is read once: a page cache (16 MB by the driver's default) would only add to the
  // server's peak memory.
  db.pragma('cache_size = 64');
  const result = db.pragma('quick_check', { simple: true });
  parentPort.postMessage(result === 'ok' ? { ok: true } : { ok: false, problem: 'quick_check failed: ' + String(result) });
} catch (error) {
  parentPort.postMessage({ ok: false, problem: error && error.message ? error.message : String(error) });
} finally {
  if (db) db.close();
}`;
const DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');

/** Resolves when the file passes SQLite's quick_check, checked off the event loop. */
export function quickCheckInWorker(filePath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: filePath, driver: DRIVER } });
    worker.once('message', (result: { ok: boolean; problem?: string }) => (result.ok ? resolve() : reject(new Error(result.problem))));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the check worker exited with code ${code}`)));
  });
}

/** Address space mapped per open snapshot (the state's whole record is under 100 MB). */
const SNAPSHOT_MMAP_BYTES = 512 * 2 ** 20;

/**
 * Opens one file and proves it can be served; throws with the reason when it cannot. `pages`:
 * whether to read every page through quick_check here ('check'), or not because it passed on a
 * worker already or will be checked there right after ('skip'). The structure is always checked.
 */
export function openSnapshot(filePath: string, options: { pages?: 'check' | 'skip' } = {}): Snapshot {
  const db = new Database(filePath, { readonly: true, fileMustExist: true });
  try {
    // The file never changes once published: map it, so a row is read from the OS page cache
    // without a copy per page (a home's row spans a few overflow pages).
    db.pragma(`mmap_size = ${SNAPSHOT_MMAP_BYTES}`);
    // Nor does it change while served: keep the shared lock from the first read on, instead of
    // taking and dropping it (two fcntl calls and a journal check) around every statement, a
    // third of a home's read. A process that tries to write the file meanwhile is refused.
    db.pragma('locking_mode = EXCLUSIVE');
    if (options.pages !== 'skip') {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`quick_check failed: ${String(check)}`);
    }
    const rows = db.prepare('SELECT key, value FROM metadata').all() as Array<{ key: string; value: string }>;
    // The pipeline writes an unknown date as an empty string; the server reads it as null.
    const meta = new Map(rows.map((row) => [row.key, row.value]));
    const schemaVersion = meta.get(META.schemaVersion);
    if (schemaVersion !== String(SCHEMA_VERSION)) {
      throw new Error(`schema_version is ${JSON.stringify(schemaVersion ?? null)}, this server reads ${SCHEMA_VERSION}`);
    }
    // Reading one full row proves the table and the columns the query layer uses are there.
    db.prepare('SELECT license_number, record_json, state_documents_json, home_json FROM facilities LIMIT 1').get();
    db.prepare('SELECT COUNT(*) FROM reports').get();
    const texts = new DocumentTexts(path.join(path.dirname(filePath), documentTextsFileOf(path.basename(filePath))));
    return new Snapshot(path.basename(filePath), db, {
      runId: meta.get(META.runId) || null,
      snapshotDate: meta.get(META.snapshotDate) || null,
      createdAt: meta.get(META.createdAt) || null,
      rosterAsOf: meta.get(META.rosterAsOf) || null,
      rosterShape: rosterShapeOf(meta),
      changesKeptSince: meta.get(META.changesKeptSince) || null,
      alwListAsOf: meta.get(META.alwListAsOf) || null,
      approvalsAsOf: meta.get(META.approvalsAsOf) || null,
      codeVersion: meta.get(META.codeVersion) || null,
      dataHash: meta.get(META.dataHash) || null,
      demoData: isDemoSnapshot(meta),
      sourceHealth: readSourceHealth(meta.get(SOURCE_HEALTH_KEY)),
      approvalsRead: (db.prepare("SELECT COUNT(*) FROM sources WHERE name = 'approvals'").pluck().get() as number) > 0,
    }, texts);
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Snapshot file names in the folder, newest first. */
export function snapshotFilesNewestFirst(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => SNAPSHOT_FILE.test(name)).sort((a, b) => compareSnapshotFiles(b, a));
}

/** Files are renamed into place complete; the pause only gathers one rename's burst of events. */
const WATCH_SETTLE_MS = 100;
/**
 * A file that fails its checks while it changed this recently may be one a sync tool is still
 * writing in place: it is looked at again once it has been still this long, and only then rejected.
 */
const STILL_MS = 2_000;

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Why the file is plainly not all there yet, or null: shorter than the size its own header gives
 * (a copy written front to back has its header first), or shorter than a header. Read from the
 * first 100 bytes, without opening the file as a database.
 */
export function incompleteFile(filePath: string): string | null {
  let fd: number | null = null;
  try {
    fd = fs.openSync(filePath, 'r');
    const header = Buffer.alloc(100);
    const read = fs.readSync(fd, header, 0, 100, 0);
    const size = fs.fstatSync(fd).size;
    if (read < 100) return SQLITE_MAGIC.subarray(0, read).equals(header.subarray(0, read)) ? `${size} bytes, shorter than a SQLite header` : null;
    if (!header.subarray(0, 16).equals(SQLITE_MAGIC)) return null;
    const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16);
    // The header's page count holds only when its change counter matches the version-valid-for number.
    if (header.readUInt32BE(24) !== header.readUInt32BE(92)) return null;
    const expected = header.readUInt32BE(28) * pageSize;
    return size < expected ? `${size} of the ${expected} bytes its header gives` : null;
  } catch {
    return null;
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

export interface SnapshotStoreOptions {
  dir: string;
  pollMs: number;
  log: Logger;
}

export class SnapshotStore {
  private snapshot: Snapshot;
  /** Files found invalid, by name, with the size and mtime they had: not retried until they change. */
  private readonly rejected = new Map<string, string>();
  private watcher: fs.FSWatcher | null = null;
  private poller: NodeJS.Timeout | null = null;
  private settling: NodeJS.Timeout | null = null;
  private lookingAgain: NodeJS.Timeout | null = null;
  /** Files said to be still arriving (once each, as a warning): never an error while they are. */
  private readonly arriving = new Set<string>();
  private refreshing: Promise<boolean> | null = null;
  /** Newer snapshots switched in since start (read by the metrics). */
  switches = 0;

  private constructor(private readonly options: SnapshotStoreOptions) {
    // Only the structure now: the pages are read on a worker once the server listens
    // (verifyStartFile), so a large snapshot does not hold the start back.
    const first = newestSoundSnapshot(options.dir, (name, error) => this.reject(name, error));
    if (!first) {
      throw new NoValidSnapshotError(
        `No valid snapshot in ${options.dir}: expected a file named like rcfe-YYYY-MM-DD.sqlite with schema_version ${SCHEMA_VERSION}. ` +
          'Run `npm run pipeline` to build one.',
      );
    }
    this.snapshot = first;
  }

  static open(options: SnapshotStoreOptions): SnapshotStore {
    return new SnapshotStore(options);
  }

  /** The snapshot new requests read. Callers that span async work use acquire() instead. */
  get current(): Snapshot {
    return this.snapshot;
  }

  acquire(): Snapshot {
    return this.snapshot.acquire();
  }

  /** Starts watching the folder; a newer valid file replaces the current snapshot. */
  watch(): void {
    // A pipeline writing its temporary file fires many events; look once they settle.
    const settle = () => {
      if (this.settling) return;
      this.settling = setTimeout(() => {
        this.settling = null;
        void this.refresh();
      }, WATCH_SETTLE_MS);
      this.settling.unref();
    };
    try {
      this.watcher = fs.watch(this.options.dir, settle);
      this.watcher.on('error', (error) => this.options.log.warn('snapshot watch failed; polling only', { error: String(error) }));
    } catch (error) {
      this.options.log.warn('snapshot watch unavailable; polling only', { error: String(error) });
    }
    this.poller = setInterval(() => void this.refresh(), this.options.pollMs);
    this.poller.unref();
  }

  /**
   * Switches to a newer valid snapshot if one exists; resolves true when it switched. The new
   * file is checked on a worker thread while the current one keeps serving; one refresh at a time.
   */
  refresh(): Promise<boolean> {
    return this.refreshing ?? this.oneAtATime(() => this.switchToNewer());
  }

  /** Runs a switch after any switch under way, so two never interleave. */
  private oneAtATime(run: () => Promise<boolean>): Promise<boolean> {
    const next = (this.refreshing ?? Promise.resolve(false))
      .catch(() => false)
      .then(run)
      .finally(() => {
        if (this.refreshing === next) this.refreshing = null;
      });
    this.refreshing = next;
    return next;
  }

  private switchToNewer(): Promise<boolean> {
    // A served file deleted from disk would not be found by a restart: any other valid file replaces it.
    const gone = this.stamp(path.join(this.options.dir, this.snapshot.file)) === null;
    const served = this.snapshot.file;
    return this.switchToFirstValid((name) => (gone ? name !== served : compareSnapshotFiles(name, served) > 0));
  }

  /**
   * Reads every page of the file opened at start (quick_check, on a worker); the server awaits it
   * before it listens, so no request reads a file before its pages are checked. A file that fails
   * is dropped for the newest other file that passes. Resolves false when none does.
   */
  verifyStartFile(): Promise<boolean> {
    const started = this.snapshot;
    this.verifying ??= (async () => {
      try {
        await quickCheckInWorker(path.join(this.options.dir, started.file));
        this.options.log.info('snapshot verified', { file: started.file });
        return true;
      } catch (error) {
        this.reject(started.file, error);
        if (this.closed) return false;
        // A newer file switched in meanwhile has replaced it already.
        return this.oneAtATime(() => (this.snapshot === started ? this.switchToFirstValid((name) => name !== started.file) : Promise.resolve(true)));
      }
    })();
    return this.verifying;
  }

  private verifying: Promise<boolean> | null = null;

  /** Switches to the newest file `wanted` accepts that passes every check, walking newest first. */
  private async switchToFirstValid(wanted: (name: string) => boolean): Promise<boolean> {
    for (const name of snapshotFilesNewestFirst(this.options.dir)) {
      if (!wanted(name)) continue;
      const filePath = path.join(this.options.dir, name);
      const stamp = this.stamp(filePath);
      if (stamp === null || this.rejected.get(name) === stamp) continue;
      const incomplete = incompleteFile(filePath);
      if (incomplete) {
        this.stillArriving(name, incomplete);
        continue;
      }
      try {
        await quickCheckInWorker(filePath);
        const next = openSnapshot(filePath, { pages: 'skip' });
        if (this.closed) {
          next.retire();
          return false;
        }
        const previous = this.snapshot;
        this.snapshot = next;
        previous.retire();
        this.switches += 1;
        this.arriving.delete(name);
        this.options.log.info('snapshot switched', { from: previous.file, to: next.file, run_id: next.meta.runId });
        return true;
      } catch (error) {
        if (this.changedLately(filePath, stamp)) this.stillArriving(name, error instanceof Error ? error.message : String(error));
        else this.reject(name, error, stamp);
      }
    }
    return false;
  }

  /** Changed since `stamp`, or within the last STILL_MS: maybe still being written. */
  private changedLately(filePath: string, stamp: string): boolean {
    try {
      const stat = fs.statSync(filePath);
      return `${stat.size}:${stat.mtimeMs}` !== stamp || Date.now() - stat.mtimeMs < STILL_MS;
    } catch {
      return false;
    }
  }

  /** A file still being written: said once, as a warning, and looked at again once it may be still. */
  private stillArriving(name: string, reason: string): void {
    if (!this.arriving.has(name)) {
      this.arriving.add(name);
      this.options.log.warn('snapshot file not complete yet; it is served once whole and checked', { file: name, reason });
    }
    if (this.lookingAgain || this.closed) return;
    this.lookingAgain = setTimeout(() => {
      this.lookingAgain = null;
      void this.refresh();
    }, STILL_MS);
    this.lookingAgain.unref();
  }

  /** Logs why a file cannot be served; it is not tried again until it changes from `stamp`. */
  private reject(name: string, error: unknown, stamp = this.stamp(path.join(this.options.dir, name))): void {
    if (stamp !== null) this.rejected.set(name, stamp);
    this.options.log.error('snapshot rejected', { file: name, reason: error instanceof Error ? error.message : String(error) });
  }

  private stamp(filePath: string): string | null {
    try {
      const stat = fs.statSync(filePath);
      return `${stat.size}:${stat.mtimeMs}`;
    } catch {
      return null;
    }
  }

  private closed = false;

  close(): void {
    this.closed = true;
    this.watcher?.close();
    if (this.poller) clearInterval(this.poller);
    if (this.settling) clearTimeout(this.settling);
    if (this.lookingAgain) clearTimeout(this.lookingAgain);
    this.snapshot.retire();
  }
}

/** The newest file in the folder whose structure is sound, opened, or null; `rejected` hears of each file passed over. */
function newestSoundSnapshot(dir: string, rejected: (name: string, error: unknown) => void = () => {}): Snapshot | null {
  for (const name of snapshotFilesNewestFirst(dir)) {
    try {
      return openSnapshot(path.join(dir, name), { pages: 'skip' });
    } catch (error) {
      rejected(name, error);
    }
  }
  return null;
}

/** True when the folder holds at least one snapshot of sound structure (pages are checked once serving). */
export function hasValidSnapshot(dir: string): boolean {
  const snapshot = newestSoundSnapshot(dir);
  snapshot?.retire();
  return snapshot !== null;
}
