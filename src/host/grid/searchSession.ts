// One search shown in the grid: its first page, the pages after it (one request per page
// of 80, following the service's next_page through the client), and what failed. It is
// the grid's single source of truth; the panel only forwards its messages. No 'vscode'
// here, so it is tested in plain Node against the local server.
//
// Quota: a search repeated within the cache TTL costs nothing (the client's cache), a
// second "load more" while one is under way is ignored, and nothing is fetched past the
// last page. A new search stops the one under way (its answer is never shown), so searches
// typed or fired in a row cost at most one request each and the grid ends on the last.
//
// The tiles on screen stay until a new search's answer replaces them: while it loads, and
// when the service cannot be reached (no network, refused, timed out), the last good results
// stay with the failure and its Retry above them (`kept`). Any other failure (a bad key, the
// quota used up) is shown in place of the tiles.
import type { MediaClient } from '../../api/client';
import { MediaError, isUnreachable, toMediaError } from '../../core/errors';
import type { CollectionMediaItem, Envelope, MediaItem, Photo, Video } from '../../core/model';
import { hasNextPage, lastPage, toMediaItem } from '../../core/model';
import { requestFor } from '../../core/search';
import type { PagedRequest, SearchSpec } from '../../core/search';
import { mediaKey, toGridItem } from '../../core/tiles';
import type { GridFailure, GridItem, MoreStatus, SessionStatus } from '../../core/tiles';
import type { SearchProgress, SessionMessage, ToWebview } from '../../shared/protocol';

export interface SessionOptions {
  client: () => MediaClient;
  describe: (error: MediaError) => GridFailure;
  /** Messages for the webview, in order. */
  post: (message: ToWebview) => void;
  /** The user's own media (library/mediaLists.ts): the `starred` mode's, no request. */
  lists?: Pick<GridLists, 'starredMedia'>;
}

export interface GridLists {
  starredMedia(): readonly MediaItem[];
  /** The starred media's keys (`photo:<id>`): a tile's … menu offers Star or Unstar by them. */
  starredKeys(): readonly string[];
}

export interface SessionState extends SearchProgress {
  generation: number;
  items: readonly GridItem[];
  /** The page number of the last page loaded (0 before the first). */
  page: number;
  /** The items are an earlier search's, kept on screen while `spec` loads or could not be reached. */
  kept: boolean;
}

function mediaOf(result: { photos?: Photo[]; videos?: Video[]; media?: CollectionMediaItem[] }): MediaItem[] {
  if (result.photos) return result.photos.map((photo) => ({ kind: 'photo', photo }));
  if (result.videos) return result.videos.map((video) => ({ kind: 'video', video }));
  if (result.media) return result.media.map(toMediaItem);
  return [];
}

/** The total to show: the service's (never fewer than shown), or null when it said none. */
function totalOf(envelope: Envelope, shown: number): number | null {
  return envelope.total_results === undefined ? null : Math.max(envelope.total_results, shown);
}

export class SearchSession {
  private generation = 0;
  private spec: SearchSpec | null = null;
  private status: SessionStatus = 'idle';
  private items: GridItem[] = [];
  private readonly media = new Map<string, MediaItem>();
  private totalResults: number | null = 0;
  private skipped = 0;
  private envelope: Envelope | undefined;
  private paged: PagedRequest | undefined;
  private more: MoreStatus = 'idle';
  private failure: GridFailure | null = null;
  private moreFailure: GridFailure | null = null;
  private controller: AbortController | undefined;
  private kept = false;
  private current: Promise<void> = Promise.resolve();

  constructor(private readonly options: SessionOptions) {}

  get state(): SessionState {
    return {
      generation: this.generation,
      spec: this.spec,
      status: this.status,
      items: this.items,
      totalResults: this.totalResults,
      skipped: this.skipped,
      hasMore: this.hasMore,
      more: this.more,
      failure: this.failure,
      moreFailure: this.moreFailure,
      page: this.envelope?.page ?? (this.status === 'loaded' ? 1 : 0),
      kept: this.kept,
    };
  }

  private get hasMore(): boolean {
    return this.paged !== undefined && hasNextPage(this.envelope);
  }

  /** The service's object behind a tile, for the insert/copy/open commands. */
  mediaFor(key: string): MediaItem | undefined {
    return this.media.get(key);
  }

  /**
   * Everything the webview shows, in one message. `keepItems`: the webview already shows the
   * kept items, so they are not sent again (a search typed in a row costs no list each time).
   */
  snapshot(syncForm: boolean, keepItems = false): SessionMessage {
    return {
      type: 'session',
      generation: this.generation,
      spec: this.spec,
      status: this.status,
      items: keepItems ? [] : [...this.items],
      ...(keepItems ? { keepItems: true } : {}),
      totalResults: this.totalResults,
      skipped: this.skipped,
      hasMore: this.hasMore,
      more: this.more,
      failure: this.failure ?? this.moreFailure,
      syncForm,
    };
  }

