// The budgets' counting across cluster workers (serve/http/shared-budgets.ts), with the real
// worker and primary classes joined by an in-memory channel instead of IPC, so each send and
// delivery happens exactly when the test says: the overshoot bound stated in
// docs/operations.md ("Every core") holds over random orders of hits and sends.
import test from 'ava';
import fc from 'fast-check';
import { FixedWindowBudget } from '../../serve/http/rate-limit.ts';
import { BudgetTally, shareBudgets, WorkerBudgets, type BudgetMessage, type SharedBudget } from '../../serve/http/shared-budgets.ts';

const WINDOW_MS = 60_000;
/** A time inside one window (windows end at multiples of WINDOW_MS). */
const NOW = 1_800_000_000_000 + 1_000;

/** W workers and a primary, as serve/http/cluster.ts joins them, with sends delivered at once. */
function clusterOf(workers: number, limit: number, windowMs = WINDOW_MS) {
  const tally = new BudgetTally();
  const ids = Array.from({ length: workers }, (_, i) => i + 1);
  const nodes = new Map<number, { budgets: WorkerBudgets; budget: SharedBudget }>();
  const primaryReceives = (from: number, message: BudgetMessage, now: number) => {
    if (message.type === 'care-home:budget-hello') {
      nodes.get(from)!.budgets.receive({ type: 'care-home:budget-others', others: tally.everything(from, now) });
    } else if (message.type === 'care-home:budget-hits') {
      for (const [id, others] of tally.add(from, message.hits, [...nodes.keys()], now)) nodes.get(id)!.budgets.receive({ type: 'care-home:budget-others', others });
    }
  };
  let clock = NOW;
  const join = (id: number) => {
    const budgets = new WorkerBudgets((message) => primaryReceives(id, message, clock));
    nodes.set(id, { budgets, budget: null as unknown as SharedBudget });
    // As a worker starts: it says hello before it builds its budgets; the answer waits for them.
    budgets.hello();
    const budget = budgets.register(limit, windowMs);
    nodes.get(id)!.budget = budget;
    return budget;
  };
  for (const id of ids) join(id);
  return {
    tally,
    join,
    /** One request from `client` at worker `id`: true when admitted. */
    hit: (id: number, client = '203.0.113.7', now = clock) => nodes.get(id)!.budget.hit(client, now) === 0,
    retryAfter: (id: number, client = '203.0.113.7', now = clock) => nodes.get(id)!.budget.hit(client, now),
    flush: (id: number) => nodes.get(id)!.budgets.flush(),
    setClock: (now: number) => (clock = now),
  };
}

test('worst case: two workers each admit the whole budget before their first send, then both refuse', (t) => {
  const cluster = clusterOf(2, 30);
  let admitted = 0;
  for (let i = 0; i < 30; i += 1) admitted += Number(cluster.hit(1)) + Number(cluster.hit(2));
  // The bound: limit + (workers - 1) x what one worker got in one interval (30 here).
  t.is(admitted, 60);
  cluster.flush(1);
  cluster.flush(2);
  t.false(cluster.hit(1));
  t.false(cluster.hit(2));
});

test('after a send, the other worker refuses a caller who spent the budget on the first', (t) => {
  const cluster = clusterOf(2, 30);
  for (let i = 0; i < 30; i += 1) t.true(cluster.hit(1));
  cluster.flush(1);
  t.false(cluster.hit(2), 'worker 2 knows the 30 worker 1 counted');
  t.true(cluster.hit(2, '198.51.100.9'), 'another caller keeps a budget of its own');
});

test('a worker that starts mid-window learns the counts so far', (t) => {
  const cluster = clusterOf(2, 30);
  for (let i = 0; i < 20; i += 1) cluster.hit(1);
  for (let i = 0; i < 10; i += 1) cluster.hit(2);
  cluster.flush(1);
  cluster.flush(2);
  cluster.join(3);
  t.false(cluster.hit(3));
});

