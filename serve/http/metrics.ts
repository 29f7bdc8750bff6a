// Operational metrics in Prometheus's text format (prom-client), served on a listener of their
// own (METRICS_PORT, loopback by default) and never on the public port: requests by route and
// status, latency, 429s by budget, the served snapshot's date and age, overlay reloads and
// snapshot switches. Labels are route patterns and budget names only, never a path's values.
// With several cluster workers the primary holds the listener and sums the workers' registries.
import http from 'node:http';
import type { Request } from '@hapi/hapi';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { OverlayStore } from '../records/overlay.ts';
import type { SnapshotStore } from '../records/snapshot.ts';
import { localUrl } from './settings.ts';

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    /** The /api budgets this request spent (set when the limiter refused it). */
    spentBudgets?: readonly string[];
  }
}

export const METRICS_PATH = '/metrics';

/** A snapshot's date (YYYY-MM-DD, the schedule's day) as Unix seconds at its midnight UTC. */
function dateSeconds(date: string | null): number | null {
  const ms = date ? Date.parse(`${date}T00:00:00Z`) : NaN;
  return Number.isNaN(ms) ? null : ms / 1000;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly latency: Histogram<'route' | 'method'>;
  private readonly refused: Counter<'budget'>;

  constructor(snapshots: SnapshotStore, overlays: OverlayStore, now: () => number = Date.now) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its response, by route pattern and method.',
      labelNames: ['route', 'method'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.refused = new Counter({
      name: 'rate_limited_total',
      help: 'Requests refused with 429, by budget (api_all, api_v1, check; otherwise the route pattern, such as /mcp).',
      labelNames: ['budget'],
      registers,
    });
    new Gauge({
      name: 'snapshot_date_seconds',
      help: "The served snapshot's date (its run day), as Unix seconds at midnight UTC.",
      registers,
      // Across workers, the oldest one served (one that has not switched yet shows).
      aggregator: 'min',
      collect() {
        const seconds = dateSeconds(snapshots.current.meta.snapshotDate);
        if (seconds !== null) this.set(seconds);
      },
    });
    new Gauge({
      name: 'snapshot_age_seconds',
      help: "Seconds since the served snapshot's date: grows by a day for each day no run was published.",
      registers,
      aggregator: 'max',
      collect() {
        const seconds = dateSeconds(snapshots.current.meta.snapshotDate);
        if (seconds !== null) this.set(Math.max(0, Math.round(now() / 1000 - seconds)));
      },
    });
    // The stores count their own events; the counters read those counts at each scrape.
    const counted = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    counted('overlay_reloads_total', 'Operator store reads that replaced the overlay.', () => overlays.reloads);
    counted('overlay_reload_failures_total', 'Operator store reads that failed (the last overlay kept serving).', () => overlays.reloadFailures);
    counted('snapshot_switches_total', 'Newer snapshots switched in without a restart.', () => snapshots.switches);
  }

  /** Called once per finished request. */
  observe(request: Request, status: number | null): void {
    // A request refused by the /api budgets never reached the router.
    const route = request.app.spentBudgets ? 'refused_before_routing' : (request.route?.path ?? 'unmatched');
    const method = request.method.toUpperCase();
    this.requests.inc({ route, method, status: status === null ? 'none' : String(status) });
    this.latency.observe({ route, method }, ((request.info.completed || Date.now()) - request.info.received) / 1000);
    if (status === 429) for (const budget of request.app.spentBudgets ?? [route]) this.refused.inc({ budget });
  }

  /** The metrics listener: GET /metrics, anything else 404. Resolves with its address. */
  listen(port: number, host: string): Promise<MetricsListener> {
    return listenForScrapes(port, host, () => this.registry.metrics());
  }
}

/** One worker's metrics as the primary gathers them (prom-client's JSON form). */
export type WorkerMetrics = MetricObjectWithValues<MetricValue<string>>[];

/** The workers' metrics as one: counters and histograms summed, each gauge by its own aggregator. */
export function aggregateWorkers(workers: WorkerMetrics[]): Promise<string> {
  return AggregatorRegistry.aggregate(workers).metrics();
}

/** The metrics listener: GET /metrics answers what `collect` gathers, anything else 404. Resolves with its address. */
export async function listenForScrapes(port: number, host: string, collect: () => Promise<string>): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Metrics are at ${METRICS_PATH}.\n`);
      return;
    }
    collect().then(
      (text) => response.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected.\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `${localUrl(host, bound)}${METRICS_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}
