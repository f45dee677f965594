// From the service's photos and videos to the grid's tiles: a light image for the tile
// (never the original), the placeholder colour, the credit, and for videos the smallest
// file for the hover preview. Every URL is checked here (https, or http to this
// computer); one that fails is left out rather than shown.
import { ERROR_ACTIONS } from './describe';
import type { MediaItem, Photo, Video, VideoFile } from './model';
import { MEDIA_KINDS } from './model';
import type { Infer } from './schema';
import { array, integer, matches, nullable, object, optional, picklist, refine, string } from './schema';
import { safeLinkUrl, tryParseUrl } from './urls';

// ---- the shape ------------------------------------------------------------------------------
// What the host sends the webview, written once as schemas (the types are inferred): the
// webview checks every tile with them before showing it.

const MAX_TEXT = 2_000;
const MAX_URL = 4_000;
const shownText = string(MAX_TEXT);
const whole = integer(0);
/** https or http only: never `javascript:` or `data:` in an `src` or `href`. */
const url = matches(/^https?:\/\//i, MAX_URL);

export const videoSource = object({
  src: url,
  /** MIME type, e.g. `video/mp4`. */
  type: shownText,
  width: nullable(whole),
  height: nullable(whole),
});
export type VideoSource = Infer<typeof videoSource>;

/** Everything a tile and the preview need, and nothing else (no key, no raw API object). */
export const gridItem = refine(
  object({
    /** `photo:<id>` or `video:<id>`: unique in one result list. */
    key: matches(/^(photo|video):\d{1,16}$/),
    kind: picklist(MEDIA_KINDS),
    id: integer(1),
    width: whole,
    height: whole,
    /** Alt text, or for videos a description made from the page URL; may be empty. */
    description: shownText,
    /** `#rrggbb` placeholder colour while the image loads. */
    color: nullable(matches(/^#[0-9a-f]{6}$/i)),
    /** A light rendering for the tile (never the original). */
    thumb: nullable(url),
    /** A larger rendering for the preview. */
    large: nullable(url),
    /** The same at double density, for sharp previews on HiDPI screens. */
    large2x: nullable(url),
    credit: shownText,
    creditUrl: nullable(url),
    pageUrl: nullable(url),
    /** Seconds, videos only. */
    duration: nullable(whole),
    /** The smallest non-HLS file, played muted on hover or focus. */
    hoverVideo: nullable(videoSource),
    /** A mid-sized file for the preview. */
    playVideo: nullable(videoSource),
  }),
  (item) => item.key === `${item.kind}:${item.id}`,
  () => 'kind:id',
);
export type GridItem = Infer<typeof gridItem>;

export const gridFailure = object({
  /** A MediaErrorKind, kept as text so the webview needs no core error types. */
  kind: shownText,
  /** One clear sentence, already localised and formatted by the host. */
  message: shownText,
  actions: array(picklist(ERROR_ACTIONS), 5),
  /** For `checkKey`: the API origin its button names ("Check Key with …"). */
  origin: optional(shownText),
});
export type GridFailure = Infer<typeof gridFailure>;

export const sessionStatus = picklist(['idle', 'loading', 'loaded', 'failed']);
export type SessionStatus = Infer<typeof sessionStatus>;
export const moreStatus = picklist(['idle', 'loading', 'failed']);
export type MoreStatus = Infer<typeof moreStatus>;

// ---- from the service's media ---------------------------------------------------------------


function text(value: unknown): string {
  if (typeof value !== 'string') return '';
  // Control characters (C0, C1) and line separators become spaces, so a tile's text is one
  // line; bidi overrides and isolates are dropped, so a name cannot display reversed
  // (\u202e "gpj.exe" showing as "exe.jpg").
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').replace(/[\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT - 1)}…` : clean;
}

function color(value: unknown): string | null {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : null;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/**
 * "a-woman-walking-on-the-beach-2499611" from `/video/<slug>-<id>/` → "A woman walking on
 * the beach": videos have no alt text, but their page URL describes them.
 */
export function describeFromPageUrl(pageUrl: string | null | undefined, id: number): string {
  const url = pageUrl ? tryParseUrl(pageUrl) : undefined;
  if (!url) return '';
  const segments = url.pathname.split('/').filter(Boolean);
  const last = segments[segments.length - 1] ?? '';
  let slug: string;
  try {
    slug = decodeURIComponent(last);
  } catch {
    slug = last;
  }
  const words = slug.replace(new RegExp(`-?${id}$`), '').split('-').filter(Boolean);
  if (words.length === 0 || words.every((w) => /^\d+$/.test(w))) return '';
  const sentence = words.join(' ');
  return text(sentence.charAt(0).toUpperCase() + sentence.slice(1));
}

function sourceOf(file: VideoFile | undefined): VideoSource | null {
  if (!file) return null;
  const src = safeLinkUrl(file.link);
  if (!src) return null;
  return {
    src,
    type: /^video\/[\w.+-]+$/i.test(file.file_type) ? file.file_type : 'video/mp4',
    width: typeof file.width === 'number' ? file.width : null,
    height: typeof file.height === 'number' ? file.height : null,
  };
}

/** Files a browser can play directly: not HLS, with a size, and a safe link. */
function playableFiles(video: Video): VideoFile[] {
  return (video.video_files ?? []).filter(
    (f) =>
      f.quality !== 'hls' &&
      !/mpegurl/i.test(f.file_type) &&
      typeof f.width === 'number' &&
      typeof f.height === 'number' &&
      f.width > 0 &&
      f.height > 0 &&
      safeLinkUrl(f.link) !== undefined,
  );
}

function area(f: VideoFile): number {
  return (f.width ?? 0) * (f.height ?? 0);
}

/** The smallest playable file: cheap enough to start on hover. */
export function smallestVideoFile(video: Video): VideoFile | undefined {
  return [...playableFiles(video)].sort((a, b) => area(a) - area(b))[0];
}

/** The largest file whose long side is at most `maxSide` (or the smallest, if none is). */
export function previewVideoFile(video: Video, maxSide = 1920): VideoFile | undefined {
  const files = [...playableFiles(video)].sort((a, b) => area(a) - area(b));
  const fitting = files.filter((f) => Math.max(f.width ?? 0, f.height ?? 0) <= maxSide);
  return fitting[fitting.length - 1] ?? files[0];
}

/** Twice a tile's size (px): enough for a sharp tile on a HiDPI screen. */
const TILE_BOX = { width: 480, height: 360 };

/**
 * The poster at tile size. The service's image CDN renders the size its `w`/`h` query
 * asks for (as the photo variants show), so a 1200×630 poster is asked for at the
 * smallest size that still covers a tile. URLs without both numbers are kept as they are.
 */
export function tileSizedImage(url: string | null): string | null {
  const parsed = url ? tryParseUrl(url) : undefined;
  if (!url || !parsed) return url;
  const w = Number(parsed.searchParams.get('w'));
  const h = Number(parsed.searchParams.get('h'));
  if (!Number.isInteger(w) || !Number.isInteger(h) || w <= 0 || h <= 0) return url;
  const scale = Math.max(TILE_BOX.width / w, TILE_BOX.height / h);
  if (scale >= 1) return url;
  parsed.searchParams.set('w', String(Math.round(w * scale)));
  parsed.searchParams.set('h', String(Math.round(h * scale)));
  return parsed.href;
}

function photoItem(photo: Photo): GridItem {
  const src = photo.src;
  const pageUrl = safeLinkUrl(photo.url) ?? null;
  return {
    key: `photo:${photo.id}`,
    kind: 'photo',
    id: photo.id,
    width: count(photo.width),
    height: count(photo.height),
    description: text(photo.alt) || describeFromPageUrl(pageUrl, photo.id),
    color: color(photo.avg_color),
    thumb: safeLinkUrl(src.medium) ?? safeLinkUrl(src.small) ?? safeLinkUrl(src.tiny) ?? null,
    large: safeLinkUrl(src.large) ?? safeLinkUrl(src.medium) ?? null,
    large2x: safeLinkUrl(src.large2x) ?? null,
    credit: text(photo.photographer),
    creditUrl: safeLinkUrl(photo.photographer_url) ?? null,
    pageUrl,
    duration: null,
    hoverVideo: null,
    playVideo: null,
  };
}

function videoItem(video: Video): GridItem {
  const pageUrl = safeLinkUrl(video.url) ?? null;
  const firstPicture = [...(video.video_pictures ?? [])].sort((a, b) => a.nr - b.nr)[0];
  const poster = safeLinkUrl(video.image) ?? safeLinkUrl(firstPicture?.picture) ?? null;
  return {
    key: `video:${video.id}`,
    kind: 'video',
    id: video.id,
    width: count(video.width),
    height: count(video.height),
    description: describeFromPageUrl(pageUrl, video.id),
    color: color(video.avg_color),
    thumb: tileSizedImage(poster),
    large: poster,
    large2x: null,
    credit: text(video.user?.name),
    creditUrl: safeLinkUrl(video.user?.url) ?? null,
    pageUrl,
    duration: count(video.duration),
    hoverVideo: sourceOf(smallestVideoFile(video)),
    playVideo: sourceOf(previewVideoFile(video)),
  };
}

export function toGridItem(media: MediaItem): GridItem {
  return media.kind === 'photo' ? photoItem(media.photo) : videoItem(media.video);
}

export function mediaKey(media: MediaItem): string {
  return media.kind === 'photo' ? `photo:${media.photo.id}` : `video:${media.video.id}`;
}
