// A small in-memory cache with a time to live, so a repeated view costs no request.
import type { Clock } from './logger';
import { systemClock } from './logger';

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private ttlMs: number,
    private readonly maxEntries = 500,
    private readonly clock: Clock = systemClock,
  ) {}

  setTtl(ttlMs: number): void {
    this.ttlMs = ttlMs;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock.now() >= entry.expiresAt) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh recency so the oldest-used entry is the one evicted.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether `get(key)` would answer now; unlike `get`, it leaves the entry's recency alone. */
  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && this.clock.now() < entry.expiresAt;
  }

  /** Keeps `value` for the time to live from `since` (now, or when a stored answer first came). */
  set(key: string, value: V, since = this.clock.now()): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: since + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
