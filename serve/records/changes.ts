// Reads of the snapshot's cumulative change log (`change_log`): the changes list, a home's whole
// history, a county's recent changes. Order is always the newest run first, then alphabetical by
// name and license (never by what changed or how much). A snapshot written before the log
// existed has no such table: it reads as an empty log. While a clearance is under correction
// review, the changes whose values would show it are withheld here, for every surface (spec
// "Facility record" rule 2: it reads not_on_file until the review closes).
import type { ChangeKind, ChangeLogRow } from '../../contract/changes.ts';
import type { ShapeContext } from './context.ts';
import { fieldsUnderReview } from './reviews.ts';
import { derived, type Snapshot } from './snapshot.ts';

/** What a read of the log needs: the snapshot, and the overlay whose reviews withhold changes. */
export type ChangeReader = Pick<ShapeContext, 'snapshot' | 'overlay'>;
/** Reads that return rows also need the filler: logged page addresses are stored with {base_url}. */
export type ChangeRowReader = ChangeReader & Pick<ShapeContext, 'filler'>;

/** A change log row and, when the license is still in this snapshot, its page slug. */
export type ChangeRow = ChangeLogRow & { name_slug: string | null };

export interface ChangeFilter {
  /** Changes observed on or after this date (YYYY-MM-DD), or null for all. */
  since: string | null;
  countyKey: string | null;
  cityKey: string | null;
  kind: ChangeKind | null;
  field: string | null;
  /** One license's changes (the changes page of a home); absent or null for all. */
  license?: string | null;
}

/** The feeds' order; the snapshot's change_log_order index is this order, so a page is read off it. */
export const CHANGES_ORDER = 'ORDER BY c.run_seq DESC, c.sort_key, c.license_number, c.field';
const COLUMNS = 'c.*, f.name_slug AS name_slug';
const JOIN = 'LEFT JOIN facilities f ON f.license_number = c.license_number';

const logPresent = derived(
  'change log present',
  (snapshot) => snapshot.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'change_log'").get() !== undefined,
);

export function hasChangeLog(snapshot: Snapshot): boolean {
  return snapshot.derive(logPresent);
}

/** "<license> <field>" of every change withheld under the overlay's reviews. */
function withheldChanges({ overlay }: ChangeReader): string[] {
  return [...overlay.licensesWithReviews()].flatMap((license) => fieldsUnderReview(overlay.reviewsOf(license)).map((field) => `${license} ${field}`));
}

/** Leaves out the changes withheld under review (@withheld: withheldChanges as JSON). Added and removed rows have no field; withheld ones always do. */
const NOT_WITHHELD = "c.license_number || ' ' || IFNULL(c.field, '') NOT IN (SELECT value FROM json_each(@withheld))";

/** A row with the server's address in its stored values, so every surface reads the same values. */
function filled({ filler }: ChangeRowReader, row: ChangeRow): ChangeRow {
  const fill = (json: string | null) => (json === null ? null : filler.fillText(json));
  return { ...row, old_value: fill(row.old_value), new_value: fill(row.new_value) };
}

/** One page of changes matching the filter, and how many match in all. */
export function listChanges(reader: ChangeRowReader, filter: ChangeFilter, limit: number, offset: number): { rows: ChangeRow[]; total: number } {
  const { snapshot } = reader;
  if (!hasChangeLog(snapshot)) return { rows: [], total: 0 };
  const where: string[] = [];
  const params: Record<string, string | number> = { limit, offset };
  const add = (clause: string, name: string, value: string | null) => {
    if (value === null) return;
    where.push(clause);
    params[name] = value;
  };
  add('c.observed_on >= @since', 'since', filter.since);
  add('c.county_key = @county', 'county', filter.countyKey);
  add('c.city_key = @city', 'city', filter.cityKey);
  add('c.change = @kind', 'kind', filter.kind);
  add('c.field = @field', 'field', filter.field);
  add('c.license_number = @license', 'license', filter.license ?? null);
  const withheld = withheldChanges(reader);
  if (withheld.length > 0) add(NOT_WITHHELD, 'withheld', JSON.stringify(withheld));
  const condition = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { limit: _limit, offset: _offset, ...countParams } = params;
  const total = snapshot.statement(`SELECT COUNT(*) AS n FROM change_log c ${condition}`).pluck().get(countParams) as number;
  // The page is cut from the log first and only its rows are joined to their homes: joining first
  // read a facility row for every matching change before the sort.
  const rows = snapshot
    .statement(`SELECT ${COLUMNS} FROM (SELECT * FROM change_log c ${condition} ${CHANGES_ORDER} LIMIT @limit OFFSET @offset) c ${JOIN} ${CHANGES_ORDER}`)
    .all(params) as ChangeRow[];
  return { rows: rows.map((row) => filled(reader, row)), total };
}

