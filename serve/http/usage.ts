// Counts requests per X-Client-Name (a product name, never a person's name) for usage totals.
// Only totals leave this module (health, logs); a name never changes a result.
import { LRUCache } from 'lru-cache';

const MAX_NAMES = 10_000;

export class ClientNameUsage {
  private readonly counts = new LRUCache<string, number>({ max: MAX_NAMES });
  private requests = 0;

  count(name: string): void {
    const key = name.trim();
    if (!key) return;
    this.requests += 1;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  totals(): { client_names: number; requests_with_client_name: number } {
    return { client_names: this.counts.size, requests_with_client_name: this.requests };
  }
}
