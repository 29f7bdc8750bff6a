// The pipeline's side of the document store (contract/document-store.ts): each report's text once,
// and per license the last good detail and index, which is what makes runs incremental and lets a
// failing endpoint keep the last good data.
import Database from 'better-sqlite3';
import path from 'node:path';
import { DOCUMENT_STORE_DDL, DOCUMENT_STORE_FILE, type Citation } from '../../contract/document-store.ts';

export interface FacilityState {
  detail_json: string | null;
  detail_fetched_on: string | null;
  index_json: string | null;
  index_fetched_on: string | null;
  /** What the stored index was read for (the export's visit dates, or `detail:<fingerprint>`); a different one means it is read again. */
  index_basis: string | null;
}

export interface StoredDocument {
  ref: string;
  license_number: string;
  control_number: string | null;
  date: string | null;
  type: string | null;
  title: string | null;
  text: string;
  citations: Citation[];
  html_sha256: string;
}

/** Writes are queued and committed in batches: one transaction per few hundred changes, not per change. */
const BATCH = 500;

export class DocumentStore {
  private readonly db: Database.Database;
  private readonly statements;
  private pending: Array<() => void> = [];

  constructor(snapshotsDir: string) {
    this.db = new Database(path.join(snapshotsDir, DOCUMENT_STORE_FILE));
    // WAL: the server reads texts while a run adds new ones.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(DOCUMENT_STORE_DDL);
    // A store written before index_basis existed gains it (null: every index is read once more).
    const columns = this.db.prepare('PRAGMA table_info(facility_state)').all() as Array<{ name: string }>;
    if (!columns.some((column) => column.name === 'index_basis')) this.db.exec('ALTER TABLE facility_state ADD COLUMN index_basis TEXT');
    this.statements = {
      saveDetail: this.db.prepare(`INSERT INTO facility_state (license_number, detail_json, detail_fetched_on) VALUES (?, ?, ?)
        ON CONFLICT (license_number) DO UPDATE SET detail_json = excluded.detail_json, detail_fetched_on = excluded.detail_fetched_on`),
      saveIndex: this.db.prepare(`INSERT INTO facility_state (license_number, index_json, index_fetched_on, index_basis) VALUES (?, ?, ?, ?)
        ON CONFLICT (license_number) DO UPDATE SET index_json = excluded.index_json, index_fetched_on = excluded.index_fetched_on, index_basis = excluded.index_basis`),
      allStates: this.db.prepare('SELECT license_number, detail_json, detail_fetched_on, index_json, index_fetched_on, index_basis FROM facility_state'),
      allListedOn: this.db.prepare('SELECT ref, last_listed_on FROM documents').raw(),
      saveDocument: this.db.prepare(`INSERT INTO documents (ref, license_number, control_number, date, type, title, text, citations, html_sha256, first_seen_on, last_listed_on)
        VALUES (@ref, @license_number, @control_number, @date, @type, @title, @text, @citations, @html_sha256, @today, @today)
        ON CONFLICT (ref) DO UPDATE SET text = excluded.text, citations = excluded.citations, html_sha256 = excluded.html_sha256, last_listed_on = excluded.last_listed_on`),
      markListed: this.db.prepare('UPDATE documents SET last_listed_on = ? WHERE ref = ? AND last_listed_on < ?'),
    };
  }

  /** Every license's stored state at once: one scan instead of a look-up per license. */
  allFacilityStates(): Map<string, FacilityState> {
    const states = new Map<string, FacilityState>();
    for (const row of this.statements.allStates.iterate() as IterableIterator<FacilityState & { license_number: string }>) {
      const { license_number, ...state } = row;
      states.set(license_number, state);
    }
    return states;
  }

  /** Every stored report's ref, with the date a document index last listed it. */
  allListedOn(): Map<string, string> {
    return new Map(this.statements.allListedOn.all() as Array<[string, string]>);
  }

  /** Stores a license's detail as the pipeline read it (normalized JSON), dated. */
  saveDetail(license: string, json: string, fetchedOn: string): void {
    this.queue(() => this.statements.saveDetail.run(license, json, fetchedOn));
  }

  saveIndex(license: string, json: string, fetchedOn: string, basis: string | null): void {
    this.queue(() => this.statements.saveIndex.run(license, json, fetchedOn, basis));
  }

  /** Queued like the rest: each ref belongs to one license, which a run handles once. */
  saveDocument(document: StoredDocument, today: string): void {
    const row = { ...document, citations: JSON.stringify(document.citations), today };
    this.queue(() => this.statements.saveDocument.run(row));
  }

  markListed(refs: readonly string[], today: string): void {
    for (const ref of refs) this.queue(() => this.statements.markListed.run(today, ref, today));
  }

  private queue(write: () => void): void {
    this.pending.push(write);
    if (this.pending.length >= BATCH) this.flush();
  }

  flush(): void {
    const writes = this.pending;
    this.pending = [];
    this.db.transaction(() => {
      for (const write of writes) write();
    })();
  }


  close(): void {
    this.flush();
    this.db.close();
  }
}
