// Serving on every core (WEB_CONCURRENCY, docs/operations.md "Every core"): Node's own cluster.
// The primary serves nothing itself: it forks the workers, which share the public port (the
// primary hands each new connection to the next worker), replaces a worker that dies while the
// others go on serving, grants the budgets' leases (shared-budgets.ts), sums the workers' metrics,
// and on SIGTERM or SIGINT stops every worker cleanly. Each worker is the one-process server:
// it builds its own stores, so it switches snapshots and re-reads the overlay on its own.
import cluster, { type Worker } from 'node:cluster';
import type { Registry } from 'prom-client';
import type { Logger } from '../lib/log.ts';
import { HandoffSigner } from './handoff-link.ts';
import { aggregateWorkers, listenForScrapes, type MetricsListener, type WorkerMetrics } from './metrics.ts';
import { BudgetLedger, isBudgetMessage, shareBudgets, WorkerBudgets, type BudgetMessage } from './shared-budgets.ts';
import { localUrl, type Settings } from './settings.ts';

type MetricsMessage = { type: 'care-home:metrics-ask'; id: number } | { type: 'care-home:metrics'; id: number; metrics: WorkerMetrics | null };

function isMetricsMessage(message: unknown): message is MetricsMessage {
  const type = (message as { type?: unknown } | null)?.type;
  return type === 'care-home:metrics-ask' || type === 'care-home:metrics';
}

/** How long a scrape waits for a worker's metrics; one that does not answer (dying) is left out. */
const METRICS_WAIT_MS = 2_000;
/** How long the workers get to finish their requests on shutdown before they are killed. */
const STOP_WAIT_MS = 10_000;
/** A replacement that dies before it listens is started again after this, doubling up to a minute. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
/** How often the primary forgets budget windows that are over. */
const SWEEP_MS = 10_000;

/** A worker's link to the primary, made before its server is built (so its budgets are the cluster's). */
export interface ClusterLink {
  /** Called once the worker's server listens: starts sending counts and answering scrapes. */
  serving(registry: Registry): void;
}

export function joinCluster(): ClusterLink {
  const send = (message: BudgetMessage | MetricsMessage): boolean => {
    if (!process.connected) return false;
    process.send!(message);
    return true;
  };
  const budgets = new WorkerBudgets(send);
  shareBudgets(budgets);
  let registry: Registry | null = null;
  process.on('message', (message: unknown) => {
    if (isBudgetMessage(message)) budgets.receive(message);
    else if (isMetricsMessage(message) && message.type === 'care-home:metrics-ask') {
      const answer = registry ? registry.getMetricsAsJSON() : Promise.resolve(null);
      answer.then(
        (metrics) => send({ type: 'care-home:metrics', id: message.id, metrics }),
        () => send({ type: 'care-home:metrics', id: message.id, metrics: null }),
      );
    }
  });
  return {
    serving(served) {
      registry = served;
      budgets.start();
    },
  };
}

/**
 * Runs the primary: forks `settings.workers` workers of this same entry file and keeps them
 * going until SIGTERM or SIGINT. Resolves once every worker listens; exits the process with 1
 * when a worker cannot start (it has said why on stderr).
 */
export async function servePrimary(settings: Settings, log: Logger): Promise<void> {
  // The hand-off key file, when none is set, is made here once: workers starting together could
  // otherwise read it while another is still writing it, and sign with different keys.
  HandoffSigner.fromSettings(settings.handoffSecret, settings.snapshotsDir);
  const ledger = new BudgetLedger(settings.workers);
  const listening = new Set<number>();
  let stopping = false;
  let started = false;
  let retryMs = FIRST_RETRY_MS;
  let metricsListener: MetricsListener | null = null;

  const send = (worker: Worker | undefined, message: BudgetMessage | MetricsMessage) => {
    if (worker?.isConnected()) worker.send(message);
  };

  const fork = () => cluster.fork();

  let resolveStarted: (url: string) => void;
  const allListening = new Promise<string>((resolve) => (resolveStarted = resolve));

  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    retryMs = FIRST_RETRY_MS;
    if (started) log.info('worker serving', { pid: worker.process.pid, workers: listening.size });
    else if (listening.size === settings.workers) {
      resolveStarted(localUrl(settings.host, address.port));
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    if (stopping) return;
    if (!started) {
      // A worker that cannot start (a port in use, a bad snapshot) will not start the next time either.
      log.error('a worker could not start; stopping', { pid: worker.process.pid, code, signal });
      void stopWorkers().then(() => process.exit(1));
      return;
    }
    log.warn('worker exited; starting another', { pid: worker.process.pid, code, signal });
    if (wasListening) fork();
    else {
      // Its replacement died before listening too: wait, so a lasting fault does not spin.
      setTimeout(() => stopping || fork(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  });

  cluster.on('message', (worker, message: unknown) => {
    if (!isBudgetMessage(message) || message.type !== 'care-home:budget-ask') return;
    const { granted, spent } = ledger.grant(message.budget, message.client, message.end, message.limit, message.want, Date.now());
    send(worker, { type: 'care-home:budget-grant', id: message.id, granted, spent });
  });
  setInterval(() => ledger.sweep(Date.now()), SWEEP_MS).unref();

  async function stopWorkers(): Promise<void> {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_WAIT_MS);
            worker.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  }

  const stop = () => {
    log.info('stopping', { workers: listening.size });
    Promise.all([stopWorkers(), metricsListener?.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  for (let i = 0; i < settings.workers; i += 1) fork();
  const url = await allListening;
  started = true;
  if (settings.metrics.port !== null) {
    metricsListener = await listenForScrapes(settings.metrics.port, settings.metrics.host, () => workersMetrics([...listening]));
  }
  log.info('serving', { url, base_url: settings.baseUrl, workers: listening.size, pid: process.pid, metrics: metricsListener?.url ?? null });
}

let asked = 0;

/** Every listening worker's metrics, summed; a worker that does not answer in time is left out. */
async function workersMetrics(ids: number[]): Promise<string> {
  const id = (asked += 1);
  const answers = await Promise.all(
    ids.map(
      (workerId) =>
        new Promise<WorkerMetrics | null>((resolve) => {
          const worker = cluster.workers?.[workerId];
          if (!worker?.isConnected()) return resolve(null);
          const done = (metrics: WorkerMetrics | null) => {
            clearTimeout(timer);
            worker.off('message', onMessage);
            worker.off('exit', onExit);
            resolve(metrics);
          };
          const onMessage = (message: unknown) => {
            if (isMetricsMessage(message) && message.type === 'care-home:metrics' && message.id === id) done(message.metrics);
          };
          const onExit = () => done(null);
          const timer = setTimeout(() => done(null), METRICS_WAIT_MS);
          worker.on('message', onMessage);
          worker.on('exit', onExit);
          worker.send({ type: 'care-home:metrics-ask', id } satisfies MetricsMessage);
        }),
    ),
  );
  return aggregateWorkers(answers.filter((metrics): metrics is WorkerMetrics => metrics !== null));
}
