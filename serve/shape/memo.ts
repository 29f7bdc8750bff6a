// Work done once per snapshot and operator overlay. Both are immutable once read, so anything
// derived from them can be kept until either is replaced; a new snapshot or a re-read overlay
// starts a fresh cache (the old one goes with its snapshot or overlay object).
import { LRUCache } from 'lru-cache';
import type { Overlay } from '../overlay.ts';
import type { Snapshot } from '../snapshot.ts';

export interface MemoScope {
  snapshot: Snapshot;
  overlay: Overlay;
}

export class SnapshotMemo<V extends object | string> {
  private readonly caches = new WeakMap<Snapshot, WeakMap<Overlay, LRUCache<string, V>>>();

  /** `maxSize` in whatever unit `sizeOf` counts (characters for strings). */
  constructor(
    private readonly maxSize: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /** The kept value, if any; builds nothing. */
  peek(scope: MemoScope, key: string): V | undefined {
    return this.caches.get(scope.snapshot)?.get(scope.overlay)?.get(key);
  }

  get(scope: MemoScope, key: string, build: () => V): V {
    let byOverlay = this.caches.get(scope.snapshot);
    if (!byOverlay) this.caches.set(scope.snapshot, (byOverlay = new WeakMap()));
    let cache = byOverlay.get(scope.overlay);
    if (!cache) {
      cache = new LRUCache<string, V>({ maxSize: this.maxSize, sizeCalculation: (value) => Math.max(1, this.sizeOf(value)) });
      byOverlay.set(scope.overlay, cache);
    }
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = build()));
    return value;
  }
}
