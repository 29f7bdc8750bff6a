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
}

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
        homes: () =>
          (
            opened
              .prepare('SELECT f.license_number, f.listed, v.all_visit_dates, v.last_visit_date FROM facilities f LEFT JOIN state_visits v USING (license_number)')
              .all() as Array<{ license_number: string; listed: number; all_visit_dates: string | null; last_visit_date: string | null }>
          ).map((row) => ({
            license: row.license_number,
            listed: row.listed === 1,
            visitDates: row.all_visit_dates ? (JSON.parse(row.all_visit_dates) as string[]).join(',') || null : null,
            lastVisit: row.last_visit_date,
          })),
        close: () => opened.close(),
      };
    } catch (error) {
      db?.close();
      warn(`${path.basename(file)} could not be read (${(error as Error).message}); trying an older snapshot.`);
    }
  }
  if (otherProfiles.size) warn(`no earlier snapshot of profile "${profile}": snapshots of profile ${[...otherProfiles].join(', ')} are not compared with this run`);
  return null;
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
