// The document store: a SQLite file beside the snapshots that holds each state report's text
// once, whichever snapshots list it. The pipeline writes it; the server reads it (read-only) for
// transcribed texts, including reports the state no longer lists.

export const DOCUMENT_STORE_FILE = 'documents.sqlite';

export const DOCUMENT_STORE_DDL = `
CREATE TABLE IF NOT EXISTS documents (
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
);
CREATE INDEX IF NOT EXISTS documents_license ON documents (license_number, date);

-- Per license, the last good facility detail and document index as the pipeline normalized them.
CREATE TABLE IF NOT EXISTS facility_state (
  license_number TEXT PRIMARY KEY,
  detail_json TEXT,
  detail_fetched_on TEXT,
  index_json TEXT,
  index_fetched_on TEXT,
  -- What the index was read for: the export's visit dates, or 'detail:' and the detail's fingerprint.
  index_basis TEXT
);
`;

/** One citation found in a report's text. */
export interface Citation {
  type: 'A' | 'B';
  section: string | null;
  finding: string;
}
