// Responsive images (setting `stockMedia.insert.responsive`): the photo's renderings as a
// `srcset` with width descriptors, a `sizes` that matches the inserted style, and the
// average colour as the background shown while the image loads.
//
// A width descriptor must be the file's real pixel width, or the browser picks the wrong
// file. The spec names the `src` renderings but documents no sizes, so a rendering is a
// candidate only when its width can be worked out: the original is the photo's own
// width (the spec's `width`), the others only when their URL says what the image CDN was
// asked for (`w`, `h`, `dpr`; see variants.ts) and the photo's width and height are
// known. A rendering whose URL asks for no size is left out: its width is a guess.
import type { Photo, PhotoVariant } from '../model';
import { insertableUrl } from './links';
import { photoVariantSize, ruleFromUrl } from './variants';

export interface ImageSource {
  /** An insertable https address (links.ts). */
  readonly url: string;
  /** The file's width in pixels: the `w` descriptor. */
  readonly width: number;
}

/**
 * The renderings that show the whole photo, smallest first. The crops (portrait,
 * landscape, tiny) show another part of it in another shape, so they never stand in
 * for one another or for these.
 */
const WHOLE_PHOTO: readonly PhotoVariant[] = ['small', 'medium', 'large', 'large2x', 'original'];

/** A `#RRGGBB` colour (as the spec gives `avg_color`), upper case; anything else is undefined. */
export function hexColor(value: unknown): string | undefined {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toUpperCase() : undefined;
}

function knownWidth(photo: Photo, variant: PhotoVariant): number | undefined {
  if (variant === 'original') return photo.width;
  // Only a size the URL itself asks for (not the documented default) is known.
  if (ruleFromUrl(photo.src[variant]) === undefined) return undefined;
  return photoVariantSize(photo, variant).pixelWidth;
}

/**
 * The `srcset` candidates for a photo inserted as `chosen`: none when `chosen` is a crop
 * (its shape is its own) or the photo's size is unknown; one per distinct width otherwise
 * (the smaller rendering kept when two are the same width), smallest first. Two at least,
 * or none: a single candidate tells the browser nothing `src` does not.
 */
export function photoSources(photo: Photo, chosen: PhotoVariant): ImageSource[] {
  if (!WHOLE_PHOTO.includes(chosen)) return [];
  if (!(photo.width > 0 && photo.height > 0)) return [];
  const byWidth = new Map<number, string>();
  for (const variant of WHOLE_PHOTO) {
    const url = insertableUrl(photo.src[variant]);
    // A comma ends a candidate where a URL ends with one; such an address is left out.
    if (url === undefined || url.includes(',')) continue;
    const width = knownWidth(photo, variant);
    if (width === undefined || !Number.isInteger(width) || width <= 0 || byWidth.has(width)) continue;
    byWidth.set(width, url);
  }
  const sources = [...byWidth].map(([width, url]) => ({ url, width })).sort((a, b) => a.width - b.width);
  return sources.length >= 2 ? sources : [];
}

/** `url 350w, url 940w, …`. */
export function srcsetValue(sources: readonly ImageSource[]): string {
  return sources.map((s) => `${s.url} ${s.width}w`).join(', ');
}

/**
 * The inserted image is shown at its `width`, or narrower when its container is (the
 * inserted style's `max-width:100%`); the viewport bounds the container.
 */
export function sizesValue(width: number): string {
  return `(max-width: ${width}px) 100vw, ${width}px`;
}
