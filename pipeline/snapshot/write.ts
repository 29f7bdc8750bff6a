// Writing one snapshot: everything goes into a temporary file in the snapshots folder, which is
// checked (integrity, row counts), made read-only and only then linked into place (never over an existing file). A failure
// at any point, a full disk included, removes the temporary file and leaves published files as
// they were. Facilities are written one by one as the run builds them, so a run never holds all
// of their records at once; the rest follows once the run has decided to publish.
import Database from 'better-sqlite3';
import { chmod, link, rm } from 'node:fs/promises';
import path from 'node:path';
import { META, SCHEMA_VERSION, SNAPSHOT_ABOUT, SNAPSHOT_DDL } from '../../contract/snapshot-schema.ts';
import type { FacilityRow } from '../normalize/facility.ts';
import type { RosterRowReading } from '../sources/roster-readings.ts';
import type { Rejection } from '../sources/csv.ts';
import type { RetrievedSource } from '../sources/retrieve.ts';
import type { SnapshotDiff } from '../diff.ts';
import type { WaiverMatch } from '../normalize/waiver-match.ts';
import type { WaiverRow } from '../sources/waiver.ts';
import { TEMP_SUFFIX } from './folder.ts';
import type { FacilityDocuments, FetchProblem } from '../documents/collect.ts';
import type { Hospital } from '../sources/hospitals.ts';
import { appendChangeLog, type ChangeLogInputs } from '../changes/log.ts';
import type { Fact } from '../../contract/facts.ts';
import type { StateVisitsValue } from '../../contract/records.ts';

export interface SourceRecord extends RetrievedSource {
  sourceDate: string | null;
  /** Physical lines of the file (report only). */
  linesRead: number;
  rowsRead: number;
  rowsValid: number;
  rowsRejected: number;
  /** Older rows of a license read again later (report only; kept in rejected_rows with reason "superseded: ..."). */
  rowsSuperseded: number;
}

/** Everything but the facilities, which are added one by one (`SnapshotWriter.addFacility`). */
export interface SnapshotContents {
  metadata: Record<string, string>;
  sources: SourceRecord[];
  goesByExceptions: Array<{ license_number: string; city: string | null; shared_goes_by_name: string }>;
  waiver: Array<{ row: WaiverRow; match: WaiverMatch }>;
  rejections: Rejection[];
  diff: SnapshotDiff;
  hospitals: Array<Hospital & { name_slug: string; county_key: string | null }>;
  reports: Map<string, FacilityDocuments>;
  documentProblems: FetchProblem[];
  /** Carries the previous snapshot's change log forward and appends this run's diff. */
  changeLog?: ChangeLogInputs;
}

export interface WriteOptions {
  /** Runs after the data is written and checked, before the rename: tests use it to interrupt a write. */
  beforePublish?: (temporaryFile: string) => void | Promise<void>;
}

