// The snapshot file's schema: written once by the pipeline, read (never written) by the server.
// Every table and view says what it holds, so an analyst opening the file in sqlite3 can follow it
// (`SELECT * FROM about;`). Nothing here holds availability, a score, a rank or a REST price.

export const SCHEMA_VERSION = 3;

/** File names are `<name>-<YYYY-MM-DD>.sqlite`, or `<name>-<YYYY-MM-DD>.<n>.sqlite` for later runs that day. */
export const SNAPSHOT_FILE = /^([a-z0-9_-]+?)-(\d{4}-\d{2}-\d{2})(?:\.(\d+))?\.sqlite$/;

export function snapshotFileName(name: string, date: string, sequence: number): string {
  return sequence === 0 ? `${name}-${date}.sqlite` : `${name}-${date}.${sequence}.sqlite`;
}

/** Orders snapshot files oldest first by their date, then their run sequence within that day. */
export function compareSnapshotFiles(a: string, b: string): number {
  const ma = SNAPSHOT_FILE.exec(a);
  const mb = SNAPSHOT_FILE.exec(b);
  if (!ma || !mb) return a.localeCompare(b);
  return ma[2]!.localeCompare(mb[2]!) || Number(ma[3] ?? 0) - Number(mb[3] ?? 0);
}

