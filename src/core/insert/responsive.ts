// Responsive images (setting `stockMedia.insert.responsive`): a `srcset` with width
// descriptors made from the original, a `sizes` that matches the inserted style, and the
// average colour as the background shown while the image loads.
//
// A width descriptor must be the file's real pixel width, or the browser picks the wrong
// file. The candidates are the original's address asked for 640, 1280, 1920 and 2560 pixels
// wide (sizes.ts), only those not wider than the original (the server does not enlarge), and
// the original's own width when it is narrower than 2560: each is served exactly as wide as
// its descriptor says. A crop (its shape is its own) gets the same crop at 1× and, when the
// original has the pixels for it, 2× (`dpr=2`, served exactly twice as wide and high).
import type { Photo } from '../model';
import type { PhotoSize } from './sizes';
import { MAX_SERVED_PIXELS, photoAtSize, sizedOriginalUrl } from './sizes';

export interface ImageSource {
  /** An insertable https address (links.ts). */
  readonly url: string;
  /** The file's width in pixels: the `w` descriptor. */
  readonly width: number;
}

/** The widths a responsive insert offers the browser, where the original is at least as wide. */
export const SRCSET_WIDTHS: readonly number[] = [640, 1280, 1920, 2560];

/** The variants that show the whole photo; the others (portrait, landscape, tiny) are crops. */
const WHOLE_PHOTO_VARIANTS: readonly string[] = ['small', 'medium', 'large', 'large2x', 'original'];

/** A `#RRGGBB` colour (as the spec gives `avg_color`), upper case; anything else is undefined. */
export function hexColor(value: unknown): string | undefined {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value.toUpperCase() : undefined;
}

function known(photo: Photo): boolean {
  return Number.isInteger(photo.width) && Number.isInteger(photo.height) && photo.width > 0 && photo.height > 0;
}

/** A comma ends a candidate where a URL ends with one; such an address is left out. */
function usable(url: string | undefined): url is string {
  return url !== undefined && !url.includes(',');
}

function cropSources(photo: Photo, width: number, height: number): ImageSource[] {
  const at1 = photoAtSize(photo, { kind: 'crop', width, height });
  if (!usable(at1?.url)) return [];
  // 2× only from pixels the original has: a crop the server would have to enlarge is left out.
  if (2 * width > photo.width || 2 * height > photo.height || 4 * width * height > MAX_SERVED_PIXELS) return [];
  const at2 = sizedOriginalUrl(photo, { w: width, h: height, crop: true, dpr: 2 });
  return usable(at2) ? [{ url: at1.url, width }, { url: at2, width: 2 * width }] : [];
}

/**
 * The `srcset` candidates for a photo inserted at `size`, smallest first: widths of the
 * whole photo for a variant that shows it all or a width, the crop at 1× and 2× for a crop,
 * none for the service's own crops (portrait, landscape, tiny) or a photo of unknown size.
 * Two at least, or none: a single candidate tells the browser nothing `src` does not.
 */
export function photoSources(photo: Photo, size: PhotoSize): ImageSource[] {
  if (!known(photo)) return [];
  if (size.kind === 'crop') return cropSources(photo, size.width, size.height);
  if (size.kind === 'variant' && !WHOLE_PHOTO_VARIANTS.includes(size.variant)) return [];
  const widths = SRCSET_WIDTHS.filter((w) => w <= photo.width);
  if (photo.width < Math.max(...SRCSET_WIDTHS) && !widths.includes(photo.width)) widths.push(photo.width);
  // A rendering over the server's pixel limit comes back smaller than asked: not a candidate.
  const fits = (width: number): boolean => width * Math.round((photo.height * width) / photo.width) <= MAX_SERVED_PIXELS;
  const sources: ImageSource[] = [];
  for (const width of widths.filter(fits)) {
    const url = sizedOriginalUrl(photo, { w: width });
    if (usable(url)) sources.push({ url, width });
  }
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
