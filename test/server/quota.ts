// Per-key request quotas: monthly and hourly (spec section 8). Only monthly figures are
// reported in headers; the hourly allowance refills at each full UTC hour.

export interface QuotaSettings {
  monthlyRemaining?: number;
  monthlyLimit?: number;
  hourlyRemaining?: number;
  hourlyLimit?: number;
  /** UNIX seconds when the monthly period rolls over. */
  reset?: number;
}

interface QuotaState {
  monthlyRemaining: number;
  monthlyLimit: number;
  hourlyRemaining: number;
  hourlyLimit: number;
  reset: number;
  hour: number;
}

export type QuotaOutcome = { ok: true; limit: number; remaining: number; reset: number } | { ok: false };

export const DEFAULT_MONTHLY_LIMIT = 20_000;
export const DEFAULT_HOURLY_LIMIT = 200;

/** UNIX seconds of 00:00 UTC on the first of the month after `now`. */
export function nextMonthStart(now: number): number {
  const d = new Date(now);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000);
}

const hourOf = (now: number): number => Math.floor(now / 3_600_000);

export class QuotaBook {
  private readonly states = new Map<string, QuotaState>();

  constructor(
    private readonly defaults: ReadonlyMap<string, QuotaSettings>,
    private readonly now: () => number = Date.now,
  ) {
    this.resetAll();
  }

  resetAll(): void {
    this.states.clear();
    for (const [key, settings] of this.defaults) this.states.set(key, this.fresh(settings));
  }

  set(key: string, settings: QuotaSettings): void {
    const state = this.states.get(key);
    if (!state) throw new Error('setQuota: not a key of this server');
    Object.assign(state, Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)));
    if (settings.hourlyRemaining !== undefined) state.hour = hourOf(this.now());
  }

  /** Uses one request of `key`'s allowance, or says it is exhausted. */
  consume(key: string): QuotaOutcome {
    const state = this.states.get(key);
    if (!state) return { ok: false };
    const hour = hourOf(this.now());
    if (hour !== state.hour) {
      state.hour = hour;
      state.hourlyRemaining = state.hourlyLimit;
    }
    if (state.monthlyRemaining <= 0 || state.hourlyRemaining <= 0) return { ok: false };
    state.monthlyRemaining -= 1;
    state.hourlyRemaining -= 1;
    return { ok: true, limit: state.monthlyLimit, remaining: state.monthlyRemaining, reset: state.reset };
  }

  private fresh(settings: QuotaSettings): QuotaState {
    const now = this.now();
    const monthlyLimit = settings.monthlyLimit ?? DEFAULT_MONTHLY_LIMIT;
    const hourlyLimit = settings.hourlyLimit ?? DEFAULT_HOURLY_LIMIT;
    return {
      monthlyLimit,
      monthlyRemaining: settings.monthlyRemaining ?? monthlyLimit,
      hourlyLimit,
      hourlyRemaining: settings.hourlyRemaining ?? hourlyLimit,
      reset: settings.reset ?? nextMonthStart(now),
      hour: hourOf(now),
    };
  }
}
