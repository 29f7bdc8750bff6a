// The operator store behind one interface (docs/operations.md, "The operator store"): the overlay
// reads it, the forms and the operator CLI write it, and none of them knows where it lives. On one
// machine it is SQLITE_STORE beside the snapshots; with DATABASE_URL it is PostgreSQL, shared by
// every instance. openOperatorStore (operator-store-open.ts) is the one place that chooses.
//
// SQLite answers synchronously and PostgreSQL does not, so every method may return either a value
// or a promise of it: callers in async code await it, and the SQLite path stays exactly as
// synchronous as it always was (a test or the CLI that reads the store right after a write sees it).
import type { ClearanceKey } from '../../contract/facts.ts';
import type { DisputeAnnotation, HandoffMode } from '../../contract/overlay.ts';

export type MaybePromise<T> = T | Promise<T>;

/** What the overlay is built from, as the store holds it (not yet checked against the known clearances and modes). */
export interface StoredOverlay {
  /** Held (not closed) reviews, ordered by license and clearance. */
  reviews: Array<{ license_number: string; clearance: string }>;
  disputes: Array<DisputeAnnotation & { license_number: string }>;
  /** The hand-off mode setting, null when never set. */
  handoffMode: string | null;
}

/** What `npm run operator -- list` shows. */
export interface HeldState {
  handoffMode: string | null;
  reviews: Array<{ license_number: string; clearance: string; opened_at: string; note: string | null }>;
  disputes: Array<{ license_number: string; field: string; approved_on: string; text: string }>;
}

/** The two tables families' submissions land in. */
export type SubmissionTable = 'coordination_requests' | 'corrections';

export interface CoordinationRequestRow {
  received_at: string;
  /** JSON arrays, as stored. */
  licenses: string;
  needs: string;
  timing: string | null;
  family_name: string;
  family_phone: string;
  consent: string;
  assistant_client: string | null;
  link_expires_at: string;
}

export interface CorrectionRow {
  received_at: string;
  license_number: string;
  field: string;
  what_is_wrong: string;
  should_say: string;
  source_url: string | null;
}

export interface OperatorStore {
  /** Where the store is, for logs and /healthz: a file, or PostgreSQL's host, port and database (never a password). */
  readonly where: string;
  /** The overlay's rows; null when there is no store yet (nothing is held). Throws when the store cannot be read. */
  readOverlay(): MaybePromise<StoredOverlay | null>;
  /** Holds a clearance under review; false when one was already held. */
  openReview(license: string, clearance: ClearanceKey, openedAt: string, note: string | null): MaybePromise<boolean>;
  /** Releases a held review; false when none was held. */
  closeReview(license: string, clearance: ClearanceKey, closedAt: string): MaybePromise<boolean>;
  addDispute(license: string, annotation: DisputeAnnotation): MaybePromise<void>;
  setHandoffMode(mode: HandoffMode): MaybePromise<void>;
  held(): MaybePromise<HeldState>;
  /** Every row of a submissions table, every column, by id. */
  submissions(table: SubmissionTable): MaybePromise<Array<Record<string, unknown>>>;
  /** False when no such row. */
  deleteSubmission(table: SubmissionTable, id: number): MaybePromise<boolean>;
  storeCoordinationRequest(row: CoordinationRequestRow): MaybePromise<void>;
  storeCorrection(row: CorrectionRow): MaybePromise<void>;
  /**
   * Calls `onChange` when what the overlay reads may have changed, sooner than the next poll, where
   * the store can say so (PostgreSQL: LISTEN). Best effort: the poll stays the guarantee. Returns the stop.
   */
  watch?(onChange: () => void): () => void;
  /** Lets go of connections; the store is not used after. */
  close(): MaybePromise<void>;
}

/** `fn` applied to a value, at once when it is one, when it arrives when it is a promise. */
export function whenRead<T, U>(value: MaybePromise<T>, fn: (settled: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(fn) : fn(value);
}
