// Composition root: settings -> stores -> hapi with one plugin per surface. `npm start` runs
// main(), which first builds a snapshot from the seeds when the folder has no valid one, then
// serves in this process (WEB_CONCURRENCY=1) or forks one cluster worker per core, each of which
// runs main() again as a worker (http/cluster.ts).
import cluster from 'node:cluster';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import Boom from '@hapi/boom';
import Hapi, { type Request, type ResponseObject, type ResponseToolkit, type Server } from '@hapi/hapi';
import { changesPlugin } from './rest/changes.ts';
import { dataPlugin } from './data/plugin.ts';
import { addDemoNotice } from './http/demo.ts';
import { discoveryPlugin } from './discovery/plugin.ts';
import { shapeError } from './http/errors.ts';
import { HandoffSigner } from './http/handoff-link.ts';
import { healthPlugin } from './http/health.ts';
import { createLogger, type Logger } from './lib/log.ts';
import { Metrics, type MetricsListener } from './http/metrics.ts';
import { joinCluster, servePrimary } from './http/cluster.ts';
import { mcpPlugin } from './mcp/plugin.ts';
import { openApiPlugin } from './rest/openapi/plugin.ts';
import { errorPage } from './pages/error-page.ts';
import { pagesPlugin } from './pages/plugin.ts';
import { handoffPlugin } from './handoff/plugin.ts';
import { OverlayStore } from './records/overlay.ts';
import { openOperatorStore } from './records/operator-store-open.ts';
import { refuseWithoutOverlay } from './http/overlay-gate.ts';
import { answerOversizedChunkedBodies, answerRefusedRequests } from './http/oversized.ts';
import { answerStalledBodies, BODY_TIMEOUT_MS } from './http/body-timeout.ts';
import { callerAddress, overBudgetMessage, RateLimiter, type BudgetVerdict } from './http/rate-limit.ts';
import { logRequest } from './http/request-log.ts';
import { restPlugin } from './rest/plugin.ts';
import { sitePlugin } from './site/plugin.ts';
import { assetsPlugin } from './web/assets.ts';
import { ensurePagePolicy } from './web/page.ts';
import { releaseSnapshot, type Services } from './http/services.ts';
import { cacheTagger } from './http/etag.ts';
import { localUrl, settingsFromEnv, type Settings } from './http/settings.ts';
import { BaseUrlFiller } from './records/base-url.ts';
import { NoValidSnapshotError, SnapshotStore, hasValidSnapshot } from './records/snapshot.ts';
import { SnapshotSource } from './records/snapshot-source.ts';
import { ClientNameUsage } from './http/usage.ts';

export interface App {
  server: Server;
  /** Where the server listens, e.g. http://127.0.0.1:3000. */
  url: string;
  /** The metrics listener's address (its own port, never the public one), or null when off. */
  metricsUrl: string | null;
  /** The metrics this server counts (a cluster worker hands them to the primary). */
  metrics: Metrics;
  services: Services;
  close(): Promise<void>;
}

function statusOf(request: Request): number | null {
  const response = request.response;
  if (!response) return null;
  return 'isBoom' in response && response.isBoom ? response.output.statusCode : (response as { statusCode: number }).statusCode;
}

