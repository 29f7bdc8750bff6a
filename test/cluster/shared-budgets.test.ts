// The budgets' leases across cluster workers (serve/http/shared-budgets.ts), with the real worker
// and primary classes joined by an in-memory channel instead of IPC, so each ask is delivered
// exactly when the test says: over random orders of hits and deliveries, the whole server admits
// at least the limit (when asked that many) and at most the limit plus the stated overshoot
// (docs/operations.md, "Budgets across workers").
import test from 'ava';
import fc from 'fast-check';
import { FixedWindowBudget } from '../../serve/http/rate-limit.ts';
import { ASK_TIMEOUT_MS, BudgetLedger, leaseTerms, shareBudgets, WorkerBudgets, type BudgetMessage, type SharedBudget } from '../../serve/http/shared-budgets.ts';

const WINDOW_MS = 60_000;
/** A time inside one window (windows end at multiples of WINDOW_MS). */
const NOW = 1_800_000_000_000 + 1_000;

type Ask = Extract<BudgetMessage, { type: 'care-home:budget-ask' }>;

/** Lets every promise that can settle settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** W workers and a primary, as serve/http/cluster.ts joins them; asks wait in a queue until delivered. */
function clusterOf(workers: number, limit: number) {
  const ledger = new BudgetLedger(workers);
  const queue: Array<{ from: number; ask: Ask }> = [];
  const nodes = new Map<number, { budgets: WorkerBudgets; budget: SharedBudget }>();
  const join = (id: number) => {
    const budgets = new WorkerBudgets((message) => {
      if (message.type === 'care-home:budget-ask') queue.push({ from: id, ask: message });
      return true;
    });
    const budget = budgets.register(limit, WINDOW_MS);
    budgets.start();
    nodes.set(id, { budgets, budget });
  };
  for (let id = 1; id <= workers; id += 1) join(id);
  let admitted = 0;
  let refused = 0;
  const pending: Array<Promise<void>> = [];
  return {
    ledger,
    join,
    get admitted() {
      return admitted;
    },
    get refused() {
      return refused;
    },
    /** One request at worker `id`, counted as admitted or refused once it is decided. */
    hit(id: number, client = '203.0.113.7', now = NOW): void {
      const wait = nodes.get(id)!.budget.hit(client, now);
      const count = (seconds: number) => (seconds === 0 ? (admitted += 1) : (refused += 1));
      if (typeof wait === 'number') count(wait);
      else pending.push(wait.then(count).then(() => {}));
    },
    /** Delivers the ask at `index` of the queue (the oldest by default) and the primary's answer. */
    async deliver(index = 0, now = NOW): Promise<boolean> {
      const [next] = queue.splice(index % Math.max(1, queue.length), 1);
      if (!next) return false;
      const { ask } = next;
      const grant = ledger.grant(ask.budget, ask.client, ask.end, ask.limit, ask.want, now);
      nodes.get(next.from)!.budgets.receive({ type: 'care-home:budget-grant', id: ask.id, ...grant });
      await settle();
      return true;
    },
    async deliverAll(now = NOW): Promise<void> {
      await settle();
      while (await this.deliver(0, now)) {}
      await Promise.all(pending);
    },
    queued: () => queue.length,
  };
}

test('the lease terms: a slice per ask, and at most a tenth of the limit over it per window', (t) => {
  t.deepEqual(leaseTerms(60, 2), { slice: 7, cap: 66 });
  t.deepEqual(leaseTerms(30, 2), { slice: 4, cap: 33 });
  t.deepEqual(leaseTerms(120, 2), { slice: 13, cap: 132 });
  t.deepEqual(leaseTerms(60, 8), { slice: 1, cap: 60 }, 'many workers: one hit at a time, no overshoot');
  t.deepEqual(leaseTerms(5, 2), { slice: 1, cap: 5 });
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 2, max: 256 }), (limit, workers) => {
      const { slice, cap } = leaseTerms(limit, workers);
      return slice >= 1 && cap >= limit && cap <= limit + Math.floor(limit / 10) && cap - limit === (workers - 1) * (slice - 1);
    }),
  );
});

test('a burst of 200 at once over two workers, budget 60: at least 60 and at most 66 admitted', async (t) => {
  const cluster = clusterOf(2, 60);
  for (let i = 0; i < 200; i += 1) cluster.hit((i % 2) + 1);
  t.is(cluster.admitted, 0, 'no lease yet: every hit waits for the primary');
  await cluster.deliverAll();
  t.true(cluster.admitted >= 60 && cluster.admitted <= 66, `admitted ${cluster.admitted}`);
  t.is(cluster.admitted + cluster.refused, 200);
});

test('most hits never leave the worker: one ask per slice', async (t) => {
  const cluster = clusterOf(2, 60);
  cluster.hit(1);
  t.is(cluster.queued(), 1);
  await cluster.deliverAll();
  for (let i = 0; i < 6; i += 1) cluster.hit(1);
  t.is(cluster.queued(), 0, 'the slice of 7 covers the next 6');
  t.is(cluster.admitted, 7);
  cluster.hit(1);
  t.is(cluster.queued(), 1);
});

test('a worker that starts mid-window is refused for a caller who spent the budget on the others', async (t) => {
  const cluster = clusterOf(2, 30);
  for (let i = 0; i < 40; i += 1) cluster.hit((i % 2) + 1);
  await cluster.deliverAll();
  cluster.join(3);
  cluster.hit(3);
  await cluster.deliverAll();
  t.is(cluster.refused, 40 - cluster.admitted + 1, 'the new worker refused the caller');
  const before = cluster.admitted;
  cluster.hit(3, '198.51.100.9');
  await cluster.deliverAll();
  t.is(cluster.admitted, before + 1, 'another caller keeps a budget of its own');
});

