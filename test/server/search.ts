// What the search filters mean over the generated library. Exported so tests can compute
// the expected results themselves.
import type { LibraryPhoto, LibraryVideo } from './library';

export type Orientation = 'landscape' | 'portrait' | 'square';
export type SizeFilter = 'large' | 'medium' | 'small';

/** Width/height within 5% of 1 counts as square. */
export const SQUARE_TOLERANCE = 0.05;

export function orientationOf(width: number, height: number): Orientation {
  const ratio = width / height;
  if (Math.abs(ratio - 1) <= SQUARE_TOLERANCE) return 'square';
  return ratio > 1 ? 'landscape' : 'portrait';
}

export function parseOrientation(value: string | null): Orientation | null {
  return value === 'landscape' || value === 'portrait' || value === 'square' ? value : null;
}

export function parseSize(value: string | null): SizeFilter | null {
  return value === 'large' || value === 'medium' || value === 'small' ? value : null;
}

/** Photo sizes are minimum megapixels (spec 4.2): large 24, medium 12, small 4. */
export const PHOTO_MIN_PIXELS: Readonly<Record<SizeFilter, number>> = {
  large: 24_000_000,
  medium: 12_000_000,
  small: 4_000_000,
};

export function photoMeetsSize(photo: { width: number; height: number }, size: SizeFilter): boolean {
  return photo.width * photo.height >= PHOTO_MIN_PIXELS[size];
}

/**
 * Video sizes (spec 4.5): large = 4K, medium = Full HD, small = HD, judged on the long and
 * the short side so portrait videos count the same as landscape ones.
 */
const VIDEO_MIN_SIDES: Readonly<Record<SizeFilter, { long: number; short: number }>> = {
  large: { long: 3840, short: 2160 },
  medium: { long: 1920, short: 1080 },
  small: { long: 1280, short: 720 },
};

export function videoMeetsSize(video: { width: number; height: number }, size: SizeFilter): boolean {
  const min = VIDEO_MIN_SIDES[size];
  const long = Math.max(video.width, video.height);
  const short = Math.min(video.width, video.height);
  return long >= min.long || short >= min.short;
}

export const NAMED_COLORS: Readonly<Record<string, readonly [number, number, number]>> = {
  red: [220, 30, 30],
  orange: [240, 140, 30],
  yellow: [240, 220, 50],
  green: [50, 150, 50],
  turquoise: [50, 210, 200],
  blue: [30, 70, 200],
  violet: [140, 50, 210],
  pink: [245, 170, 195],
  brown: [125, 80, 40],
  black: [15, 15, 15],
  gray: [128, 128, 128],
  white: [245, 245, 245],
};

/** A hex colour filter matches average colours within this RGB distance (of 441). */
export const HEX_COLOR_DISTANCE = 90;

export type ColorFilter = { kind: 'named'; name: string } | { kind: 'hex'; rgb: readonly [number, number, number] };

export function hexToRgb(value: string): [number, number, number] | null {
  let digits = value.startsWith('#') ? value.slice(1) : value;
  if (/^[0-9a-f]{3}$/i.test(digits)) digits = digits.replace(/./g, (c) => c + c);
  if (!/^[0-9a-f]{6}$/i.test(digits)) return null;
  const n = parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Named colours (case-insensitive), `#RRGGBB`, `RRGGBB` or `#RGB`; anything else is ignored. */
export function parseColor(value: string | null): ColorFilter | null {
  if (!value) return null;
  const name = value.toLowerCase();
  if (Object.hasOwn(NAMED_COLORS, name)) return { kind: 'named', name };
  const rgb = hexToRgb(value);
  return rgb ? { kind: 'hex', rgb } : null;
}

function distance(a: readonly number[], b: readonly number[]): number {
  return Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0), (a[2] ?? 0) - (b[2] ?? 0));
}

