// The budgets' cost per hit on the request path (docs/benchmarks.md, "Every core"), in one process
// and as a cluster worker with leases from the primary: `npx tsx test/bench/budget-cost.ts` prints
// it on its own; `npm run bench -- scaling` prints it after the cluster rows. A micro-measure, not a test.
import { pathToFileURL } from 'node:url';
import { FixedWindowBudget } from '../../serve/http/rate-limit.ts';
import { BudgetLedger, shareBudgets, WorkerBudgets, type BudgetMessage } from '../../serve/http/shared-budgets.ts';

/**
 * µs per hit of a budget of `limit` counting `clients` callers, in one process or as one of two
 * cluster workers. A worker's asks go to a real BudgetLedger in this process, answered on the next
 * tick, each message serialized as process.send does (JSON); the pipe and the other process are
 * not counted. Each caller sends `perWindow` hits a window (under the limit), then the clock moves
 * to the next window, so every lease runs out and is asked for again as in real traffic.
 */
export async function budgetCost(shared: boolean, limit: number, clients: number, hits: number, perWindow: number): Promise<number> {
  const ledger = new BudgetLedger(2);
  let workerBudgets: WorkerBudgets | null = null;
  workerBudgets = shared
    ? new WorkerBudgets((message) => {
        const ask = JSON.parse(JSON.stringify(message)) as Extract<BudgetMessage, { type: 'care-home:budget-ask' }>;
        setImmediate(() => {
          const grant = ledger.grant(ask.budget, ask.client, ask.end, ask.limit, ask.want, clock);
          workerBudgets!.receive(JSON.parse(JSON.stringify({ type: 'care-home:budget-grant', id: ask.id, ...grant })) as BudgetMessage);
        });
        return true;
      })
    : null;
  shareBudgets(workerBudgets);
  let clock = Math.floor(Date.now() / 60_000) * 60_000 + 1;
  try {
    const budget = new FixedWindowBudget(limit, 60_000);
    workerBudgets?.start();
    const addresses = Array.from({ length: clients }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    const started = performance.now();
    for (let i = 0; i < hits; i += 1) {
      if (i % (clients * perWindow) === 0 && i > 0) clock += 60_000;
      const wait = budget.hit(addresses[i % clients]!, clock);
      if (typeof wait !== 'number') await wait;
    }
    return ((performance.now() - started) * 1000) / hits;
  } finally {
    shareBudgets(null);
  }
}


/** The table: callers 1 and 10,000, budget 120 (a slice of 13 over two workers). */
export async function budgetCosts(hits = 2_000_000): Promise<Array<Record<string, string | number>>> {
  await budgetCost(false, 120, 1_000, hits, 100); // warm-up: both paths compiled before either is timed
  await budgetCost(true, 120, 1_000, hits, 100);
  const costs: Array<Record<string, string | number>> = [];
  for (const clients of [1, 10_000]) {
    costs.push({
      callers: clients,
      'one process µs/hit': (await budgetCost(false, 120, clients, hits, 100)).toFixed(3),
      // Budget 120, two workers: a slice of 13, so about one hit in 13 waits for the primary.
      'cluster worker µs/hit (asks included)': (await budgetCost(true, 120, clients, hits, 100)).toFixed(3),
    });
  }
  return costs;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await budgetCosts());
}
