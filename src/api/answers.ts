// The answers a client keeps and shares, keyed by the key's identity (a tag, never the key)
// and the URL: a TTL cache, optionally over answers kept across restarts (core/answerStore.ts);
// single photos and videos answered from the list answers they came in; one request in flight
// per URL, shared by every caller and stopped when the last one gives up; nothing of an older
// key ever cached or returned.
import type { AnswerStore } from '../core/answerStore';
import { TtlCache } from '../core/cache';
import { cancelledError, MediaError } from '../core/errors';
import type { Clock } from '../core/logger';
import type { CollectionMediaList, MediaKind, Photo, PhotoList, Video, VideoList } from '../core/model';
import type { Schema } from '../core/schema';
import { cacheKeyOf, keyTag, raceSignal } from './sharing';

/** Photos and videos kept from list answers, the least recently used dropped first. */
export const SEEDED_ITEMS = 500;
/** Answers kept in memory. */
const CACHED_ANSWERS = 500;

/** A Get Photo/Get Video request: what a list answer may already hold. */
export interface Single {
  readonly kind: MediaKind;
  readonly id: number;
}

/** A list answer seeds single answers; a single request may be answered from them. */
export interface RequestKind {
  readonly list?: boolean;
  readonly single?: Single;
}

export interface AnswerOptions {
  readonly signal?: AbortSignal;
  /** An explicit refresh: skip the cache and start a new request (never join one in flight). */
  readonly fresh?: boolean;
}

/** Sends the request itself, stopped by `signal`. */
export type Send<T> = (signal: AbortSignal) => Promise<T>;

/**
 * The items of a list answer that are whole single answers. Per the spec (§2.2, §2.3,
 * §2.5) a list item can lack what Get Photo/Get Video sends: collection photos come
 * without `alt`, and search and popular videos without `full_res` and `tags`. Such an item
 * is no stand-in for the single answer, so only photos with `alt` and videos with `tags`
 * count (`full_res`, null wherever seen, reads as absent either way). A collection
 * item's extra `type` is left out.
 */
function wholeItems(answer: unknown): { kind: MediaKind; item: Photo | Video }[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const list = answer as Partial<PhotoList & VideoList & CollectionMediaList>;
  const out: { kind: MediaKind; item: Photo | Video }[] = [];
  const add = (kind: MediaKind, item: Photo | Video): void => {
    if (kind === 'photo' ? (item as Photo).alt !== undefined : (item as Video).tags !== undefined) out.push({ kind, item });
  };
  for (const p of list.photos ?? []) add('photo', p);
  for (const v of list.videos ?? []) add('video', v);
  for (const m of list.media ?? []) {
    const single = Object.fromEntries(Object.entries(m).filter(([name]) => name !== 'type')) as Photo | Video;
    add(m.type === 'Photo' ? 'photo' : 'video', single);
  }
  return out;
}

/** The key's identity (a tag, never the key) and the item. */
function seedKey(tag: string, single: Single): string {
  return `${tag} ${single.kind}:${single.id}`;
}

interface InFlight {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
  /** The key epoch it was sent in; an answer from an older epoch is neither cached nor returned. */
  epoch: number;
  /** A fresh request for the same URL replaced it: its answer is not cached. */
  superseded: boolean;
}

export class Answers {
  private readonly cache: TtlCache<unknown>;
  /** Single answers taken from list answers, apart from the cache so pages never push them out. */
  private readonly seeded: TtlCache<unknown>;
  private readonly inFlight = new Map<string, InFlight>();
  private lastKeyTag: string | undefined;
  /** Counts key changes (abortAll); requests of an older epoch cannot deliver. */
  private keyEpoch = 0;

  constructor(
    ttlMs: number,
    clock: Clock,
    private readonly store: AnswerStore | undefined,
    private readonly debug: (message: string) => void,
  ) {
    this.cache = new TtlCache<unknown>(ttlMs, CACHED_ANSWERS, clock);
    this.seeded = new TtlCache<unknown>(ttlMs, SEEDED_ITEMS, clock);
    this.store?.setTtl(ttlMs);
  }

  setTtl(ttlMs: number): void {
    this.cache.setTtl(ttlMs);
    this.seeded.setTtl(ttlMs);
    this.store?.setTtl(ttlMs);
  }

  /** Forgets every answer, the stored ones too (see flush to wait for the file). */
  clear(): void {
    this.cache.clear();
    this.seeded.clear();
    void this.store?.clear();
  }

  /** Resolves when the stored answers' file holds what is known here (or is gone after a clear). */
  flush(): Promise<void> {
    return this.store?.flush() ?? Promise.resolve();
  }

  /** Stops every request under way (their callers get `cancelled`); none of their answers is cached or returned. */
  abortAll(): void {
    this.keyEpoch += 1;
    const entries = [...this.inFlight.values()];
    this.inFlight.clear();
    for (const entry of entries) entry.controller.abort();
  }

  /** Whether a request for `url` with `key` would be answered without sending anything. */
  async has(url: URL, key: string, single?: Single): Promise<boolean> {
    const tag = await keyTag(key);
    // Another key than the last request's: the next request empties the cache first.
    if (this.lastKeyTag !== undefined && tag !== this.lastKeyTag) return false;
    const cacheKey = `${tag} ${cacheKeyOf(url)}`;
    // Answers kept across restarts count too: the look-up would be answered from the file.
    return (
      this.cache.has(cacheKey) ||
      (single !== undefined && this.seeded.has(seedKey(tag, single))) ||
      (this.store !== undefined && (await this.store.get(cacheKey)) !== undefined)
    );
  }

