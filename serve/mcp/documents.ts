// Read-only access to the document store (documents.sqlite beside the snapshots): each state
// report's transcribed text and citations, kept also after the state stops listing a report. The
// pipeline writes it in WAL mode, so one long-lived read connection sees each run's additions.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DOCUMENT_STORE_FILE } from '../../contract/document-store.ts';
import type { Logger } from '../lib/log.ts';

/** How long a missing or unreadable store is not looked for again. */
const RETRY_MS = 60_000;

export class DocumentStoreReader {
  private db: Database.Database | null = null;
  private failedAt = 0;
  readonly filePath: string;

  constructor(
    snapshotsDir: string,
    private readonly log: Logger,
  ) {
    this.filePath = path.join(snapshotsDir, DOCUMENT_STORE_FILE);
  }

  /** The open store, or null when there is none (yet). */
  get(now = Date.now()): Database.Database | null {
    if (this.db?.open) return this.db;
    if (now - this.failedAt < RETRY_MS) return null;
    try {
      if (!fs.existsSync(this.filePath)) throw new Error('no document store file');
      this.db = new Database(this.filePath, { readonly: true, fileMustExist: true });
      this.db.prepare('SELECT ref FROM documents LIMIT 1').get();
      return this.db;
    } catch (error) {
      this.failedAt = now;
      this.db?.close();
      this.db = null;
      this.log.warn('document store unavailable; report texts are not served', {
        file: this.filePath,
        reason: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}
