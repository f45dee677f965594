// The one HTTP client of the extension, on ky: all nine operations of the spec, quota
// tracking, the closed error set, retries that never touch a 429, paging that never
// sends the key to another origin, in-flight sharing and a TTL cache.
import ky, { HTTPError, TimeoutError } from 'ky';
import type { KyInstance } from 'ky';
import { TtlCache } from '../core/cache';
import { MediaError, toMediaError } from '../core/errors';
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
import type {
  CollectionMediaParams,
  Paging,
  PhotoSearchParams,
  PopularVideoParams,
  QueryValues,
  VideoSearchParams,
} from '../core/params';
import {
  checkCollectionId,
  checkMediaId,
  checkPaging,
  collectionMediaQuery,
  photoSearchQuery,
  popularVideoQuery,
  videoSearchQuery,
} from '../core/params';
import type { QuotaSnapshot } from '../core/quota';
import { exhaustedSnapshot, parseQuotaHeaders } from '../core/quota';
import { isSecureOrLoopback, tryParseUrl, withTrailingSlash } from '../core/urls';
import * as decode from './decode';
import { errorBodyText } from './errorBody';
import type { Decoder } from './schema';

export const DEFAULT_BASE_URL = 'https://api.pexels.com/v1';
export const DEFAULT_VIDEO_BASE_URL = 'https://api.pexels.com/videos';
export const DEFAULT_CACHE_TTL_MS = 5 * 60_000;
export const DEFAULT_TIMEOUT_MS = 15_000;

export interface MediaClientOptions {
  baseUrl: string;
  videoBaseUrl: string;
  keyProvider: KeyProvider;
  /** In tests, a fetch that is not the global one. */
  fetch?: typeof globalThis.fetch;
  logger?: Logger;
  clock?: Clock;
  cacheTtlMs?: number;
  timeoutMs?: number;
  /** First retry delay; doubles on the second. */
  retryDelayMs?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Skip the cache (not the in-flight sharing): an explicit refresh. */
  fresh?: boolean;
}

export interface ListOperations {
  searchPhotos: { params: PhotoSearchParams; result: PhotoList };
  curatedPhotos: { params: Paging; result: PhotoList };
  searchVideos: { params: VideoSearchParams; result: VideoList };
  popularVideos: { params: PopularVideoParams; result: VideoList };
  featuredCollections: { params: Paging; result: CollectionList };
  myCollections: { params: Paging; result: CollectionList };
  collectionMedia: { params: CollectionMediaParams & { id: string }; result: CollectionMediaList };
}
export type ListOperation = keyof ListOperations;

type Base = 'photo' | 'video';

interface Endpoint<T> {
  base: Base;
  path: string;
  query: QueryValues;
  decoder: Decoder<T>;
}

type QuotaListener = (snapshot: QuotaSnapshot) => void;

interface InFlight {
  promise: Promise<unknown>;
  controller: AbortController;
  waiters: number;
}

/** Builds the endpoint of a list operation; validates every parameter first. */
function listEndpoint<K extends ListOperation>(op: K, params: ListOperations[K]['params']): Endpoint<ListOperations[K]['result']> {
  type R = Endpoint<ListOperations[K]['result']>;
  switch (op) {
    case 'searchPhotos':
      return { base: 'photo', path: 'search', query: photoSearchQuery(params as PhotoSearchParams), decoder: decode.photoList } as R;
    case 'curatedPhotos':
      return { base: 'photo', path: 'curated', query: checkPaging(params), decoder: decode.photoList } as R;
    case 'searchVideos':
      return { base: 'video', path: 'search', query: videoSearchQuery(params as VideoSearchParams), decoder: decode.videoList } as R;
    case 'popularVideos':
      return { base: 'video', path: 'popular', query: popularVideoQuery(params as PopularVideoParams), decoder: decode.videoList } as R;
    case 'featuredCollections':
      return { base: 'photo', path: 'collections/featured', query: checkPaging(params), decoder: decode.collectionList } as R;
    case 'myCollections':
      return { base: 'photo', path: 'collections', query: checkPaging(params), decoder: decode.collectionList } as R;
    case 'collectionMedia': {
      const p = params as CollectionMediaParams & { id: string };
      const id = checkCollectionId(p.id);
      return {
        base: 'photo',
        path: `collections/${encodeURIComponent(id)}`,
        query: collectionMediaQuery(p),
        decoder: decode.collectionMediaList,
      } as R;
    }
    default: {
      const never: never = op;
      throw new MediaError('invalidRequest', `Unknown operation ${String(never)}.`);
    }
  }
}