/** Builds and starts the server. Throws NoValidSnapshotError (from snapshot.ts) when no valid snapshot exists. */
export async function createServer(settings: Settings, log: Logger = createLogger(settings.logLevel)): Promise<App> {
  const snapshots = SnapshotStore.open({ dir: settings.snapshotsDir, pollMs: settings.snapshotPollMs, log });
  // The newest file's pages are checked on a worker thread while the server is put together; it
  // listens only once they pass (or an older file that passes replaced it): no request reads an unchecked file.
  const verified = snapshots.verifyStartFile();
  // One operator store per process (each cluster worker opens its own, as it reads its own overlay).
  const operatorStore = openOperatorStore(settings, log);
  const overlays = new OverlayStore({ snapshotsDir: settings.snapshotsDir, pollMs: settings.overlayPollMs, log, store: operatorStore });
  const services: Services = {
    settings,
    log,
    snapshots,
    overlays,
    operatorStore,
    filler: new BaseUrlFiller(settings.baseUrl),
    usage: new ClientNameUsage(),
    handoff: HandoffSigner.fromSettings(settings.handoffSecret, settings.snapshotsDir),
  };

  const server = Hapi.server({
    port: settings.port,
    host: settings.host,
    debug: false, // errors are logged once, as JSON, by the error shape
    router: { stripTrailingSlash: true },
    routes: {
      cors: false,
      // No surface reads cookies: none is parsed, so a bad one cannot fail a request and no
      // request pays a lifecycle step for them.
      state: { parse: false, failAction: 'ignore' },
      payload: { timeout: BODY_TIMEOUT_MS },
    },
  });
  answerRefusedRequests(server.listener);

  const metrics = new Metrics(snapshots, overlays);

  const limiter = new RateLimiter(settings.rateLimits);
  server.ext('onRequest', (request, h) => {
    answerOversizedChunkedBodies(request);
    answerStalledBodies(request);
    const refused = refuseWithoutOverlay(request, h, overlays, settings.overlayPollMs);
    if (refused) return refused;
    if (!RateLimiter.covers(request.path)) return h.continue;
    const verdict = limiter.hit(callerAddress(request, settings.trustedProxyHops), request.method, request.path);
    // A cluster worker whose lease is spent waits for the primary's answer (shared-budgets.ts).
    if (verdict instanceof Promise) return verdict.then((settled) => withinBudgets(request, h, settled));
    return withinBudgets(request, h, verdict);
  });
  const withinBudgets = (request: Request, h: ResponseToolkit, verdict: BudgetVerdict & { spent: string[] }) => {
    if (verdict.allowed) return h.continue;
    request.app.spentBudgets = verdict.spent;
    const error = Boom.tooManyRequests(overBudgetMessage(settings.rateLimits, verdict.retryAfterSeconds));
    error.output.headers['retry-after'] = String(verdict.retryAfterSeconds);
    throw error;
  };

  server.events.on('response', (request) => {
    const status = statusOf(request);
    logRequest(request, log, status);
    metrics.observe(request, status);
    releaseSnapshot(request);
  });

  // Every response's steps, in one extension (each one a hapi lifecycle step costs): an error
  // takes the spec's shape, or a page where a person asked; then the demo notice and the ETag.
  const tagForCaching = cacheTagger(services);
  server.ext('onPreResponse', (request, h) => {
    shapeError(request, settings.baseUrl, log);
    const page = errorPage(request, h, settings.baseUrl);
    const response = page ?? request.response;
    if (!('isBoom' in response && response.isBoom)) {
      addDemoNotice(request, response as ResponseObject, snapshots);
      tagForCaching(request, response as ResponseObject);
      ensurePagePolicy(response as ResponseObject, settings.baseUrl);
      // Every answer is read as the type it says (JSON, CSV, Atom, Markdown, HTML): never sniffed into another.
      (response as ResponseObject).header('x-content-type-options', 'nosniff');
    } else {
      (response as Boom.Boom).output.headers['x-content-type-options'] = 'nosniff';
    }
    // A page is not a takeover: hapi still sends it through the rest of the response lifecycle.
    return page ?? h.continue;
  });
  await server.register([
    { plugin: restPlugin, options: services },
    { plugin: changesPlugin, options: services },
    { plugin: dataPlugin, options: services },
    { plugin: mcpPlugin, options: services },
    { plugin: openApiPlugin, options: services },
    { plugin: healthPlugin, options: services },
    { plugin: assetsPlugin },
    { plugin: pagesPlugin, options: services },
    { plugin: handoffPlugin, options: services },
    { plugin: discoveryPlugin, options: services },
    { plugin: sitePlugin, options: services },
  ]);

  let metricsListener: MetricsListener | null = null;
  try {
    // The first read of the operator store (done already with SQLite): no request meets an overlay not yet read.
    await overlays.ready();
    if (!(await verified)) throw new NoValidSnapshotError(`No valid snapshot in ${settings.snapshotsDir}: every snapshot file failed its integrity check (quick_check). Run \`npm run pipeline\` to build one.`);
    await server.start();
    if (settings.metrics.port !== null) metricsListener = await metrics.listen(settings.metrics.port, settings.metrics.host);
  } catch (error) {
    await server.stop();
    snapshots.close();
    overlays.close();
    await operatorStore.close();
    throw error;
  }
  snapshots.watch();
  overlays.poll();
  const url = localUrl(settings.host, server.info.port as number);
  const metricsUrl = metricsListener?.url ?? null;
  log.info('serving', { url, base_url: settings.baseUrl, snapshot: snapshots.current.file, run_id: snapshots.current.meta.runId, metrics: metricsUrl });

  return {
    server,
    url,
    metricsUrl,
    metrics,
    services,
    async close() {
      await metricsListener?.close();
      await server.stop({ timeout: 5_000 });
      overlays.close();
      await operatorStore.close();
      snapshots.close();
    },
  };
}