export const SNAPSHOT_DDL = `
CREATE TABLE about (
  object TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  description TEXT NOT NULL
);

CREATE TABLE metadata (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE sources (
  name TEXT PRIMARY KEY,
  location TEXT NOT NULL,
  fetch_status TEXT NOT NULL,
  fetched_at TEXT NOT NULL,
  source_date TEXT,
  etag TEXT,
  last_modified TEXT,
  sha256 TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  rows_read INTEGER NOT NULL,
  rows_valid INTEGER NOT NULL,
  rows_rejected INTEGER NOT NULL
);

CREATE TABLE facilities (
  license_number TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  licensed_name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  licensed_name_key TEXT NOT NULL,
  sort_key TEXT NOT NULL,
  name_slug TEXT NOT NULL,
  facility_type TEXT,
  license_status TEXT,
  listed INTEGER NOT NULL CHECK (listed IN (0, 1)),
  closed INTEGER NOT NULL CHECK (closed IN (0, 1)),
  on_probation TEXT NOT NULL CHECK (on_probation IN ('true', 'false', 'not_on_file')),
  street TEXT,
  city TEXT,
  county TEXT,
  zip TEXT,
  city_key TEXT,
  county_key TEXT,
  capacity INTEGER,
  size_words TEXT NOT NULL,
  phone TEXT,
  licensee TEXT,
  license_first_date TEXT,
  operating_since_year INTEGER,
  closed_date TEXT,
  regional_office TEXT,
  latitude REAL,
  longitude REAL,
  location_method TEXT,
  dementia TEXT NOT NULL CHECK (dementia IN ('true', 'false', 'not_on_file')),
  hospice TEXT NOT NULL CHECK (hospice IN ('true', 'false', 'not_on_file')),
  non_ambulatory TEXT NOT NULL CHECK (non_ambulatory IN ('true', 'false', 'not_on_file')),
  bedridden TEXT NOT NULL CHECK (bedridden IN ('true', 'false', 'not_on_file')),
  clearances_as_of TEXT,
  alw_participation TEXT NOT NULL CHECK (alw_participation IN ('true', 'not_on_file')),
  alw_list_as_of TEXT,
  service_designations TEXT NOT NULL,
  roster_as_of TEXT,
  last_state_visit TEXT,
  license_status_live TEXT,
  live_status_checked_on TEXT,
  documents_count INTEGER,
  documents_since_year TEXT,
  documents_latest_date TEXT,
  type_a_citations INTEGER,
  type_b_citations INTEGER,
  tallies_since_year TEXT,
  price_kind TEXT,
  price_monthly_usd INTEGER,
  price_json TEXT,
  state_record_url TEXT NOT NULL,
  record_json TEXT NOT NULL,
  state_documents_json TEXT NOT NULL,
  state_visits_json TEXT NOT NULL,
  home_json TEXT NOT NULL
);
CREATE INDEX facilities_listed_order ON facilities (listed, sort_key, license_number);
CREATE INDEX facilities_county ON facilities (county_key, listed, sort_key, license_number);
CREATE INDEX facilities_city ON facilities (city_key, listed, sort_key, license_number);
CREATE INDEX facilities_status ON facilities (license_status);
CREATE INDEX facilities_dementia ON facilities (dementia, listed);
CREATE INDEX facilities_hospice ON facilities (hospice, listed);
CREATE INDEX facilities_non_ambulatory ON facilities (non_ambulatory, listed);
CREATE INDEX facilities_bedridden ON facilities (bedridden, listed);
CREATE INDEX facilities_name_key ON facilities (name_key);
CREATE INDEX facilities_licensed_name_key ON facilities (licensed_name_key);

CREATE TABLE reports (
  license_number TEXT NOT NULL REFERENCES facilities (license_number),
  ref TEXT NOT NULL,
  position INTEGER NOT NULL,
  control_number TEXT,
  date TEXT,
  type TEXT,
  title TEXT,
  url TEXT,
  PRIMARY KEY (license_number, ref)
);
CREATE INDEX reports_order ON reports (license_number, position);

CREATE TABLE state_visits (
  license_number TEXT PRIMARY KEY REFERENCES facilities (license_number),
  as_of TEXT,
  last_visit_date TEXT,
  inspection_visits INTEGER,
  complaint_visits INTEGER,
  other_visits INTEGER,
  total_visits INTEGER,
  all_visit_dates TEXT NOT NULL,
  inspection_visit_dates TEXT NOT NULL,
  other_visit_dates TEXT NOT NULL,
  inspection_type_a INTEGER,
  inspection_type_b INTEGER,
  other_type_a INTEGER,
  other_type_b INTEGER,
  complaint_type_a INTEGER,
  complaint_type_b INTEGER,
  type_a_total INTEGER,
  type_b_total INTEGER,
  citation_sections TEXT NOT NULL,
  poc_dates TEXT NOT NULL,
  allegations_total INTEGER,
  allegations_substantiated INTEGER,
  allegations_inconclusive INTEGER,
  allegations_unsubstantiated INTEGER,
  allegations_unfounded INTEGER
);

CREATE TABLE complaint_outcomes (
  license_number TEXT NOT NULL REFERENCES facilities (license_number),
  position INTEGER NOT NULL,
  date TEXT,
  substantiated INTEGER,
  inconclusive INTEGER,
  unsubstantiated INTEGER,
  unfounded INTEGER,
  type_a INTEGER,
  type_b INTEGER,
  PRIMARY KEY (license_number, position)
);

CREATE TABLE hospitals (
  facid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_slug TEXT NOT NULL,
  street TEXT,
  city TEXT,
  zip TEXT,
  county TEXT,
  county_key TEXT,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL
);
CREATE INDEX hospitals_county ON hospitals (county_key, name);

CREATE TABLE document_fetch_problems (
  license_number TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  problem TEXT NOT NULL,
  kept_from TEXT
);
CREATE INDEX document_fetch_problems_license ON document_fetch_problems (license_number);

-- Per license, its row of the weekly export as this run read it: which status is fresher is
-- decided per home, by when its own row last changed, never by the whole file's date.
CREATE TABLE roster_rows (
  license_number TEXT PRIMARY KEY REFERENCES facilities (license_number),
  row_sha256 TEXT NOT NULL,
  row_changed_at TEXT,
  recheck_after TEXT
);

CREATE TABLE service_designations (
  license_number TEXT NOT NULL REFERENCES facilities (license_number),
  code TEXT NOT NULL,
  PRIMARY KEY (license_number, code)
);

CREATE TABLE goes_by_exceptions (
  license_number TEXT PRIMARY KEY REFERENCES facilities (license_number),
  city TEXT,
  shared_goes_by_name TEXT NOT NULL
);

CREATE TABLE waiver_list (
  line INTEGER PRIMARY KEY,
  facility_name TEXT NOT NULL,
  street TEXT,
  city TEXT,
  zip TEXT,
  county TEXT,
  matched_license TEXT,
  match_method TEXT NOT NULL CHECK (match_method IN ('address', 'name', 'unmatched', 'ambiguous'))
);

CREATE TABLE rejected_rows (
  source TEXT NOT NULL,
  line INTEGER NOT NULL,
  reason TEXT NOT NULL,
  raw TEXT NOT NULL,
  PRIMARY KEY (source, line)
);

CREATE TABLE changes (
  license_number TEXT PRIMARY KEY,
  change TEXT NOT NULL CHECK (change IN ('added', 'removed', 'changed')),
  fields TEXT NOT NULL
);

CREATE TABLE change_log (
  run_seq INTEGER NOT NULL,
  run_id TEXT NOT NULL,
  snapshot_file TEXT NOT NULL,
  snapshot_date TEXT NOT NULL,
  license_number TEXT NOT NULL,
  name TEXT NOT NULL,
  sort_key TEXT NOT NULL,
  city TEXT,
  county TEXT,
  city_key TEXT,
  county_key TEXT,
  change TEXT NOT NULL CHECK (change IN ('added', 'removed', 'changed')),
  field TEXT,
  old_value TEXT,
  new_value TEXT,
  old_source_date TEXT,
  new_source_date TEXT,
  observed_on TEXT
);
-- In the feeds' exact order (newest run first, then name, license, field): a page is read off the
-- index instead of sorting the whole log.
CREATE INDEX change_log_order ON change_log (run_seq DESC, sort_key, license_number, field);
-- The same order within a county or a city, the feeds' place filters: such a page (and its count)
-- reads only that place's changes instead of walking the whole log for them.
CREATE INDEX change_log_county_order ON change_log (county_key, run_seq DESC, sort_key, license_number, field);
CREATE INDEX change_log_city_order ON change_log (city_key, run_seq DESC, sort_key, license_number, field);
CREATE INDEX change_log_license ON change_log (license_number, run_seq);
CREATE INDEX change_log_observed ON change_log (observed_on);

CREATE VIEW listed_homes AS
  SELECT license_number, licensed_name, name, license_status, street, city, county, zip, capacity,
         dementia, hospice, non_ambulatory, bedridden, alw_participation
  FROM facilities WHERE listed = 1 ORDER BY sort_key, license_number;

CREATE VIEW licensed_homes_by_county AS
  SELECT county, COUNT(*) AS homes, SUM(capacity) AS licensed_beds,
         SUM(capacity IS NULL) AS homes_without_bed_count
  FROM facilities WHERE listed = 1 GROUP BY county_key ORDER BY county_key;

CREATE VIEW clearances_by_county AS
  SELECT county, COUNT(*) AS homes,
         SUM(dementia = 'true') AS dementia_true, SUM(dementia = 'not_on_file') AS dementia_not_on_file,
         SUM(hospice = 'true') AS hospice_true, SUM(hospice = 'not_on_file') AS hospice_not_on_file,
         SUM(non_ambulatory = 'true') AS non_ambulatory_true, SUM(non_ambulatory = 'not_on_file') AS non_ambulatory_not_on_file,
         SUM(bedridden = 'true') AS bedridden_true, SUM(bedridden = 'not_on_file') AS bedridden_not_on_file,
         SUM(alw_participation = 'true') AS alw_true
  FROM facilities WHERE listed = 1 GROUP BY county_key ORDER BY county_key;

CREATE VIEW homes_by_status AS
  SELECT license_status, listed, closed, COUNT(*) AS homes
  FROM facilities GROUP BY license_status ORDER BY license_status;

CREATE VIEW rejected_rows_by_reason AS
  SELECT source, reason, COUNT(*) AS rows FROM rejected_rows GROUP BY source, reason ORDER BY source, rows DESC;
`;

