// The service's resources as they arrive on the wire (spec §2): each written once, as the
// schema that checks an answer, with its type inferred from it. Field names stay in the
// service's snake_case so a reader can hold them against the spec. Every string loses its
// invisible and direction-changing characters here, so no surface that shows or inserts
// service text can receive them. A list answer keeps every item that checks and counts
// the others in `skipped`; a broken envelope, or a single photo or video asked for by id,
// fails as a whole.
import { stripInvisible } from './invisible';
import type { Infer, ObjectOf, Optional, Schema } from './schema';
import {
  array,
  boolean,
  integer,
  is,
  items,
  map,
  nullable,
  number,
  object,
  optional,
  orAbsent,
  string,
  unknown,
  variant,
} from './schema';

export type MediaKind = 'photo' | 'video';
export const MEDIA_KINDS: readonly MediaKind[] = ['photo', 'video'];

export const PHOTO_VARIANTS = [
  'original',
  'large2x',
  'large',
  'medium',
  'small',
  'portrait',
  'landscape',
  'tiny',
] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];

/** Text from the service, without invisible characters. */
const text: Schema<string> = map(string(), stripInvisible);
const int = integer();
/** Ids are integers on the wire; some clients see them as numeric strings. */
const intLike: Schema<number> = (v, p) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : int(v, p));
/** Collection ids are strings; a number is taken as its decimal text. */
const stringId: Schema<string> = (v, p) => (typeof v === 'number' ? String(v) : text(v, p));

const photoSrc = object({
  original: text,
  large2x: text,
  large: text,
  medium: text,
  small: text,
  portrait: text,
  landscape: text,
  tiny: text,
});

export const photo = object({
  id: intLike,
  width: int,
  height: int,
  url: text,
  photographer: text,
  photographer_url: text,
  photographer_id: intLike,
  /** `#RRGGBB`; null is tolerated because videos in collections carry null. */
  avg_color: optional(nullable(text), null),
  src: photoSrc,
  liked: optional(boolean, false),
  /** Absent in collection media (spec §2.5). */
  alt: orAbsent(text),
});
export type Photo = Infer<typeof photo>;

const videoUser = object({ id: intLike, name: text, url: text });

const videoFile = object({
  id: intLike,
  /** `hd`, `sd`, `hls` and possibly others (e.g. `uhd`). */
  quality: nullable(text),
  file_type: text,
  /** Null for `hls`. */
  width: nullable(int),
  height: nullable(int),
  link: text,
  fps: orAbsent(nullable(number())),
  size: orAbsent(nullable(number())),
});
export type VideoFile = Infer<typeof videoFile>;

const videoPicture = object({ id: intLike, picture: text, nr: int });

export const video = object({
  id: intLike,
  width: int,
  height: int,
  url: text,
  image: text,
  /** Null in every observed response; its non-null type is not documented. */
  full_res: orAbsent(unknown),
  /** Empty in every observed response; element type not documented. */
  tags: orAbsent(array(unknown)),
  duration: int,
  user: videoUser,
  video_files: array(videoFile),
  video_pictures: array(videoPicture),
  /** Only on videos inside a collection, null there. */
  avg_color: orAbsent(nullable(text)),
});
export type Video = Infer<typeof video>;

export const collection = object({
  id: stringId,
  title: text,
  description: optional(nullable(text), null),
  private: boolean,
  media_count: int,
  photos_count: int,
  videos_count: int,
});
export type Collection = Infer<typeof collection>;

const collectionMediaItem = variant('type', { Photo: photo, Video: video });
export type CollectionMediaItem = Infer<typeof collectionMediaItem>;

/**
 * Not the service's: how many items of this page could not be read and were left out
 * (each is logged with its field path). Set by `listOf` on every list answer; a value the
 * service sends is dropped.
 */
const skipped: Optional<number> = Object.assign(() => undefined, { optional: true as const });

/**
 * Not the service's: the page was full (as many items as `per_page`) but named no next page,
 * as some of the service's answers do (a page 2 without `next_page`), and no total says it
 * was the last: a next page may exist, and is asked for by its number. Set by `listOf`; a
 * value the service sends is dropped.
 */
const maybeMore: Optional<true> = Object.assign(() => undefined, { optional: true as const });

/**
 * The pagination envelope of every list response (spec §2.1). `total_results` may be
 * missing (curated pages recorded in 2020 have none): the page is still read, and nothing
 * claims a total then.
 */