/** The licenses the log has any row for: most homes have none, and get_home asks for every home. */
const loggedLicenses = derived('licenses in the change log', (snapshot) =>
  hasChangeLog(snapshot) ? new Set(snapshot.statement('SELECT DISTINCT license_number FROM change_log').pluck().all() as string[]) : new Set<string>(),
);

/** Every logged change of one license, newest run first (those withheld under review left out). */
export function historyOf(reader: ChangeRowReader, license: string): ChangeRow[] {
  const { snapshot, overlay } = reader;
  if (!snapshot.derive(loggedLicenses).has(license)) return [];
  const rows = snapshot.statement(`SELECT ${COLUMNS} FROM change_log c ${JOIN} WHERE c.license_number = ? ${CHANGES_ORDER}`).all(license) as ChangeRow[];
  const withheld = fieldsUnderReview(overlay.reviewsOf(license));
  const shown = withheld.length === 0 ? rows : rows.filter((row) => row.field === null || !withheld.includes(row.field));
  return shown.map((row) => filled(reader, row));
}

/** Licenses with any change observed on or after `since` (YYYY-MM-DD). */
export function licensesChangedSince(reader: ChangeReader, since: string): Set<string> {
  if (!hasChangeLog(reader.snapshot)) return new Set();
  // A home whose only change since is withheld under review is not named: naming it would tell.
  const changed = reader.snapshot.statement(`SELECT DISTINCT c.license_number FROM change_log c WHERE c.observed_on >= @since AND ${NOT_WITHHELD}`);
  return new Set(changed.pluck().all({ since, withheld: JSON.stringify(withheldChanges(reader)) }) as string[]);
}

/**
 * The date from which the log holds every change on the state record, so an empty history can say
 * since when nothing was seen. The first snapshot is the baseline (it logs nothing), and its date
 * is not stored, so it is read from what is: the earliest logged run's snapshot date (that run was
 * diffed against an earlier snapshot, so every change since is in the log); with nothing logged,
 * the snapshot this one was diffed against (its file name in the run report), else this snapshot
 * itself (the baseline: changes are logged from the next run on). Null when no date is known.
 */
/** Since when changes are kept: as the pipeline wrote it, else (snapshots before the key) inferred from the log and the report. */
const logSince = derived('date since when changes are kept', (snapshot): string | null => {
  if (snapshot.meta.changesKeptSince) return snapshot.meta.changesKeptSince;
  if (hasChangeLog(snapshot)) {
    const first = snapshot.statement('SELECT MIN(snapshot_date) FROM change_log WHERE run_seq = (SELECT MIN(run_seq) FROM change_log)').pluck().get() as string | null;
    if (first) return first;
  }
  let report: unknown;
  try {
    report = JSON.parse(snapshot.statement("SELECT value FROM metadata WHERE key = 'run_report'").pluck().get() as string)?.diff?.previous_snapshot;
  } catch {
    report = null; // no report, or not JSON: nothing to read the previous snapshot from
  }
  const previous = typeof report === 'string' ? /(\d{4}-\d{2}-\d{2})(?:\.\d+)?\.sqlite$/.exec(report)?.[1] : undefined;
  return previous ?? snapshot.meta.snapshotDate;
});

export function changesKeptSince(snapshot: Snapshot): string | null {
  return snapshot.derive(logSince);
}

/** A closed license as the record itself dates it: its roster closing date, else the live record's status and the day it was checked. */
export interface ClosedOnRecord {
  license_number: string;
  name: string;
  city: string | null;
  name_slug: string | null;
  closed_date: string | null;
  license_status_live: string | null;
  live_status_checked_on: string | null;
}

/**
 * Closed licenses in a place whose own record dates the closing on or after `since`: the roster's
 * closing date, or (with none) the live record showing it closed when checked on or after `since`.
 * The change log begins at the service's first run; a closing the record itself dates is a change
 * too, and the answer says which source dated it.
 */
export function closedOnRecordSince(snapshot: Snapshot, filter: { since: string; countyKey: string | null; cityKey: string | null }): ClosedOnRecord[] {
  return snapshot
    .statement(
      `SELECT license_number, name, city, name_slug, closed_date, license_status_live, live_status_checked_on FROM facilities
       WHERE closed = 1 AND (@county IS NULL OR county_key = @county) AND (@city IS NULL OR city_key = @city)
         AND (closed_date >= @since OR (closed_date IS NULL AND live_status_checked_on >= @since AND license_status_live LIKE 'Closed%'))
       ORDER BY COALESCE(closed_date, live_status_checked_on) DESC, name, license_number`,
    )
    .all({ since: filter.since, county: filter.countyKey, city: filter.cityKey }) as ClosedOnRecord[];
}
