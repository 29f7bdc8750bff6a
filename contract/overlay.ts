// The operator store: state that changes between pipeline runs and is held by a person, not the
// state record. It is a small SQLite file beside the snapshots (never inside one), written by the
// operator CLI and re-read by the server, so a review shows within minutes without a new run.
import type { ClearanceKey } from './facts.ts';

export const OPERATOR_STORE_FILE = 'operator.sqlite';

export const HANDOFF_MODES = ['self_serve_only', 'coordination_available'] as const;
export type HandoffMode = (typeof HANDOFF_MODES)[number];
/** The service's current state: nothing is sent to any home (spec, family hand-off). */
export const DEFAULT_HANDOFF_MODE: HandoffMode = 'self_serve_only';

/** Keys of the settings table. */
export const OPERATOR_SETTING = { handoffMode: 'handoff_mode' } as const;

export const OPERATOR_STORE_DDL = `
CREATE TABLE IF NOT EXISTS clearance_reviews (
  id INTEGER PRIMARY KEY,
  license_number TEXT NOT NULL,
  clearance TEXT NOT NULL CHECK (clearance IN ('dementia', 'hospice', 'non_ambulatory', 'bedridden')),
  opened_at TEXT NOT NULL,
  closed_at TEXT,
  note TEXT
);
-- One held review per license and clearance; closed reviews stay as history.
CREATE UNIQUE INDEX IF NOT EXISTS clearance_reviews_held
  ON clearance_reviews (license_number, clearance) WHERE closed_at IS NULL;

CREATE TABLE IF NOT EXISTS dispute_annotations (
  id INTEGER PRIMARY KEY,
  license_number TEXT NOT NULL,
  field TEXT NOT NULL,
  text TEXT NOT NULL,
  approved_on TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`;

export interface ClearanceReview {
  license_number: string;
  clearance: ClearanceKey;
  opened_at: string;
  closed_at: string | null;
  note: string | null;
}

/** An approved dispute annotation as a Facility record's `disputes` item carries it. */
export interface DisputeAnnotation {
  field: string;
  text: string;
  approved_on: string;
}
