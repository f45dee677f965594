// The cover's commands: Set as Cover Image and Set as Cover Image…, for the media given or the
// grid's focused tile; with none at all, a search for the page's title to pick one from.
import * as vscode from 'vscode';
import { seedQuery } from '../../core/searchRecent';
import { CommandId } from '../common/commandIds';
import type { CommandManager } from '../common/commandManager';
import type { Container } from '../container';
import type { CoverHow, CoverOutcome } from './setCover';
import type { GridCommandResult } from '../grid/searchCommands';

export function registerCoverCommands(commands: CommandManager, container: Container): void {
  const setCover = async (arg: unknown, selection: unknown, how: CoverHow): Promise<CoverOutcome | GridCommandResult> => {
    const activeTile = container.has('grid') ? container.grid.current()?.activeMedia() : undefined;
    if (arg === undefined && !activeTile) {
      const { searchCommand } = await import('../grid/searchCommands');
      const { pageTitle } = await import('../../core/cover/frontMatter');
      const editor = vscode.window.activeTextEditor;
      const title = editor ? pageTitle(editor.document.getText()) : undefined;
      void vscode.window.showInformationMessage(vscode.l10n.t('Pick a photo for the cover in the grid, then Set as Cover Image from its menu.'));
      return searchCommand(container.grid.deps, 'photos', { fields: {}, hasQuery: false }, title === undefined ? undefined : seedQuery(title));
    }
    const { mediaOf } = await import('../mediaArgs');
    const found = await mediaOf(container, arg, selection, true);
    return Array.isArray(found) ? container.cover.setCover(found, how) : { result: 'failed', notes: found.notes };
  };
  commands.register(CommandId.setCoverImage, (arg, selection) => setCover(arg, selection, {}));
  commands.register(CommandId.setCoverImageAs, (arg, selection) => setCover(arg, selection, { ask: true }));
}
