// The facts of the media a document names, for the hover and the credit check. Always
// through the client's getPhoto/getVideo, whose cache and in-flight sharing make a known id
// cost no request; on top of that a failed look-up is remembered for a short while, so
// hovering the same URL again (or the next check of a document) does not ask again at once.
// Background look-ups (the credit check) go one at a time through a small queue, with a
// pause after each that actually sent a request, and none while the quota is used up.
import type { MediaClient } from '../../api/client';
import type { MediaItem, MediaKind } from '../../core/model';
import { quotaLevel } from '../../core/quota';
import type { QuotaSnapshot } from '../../core/quota';

/** How long a failed look-up is not tried again. */
export const FAILURE_MEMORY_MS = 60_000;
/** The pause after a background look-up that sent a request. */
export const BACKGROUND_GAP_MS = 250;
/** The most background look-ups waiting; more are dropped (the next check asks again). */
export const BACKGROUND_QUEUE_MAX = 50;

export interface LookupDeps {
  client(): MediaClient;
  quota(): QuotaSnapshot | undefined;
  now(): number;
}

export type LookupResult = { readonly ok: true; readonly media: MediaItem } | { readonly ok: false; readonly error: unknown };

const keyOf = (kind: MediaKind, id: number): string => `${kind}:${id}`;

export class MediaLookup {
  private readonly failures = new Map<string, { at: number; error: unknown }>();
  private readonly pending = new Map<string, Promise<LookupResult>>();
  private readonly queue: { kind: MediaKind; id: number; resolve: (r: LookupResult | undefined) => void }[] = [];
  private draining = false;

  constructor(private readonly deps: LookupDeps) {}

  /** The media's facts: from the client's cache when known, else one request (shared by every caller meanwhile). */
  get(kind: MediaKind, id: number): Promise<LookupResult> {
    const key = keyOf(kind, id);
    const failed = this.failures.get(key);
    if (failed && this.deps.now() - failed.at < FAILURE_MEMORY_MS) return Promise.resolve({ ok: false, error: failed.error });
    const running = this.pending.get(key);
    if (running) return running;
    const client = this.deps.client();
    const promise = (kind === 'photo'
      ? client.getPhoto(id).then((photo): MediaItem => ({ kind: 'photo', photo }))
      : client.getVideo(id).then((video): MediaItem => ({ kind: 'video', video }))
    ).then(
      (media): LookupResult => {
        this.failures.delete(key);
        return { ok: true, media };
      },
      (error: unknown): LookupResult => {
        this.failures.set(key, { at: this.deps.now(), error });
        return { ok: false, error };
      },
    );
    this.pending.set(key, promise);
    void promise.finally(() => this.pending.delete(key));
    return promise;
  }

  /** Whether a look-up failed lately (no request is made for it now). */
  failedLately(kind: MediaKind, id: number): boolean {
    const failed = this.failures.get(keyOf(kind, id));
    return failed !== undefined && this.deps.now() - failed.at < FAILURE_MEMORY_MS;
  }

  /**
   * A look-up for the credit check: queued, one at a time, none while the quota is used up
   * (then undefined: the facts stay unknown and no diagnostic is made for them).
   */
  background(kind: MediaKind, id: number): Promise<LookupResult | undefined> {
    if (this.queue.length >= BACKGROUND_QUEUE_MAX) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.queue.push({ kind, id, resolve });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        if (quotaLevel(this.deps.quota(), this.deps.now()) === 'exhausted') {
          next.resolve(undefined);
          continue;
        }
        const before = this.deps.client().requestsSent;
        next.resolve(await this.get(next.kind, next.id));
        if (this.deps.client().requestsSent !== before) await new Promise((r) => setTimeout(r, BACKGROUND_GAP_MS));
      }
    } finally {
      this.draining = false;
    }
  }

  clear(): void {
    this.failures.clear();
  }
}