/** One line per table and view, stored in `about` so the file explains itself. */
export const SNAPSHOT_ABOUT: ReadonlyArray<[object: string, kind: 'table' | 'view', description: string]> = [
  ['about', 'table', 'This list: what each table and view of the snapshot holds.'],
  ['metadata', 'table', 'Run id, snapshot date, code and schema version, counts, guard thresholds and the full run report (key run_report, JSON).'],
  ['sources', 'table', 'Each state source this run read: where from, whether it changed (fetched / not_modified / file), its own date, validators, checksum and row counts.'],
  ['facilities', 'table', 'One row per license on the roster, any status. Values verbatim from the state record; clearances and waiver participation are tri-state (true / false / not_on_file; not_on_file is never a no). license_status_live is the live status the state shows as last checked by the pipeline (live_status_checked_on). price_* columns feed MCP records and check results only; the REST record never carries a price. record_json, state_documents_json and home_json are the precomputed v1 REST record, its detail-only state_documents Fact and the compact check home ({base_url} is filled in by the server).'],
  ['state_visits', 'table', "Per license, the visits, citations and complaint outcomes of the state's weekly export (Care Facility Search, Download Data), as the export states them; as_of is the day the export was retrieved from the state (its Last-Modified, else the answer's Date: the file states no date of its own). Visit counts by type (inspection, complaint, other, total); date lists are JSON arrays of ISO dates, oldest first. Type A and Type B citations by visit type; type_a_total and type_b_total are inspection + other + complaint, as the state sums them (facilities.type_a_citations and type_b_citations are these totals). citation_sections: Title 22 sections cited (JSON array, verbatim). Allegations by outcome: a substantiated allegation is a finding on one complaint, not a judgement of the home. NULL: the state's cell was blank. Licenses read from a roster without these columns have no row."],
  ['complaint_outcomes', 'table', "One row per complaint of the export's variable tail (one block of seven cells each): the complaint's date, its allegations by outcome (substantiated, inconclusive, unsubstantiated, unfounded) and the Type A and Type B citations it led to; position orders a license's complaints oldest first."],
  ['reports', 'table', 'State documents (reports) listed per license, newest first by position; ref is doc:<state document id>, stable between runs.'],
  ['hospitals', 'table', "The state's licensed general acute care hospitals with coordinates (active, with a location), for homes near a hospital by straight-line distance."],
  ['document_fetch_problems', 'table', 'Licenses whose state document index, report or detail could not be fetched this run; their last good data was kept (kept_from: the date it was fetched).'],
  ['roster_rows', 'table', "Per license, its row of the state's weekly export as this run read it: row_sha256 (the row's values hashed), row_changed_at (the instant the row took these values: the previous snapshot's when unchanged, else this file's Last-Modified, else when its bytes were first retrieved; NULL when unknown) and recheck_after (set when the export and the live record disagree on whether the home is closed and the export's reading is the newer: the crawler reads the home's detail first while its last check is older than this instant). A live status checked after row_changed_at decides over the row. Snapshots of a roster without the export's shape have no rows."],
  ['service_designations', 'table', 'State service designation codes per license, verbatim.'],
  ['goes_by_exceptions', 'table', 'Licenses that keep their full licensed name as the goes-by name, because dropping the legal form would give two licenses in one city the same name.'],
  ['waiver_list', 'table', 'Every row of the Assisted Living Waiver list and the license it matched (by normalized address, then name), or unmatched / ambiguous: never guessed.'],
  ['rejected_rows', 'table', 'Source rows kept out of the snapshot, with the reason and the raw row.'],
  ['changes', 'table', 'Diff against the previous snapshot: licenses added, removed or changed, with the changed fields.'],
  ['change_log', 'table', "Every change the pipeline has seen on the state record since the first diff, carried forward from snapshot to snapshot so it outlives pruned files: one row per license added or removed (field NULL; the whole record as old_value or new_value) and per changed field (field is the record's dotted path, e.g. licensee or clearances.dementia; state_documents is the detail's documents fact). old_value and new_value are the values verbatim as JSON text; old_source_date and new_source_date are each value's own source date (the fact's confirmed_on); observed_on is the new value's source date, or for a removal the date of the roster that no longer listed it; NULL when that source states no date (never the run date). run_seq orders runs (1 = first logged run), with the run_id, snapshot_file and snapshot_date of the run that saw the change. Correction reviews are not record changes and never appear here."],
  ['listed_homes', 'view', 'Licenses a list shows (LICENSED, LICENSED/PENDING INCREASE, probationary), alphabetical by name then license.'],
  ['licensed_homes_by_county', 'view', 'Listed homes and licensed beds per county.'],
  ['clearances_by_county', 'view', 'Per county, how many listed homes carry each clearance and how many have it not on file.'],
  ['homes_by_status', 'view', 'Licenses per verbatim roster status, with how each status is read (listed, closed).'],
  ['rejected_rows_by_reason', 'view', 'Rejected source rows counted by source and reason.'],
];

