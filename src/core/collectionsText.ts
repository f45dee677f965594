// Words and Markdown for collection nodes of the sidebar tree, and the per-collection
// type filter (the spec's `type` parameter of the collection-media endpoint).
import { l10n } from './l10n';
import { inert, inertMarkdown, SERVICE_NAME_MAX } from './inert';
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

function whole(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

function photos(n: number, locale?: string): string {
  const text = whole(n).toLocaleString(locale);
  return l10n.plural(whole(n), { one: l10n.t('{0} photo', text), other: l10n.t('{0} photos', text) });
}

function videos(n: number, locale?: string): string {
  const text = whole(n).toLocaleString(locale);
  return l10n.plural(whole(n), { one: l10n.t('{0} video', text), other: l10n.t('{0} videos', text) });
}

function items(n: number, locale?: string): string {
  const text = whole(n).toLocaleString(locale);
  return l10n.plural(whole(n), { one: l10n.t('{0} item', text), other: l10n.t('{0} items', text) });
}

/** `1 photo`, `3 videos`, `2 photos and 1 video`: a count of media by kind, each pluralised; `0 photos` for none. */
export function photosAndVideosText(photoCount: number, videoCount: number, locale?: string): string {
  if (whole(videoCount) === 0) return photos(photoCount, locale);
  if (whole(photoCount) === 0) return videos(videoCount, locale);
  return l10n.t('{0} and {1}', photos(photoCount, locale), videos(videoCount, locale));
}

/** `12 photos · 3 videos`, `1 photo`, `5 videos`, `Empty`. */
export function countsText(c: Collection, locale?: string): string {
  const parts: string[] = [];
  if (c.photos_count > 0) parts.push(photos(c.photos_count, locale));
  if (c.videos_count > 0) parts.push(videos(c.videos_count, locale));
  if (parts.length === 0 && c.media_count > 0) parts.push(items(c.media_count, locale));
  return parts.length > 0 ? parts.join(' · ') : l10n.t('Empty');
}

/**
 * The node's description: the counts, or with a filter set only what it shows
 * (`6 videos only`), short enough to stay visible in a narrow sidebar.
 */
export function collectionDescription(c: Collection, filter: CollectionFilter, locale?: string): string {
  if (filter === 'all') return countsText(c, locale);
  const n = whole(filteredCount(c, filter));
  const text = n.toLocaleString(locale);
  if (filter === 'photos') {
    if (n === 0) return l10n.t('No photos · filtered');
    return l10n.plural(n, { one: l10n.t('{0} photo only', text), other: l10n.t('{0} photos only', text) });
  }
  if (n === 0) return l10n.t('No videos · filtered');
  return l10n.plural(n, { one: l10n.t('{0} video only', text), other: l10n.t('{0} videos only', text) });
}

/** How many items the collection holds under a filter, as the collection reports it. */
export function filteredCount(c: Collection, filter: CollectionFilter): number {
  return filter === 'photos' ? c.photos_count : filter === 'videos' ? c.videos_count : c.media_count;
}

export function collectionTitle(c: Collection): string {
  return inert(c.title, 120) || l10n.t('Collection {0}', c.id);
}

export interface CollectionTooltipOptions {
  serviceName: string;
  featured: boolean;
  locale?: string;
}

/** The hover of a collection node, as Markdown (to be rendered with HTML off). */
export function collectionTooltipMarkdown(c: Collection, filter: CollectionFilter, opts: CollectionTooltipOptions): string {
  const parts: string[] = [`**${inertMarkdown(collectionTitle(c))}**`];
  const description = inert(c.description, 500);
  if (description !== '') parts.push(inertMarkdown(description));
  const facts = [countsText(c, opts.locale)];
  if (c.private) facts.push(l10n.t('Private: only you can see it'));
  else if (opts.featured) facts.push(l10n.t('Featured by {0}', inert(opts.serviceName, SERVICE_NAME_MAX) || l10n.t('the service')));
  parts.push(inertMarkdown(facts.join(' · ')));
  if (filter === 'photos') parts.push(inertMarkdown(l10n.t('Showing photos only.')));
  if (filter === 'videos') parts.push(inertMarkdown(l10n.t('Showing videos only.')));
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
    { filter: 'all', label: l10n.t('Photos and Videos'), description: countsText(c, locale), current: current === 'all' },
    { filter: 'photos', label: l10n.t('Photos Only'), description: photos(c.photos_count, locale), current: current === 'photos' },
    { filter: 'videos', label: l10n.t('Videos Only'), description: videos(c.videos_count, locale), current: current === 'videos' },
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