function insertRest(db: Database.Database, contents: SnapshotContents): void {
  const about = db.prepare('INSERT INTO about (object, kind, description) VALUES (?, ?, ?)');
  for (const [object, kind, description] of SNAPSHOT_ABOUT) about.run(object, kind, description);

  const meta = db.prepare('INSERT INTO metadata (key, value) VALUES (?, ?)');
  for (const [key, value] of Object.entries(contents.metadata)) meta.run(key, value);

  const source = db.prepare(`INSERT INTO sources (name, location, fetch_status, fetched_at, source_date, etag, last_modified, sha256, bytes, rows_read, rows_valid, rows_rejected)
    VALUES (@name, @location, @fetchStatus, @fetchedAt, @sourceDate, @etag, @lastModified, @sha256, @bytes, @rowsRead, @rowsValid, @rowsRejected)`);
  for (const record of contents.sources) {
    const { file: _localFile, linesRead: _lines, rowsSuperseded: _superseded, catalog: _catalog, ...columns } = record;
    source.run(columns);
  }

  const exception = db.prepare('INSERT INTO goes_by_exceptions (license_number, city, shared_goes_by_name) VALUES (@license_number, @city, @shared_goes_by_name)');
  for (const row of contents.goesByExceptions) exception.run(row);

  const waiver = db.prepare(`INSERT INTO waiver_list (line, facility_name, street, city, zip, county, matched_license, match_method)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const { row, match } of contents.waiver) {
    waiver.run(row.line, row.facility_name, row.street, row.city, row.zip, row.county, match.license_number, match.method);
  }

  const rejected = db.prepare('INSERT OR REPLACE INTO rejected_rows (source, line, reason, raw) VALUES (@source, @line, @reason, @raw)');
  for (const rejection of contents.rejections) rejected.run(rejection);

  const report = db.prepare(`INSERT INTO reports (license_number, ref, position, control_number, date, type, title, url)
    VALUES (@license_number, @ref, @position, @control_number, @date, @type, @title, NULL)`);
  for (const [license_number, documents] of contents.reports) {
    for (const listing of documents.reports) report.run({ license_number, ...listing });
  }

  const hospital = db.prepare(`INSERT INTO hospitals (facid, name, name_slug, street, city, zip, county, county_key, latitude, longitude)
    VALUES (@facid, @name, @name_slug, @street, @city, @zip, @county, @county_key, @latitude, @longitude)`);
  for (const row of contents.hospitals) hospital.run(row);

  const problem = db.prepare('INSERT INTO document_fetch_problems (license_number, endpoint, problem, kept_from) VALUES (@license_number, @endpoint, @problem, @kept_from)');
  for (const row of contents.documentProblems) problem.run(row);

  const change = db.prepare('INSERT INTO changes (license_number, change, fields) VALUES (?, ?, ?)');
  for (const license of contents.diff.added) change.run(license, 'added', '[]');
  for (const license of contents.diff.removed) change.run(license, 'removed', '[]');
  for (const { license_number, fields } of contents.diff.changed) change.run(license_number, 'changed', JSON.stringify(fields));

  if (contents.changeLog) appendChangeLog(db, contents.diff, contents.changeLog);
}

/** Fails unless the written file is sound and holds what was meant to be written. */
function verify(db: Database.Database, contents: SnapshotContents, facilities: number): void {
  const integrity = db.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') throw new Error(`integrity check failed: ${String(integrity)}`);
  const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const expected: Array<[string, number]> = [
    ['facilities', facilities],
    ['waiver_list', contents.waiver.length],
    ['hospitals', contents.hospitals.length],
    ['reports', [...contents.reports.values()].reduce((sum, documents) => sum + documents.reports.length, 0)],
    ['changes', contents.diff.added.length + contents.diff.removed.length + contents.diff.changed.length],
  ];
  for (const [table, rows] of expected) {
    const actual = count(table);
    if (actual !== rows) throw new Error(`table ${table} holds ${actual} rows, expected ${rows}`);
  }
  const version = db.prepare('SELECT value FROM metadata WHERE key = ?').get(META.schemaVersion) as { value: string } | undefined;
  if (Number(version?.value) !== SCHEMA_VERSION) throw new Error('metadata lacks the schema version');
}

export interface SnapshotWriter {
  /** Adds one facility (with its service designations); facilities come in license order. */
  addFacility(row: FacilityRow, reading?: RosterRowReading | null): void;
  /** A facility's record as written so far, for the diff. */
  recordOf(license: string): string | undefined;
  readonly facilities: number;
  /** Writes everything else, checks the file and renames it into place. */
  publish(contents: SnapshotContents, options?: WriteOptions): Promise<void>;
  /** Removes the temporary file: the run is held back or failed. */
  discard(): Promise<void>;
}

/** Opens the temporary file of the snapshot that will be published at `finalPath`. */
export async function openSnapshotWriter(finalPath: string): Promise<SnapshotWriter> {
  const temporary = `${finalPath}${TEMP_SUFFIX}-${process.pid}`;
  await rm(temporary, { force: true });
  let db: Database.Database | null = null;
  const discard = async () => {
    if (db?.open) db.close();
    db = null;
    await rm(temporary, { force: true });
    await rm(`${temporary}-journal`, { force: true });
  };
  try {
    db = new Database(temporary);
    // One self-contained file: no WAL or journal beside it once closed.
    db.pragma('journal_mode = DELETE');
    db.pragma('page_size = 4096');
    db.exec(SNAPSHOT_DDL);
    // One transaction from the first facility to the last row: committed only when publishing.
    db.exec('BEGIN');
  } catch (error) {
    await discard();
    throw error;
  }
  const opened = db;
  const designation = opened.prepare('INSERT OR IGNORE INTO service_designations (license_number, code) VALUES (?, ?)');
  const recordOf = opened.prepare('SELECT record_json FROM facilities WHERE license_number = ?').pluck();
  const visitsRow = opened.prepare(`INSERT INTO state_visits VALUES (@license_number, @as_of, @last_visit_date, @inspection_visits, @complaint_visits, @other_visits, @total_visits,
    @all_visit_dates, @inspection_visit_dates, @other_visit_dates, @inspection_type_a, @inspection_type_b, @other_type_a, @other_type_b, @complaint_type_a, @complaint_type_b,
    @type_a_total, @type_b_total, @citation_sections, @poc_dates, @allegations_total, @allegations_substantiated, @allegations_inconclusive, @allegations_unsubstantiated, @allegations_unfounded)`);
  const complaintRow = opened.prepare(`INSERT INTO complaint_outcomes (license_number, position, date, substantiated, inconclusive, unsubstantiated, unfounded, type_a, type_b)
    VALUES (@license_number, @position, @date, @substantiated, @inconclusive, @unsubstantiated, @unfounded, @type_a, @type_b)`);
  /** The export's visits of one license, in their own tables for an analyst (the served JSON is the facility's state_visits_json). */
  const addVisits = (license_number: string, json: string) => {
    const { value: visits, confirmed_on } = JSON.parse(json) as Fact<StateVisitsValue | null>;
    if (!visits) return;
    const list = (values: string[]) => JSON.stringify(values);
    visitsRow.run({
      license_number,
      as_of: confirmed_on,
      last_visit_date: visits.last_visit_date,
      inspection_visits: visits.visits.inspection,
      complaint_visits: visits.visits.complaint,
      other_visits: visits.visits.other,
      total_visits: visits.visits.total,
      all_visit_dates: list(visits.all_visit_dates),
      inspection_visit_dates: list(visits.inspection_visit_dates),
      other_visit_dates: list(visits.other_visit_dates),
      inspection_type_a: visits.type_a.inspection,
      inspection_type_b: visits.type_b.inspection,
      other_type_a: visits.type_a.other,
      other_type_b: visits.type_b.other,
      complaint_type_a: visits.type_a.complaint,
      complaint_type_b: visits.type_b.complaint,
      type_a_total: visits.type_a.total,
      type_b_total: visits.type_b.total,
      citation_sections: list(visits.citation_sections),
      poc_dates: list(visits.poc_dates),
      allegations_total: visits.allegations.total,
      allegations_substantiated: visits.allegations.substantiated,
      allegations_inconclusive: visits.allegations.inconclusive,
      allegations_unsubstantiated: visits.allegations.unsubstantiated,
      allegations_unfounded: visits.allegations.unfounded,
    });
    visits.complaints.forEach((complaint, position) => complaintRow.run({ license_number, position, ...complaint }));
  };
  const readingRow = opened.prepare('INSERT INTO roster_rows (license_number, row_sha256, row_changed_at, recheck_after) VALUES (@license_number, @row_sha256, @row_changed_at, @recheck_after)');
  let facility: Database.Statement | null = null;
  let facilities = 0;

  return {
    addFacility(row, reading) {
      if (!facility) {
        const columns = Object.keys(row);
        facility = opened.prepare(`INSERT INTO facilities (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`);
      }
      facility.run(row);
      for (const code of (JSON.parse(row.service_designations) as string[] | null) ?? []) designation.run(row.license_number, code);
      addVisits(row.license_number, row.state_visits_json);
      if (reading) readingRow.run(reading);
      facilities += 1;
    },
    recordOf: (license) => recordOf.get(license) as string | undefined,
    get facilities() {
      return facilities;
    },
    async publish(contents, options = {}) {
      try {
        insertRest(opened, contents);
        opened.exec('COMMIT');
        opened.exec('ANALYZE');
        verify(opened, contents, facilities);
        opened.close();
        await options.beforePublish?.(temporary);
        await chmod(temporary, 0o444);
        // A hard link fails when the name exists: a published snapshot is never replaced.
        await link(temporary, finalPath).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? new Error(`${path.basename(finalPath)} already exists (published by another run); it was left as it is`) : error;
        });
        await rm(temporary, { force: true });
      } catch (error) {
        await discard();
        throw error;
      }
    },
    discard,
  };
}
