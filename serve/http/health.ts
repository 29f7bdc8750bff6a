// GET /healthz: alive, and which snapshot and overlay this instance serves. Never cached.
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

export const healthPlugin: Plugin<Services> = {
  name: 'health',
  register(server, services) {
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
