// Reads the operator store (clearance reviews, approved dispute annotations, hand-off mode) on a
// timer, read-only. A missing file means nothing is held; an unreadable one keeps the last good
// overlay, so a glitch never drops a held review.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CLEARANCE_KEYS, type ClearanceKey } from '../../contract/facts.ts';
import {
  DEFAULT_HANDOFF_MODE,
  HANDOFF_MODES,
  OPERATOR_SETTING,
  OPERATOR_STORE_FILE,
  type DisputeAnnotation,
  type HandoffMode,
} from '../../contract/overlay.ts';
import type { Logger } from '../lib/log.ts';
import { pushTo } from '../lib/multimap.ts';

const NOTHING: readonly never[] = Object.freeze([]);

/** One read of the operator store; what it holds is immutable, replaced whole on the next read. */
export class Overlay {
  private readonly reviewsByLicense = new Map<string, ClearanceKey[]>();
  private readonly licensesByClearance = new Map<ClearanceKey, string[]>();
  private readonly disputesByLicense = new Map<string, DisputeAnnotation[]>();
  /** Names what the overlay holds: equal versions serve equal records (records and ETags key on it). */
  readonly version: string;

  constructor(
    reviews: ReadonlyArray<{ license_number: string; clearance: ClearanceKey }>,
    disputes: ReadonlyArray<DisputeAnnotation & { license_number: string }>,
    readonly handoffMode: HandoffMode,
    /** When the store was last read (an unchanged re-read moves it on). */
    public loadedAt: string | null,
  ) {
    for (const { license_number, clearance } of reviews) {
      pushTo(this.reviewsByLicense, license_number, clearance);
      pushTo(this.licensesByClearance, clearance, license_number);
    }
    for (const { license_number, field, text, approved_on } of disputes) {
      pushTo(this.disputesByLicense, license_number, { field, text, approved_on });
    }
    this.version = createHash('sha256')
      .update(JSON.stringify([reviews.map((row) => [row.license_number, row.clearance]), disputes, handoffMode]))
      .digest('base64url')
      .slice(0, 16);
  }

  static empty(): Overlay {
    return new Overlay([], [], DEFAULT_HANDOFF_MODE, null);
  }

  /** Clearances of this license under a held correction review. */
  reviewsOf(license: string): readonly ClearanceKey[] {
    return this.reviewsByLicense.get(license) ?? NOTHING;
  }

  /** Every license with a clearance under a held review. */
  licensesWithReviews(): Iterable<string> {
    return this.reviewsByLicense.keys();
  }

  /** Licenses whose clearance is under a held review (they must not match a `needs` filter). */
  licensesUnderReview(clearance: ClearanceKey): readonly string[] {
    return this.licensesByClearance.get(clearance) ?? NOTHING;
  }

  disputesOf(license: string): readonly DisputeAnnotation[] {
    return this.disputesByLicense.get(license) ?? NOTHING;
  }

  /** True when the stored record must be changed before it is served. */
  touches(license: string): boolean {
    return this.reviewsByLicense.has(license) || this.disputesByLicense.has(license);
  }

  get reviewsHeld(): number {
    let count = 0;
    for (const clearances of this.reviewsByLicense.values()) count += clearances.length;
    return count;
  }
}

/** Reads the store file once; throws when it exists but cannot be read. Null when absent. */
function readOverlay(filePath: string): Overlay | null {
  if (!fs.existsSync(filePath)) return null;
  const db = new Database(filePath, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((row) => row.name),
    );
    const reviews = tables.has('clearance_reviews')
      ? (db
          .prepare('SELECT license_number, clearance FROM clearance_reviews WHERE closed_at IS NULL ORDER BY license_number, clearance')
          .all() as Array<{ license_number: string; clearance: string }>)
      : [];
    const disputes = tables.has('dispute_annotations')
      ? (db
          .prepare('SELECT license_number, field, text, approved_on FROM dispute_annotations ORDER BY license_number, approved_on, id')
          .all() as Array<DisputeAnnotation & { license_number: string }>)
      : [];
    const modeRow = tables.has('settings')
      ? (db.prepare('SELECT value FROM settings WHERE key = ?').get(OPERATOR_SETTING.handoffMode) as { value: string } | undefined)
      : undefined;
    const mode = HANDOFF_MODES.find((candidate) => candidate === modeRow?.value) ?? DEFAULT_HANDOFF_MODE;
    const heldReviews = reviews.filter((row): row is { license_number: string; clearance: ClearanceKey } =>
      (CLEARANCE_KEYS as readonly string[]).includes(row.clearance),
    );
    return new Overlay(heldReviews, disputes, mode, new Date().toISOString());
  } finally {
    db.close();
  }
}

export interface OverlayStoreOptions {
  snapshotsDir: string;
  pollMs: number;
  log: Logger;
}

export class OverlayStore {
  private overlay: Overlay = Overlay.empty();
  private poller: NodeJS.Timeout | null = null;
  readonly filePath: string;
  /** Reads that replaced the overlay, and reads that failed (read by the metrics). */
  reloads = 0;
  reloadFailures = 0;

  constructor(private readonly options: OverlayStoreOptions) {
    this.filePath = path.join(options.snapshotsDir, OPERATOR_STORE_FILE);
    this.refresh();
  }

  get current(): Overlay {
    return this.overlay;
  }

  /** Re-reads the store now; keeps the last good overlay when the file is absent or unreadable. */
  refresh(): void {
    try {
      const next = readOverlay(this.filePath);
      // An unchanged store keeps the overlay object, so nothing keyed on it is rebuilt per poll.
      if (next && next.version !== this.overlay.version) {
        this.overlay = next;
        this.reloads += 1;
      } else if (next) this.overlay.loadedAt = next.loadedAt;
      else if (this.overlay.loadedAt !== null) {
        this.options.log.warn('operator store missing; keeping the last overlay read', { file: this.filePath });
      }
    } catch (error) {
      this.reloadFailures += 1;
      this.options.log.error('operator store unreadable; keeping the last overlay read', {
        file: this.filePath,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }

  poll(): void {
    this.poller = setInterval(() => this.refresh(), this.options.pollMs);
    this.poller.unref();
  }

  close(): void {
    if (this.poller) clearInterval(this.poller);
  }
}
