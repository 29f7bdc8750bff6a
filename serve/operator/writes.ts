// The two things the server writes, both into the operator store (SNAPSHOTS_DIR/operator.sqlite,
// never a snapshot): a family's coordination request from the plan page, and a correction from
// the corrections form. Written once and never read by any route, MCP tool or page; the operator
// lists and exports them with the CLI. The log says only that something was stored, no field.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { OPERATOR_STORE_DDL, OPERATOR_STORE_FILE } from '../../contract/overlay.ts';
import type { Logger } from '../lib/log.ts';

export interface NewCoordinationRequest {
  licenses: readonly string[];
  needs: readonly string[];
  timing: string | null;
  familyName: string;
  familyPhone: string;
  consent: string;
  assistantClient: string | null;
  linkExpiresAt: Date;
}

export interface NewCorrection {
  license: string;
  field: string;
  whatIsWrong: string;
  shouldSay: string;
  sourceUrl: string | null;
}

/**
 * Opens the operator store for writing, by the server's forms and the operator CLI (created
 * owner-only when absent: it holds families' names and phone numbers), in rollback-journal mode,
 * not WAL, so the server's read-only overlay reader never needs a -shm file.
 */
export function openOperatorStoreForWrite(snapshotsDir: string): Database.Database {
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

/** What a family reads when the operator store cannot be written; their form comes back as typed. */
export const NOT_SAVED = 'We could not save this; nothing was sent. Try again in a minute.';

/** The operator store could not take a write; nothing of it was kept. */
export class OperatorStoreUnavailable extends Error {}

export class OperatorWrites {
  constructor(
    private readonly snapshotsDir: string,
    private readonly log: Logger,
  ) {}

  /** One write in one transaction: it is kept whole or not at all. */
  private write(run: (db: Database.Database) => void): void {
    let db: Database.Database | null = null;
    try {
      db = openOperatorStoreForWrite(this.snapshotsDir);
      const opened = db;
      opened.transaction(() => run(opened))();
    } catch (error) {
      // The reason names the store, never a field of what was sent.
      this.log.error('operator store not writable; nothing stored', { reason: error instanceof Error ? error.message : String(error) });
      throw new OperatorStoreUnavailable(NOT_SAVED, { cause: error });
    } finally {
      db?.close();
    }
  }

  storeCoordinationRequest(request: NewCoordinationRequest, now = new Date()): void {
    this.write((db) =>
      db
        .prepare(
          `INSERT INTO coordination_requests
             (received_at, licenses, needs, timing, family_name, family_phone, consent, assistant_client, link_expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          now.toISOString(),
          JSON.stringify(request.licenses),
          JSON.stringify(request.needs),
          request.timing,
          request.familyName,
          request.familyPhone,
          request.consent,
          request.assistantClient,
          request.linkExpiresAt.toISOString(),
        ),
    );
    // That it happened, nothing of what it says.
    this.log.info('coordination request stored');
  }

  storeCorrection(correction: NewCorrection, now = new Date()): void {
    this.write((db) =>
      db
        .prepare(
          `INSERT INTO corrections (received_at, license_number, field, what_is_wrong, should_say, source_url)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(now.toISOString(), correction.license, correction.field, correction.whatIsWrong, correction.shouldSay, correction.sourceUrl),
    );
    this.log.info('correction stored');
  }
}