  /** Starts `spec` from its first page; whatever was running is abandoned. */
  start(spec: SearchSpec, how: { syncForm: boolean; fresh?: boolean }): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.generation += 1;
    const generation = this.generation;
    this.spec = spec;
    this.status = 'loading';
    // The tiles shown stay until the answer replaces them.
    this.kept = this.items.length > 0;
    this.more = 'idle';
    this.failure = null;
    this.moreFailure = null;
    this.options.post(this.snapshot(how.syncForm, this.kept));
    const run = this.fetchFirst(spec, generation, controller.signal, how.fresh === true).then(
      () => undefined,
      () => undefined,
    );
    this.current = run;
    return run;
  }

  /** Asks for the next page of the current search; ignored when not applicable. */
  loadMore(generation: number): Promise<void> {
    if (generation !== this.generation || this.status !== 'loaded' || !this.hasMore || this.more === 'loading') {
      return this.current;
    }
    const paged = this.paged;
    const envelope = this.envelope;
    if (!paged || !envelope) return this.current;
    this.more = 'loading';
    this.moreFailure = null;
    this.options.post({ type: 'more', generation, status: 'loading', failure: null });
    const signal = this.controller?.signal;
    const run = this.fetchNext(paged, envelope, generation, signal).then(
      () => undefined,
      () => undefined,
    );
    this.current = run;
    return run;
  }

  /** Forgets everything (e.g. the panel closed). */
  dispose(): void {
    this.controller?.abort();
    this.generation += 1;
  }

  private async fetchFirst(spec: SearchSpec, generation: number, signal: AbortSignal, fresh: boolean): Promise<void> {
    const opts = { signal, fresh };
    try {
      const client = this.options.client();
      let media: MediaItem[];
      let envelope: Envelope | undefined;
      const paged = requestFor(spec);
      if (paged) {
        const result = await client.list(paged.op, paged.params as never, opts);
        media = mediaOf(result as { photos?: Photo[]; videos?: Video[] });
        envelope = result;
      } else if (spec.mode === 'single') {
        media = [await client.getMedia(spec.kind, spec.id, opts)];
      } else if (spec.mode === 'starred') {
        media = [...(this.options.lists?.starredMedia() ?? [])];
      } else {
        throw new MediaError('invalidRequest', 'Unknown search.');
      }
      if (generation !== this.generation) return;
      this.clearItems();
      this.paged = paged;
      this.envelope = envelope;
      this.add(media);
      this.skipped = envelope?.skipped ?? 0;
      this.totalResults = !envelope ? this.items.length : totalOf(envelope, this.items.length);
      this.status = 'loaded';
      this.options.post(this.snapshot(false));
    } catch (error) {
      if (generation !== this.generation) return;
      const failure = toMediaError(error);
      if (failure.kind === 'cancelled') return;
      this.status = 'failed';
      this.failure = this.options.describe(failure);
      // Nothing came back: the last good results stay on screen, with the failure above them.
      const keep = this.kept && isUnreachable(failure);
      if (!keep) this.clearItems();
      this.options.post(this.snapshot(false, keep));
    }
  }

  private async fetchNext(paged: PagedRequest, envelope: Envelope, generation: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      const result = await this.options.client().nextPage(paged.op, paged.params as never, envelope, signal ? { signal } : {});
      if (generation !== this.generation) return;
      this.more = 'idle';
      if (!result) {
        // The client found no next page after all: the end.
        this.envelope = lastPage(envelope);
        this.options.post({ type: 'page', generation, items: [], totalResults: this.totalResults, skipped: this.skipped, hasMore: false });
        return;
      }
      const media = mediaOf(result as { photos?: Photo[]; videos?: Video[] });
      const added = this.add(media);
      this.skipped += result.skipped ?? 0;
      // An empty page past the end would otherwise ask again forever (a page whose items
      // were all unreadable is not empty); a page asked for by number is asked for once.
      const guessedInVain = envelope.next_page === undefined && added.length === 0;
      this.envelope = (media.length === 0 && !result.skipped) || guessedInVain ? lastPage(result) : result;
      this.totalResults = totalOf(result, this.items.length);
      this.options.post({ type: 'page', generation, items: added, totalResults: this.totalResults, skipped: this.skipped, hasMore: this.hasMore });
    } catch (error) {
      if (generation !== this.generation) return;
      const failure = toMediaError(error);
      if (failure.kind === 'cancelled') {
        this.more = 'idle';
        return;
      }
      this.more = 'failed';
      this.moreFailure = this.options.describe(failure);
      this.options.post({ type: 'more', generation, status: 'failed', failure: this.moreFailure });
    }
  }

  /** Forgets the tiles shown (a new answer or a failure takes their place). */
  private clearItems(): void {
    this.kept = false;
    this.items = [];
    this.media.clear();
    this.totalResults = 0;
    this.skipped = 0;
    this.envelope = undefined;
    this.paged = undefined;
  }

  /** Adds media not seen yet in this search (pages can overlap); returns the new tiles. */
  private add(media: readonly MediaItem[]): GridItem[] {
    const added: GridItem[] = [];
    for (const item of media) {
      const key = mediaKey(item);
      if (this.media.has(key)) continue;
      this.media.set(key, item);
      const tile = toGridItem(item);
      added.push(tile);
      this.items.push(tile);
    }
    return added;
  }
}