/**
 * The named colour a colour is seen as: a grey (little chroma) as black, gray or white by its
 * lightness, any other by its hue, a dark red, orange or yellow as brown and a light red or
 * magenta as pink. (The nearest swatch by RGB distance would call a pale blue-grey sky pink.)
 */
export function nearestNamedColor(hexColor: string): string {
  const [r, g, b] = hexToRgb(hexColor) ?? [0, 0, 0];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const chroma = max - min;
  if (max < 48) return 'black';
  if (chroma < 28 || chroma < max * 0.14) return max > 212 ? 'white' : max < 72 ? 'black' : 'gray';
  const hue = (max === r ? ((g - b) / chroma + 6) % 6 : max === g ? (b - r) / chroma + 2 : (r - g) / chroma + 4) * 60;
  const light = (max + min) / 2;
  if (hue < 15 || hue >= 340) return light > 165 ? 'pink' : max < 150 ? 'brown' : 'red';
  if (hue < 45) return max < 170 ? 'brown' : 'orange';
  if (hue < 62) return max < 150 ? 'brown' : 'yellow';
  if (hue < 165) return 'green';
  if (hue < 195) return 'turquoise';
  if (hue < 255) return 'blue';
  if (hue < 290) return 'violet';
  return light > 150 ? 'pink' : 'violet';
}

export function photoMatchesColor(photo: { avgColor: string }, filter: ColorFilter): boolean {
  if (filter.kind === 'named') return nearestNamedColor(photo.avgColor) === filter.name;
  const rgb = hexToRgb(photo.avgColor);
  return rgb !== null && distance(rgb, filter.rgb) <= HEX_COLOR_DISTANCE;
}

const WORD_SPLIT = /[^\p{L}\p{N}]+/u;
/** Scripts written without spaces: a query word matches anywhere in the text. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/**
 * Every query word (case-insensitive) must match the text or the tags: as the start of a
 * word, or anywhere for Chinese, Japanese and Thai.
 */
export function matchesQuery(query: string, text: string, tags: readonly string[]): boolean {
  const words = query.toLowerCase().split(WORD_SPLIT).filter(Boolean);
  if (words.length === 0) return false;
  const haystack = `${text} ${tags.join(' ')}`.toLowerCase();
  const tokens = haystack.split(WORD_SPLIT).filter(Boolean);
  return words.every((word) =>
    UNSPACED_SCRIPT.test(word) ? haystack.includes(word) : tokens.some((token) => token.startsWith(word)),
  );
}

export interface PhotoFilters {
  query: string;
  orientation: Orientation | null;
  size: SizeFilter | null;
  color: ColorFilter | null;
}

export function photoMatches(photo: LibraryPhoto, f: PhotoFilters): boolean {
  return (
    matchesQuery(f.query, [photo.alt, ...Object.values(photo.alts)].join(' '), photo.tags) &&
    (!f.orientation || orientationOf(photo.width, photo.height) === f.orientation) &&
    (!f.size || photoMeetsSize(photo, f.size)) &&
    (!f.color || photoMatchesColor(photo, f.color))
  );
}

export interface VideoFilters {
  query: string;
  orientation: Orientation | null;
  size: SizeFilter | null;
}

export function videoMatches(video: LibraryVideo, f: VideoFilters): boolean {
  return (
    matchesQuery(f.query, video.title, video.tags) &&
    (!f.orientation || orientationOf(video.width, video.height) === f.orientation) &&
    (!f.size || videoMeetsSize(video, f.size))
  );
}

export interface PopularFilters {
  minWidth: number | null;
  minHeight: number | null;
  minDuration: number | null;
  maxDuration: number | null;
}

export function videoMatchesPopular(video: LibraryVideo, f: PopularFilters): boolean {
  return (
    (f.minWidth === null || video.width >= f.minWidth) &&
    (f.minHeight === null || video.height >= f.minHeight) &&
    (f.minDuration === null || video.duration >= f.minDuration) &&
    (f.maxDuration === null || video.duration <= f.maxDuration)
  );
}
