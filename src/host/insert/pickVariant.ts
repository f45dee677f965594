// "Insert as…": choose the photo size or the video file at insert time. A photo's sizes are the
// service's variants, widths and crops made from the original (core/insert/sizes.ts) and a
// custom size typed in; each shows the pixel size it is served at and, when the insert saves
// files, the file's size from one HEAD request per address (api/download.ts), before anything is written.
import * as vscode from 'vscode';
import { fileSizes } from '../../api/download';
import { formatSize } from '../../core/bytes';
import type { MediaItem, Photo } from '../../core/model';
import type { SizeGroup, StartSize } from '../../core/insert/sizeList';
import { sizeChoices, sizeText, startNote } from '../../core/insert/sizeList';
import type { PhotoSize, PhotoSizeResult } from '../../core/insert/sizes';
import { photoAtSize, readPhotoSize, sizeName } from '../../core/insert/sizes';
import type { VideoQuality } from '../../core/insert/variants';
import { chooseVideoFile, isHls, usableVideoFiles, videoFileLabel } from '../../core/insert/variants';
import { inert } from '../../core/inert';
import { askText, showFocused } from '../common/inputBox';

export interface VariantChoice {
  /** A photo's size. */
  readonly size?: PhotoSize;
  readonly videoFileId?: number;
}

/** What the size or file is for: an insert (Insert as…) or a page's cover (Set as Cover Image…). */
export type PickPurpose = 'insert' | 'cover';

/** What the picker starts from: the size (and where it comes from), the video quality, and whether (and how) to show the saved files' sizes. */
export interface PickOptions {
  readonly purpose: PickPurpose;
  readonly start: { readonly size: PhotoSize; readonly from: StartSize } | undefined;
  readonly videoQuality: VideoQuality;
  /** The insert saves files: each size shows its file's size (HEAD requests with this fetch). */
  readonly fileSizes?: { readonly fetch: typeof fetch; readonly timeoutMs: number };
}

interface Item extends vscode.QuickPickItem {
  readonly choice?: VariantChoice;
  /** Custom size…: asks for one. */
  readonly custom?: true;
  /** The address whose file size the description shows. */
  readonly url?: string;
  /** The description before the file's size is known. */
  readonly shown?: string;
}

function separator(label: string): Item {
  return { label, kind: vscode.QuickPickItemKind.Separator };
}

const GROUP_LABELS: Record<Exclude<SizeGroup, 'start'>, () => string> = {
  service: () => vscode.l10n.t('the service’s sizes'),
  widths: () => vscode.l10n.t('widths'),
  crops: () => vscode.l10n.t('crops'),
};

function photoItems(photo: Photo, starting: PickOptions['start']): Item[] {
  const items: Item[] = [];
  let group: SizeGroup | undefined;
  for (const c of sizeChoices(photo, starting)) {
    if (c.group !== group && c.group !== 'start') items.push(separator(GROUP_LABELS[c.group]()));
    group = c.group;
    const shown = c.start && starting ? vscode.l10n.t('{0} · {1}', sizeText(c.at), startNote(starting.from)) : sizeText(c.at);
    items.push({ label: sizeName(c.size), description: shown, shown, detail: c.detail, picked: c.start, choice: { size: c.size }, url: c.at.url });
  }
  return [
    ...items,
    separator(vscode.l10n.t('other')),
    { label: vscode.l10n.t('Custom size…'), detail: vscode.l10n.t('A width (like 1600) or a crop (like 1200x630)'), custom: true },
  ];
}

function videoItems(media: Extract<MediaItem, { kind: 'video' }>, quality: VideoQuality): Item[] {
  const video = media.video;
  const preferred = chooseVideoFile(video, quality);
  const area = (w: number | null, h: number | null): number => (w ?? 0) * (h ?? 0);
  return usableVideoFiles(video)
    .sort((a, b) => (isHls(a) ? 1 : 0) - (isHls(b) ? 1 : 0) || area(b.width, b.height) - area(a.width, a.height))
    .map((file) => {
      // The file's type, quality and label come from the service: inert in the picker.
      const type = isHls(file) ? vscode.l10n.t('adaptive; plays natively in Safari only') : inert(file.file_type, 60);
      const rate = typeof file.fps === 'number' ? vscode.l10n.t('{0} · {1} fps', type, Math.round(file.fps)) : type;
      return {
        label: isHls(file)
          ? vscode.l10n.t('HLS stream')
          : vscode.l10n.t('{0} {1} × {2}', inert(file.quality ?? 'video', 20).toUpperCase(), file.width ?? '', file.height ?? ''),
        description: file === preferred ? vscode.l10n.t('{0} · your setting', rate) : rate,
        detail: inert(videoFileLabel(file)),
        picked: file === preferred,
        choice: { videoFileId: file.id },
      };
    });
}

