// The cumulative change log: each published snapshot carries every row of the previous snapshot's
// `change_log` forward and appends this run's rows, so the history outlives pruned files. This
// run's rows come from the run's diff (which licenses were added, removed, or changed in which
// fields); here only the old and new values of those fields are read, verbatim, with their own
// source dates. Correction reviews are an overlay at serving time and never reach a snapshot,
// so they can never appear here; `disputes` is skipped all the same.
import Database from 'better-sqlite3';
import type { ChangeLogRow } from '../../contract/changes.ts';
import { META } from '../../contract/snapshot-schema.ts';
import { isFirstReading, STATE_DOCUMENTS_FIELD, valueAt, type Json, type SnapshotDiff } from '../diff.ts';

/** What the log needs beyond the diff: the snapshot it was diffed against and the new file's name. */
export interface ChangeLogInputs {
  /** The published snapshot the diff was taken against; null on a first run (the log starts at the next). */
  previousFile: string | null;
  snapshotFile: string;
}

/** Record fields that are not part of the state record: the overlay's disputes. */
const NOT_RECORD_FIELDS = new Set(['disputes']);
/** The facility columns a log row copies (where the license was and what it was called), and its stored JSON. */
type FacilityColumns = Pick<ChangeLogRow, 'license_number' | 'name' | 'sort_key' | 'city' | 'county' | 'city_key' | 'county_key'> & {
  record_json: string;
  state_documents_json: string;
};

const FACILITY_COLUMNS = 'license_number, name, sort_key, city, county, city_key, county_key, record_json, state_documents_json';

/**
 * The source date that first showed a change: the new value's own date. A removal is seen on the
 * roster that no longer lists the license. A value that changed while its source kept its date
 * (a renamed home no longer matching the waiver list, say) was changed by this run's roster, so
 * that roster's date: the list's old date would place a change first seen now before the runs
 * that saw the old value, where no `since` query finds it.
 */
function observedOn(before: { date: string | null } | null, after: { date: string | null } | null, rosterAsOf: string | null): string | null {
  if (!after) return rosterAsOf;
  const sourceKeptItsDate = before?.date != null && after.date != null && after.date <= before.date;
  return sourceKeptItsDate ? (rosterAsOf ?? after.date) : (after.date ?? rosterAsOf);
}

/** The date a whole record was seen on: its license status's own (roster) date. */
function recordDate(record: Json): string | null {
  return valueAt(record, 'license_status').date;
}

const INSERT = `INSERT INTO change_log (run_seq, run_id, snapshot_file, snapshot_date, license_number, name, sort_key, city, county, city_key, county_key,
  change, field, old_value, new_value, old_source_date, new_source_date, observed_on)
  VALUES (@run_seq, @run_id, @snapshot_file, @snapshot_date, @license_number, @name, @sort_key, @city, @county, @city_key, @county_key,
  @change, @field, @old_value, @new_value, @old_source_date, @new_source_date, @observed_on)`;

const COPIED_COLUMNS = 'run_seq, run_id, snapshot_file, snapshot_date, license_number, name, sort_key, city, county, city_key, county_key, change, field, old_value, new_value, old_source_date, new_source_date, observed_on';

function hasChangeLog(db: Database.Database): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'change_log'").get() !== undefined;
}

/**
 * Writes `change_log` into the snapshot being written (`db`, whose facilities and metadata are
 * in): the previous snapshot's rows, then this run's. Returns how many rows this run added.
 */
