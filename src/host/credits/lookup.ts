// The facts of the media a document names, for the hover and the credit check. Always
// through the client's getMedia (Get Photo/Get Video), whose cache and in-flight sharing
// make a known id cost no request; on top of that a failed look-up is remembered for a short
// while (FAILURE_MEMORY_MS, then forgotten), so hovering the same URL again (or the next check
// of a document) does not ask again at once.
// Background look-ups (the credit check) go one at a time through a small queue, with a
// pause after each that actually sent a request. What they may cost is capped:
// - a media already known (the client's cache, its stored answers, a list answer it came
//   in) is answered from there and costs nothing, whatever the budget;
// - an unknown one is asked for only when the caller says it may be (the check: only what
//   is in a visible editor's visible ranges), and only within BACKGROUND_HOURLY_BUDGET
//   requests per UTC hour (counted in globalState, so a reload does not refill it);
// - none while the quota is low or used up (a 429, the hourly rate's included, makes it so),
//   nor, when no current quota figure can be read, once this extension has sent most of the
//   service's hourly rate itself.
import type { MediaClient } from '../../api/client';
import type { MediaItem, MediaKind } from '../../core/model';
import { HourlyCounter, quotaLevel } from '../../core/quota';
import type { QuotaSnapshot, SmallStore } from '../../core/quota';

/** How long a failed look-up is not tried again. */
export const FAILURE_MEMORY_MS = 60_000;
/** The pause after a background look-up that sent a request. */
export const BACKGROUND_GAP_MS = 250;
/** The most background look-ups waiting; more are dropped (the next check asks again). */
export const BACKGROUND_QUEUE_MAX = 50;
/** The service's default request rate (spec §8: 200 requests per hour). */
export const SERVICE_HOURLY_RATE = 200;
/**
 * Requests the credit check may send per UTC hour: a tenth of the service's hourly rate. It
 * is a background convenience; searches, inserts and the credits file keep the other 180.
 * A screen of a document rarely shows more than a few media, so 20 covers reading a dozen
 * pages of new media an hour; the rest get their diagnostic once a hover or an insert has
 * made them known.
 */
export const BACKGROUND_HOURLY_BUDGET = 20;
/** No background request once this extension has sent this many in the hour (the last tenth of the rate is kept for the user). */
export const BACKGROUND_STOP_AT = SERVICE_HOURLY_RATE - BACKGROUND_HOURLY_BUDGET;
/** Where the background budget's count is kept. */
export const BACKGROUND_COUNT_KEY = 'stockMedia.creditCheckRequestsThisHour';

export interface LookupDeps {
  client(): MediaClient;
  quota(): QuotaSnapshot | undefined;
  now(): number;
  /** Requests this extension sent in the current UTC hour, all of them (the status bar's count). */
  requestsThisHour?(): number;
  /** Keeps the background budget's count across reloads (globalState); in memory without it. */
  store?: SmallStore;
  /** The pause after a background request; BACKGROUND_GAP_MS unless a test says otherwise. */
  gapMs?: number;
}

/** Why a background look-up sent nothing: the caller may not spend, or the budget or quota does not allow it. */
export type HeldBack = 'notAllowed' | 'budget' | 'quota';

export interface BackgroundOptions {
  /** Whether an unknown media may cost a request (the check: it is on screen). Known ones are answered either way. */
  readonly mayRequest: boolean;
  /** How many of the hour's budget this look-up leaves unspent (In This Workspace leaves the credit check its share). */
  readonly leave?: number;
}

export type LookupResult = { readonly ok: true; readonly media: MediaItem } | { readonly ok: false; readonly error: unknown };

const keyOf = (kind: MediaKind, id: number): string => `${kind}:${id}`;

export class MediaLookup {
  private readonly failures = new Map<string, { at: number; error: unknown }>();
  private readonly pending = new Map<string, Promise<LookupResult>>();
  private readonly queue: { kind: MediaKind; id: number; leave: number; resolve: (r: LookupResult | undefined) => void }[] = [];
  private draining = false;
  private readonly budget: HourlyCounter;

  constructor(private readonly deps: LookupDeps) {
    this.budget = new HourlyCounter(deps.store, BACKGROUND_COUNT_KEY);
  }

