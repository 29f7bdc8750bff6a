// The newest published snapshot of the same profile, opened read-only, for the diff and the guards. A file that cannot be read is
// skipped in favour of an older one: a damaged file must not block the next good run. Its
// facilities are streamed, never all held in memory at once.
import Database from 'better-sqlite3';
import path from 'node:path';
import { META, SCHEMA_VERSION } from '../../contract/snapshot-schema.ts';
import type { StoredFacility } from '../diff.ts';
import { listSnapshots } from './folder.ts';

export interface PreviousSnapshot {
  file: string;
  dataHash: string | null;
  /** When it was written (metadata created_at). */
  createdAt: string | null;
  /** Valid rows each source gave that snapshot, by source name. */
  sourceRowsValid: Map<string, number>;
  /** Since when its change log holds changes, carried into the next snapshot (see keptSinceOf). */
  changesKeptSince: string | null;
  facilities(): IterableIterator<StoredFacility>;
  /** The licenses its lists showed (facilities.listed). */
  listedLicenses(): Set<string>;
  /** Each home's export row reading (table roster_rows); null for a snapshot written before them. */
  rosterReadings(): Map<string, { sha256: string; changedAt: string | null }> | null;
  /** Every home with whether it is listed and the export's visit dates for it (what the crawler plans from). */
  homes(): SnapshotHome[];
  close(): void;
}

export interface SnapshotHome {
  license: string;
  listed: boolean;
  /** The export's All Visit Dates, sorted ISO dates joined by ','; null when the roster carried none. */
  visitDates: string | null;
  lastVisit: string | null;
  /** Set when the export and the live record disagree and the export's reading is newer: the detail is read first while its last check is older than this instant. */
  recheckAfter: string | null;
}

const hasTable = (db: Database.Database, table: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;

/** The newest readable snapshot built by `profile`: a run is never compared with another profile's homes. */
export async function openPreviousSnapshot(dir: string, name: string, profile: string, warn: (message: string) => void): Promise<PreviousSnapshot | null> {
  const files = (await listSnapshots(dir, name)).reverse();
  const otherProfiles = new Set<string>();
  for (const file of files) {
    let db: Database.Database | null = null;
    try {
      db = new Database(file, { readonly: true, fileMustExist: true });
      const meta = (key: string) =>
        (db!.prepare('SELECT value FROM metadata WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
      if (Number(meta(META.schemaVersion)) !== SCHEMA_VERSION) {
        warn(`${path.basename(file)} has schema version ${meta(META.schemaVersion)}, not ${SCHEMA_VERSION}: diffing against it would mislead, so it is skipped.`);
        db.close();
        continue;
      }
      const builtBy = meta(META.profile);
      if (builtBy !== profile) {
        otherProfiles.add(builtBy ?? '(unknown)');
        db.close();
        continue;
      }
      const rows = db.prepare('SELECT license_number, record_json FROM facilities');
      const opened = db;
      return {
        file,
        dataHash: meta(META.dataHash),
        createdAt: meta(META.createdAt),
        changesKeptSince: keptSinceOf(db, meta),
        sourceRowsValid: new Map((db.prepare('SELECT name, rows_valid FROM sources').all() as Array<{ name: string; rows_valid: number }>).map((s) => [s.name, s.rows_valid])),
        facilities: () => rows.iterate() as IterableIterator<StoredFacility>,
        listedLicenses: () => listedIn(opened),
        rosterReadings: () =>
          hasTable(opened, 'roster_rows')
            ? new Map(
                (opened.prepare('SELECT license_number, row_sha256, row_changed_at FROM roster_rows').all() as Array<{ license_number: string; row_sha256: string; row_changed_at: string | null }>).map(
                  (row) => [row.license_number, { sha256: row.row_sha256, changedAt: row.row_changed_at }],
                ),
              )
            : null,
        homes: () =>
          (
            opened
              .prepare(
                `SELECT f.license_number, f.listed, v.all_visit_dates, v.last_visit_date, ${hasTable(opened, 'roster_rows') ? 'r.recheck_after' : 'NULL AS recheck_after'}
                 FROM facilities f LEFT JOIN state_visits v USING (license_number)${hasTable(opened, 'roster_rows') ? ' LEFT JOIN roster_rows r USING (license_number)' : ''}`,
              )
              .all() as Array<{ license_number: string; listed: number; all_visit_dates: string | null; last_visit_date: string | null; recheck_after: string | null }>
          ).map((row) => ({
            license: row.license_number,
            listed: row.listed === 1,
            visitDates: row.all_visit_dates ? (JSON.parse(row.all_visit_dates) as string[]).join(',') || null : null,
            lastVisit: row.last_visit_date,
            recheckAfter: row.recheck_after,
          })),
        // Closed once the diff and the guards are done, and again on any way out: the second is a no-op.
        close: () => {
          if (opened.open) opened.close();
        },
      };
    } catch (error) {
      db?.close();
      warn(`${path.basename(file)} could not be read (${(error as Error).message}); trying an older snapshot.`);
    }
  }
  if (otherProfiles.size) warn(`no earlier snapshot of profile "${profile}": snapshots of profile ${[...otherProfiles].join(', ')} are not compared with this run`);
  return null;
}

function listedIn(db: Database.Database): Set<string> {
  return new Set(db.prepare('SELECT license_number FROM facilities WHERE listed = 1').pluck().all() as string[]);
}

/** A snapshot of the last week, for the removal guard: when it was written, what its lists showed, and whether it was published past a guard. */
export interface RecentSnapshot {
  file: string;
  /** The run's date (metadata snapshot_date). */
  snapshotDate: string;
  /** Published with --force past a guard: an operator accepted what it lost, so older snapshots are not compared beyond it. */
  forced: boolean;
  listed: Set<string>;
}

/**
 * The profile's readable snapshots of runs dated `sinceDate` or later, newest first, stopping after the
 * newest one published past a guard (`--force`): comparing with an older one would hold back every
 * run after a loss the operator accepted.
 */
export async function recentSnapshots(dir: string, name: string, profile: string, sinceDate: string): Promise<RecentSnapshot[]> {
  const found: RecentSnapshot[] = [];
  for (const file of (await listSnapshots(dir, name)).reverse()) {
    let db: Database.Database | null = null;
    try {
      db = new Database(file, { readonly: true, fileMustExist: true });
      const meta = (key: string) => (db!.prepare('SELECT value FROM metadata WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null;
      if (Number(meta(META.schemaVersion)) !== SCHEMA_VERSION || meta(META.profile) !== profile) continue;
      const snapshotDate = meta(META.snapshotDate);
      if (!snapshotDate || snapshotDate < sinceDate) break;
      const forced = meta(META.guardsForced) === 'true';
      found.push({ file, snapshotDate, forced, listed: listedIn(db) });
      if (forced) break;
    } catch {
      // An unreadable file is skipped here as in openPreviousSnapshot (which warns about it).
    } finally {
      db?.close();
    }
  }
  return found;
}

/**
 * The date its change log starts: the key when the snapshot has it; for one written before the key,
 * its change log's first run, else its own date (the diff from it on is logged).
 */
function keptSinceOf(db: Database.Database, meta: (key: string) => string | null): string | null {
  const kept = meta(META.changesKeptSince);
  if (kept) return kept;
  try {
    const first = db.prepare('SELECT MIN(snapshot_date) FROM change_log WHERE run_seq = (SELECT MIN(run_seq) FROM change_log)').pluck().get() as string | null;
    if (first) return first;
  } catch {
    // no change_log table: the snapshot predates it
  }
  return meta(META.snapshotDate) || null;
}
