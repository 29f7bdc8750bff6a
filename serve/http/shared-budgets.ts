// Budgets for the whole server when several cluster workers share its port (docs/operations.md,
// "Every core"). Each worker counts its own hits at once and, every SYNC_MS, sends what it counted
// since to the primary; the primary sums each caller's window over the workers and sends every
// other worker the part it did not count itself. A worker refuses when its own count plus the
// others' last-known count is over the limit, so the request path never waits on another process.
//
// The overshoot is bounded: when a worker admits a caller's last request, what it has not yet
// heard of is what the other workers counted for that caller since their last send, plus what is
// still on its way. So the whole server admits at most the limit plus, for each other worker, the
// requests it received from that caller in one sync interval (and never more than the limit per
// worker, since each refuses on its own count). Windows are fixed by the wall clock (they end at
// multiples of the window), so every worker counts the same window.
import { LRUCache } from 'lru-cache';

/** How often a worker sends its counts (the overshoot bound is what other workers admit in this time). */
export const SYNC_MS = 100;

/** Distinct clients remembered per budget; the oldest are forgotten first (as in one process). */
const MAX_TRACKED_CLIENTS = 50_000;

/** A budget's counts for one caller and window: [budget, client, window end (ms), count]. */
export type WindowCount = [budget: number, client: string, end: number, count: number];

/** Worker -> primary: hits counted since the last send. Primary -> worker: the other workers' counts. */
export type BudgetMessage = { type: 'care-home:budget-hits'; hits: WindowCount[] } | { type: 'care-home:budget-others'; others: WindowCount[] } | { type: 'care-home:budget-hello' };

export function isBudgetMessage(message: unknown): message is BudgetMessage {
  return typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string' && (message as { type: string }).type.startsWith('care-home:budget-');
}

interface SharedWindow {
  /** When the window ends (ms since the epoch): a multiple of the window's length. */
  end: number;
  /** Hits this worker counted, refused ones too (as in one process). */
  own: number;
  /** Hits the other workers counted, as the primary last said. */
  others: number;
  /** Own hits not yet sent to the primary. */
  unsent: number;
}

/** One budget's windows in one worker. */
export class SharedBudget {
  private readonly windows = new LRUCache<string, SharedWindow>({ max: MAX_TRACKED_CLIENTS });
  /** Windows with hits not yet sent, by client. */
  private readonly pending = new Map<string, SharedWindow>();

  constructor(
    readonly id: number,
    readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request; returns the seconds until the window ends when over budget, else 0. */
  hit(client: string, now: number, count = 1): number {
    const end = now - (now % this.windowMs) + this.windowMs;
    let window = this.windows.get(client);
    if (!window || window.end < end) {
      window = { end, own: 0, others: 0, unsent: 0 };
      this.windows.set(client, window);
    }
    window.own += count;
    if (window.unsent === 0) this.pending.set(client, window);
    window.unsent += count;
    if (window.own + window.others <= this.limit) return 0;
    return Math.max(1, Math.ceil((window.end - now) / 1000));
  }

  /** The hits counted since the last call, for the primary. */
  takeHits(into: WindowCount[]): void {
    for (const [client, window] of this.pending) {
      into.push([this.id, client, window.end, window.unsent]);
      window.unsent = 0;
    }
    this.pending.clear();
  }

  /** What the other workers counted for a caller, as the primary last summed it. */
  setOthers(client: string, end: number, others: number): void {
    const window = this.windows.get(client);
    if (window && window.end === end) window.others = Math.max(window.others, others);
    else if (!window || window.end < end) this.windows.set(client, { end, own: 0, others, unsent: 0 });
  }
}

/** Where a worker's counts go: process.send in a cluster worker, a function in tests. */
export type SendToPrimary = (message: BudgetMessage) => void;

/** A worker's budgets: made as the server builds them, in the same order in every worker. */
export class WorkerBudgets {
  private readonly budgets: SharedBudget[] = [];
  /** Counts the primary sent before this worker had built the budget they are for. */
  private readonly early: WindowCount[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly send: SendToPrimary) {}