  /** The media's facts: from the client's cache when known, else one request (shared by every caller meanwhile). */
  get(kind: MediaKind, id: number): Promise<LookupResult> {
    const key = keyOf(kind, id);
    const failed = this.failures.get(key);
    if (failed && this.deps.now() - failed.at < FAILURE_MEMORY_MS) return Promise.resolve({ ok: false, error: failed.error });
    const running = this.pending.get(key);
    if (running) return running;
    const client = this.deps.client();
    const promise = client.getMedia(kind, id).then(
      (media): LookupResult => {
        this.failures.delete(key);
        return { ok: true, media };
      },
      (error: unknown): LookupResult => {
        const now = this.deps.now();
        // Only the failures of the last FAILURE_MEMORY_MS are kept: the older ones go as a new one comes.
        for (const [old, failure] of this.failures) if (now - failure.at >= FAILURE_MEMORY_MS) this.failures.delete(old);
        this.failures.set(key, { at: now, error });
        return { ok: false, error };
      },
    );
    this.pending.set(key, promise);
    void promise.finally(() => this.pending.delete(key));
    return promise;
  }

  /** Failures remembered now (tests: only those of the last FAILURE_MEMORY_MS are kept). */
  get failuresKept(): number {
    return this.failures.size;
  }

  /** Whether a look-up failed lately (no request is made for it now). */
  failedLately(kind: MediaKind, id: number): boolean {
    const failed = this.failures.get(keyOf(kind, id));
    return failed !== undefined && this.deps.now() - failed.at < FAILURE_MEMORY_MS;
  }

  /**
   * A look-up for the credit check. A known media is answered at once, free; an unknown one
   * is queued (one at a time) when `mayRequest` and the budget and quota allow it, else
   * undefined: its facts stay unknown and no diagnostic is made for it.
   */
  async background(kind: MediaKind, id: number, options: BackgroundOptions = { mayRequest: true }): Promise<LookupResult | undefined> {
    if (await this.known(kind, id)) return this.get(kind, id);
    const leave = options.leave ?? 0;
    if (!options.mayRequest || this.heldBack(leave) !== undefined) return undefined;
    if (this.queue.length >= BACKGROUND_QUEUE_MAX) return undefined;
    return new Promise((resolve) => {
      this.queue.push({ kind, id, leave, resolve });
      void this.drain();
    });
  }

  /** Why a background request would not be sent now (leaving `leave` of the hour's budget), or undefined when it would. */
  heldBack(leave = 0): Exclude<HeldBack, 'notAllowed'> | undefined {
    const now = this.deps.now();
    const level = quotaLevel(this.deps.quota(), now);
    if (level === 'exhausted' || level === 'low') return 'quota';
    // No current figure (the browser cannot read it, none yet, or out of date): this
    // extension's own count of the hour is all there is to go by.
    if (level !== 'ok' && (this.deps.requestsThisHour?.() ?? 0) >= BACKGROUND_STOP_AT) return 'quota';
    if (this.budget.thisHour(now) >= BACKGROUND_HOURLY_BUDGET - leave) return 'budget';
    return undefined;
  }

  /** Whether a look-up costs no request: answered from the client's caches, or a failure remembered. */
  private async known(kind: MediaKind, id: number): Promise<boolean> {
    if (this.failedLately(kind, id)) return true;
    return this.deps.client().hasCached(kind, id);
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        // Known by now (an earlier item of the queue, a hover, a search): free.
        if (await this.known(next.kind, next.id)) {
          next.resolve(await this.get(next.kind, next.id));
          continue;
        }
        // Checked again for each: the quota, the hour and the budget move while the queue waits.
        if (this.heldBack(next.leave) !== undefined) {
          next.resolve(undefined);
          continue;
        }
        // Counted before it is sent (a look-up that joins one in flight counts too): the budget is never overdrawn.
        this.budget.count(this.deps.now());
        const before = this.deps.client().requestsSent;
        next.resolve(await this.get(next.kind, next.id));
        if (this.deps.client().requestsSent !== before) await new Promise((r) => setTimeout(r, this.deps.gapMs ?? BACKGROUND_GAP_MS));
      }
    } finally {
      this.draining = false;
    }
  }

  clear(): void {
    this.failures.clear();
  }
}
