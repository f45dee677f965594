// "Insert as…": choose the photo size or the video file at insert time, with the sizes.
import * as vscode from 'vscode';
import type { MediaItem, PhotoVariant } from '../../core/model';
import { PHOTO_VARIANTS } from '../../core/model';
import type { VideoQuality } from '../../core/insert/variants';
import { chooseVideoFile, describeRule, isHls, photoVariantSize, ruleFor, usableVideoFiles, videoFileLabel } from '../../core/insert/variants';
import { insertableUrl } from '../../core/insert/links';
import { inert } from '../../core/inert';

export interface VariantChoice {
  readonly variant?: PhotoVariant;
  readonly videoFileId?: number;
}

interface Item extends vscode.QuickPickItem {
  readonly choice: VariantChoice;
}

function photoItems(media: Extract<MediaItem, { kind: 'photo' }>, current: PhotoVariant): Item[] {
  const photo = media.photo;
  return PHOTO_VARIANTS.filter((v) => insertableUrl(photo.src[v]) !== undefined).map((variant) => {
    const size = photoVariantSize(photo, variant);
    const shown = size.pixelWidth !== size.width
      ? vscode.l10n.t('{0} × {1} ({2} × {3} pixels)', size.width, size.height, size.pixelWidth, size.pixelHeight)
      : vscode.l10n.t('{0} × {1}', size.width, size.height);
    return {
      label: variant,
      description: variant === current ? vscode.l10n.t('{0} · your setting', shown) : shown,
      detail: describeRule(ruleFor(photo, variant)),
      picked: variant === current,
      choice: { variant },
    };
  });
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

export async function pickVariant(media: MediaItem, current: { photoVariant: PhotoVariant; videoQuality: VideoQuality }): Promise<VariantChoice | undefined> {
  const items = media.kind === 'photo' ? photoItems(media, current.photoVariant) : videoItems(media, current.videoQuality);
  if (items.length === 0) return undefined;
  const quickPick = vscode.window.createQuickPick<Item>();
  quickPick.title = media.kind === 'photo' ? vscode.l10n.t('Insert the photo at which size?') : vscode.l10n.t('Insert which video file?');
  quickPick.placeholder =
    media.kind === 'photo' ? vscode.l10n.t('Sizes are display sizes (width × height)') : vscode.l10n.t('Files from the biggest to the smallest');
  quickPick.matchOnDescription = true;
  quickPick.items = items;
  const active = items.find((i) => i.picked);
  if (active) quickPick.activeItems = [active];
  return new Promise<VariantChoice | undefined>((resolve) => {
    quickPick.onDidAccept(() => {
      resolve(quickPick.selectedItems[0]?.choice ?? quickPick.activeItems[0]?.choice);
      quickPick.hide();
    });
    quickPick.onDidHide(() => {
      resolve(undefined);
      quickPick.dispose();
    });
    quickPick.show();
  });
}