/** One pipeline run on the configured sources (the seeds by default); loaded only when needed. */
async function buildSnapshot(snapshotsDir: string): Promise<void> {
  fs.mkdirSync(snapshotsDir, { recursive: true });
  const { runPipeline } = await import('../pipeline/run.ts');
  await runPipeline({ snapshotsDir });
}

/**
 * Starts pulling from SNAPSHOT_SOURCE_URL. With no valid snapshot in the folder yet, the first
 * sync is awaited; one that brings none fails the start with its reason.
 */
async function followSnapshotSource(settings: Settings, log: Logger): Promise<SnapshotSource> {
  fs.mkdirSync(settings.snapshotsDir, { recursive: true });
  const source = new SnapshotSource({ url: settings.snapshotSource!.url, pollMs: settings.snapshotSource!.pollMs, dir: settings.snapshotsDir, log });
  if (!hasValidSnapshot(settings.snapshotsDir)) {
    log.info('no valid snapshot; pulling the newest from the snapshot source', { url: settings.snapshotSource!.url });
    const first = await source.sync({ newestOnly: true });
    if (!hasValidSnapshot(settings.snapshotsDir)) {
      throw new NoValidSnapshotError(`No valid snapshot in ${settings.snapshotsDir}, and none came from SNAPSHOT_SOURCE_URL ${settings.snapshotSource!.url}: ${first.problem ?? 'its newest snapshot is not valid'}`);
    }
  }
  // The rest (older snapshots /data lists) while the server starts.
  void source.sync();
  source.poll();
  return source;
}

async function main(): Promise<void> {
  let app: App;
  let source: SnapshotSource | null = null;
  const worker = cluster.isWorker;
  try {
    const settings = settingsFromEnv();
    const log = createLogger(settings.logLevel);
    // With a snapshot source, one process pulls (this one: the primary, or the only process); workers switch through the folder watch.
    if (!worker && settings.snapshotSource) source = await followSnapshotSource(settings, log);
    // The primary builds the snapshot, once, before any worker starts (never on a server fed by a source: it would serve invented homes).
    else if (!worker && !hasValidSnapshot(settings.snapshotsDir) && settings.buildSnapshotOnStart) {
      log.info('no valid snapshot; building one from the configured sources', { snapshots_dir: settings.snapshotsDir });
      try {
        await buildSnapshot(settings.snapshotsDir);
      } catch (error) {
        log.error('snapshot build failed', { reason: error instanceof Error ? error.message : String(error) });
      }
    }
    if (!worker && settings.workers > 1) {
      // No valid snapshot: one clear line from here rather than one from every worker.
      SnapshotStore.open({ dir: settings.snapshotsDir, pollMs: settings.snapshotPollMs, log }).close();
      await servePrimary(settings, log);
      return;
    }
    // A worker's budgets count for the whole server, and the primary serves its metrics.
    const link = worker ? joinCluster() : null;
    app = await createServer(worker ? { ...settings, metrics: { ...settings.metrics, port: null } } : settings, log);
    link?.serving(app.metrics.registry);
  } catch (error) {
    // A bad setting, no valid snapshot, a port in use, an address that cannot be bound: one clear line, exit 1.
    console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const stop = () => {
    source?.close();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // A worker stops when the primary says so (SIGTERM): Ctrl-C reaches the whole process group,
  // and the primary, not each worker, decides.
  if (!worker) process.once('SIGINT', stop);
  else process.on('SIGINT', () => {});
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
