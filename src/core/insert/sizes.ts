// Photo sizes made from the original (settings `stockMedia.insert.size`, `stockMedia.cover.size`):
// one of the service's eight variants by name, a width in pixels (`1280`), or a crop (`"1200x630"`).
//
// The service's image server makes any size from the original's address, and its own
// variants are exactly that (variants.ts): the original's URL with `auto=compress&cs=tinysrgb`
// and `w`, `h`, `fit=crop`, `dpr`. A width asks for `w=1280` (scaled to that width, keeping
// the shape, never enlarged: a photo narrower than asked is served at its own width); a crop
// asks for `fit=crop&h=630&w=1200` (cut from the middle to exactly that size). Made only from
// an original whose address may be inserted (links.ts), on that address's origin and path.
import { l10n } from '../l10n';
import type { Photo, PhotoVariant } from '../model';
import { PHOTO_VARIANTS } from '../model';
import { insertableUrl } from './links';
import { isPhotoVariant, photoVariantSize } from './variants';

/** The largest side a size may ask for (the image server's own limit is about this). */
export const MAX_SIZE_SIDE = 12_000;

/**
 * The most pixels one rendering has: the image server scales anything bigger down (the local
 * library does the same, test/server/images.ts), so a `srcset` width whose rendering would be
 * bigger is not offered: its descriptor would not be the width served.
 */
export const MAX_SERVED_PIXELS = 30_000_000;

export type PhotoSize =
  | { readonly kind: 'variant'; readonly variant: PhotoVariant }
  | { readonly kind: 'width'; readonly width: number }
  | { readonly kind: 'crop'; readonly width: number; readonly height: number };

export interface PhotoAtSize {
  /** The insertable address of the image at that size. */
  readonly url: string;
  /** The size it is meant to be shown at (CSS pixels: `width`/`height` attributes). */
  readonly width: number;
  readonly height: number;
  /** The size of the file served, in pixels. */
  readonly pixelWidth: number;
  readonly pixelHeight: number;
  /** The pixel size for people: `1280 × 853`. */
  readonly label: string;
  /** The short name of the size asked for (`large`, `1280w`, `1200x630`): sizeName. */
  readonly name: string;
  /** A width wider than the original: served at the original's width, not enlarged. */
  readonly capped: boolean;
}

/** A size read, or why not: `message`, and the setting it names (photoSizeRefusal says it again, in English for a model). */
export type PhotoSizeResult = { readonly size: PhotoSize } | { readonly message: string; readonly setting: string };

export const DEFAULT_PHOTO_SIZE: PhotoSize = { kind: 'variant', variant: 'large' };

function side(text: string): number | undefined {
  if (!/^\d{1,6}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= MAX_SIZE_SIDE ? n : undefined;
}

/** Why a size setting's value is no size: `setting` names it. */
export function photoSizeRefusal(setting: string): string {
  return l10n.t('The setting {0} must be a size name ({1}), a width in pixels from 1 to {2} (like 1280), or a crop like "1200x630".', setting, PHOTO_VARIANTS.join(', '), MAX_SIZE_SIDE);
}

/**
 * Reads a size setting's value: a variant name, a whole number of pixels (a number, or text
 * like `1280` or `1280w`), or `WxH` (`1200x630`, `1200×630`). `setting` names it in the
 * message for anything else (zero, negative, over 12000, fractions, other text).
 */
export function readPhotoSize(value: unknown, setting = 'stockMedia.insert.size'): PhotoSizeResult {
  const refuse = (): PhotoSizeResult => ({ message: photoSizeRefusal(setting), setting });
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 1 && value <= MAX_SIZE_SIDE ? { size: { kind: 'width', width: value } } : refuse();
  }
  if (typeof value !== 'string') return refuse();
  const text = value.trim();
  const lower = text.toLowerCase();
  if (isPhotoVariant(lower)) return { size: { kind: 'variant', variant: lower } };
  const width = /^(\d+)\s*w?$/i.exec(text);
  if (width) {
    const w = side(width[1] ?? '');
    return w === undefined ? refuse() : { size: { kind: 'width', width: w } };
  }
  const crop = /^(\d+)\s*[x×]\s*(\d+)$/i.exec(text);
  if (crop) {
    const w = side(crop[1] ?? '');
    const h = side(crop[2] ?? '');
    return w === undefined || h === undefined ? refuse() : { size: { kind: 'crop', width: w, height: h } };
  }
  return refuse();
}

