// What every shaper needs for one request: the snapshot it reads, the overlay in force and the
// server's base URL filler.
import type { Overlay } from './overlay.ts';
import type { Snapshot } from './snapshot.ts';
import type { BaseUrlFiller } from './base-url.ts';

export interface ShapeContext {
  snapshot: Snapshot;
  overlay: Overlay;
  filler: BaseUrlFiller;
}