test('windows end at multiples of the window on every worker; Retry-After counts down to that end', (t) => {
  const cluster = clusterOf(2, 1);
  const end = Math.ceil(NOW / WINDOW_MS) * WINDOW_MS;
  cluster.setClock(end - 10_500);
  t.true(cluster.hit(1));
  cluster.flush(1);
  t.is(cluster.retryAfter(2), 11);
  cluster.setClock(end);
  t.true(cluster.hit(2), 'a new window on the wall clock, whatever each worker saw first');
  cluster.flush(2);
  t.false(cluster.hit(1));
});

test('counts of a window that is over are dropped by the primary', (t) => {
  const cluster = clusterOf(2, 5);
  cluster.hit(1);
  cluster.flush(1);
  t.is(cluster.tally.size, 1);
  cluster.tally.sweep(Math.ceil(NOW / WINDOW_MS) * WINDOW_MS);
  t.is(cluster.tally.size, 0);
});

test('overshoot stays within limit + (workers - 1) x the most one worker received between two of its sends', (t) => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 4 }),
      fc.integer({ min: 1, max: 40 }),
      fc.array(fc.record({ worker: fc.nat(), send: fc.boolean() }), { minLength: 1, maxLength: 300 }),
      (workers, limit, steps) => {
        const cluster = clusterOf(workers, limit);
        const sinceSend = new Array<number>(workers + 1).fill(0);
        let most = 0;
        let admitted = 0;
        for (const step of steps) {
          const id = (step.worker % workers) + 1;
          if (step.send) {
            cluster.flush(id);
            sinceSend[id] = 0;
          } else {
            admitted += Number(cluster.hit(id));
            sinceSend[id]! += 1;
            most = Math.max(most, sinceSend[id]!);
          }
        }
        const hits = steps.filter((step) => !step.send).length;
        if (admitted > limit + (workers - 1) * most) throw new Error(`admitted ${admitted} > ${limit} + ${workers - 1} x ${most}`);
        if (admitted < Math.min(limit, hits)) throw new Error(`admitted ${admitted} of ${hits} under a limit of ${limit}`);
        // Once every worker has sent, the server as a whole is held to the limit.
        for (let id = 1; id <= workers; id += 1) cluster.flush(id);
        if (admitted >= limit) for (let id = 1; id <= workers; id += 1) if (cluster.hit(id)) throw new Error(`worker ${id} admitted past the limit after every send`);
      },
    ),
    { numRuns: 300 },
  );
  t.pass();
});

test('a budget built in a cluster worker counts through the shared budgets; in one process it does not', (t) => {
  const sent: BudgetMessage[] = [];
  const budgets = new WorkerBudgets((message) => sent.push(message));
  shareBudgets(budgets);
  try {
    const shared = new FixedWindowBudget(2, WINDOW_MS);
    shared.hit('192.0.2.1', NOW);
    budgets.flush();
    t.deepEqual(sent, [{ type: 'care-home:budget-hits', hits: [[0, '192.0.2.1', Math.ceil(NOW / WINDOW_MS) * WINDOW_MS, 1]] }]);
  } finally {
    shareBudgets(null);
  }
  const alone = new FixedWindowBudget(2, WINDOW_MS);
  alone.hit('192.0.2.1', NOW);
  budgets.flush();
  t.is(sent.length, 1, 'a budget made outside a worker sends nothing');
  // One process keeps its per-caller windows: they start at the caller's first request.
  t.is(alone.hit('192.0.2.1', NOW + 1), 0);
  t.is(alone.hit('192.0.2.1', NOW + 2), 60);
});

test('a budget made after the worker started serving is refused, so no two budgets share a number', (t) => {
  const budgets = new WorkerBudgets(() => {});
  budgets.register(5, WINDOW_MS);
  budgets.start();
  t.throws(() => budgets.register(5, WINDOW_MS), { message: /must be made while the server is built/ });
});