/** The short name: `large`, `1280w`, `1200x630` (file names' `{size}`, the `{variant}` placeholder). */
export function sizeName(size: PhotoSize): string {
  switch (size.kind) {
    case 'variant':
      return size.variant;
    case 'width':
      return `${size.width}w`;
    case 'crop':
      return `${size.width}x${size.height}`;
  }
}

export function sameSize(a: PhotoSize, b: PhotoSize): boolean {
  return sizeName(a) === sizeName(b);
}

/** `1280 × 853`. */
export function sizeLabel(width: number, height: number): string {
  return l10n.t('{0} × {1}', width, height);
}

/** The query the image server is asked with, in the service's own order (`…&fit=crop&h=630&w=1200`). */
function sizeQuery(w: number | undefined, h: number | undefined, crop: boolean, dpr?: number): string {
  const parts = ['auto=compress', 'cs=tinysrgb'];
  if (dpr !== undefined && dpr !== 1) parts.push(`dpr=${dpr}`);
  if (crop) parts.push('fit=crop');
  if (h !== undefined) parts.push(`h=${h}`);
  if (w !== undefined) parts.push(`w=${w}`);
  return parts.join('&');
}

/**
 * The original's address with a sizing query in place of its own (origin and path kept), or
 * undefined when the original may not be inserted. The result is insertable (links.ts).
 */
export function sizedOriginalUrl(photo: Photo, query: { w?: number; h?: number; crop?: boolean; dpr?: number }): string | undefined {
  const original = insertableUrl(photo.src?.original);
  if (original === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(original);
  } catch {
    return undefined;
  }
  url.search = `?${sizeQuery(query.w, query.h, query.crop === true, query.dpr)}`;
  url.hash = '';
  return insertableUrl(url.href);
}

/** Whether the photo's own size is known (a width or a crop needs it to say what is served). */
function knownSize(photo: Photo): boolean {
  return Number.isInteger(photo.width) && Number.isInteger(photo.height) && photo.width > 0 && photo.height > 0;
}

/** The pixel size a width asks for: that width and the photo's shape, never wider than the original. */
export function servedWidthSize(photo: Photo, width: number): { width: number; height: number; capped: boolean } {
  const scale = Math.min(1, width / photo.width);
  return {
    width: Math.max(1, Math.round(photo.width * scale)),
    height: Math.max(1, Math.round(photo.height * scale)),
    capped: width > photo.width,
  };
}

/**
 * The photo at `size`: its address, the size it is shown at and served at, and a label.
 * Undefined when it cannot be made: the variant's address (or the original's, for a width or
 * a crop) is not insertable, or, for a width or crop, the photo's own size is unknown.
 */
export function photoAtSize(photo: Photo, size: PhotoSize): PhotoAtSize | undefined {
  const name = sizeName(size);
  if (size.kind === 'variant') {
    const url = insertableUrl(photo.src?.[size.variant]);
    if (url === undefined) return undefined;
    const s = photoVariantSize(photo, size.variant);
    return { url, ...s, label: sizeLabel(s.pixelWidth, s.pixelHeight), name, capped: false };
  }
  if (!knownSize(photo)) return undefined;
  if (size.kind === 'width') {
    const url = sizedOriginalUrl(photo, { w: size.width });
    if (url === undefined) return undefined;
    const s = servedWidthSize(photo, size.width);
    return { url, width: s.width, height: s.height, pixelWidth: s.width, pixelHeight: s.height, label: sizeLabel(s.width, s.height), name, capped: s.capped };
  }
  const url = sizedOriginalUrl(photo, { w: size.width, h: size.height, crop: true });
  if (url === undefined) return undefined;
  return {
    url,
    width: size.width,
    height: size.height,
    pixelWidth: size.width,
    pixelHeight: size.height,
    label: sizeLabel(size.width, size.height),
    name,
    capped: false,
  };
}

/**
 * A crop of the shape `ratioW:ratioH` at most `maxWidth` wide, as large as the original
 * allows (a crop bigger than the original would be enlarged): the picker's 16:9, 4:3, 1:1.
 */
export function cropForRatio(photo: Photo, ratioW: number, ratioH: number, maxWidth: number): PhotoSize {
  const limitW = knownSize(photo) ? Math.min(maxWidth, photo.width, Math.floor((photo.height * ratioW) / ratioH)) : maxWidth;
  const width = Math.max(ratioW, limitW - (limitW % ratioW));
  return { kind: 'crop', width, height: Math.round((width * ratioH) / ratioW) };
}
