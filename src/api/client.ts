// The one HTTP client of the extension, on ky: all nine operations of the spec, quota
// tracking, the closed error set, retries that never touch a 429, paging that never
// sends the key to another origin, in-flight sharing and a TTL cache (both keyed by the
// key's identity and the URL; optionally over answers kept across restarts, core/answerStore.ts),
// single photos and videos answered from the list answers they came in (seedFrom),
// a deadline over the whole response and a cap on its size.
import ky, { HTTPError, TimeoutError } from 'ky';
import type { KyInstance } from 'ky';
import type { AnswerStore } from '../core/answerStore';
import { TtlCache } from '../core/cache';
import { DEFAULT_CACHE_TTL_MS, DEFAULT_TIMEOUT_MS } from '../core/defaults';
import { MediaError, toMediaError, unreachable } from '../core/errors';
import { l10n } from '../core/l10n';
import type { Clock, KeyProvider, Logger } from '../core/logger';
import { silentLogger, systemClock } from '../core/logger';
import type {
  CollectionList,
  CollectionMediaList,
  Envelope,
  Photo,
  PhotoList,
  Video,
  VideoList,
} from '../core/model';
import { hasNextPage, photo, video } from '../core/model';
import type { CollectionMediaParams, Paging, PhotoSearchParams, PopularVideoParams, VideoSearchParams } from '../core/params';
import { checkMediaId } from '../core/params';
import type { QuotaSnapshot } from '../core/quota';
import type { Schema } from '../core/schema';
import { exhaustedSnapshot, hasQuotaHeaders, hiddenSnapshot, parseQuotaHeaders } from '../core/quota';
import { isSecureOrLoopback, tryParseUrl, withTrailingSlash } from '../core/urls';
import { readCappedText } from './body';
import { listEndpoint } from './endpoints';
import type { Base, Endpoint, ListOperation, ListOperations } from './endpoints';
import { errorBodyText } from './errorBody';
import { cacheKeyOf, keyTag, raceSignal } from './sharing';

export type { ListOperation, ListOperations } from './endpoints';

/** The largest JSON answer read (a full page of 80 items is well under 1 MB). */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Of an error answer only the start is read: it becomes one short line at most. */
const ERROR_BODY_BYTES = 64 * 1024;
/** Photos and videos kept from list answers (seedFrom), the least recently used dropped first. */
export const SEEDED_ITEMS = 500;

/** A Get Photo/Get Video request: what a list answer may already hold. */
interface Single {
  readonly kind: 'photo' | 'video';
  readonly id: number;
}

/**
 * The items of a list answer that are whole single answers. Per the spec (§2.2, §2.3,
 * §2.5) a list item can lack what Get Photo/Get Video sends: collection photos come
 * without `alt`, and search and popular videos without `full_res` and `tags`. Such an item
 * is no stand-in for the single answer, so only photos with `alt` and videos with `tags`
 * count (`full_res`, null wherever seen, reads as absent either way). A collection
 * item's extra `type` is left out.
 */