const envelopeShape = {
  page: int,
  per_page: int,
  total_results: orAbsent(int),
  next_page: orAbsent(text),
  prev_page: orAbsent(text),
  skipped,
  maybeMore,
};
export type Envelope = ObjectOf<typeof envelopeShape>;

/** Whether a page may follow `envelope`'s: the service links one, or the page was full without a link. */
export function hasNextPage(envelope: Envelope | undefined): boolean {
  return envelope !== undefined && (envelope.next_page !== undefined || envelope.maybeMore === true);
}

/** `envelope` as the last page: no page is asked for after it. */
export function lastPage<E extends Envelope>(envelope: E): E {
  const { next_page: _link, maybeMore: _guess, ...rest } = envelope;
  return rest as E;
}

type ListKey = 'photos' | 'videos' | 'collections' | 'media';

/**
 * A list answer: the envelope checked strictly, the result list (under `key`) item by item,
 * `skipped` counted, `maybeMore` set when a full page names no next page.
 */
function listOf<T extends Envelope>(key: ListKey, schema: Schema<T>): Schema<T> {
  return (v, p, report) => {
    let count = 0;
    const out = schema(v, p, (error) => {
      count += 1;
      report?.(error);
    });
    // The items as they came, unreadable ones included: they were on the page.
    const sent = (v as Record<string, unknown>)[key];
    const full = Array.isArray(sent) && out.per_page > 0 && sent.length >= out.per_page;
    const lastByTotal = out.total_results !== undefined && out.page * out.per_page >= out.total_results;
    const maybe = full && out.next_page === undefined && !lastByTotal;
    return { ...out, skipped: count, ...(maybe ? { maybeMore: true as const } : {}) };
  };
}

export const photoList = listOf('photos', object({ ...envelopeShape, photos: items(photo) }));
export type PhotoList = Infer<typeof photoList>;

export const videoList = listOf(
  'videos',
  object({
    ...envelopeShape,
    videos: items(video),
    /** URL of the search (or page) on the service. */
    url: orAbsent(text),
  }),
);
export type VideoList = Infer<typeof videoList>;

export const collectionList = listOf('collections', object({ ...envelopeShape, collections: items(collection) }));
export type CollectionList = Infer<typeof collectionList>;

export const collectionMediaList = listOf('media', object({ ...envelopeShape, id: stringId, media: items(collectionMediaItem) }));
export type CollectionMediaList = Infer<typeof collectionMediaList>;

/** A photo or a video, tagged, as the UI handles them. */
export type MediaItem = { kind: 'photo'; photo: Photo } | { kind: 'video'; video: Video };

/** A collection's media item as the UI handles it (the tree and the grid). */
export function toMediaItem(m: CollectionMediaItem): MediaItem {
  return m.type === 'Video' ? { kind: 'video', video: m } : { kind: 'photo', photo: m };
}

// ---- insert arguments
// A MediaItem handed in from outside (a command argument, dragged data) is checked more
// loosely than an answer of the service: only the fields the insert reads, sizes as any
// finite non-negative number, no photographer_id. Their contents are untrusted anyway and
// cleaned later (insert/facts.ts).

const size = number(0);
const id = integer(0);
const anyText = string();
const photoArgument = object({
  id,
  width: size,
  height: size,
  url: anyText,
  photographer: anyText,
  photographer_url: anyText,
  src: object({
    original: anyText,
    large2x: anyText,
    large: anyText,
    medium: anyText,
    small: anyText,
    portrait: anyText,
    landscape: anyText,
    tiny: anyText,
  }),
});
const videoArgument = object({
  id,
  width: size,
  height: size,
  url: anyText,
  image: anyText,
  user: object({ name: anyText, url: anyText }),
  video_pictures: array(unknown),
  video_files: array(object({ link: anyText, file_type: anyText, width: nullable(size), height: nullable(size) })),
});

/** The insert contract of a MediaItem from outside (see above). */
export const mediaArgument = variant('kind', {
  photo: object({ photo: photoArgument }),
  video: object({ video: videoArgument }),
});

/** A MediaItem from outside, checked with the looser contract above and kept as it came. */
export const mediaItemArgument: Schema<MediaItem> = (v, p, report) => {
  mediaArgument(v, p, report);
  return v as MediaItem;
};

/** Whether `value` may be inserted as a MediaItem: the looser contract above, not the full type. */
export function isMediaItem(value: unknown): value is MediaItem {
  return is(mediaArgument, value);
}
