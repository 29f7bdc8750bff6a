// Budgets for the whole server when several cluster workers share its port (docs/operations.md,
// "Budgets across workers"). The primary holds each caller's window of each budget and hands out
// its hits in leases: a worker that has none left for a caller asks the primary for a slice and
// admits from it on its own until it is spent, so most hits never leave the worker. The primary
// grants at most the limit plus a stated overshoot (at most a tenth of the limit) per window, so a
// burst across every worker at once gets at most that; and it grants the overshoot only because a
// slice another worker holds may go unused, so a caller is never refused before the limit.
//
// With W workers, a limit L and a slice S = 1 + floor(floor(L / 10) / (W - 1)), the primary grants at
// most L + (W - 1) x (S - 1) <= L + L / 10 hits a window. Each other worker holds at most S - 1 hits
// it was granted and did not use (it asks only when it has none, and uses one at once), so when the
// primary has nothing left to grant at least L hits were admitted. Windows are fixed by the wall
// clock (they end at multiples of the window), so every worker counts the same window.
import { LRUCache } from 'lru-cache';

/** Distinct clients remembered per budget; the oldest are forgotten first (as in one process). */
const MAX_TRACKED_CLIENTS = 50_000;

/**
 * How long a worker waits for the primary's grant before it admits on its own (the primary is
 * stopping or stuck). Long, so a slow primary on a busy machine does not turn the bound into a guess;
 * a grant that comes later still goes to the lease, so no granted hit is lost.
 */
export const ASK_TIMEOUT_MS = 5_000;

/** Worker -> primary: a lease of `want` or more hits. Primary -> worker: what it granted, and whether the window is spent. */
export type BudgetMessage =
  | { type: 'care-home:budget-ask'; id: number; budget: number; client: string; end: number; limit: number; want: number }
  | { type: 'care-home:budget-grant'; id: number; granted: number; spent: boolean };

export function isBudgetMessage(message: unknown): message is BudgetMessage {
  return typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string' && (message as { type: string }).type.startsWith('care-home:budget-');
}

/** The hits a worker is granted at a time, and the most the primary grants a window, for a limit and a number of workers. */
export function leaseTerms(limit: number, workers: number): { slice: number; cap: number } {
  if (workers <= 1) return { slice: Math.max(1, limit), cap: limit };
  const slice = 1 + Math.floor(Math.floor(limit / 10) / (workers - 1));
  return { slice, cap: limit + (workers - 1) * (slice - 1) };
}

interface Lease {
  /** When the window ends (ms since the epoch): a multiple of the window's length. */
  end: number;
  /** Hits granted to this worker and not yet used. */
  left: number;
  /** The primary has nothing left to grant this window. */
  spent: boolean;
  /** The ask on its way, which every hit that finds the lease empty waits for. */
  asking: Promise<void> | null;
}

/** Where a worker's asks go and how grants come back: process.send in a cluster worker, a function in tests. */
export interface PrimaryLink {
  ask(message: Extract<BudgetMessage, { type: 'care-home:budget-ask' }>): void;
}

/** One budget's leases in one worker. */
export class SharedBudget {
  private readonly leases = new LRUCache<string, Lease>({ max: MAX_TRACKED_CLIENTS });

  constructor(
    readonly id: number,
    readonly limit: number,
    private readonly windowMs: number,
    private readonly asker: (budget: SharedBudget, client: string, end: number, want: number) => Promise<{ granted: number; spent: boolean }>,
  ) {}

  /** A grant that came after its ask had timed out (and `took` hits were admitted without it): what is over goes to the lease. */
  lateGrant(client: string, end: number, granted: number, took: number, spent: boolean): void {
    const lease = this.leases.get(client);
    if (!lease || lease.end !== end) return;
    lease.left += Math.max(0, granted - took);
    lease.spent ||= spent;
  }

  /**
   * Counts `count` calls; returns the seconds until the window ends when over budget, else 0: at once
   * while this worker's lease lasts, else once the primary has answered.
   */
  hit(client: string, now: number, count = 1): number | Promise<number> {
    const end = now - (now % this.windowMs) + this.windowMs;
    let lease = this.leases.get(client);
    if (!lease || lease.end < end) {
      lease = { end, left: 0, spent: false, asking: null };
      this.leases.set(client, lease);
    }
    if (lease.left >= count) {
      lease.left -= count;
      return 0;
    }
    if (lease.spent) return this.refuse(lease, now);
    return this.waitForLease(client, lease, count, now);
  }