  /**
   * A budget's identity across workers is the order it was made in: every worker runs the same
   * code and builds one server, so the n-th budget is the same budget in each.
   */
  register(limit: number, windowMs: number): SharedBudget {
    // One made later (per request, say) could get another number in each worker and mix counts.
    if (this.timer) throw new Error('A budget must be made while the server is built, before it serves: its number is its identity across workers');
    const budget = new SharedBudget(this.budgets.length, limit, windowMs);
    this.budgets.push(budget);
    const waiting = this.early.filter(([id]) => id === budget.id);
    for (const [, client, end, others] of waiting) budget.setOthers(client, end, others);
    return budget;
  }

  /** Sends what was counted since the last send (nothing when nothing was). */
  flush(): void {
    const hits: WindowCount[] = [];
    for (const budget of this.budgets) budget.takeHits(hits);
    if (hits.length > 0) this.send({ type: 'care-home:budget-hits', hits });
  }

  /** A message from the primary. */
  receive(message: BudgetMessage): void {
    if (message.type !== 'care-home:budget-others') return;
    for (const count of message.others) {
      const budget = this.budgets[count[0]];
      if (budget) budget.setOthers(count[1], count[2], count[3]);
      else this.early.push(count);
    }
  }

  /** Asks the primary for the counts so far: before the server is built, so they are in place before it serves. */
  hello(): void {
    this.send({ type: 'care-home:budget-hello' });
  }

  /** Once the server is built (every budget made): sends every SYNC_MS. */
  start(): void {
    this.early.length = 0;
    this.timer ??= setInterval(() => this.flush(), SYNC_MS).unref();
  }
}

interface Tally {
  budget: number;
  client: string;
  end: number;
  byWorker: Map<number, number>;
}

/** Most caller windows the primary holds: MAX_TRACKED_CLIENTS for each of a server's budgets, with room. */
const MAX_TALLIES = 1_000_000;

/** The primary's sums: each caller's window, per worker. Pure: the cluster wiring is in cluster.ts. */
export class BudgetTally {
  private readonly tallies = new Map<string, Tally>();

  /**
   * Adds one worker's hits. Returns, for each of the other workers, what the others counted in
   * every window these hits touched.
   */
  add(from: number, hits: readonly WindowCount[], workers: readonly number[], now: number): Map<number, WindowCount[]> {
    const touched: Tally[] = [];
    for (const [budget, client, end, count] of hits) {
      if (end <= now) continue; // a window already over everywhere
      const key = `${budget}\n${client}`;
      let tally = this.tallies.get(key);
      if (tally && tally.end > end) continue; // a late send for a window already replaced
      if (!tally || tally.end < end) {
        if (tally) this.tallies.delete(key); // re-inserted last, so the map's order stays oldest first
        tally = { budget, client, end, byWorker: new Map() };
        this.tallies.set(key, tally);
        this.bound();
      }
      tally.byWorker.set(from, (tally.byWorker.get(from) ?? 0) + count);
      touched.push(tally);
    }
    const updates = new Map<number, WindowCount[]>();
    for (const worker of workers) {
      if (worker === from || touched.length === 0) continue;
      updates.set(
        worker,
        touched.map((tally) => [tally.budget, tally.client, tally.end, othersThan(tally, worker)]),
      );
    }
    return updates;
  }

  /** Every current window, for a worker that just started (it has counted nothing yet). */
  everything(worker: number, now: number): WindowCount[] {
    this.sweep(now);
    return [...this.tallies.values()].map((tally) => [tally.budget, tally.client, tally.end, othersThan(tally, worker)]);
  }

  /** Forgets windows that are over. */
  sweep(now: number): void {
    for (const [key, tally] of this.tallies) if (tally.end <= now) this.tallies.delete(key);
  }

  get size(): number {
    return this.tallies.size;
  }

  private bound(): void {
    if (this.tallies.size <= MAX_TALLIES) return;
    const oldest = this.tallies.keys().next();
    if (!oldest.done) this.tallies.delete(oldest.value);
  }
}

function othersThan(tally: Tally, worker: number): number {
  let sum = 0;
  for (const [id, count] of tally.byWorker) if (id !== worker) sum += count;
  return sum;
}

/** The budgets of this process when it is a cluster worker (set before the server is built), else null. */
let shared: WorkerBudgets | null = null;

export function shareBudgets(budgets: WorkerBudgets | null): void {
  shared = budgets;
}

export function sharedBudgets(): WorkerBudgets | null {
  return shared;
}
