// The monthly quota as the service reports it on every 2xx (spec §8), and the state the
// status bar shows. A 429 carries no quota headers and does not say whether the hourly rate
// limit or the monthly quota was hit, so "exhausted" keeps the last known reset.
// In a browser (the web worker extension host) the service's answers are cross-origin: the
// quota headers are readable only if the service lists them in Access-Control-Expose-Headers.
// A 2xx there without any of them makes the quota "hidden", and the count of requests this
// extension sent in the current UTC hour stands in for the figure.
import { systemClock } from './logger';

export interface QuotaSnapshot {
  limit: number;
  remaining: number;
  /** When the monthly period rolls over, ms since epoch. */
  resetAt: number;
  /** When this figure was read, ms since epoch. */
  updatedAt: number;
  /** True after a 429: the service refused a request (rate limit or monthly quota). */
  exhausted: boolean;
  /**
   * True after a 2xx in the browser whose quota headers could not be read (the service does
   * not expose them to browsers); limit and remaining are then 0 and mean nothing.
   */
  hidden?: boolean;
}

export type HeaderGetter = (name: string) => string | null;

function intHeader(get: HeaderGetter, name: string): number | undefined {
  const raw = get(name);
  if (raw === null) return undefined;
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Reads X-Ratelimit-Limit/-Remaining/-Reset; undefined unless all three are usable. */
export function parseQuotaHeaders(get: HeaderGetter, now: number): QuotaSnapshot | undefined {
  const limit = intHeader(get, 'x-ratelimit-limit');
  const remaining = intHeader(get, 'x-ratelimit-remaining');
  const reset = intHeader(get, 'x-ratelimit-reset');
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  // The reset is documented as UNIX seconds; accept milliseconds too rather than show 1970.
  const resetAt = reset > 1e12 ? reset : reset * 1000;
  return { limit, remaining: Math.min(remaining, limit), resetAt, updatedAt: now, exhausted: false };
}

const QUOTA_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/** Whether an answer carries (readably) any of the quota headers at all. */
export function hasQuotaHeaders(get: HeaderGetter): boolean {
  return QUOTA_HEADERS.some((name) => get(name) !== null);
}

/**
 * The snapshot after a 2xx in the browser without readable quota headers. The last known
 * reset is kept, so a later 429 can still say when the monthly quota resets.
 */
export function hiddenSnapshot(last: QuotaSnapshot | undefined, now: number): QuotaSnapshot {
  return { limit: 0, remaining: 0, resetAt: last?.resetAt ?? 0, updatedAt: now, exhausted: false, hidden: true };
}

/** The snapshot after a 429: nothing left, reset time kept from the last known figure. */
export function exhaustedSnapshot(last: QuotaSnapshot | undefined, now: number): QuotaSnapshot {
  return {
    limit: last?.limit ?? 0,
    remaining: 0,
    resetAt: last?.resetAt ?? 0,
    updatedAt: now,
    exhausted: true,
  };
}

export type QuotaLevel = 'unknown' | 'hidden' | 'ok' | 'low' | 'exhausted' | 'stale';

/** Whether the snapshot's reset time has passed (a figure read before it is out of date). */
export function resetHasPassed(snapshot: QuotaSnapshot, now: number): boolean {
  return snapshot.resetAt > 0 && now >= snapshot.resetAt;
}

/**
 * Under 10 % is "low"; past the reset time an old figure is "stale", not current. A 429
 * met after the reset still means "exhausted": the service refused a request in the new
 * period (the hourly rate limit, or a quota used up again), and that is newer than the reset.
 */
export function quotaLevel(snapshot: QuotaSnapshot | undefined, now: number): QuotaLevel {
  if (!snapshot) return 'unknown';
  // The newest answer said nothing readable: no figure, old or new, is current.
  if (snapshot.hidden) return 'hidden';
  if (snapshot.exhausted && snapshot.updatedAt >= snapshot.resetAt) return 'exhausted';
  if (resetHasPassed(snapshot, now)) return 'stale';
  if (snapshot.exhausted || snapshot.remaining <= 0) return 'exhausted';
  if (snapshot.limit > 0 && snapshot.remaining < snapshot.limit * 0.1) return 'low';
  return 'ok';
}

/** Checks a value read back from storage; anything malformed is treated as no snapshot. */
export function reviveQuotaSnapshot(value: unknown): QuotaSnapshot | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const nums = ['limit', 'remaining', 'resetAt', 'updatedAt'] as const;
  for (const k of nums) {
    if (typeof v[k] !== 'number' || !Number.isFinite(v[k])) return undefined;
  }
  return {
    limit: v.limit as number,
    remaining: v.remaining as number,
    resetAt: v.resetAt as number,
    updatedAt: v.updatedAt as number,
    exhausted: v.exhausted === true,
    ...(v.hidden === true ? { hidden: true } : {}),
  };
}

/** Requests sent in one UTC hour (the hour as whole hours since the epoch), as stored. */
export interface HourlyCount {
  hour: number;
  count: number;
}

const HOUR_MS = 3_600_000;

const hourOf = (ms: number): number => Math.floor(ms / HOUR_MS);

/** The start of the UTC hour `now` is in, ms since epoch. */
export function hourStart(now: number): number {
  return hourOf(now) * HOUR_MS;
}

/** The part of a vscode.Memento (globalState) the counter uses, so it runs without VS Code. */
export interface SmallStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/**
 * Requests sent in the current UTC hour; a new hour starts again at 0. Kept in `store` under
 * `key` when given, so a reload within the hour keeps the count; in memory otherwise.
 */
export class HourlyCounter {
  private last: HourlyCount | undefined;

  constructor(
    private readonly store?: SmallStore,
    private readonly key = '',
  ) {
    this.last = reviveHourlyCount(store?.get<unknown>(key));
  }

  /** One more request sent at `now`. */
  count(now = systemClock.now()): void {
    const hour = hourOf(now);
    this.last = { hour, count: this.last?.hour === hour ? this.last.count + 1 : 1 };
    void this.store?.update(this.key, this.last);
  }

  /** Requests sent in the hour `now` is in. */
  thisHour(now = systemClock.now()): number {
    return this.last?.hour === hourOf(now) ? this.last.count : 0;
  }
}

/** Checks a count read back from storage; anything malformed is no count. */
export function reviveHourlyCount(value: unknown): HourlyCount | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { hour, count } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(hour) || !Number.isSafeInteger(count) || (count as number) < 0) return undefined;
  return { hour: hour as number, count: count as number };
}
