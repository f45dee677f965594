// Words and Markdown for collection nodes of the sidebar tree, and the per-collection
// type filter (the spec's `type` parameter of the collection-media endpoint).
import { escapeMarkdown, plainLine } from './mediaText';
import type { Collection } from './model';
import type { CollectionMediaType } from './params';

/** `all` sends no `type`; the other two are the spec's values. */
export type CollectionFilter = 'all' | CollectionMediaType;
export const COLLECTION_FILTERS: readonly CollectionFilter[] = ['all', 'photos', 'videos'];

export function isCollectionFilter(value: unknown): value is CollectionFilter {
  return typeof value === 'string' && (COLLECTION_FILTERS as readonly string[]).includes(value);
}

/** The `type` parameter for a filter (none for `all`). */
export function filterType(filter: CollectionFilter): CollectionMediaType | undefined {
  return filter === 'all' ? undefined : filter;
}

function count(n: number, one: string, many: string, locale?: string): string {
  const safe = Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  return `${safe.toLocaleString(locale)} ${safe === 1 ? one : many}`;
}

/** `12 photos · 3 videos`, `1 photo`, `5 videos`, `Empty`. */
export function countsText(c: Collection, locale?: string): string {
  const parts: string[] = [];
  if (c.photos_count > 0) parts.push(count(c.photos_count, 'photo', 'photos', locale));
  if (c.videos_count > 0) parts.push(count(c.videos_count, 'video', 'videos', locale));
  if (parts.length === 0 && c.media_count > 0) parts.push(count(c.media_count, 'item', 'items', locale));
  return parts.length > 0 ? parts.join(' · ') : 'Empty';
}

const FILTER_NOTE: Record<CollectionFilter, string> = {
  all: '',
  photos: 'photos only',
  videos: 'videos only',
};

/**
 * The node's description: the counts, or with a filter set only what it shows
 * (`6 videos only`), short enough to stay visible in a narrow sidebar.
 */
export function collectionDescription(c: Collection, filter: CollectionFilter, locale?: string): string {
  if (filter === 'all') return countsText(c, locale);
  const n = filteredCount(c, filter);
  if (n <= 0) return `No ${filter} · filtered`;
  return `${filter === 'photos' ? count(n, 'photo', 'photos', locale) : count(n, 'video', 'videos', locale)} only`;
}

/** How many items the collection holds under a filter, as the collection reports it. */
export function filteredCount(c: Collection, filter: CollectionFilter): number {
  return filter === 'photos' ? c.photos_count : filter === 'videos' ? c.videos_count : c.media_count;
}

export function collectionTitle(c: Collection): string {
  return plainLine(c.title, 120) || `Collection ${c.id}`;
}

export interface CollectionTooltipOptions {
  serviceName: string;
  featured: boolean;
  locale?: string;
}

/** The hover of a collection node, as Markdown (to be rendered with HTML off). */
export function collectionTooltipMarkdown(c: Collection, filter: CollectionFilter, opts: CollectionTooltipOptions): string {
  const parts: string[] = [`**${escapeMarkdown(collectionTitle(c))}**`];
  const description = plainLine(c.description, 500);
  if (description !== '') parts.push(escapeMarkdown(description));
  const facts = [countsText(c, opts.locale)];
  if (c.private) facts.push('Private: only you can see it');
  else if (opts.featured) facts.push(`Featured by ${plainLine(opts.serviceName, 60) || 'the service'}`);
  parts.push(escapeMarkdown(facts.join(' · ')));
  if (filter !== 'all') parts.push(escapeMarkdown(`Showing ${FILTER_NOTE[filter]}.`));
  return parts.join('\n\n');
}

export interface FilterChoice {
  filter: CollectionFilter;
  label: string;
  /** How many items it shows, as the collection reports it. */
  description: string;
  current: boolean;
}

/** The three choices of the filter picker, the current one marked. */
export function filterChoices(c: Collection, current: CollectionFilter, locale?: string): FilterChoice[] {
  return [
    { filter: 'all', label: 'Photos and Videos', description: countsText(c, locale), current: current === 'all' },
    { filter: 'photos', label: 'Photos Only', description: count(c.photos_count, 'photo', 'photos', locale), current: current === 'photos' },
    { filter: 'videos', label: 'Videos Only', description: count(c.videos_count, 'video', 'videos', locale), current: current === 'videos' },
  ];
}

/** Filters remembered per collection id, read back from storage: anything odd is dropped. */
export function reviveFilters(value: unknown): Record<string, CollectionMediaType> {
  const out: Record<string, CollectionMediaType> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [id, filter] of Object.entries(value)) {
    if (filter === 'photos' || filter === 'videos') out[id] = filter;
  }
  return out;
}