  private async waitForLease(client: string, lease: Lease, count: number, now: number): Promise<number> {
    for (;;) {
      if (lease.left >= count) {
        lease.left -= count;
        return 0;
      }
      if (lease.spent) return this.refuse(lease, now);
      lease.asking ??= this.asker(this, client, lease.end, count - lease.left).then(({ granted, spent }) => {
        lease.left += granted;
        lease.spent = spent;
        lease.asking = null;
      });
      await lease.asking;
    }
  }

  /** Over budget: what is left of the lease goes with the refused calls (refused calls count, as in one process). */
  private refuse(lease: Lease, now: number): number {
    lease.left = 0;
    return Math.max(1, Math.ceil((lease.end - now) / 1000));
  }
}

/** A worker's budgets: made as the server builds them, in the same order in every worker. */
export class WorkerBudgets {
  private readonly budgets: SharedBudget[] = [];
  private readonly waiting = new Map<number, (grant: { granted: number; spent: boolean }) => void>();
  private asked = 0;
  private serving = false;

  constructor(private readonly send: (message: BudgetMessage) => boolean) {}

  /**
   * A budget's identity across workers is the order it was made in: every worker runs the same
   * code and builds one server, so the n-th budget is the same budget in each.
   */
  register(limit: number, windowMs: number): SharedBudget {
    // One made later (per request, say) could get another number in each worker and mix counts.
    if (this.serving) throw new Error('A budget must be made while the server is built, before it serves: its number is its identity across workers');
    const budget = new SharedBudget(this.budgets.length, limit, windowMs, (from, client, end, want) => this.ask(from, client, end, want));
    this.budgets.push(budget);
    return budget;
  }

  private ask(budget: SharedBudget, client: string, end: number, want: number): Promise<{ granted: number; spent: boolean }> {
    const id = (this.asked += 1);
    return new Promise((resolve) => {
      let timedOut = false;
      // No primary to answer (it is stopping or stuck): admit on our own rather than hold the request.
      const alone = () => {
        timedOut = true;
        resolve({ granted: want, spent: false });
        // A grant that never comes (the primary is gone) is not waited for forever.
        setTimeout(() => this.waiting.delete(id), 12 * ASK_TIMEOUT_MS).unref?.();
      };
      const timer = setTimeout(alone, ASK_TIMEOUT_MS);
      timer.unref?.();
      this.waiting.set(id, (grant) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        if (timedOut) budget.lateGrant(client, end, grant.granted, want, grant.spent);
        else resolve(grant);
      });
      if (!this.send({ type: 'care-home:budget-ask', id, budget: budget.id, client, end, limit: budget.limit, want })) {
        clearTimeout(timer);
        this.waiting.delete(id);
        alone();
      }
    });
  }

  /** A message from the primary. */
  receive(message: BudgetMessage): void {
    if (message.type !== 'care-home:budget-grant') return;
    this.waiting.get(message.id)?.({ granted: message.granted, spent: message.spent });
  }

  /** Once the server is built (every budget made). */
  start(): void {
    this.serving = true;
  }
}

interface Window {
  end: number;
  granted: number;
}

/** Most caller windows the primary holds: MAX_TRACKED_CLIENTS for each of a server's budgets, with room. */
const MAX_WINDOWS = 1_000_000;

/** The primary's side: each caller's window of each budget, and what it granted. Pure: the wiring is in cluster.ts. */
export class BudgetLedger {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly workers: number) {}

  /** A worker asks for `want` hits of a caller's window: it gets a slice (or `want`, when more), as far as the window's cap allows. */
  grant(budget: number, client: string, end: number, limit: number, want: number, now: number): { granted: number; spent: boolean } {
    if (end <= now) return { granted: want, spent: false }; // a window already over: the worker's next hit starts a new one
    const { slice, cap } = leaseTerms(limit, this.workers);
    const key = `${budget}\n${client}`;
    let window = this.windows.get(key);
    if (window && window.end > end) return { granted: 0, spent: true }; // a late ask for a window already replaced
    if (!window || window.end < end) {
      if (window) this.windows.delete(key); // re-inserted last, so the map's order stays oldest first
      window = { end, granted: 0 };
      this.windows.set(key, window);
      this.bound();
    }
    const granted = Math.max(0, Math.min(Math.max(want, slice), cap - window.granted));
    window.granted += granted;
    return { granted, spent: window.granted >= cap };
  }

  /** Forgets windows that are over. */
  sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.end <= now) this.windows.delete(key);
  }

  get size(): number {
    return this.windows.size;
  }

  private bound(): void {
    if (this.windows.size <= MAX_WINDOWS) return;
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }
}

/** The budgets of this process when it is a cluster worker (set before the server is built), else null. */
let shared: WorkerBudgets | null = null;

export function shareBudgets(budgets: WorkerBudgets | null): void {
  shared = budgets;
}

export function sharedBudgets(): WorkerBudgets | null {
  return shared;
}
