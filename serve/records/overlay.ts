// Reads the operator store (clearance reviews, approved dispute annotations, hand-off mode) on a
// timer, read-only, through its one interface (operator-store.ts: the SQLite file, or PostgreSQL
// with DATABASE_URL, whose notifications also wake it at once; each process reads with its own
// store, as each cluster worker builds its own). A missing file means nothing is held; an unreadable one keeps the last good
// overlay, so a glitch never drops a held review. Corrections fail closed across restarts too:
// every good read is kept in a last-good copy beside the store (overlay-copy.ts), which a process
// that starts while the store cannot be read serves instead (stale, and /healthz says since when);
// with neither, the store reports the overlay unavailable and the server refuses to answer (503).
import { createHash } from 'node:crypto';
import { CLEARANCE_KEYS, type ClearanceKey } from '../../contract/facts.ts';
import { DEFAULT_HANDOFF_MODE, HANDOFF_MODES, type DisputeAnnotation, type HandoffMode } from '../../contract/overlay.ts';
import type { Logger } from '../lib/log.ts';
import { pushTo } from '../lib/multimap.ts';
import { readOverlayCopy, writeOverlayCopy, type OverlayRows } from './overlay-copy.ts';
import { openOperatorStore } from './operator-store-open.ts';
import type { OperatorStore, StoredOverlay } from './operator-store.ts';

const NOTHING: readonly never[] = Object.freeze([]);

/** One read of the operator store; what it holds is immutable, replaced whole on the next read. */
export class Overlay {
  private readonly reviewsByLicense = new Map<string, ClearanceKey[]>();
  private readonly licensesByClearance = new Map<ClearanceKey, string[]>();
  private readonly disputesByLicense = new Map<string, DisputeAnnotation[]>();
  /** Names what the overlay holds: equal versions serve equal records (records and ETags key on it). */
  readonly version: string;

  constructor(
    private readonly reviews: ReadonlyArray<{ license_number: string; clearance: ClearanceKey }>,
    private readonly disputes: ReadonlyArray<DisputeAnnotation & { license_number: string }>,
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

  /** What the overlay was built from, as the last-good copy keeps it. */
  rows(): OverlayRows {
    return { reviews: this.reviews, disputes: this.disputes, handoffMode: this.handoffMode };
  }

  static fromRows(rows: OverlayRows, loadedAt: string | null): Overlay {
    return new Overlay(rows.reviews, rows.disputes, rows.handoffMode, loadedAt);
  }

  get disputesHeld(): number {
    return this.disputes.length;
  }

  get reviewsHeld(): number {
    let count = 0;
    for (const clearances of this.reviewsByLicense.values()) count += clearances.length;
    return count;
  }
}

/** The overlay a read of the store makes; only known clearances and modes count. Null when there is no store. */
function overlayFrom(stored: StoredOverlay | null): Overlay | null {
  if (stored === null) return null;
  const heldReviews = stored.reviews.filter((row): row is { license_number: string; clearance: ClearanceKey } =>
    (CLEARANCE_KEYS as readonly string[]).includes(row.clearance),
  );
  const mode = HANDOFF_MODES.find((candidate) => candidate === stored.handoffMode) ?? DEFAULT_HANDOFF_MODE;
  return new Overlay(heldReviews, stored.disputes, mode, new Date().toISOString());
}

export interface OverlayStoreOptions {
  /** Where the last-good copy is kept (and the SQLite store, when no other is given). */
  snapshotsDir: string;
  pollMs: number;
  log: Logger;
  /** The operator store to read; by default the SQLite file in snapshotsDir. */
  store?: OperatorStore;
}

/** How the served overlay stands, for /healthz. */
export interface OverlayHealth {
  /** current: read from the store (or no store: nothing held); stale: the store cannot be read and an older overlay serves; unavailable: no good overlay at all. */
  state: 'current' | 'stale' | 'unavailable';
  /** Where the served overlay came from. */
  source: 'store' | 'no store' | 'last-good copy' | 'none';
  /** When the served overlay was last read good from the store: it is stale since then (null unless stale). */
  staleSince: string | null;
  /** Why the store could not be read (null when it could). */
  reason: string | null;
}

/** The last-good copy is rewritten at most this often when the store is unchanged (so its date stays close). */
const COPY_REFRESH_MS = 60_000;

export class OverlayStore {
  /** Null until a good overlay is read (from the store, or its last-good copy). */
  private overlay: Overlay | null = null;
  private source: OverlayHealth['source'] = 'none';
  private failure: string | null = null;
  /** The version and time of the last-good copy this process wrote (or read). */
  private copied: { version: string; at: number } | null = null;
  private poller: NodeJS.Timeout | null = null;
  private readonly store: OperatorStore;
  /** The read in flight, when the store answers asynchronously (PostgreSQL): a poll never starts a second. */
  private reading: Promise<void> | null = null;
  private followUp: Promise<void> | null = null;
  private unwatch: (() => void) | null = null;
  /** Settles when the first read has (good or not). */
  private readonly firstRead: Promise<void>;
  /** True once a read answered asynchronously (PostgreSQL). */
  private answersLater = false;
  /** Reads that replaced the overlay, and reads that failed (read by the metrics). */
  reloads = 0;
  reloadFailures = 0;