test('windows end at multiples of the window on every worker; a new window grants afresh', async (t) => {
  const cluster = clusterOf(2, 1);
  const end = Math.ceil(NOW / WINDOW_MS) * WINDOW_MS;
  cluster.hit(1, '203.0.113.7', end - 10_500);
  cluster.hit(2, '203.0.113.7', end - 10_500);
  await cluster.deliverAll(end - 10_500);
  t.is(cluster.admitted, 1);
  t.is(cluster.refused, 1);
  cluster.hit(2, '203.0.113.7', end);
  await cluster.deliverAll(end);
  t.is(cluster.admitted, 2);
  cluster.ledger.sweep(end + WINDOW_MS);
  t.is(cluster.ledger.size, 0, 'windows that are over are forgotten');
});

test('over random orders of hits and deliveries: at least min(limit, hits), at most the cap', async (t) => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 2, max: 4 }),
      fc.integer({ min: 1, max: 80 }),
      fc.array(fc.record({ worker: fc.nat(), deliver: fc.boolean(), pick: fc.nat() }), { minLength: 1, maxLength: 300 }),
      async (workers, limit, steps) => {
        const cluster = clusterOf(workers, limit);
        let hits = 0;
        for (const step of steps) {
          if (step.deliver) await cluster.deliver(step.pick);
          else {
            cluster.hit((step.worker % workers) + 1);
            hits += 1;
          }
        }
        await cluster.deliverAll();
        const { cap } = leaseTerms(limit, workers);
        if (cluster.admitted > cap) throw new Error(`admitted ${cluster.admitted} > cap ${cap}`);
        if (cluster.admitted < Math.min(limit, hits)) throw new Error(`admitted ${cluster.admitted} of ${hits} under a limit of ${limit}`);
        if (cluster.admitted + cluster.refused !== hits) throw new Error('a hit was never decided');
      },
    ),
    { numRuns: 200, seed: 39 },
  );
  t.pass();
});

test('a budget built in a cluster worker asks the primary; in one process it counts alone, at once', async (t) => {
  const sent: BudgetMessage[] = [];
  const budgets = new WorkerBudgets((message) => (sent.push(message), true));
  shareBudgets(budgets);
  let shared: FixedWindowBudget;
  try {
    shared = new FixedWindowBudget(2, WINDOW_MS);
  } finally {
    shareBudgets(null);
  }
  const wait = shared.hit('192.0.2.1', NOW);
  t.true(wait instanceof Promise);
  t.like(sent, [{ type: 'care-home:budget-ask', budget: 0, client: '192.0.2.1', end: Math.ceil(NOW / WINDOW_MS) * WINDOW_MS, limit: 2, want: 1 }]);
  budgets.receive({ type: 'care-home:budget-grant', id: (sent[0] as Ask).id, granted: 2, spent: true });
  t.is(await wait, 0);
  t.is(shared.hit('192.0.2.1', NOW), 0, 'the rest of the lease, at once');
  t.is(shared.hit('192.0.2.1', NOW), 59, 'spent: refused at once');

  const alone = new FixedWindowBudget(2, WINDOW_MS);
  // One process keeps its per-caller windows: they start at the caller's first request.
  t.is(alone.hit('192.0.2.1', NOW), 0);
  t.is(alone.hit('192.0.2.1', NOW + 1), 0);
  t.is(alone.hit('192.0.2.1', NOW + 2), 60);
  t.is(sent.length, 1, 'a budget made outside a worker sends nothing');
});

test('with no primary to answer (it is stopping), a worker admits on its own', async (t) => {
  const budgets = new WorkerBudgets(() => false);
  const budget = budgets.register(5, WINDOW_MS);
  budgets.start();
  t.is(await budget.hit('192.0.2.1', NOW), 0);
});

test('a grant that comes after its ask timed out still goes to the lease: no granted hit is lost', async (t) => {
  const asks: Ask[] = [];
  const budgets = new WorkerBudgets((message) => (message.type === 'care-home:budget-ask' && asks.push(message), true));
  const budget = budgets.register(60, WINDOW_MS);
  budgets.start();
  const awake = setTimeout(() => {}, 2 * ASK_TIMEOUT_MS); // the worker's timer is unref'd: keep this process up meanwhile
  t.is(await budget.hit('192.0.2.1', NOW), 0, 'admitted on its own once the wait ran out');
  clearTimeout(awake);
  t.true(ASK_TIMEOUT_MS >= 5_000);
  budgets.receive({ type: 'care-home:budget-grant', id: asks[0]!.id, granted: 7, spent: false });
  for (let i = 0; i < 6; i += 1) t.is(budget.hit('192.0.2.1', NOW), 0, 'the rest of the late slice, at once');
  t.true(budget.hit('192.0.2.1', NOW) instanceof Promise, 'then it asks again');
  t.is(asks.length, 2);
});

test('a budget made after the worker started serving is refused, so no two budgets share a number', (t) => {
  const budgets = new WorkerBudgets(() => true);
  budgets.register(5, WINDOW_MS);
  budgets.start();
  t.throws(() => budgets.register(5, WINDOW_MS), { message: /must be made while the server is built/ });
});