/** A custom size for `photo`, typed and checked; undefined on Escape. */
async function askCustomSize(photo: Photo, purpose: PickPurpose): Promise<PhotoSize | undefined> {
  const read = (value: string): PhotoSizeResult | { readonly message: string } => {
    const result = readPhotoSize(/^\d+$/.test(value.trim()) ? Number(value.trim()) : value, vscode.l10n.t('custom size'));
    if ('size' in result && photoAtSize(photo, result.size) === undefined) {
      return { message: vscode.l10n.t('This photo cannot be made in that size: its original has no safe address or no known size.') };
    }
    return result;
  };
  const typed = await askText({
    title: vscode.l10n.t('Custom size'),
    prompt:
      purpose === 'cover'
        ? vscode.l10n.t('A width in pixels (like 1600) or a crop (like 1200x630), made from the original. Escape cancels the cover.')
        : vscode.l10n.t('A width in pixels (like 1600) or a crop (like 1200x630), made from the original. Escape cancels the insert.'),
    placeholder: '1600',
    check: (value) => {
      const result = read(value);
      if ('message' in result) return result.message;
      return { message: vscode.l10n.t('Served at {0}.', photoAtSize(photo, result.size)?.label ?? ''), severity: vscode.InputBoxValidationSeverity.Info };
    },
  });
  if (typed === undefined) return undefined;
  const result = read(typed);
  return 'size' in result ? result.size : undefined;
}

/** Shows each item's file size as its HEAD answers, keeping the active item; stops when `signal` does. */
function showFileSizes(quickPick: vscode.QuickPick<Item>, items: Item[], options: NonNullable<PickOptions['fileSizes']>, signal: AbortSignal): void {
  const withUrl = items.filter((i) => i.url !== undefined);
  // The cheap ones first: the original, the biggest file, comes last.
  const pixels = (i: Item): number => {
    const size = i.choice?.size;
    return size && size.kind !== 'variant' ? size.width * (size.kind === 'crop' ? size.height : size.width) : size?.variant === 'original' ? Infinity : 0;
  };
  const addresses = withUrl.sort((a, b) => pixels(a) - pixels(b)).map((i) => i.url ?? '');
  const sizes = new Map<string, number>();
  let scheduled = false;
  const redraw = (): void => {
    scheduled = false;
    const active = quickPick.activeItems[0]?.label;
    const updated = quickPick.items.map((item) => {
      const bytes = item.url !== undefined ? sizes.get(item.url) : undefined;
      return bytes === undefined ? item : { ...item, description: vscode.l10n.t('{0} · {1}', item.shown ?? '', formatSize(bytes, vscode.env.language)) };
    });
    quickPick.items = updated;
    const again = updated.find((i) => i.label === active);
    if (again) quickPick.activeItems = [again];
  };
  void fileSizes(addresses, { fetch: options.fetch, timeoutMs: options.timeoutMs, signal }, (url, bytes) => {
    sizes.set(url, bytes);
    if (!scheduled) {
      scheduled = true;
      setTimeout(redraw, 50);
    }
  });
}

export async function pickVariant(media: MediaItem, options: PickOptions): Promise<VariantChoice | undefined> {
  const items = media.kind === 'photo' ? photoItems(media.photo, options.start) : videoItems(media, options.videoQuality);
  if (!items.some((i) => i.choice !== undefined)) return undefined;
  const quickPick = vscode.window.createQuickPick<Item>();
  quickPick.title =
    media.kind === 'video'
      ? vscode.l10n.t('Insert which video file?')
      : options.purpose === 'cover'
        ? vscode.l10n.t('The cover at which size?')
        : vscode.l10n.t('Insert the photo at which size?');
  quickPick.placeholder =
    media.kind === 'photo'
      ? options.fileSizes
        ? vscode.l10n.t('Pixel sizes (width × height) and the size of the file saved')
        : vscode.l10n.t('Sizes are display sizes (width × height)')
      : vscode.l10n.t('Files from the biggest to the smallest');
  quickPick.matchOnDescription = true;
  quickPick.items = items;
  const active = items.find((i) => i.picked);
  if (active) quickPick.activeItems = [active];
  const stop = new AbortController();
  if (media.kind === 'photo' && options.fileSizes) showFileSizes(quickPick, items, options.fileSizes, stop.signal);
  const picked = await new Promise<Item | undefined>((resolve) => {
    quickPick.onDidAccept(() => {
      resolve(quickPick.selectedItems[0] ?? quickPick.activeItems[0]);
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      stop.abort();
      resolve(undefined);
      quickPick.dispose();
    });
    showFocused(quickPick);
  });
  if (picked?.custom && media.kind === 'photo') {
    const size = await askCustomSize(media.photo, options.purpose);
    return size === undefined ? undefined : { size };
  }
  return picked?.choice;
}