/** Same URL, same cache entry, whatever the order of its query parameters. */
function cacheKeyOf(url: URL): string {
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.origin}${url.pathname}?${new URLSearchParams(params).toString()}`;
}

/** A short, non-reversible tag of the key, only to notice that the key changed. */
async function keyTag(key: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return Buffer.from(digest).toString('base64').slice(0, 16);
}

function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    onAbort();
    return Promise.reject(new MediaError('cancelled', l10n.t('The request was cancelled.')));
  }
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort();
      reject(new MediaError('cancelled', l10n.t('The request was cancelled.')));
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

export class MediaClient {
  private options: Required<Omit<MediaClientOptions, 'fetch'>> & Pick<MediaClientOptions, 'fetch'>;
  private http: KyInstance;
  private readonly cache: TtlCache<unknown>;
  private readonly inFlight = new Map<string, InFlight>();
  private readonly quotaListeners = new Set<QuotaListener>();
  private lastKeyTag: string | undefined;
  private lastQuotaSnapshot: QuotaSnapshot | undefined;
  private requestCount = 0;

  constructor(options: MediaClientOptions) {
    this.options = {
      logger: silentLogger,
      clock: systemClock,
      cacheTtlMs: DEFAULT_CACHE_TTL_MS,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      retryDelayMs: 500,
      ...options,
    };
    this.cache = new TtlCache<unknown>(this.options.cacheTtlMs, 500, this.options.clock);
    this.http = this.createHttp();
  }

  /** Applies new settings; a new base URL empties the cache. */
  updateOptions(update: Partial<Omit<MediaClientOptions, 'keyProvider'>>): void {
    const basesChanged =
      (update.baseUrl !== undefined && update.baseUrl !== this.options.baseUrl) ||
      (update.videoBaseUrl !== undefined && update.videoBaseUrl !== this.options.videoBaseUrl);
    this.options = { ...this.options, ...update };
    this.cache.setTtl(this.options.cacheTtlMs);
    this.http = this.createHttp();
    if (basesChanged) this.clearCache();
  }

  clearCache(): void {
    this.cache.clear();
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

  // ---- the nine operations ------------------------------------------------------------

  async searchPhotos(params: PhotoSearchParams, opts?: RequestOptions): Promise<PhotoList> {
    return this.list('searchPhotos', params, opts);
  }

  async curatedPhotos(params: Paging = {}, opts?: RequestOptions): Promise<PhotoList> {
    return this.list('curatedPhotos', params, opts);
  }

  async getPhoto(id: number | string, opts?: RequestOptions): Promise<Photo> {
    const checked = checkMediaId(id, 'photo');
    return this.request({ base: 'photo', path: `photos/${checked}`, query: {}, decoder: decode.photo }, opts);
  }

  async searchVideos(params: VideoSearchParams, opts?: RequestOptions): Promise<VideoList> {
    return this.list('searchVideos', params, opts);
  }

  async popularVideos(params: PopularVideoParams = {}, opts?: RequestOptions): Promise<VideoList> {
    return this.list('popularVideos', params, opts);
  }

  async getVideo(id: number | string, opts?: RequestOptions): Promise<Video> {
    const checked = checkMediaId(id, 'video');
    return this.request({ base: 'video', path: `videos/${checked}`, query: {}, decoder: decode.video }, opts);
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
    return this.request(listEndpoint(op, params), opts);
  }

  /**
   * The page after `current`, or undefined after the last page. `next_page` is followed
   * as given only when it points under the configured base on the same origin; otherwise
   * only its page number is used and the request is built here, so the key never travels
   * to a host the user did not configure.
   */
  async nextPage<K extends ListOperation>(
    op: K,
    params: ListOperations[K]['params'],
    current: Envelope,
    opts?: RequestOptions,
  ): Promise<ListOperations[K]['result'] | undefined> {
    return this.followPage(op, params, current.next_page, current.page + 1, opts);
  }

  async prevPage<K extends ListOperation>(
    op: K,
    params: ListOperations[K]['params'],
    current: Envelope,
    opts?: RequestOptions,
  ): Promise<ListOperations[K]['result'] | undefined> {
    return this.followPage(op, params, current.prev_page, current.page - 1, opts);
  }

  private async followPage<K extends ListOperation>(
    op: K,
    params: ListOperations[K]['params'],
    link: string | undefined,
    fallbackPage: number,
    opts?: RequestOptions,
  ): Promise<ListOperations[K]['result'] | undefined> {
    if (link === undefined || fallbackPage < 1) return undefined;
    const endpoint = listEndpoint(op, params);
    const base = new URL(withTrailingSlash(this.baseOf(endpoint.base)));
    const url = tryParseUrl(link);
    const expectedPath = new URL(endpoint.path, base).pathname;
    if (url && url.origin === base.origin && url.pathname === expectedPath) {
      return this.fetchUrl(url, endpoint.decoder, opts);
    }
    const fromLink = Number(url?.searchParams.get('page'));
    const page = Number.isInteger(fromLink) && fromLink >= 1 ? fromLink : fallbackPage;
    this.options.logger.warn(
      `The service's page link points elsewhere (${url ? url.origin : 'unparsable'}); building page ${page} from the configured base instead.`,
    );
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

  private request<T>(endpoint: Endpoint<T>, opts?: RequestOptions): Promise<T> {
    let url: URL;
    try {
      url = this.urlOf(endpoint);
    } catch (error) {
      return Promise.reject(toMediaError(error));
    }
    return this.fetchUrl(url, endpoint.decoder, opts);
  }

  private async fetchUrl<T>(url: URL, decoder: Decoder<T>, opts: RequestOptions = {}): Promise<T> {
    if (!isSecureOrLoopback(url)) {
      throw new MediaError(
        'invalidRequest',
        l10n.t('Refusing to send your API key to {0}: only https (or http to this computer) is allowed.', url.origin),
        { field: 'apiBaseUrl' },
      );
    }
    if (opts.signal?.aborted) throw new MediaError('cancelled', l10n.t('The request was cancelled.'));
    const key = (await this.options.keyProvider.getKey())?.trim();
    if (!key) throw new MediaError('missingKey', l10n.t('No API key is set.'));
    const tag = await keyTag(key);
    if (this.lastKeyTag !== undefined && tag !== this.lastKeyTag) this.clearCache();
    this.lastKeyTag = tag;

    const cacheKey = cacheKeyOf(url);
    if (!opts.fresh) {
      const hit = this.cache.get(cacheKey);
      if (hit !== undefined) {
        this.options.logger.debug(`GET ${url.pathname}${url.search} (cache)`);
        return hit as T;
      }
    }

    let shared = this.inFlight.get(cacheKey);
    if (!shared) {
      const controller = new AbortController();
      const promise = this.send(url, key, decoder, controller.signal).then(
        (value) => {
          this.cache.set(cacheKey, value);
          return value;
        },
      );
      const entry: InFlight = { promise, controller, waiters: 0 };
      shared = entry;
      this.inFlight.set(cacheKey, entry);
      const forget = (): void => {
        if (this.inFlight.get(cacheKey) === entry) this.inFlight.delete(cacheKey);
      };
      promise.then(forget, forget);
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
      return (await raceSignal(entry.promise, opts.signal, () => {
        leave();
        // The last one waiting for it gives up: stop the request itself.
        if (entry.waiters <= 0) {
          entry.controller.abort();
          if (this.inFlight.get(cacheKey) === entry) this.inFlight.delete(cacheKey);
        }
      })) as T;
    } finally {
      leave();
    }
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

  private async send<T>(url: URL, key: string, decoder: Decoder<T>, signal: AbortSignal): Promise<T> {
    const started = this.options.clock.now();
    const label = `GET ${url.pathname}${url.search}`;
    let response: Response;
    try {
      this.requestCount += 1;
      response = await this.http.get(url, {
        headers: { Authorization: key, Accept: 'application/json' },
        // The API does not redirect; a redirect could lead the request elsewhere, so it is
        // reported, not followed.
        redirect: 'manual',
        signal,
        hooks: {
          beforeRetry: [
            ({ retryCount }) => {
              this.requestCount += 1;
              this.options.logger.debug(`${label}: retry ${retryCount}`);
            },
          ],
        },
      });
    } catch (error) {
      const mapped = await this.mapFailure(error, signal);
      this.options.logger.debug(`${label} → ${mapped.status ?? mapped.kind} (${this.options.clock.now() - started} ms)`);
      throw mapped;
    }
    this.options.logger.debug(`${label} → ${response.status} (${this.options.clock.now() - started} ms)`);
    const snapshot = parseQuotaHeaders((name) => response.headers.get(name), this.options.clock.now());
    if (snapshot) this.emitQuota(snapshot);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw await this.mapFailure(error, signal);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new MediaError('invalidResponse', l10n.t('The service sent an answer that is not valid JSON.'), {
        status: response.status,
      });
    }
    return decoder(json, '');
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

  private async mapFailure(error: unknown, signal: AbortSignal): Promise<MediaError> {
    if (error instanceof MediaError) return error;
    if (error instanceof TimeoutError) {
      return new MediaError('timeout', l10n.t('The service did not answer within {0} seconds.', Math.round(this.options.timeoutMs / 1000)));
    }
    if (signal.aborted || (error instanceof Error && error.name === 'AbortError')) {
      return new MediaError('cancelled', l10n.t('The request was cancelled.'));
    }
    if (error instanceof HTTPError) {
      const status = error.response.status;
      let body = '';
      try {
        body = await error.response.text();
      } catch {
        // The body could not be read; the status alone has to do.
      }
      const serverMessage = errorBodyText(body, error.response.headers.get('content-type'));
      const details = { status, ...(serverMessage ? { serverMessage } : {}) };
      switch (true) {
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
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const message = error instanceof Error ? error.message : String(error);
    return new MediaError('network', l10n.t('Could not reach the service ({0}).', `${message}${cause}`));
  }
}
