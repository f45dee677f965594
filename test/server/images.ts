// Image sizes the way the real image CDN (imgix) derives them from the query of a `src`
// URL, and the PNGs themselves, cached across servers in this process.
import { MAX_SERVED_PIXELS } from '../../src/core/insert/sizes';
import { encodePng } from './png';
import type { LibraryPhoto } from './library';
import { drawScene } from './scene';
import { planScene } from './scenePlans';
import { hexToRgb } from './search';

/** Never build more than this (the extension's model of the image server's limit); bigger requests are scaled down proportionally. */
export const MAX_IMAGE_PIXELS = MAX_SERVED_PIXELS;
const MAX_SIDE = 12_000;
const CACHE_MAX_BYTES = 96 * 1024 * 1024;

export interface Size {
  width: number;
  height: number;
}

/** Query of each `src` variant, the same as the real service's (jpeg there, png here). */
export const PHOTO_VARIANT_QUERIES = {
  original: '',
  large2x: 'auto=compress&cs=tinysrgb&dpr=2&h=650&w=940',
  large: 'auto=compress&cs=tinysrgb&h=650&w=940',
  medium: 'auto=compress&cs=tinysrgb&h=350',
  small: 'auto=compress&cs=tinysrgb&h=130',
  portrait: 'auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800',
  landscape: 'auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200',
  tiny: 'auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280',
} as const;

export type PhotoVariant = keyof typeof PHOTO_VARIANT_QUERIES;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? Math.min(n, MAX_SIDE) : null;
}

/**
 * The pixel size served for an image of `base` size and the given query:
 * - `fit=crop` with `w` and `h`: exactly w x h (times dpr), cropped from the middle;
 * - `w` and/or `h` otherwise: scaled to fit inside them (times dpr), never enlarged;
 * - neither: `base` (the original).
 * Anything above MAX_IMAGE_PIXELS is scaled down proportionally.
 */
export function imageSize(base: Size, query: URLSearchParams): Size {
  const dprValue = Number(query.get('dpr') ?? '1');
  const dpr = Number.isFinite(dprValue) && dprValue >= 1 ? Math.min(dprValue, 5) : 1;
  const w = positiveInt(query.get('w'));
  const h = positiveInt(query.get('h'));
  let width = base.width;
  let height = base.height;
  if (query.get('fit') === 'crop' && w !== null && h !== null) {
    width = Math.round(w * dpr);
    height = Math.round(h * dpr);
  } else if (w !== null || h !== null) {
    const scale = Math.min(1, w !== null ? (w * dpr) / base.width : Infinity, h !== null ? (h * dpr) / base.height : Infinity);
    width = Math.max(1, Math.round(base.width * scale));
    height = Math.max(1, Math.round(base.height * scale));
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    const scale = Math.sqrt(MAX_IMAGE_PIXELS / (width * height));
    width = Math.max(1, Math.floor(width * scale));
    height = Math.max(1, Math.floor(height * scale));
  }
  return { width, height };
}

/** The pixel size of one `src` variant of a photo of the given size. */
export function photoVariantSize(photo: Size, variant: PhotoVariant): Size {
  return imageSize(photo, new URLSearchParams(PHOTO_VARIANT_QUERIES[variant]));
}

/** Preview pictures of a video: the video's shape, 640 px on the long side. */
export function videoPictureSize(video: Size): Size {
  const scale = 640 / Math.max(video.width, video.height);
  return { width: Math.round(video.width * scale), height: Math.round(video.height * scale) };
}

const cache = new Map<string, Buffer>();
let cachedBytes = 0;

function remember(key: string, png: Buffer): void {
  cache.set(key, png);
  cachedBytes += png.length;
  for (const [oldest, buf] of cache) {
    if (cachedBytes <= CACHE_MAX_BYTES || oldest === key) break;
    cachedBytes -= buf.length;
    cache.delete(oldest);
  }
}

/**
 * A PNG of the given size of the photo's picture (scenePlans.ts: what its subject looks like
 * in its setting, laid out from its id). Cached: lists and grids ask for the same ones often.
 */
export function renderPng(size: Size, photo: Pick<LibraryPhoto, 'id' | 'tags' | 'alt' | 'tint'>): Buffer {
  return cachedPng(`${size.width}x${size.height}:photo:${photo.id}:${photo.tint}:${photo.alt}`, () => {
    const scene = planScene({ ...photo, tint: hexToRgb(photo.tint) ?? [128, 128, 128] });
    return encodePng(size.width, size.height, drawScene(size.width, size.height, scene));
  });
}

/** The PNG made under `key` before (while the cache holds it), else `make()`'s, remembered. */
export function cachedPng(key: string, make: () => Buffer): Buffer {
  const hit = cache.get(key);
  if (hit) return hit;
  const png = make();
  remember(key, png);
  return png;
}
