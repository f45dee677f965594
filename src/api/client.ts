// The one HTTP client of the extension: all nine operations of the spec, and the pipeline
// every request goes through: the key only over https (or http to this computer) and only
// to an origin the key provider hands it out for, then the kept answers (answers.ts), then
// ky (transport.ts). Paging never sends the key to another origin (paging.ts).
import type { AnswerStore } from '../core/answerStore';
import { DEFAULT_CACHE_TTL_MS, DEFAULT_TIMEOUT_MS } from '../core/defaults';
import { cancelledError, MediaError, toMediaError } from '../core/errors';
import { l10n } from '../core/l10n';
import type { KeyProvider, Logger } from '../core/logger';
import { silentLogger, systemClock } from '../core/logger';
import type {
  CollectionList,
  CollectionMediaList,
  Envelope,
  MediaItem,
  MediaKind,
  Photo,
  PhotoList,
  Video,
  VideoList,
} from '../core/model';
import { hasNextPage } from '../core/model';
import type { CollectionMediaParams, Paging, PhotoSearchParams, PopularVideoParams, VideoSearchParams } from '../core/params';
import { checkMediaId } from '../core/params';
import type { QuotaSnapshot } from '../core/quota';
import { isSecureOrLoopback, tryParseUrl, withTrailingSlash } from '../core/urls';
import { Answers } from './answers';
import type { AnswerOptions, RequestKind } from './answers';
import { listEndpoint, singleEndpoint } from './endpoints';
import type { Base, Endpoint, ListOperation, ListOperations } from './endpoints';
import { pageOfLink } from './paging';
import { Transport } from './transport';
import type { TransportEvents, TransportOptions } from './transport';

/** The largest JSON answer read (a full page of 80 items is well under 1 MB). */
export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The transport's options (transport.ts), each with a default, and the client's own. */
export interface MediaClientOptions extends Partial<TransportOptions> {
  baseUrl: string;
  videoBaseUrl: string;
  keyProvider: KeyProvider;
  cacheTtlMs?: number;
  /**
   * Answers kept across restarts, under the in-memory cache: looked up on a miss, given
   * every new answer, keyed the same way (key tag and URL).
   */
  store?: AnswerStore;
}

type QuotaListener = (snapshot: QuotaSnapshot) => void;

/** Calls each listener; one that throws is logged and the others still run. */
function notify<A extends unknown[]>(listeners: ReadonlySet<(...args: A) => void>, args: A, logger: Logger, what: string): void {
  for (const listener of [...listeners]) {
    try {
      listener(...args);
    } catch (error) {
      logger.error(`${what} listener failed: ${String(error)}`);
    }
  }
}

