// The pages of one list a tree branch has loaded (collections of a root, media of a
// collection): items in order without duplicates, whether more exist, one load at a time,
// and the failure of the last load kept as a value so the tree can show it.
import type { Envelope } from './model';
import { hasNextPage, lastPage } from './model';

export interface LoadedPage<T> {
  envelope: Envelope;
  items: readonly T[];
}

/**
 * Fetches the page after `last` (the first page when `last` is undefined); undefined
 * means there is no further page after all.
 */
export type PageFetcher<T> = (last: Envelope | undefined) => Promise<LoadedPage<T> | undefined>;

export class PagedList<T> {
  private readonly list: T[] = [];
  private readonly seen = new Set<string>();
  private last: Envelope | undefined;
  private pending: Promise<void> | undefined;
  private failure: unknown;
  private pagesLoaded = 0;
  private skippedCount = 0;
  /** How many items the list held after each page: where each page's items end. */
  private readonly ends: number[] = [];

  /** `keyOf` names an item; an item seen on an earlier page is not added again. */
  constructor(private readonly keyOf: (item: T) => string) {}

  get items(): readonly T[] {
    return this.list;
  }

  /** Whether the first page has arrived. */
  get started(): boolean {
    return this.last !== undefined;
  }

  /** Whether a further page may exist: the service linked one, or the last page was full without a link. */
  get hasMore(): boolean {
    return hasNextPage(this.last);
  }

  get loading(): boolean {
    return this.pending !== undefined;
  }

  /** The failure of the last load, until the next load starts. */
  get error(): unknown {
    return this.failure;
  }

  get hasError(): boolean {
    return this.failure !== undefined;
  }

  /** The total the service reported with the last page; undefined when it said none. */
  get total(): number | undefined {
    return this.last?.total_results;
  }

  get pages(): number {
    return this.pagesLoaded;
  }

  /** For each loaded page, how many items the list held once it was added (a page's items end there). */
  get pageEnds(): readonly number[] {
    return this.ends;
  }

  /** Items of the loaded pages the service sent unreadable (left out of `items`). */
  get skipped(): number {
    return this.skippedCount;
  }

  /**
   * Loads the first page, or the next one when the first is there and more exist.
   * A call while a load runs shares it. Never rejects: a failure is kept in `error`.
   * Resolves to the number of items added.
   */
  load(fetch: PageFetcher<T>): Promise<number> {
    if (this.pending) return this.pending.then(() => 0);
    if (this.started && !this.hasMore) return Promise.resolve(0);
    this.failure = undefined;
    let added = 0;
    const run = async (): Promise<void> => {
      try {
        const page = await fetch(this.last);
        if (page === undefined) {
          // The link led nowhere: this was the last page.
          this.last = this.last ? lastPage(this.last) : { page: 1, per_page: 0, total_results: 0 };
          return;
        }
        added = this.append(page);
      } catch (error) {
        this.failure = error ?? new Error('Unknown failure');
      } finally {
        this.pending = undefined;
      }
    };
    // Started on a microtask so `pending` is set before `run` can clear it.
    const pending = Promise.resolve().then(run);
    this.pending = pending;
    return pending.then(() => added);
  }

  private append(page: LoadedPage<T>): number {
    let added = 0;
    for (const item of page.items) {
      const key = this.keyOf(item);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.list.push(item);
      added += 1;
    }
    // A page asked for by number (no link) that brings nothing new ends the list: it is asked for once.
    const guessed = this.last !== undefined && this.last.next_page === undefined;
    this.last = guessed && added === 0 ? lastPage(page.envelope) : page.envelope;
    this.pagesLoaded += 1;
    this.ends.push(this.list.length);
    this.skippedCount += page.envelope.skipped ?? 0;
    return added;
  }
}
