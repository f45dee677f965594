// The user's own lists of media: Recent (the last media inserted, set as cover, saved or copied)
// and Starred. Newest first, one entry per media (kind and id), capped. What is kept is the
// service's public fields of each media only (no `liked`, nothing the key could reveal), so a
// list can be shown with no request and synced to the user's other machines. A stored value is
// read back as hostile: anything that is not a media item of the service's shape is dropped.
import type { MediaItem, Photo, Video } from './model';
import { photo, video } from './model';
import { items, object, parse, variant } from './schema';
import { mediaKey } from './tiles';

/** Recent keeps the last 50 (the service's own design-tool plugin keeps as many). */
export const RECENT_MAX = 50;
/** Starred follows the user through Settings Sync: kept small enough for it. */
export const STARRED_MAX = 200;
/** One entry's JSON larger than this (a video with hundreds of files) is not kept. */
export const ENTRY_MAX_CHARS = 24_000;

const storedItem = variant('kind', { photo: object({ photo }), video: object({ video }) });
const stored = object({ v: items(storedItem) });

/** What is stored: `{ v: [...] }`, newest first. */
export interface StoredList {
  readonly v: readonly MediaItem[];
}

/** The media's public fields only, as the service sent them (its extra or per-user fields left out). */
export function publicMedia(media: MediaItem): MediaItem {
  if (media.kind === 'photo') {
    const p = media.photo;
    const kept: Photo = {
      id: p.id,
      width: p.width,
      height: p.height,
      url: p.url,
      photographer: p.photographer,
      photographer_url: p.photographer_url,
      photographer_id: p.photographer_id,
      avg_color: p.avg_color ?? null,
      src: {
        original: p.src.original,
        large2x: p.src.large2x,
        large: p.src.large,
        medium: p.src.medium,
        small: p.src.small,
        portrait: p.src.portrait,
        landscape: p.src.landscape,
        tiny: p.src.tiny,
      },
      // Whether the user liked it on the service is theirs: never kept.
      liked: false,
      ...(p.alt !== undefined ? { alt: p.alt } : {}),
    };
    return { kind: 'photo', photo: kept };
  }
  const v = media.video;
  const kept: Video = {
    id: v.id,
    width: v.width,
    height: v.height,
    url: v.url,
    image: v.image,
    duration: v.duration,
    user: { id: v.user.id, name: v.user.name, url: v.user.url },
    video_files: v.video_files.map((f) => ({
      id: f.id,
      quality: f.quality,
      file_type: f.file_type,
      width: f.width,
      height: f.height,
      link: f.link,
      ...(f.fps !== undefined ? { fps: f.fps } : {}),
      ...(f.size !== undefined ? { size: f.size } : {}),
    })),
    video_pictures: v.video_pictures.map((p) => ({ id: p.id, picture: p.picture, nr: p.nr })),
    ...(v.avg_color !== undefined ? { avg_color: v.avg_color } : {}),
  };
  return { kind: 'video', video: kept };
}

/**
 * What of `media` can be listed: each checked with the service's full shape (media handed to a
 * command by another extension may only have the fields an insert reads), as kept.
 */
export function listable(media: readonly MediaItem[]): MediaItem[] {
  const out: MediaItem[] = [];
  for (const item of media) {
    try {
      const kept = publicMedia(parse(storedItem, item));
      if (JSON.stringify(kept).length <= ENTRY_MAX_CHARS) out.push(kept);
    } catch {
      // Not the service's shape: not listed.
    }
  }
  return out;
}

/** `media` (newest first) put at the front of `list`, each once, at most `max`. */
export function addToFront(list: readonly MediaItem[], media: readonly MediaItem[], max: number): MediaItem[] {
  const out: MediaItem[] = [];
  const seen = new Set<string>();
  for (const item of [...media, ...list]) {
    const key = mediaKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}

/** `list` without the media of `key` (`photo:<id>`). */
export function removeKey(list: readonly MediaItem[], key: string): MediaItem[] {
  return list.filter((item) => mediaKey(item) !== key);
}

/** The value to store for `list`. */
export function toStored(list: readonly MediaItem[]): StoredList {
  return { v: listable(list) };
}

/**
 * A stored value read back: only media items of the service's shape, each once, at most `max`.
 * Anything else (another shape, a list of the wrong things, a string) is an empty list.
 */
export function reviveList(value: unknown, max: number): MediaItem[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const list = (value as { v?: unknown }).v;
  if (!Array.isArray(list)) return [];
  try {
    // Only what could be kept is looked at: a huge stored list costs no more than a full one.
    return addToFront([], listable(parse(stored, { v: list.slice(0, max * 2) }).v), max);
  } catch {
    return [];
  }
}
