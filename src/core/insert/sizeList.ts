// The sizes "Insert as…" and "Set as Cover Image…" offer for a photo, and what each says: the
// service's variants, widths and crops made from the original. Each says only what is true of
// this photo: a width the original is not wider than is not offered (the original, at its own
// width, is among the service's sizes: named once); a crop bigger than the original says it is
// enlarged; the size the list starts on says where it comes from (your setting only when you
// set one, else the default, or the cover's size for a cover).
import { l10n } from '../l10n';
import type { Photo } from '../model';
import { PHOTO_VARIANTS } from '../model';
import type { PhotoAtSize, PhotoSize } from './sizes';
import { cropForRatio, photoAtSize, sameSize } from './sizes';
import { describeRule, ruleFor } from './variants';

/** The widths offered besides the variants. */
export const PICKER_WIDTHS: readonly number[] = [640, 1280, 1920, 2560];
const RATIO_CROPS: readonly (readonly [number, number, number])[] = [
  [16, 9, 1920],
  [4, 3, 1600],
  [1, 1, 1080],
];
export const SOCIAL_CARD: PhotoSize = { kind: 'crop', width: 1200, height: 630 };

/** Where the size the list starts on comes from. */
export type StartSize = 'setting' | 'default' | 'cover';

export type SizeGroup = 'start' | 'service' | 'widths' | 'crops';

export interface SizeChoice {
  readonly size: PhotoSize;
  readonly at: PhotoAtSize;
  readonly group: SizeGroup;
  /** What it is: how the service makes it, or how it is made from the original. */
  readonly detail: string;
  /** The size the list starts on. */
  readonly start: boolean;
}

/** What the size the list starts on is called. */
export function startNote(from: StartSize): string {
  switch (from) {
    case 'setting':
      return l10n.t('your setting');
    case 'default':
      return l10n.t('the default');
    case 'cover':
      return l10n.t('the cover’s size');
  }
}

/** The pixel size a choice is shown with (what the service serves; a width capped at the original says so). */
export function sizeText(at: PhotoAtSize): string {
  const pixels = at.pixelWidth !== at.width ? l10n.t('{0} × {1} ({2} × {3} pixels)', at.width, at.height, at.pixelWidth, at.pixelHeight) : at.label;
  return at.capped ? l10n.t('{0} · the original’s full width', pixels) : pixels;
}

/** Whether a crop is bigger than the original in either side (it is then enlarged). */
function enlarged(photo: Photo, size: PhotoSize): boolean {
  return size.kind === 'crop' && (size.width > photo.width || size.height > photo.height);
}

/**
 * The photo's sizes, in the list's order: the starting size first when it is none of the
 * others, then the service's sizes, the widths narrower than the original, the crops.
 * `starting`: the size the list starts on and where it comes from (a setting, the default, a cover).
 */
export function sizeChoices(photo: Photo, starting: { readonly size: PhotoSize; readonly from: StartSize } | undefined): SizeChoice[] {
  const start = starting?.size;
  const choice = (size: PhotoSize, group: SizeGroup, detail: string): SizeChoice | undefined => {
    const at = photoAtSize(photo, size);
    return at && { size, at, group, detail, start: start !== undefined && sameSize(size, start) };
  };
  const variants = PHOTO_VARIANTS.map((variant) => choice({ kind: 'variant', variant }, 'service', describeRule(ruleFor(photo, variant))));
  const widths = PICKER_WIDTHS.filter((width) => width < photo.width).map((width) => choice({ kind: 'width', width }, 'widths', l10n.t('{0} wide, from the original', width)));
  const crop = (size: PhotoSize, what: string): SizeChoice | undefined =>
    choice(size, 'crops', enlarged(photo, size) ? l10n.t('{0}, enlarged: the original is smaller', what) : l10n.t('{0}, from the original', what));
  const crops = [...RATIO_CROPS.map(([w, h, max]) => crop(cropForRatio(photo, w, h, max), l10n.t('cropped to {0}:{1}', w, h))), crop(SOCIAL_CARD, l10n.t('social card (Open Graph)'))];
  const listed = [...variants, ...widths, ...crops].filter((c): c is SizeChoice => c !== undefined);
  if (start === undefined || listed.some((c) => c.start)) return listed;
  // A starting size that is none of these (a setting's width above the original, a custom crop): first.
  const own = photoAtSize(photo, start);
  const detail = starting?.from === 'setting' ? l10n.t('from the setting stockMedia.insert.size') : starting?.from === 'cover' ? l10n.t('the size the cover preset asks for') : '';
  return own ? [{ size: start, at: own, group: 'start', detail, start: true }, ...listed] : listed;
}