function wholeItems(answer: unknown): { kind: 'photo' | 'video'; item: Photo | Video }[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const list = answer as Partial<PhotoList & VideoList & CollectionMediaList>;
  const out: { kind: 'photo' | 'video'; item: Photo | Video }[] = [];
  const add = (kind: 'photo' | 'video', item: Photo | Video): void => {
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

export interface MediaClientOptions {
  baseUrl: string;
  videoBaseUrl: string;
  keyProvider: KeyProvider;
  /** In tests, a fetch that is not the global one. */
  fetch?: typeof globalThis.fetch;
  logger?: Logger;
  clock?: Clock;
  cacheTtlMs?: number;
  /** The deadline of one request, from sending it to the last byte of its answer. */
  timeoutMs?: number;
  /** Larger JSON answers are refused (Content-Length at once, otherwise while reading). */
  maxBodyBytes?: number;
  /** First retry delay; doubles on the second. */
  retryDelayMs?: number;
  /**
   * Runs in a browser (web worker extension host): a 2xx without readable quota headers
   * then means the service does not expose them to browsers (CORS), and is reported so.
   */
  browserHost?: boolean;
  /**
   * Answers kept across restarts, under the in-memory cache: looked up on a miss, given
   * every new answer, keyed the same way (key tag and URL).
   */
  store?: AnswerStore;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** An explicit refresh: skip the cache and start a new request (never join one in flight). */
  fresh?: boolean;
}

type QuotaListener = (snapshot: QuotaSnapshot) => void;

/** A list answer seeds single answers; a single request may be answered from them. */
interface RequestKind {
  readonly list?: boolean;
  readonly single?: Single;
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

export class MediaClient {
  private options: Required<Omit<MediaClientOptions, 'fetch' | 'store'>> & Pick<MediaClientOptions, 'fetch'>;
  private readonly store: AnswerStore | undefined;
  private http: KyInstance;
  private readonly cache: TtlCache<unknown>;
  /** Single answers taken from list answers, apart from the cache so pages never push them out. */
  private readonly seeded: TtlCache<unknown>;
  private readonly inFlight = new Map<string, InFlight>();
  private readonly quotaListeners = new Set<QuotaListener>();
  private readonly sentListeners = new Set<() => void>();
  private readonly reachListeners = new Set<(reached: boolean) => void>();
  private lastKeyTag: string | undefined;
  /** Counts key changes (abortAll); requests of an older epoch cannot deliver. */
  private keyEpoch = 0;
  private lastQuotaSnapshot: QuotaSnapshot | undefined;
  private requestCount = 0;

  constructor(options: MediaClientOptions) {
    this.options = {
      logger: silentLogger,
      clock: systemClock,
      cacheTtlMs: DEFAULT_CACHE_TTL_MS,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
      retryDelayMs: 500,
      browserHost: false,
      ...options,
    };
    this.store = options.store;
    this.store?.setTtl(this.options.cacheTtlMs);
    this.cache = new TtlCache<unknown>(this.options.cacheTtlMs, 500, this.options.clock);
    this.seeded = new TtlCache<unknown>(this.options.cacheTtlMs, SEEDED_ITEMS, this.options.clock);
    this.http = this.createHttp();
  }

  /** Applies new settings; a new base URL empties the cache. */
  updateOptions(update: Partial<Omit<MediaClientOptions, 'keyProvider' | 'store'>>): void {
    const basesChanged =
      (update.baseUrl !== undefined && update.baseUrl !== this.options.baseUrl) ||
      (update.videoBaseUrl !== undefined && update.videoBaseUrl !== this.options.videoBaseUrl);
    this.options = { ...this.options, ...update };
    this.cache.setTtl(this.options.cacheTtlMs);
    this.seeded.setTtl(this.options.cacheTtlMs);
    this.store?.setTtl(this.options.cacheTtlMs);
    this.http = this.createHttp();
    if (basesChanged) this.clearCache();
  }

  /** Forgets every answer, the stored ones too (see flushCache to wait for the file). */
  clearCache(): void {
    this.cache.clear();
    this.seeded.clear();
    void this.store?.clear();
  }

  /** Resolves when the stored answers' file holds what this client knows (or is gone after a clear). */
  flushCache(): Promise<void> {
    return this.store?.flush() ?? Promise.resolve();
  }

  /**
   * Stops every request under way (their callers get `cancelled`) and makes sure no answer
   * to them is cached or returned: the key changed, and they were sent with the old one.
   */
  abortAll(): void {
    this.keyEpoch += 1;
    const entries = [...this.inFlight.values()];
    this.inFlight.clear();
    for (const entry of entries) entry.controller.abort();
  }

  /** Requests actually sent (cache hits and shared in-flight requests excluded). */
  get requestsSent(): number {
    return this.requestCount;
  }

  get lastQuota(): QuotaSnapshot | undefined {
    return this.lastQuotaSnapshot;
  }

  /** Seeds the last known quota (e.g. from storage) so a 429 can keep its reset time. */
  seedQuota(snapshot: QuotaSnapshot | undefined): void {
    this.lastQuotaSnapshot = snapshot;
  }

  onQuota(listener: QuotaListener): { dispose(): void } {
    this.quotaListeners.add(listener);
    return { dispose: () => this.quotaListeners.delete(listener) };
  }

  /** Called for every request actually sent, retries included (the hourly count). */
  onRequestSent(listener: () => void): { dispose(): void } {
    this.sentListeners.add(listener);
    return { dispose: () => this.sentListeners.delete(listener) };
  }

  /**
   * Called with false when a request got no answer (the service could not be reached: no
   * network, refused, no such host, timed out) and with true when an answer came (any status).
   */
  onReachability(listener: (reached: boolean) => void): { dispose(): void } {
    this.reachListeners.add(listener);
    return { dispose: () => this.reachListeners.delete(listener) };
  }

  // ---- the nine operations ------------------------------------------------------------

  async searchPhotos(params: PhotoSearchParams, opts?: RequestOptions): Promise<PhotoList> {
    return this.list('searchPhotos', params, opts);
  }

  async curatedPhotos(params: Paging = {}, opts?: RequestOptions): Promise<PhotoList> {
    return this.list('curatedPhotos', params, opts);
  }

  async getPhoto(id: number | string, opts?: RequestOptions): Promise<Photo> {
    const checked = checkMediaId(id, 'photo');
    return this.request({ base: 'photo', path: `photos/${checked}`, query: {}, schema: photo }, opts, { single: { kind: 'photo', id: checked } });
  }

  /**
   * Whether Get Photo/Get Video of this id would be answered from the cache now, so it
   * costs no request. Sends nothing; false when no key is stored (a request would fail).
   */
  async hasCached(kind: 'photo' | 'video', id: number | string): Promise<boolean> {
    let url: URL;
    let checked: number;
    try {
      checked = checkMediaId(id, kind);
      url =
        kind === 'photo'
          ? this.urlOf({ base: 'photo', path: `photos/${checked}`, query: {}, schema: photo })
          : this.urlOf({ base: 'video', path: `videos/${checked}`, query: {}, schema: video });
    } catch {
      return false;
    }
    const key = (await this.options.keyProvider.getKey(url.origin))?.trim();
    if (!key) return false;
    const tag = await keyTag(key);
    // Another key than the last request's: the next request empties the cache first.
    if (this.lastKeyTag !== undefined && tag !== this.lastKeyTag) return false;
    const cacheKey = `${tag} ${cacheKeyOf(url)}`;
    // Answers kept across restarts count too: the look-up would be answered from the file.
    return (
      this.cache.has(cacheKey) ||
      this.seeded.has(seedKey(tag, { kind, id: checked })) ||
      (this.store !== undefined && (await this.store.get(cacheKey)) !== undefined)
    );
  }

  async searchVideos(params: VideoSearchParams, opts?: RequestOptions): Promise<VideoList> {
    return this.list('searchVideos', params, opts);
  }

  async popularVideos(params: PopularVideoParams = {}, opts?: RequestOptions): Promise<VideoList> {
    return this.list('popularVideos', params, opts);
  }

  async getVideo(id: number | string, opts?: RequestOptions): Promise<Video> {
    const checked = checkMediaId(id, 'video');
    return this.request({ base: 'video', path: `videos/${checked}`, query: {}, schema: video }, opts, { single: { kind: 'video', id: checked } });
  }

  async featuredCollections(params: Paging = {}, opts?: RequestOptions): Promise<CollectionList> {
    return this.list('featuredCollections', params, opts);
  }

  async myCollections(params: Paging = {}, opts?: RequestOptions): Promise<CollectionList> {
    return this.list('myCollections', params, opts);
  }

  async collectionMedia(id: string, params: CollectionMediaParams = {}, opts?: RequestOptions): Promise<CollectionMediaList> {
    return this.list('collectionMedia', { ...params, id }, opts);
  }

  /** Any list operation by name; every parameter is checked before a request is made. */
  async list<K extends ListOperation>(
    op: K,
    params: ListOperations[K]['params'],
    opts?: RequestOptions,
  ): Promise<ListOperations[K]['result']> {
    return this.request(listEndpoint(op, params), opts, { list: true });
  }

  /**
   * The page after `current`, or undefined after the last page. Only the page number of
   * `next_page` is used: the request is always built here from the configured base and
   * the search's own parameters, so the key never travels to a host the user did not
   * configure and no parameter the service slipped into the link is sent. A full page
   * without `next_page` (model.ts `maybeMore`) is followed by the next page's number; that
   * answer, empty or short, says whether more exist.
   */
  async nextPage<K extends ListOperation>(
    op: K,
    params: ListOperations[K]['params'],
    current: Envelope,
    opts?: RequestOptions,
  ): Promise<ListOperations[K]['result'] | undefined> {
    if (!hasNextPage(current)) return undefined;
    return this.followPage(op, params, current.next_page, current.page + 1, opts);
  }

  async prevPage<K extends ListOperation>(
    op: K,
    params: ListOperations[K]['params'],
    current: Envelope,
    opts?: RequestOptions,
  ): Promise<ListOperations[K]['result'] | undefined> {
    if (current.prev_page === undefined) return undefined;
    return this.followPage(op, params, current.prev_page, current.page - 1, opts);
  }

  /** Asks for the page `link` names (its number only), or `fallbackPage` when there is no link or it names none. */
  private async followPage<K extends ListOperation>(
    op: K,
    params: ListOperations[K]['params'],
    link: string | undefined,
    fallbackPage: number,
    opts?: RequestOptions,
  ): Promise<ListOperations[K]['result'] | undefined> {
    if (fallbackPage < 1) return undefined;
    if (link === undefined) return this.list(op, { ...params, page: fallbackPage }, opts);
    const endpoint = listEndpoint(op, params);
    const base = tryParseUrl(withTrailingSlash(this.baseOf(endpoint.base)));
    const url = tryParseUrl(link);
    const fromLink = Number(url?.searchParams.get('page'));
    const page = Number.isInteger(fromLink) && fromLink >= 1 ? fromLink : fallbackPage;
    if (!url || !base || url.origin !== base.origin) {
      this.options.logger.warn(
        `The service's page link points elsewhere (${url ? url.origin : 'unparsable'}); building page ${page} from the configured base instead.`,
      );
    }
    return this.list(op, { ...params, page }, opts);
  }

  // ---- the request pipeline --------------------------------------------------------------

  private baseOf(base: Base): string {
    return base === 'photo' ? this.options.baseUrl : this.options.videoBaseUrl;
  }

  private urlOf<T>(endpoint: Endpoint<T>): URL {
    const base = tryParseUrl(withTrailingSlash(this.baseOf(endpoint.base)));
    if (!base) {
      throw new MediaError('invalidRequest', l10n.t('The API base URL “{0}” is not a valid URL.', this.baseOf(endpoint.base)), {
        field: endpoint.base === 'photo' ? 'apiBaseUrl' : 'videoBaseUrl',
      });
    }
    const url = new URL(endpoint.path, base);
    for (const [k, v] of Object.entries(endpoint.query)) url.searchParams.set(k, v);
    return url;
  }

  private request<T>(endpoint: Endpoint<T>, opts?: RequestOptions, kind: RequestKind = {}): Promise<T> {
    let url: URL;
    try {
      url = this.urlOf(endpoint);
    } catch (error) {
      return Promise.reject(toMediaError(error));
    }
    return this.fetchUrl(url, endpoint.schema, opts, kind);
  }

  /** Keeps a list answer's whole items as the single answers they are, as long as the list is kept. */
  private seedFrom(tag: string, answer: unknown, since: number | undefined): void {
    for (const { kind, item } of wholeItems(answer)) this.seeded.set(seedKey(tag, { kind, id: item.id }), item, since);
  }

  private async fetchUrl<T>(url: URL, schema: Schema<T>, opts: RequestOptions = {}, kind: RequestKind = {}): Promise<T> {
    if (!isSecureOrLoopback(url)) {
      throw new MediaError(
        'invalidRequest',
        l10n.t('Refusing to send your API key to {0}: only https (or http to this computer) is allowed.', url.origin),
        { field: 'apiBaseUrl' },
      );
    }
    if (opts.signal?.aborted) throw new MediaError('cancelled', l10n.t('The request was cancelled.'));
    const key = (await this.options.keyProvider.getKey(url.origin))?.trim();
    if (!key) throw new MediaError('missingKey', l10n.t('No API key is set.'));
    const tag = await keyTag(key);
    if (this.lastKeyTag !== undefined && tag !== this.lastKeyTag) {
      // Another key than the last request's: what the old one asked for is not ours.
      this.abortAll();
      this.clearCache();
    }
    this.lastKeyTag = tag;
    if (opts.signal?.aborted) throw new MediaError('cancelled', l10n.t('The request was cancelled.'));

    // The key's identity (a tag, never the key) and the whole URL, base included.
    const cacheKey = `${tag} ${cacheKeyOf(url)}`;
    if (!opts.fresh) {
      const hit = this.cache.get(cacheKey);
      if (hit !== undefined) {
        this.options.logger.debug(`GET ${url.pathname}${url.search} (cache)`);
        return hit as T;
      }
      const listed = kind.single ? this.seeded.get(seedKey(tag, kind.single)) : undefined;
      if (listed !== undefined) {
        this.options.logger.debug(`GET ${url.pathname}${url.search} (from a list)`);
        return listed as T;
      }
    }

    // A refresh never joins an older request: that one may be the one that hangs.
    let shared = opts.fresh ? undefined : this.inFlight.get(cacheKey);
    if (!shared) {
      const older = this.inFlight.get(cacheKey);
      if (older) older.superseded = true;
      const controller = new AbortController();
      const entry: InFlight = { promise: Promise.resolve(), controller, waiters: 0, epoch: this.keyEpoch, superseded: false };
      entry.promise = this.answer(url, key, cacheKey, schema, controller.signal, opts.fresh === true).then(({ value, storedAt }) => {
        if (entry.epoch !== this.keyEpoch) throw new MediaError('cancelled', l10n.t('The request was cancelled.'));
        if (!entry.superseded) {
          this.cache.set(cacheKey, value, storedAt);
          if (storedAt === undefined) this.store?.set(cacheKey, value);
          if (kind.list) this.seedFrom(tag, value, storedAt);
        }
        return value;
      });
      shared = entry;
      this.inFlight.set(cacheKey, entry);
      const forget = (): void => {
        if (this.inFlight.get(cacheKey) === entry) this.inFlight.delete(cacheKey);
      };
      entry.promise.then(forget, forget);
    }
    const entry = shared;
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
      if (entry.epoch !== this.keyEpoch) throw new MediaError('cancelled', l10n.t('The request was cancelled.'));
      return value;
    } finally {
      leave();
    }
  }

  /**
   * The stored answer (unless this is a refresh), or the service's. A stored answer is
   * checked again as if it had just come: a file is outside input like any answer.
   */
  private async answer<T>(
    url: URL,
    key: string,
    cacheKey: string,
    schema: Schema<T>,
    signal: AbortSignal,
    fresh: boolean,
  ): Promise<{ value: T; storedAt?: number }> {
    if (this.store && !fresh) {
      const kept = await this.store.get(cacheKey);
      if (kept) {
        try {
          const value = schema(kept.value);
          this.options.logger.debug(`GET ${url.pathname}${url.search} (stored)`);
          return { value, storedAt: kept.storedAt };
        } catch (error) {
          if (!(error instanceof MediaError)) throw error;
          this.store.delete(cacheKey);
        }
      }
    }
    if (signal.aborted) throw new MediaError('cancelled', l10n.t('The request was cancelled.'));
    return { value: await this.send(url, key, schema, signal) };
  }

  private createHttp(): KyInstance {
    const delayMs = this.options.retryDelayMs;
    return ky.create({
      timeout: this.options.timeoutMs,
      throwHttpErrors: true,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      retry: {
        limit: 2,
        methods: ['get'],
        // Never 429: the usage guidelines forbid working around the rate limit.
        statusCodes: [502, 503, 504],
        afterStatusCodes: [],
        retryOnTimeout: false,
        backoffLimit: 10_000,
        delay: (attempt) => delayMs * 2 ** (attempt - 1),
        shouldRetry: ({ error }) => {
          if (error instanceof HTTPError) return undefined;
          if (error instanceof TimeoutError) return false;
          if (error.name === 'AbortError') return false;
          // A network failure (fetch's TypeError): retry.
          return undefined;
        },
      },
    });
  }

  private async send<T>(url: URL, key: string, schema: Schema<T>, signal: AbortSignal): Promise<T> {
    const started = this.options.clock.now();
    const label = `GET ${url.pathname}${url.search}`;
    // ky's timeout ends when the headers arrive; this deadline covers the body as well.
    const deadline = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort();
    }, this.options.timeoutMs);
    const forward = (): void => deadline.abort();
    if (signal.aborted) deadline.abort();
    else signal.addEventListener('abort', forward, { once: true });
    const fail = (error: unknown): Promise<MediaError> => this.mapFailure(error, deadline.signal, timedOut);
    try {
      let response: Response;
      try {
        this.countSent();
        response = await this.http.get(url, {
          headers: { Authorization: key, Accept: 'application/json' },
          // The API does not redirect; a redirect could lead the request elsewhere, so it is
          // reported, not followed. (A browser answers it with an opaque response, status 0,
          // which mapFailure reports the same way.)
          redirect: 'manual',
          signal: deadline.signal,
          hooks: {
            beforeRetry: [
              ({ retryCount }) => {
                this.countSent();
                this.options.logger.debug(`${label}: retry ${retryCount}`);
              },
            ],
          },
        });
      } catch (error) {
        const mapped = await fail(error);
        this.options.logger.debug(`${label} → ${mapped.status ?? mapped.kind} (${this.options.clock.now() - started} ms)`);
        if (mapped.kind === 'network' || mapped.kind === 'timeout') this.emitReach(false);
        else if (mapped.status !== undefined) this.emitReach(true);
        throw mapped;
      }
      this.emitReach(true);
      this.options.logger.debug(`${label} → ${response.status} (${this.options.clock.now() - started} ms)`);
      const readHeader = (name: string): string | null => response.headers.get(name);
      const snapshot = parseQuotaHeaders(readHeader, this.options.clock.now());
      if (snapshot) this.emitQuota(snapshot);
      else if (this.options.browserHost && response.ok && !hasQuotaHeaders(readHeader)) {
        this.emitQuota(hiddenSnapshot(this.lastQuotaSnapshot, this.options.clock.now()));
      }
      const max = this.options.maxBodyBytes;
      let text: string;
      try {
        const body = await readCappedText(response, max, deadline.signal);
        if (body.truncated) throw this.tooLarge(response.status);
        text = body.text;
      } catch (error) {
        throw await fail(error);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new MediaError('invalidResponse', l10n.t('The service sent an answer that is not valid JSON.'), {
          status: response.status,
        });
      }
      const skipped: MediaError[] = [];
      const value = schema(json, '', (error) => skipped.push(error));
      if (skipped.length > 0) this.logSkipped(label, skipped);
      return value;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', forward);
    }
  }

  private tooLarge(status: number): MediaError {
    const megabytes = Math.round((this.options.maxBodyBytes / (1024 * 1024)) * 10) / 10;
    return new MediaError('invalidResponse', l10n.t('The answer is larger than {0} MB, so it was not read.', megabytes), { status });
  }

  /** Each item left out of a page, with the field at fault (no values: they are the service's). */
  private logSkipped(label: string, skipped: readonly MediaError[]): void {
    const shown = 20;
    this.options.logger.warn(`${label}: ${skipped.length} item(s) could not be read and are not shown.`);
    for (const error of skipped.slice(0, shown)) this.options.logger.warn(`${label}: skipped ${error.field ?? '?'}: ${error.message}`);
    if (skipped.length > shown) this.options.logger.warn(`${label}: … and ${skipped.length - shown} more.`);
  }

  private countSent(): void {
    this.requestCount += 1;
    for (const listener of [...this.sentListeners]) {
      try {
        listener();
      } catch (error) {
        this.options.logger.error(`Request listener failed: ${String(error)}`);
      }
    }
  }

  private emitReach(reached: boolean): void {
    for (const listener of [...this.reachListeners]) {
      try {
        listener(reached);
      } catch (error) {
        this.options.logger.error(`Reachability listener failed: ${String(error)}`);
      }
    }
  }

  private emitQuota(snapshot: QuotaSnapshot): void {
    this.lastQuotaSnapshot = snapshot;
    for (const listener of [...this.quotaListeners]) {
      try {
        listener(snapshot);
      } catch (error) {
        this.options.logger.error(`Quota listener failed: ${String(error)}`);
      }
    }
  }

  private async mapFailure(error: unknown, signal: AbortSignal, timedOut: boolean): Promise<MediaError> {
    if (error instanceof MediaError) return error;
    if (timedOut || error instanceof TimeoutError) {
      return new MediaError('timeout', l10n.t('The service did not answer within {0} seconds.', Math.round(this.options.timeoutMs / 1000)));
    }
    if (signal.aborted || (error instanceof Error && error.name === 'AbortError')) {
      return new MediaError('cancelled', l10n.t('The request was cancelled.'));
    }
    if (error instanceof HTTPError) {
      const status = error.response.status;
      let body = '';
      try {
        body = (await readCappedText(error.response, ERROR_BODY_BYTES, signal)).text;
      } catch {
        // The body could not be read; the status alone has to do.
      }
      const serverMessage = errorBodyText(body, error.response.headers.get('content-type'));
      const details = { status, ...(serverMessage ? { serverMessage } : {}) };
      switch (true) {
        // In a browser (the web extension host), a redirect not followed: no status, no Location.
        case error.response.type === 'opaqueredirect' || status === 0:
          return new MediaError(
            'invalidResponse',
            l10n.t('The service answered with a redirect; it was not followed, so your key stays with the configured API.'),
            details,
          );
        case status >= 300 && status < 400: {
          const location = error.response.headers.get('location');
          const target = location ? tryParseUrl(location, error.request.url) : undefined;
          return new MediaError(
            'invalidResponse',
            target
              ? l10n.t('The service redirected the request to {0}; it was not followed, so your key stays with the configured API.', target.origin)
              : l10n.t('The service answered with a redirect (HTTP {0}); it was not followed.', status),
            details,
          );
        }
        case status === 401:
          return new MediaError('unauthorized', l10n.t('The service did not accept the request without a valid API key.'), details);
        case status === 403:
          return new MediaError('forbidden', l10n.t('The service refused the API key.'), details);
        case status === 404:
          return new MediaError('notFound', l10n.t('Not found: it does not exist or is not visible to your key.'), details);
        case status === 429: {
          const exhausted = exhaustedSnapshot(this.lastQuotaSnapshot, this.options.clock.now());
          this.emitQuota(exhausted);
          return new MediaError('rateLimited', l10n.t('The rate limit or monthly quota is used up (HTTP 429).'), {
            ...details,
            ...(exhausted.resetAt > 0 ? { resetAt: exhausted.resetAt } : {}),
          });
        }
        case status >= 500:
          return new MediaError('server', l10n.t('The service had a problem (HTTP {0}).', status), details);
        default:
          return new MediaError('invalidRequest', l10n.t('The service rejected the request (HTTP {0}).', status), details);
      }
    }
    // No answer at all (refused, no such host, no network, a connection timed out or dropped):
    // said in words, never as the platform's `TypeError: fetch failed`; the code goes to the log.
    const mapped = unreachable(error);
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    this.options.logger.debug(`No answer (${mapped.reason ?? 'unknown'}): ${error instanceof Error ? error.message : String(error)}${cause}`);
    return mapped;
  }
}