export function appendChangeLog(db: Database.Database, diff: SnapshotDiff, inputs: ChangeLogInputs): number {
  if (!inputs.previousFile) return 0;
  const meta = db.prepare('SELECT value FROM metadata WHERE key = ?').pluck();
  const runId = meta.get(META.runId) as string;
  const snapshotDate = meta.get(META.snapshotDate) as string;
  // '' when the roster states no date: then a removal has no source date either (null, never the run date).
  const rosterAsOf = meta.get(META.rosterAsOf) as string;
  const insert = db.prepare(INSERT);
  const previous = new Database(inputs.previousFile, { readonly: true, fileMustExist: true });
  try {
    let runSeq = 1;
    if (hasChangeLog(previous)) {
      const copy = db.prepare(`INSERT INTO change_log (${COPIED_COLUMNS}) VALUES (${COPIED_COLUMNS.split(', ').map((c) => `@${c}`).join(', ')})`);
      for (const row of previous.prepare(`SELECT ${COPIED_COLUMNS} FROM change_log ORDER BY run_seq, license_number`).iterate()) copy.run(row);
      runSeq = ((previous.prepare('SELECT MAX(run_seq) FROM change_log').pluck().get() as number | null) ?? 0) + 1;
    }
    const oldFacility = previous.prepare(`SELECT ${FACILITY_COLUMNS} FROM facilities WHERE license_number = ?`);
    const newFacility = db.prepare(`SELECT ${FACILITY_COLUMNS} FROM facilities WHERE license_number = ?`);
    const run = { run_seq: runSeq, run_id: runId, snapshot_file: inputs.snapshotFile, snapshot_date: snapshotDate };
    let rows = 0;
    const add = (home: FacilityColumns, change: 'added' | 'removed' | 'changed', field: string | null, before: { value: string; date: string | null } | null, after: { value: string; date: string | null } | null) => {
      const { record_json: _record, state_documents_json: _documents, ...place } = home;
      insert.run({
        ...run,
        ...place,
        change,
        field,
        old_value: before?.value ?? null,
        new_value: after?.value ?? null,
        old_source_date: before?.date ?? null,
        new_source_date: after?.date ?? null,
        observed_on: observedOn(before, after, rosterAsOf || null),
      });
      rows += 1;
    };
    const whole = (home: FacilityColumns) => {
      const record = JSON.parse(home.record_json) as Json;
      return { value: home.record_json, date: recordDate(record) };
    };

    for (const license of diff.added) {
      const home = newFacility.get(license) as FacilityColumns;
      add(home, 'added', null, null, whole(home));
    }
    for (const license of diff.removed) {
      const home = oldFacility.get(license) as FacilityColumns;
      add(home, 'removed', null, whole(home), null);
    }
    const changedFields = new Map(diff.changed.map(({ license_number, fields }) => [license_number, fields]));
    // Every license on both sides: the diff's fields, and the detail-only state documents fact.
    for (const old of previous.prepare(`SELECT ${FACILITY_COLUMNS} FROM facilities ORDER BY license_number`).iterate() as IterableIterator<FacilityColumns>) {
      const fields = changedFields.get(old.license_number) ?? [];
      const home = newFacility.get(old.license_number) as FacilityColumns | undefined;
      if (!home) continue;
      if (fields.length) {
        const before = JSON.parse(old.record_json) as Json;
        const after = JSON.parse(home.record_json) as Json;
        for (const field of fields) {
          if (NOT_RECORD_FIELDS.has(field.split('.')[0]!)) continue;
          const was = valueAt(before, field);
          // A first reading (diff.ts) is the record arriving, not a change of the home.
          if (isFirstReading(field, was)) continue;
          add(home, 'changed', field, was, valueAt(after, field));
        }
      }
      if (old.state_documents_json !== home.state_documents_json) {
        const before = { fact: JSON.parse(old.state_documents_json) as Json };
        const after = { fact: JSON.parse(home.state_documents_json) as Json };
        const was = valueAt(before, 'fact');
        const now = valueAt(after, 'fact');
        if (was.value !== now.value && !isFirstReading(STATE_DOCUMENTS_FIELD, was)) add(home, 'changed', STATE_DOCUMENTS_FIELD, was, now);
      }
    }
    return rows;
  } finally {
    previous.close();
  }
}
