// The writer's side of the document store (contract/document-store.ts): each report's text once,
// and per license the last good detail and index, which is what makes reading incremental and
// resumable (the crawler starts again from what is stored) and lets a failing endpoint keep the
// last good data. A pipeline run reads it back to publish.
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
  /** The instant the detail was read (ISO 8601); null for a detail stored before instants were kept. */
  detail_checked_at: string | null;
}

/** A failed read of one of a license's documents (it keeps its last good data). */
export interface FetchProblem {
  license_number: string;
  endpoint: 'detail' | 'index' | 'report';
  problem: string;
  kept_from: string | null;
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

/** Columns added after the first stores were written: an older store gains them (null: read once more). */
const ADDED_COLUMNS = { facility_state: ['index_basis TEXT', 'detail_checked_at TEXT'], fetch_problems: ['failures INTEGER NOT NULL DEFAULT 1'] };

export class DocumentStore {
  private readonly db: Database.Database;
  private readonly statements;
  private pending: Array<() => void> = [];

  /**
   * `batch`: writes committed together (1: each at once, as the crawler writes, so a kill loses
   * nothing it was told was stored).
   */
  constructor(snapshotsDir: string, private readonly batch = BATCH) {
    this.db = new Database(path.join(snapshotsDir, DOCUMENT_STORE_FILE));
    // WAL: the server reads texts while a run adds new ones.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(DOCUMENT_STORE_DDL);
    for (const [table, added] of Object.entries(ADDED_COLUMNS)) {
      const columns = new Set((this.db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((column) => column.name));
      for (const column of added) if (!columns.has(column.split(' ')[0]!)) this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
    }
    this.statements = {
      saveDetail: this.db.prepare(`INSERT INTO facility_state (license_number, detail_json, detail_fetched_on, detail_checked_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (license_number) DO UPDATE SET detail_json = excluded.detail_json, detail_fetched_on = excluded.detail_fetched_on, detail_checked_at = excluded.detail_checked_at`),
      saveIndex: this.db.prepare(`INSERT INTO facility_state (license_number, index_json, index_fetched_on, index_basis) VALUES (?, ?, ?, ?)
        ON CONFLICT (license_number) DO UPDATE SET index_json = excluded.index_json, index_fetched_on = excluded.index_fetched_on, index_basis = excluded.index_basis`),
      allStates: this.db.prepare('SELECT license_number, detail_json, detail_fetched_on, index_json, index_fetched_on, index_basis, detail_checked_at FROM facility_state'),
      oneState: this.db.prepare('SELECT detail_json, detail_fetched_on, index_json, index_fetched_on, index_basis, detail_checked_at FROM facility_state WHERE license_number = ?'),
      saveProblem: this.db.prepare(`INSERT INTO fetch_problems (license_number, endpoint, problem, kept_from, at) VALUES (@license_number, @endpoint, @problem, @kept_from, @at)
        ON CONFLICT (license_number) DO UPDATE SET endpoint = excluded.endpoint, problem = excluded.problem, kept_from = excluded.kept_from, at = excluded.at, failures = fetch_problems.failures + 1`),
      problemTimes: this.db.prepare('SELECT license_number, at, failures FROM fetch_problems'),
      lastReads: this.db.prepare('SELECT (SELECT MAX(detail_checked_at) FROM facility_state) AS detail, (SELECT MAX(index_fetched_on) FROM facility_state) AS "index", (SELECT MAX(first_seen_on) FROM documents) AS report'),
      clearProblem: this.db.prepare('DELETE FROM fetch_problems WHERE license_number = ?'),
      allProblems: this.db.prepare('SELECT license_number, endpoint, problem, kept_from FROM fetch_problems ORDER BY license_number'),
      allListedOn: this.db.prepare('SELECT ref, last_listed_on FROM documents').raw(),
      saveDocument: this.db.prepare(`INSERT INTO documents (ref, license_number, control_number, date, type, title, text, citations, html_sha256, first_seen_on, last_listed_on)
        VALUES (@ref, @license_number, @control_number, @date, @type, @title, @text, @citations, @html_sha256, @today, @today)
        ON CONFLICT (ref) DO UPDATE SET text = excluded.text, citations = excluded.citations, html_sha256 = excluded.html_sha256, last_listed_on = excluded.last_listed_on`),
      markListed: this.db.prepare('UPDATE documents SET last_listed_on = ? WHERE ref = ? AND last_listed_on < ?'),
    };
  }

  /** Every license's stored state at once: one scan instead of a look-up per license. */
  allFacilityStates(): Map<string, FacilityState> {
    return new Map(this.eachFacilityState());
  }

  /** Every license's stored state, one row at a time (a reader that keeps only what it makes of each holds less). */
  *eachFacilityState(): IterableIterator<[string, FacilityState]> {
    if (this.pending.length) this.flush();
    for (const row of this.statements.allStates.iterate() as IterableIterator<FacilityState & { license_number: string }>) {
      const { license_number, ...state } = row;
      yield [license_number, state];
    }
  }

  /** One license's stored state, as it is now (pending writes committed first). */
  facilityState(license: string): FacilityState | undefined {
    if (this.pending.length) this.flush();
    return this.statements.oneState.get(license) as FacilityState | undefined;
  }

  /** A license's last failed read (it keeps its last good data), or none once a pass of it succeeded. */
  saveProblem(problem: FetchProblem | null, license: string, at: string): void {
    this.queue(() => (problem ? this.statements.saveProblem.run({ ...problem, at }) : this.statements.clearProblem.run(license)));
  }

  /** Every license's standing failure, for the run that publishes. */
  allProblems(): FetchProblem[] {
    if (this.pending.length) this.flush();
    return this.statements.allProblems.all() as FetchProblem[];
  }

  /** When each license's standing failure happened, and how many in a row. */
  problemTimes(): Array<{ license_number: string; at: string; failures: number }> {
    if (this.pending.length) this.flush();
    return this.statements.problemTimes.all() as Array<{ license_number: string; at: string; failures: number }>;
  }

  /** The latest detail check (an instant), index read and report stored (days): what a restarted crawler last read. */
  lastReads(): { detail: string | null; index: string | null; report: string | null } {
    if (this.pending.length) this.flush();
    return this.statements.lastReads.get() as { detail: string | null; index: string | null; report: string | null };
  }

  /** Every stored report's ref, with the date a document index last listed it. */
  allListedOn(): Map<string, string> {
    return new Map(this.statements.allListedOn.all() as Array<[string, string]>);
  }

  /** Stores a license's detail as it was read (normalized JSON), dated by the day and the instant it was read. */
  saveDetail(license: string, json: string, fetchedOn: string, checkedAt: string): void {
    this.queue(() => this.statements.saveDetail.run(license, json, fetchedOn, checkedAt));
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
    if (this.pending.length >= this.batch) this.flush();
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