/** Keys of the `metadata` table that the server reads. Values are strings (JSON where noted). */
export const META = {
  runId: 'run_id',
  /** The run's date (ISO): the newest successful data run when this snapshot is the newest. */
  snapshotDate: 'snapshot_date',
  createdAt: 'created_at',
  schemaVersion: 'schema_version',
  codeVersion: 'code_version',
  /**
   * The roster's date: `confirmed_on` of roster facts and `state_record_loaded_on`. For the
   * weekly export, which states no date, the day it was retrieved from the state (Last-Modified,
   * else the answer's Date), never a date the state wrote.
   */
  rosterAsOf: 'roster_as_of',
  /**
   * The roster's shape: 'export' (the weekly export, dated by the day the state served it) or
   * 'portal' (the open-data portal's file, dated by the state's own file_date). Without the key,
   * 'portal': every snapshot written before it read the portal's file.
   */
  rosterShape: 'roster_shape',
  /**
   * Since when the change log holds changes (ISO date): this snapshot's date on a profile's first
   * run, then carried from the previous snapshot of the same profile.
   */
  changesKeptSince: 'changes_kept_since',
  /** JSON: the roster of record compared with the open-data portal's file (absent when the portal file was not read). */
  rosterComparison: 'roster_comparison',
  approvalsAsOf: 'approvals_as_of',
  alwListAsOf: 'alw_list_as_of',
  /** sha256 over every facility's stored JSON without confirmation dates: equal hashes mean no value changed. */
  dataHash: 'data_hash',
  /** JSON: row counts per table and licenses per status class. */
  counts: 'counts',
  /** File name of the document store beside the snapshots that holds each report's text once. */
  documentStore: 'document_store',
  /** JSON: the run report printed at the end of the run. */
  runReport: 'run_report',
  /** The pipeline profile that built the snapshot (seeds, state-scale, state, ...). */
  profile: 'profile',
  /** 'true' when the run was published with --force past a guard: the weekly removal guard compares no further back than it. */
  guardsForced: 'guards_forced',
  /** 'true' when the homes are invented demo data (the seeds, state-scale profiles), else 'false'. */
  demoData: 'demo_data',
} as const;

/** Profiles that build from invented data (read only for snapshots written before `demo_data`). */
export const DEMO_PROFILES: ReadonlySet<string> = new Set(['seeds', 'state-scale']);

/**
 * Whether a snapshot's metadata marks it as demo data. Without the key, the profile decides; with
 * neither the snapshot predates the marking, and every such snapshot was built from the seeds.
 */
export type RosterShape = 'export' | 'portal';

/** The roster's shape as a snapshot's metadata states it; older snapshots, without the key, read the portal's file. */
export function rosterShapeOf(metadata: ReadonlyMap<string, string>): RosterShape {
  return metadata.get(META.rosterShape)?.trim() === 'export' ? 'export' : 'portal';
}

export function isDemoSnapshot(metadata: ReadonlyMap<string, string>): boolean {
  const flag = metadata.get(META.demoData)?.trim().toLowerCase();
  if (flag === 'true') return true;
  if (flag === 'false') return false;
  const profile = metadata.get(META.profile)?.trim();
  return profile ? DEMO_PROFILES.has(profile) : true;
}
