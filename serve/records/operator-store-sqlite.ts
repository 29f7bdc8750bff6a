// The operator store as one SQLite file beside the snapshots (SNAPSHOTS_DIR/operator.sqlite): the
// store of one machine. Every call opens the file and closes it again, so a file replaced or
// repaired by hand is read at the next call; the overlay reads it read-only and never creates it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ClearanceKey } from '../../contract/facts.ts';
import { OPERATOR_SETTING, OPERATOR_STORE_DDL, OPERATOR_STORE_FILE, type DisputeAnnotation, type HandoffMode } from '../../contract/overlay.ts';
import type { CoordinationRequestRow, CorrectionRow, HeldState, OperatorStore, StoredOverlay, SubmissionTable } from './operator-store.ts';

/**
 * Opens the store for writing (created owner-only when absent: it holds families' names and phone
 * numbers), in rollback-journal mode, not WAL, so the read-only overlay reader never needs a -shm file.
 */
function openForWrite(snapshotsDir: string): Database.Database {
  const file = path.join(snapshotsDir, OPERATOR_STORE_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(snapshotsDir, { recursive: true });
    try {
      fs.closeSync(fs.openSync(file, 'wx', 0o600));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const db = new Database(file, { timeout: 5_000 });
  try {
    db.pragma('journal_mode = DELETE');
    db.exec(OPERATOR_STORE_DDL);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

export class SqliteOperatorStore implements OperatorStore {
  readonly where: string;

  constructor(private readonly snapshotsDir: string) {
    this.where = path.join(snapshotsDir, OPERATOR_STORE_FILE);
  }

  /** One call on the store opened for writing; a write runs in one transaction (kept whole or not at all). */
  private withStore<T>(run: (db: Database.Database) => T): T {
    const db = openForWrite(this.snapshotsDir);
    try {
      return db.transaction(() => run(db))();
    } finally {
      db.close();
    }
  }

  readOverlay(): StoredOverlay | null {
    if (!fs.existsSync(this.where)) return null;
    const db = new Database(this.where, { readonly: true, fileMustExist: true });
    try {
      const tables = new Set(
        (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((row) => row.name),
      );
      // A file without the reviews table is no operator store (a truncated or half-replaced file
      // reads as an empty database): failing here keeps the last good overlay instead of holding nothing.
      if (!tables.has('clearance_reviews')) throw new Error('not an operator store: it has no clearance_reviews table');
      const reviews = db
        .prepare('SELECT license_number, clearance FROM clearance_reviews WHERE closed_at IS NULL ORDER BY license_number, clearance')
        .all() as StoredOverlay['reviews'];
      const disputes = tables.has('dispute_annotations')
        ? (db
            .prepare('SELECT license_number, field, text, approved_on FROM dispute_annotations ORDER BY license_number, approved_on, id')
            .all() as StoredOverlay['disputes'])
        : [];
      const mode = tables.has('settings')
        ? (db.prepare('SELECT value FROM settings WHERE key = ?').get(OPERATOR_SETTING.handoffMode) as { value: string } | undefined)
        : undefined;
      return { reviews, disputes, handoffMode: mode?.value ?? null };
    } finally {
      db.close();
    }
  }

  openReview(license: string, clearance: ClearanceKey, openedAt: string, note: string | null): boolean {
    return this.withStore(
      (db) =>
        db
          .prepare('INSERT INTO clearance_reviews (license_number, clearance, opened_at, note) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
          .run(license, clearance, openedAt, note).changes > 0,
    );
  }

  closeReview(license: string, clearance: ClearanceKey, closedAt: string): boolean {
    return this.withStore(
      (db) =>
        db
          .prepare('UPDATE clearance_reviews SET closed_at = ? WHERE license_number = ? AND clearance = ? AND closed_at IS NULL')
          .run(closedAt, license, clearance).changes > 0,
    );
  }

  addDispute(license: string, annotation: DisputeAnnotation): void {
    this.withStore((db) =>
      db
        .prepare('INSERT INTO dispute_annotations (license_number, field, text, approved_on) VALUES (?, ?, ?, ?)')
        .run(license, annotation.field, annotation.text, annotation.approved_on),
    );
  }

  setHandoffMode(mode: HandoffMode): void {
    this.withStore((db) =>
      db
        .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
        .run(OPERATOR_SETTING.handoffMode, mode),
    );
  }

  held(): HeldState {
    return this.withStore((db) => ({
      handoffMode: (db.prepare('SELECT value FROM settings WHERE key = ?').get(OPERATOR_SETTING.handoffMode) as { value: string } | undefined)?.value ?? null,
      reviews: db
        .prepare('SELECT license_number, clearance, opened_at, note FROM clearance_reviews WHERE closed_at IS NULL ORDER BY opened_at')
        .all() as HeldState['reviews'],
      disputes: db
        .prepare('SELECT license_number, field, approved_on, text FROM dispute_annotations ORDER BY license_number, approved_on')
        .all() as HeldState['disputes'],
    }));
  }

  submissions(table: SubmissionTable): Array<Record<string, unknown>> {
    return this.withStore((db) => db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Array<Record<string, unknown>>);
  }

  deleteSubmission(table: SubmissionTable, id: number): boolean {
    return this.withStore((db) => db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id).changes > 0);
  }

  storeCoordinationRequest(row: CoordinationRequestRow): void {
    this.withStore((db) =>
      db
        .prepare(
          `INSERT INTO coordination_requests
             (received_at, licenses, needs, timing, family_name, family_phone, consent, assistant_client, link_expires_at)
           VALUES (@received_at, @licenses, @needs, @timing, @family_name, @family_phone, @consent, @assistant_client, @link_expires_at)`,
        )
        .run(row),
    );
  }

  storeCorrection(row: CorrectionRow): void {
    this.withStore((db) =>
      db
        .prepare(
          `INSERT INTO corrections (received_at, license_number, field, what_is_wrong, should_say, source_url)
           VALUES (@received_at, @license_number, @field, @what_is_wrong, @should_say, @source_url)`,
        )
        .run(row),
    );
  }

  close(): void {
    // Nothing stays open between calls.
  }
}
