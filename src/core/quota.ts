// The monthly quota as the service reports it on every 2xx (spec §8), and the state the
// status bar shows. A 429 carries no quota headers and does not say whether the hourly rate
// limit or the monthly quota was hit, so "exhausted" keeps the last known reset.

export interface QuotaSnapshot {
  limit: number;
  remaining: number;
  /** When the monthly period rolls over, ms since epoch. */
  resetAt: number;
  /** When this figure was read, ms since epoch. */
  updatedAt: number;
  /** True after a 429: the service refused a request (rate limit or monthly quota). */
  exhausted: boolean;
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

export type QuotaLevel = 'unknown' | 'ok' | 'low' | 'exhausted' | 'stale';

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
  };
}