  /** The answer for `url` with `key`: kept, shared with a request in flight, or sent now. */
  async get<T>(url: URL, key: string, schema: Schema<T>, send: Send<T>, opts: AnswerOptions = {}, kind: RequestKind = {}): Promise<T> {
    const tag = await keyTag(key);
    if (this.lastKeyTag !== undefined && tag !== this.lastKeyTag) {
      // Another key than the last request's: what the old one asked for is not ours.
      this.abortAll();
      this.clear();
    }
    this.lastKeyTag = tag;
    if (opts.signal?.aborted) throw cancelledError();

    // The key's identity (a tag, never the key) and the whole URL, base included.
    const cacheKey = `${tag} ${cacheKeyOf(url)}`;
    if (!opts.fresh) {
      const hit = this.cache.get(cacheKey);
      if (hit !== undefined) {
        this.debug(`GET ${url.pathname}${url.search} (cache)`);
        return hit as T;
      }
      const listed = kind.single ? this.seeded.get(seedKey(tag, kind.single)) : undefined;
      if (listed !== undefined) {
        this.debug(`GET ${url.pathname}${url.search} (from a list)`);
        return listed as T;
      }
    }

    // A refresh never joins an older request: that one may be the one that hangs.
    const entry = (!opts.fresh && this.inFlight.get(cacheKey)) || this.start(url, cacheKey, tag, schema, send, opts.fresh === true, kind);
    entry.waiters += 1;
    let left = false;
    const leave = (): void => {
      if (left) return;
      left = true;
      entry.waiters -= 1;
    };
    try {
      const value = (await raceSignal(entry.promise, opts.signal, () => {
        leave();
        // The last one waiting for it gives up: stop the request itself.
        if (entry.waiters <= 0) {
          entry.controller.abort();
          if (this.inFlight.get(cacheKey) === entry) this.inFlight.delete(cacheKey);
        }
      })) as T;
      // The key changed while the answer was on its way: it belongs to the old key.
      if (entry.epoch !== this.keyEpoch) throw cancelledError();
      return value;
    } finally {
      leave();
    }
  }

  /** A new request in flight for `cacheKey`; one already there is superseded (its answer not cached). */
  private start<T>(url: URL, cacheKey: string, tag: string, schema: Schema<T>, send: Send<T>, fresh: boolean, kind: RequestKind): InFlight {
    const older = this.inFlight.get(cacheKey);
    if (older) older.superseded = true;
    const controller = new AbortController();
    const entry: InFlight = { promise: Promise.resolve(), controller, waiters: 0, epoch: this.keyEpoch, superseded: false };
    entry.promise = this.answer(url, cacheKey, schema, send, controller.signal, fresh).then(({ value, storedAt }) => {
      if (entry.epoch !== this.keyEpoch) throw cancelledError();
      if (!entry.superseded) {
        this.cache.set(cacheKey, value, storedAt);
        if (storedAt === undefined) this.store?.set(cacheKey, value);
        if (kind.list) this.seedFrom(tag, value, storedAt);
      }
      return value;
    });
    this.inFlight.set(cacheKey, entry);
    const forget = (): void => {
      if (this.inFlight.get(cacheKey) === entry) this.inFlight.delete(cacheKey);
    };
    entry.promise.then(forget, forget);
    return entry;
  }

  /**
   * The stored answer (unless this is a refresh), or the service's. A stored answer is
   * checked again as if it had just come: a file is outside input like any answer.
   */
  private async answer<T>(
    url: URL,
    cacheKey: string,
    schema: Schema<T>,
    send: Send<T>,
    signal: AbortSignal,
    fresh: boolean,
  ): Promise<{ value: T; storedAt?: number }> {
    if (this.store && !fresh) {
      const kept = await this.store.get(cacheKey);
      if (kept) {
        try {
          const value = schema(kept.value);
          this.debug(`GET ${url.pathname}${url.search} (stored)`);
          return { value, storedAt: kept.storedAt };
        } catch (error) {
          if (!(error instanceof MediaError)) throw error;
          this.store.delete(cacheKey);
        }
      }
    }
    if (signal.aborted) throw cancelledError();
    return { value: await send(signal) };
  }

  /**
   * Keeps a media item the user used (inserted, copied, starred) as the Get Photo/Get Video
   * answer it is, in memory and in the stored answers, from when it was used: opening it later,
   * after a restart too, costs no request while that is fresh. Not under another key than the
   * last request's (the item came from that key's answers). Written at once, not after the
   * store's delay: a window reloaded a few seconds after an insert must still know what it used.
   */
  async remember(url: URL, key: string, single: Single, item: unknown): Promise<void> {
    const tag = await keyTag(key);
    if (this.lastKeyTag !== undefined && tag !== this.lastKeyTag) return;
    this.seeded.set(seedKey(tag, single), item);
    this.store?.set(`${tag} ${cacheKeyOf(url)}`, item);
    await this.store?.flush();
  }

  /** Keeps a list answer's whole items as the single answers they are, as long as the list is kept. */
  private seedFrom(tag: string, answer: unknown, since: number | undefined): void {
    for (const { kind, item } of wholeItems(answer)) this.seeded.set(seedKey(tag, { kind, id: item.id }), item, since);
  }
}
