// What a tile's buttons and its More Actions menu do on the host: the insert and copy commands of the contract, run
// with the service's own object (the webview names a tile only by key, so it can neither
// forge media nor choose a URL to open), and links opened outside VS Code once checked.
import * as vscode from 'vscode';
import type { MediaItem } from '../../core/model';
import { safeLinkUrl, tryParseUrl } from '../../core/urls';
import type { MoreTileAction, TileAction } from '../../shared/protocol';
import { CommandId } from '../commandIds';

/** The commands of a tile's More Actions menu, the same its right-click menu runs. */
const MORE_COMMANDS: Record<MoreTileAction, string> = {
  insertAs: CommandId.insertAs,
  saveAndInsert: CommandId.saveAndInsert,
  setCoverImage: CommandId.setCoverImage,
  setCoverImageAs: CommandId.setCoverImageAs,
};

/** Runs `action` on `media`; `targetUri` is the editor an insert goes into, when one was active. */
export async function runTileAction(action: TileAction, media: MediaItem, targetUri: string | undefined): Promise<void> {
  switch (action) {
    case 'insert':
      await vscode.commands.executeCommand(CommandId.insert, targetUri ? { media, targetUri } : { media });
      return;
    case 'insertAs':
    case 'saveAndInsert':
    case 'setCoverImage':
    case 'setCoverImageAs':
      await vscode.commands.executeCommand(MORE_COMMANDS[action], targetUri ? { media, targetUri } : { media });
      return;
    case 'copyUrl':
      await vscode.commands.executeCommand(CommandId.copyUrl, { media });
      return;
    case 'copyCredit':
      await vscode.commands.executeCommand(CommandId.copyCredit, { media });
      return;
    case 'openOnService':
      await vscode.commands.executeCommand(CommandId.openOnService, { media });
      return;
    case 'star':
      await vscode.commands.executeCommand(CommandId.star, { media });
      return;
    case 'unstar':
      await vscode.commands.executeCommand(CommandId.unstar, { media });
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
