// GET /healthz: alive, and which snapshot and overlay this instance serves, with the age rule an
// operator alerts on. GET /readyz: whether this instance can answer requests now, for a load
// balancer or Varnish deciding where to send them; a late pipeline run, which ages every replica's
// snapshot at once, never takes them all out of service. Neither is ever cached.
import path from 'node:path';
import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import { failValidation, inputs } from './validation.ts';
import { requestSnapshot, type Services } from './services.ts';
import { snapshotProblems } from '../records/snapshot-health.ts';
import { sourceHealthLines } from '../../contract/source-health.ts';
import { crawlState, crawlStatusLine, readCrawlStatus } from '../../contract/crawl-status.ts';
import type { OverlayHealth } from '../records/overlay.ts';

/** Why the server is not ready without an overlay (it refuses every other request meanwhile). */
function overlayUnavailable(reason: string | null): string {
  return `no good operator overlay was ever read (${reason ?? 'the operator store cannot be read'}) and no last-good copy is kept; every request but /healthz gets 503 until the store can be read`;
}

/** The overlay's standing: stale (an older overlay serves while the store cannot be read) says since when and why. */
function overlayFields(health: OverlayHealth) {
  return { state: health.state, source: health.source, stale_since: health.staleSince, ...(health.reason ? { reason: health.reason } : {}) };
}

/** The crawler's last status as it stands (null: no crawler ever ran beside these snapshots, as in a demo). */
function crawlerFields(snapshotsDir: string) {
  const status = readCrawlStatus(snapshotsDir);
  if (!status) return null;
  const now = new Date();
  return {
    state: crawlState(status, now),
    line: crawlStatusLine(status, now),
    unreachable_since: status.unreachable_since,
    next_try_at: status.next_try_at,
    listed: status.listed,
    not_listed: status.not_listed,
    last_read: status.last_read,
    updated_at: status.updated_at,
  };
}

/**
 * The answer with every path under SNAPSHOTS_DIR named relative to it (the folder itself as
 * "SNAPSHOTS_DIR"): /healthz is public, and the server's own paths are not.
 */
function relativeToSnapshotsDir<T>(body: T, dir: string): T {
  const folder = path.resolve(dir);
  const relative = (text: string) => text.split(`${folder}${path.sep}`).join('').split(folder).join('SNAPSHOTS_DIR');
  return JSON.parse(JSON.stringify(body, (_key, value: unknown) => (typeof value === 'string' ? relative(value) : value))) as T;
}

/**
 * Why this instance cannot answer requests now (empty: ready): it serves no verified snapshot, or
 * no good operator overlay (the server refuses every request meanwhile). A snapshot's age, a
 * served file gone from disk and a stale overlay (the last good one serves) leave it ready: it
 * still answers, and /healthz says what an operator should look at.
 */
export function readinessProblems(services: Services): string[] {
  const problems: string[] = [];
  // The server listens only once its snapshot's pages passed quick_check (server.ts): one that is open is verified.
  if (!services.snapshots.current.isOpen) problems.push('no verified snapshot is open');
  const overlay = services.overlays.health();
  if (overlay.state === 'unavailable') problems.push(overlayUnavailable(overlay.reason));
  return problems;
}

export const healthPlugin: Plugin<Services> = {
  name: 'health',
  register(server, services) {
    server.route({
      method: 'GET',
      path: '/readyz',
      options: {
        cache: { otherwise: 'no-store' },
        validate: { ...inputs({ query: Joi.object({}) }), failAction: failValidation() },
      },
      handler: (_request, h) => {
        const problems = readinessProblems(services);
        const snapshot = services.snapshots.current;
        const body = {
          status: problems.length > 0 ? 'not_ready' : 'ready',
          ...(problems.length > 0 ? { reason: problems.join('; ') } : {}),
          snapshot: { file: snapshot.file, run_id: snapshot.meta.runId },
          overlay: { state: services.overlays.health().state },
        };
        return h.response(relativeToSnapshotsDir(body, services.settings.snapshotsDir)).code(problems.length > 0 ? 503 : 200);
      },
    });
    server.route({
      method: 'GET',
      path: '/healthz',
      options: {
        cache: { otherwise: 'no-store' },
        validate: { ...inputs({ query: Joi.object({}) }), failAction: failValidation() },
      },
      handler: (request, h) => {
        const snapshot = requestSnapshot(request, services.snapshots);
        const overlay = services.overlays.current;
        const { snapshotsDir, healthMaxSnapshotAgeHours } = services.settings;
        const problems = snapshotProblems(snapshotsDir, snapshot, healthMaxSnapshotAgeHours, new Date());
        const overlayState = services.overlays.health();
        if (overlayState.state === 'unavailable') problems.push(overlayUnavailable(overlayState.reason));
        // Degraded: look for a replacement now rather than at the next poll.
        if (problems.length > 0) void services.snapshots.refresh();
        const body = {
          status: problems.length > 0 ? 'degraded' : 'ok',
          ...(problems.length > 0 ? { reason: problems.join('; ') } : {}),
          snapshot: {
            file: snapshot.file,
            snapshot_date: snapshot.meta.snapshotDate,
            created_at: snapshot.meta.createdAt,
            run_id: snapshot.meta.runId,
            roster_as_of: snapshot.meta.rosterAsOf,
          },
          // Not a failure of this instance: what the run that built the snapshot could not read, or found old.
          sources: { ...snapshot.meta.sourceHealth, notes: sourceHealthLines(snapshot.meta.sourceHealth) },
          overlay: { loaded_at: overlay.loadedAt, reviews_held: overlay.reviewsHeld, handoff_mode: overlay.handoffMode, ...overlayFields(overlayState) },
          // Not a failure of this instance either: whether the state's per-facility record is being read.
          crawler: crawlerFields(snapshotsDir),
          usage: services.usage.totals(),
        };
        return h.response(relativeToSnapshotsDir(body, snapshotsDir)).code(problems.length > 0 ? 503 : 200);
      },
    });
  },
};
