// Stored JSON carries {base_url} where its URLs start; this puts the server's address there.
// Snapshots are immutable, so each filled string is cached per snapshot and the hot path is a
// cache lookup.
import { LRUCache } from 'lru-cache';
import { BASE_URL_TOKEN } from '../../contract/records.ts';
import type { Snapshot } from '../snapshot.ts';

/** Total characters of filled JSON kept per snapshot (about 2 bytes each). */
const CACHE_CHARS = 32 * 1024 * 1024;

export class BaseUrlFiller {
  private readonly caches = new WeakMap<Snapshot, LRUCache<string, string>>();

  private readonly jsonSafeBaseUrl: string;

  constructor(readonly baseUrl: string) {
    this.jsonSafeBaseUrl = JSON.stringify(baseUrl).slice(1, -1);
  }

  /** `key` names the stored string within the snapshot, e.g. `record:197600123`. */
  fill(snapshot: Snapshot, key: string, storedJson: string): string {
    let cache = this.caches.get(snapshot);
    if (!cache) {
      cache = new LRUCache<string, string>({ maxSize: CACHE_CHARS, sizeCalculation: (value) => value.length || 1 });
      this.caches.set(snapshot, cache);
    }
    let filled = cache.get(key);
    if (filled === undefined) {
      filled = this.fillText(storedJson);
      cache.set(key, filled);
    }
    return filled;
  }

  /** Uncached, for one-off JSON strings. */
  fillText(text: string): string {
    return text.replaceAll(BASE_URL_TOKEN, this.jsonSafeBaseUrl);
  }
}
