// What a tile's buttons and its More Actions menu do on the host: the feature functions the insert and copy commands call, run
// with the service's own object (the webview names a tile only by key, so it can neither
// forge media nor choose a URL to open), and links opened outside VS Code once checked.
import * as vscode from 'vscode';
import type { MediaItem } from '../../core/model';
import { safeLinkUrl, tryParseUrl } from '../../core/urls';
import type { TileAction } from '../../shared/protocol';
import type { InsertArgs } from '../common/commandArgs';

/**
 * The feature functions a tile's actions call, the same the commands call (features.ts): the
 * media is the host's own object, so it goes to them as it is, not through the command bus.
 */
export interface TileFeatures {
  insert(args: InsertArgs, how: 'insert' | 'insertAs' | 'saveAndInsert'): Promise<unknown>;
  setCover(args: InsertArgs, ask: boolean): Promise<unknown>;
  copyUrl(args: InsertArgs): Promise<unknown>;
  copyCredit(args: InsertArgs): Promise<unknown>;
  openOnService(args: InsertArgs): Promise<unknown>;
  star(media: MediaItem, on: boolean): Promise<unknown>;
}

/** Runs `action` on `media`; `targetUri` is the editor an insert goes into, when one was active. */
export async function runTileAction(action: TileAction, media: MediaItem, targetUri: string | undefined, features: TileFeatures): Promise<void> {
  const args: InsertArgs = targetUri ? { media, targetUri } : { media };
  switch (action) {
    case 'insert':
    case 'insertAs':
    case 'saveAndInsert':
      await features.insert(args, action);
      return;
    case 'setCoverImage':
    case 'setCoverImageAs':
      await features.setCover(args, action === 'setCoverImageAs');
      return;
    case 'copyUrl':
      await features.copyUrl({ media });
      return;
    case 'copyCredit':
      await features.copyCredit({ media });
      return;
    case 'openOnService':
      await features.openOnService({ media });
      return;
    case 'star':
    case 'unstar':
      await features.star(media, action === 'star');
      return;
    case 'openPhotographer':
      await openExternalLink(media.kind === 'photo' ? media.photo.photographer_url : media.video.user.url);
      return;
    default: {
      const never: never = action;
      throw new Error(`Unknown action ${String(never)}`);
    }
  }
}

/** Opens a link outside VS Code, only if it is https (or http to this computer). */
export async function openExternalLink(url: string | undefined): Promise<void> {
  const safe = safeLinkUrl(url);
  if (!safe || !tryParseUrl(safe)) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Stock Media did not open that link: it is not a secure web address.'));
    return;
  }
  await vscode.env.openExternal(vscode.Uri.parse(safe, true));
}