export class MediaClient {
  private options: Required<Omit<MediaClientOptions, 'fetch' | 'store'>> & Pick<MediaClientOptions, 'fetch'>;
  private transport: Transport;
  private readonly answers: Answers;
  private readonly quotaListeners = new Set<QuotaListener>();
  private readonly sentListeners = new Set<() => void>();
  private readonly reachListeners = new Set<(reached: boolean) => void>();
  private lastQuotaSnapshot: QuotaSnapshot | undefined;
  private requestCount = 0;
  private readonly events: TransportEvents = {
    sent: () => {
      this.requestCount += 1;
      notify(this.sentListeners, [], this.options.logger, 'Request');
    },
    reached: (reached) => notify(this.reachListeners, [reached], this.options.logger, 'Reachability'),
    quota: (snapshot) => {
      this.lastQuotaSnapshot = snapshot;
      notify(this.quotaListeners, [snapshot], this.options.logger, 'Quota');
    },
    lastQuota: () => this.lastQuotaSnapshot,
  };

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
    this.answers = new Answers(this.options.cacheTtlMs, this.options.clock, options.store, (message) => this.options.logger.debug(message));
    this.transport = new Transport(this.options, this.events);
  }

  /** Applies new settings; a new base URL empties the cache. */
  updateOptions(update: Partial<Omit<MediaClientOptions, 'keyProvider' | 'store'>>): void {
    const basesChanged =
      (update.baseUrl !== undefined && update.baseUrl !== this.options.baseUrl) ||
      (update.videoBaseUrl !== undefined && update.videoBaseUrl !== this.options.videoBaseUrl);
    this.options = { ...this.options, ...update };
    this.answers.setTtl(this.options.cacheTtlMs);
    this.transport = new Transport(this.options, this.events);
    if (basesChanged) this.clearCache();
  }

  /** Forgets every answer, the stored ones too (see flushCache to wait for the file). */
  clearCache(): void {
    this.answers.clear();
  }

  /** Resolves when the stored answers' file holds what this client knows (or is gone after a clear). */
  flushCache(): Promise<void> {
    return this.answers.flush();
  }

  /**
   * Stops every request under way (their callers get `cancelled`) and makes sure no answer
   * to them is cached or returned: the key changed, and they were sent with the old one.
   */
  abortAll(): void {
    this.answers.abortAll();
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

  async searchPhotos(params: PhotoSearchParams, opts?: AnswerOptions): Promise<PhotoList> {
    return this.list('searchPhotos', params, opts);
  }

  async curatedPhotos(params: Paging = {}, opts?: AnswerOptions): Promise<PhotoList> {
    return this.list('curatedPhotos', params, opts);
  }

  async getPhoto(id: number | string, opts?: AnswerOptions): Promise<Photo> {
    const checked = checkMediaId(id, 'photo');
    return this.request(singleEndpoint('photo', checked), opts, { single: { kind: 'photo', id: checked } });
  }

  /**
   * Whether Get Photo/Get Video of this id would be answered from the cache now, so it
   * costs no request. Sends nothing; false when no key is stored (a request would fail).
   */
  async hasCached(kind: MediaKind, id: number | string): Promise<boolean> {
    const get = await this.keyedGet(kind, id);
    return get !== undefined && this.answers.has(get.url, get.key, { kind, id: get.id });
  }

  /** Whether this list request would be answered without sending anything (the cache, the stored answers). */
  async hasCachedList<K extends ListOperation>(op: K, params: ListOperations[K]['params']): Promise<boolean> {
    let url: URL;
    try {
      url = this.urlOf(listEndpoint(op, params));
    } catch {
      return false;
    }
    const key = (await this.options.keyProvider.getKey(url.origin))?.trim();
    return key ? this.answers.has(url, key) : false;
  }

  /** Media the user used, kept as their Get Photo/Get Video answers (see Answers.remember). Sends nothing. */
  async remember(items: readonly MediaItem[]): Promise<void> {
    for (const item of items) {
      const media = item.kind === 'photo' ? item.photo : item.video;
      const get = await this.keyedGet(item.kind, media.id);
      if (get) await this.answers.remember(get.url, get.key, { kind: item.kind, id: get.id }, media);
    }
  }

  /** Get Photo/Get Video's URL for this id and the key it would go with; undefined for a bad id or no stored key. */
  private async keyedGet(kind: MediaKind, id: number | string): Promise<{ url: URL; key: string; id: number } | undefined> {
    let url: URL;
    let checked: number;
    try {
      checked = checkMediaId(id, kind);
      url = this.urlOf(singleEndpoint(kind, checked));
    } catch {
      return undefined;
    }
    const key = (await this.options.keyProvider.getKey(url.origin))?.trim();
    return key ? { url, key, id: checked } : undefined;
  }

  async searchVideos(params: VideoSearchParams, opts?: AnswerOptions): Promise<VideoList> {
    return this.list('searchVideos', params, opts);
  }

  async popularVideos(params: PopularVideoParams = {}, opts?: AnswerOptions): Promise<VideoList> {
    return this.list('popularVideos', params, opts);
  }

  async getVideo(id: number | string, opts?: AnswerOptions): Promise<Video> {
    const checked = checkMediaId(id, 'video');
    return this.request(singleEndpoint('video', checked), opts, { single: { kind: 'video', id: checked } });
  }

  /** Get Photo or Get Video, as the media item the UI handles. */
  async getMedia(kind: MediaKind, id: number | string, opts?: AnswerOptions): Promise<MediaItem> {
    return kind === 'photo' ? { kind, photo: await this.getPhoto(id, opts) } : { kind, video: await this.getVideo(id, opts) };
  }

  async featuredCollections(params: Paging = {}, opts?: AnswerOptions): Promise<CollectionList> {
    return this.list('featuredCollections', params, opts);
  }

  async myCollections(params: Paging = {}, opts?: AnswerOptions): Promise<CollectionList> {
    return this.list('myCollections', params, opts);
  }

  async collectionMedia(id: string, params: CollectionMediaParams = {}, opts?: AnswerOptions): Promise<CollectionMediaList> {
    return this.list('collectionMedia', { ...params, id }, opts);
  }

  /** Any list operation by name; every parameter is checked before a request is made. */
  async list<K extends ListOperation>(
    op: K,
    params: ListOperations[K]['params'],
    opts?: AnswerOptions,
  ): Promise<ListOperations[K]['result']> {
    return this.request(listEndpoint(op, params), opts, { list: true });
  }

  /**
   * The page after `current`, or undefined after the last page; of `next_page` only the page
   * number is used (paging.ts). A full page without `next_page` (model.ts `maybeMore`) is
   * followed by the next page's number; that answer, empty or short, says whether more exist.
   */
  async nextPage<K extends ListOperation>(
    op: K,
    params: ListOperations[K]['params'],
    current: Envelope,
    opts?: AnswerOptions,
  ): Promise<ListOperations[K]['result'] | undefined> {
    const next = current.page + 1;
    if (!hasNextPage(current) || next < 1) return undefined;
    const link = current.next_page;
    const page = link === undefined ? next : pageOfLink(link, next, this.baseOf(listEndpoint(op, params).base), this.options.logger);
    return this.list(op, { ...params, page }, opts);
  }

  // ---- the request pipeline --------------------------------------------------------------

  private baseOf(base: Base): string {
    return base === 'photo' ? this.options.baseUrl : this.options.videoBaseUrl;
  }

  private urlOf(endpoint: Omit<Endpoint<unknown>, 'schema'>): URL {
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

  private async request<T>(endpoint: Endpoint<T>, opts?: AnswerOptions, kind: RequestKind = {}): Promise<T> {
    let url: URL;
    try {
      url = this.urlOf(endpoint);
    } catch (error) {
      throw toMediaError(error);
    }
    if (!isSecureOrLoopback(url)) {
      throw new MediaError(
        'invalidRequest',
        l10n.t('Refusing to send your API key to {0}: only https (or http to this computer) is allowed.', url.origin),
        { field: 'apiBaseUrl' },
      );
    }
    if (opts?.signal?.aborted) throw cancelledError();
    const key = (await this.options.keyProvider.getKey(url.origin))?.trim();
    if (!key) throw new MediaError('missingKey', l10n.t('No API key is set.'));
    return this.answers.get(url, key, endpoint.schema, (signal) => this.transport.get(url, key, endpoint.schema, signal), opts, kind);
  }
}