  constructor(private readonly options: OverlayStoreOptions) {
    this.store = options.store ?? openOperatorStore({ snapshotsDir: options.snapshotsDir, databaseUrl: null }, options.log);
    this.firstRead = Promise.resolve(this.refresh());
  }

  /**
   * Settles when the server may listen: the first read done and, with a store that answers
   * asynchronously, tried once more if it failed (start-up keeps the process busy, so a first
   * connection can time out that the next one makes). At once with SQLite: its first read is done.
   */
  async ready(): Promise<void> {
    await this.firstRead;
    if (this.answersLater && this.failure !== null) await this.refresh();
  }

  /**
   * The overlay requests read. While `health().state` is unavailable the server refuses requests
   * (server.ts), so this empty overlay is never served as if no review were held.
   */
  get current(): Overlay {
    return this.overlay ?? UNAVAILABLE;
  }

  /** True when no good overlay was ever read: nothing may be served as if no review were held. */
  get unavailable(): boolean {
    return this.overlay === null;
  }

  health(): OverlayHealth {
    if (this.overlay === null) return { state: 'unavailable', source: 'none', staleSince: null, reason: this.failure };
    const stale = this.failure !== null;
    return { state: stale ? 'stale' : 'current', source: this.source, staleSince: stale ? this.overlay.loadedAt : null, reason: this.failure };
  }

  /**
   * Re-reads the store now; keeps the last good overlay (or its copy) when the store is unreadable,
   * or absent after one was held. Done on return with SQLite; with PostgreSQL, when the promise settles.
   */
  refresh(): void | Promise<void> {
    // A read asked for while one is in flight may follow a write that read missed: one more follows it.
    if (this.reading) return (this.followUp ??= this.reading.then(() => {
      this.followUp = null;
      return this.refresh();
    }));
    let read: ReturnType<OperatorStore['readOverlay']>;
    try {
      read = this.store.readOverlay();
    } catch (error) {
      return this.readFailed(error);
    }
    if (!(read instanceof Promise)) return this.take(overlayFrom(read));
    this.answersLater = true;
    this.reading = read.then(
      (stored) => this.take(overlayFrom(stored)),
      (error: unknown) => this.readFailed(error),
    ).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private readFailed(error: unknown): void {
    this.reloadFailures += 1;
    this.failure = `the operator store ${this.store.where} cannot be read: ${error instanceof Error ? error.message : String(error)}`;
    this.options.log.error('operator store unreadable; keeping the last overlay read', { store: this.store.where, reason: this.failure });
    this.fallBack();
  }

  private take(next: Overlay | null): void {
    if (next === null) {
      // No store: nothing is held, unless a review was held before (this process, or its copy).
      this.fallBack();
      if (this.overlay === null || (this.overlay.reviewsHeld === 0 && this.overlay.disputesHeld === 0)) {
        this.overlay = this.overlay ?? Overlay.empty();
        this.source = 'no store';
        this.failure = null;
      } else {
        this.failure = `the operator store ${this.store.where} is missing, though reviews or annotations were held`;
        this.options.log.warn('operator store missing; keeping the last overlay read', { store: this.store.where });
      }
      return;
    }
    this.failure = null;
    this.source = 'store';
    // An unchanged store keeps the overlay object, so nothing keyed on it is rebuilt per poll.
    if (this.overlay === null || next.version !== this.overlay.version) {
      this.overlay = next;
      this.reloads += 1;
    } else this.overlay.loadedAt = next.loadedAt;
    this.keepCopy(this.overlay);
  }

  /** Without a good read: the overlay held, else the last-good copy beside the store. */
  private fallBack(): void {
    if (this.overlay !== null) return;
    const copy = readOverlayCopy(this.options.snapshotsDir, this.options.log);
    if (!copy) return;
    this.overlay = Overlay.fromRows(copy.rows, copy.readAt);
    this.source = 'last-good copy';
    this.copied = { version: this.overlay.version, at: Date.parse(copy.readAt) };
    this.options.log.warn('serving the last-good overlay copy', { read_at: copy.readAt, reviews_held: this.overlay.reviewsHeld });
  }

  private keepCopy(overlay: Overlay): void {
    const now = Date.now();
    if (this.copied && this.copied.version === overlay.version && now - this.copied.at < COPY_REFRESH_MS) return;
    if (writeOverlayCopy(this.options.snapshotsDir, overlay.rows(), overlay.loadedAt ?? new Date(now).toISOString(), this.options.log)) {
      this.copied = { version: overlay.version, at: now };
    }
  }

  /** Re-reads every pollMs, and at once when the store says it changed (PostgreSQL's notifications). */
  poll(): void {
    // A poll that finds a read in flight (a slow database) skips its turn rather than queueing one.
    this.poller = setInterval(() => {
      if (!this.reading) void this.refresh();
    }, this.options.pollMs);
    this.poller.unref();
    this.unwatch = this.store.watch?.(() => void this.refresh()) ?? null;
  }

  close(): void {
    if (this.poller) clearInterval(this.poller);
    this.unwatch?.();
  }
}

/** What `current` gives while no good overlay exists (requests are refused meanwhile). */
const UNAVAILABLE = Overlay.empty();
