// The document store: a SQLite file beside the snapshots that holds each state report's text
// once, whichever snapshots list it. The crawler writes it (`npm run crawl`; a demo profile's run
// reads its local document files itself); each pipeline run publishes what it holds. The server
// never opens it: each snapshot is published with its own immutable copy of the texts its homes
// reference (the document texts file, below), which the server reads and ships with the snapshot.

export const DOCUMENT_STORE_FILE = 'documents.sqlite';

/** The store's report texts; the texts file shipped with a snapshot has the same table. */
const DOCUMENTS_TABLE = `documents (
  ref TEXT PRIMARY KEY,
  license_number TEXT NOT NULL,
  control_number TEXT,
  date TEXT,
  type TEXT,
  title TEXT,
  text TEXT NOT NULL,
  citations TEXT NOT NULL,
  html_sha256 TEXT NOT NULL,
  first_seen_on TEXT NOT NULL,
  last_listed_on TEXT NOT NULL
)`;

export const DOCUMENT_STORE_DDL = `
CREATE TABLE IF NOT EXISTS ${DOCUMENTS_TABLE};
CREATE INDEX IF NOT EXISTS documents_license ON documents (license_number, date);

-- Per license, the last good facility detail and document index as the pipeline normalized them.
CREATE TABLE IF NOT EXISTS facility_state (
  license_number TEXT PRIMARY KEY,
  detail_json TEXT,
  detail_fetched_on TEXT,
  index_json TEXT,
  index_fetched_on TEXT,
  -- What the index was read for: the export's visit dates, or 'detail:' and the detail's fingerprint.
  index_basis TEXT,
  -- The instant the detail was read (ISO 8601, UTC): the live status is compared with the roster by time, not by day.
  detail_checked_at TEXT
);

-- Per license, the crawler's last failure to read one of its documents (cleared when a read succeeds):
-- the home keeps its last good data, and the next run publishes the failure in document_fetch_problems.
CREATE TABLE IF NOT EXISTS fetch_problems (
  license_number TEXT PRIMARY KEY,
  endpoint TEXT NOT NULL,
  problem TEXT NOT NULL,
  kept_from TEXT,
  at TEXT NOT NULL,
  -- Failures in a row (the crawler waits longer after each before asking that home again).
  failures INTEGER NOT NULL DEFAULT 1
);
`;

/** One citation found in a report's text. */
export interface Citation {
  type: 'A' | 'B';
  section: string | null;
  finding: string;
}

/**
 * The document texts file published with a snapshot: `<snapshot base name>.documents.db` beside
 * it (a SQLite file), holding the store's `documents` rows of that snapshot's homes as they stood
 * at publication, never changed after. Not named `.sqlite`, so whatever takes `*.sqlite` in the
 * folder for the snapshots (an operator's script, a backup rule) still takes only them.
 */
export function documentTextsFileOf(snapshotFile: string): string {
  return snapshotFile.replace(/\.sqlite$/, '.documents.db');
}

/** Names of document texts files: `<name>-<YYYY-MM-DD>[.<n>].documents.db`. */
export const DOCUMENT_TEXTS_FILE = /^([a-z0-9_-]+?)-(\d{4}-\d{2}-\d{2})(?:\.(\d+))?\.documents\.db$/;

/** The document texts file's one table: the store's `documents`, the same columns. */
export const DOCUMENT_TEXTS_DDL = `
CREATE TABLE ${DOCUMENTS_TABLE};
CREATE INDEX documents_license ON documents (license_number, date);
`;
