// When each home's export row last changed. The weekly export is one file for every home: a new
// file with 20 homes' rows changed says nothing new about the other 12,000, so which status is
// fresher, the export's or the live record's, is decided per home by the instant that home's row
// took its current form (its content's hash compared with the previous snapshot's), never by when
// the whole file was retrieved.
import { createHash } from 'node:crypto';
import type { RosterRow } from './roster.ts';

/** One home's export row as this run read it. */
export interface RosterReading {
  /** sha256 of the row's values (its line number aside: another home's row moves it). */
  sha256: string;
  /**
   * The instant the row's current values are known from: the previous snapshot's, when the row is
   * unchanged; else this file's (its Last-Modified, else when its bytes were first retrieved). Null
   * when neither is known (a file on disk without saved headers).
   */
  changedAt: string | null;
}

/** One home's export row as the snapshot keeps it (table roster_rows): what the next run compares with, and the crawler's re-check mark. */
export interface RosterRowReading {
  license_number: string;
  row_sha256: string;
  row_changed_at: string | null;
  recheck_after: string | null;
}

/** A previous snapshot's readings, by license. */
export type PreviousReadings = ReadonlyMap<string, { sha256: string; changedAt: string | null }>;

export function rowSha256(row: RosterRow): string {
  const { line: _line, ...values } = row;
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

/**
 * Each home's reading: a row whose values the previous snapshot already held keeps the instant it
 * took them; a new or changed row takes this file's instant. Without a previous snapshot's
 * readings (a first run, or a snapshot written before them), every row takes the file's instant.
 */
export function rosterReadings(rows: readonly RosterRow[], fileInstant: string | null, previous: PreviousReadings | null): Map<string, RosterReading> {
  const readings = new Map<string, RosterReading>();
  for (const row of rows) {
    const sha256 = rowSha256(row);
    const before = previous?.get(row.license_number);
    const changedAt = before && before.sha256 === sha256 ? (before.changedAt ?? fileInstant) : fileInstant;
    readings.set(row.license_number, { sha256, changedAt });
  }
  return readings;
}
