// Per-IP request budgets (spec "Limits"): fixed one-minute windows counted in lru-cache, per
// server instance. Each budget is counted on its own; a request counts against every budget it
// falls under and is refused when any of them is spent. In a cluster worker the counts are the
// whole server's (shared-budgets.ts); in one process, this file alone.
import { LRUCache } from 'lru-cache';
import { sharedBudgets, type SharedBudget } from './shared-budgets.ts';
import type { RateLimits } from './settings.ts';

/** Distinct clients remembered per budget; the oldest are forgotten first. */
const MAX_TRACKED_CLIENTS = 50_000;

interface Window {
  startedAt: number;
  count: number;
}

/** One fixed window per caller: every budget of the server (/api, /mcp, downloads, the forms' submissions). */
export class FixedWindowBudget {
  private readonly windows: LRUCache<string, Window> | null;
  /** Set in a cluster worker: the whole server's counts, windows fixed by the wall clock. */
  private readonly shared: SharedBudget | null;

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.shared = sharedBudgets()?.register(limit, windowMs) ?? null;
    // No TTL: a window's own start says when it is over, and an idle client is forgotten by age.
    this.windows = this.shared ? null : new LRUCache<string, Window>({ max: MAX_TRACKED_CLIENTS });
  }

  /**
   * Counts `count` calls (one request; an MCP batch counts each message); returns the seconds until
   * the window resets when over budget, else 0. A number at once in one process and while a cluster
   * worker's lease lasts; a promise when the worker must ask the primary for more (shared-budgets.ts).
   */
  hit(client: string, now: number = Date.now(), count = 1): number | Promise<number> {
    if (this.shared) return this.shared.hit(client, now, count);
    const windows = this.windows!;
    let window = windows.get(client);
    if (!window || now - window.startedAt >= this.windowMs) {
      window = { startedAt: now, count: 0 };
      windows.set(client, window);
    }
    window.count += count;
    if (window.count <= this.limit) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000));
  }
}

export interface BudgetVerdict {
  allowed: boolean;
  /** Seconds to wait before every spent budget has reset. */
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly apiV1: FixedWindowBudget;
  private readonly apiAll: FixedWindowBudget;
  private readonly check: FixedWindowBudget;

  constructor(limits: RateLimits) {
    this.apiV1 = new FixedWindowBudget(limits.apiV1, limits.windowMs);
    this.apiAll = new FixedWindowBudget(limits.apiAll, limits.windowMs);
    this.check = new FixedWindowBudget(limits.check, limits.windowMs);
  }

  /** True for paths any budget covers. */
  static covers(path: string): boolean {
    return path === '/api' || path.startsWith('/api/');
  }

  /** `spent` names the budgets the request went over (api_all, api_v1, check), for the metrics. A promise only when a cluster worker waits for a lease. */
  hit(client: string, method: string, path: string, now: number = Date.now()): Verdict | Promise<Verdict> {
    const underV1 = path === '/api/v1' || path.startsWith('/api/v1/');
    const isCheck = underV1 && method === 'post' && path.replace(/\/+$/, '') === '/api/v1/check';
    const names = ['api_all'];
    const waits = [this.apiAll.hit(client, now)];
    if (underV1) {
      names.push('api_v1');
      waits.push(this.apiV1.hit(client, now));
    }
    if (isCheck) {
      names.push('check');
      waits.push(this.check.hit(client, now));
    }
    if (waits.every((wait) => typeof wait === 'number')) return verdictOf(names, waits as number[]);
    return Promise.all(waits).then((settled) => verdictOf(names, settled));
  }
}

type Verdict = BudgetVerdict & { spent: string[] };

function verdictOf(names: readonly string[], waits: readonly number[]): Verdict {
  const retryAfterSeconds = Math.max(...waits);
  if (retryAfterSeconds === 0) return ALLOWED;
  return { allowed: false, retryAfterSeconds, spent: names.filter((_, i) => waits[i]! > 0) };
}

/** The one verdict of every request within its budgets (never mutated). */
const ALLOWED: BudgetVerdict & { spent: string[] } = Object.freeze({ allowed: true, retryAfterSeconds: 0, spent: [] as string[] });

/** "a minute" for the usual window, else the window in seconds. */
export function perWindow(windowMs: number): string {
  return windowMs === 60_000 ? 'a minute' : `per ${windowMs / 1000} seconds`;
}

/** The /api 429 sentence, with the budgets this server was configured with. */
export function overBudgetMessage(limits: RateLimits, retryAfterSeconds: number): string {
  const per = perWindow(limits.windowMs);
  return (
    `Too many requests from this address: slow down and retry after ${retryAfterSeconds} seconds. ` +
    `Budgets per IP: ${limits.apiV1} ${per} on /api/v1, ${limits.apiAll} ${per} on all /api paths, ${limits.check} ${per} on POST /api/v1/check.`
  );
}

/**
 * The caller a budget is counted for: the peer address, or, behind `hops` proxies of ours, the
 * X-Forwarded-For entry our outermost proxy appended (the hops-th from the right). Each proxy
 * appends the address it was reached from, so entries further left came from the client and
 * would let it pick a fresh budget per request. Used by every budget (/api, /mcp, downloads, forms).
 */
export function callerAddress(
  request: { headers: Record<string, unknown>; info: { remoteAddress: string } },
  hops: number,
): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (hops > 0 && typeof forwarded === 'string') {
    const entries = forwarded.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    // Fewer entries than proxies: every one was written by a proxy of ours, so the first is the client.
    const client = entries[Math.max(0, entries.length - hops)];
    if (client) return client;
  }
  return request.info.remoteAddress;
}
