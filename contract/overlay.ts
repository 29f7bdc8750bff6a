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

-- A family's request that the service arrange calls or visits (hand-off mode
-- coordination_available), written by the plan page's submit. Operator-only: no API, MCP tool,
-- page or log reads it; the operator lists and exports it with the CLI.
CREATE TABLE IF NOT EXISTS coordination_requests (
  id INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL,
  licenses TEXT NOT NULL,
  needs TEXT NOT NULL,
  timing TEXT,
  family_name TEXT NOT NULL,
  family_phone TEXT NOT NULL,
  consent TEXT NOT NULL,
  assistant_client TEXT,
  link_expires_at TEXT NOT NULL
);

-- Corrections sent with the corrections form: the home, the field, what is wrong, what the record
-- should say and an optional source link. No name, phone or e-mail is asked for.
CREATE TABLE IF NOT EXISTS corrections (
  id INTEGER PRIMARY KEY,
  received_at TEXT NOT NULL,
  license_number TEXT NOT NULL,
  field TEXT NOT NULL,
  what_is_wrong TEXT NOT NULL,
  should_say TEXT NOT NULL,
  source_url TEXT
);
`;

/** A stored coordination request, as the operator CLI exports it. */
export interface CoordinationRequest {
  id: number;
  received_at: string;
  licenses: string[];
  needs: string[];
  timing: string | null;
  family_name: string;
  family_phone: string;
  /** The consent sentence the family ticked, word for word. */
  consent: string;
  /** The assistant's MCP client name while the link was within its 7 days; null after. */
  assistant_client: string | null;
  link_expires_at: string;
}

/** A stored correction, as the operator CLI exports it. */
export interface CorrectionSubmission {
  id: number;
  received_at: string;
  license_number: string;
  field: string;
  what_is_wrong: string;
  should_say: string;
  source_url: string | null;
}

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
