// What every surface plugin is given: the stores, the base-URL filler, settings and counters.
// Also the per-request snapshot lease: a request keeps the snapshot it first read until its
// response is finished, even when a newer snapshot is switched in meanwhile.
import type { Request } from '@hapi/hapi';
import type { HandoffSigner } from './handoff-link.ts';
import type { Logger } from '../lib/log.ts';
import type { Overlay, OverlayStore } from '../records/overlay.ts';
import type { OperatorStore } from '../records/operator-store.ts';
import type { Settings } from './settings.ts';
import type { BaseUrlFiller } from '../records/base-url.ts';
import type { ShapeContext } from '../records/context.ts';
import type { Snapshot, SnapshotStore } from '../records/snapshot.ts';
import type { ClientNameUsage } from './usage.ts';

export interface Services {
  settings: Settings;
  log: Logger;
  snapshots: SnapshotStore;
  overlays: OverlayStore;
  /** The operator store the overlay reads and the forms write (SQLite or PostgreSQL: DATABASE_URL). */
  operatorStore: OperatorStore;
  filler: BaseUrlFiller;
  usage: ClientNameUsage;
  /** Signs and opens family hand-off links (MCP start_family_request, the plan page). */
  handoff: HandoffSigner;
}

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    snapshot?: Snapshot;
    /** The overlay this request read (its ETag names it). */
    overlay?: Overlay;
  }
}

/** The snapshot this request reads, acquired on first use and released by releaseSnapshot. */
export function requestSnapshot(request: Request, snapshots: SnapshotStore): Snapshot {
  request.app.snapshot ??= snapshots.acquire();
  return request.app.snapshot;
}

export function releaseSnapshot(request: Request): void {
  request.app.snapshot?.release();
  delete request.app.snapshot;
}

export function shapeContext(request: Request, services: Services): ShapeContext {
  request.app.overlay ??= services.overlays.current;
  return { snapshot: requestSnapshot(request, services.snapshots), overlay: request.app.overlay, filler: services.filler };
}
