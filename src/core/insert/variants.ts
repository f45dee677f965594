// How big each photo variant is, and which video file to use.
//
// Photo variants are renderings made by the service's image CDN from the query of each
// `src` URL (on Pexels: `?auto=compress&cs=tinysrgb&h=650&w=940`, …). The query is the
// most honest source of a variant's size, so it is read from the URL; when a URL carries
// none, the service's documented query for that variant is used:
//
//   original   no query: the photo's real width × height
//   large2x    w=940 h=650 dpr=2   fits inside 940×650 shown, 1880×1300 pixels
//   large      w=940 h=650         fits inside 940×650
//   medium     h=350               350 high
//   small      h=130               130 high
//   portrait   w=800 h=1200 crop   exactly 800×1200
//   landscape  w=1200 h=627 crop   exactly 1200×627
//   tiny       w=280 h=200 crop    exactly 280×200
//
// "Fits inside" scales the photo down, keeping its shape, until it fits; it never
// enlarges. `crop` (fit=crop) cuts the middle to exactly w×h. dpr multiplies the pixels
// but not the size the image is meant to be shown at: the `width`/`height` attributes
// are that shown size (CSS pixels), so a large2x image is as big on the page as a large
// one and twice as sharp.
import { l10n } from '../l10n';
import type { Photo, PhotoVariant, Video, VideoFile } from '../model';
import { PHOTO_VARIANTS } from '../model';
import { insertableUrl } from './links';

export interface VariantRule {
  readonly w?: number;
  readonly h?: number;
  readonly dpr?: number;
  readonly crop?: boolean;
}

export const DOCUMENTED_VARIANT_RULES: Readonly<Record<PhotoVariant, VariantRule>> = {
  original: {},
  large2x: { w: 940, h: 650, dpr: 2 },
  large: { w: 940, h: 650 },
  medium: { h: 350 },
  small: { h: 130 },
  portrait: { w: 800, h: 1200, crop: true },
  landscape: { w: 1200, h: 627, crop: true },
  tiny: { w: 280, h: 200, dpr: 1, crop: true },
};

export interface VariantSize {
  /** The size the variant is meant to be shown at, in CSS pixels (`width`/`height` attributes). */
  readonly width: number;
  readonly height: number;
  /** The size of the file served, in pixels. */
  readonly pixelWidth: number;
  readonly pixelHeight: number;
}

export function isPhotoVariant(value: unknown): value is PhotoVariant {
  return typeof value === 'string' && (PHOTO_VARIANTS as readonly string[]).includes(value);
}

function positive(value: string | null): number | undefined {
  if (value === null || !/^\d+(\.\d+)?$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isFinite(n) ? n : undefined;
}

/** The sizing rule a `src` URL's query asks the CDN for, or undefined when it asks for none. */
export function ruleFromUrl(url: string): VariantRule | undefined {
  let query: URLSearchParams;
  try {
    query = new URL(url).searchParams;
  } catch {
    return undefined;
  }
  const w = positive(query.get('w'));
  const h = positive(query.get('h'));
  if (w === undefined && h === undefined) return undefined;
  const dpr = positive(query.get('dpr'));
  return { w, h, dpr, crop: query.get('fit') === 'crop' };
}

export function ruleFor(photo: Photo, variant: PhotoVariant): VariantRule {
  if (variant === 'original') return {};
  return ruleFromUrl(photo.src[variant]) ?? DOCUMENTED_VARIANT_RULES[variant];
}

function apply(rule: VariantRule, base: { width: number; height: number }, dpr: number): { width: number; height: number } {
  const { w, h } = rule;
  if (rule.crop && w !== undefined && h !== undefined) return { width: Math.round(w * dpr), height: Math.round(h * dpr) };
  if (w === undefined && h === undefined) return { width: base.width, height: base.height };
  const scale = Math.min(1, w !== undefined ? (w * dpr) / base.width : Infinity, h !== undefined ? (h * dpr) / base.height : Infinity);
  return { width: Math.max(1, Math.round(base.width * scale)), height: Math.max(1, Math.round(base.height * scale)) };
}

export function photoVariantSize(photo: Photo, variant: PhotoVariant): VariantSize {
  const base = { width: Math.max(1, photo.width), height: Math.max(1, photo.height) };
  const rule = ruleFor(photo, variant);
  const dpr = rule.dpr !== undefined && rule.dpr >= 1 ? Math.min(rule.dpr, 5) : 1;
  const pixels = apply(rule, base, dpr);
  const shown = apply(rule, base, 1);
  return { width: shown.width, height: shown.height, pixelWidth: pixels.width, pixelHeight: pixels.height };
}

/** A short description of a variant's rule, for the size picker. */
export function describeRule(rule: VariantRule): string {
  const shape = ((): string | undefined => {
    if (rule.crop && rule.w !== undefined && rule.h !== undefined) return l10n.t('cropped to {0}×{1}', rule.w, rule.h);
    if (rule.w !== undefined && rule.h !== undefined) return l10n.t('fits {0}×{1}', rule.w, rule.h);
    if (rule.h !== undefined) return l10n.t('{0} high', rule.h);
    if (rule.w !== undefined) return l10n.t('{0} wide', rule.w);
    return undefined;
  })();
  if (shape === undefined) return l10n.t('full size');
  return rule.dpr !== undefined && rule.dpr > 1 ? l10n.t('{0}, {1}× density', shape, rule.dpr) : shape;
}

// ---- videos ---------------------------------------------------------------------------

export const VIDEO_QUALITIES = ['hd', 'sd', 'smallest', 'largest', 'hls'] as const;
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];

