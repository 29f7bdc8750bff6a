// The report texts a snapshot serves: its document texts file (`<snapshot base>.documents.db`,
// contract/document-store.ts), published with it and never changed after. Each snapshot opens its
// own on first use and closes it when it is retired, so texts switch with the snapshot; the
// crawler's working store is never opened. A file not there (a snapshot published before texts
// files, one still being copied) is looked for again a minute later: until then, titles and dates only.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Logger } from '../lib/log.ts';

/** How long a missing or unreadable texts file is not looked for again. */
const RETRY_MS = 60_000;

export class DocumentTexts {
  private db: Database.Database | null = null;
  private failedAt = 0;
  /** The last reason logged: a file that stays missing is said once, not every minute. */
  private lastReason: string | null = null;
  private closed = false;

  constructor(readonly filePath: string) {}

  /** The open texts file, or null when it cannot be read (yet). */
  get(log: Logger, now = Date.now()): Database.Database | null {
    if (this.db?.open) return this.db;
    if (this.closed || now - this.failedAt < RETRY_MS) return null;
    try {
      if (!fs.existsSync(this.filePath)) throw new Error('no document texts file beside the snapshot');
      this.db = new Database(this.filePath, { readonly: true, fileMustExist: true });
      // Published whole and never written again: hold the shared lock from the first read on.
      this.db.pragma('locking_mode = EXCLUSIVE');
      this.db.prepare('SELECT ref, license_number, text, citations, last_listed_on FROM documents LIMIT 1').get();
      this.lastReason = null;
      return this.db;
    } catch (error) {
      this.failedAt = now;
      this.db?.close();
      this.db = null;
      const reason = error instanceof Error ? error.message : String(error);
      if (reason !== this.lastReason) log.warn('document texts unavailable; report texts are not served', { file: this.filePath, reason });
      this.lastReason = reason;
      return null;
    }
  }

  close(): void {
    this.closed = true;
    this.db?.close();
    this.db = null;
  }
}