export function isVideoQuality(value: unknown): value is VideoQuality {
  return typeof value === 'string' && (VIDEO_QUALITIES as readonly string[]).includes(value);
}

export function isHls(file: VideoFile): boolean {
  return file.quality === 'hls' || /mpegurl/i.test(file.file_type);
}

/** Files that can be inserted: a safe link and, except for HLS, a known size. */
export function usableVideoFiles(video: Video): VideoFile[] {
  return video.video_files.filter(
    (f) => insertableUrl(f.link) !== undefined && (isHls(f) || (typeof f.width === 'number' && typeof f.height === 'number' && f.width > 0 && f.height > 0)),
  );
}

const area = (f: VideoFile): number => (f.width ?? 0) * (f.height ?? 0);
const shortSide = (f: VideoFile): number => Math.min(f.width ?? 0, f.height ?? 0);

/**
 * The file for a quality setting:
 * - `hd`: the biggest `hd` file up to 1080p (short side ≤ 1080), else the smallest `hd` one;
 * - `sd`: the biggest `sd` file;
 * - `smallest` / `largest`: by pixel count, any quality;
 * - `hls`: the HLS playlist (only on request: it plays natively in Safari only).
 * A quality with no matching file falls back to `hd`, then to the largest file.
 */
export function chooseVideoFile(video: Video, quality: VideoQuality): VideoFile | undefined {
  const usable = usableVideoFiles(video);
  const files = usable.filter((f) => !isHls(f)).sort((a, b) => area(a) - area(b));
  const largest = files[files.length - 1];
  const hd = (): VideoFile | undefined => {
    const all = files.filter((f) => f.quality === 'hd');
    const upTo1080 = all.filter((f) => shortSide(f) <= 1080);
    return upTo1080[upTo1080.length - 1] ?? all[0];
  };
  switch (quality) {
    case 'hd':
      return hd() ?? largest ?? usable[0];
    case 'sd': {
      const sd = files.filter((f) => f.quality === 'sd');
      return sd[sd.length - 1] ?? hd() ?? largest ?? usable[0];
    }
    case 'smallest':
      return files[0] ?? usable[0];
    case 'largest':
      return largest ?? usable[0];
    case 'hls':
      return usable.find(isHls) ?? hd() ?? largest;
  }
}

/** A short name for a file, used in file names and pickers: `hd-1920x1080`, `hls`. */
export function videoFileLabel(file: VideoFile): string {
  if (isHls(file)) return 'hls';
  const quality = (file.quality ?? 'video').toLowerCase().replace(/[^a-z0-9]+/g, '') || 'video';
  return `${quality}-${file.width ?? 0}x${file.height ?? 0}`;
}

export function videoFileSize(video: Video, file: VideoFile): { width: number; height: number } {
  return isHls(file) || !file.width || !file.height ? { width: video.width, height: video.height } : { width: file.width, height: file.height };
}
