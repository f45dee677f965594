// The grid's commands: the searches (photos, videos), Curated Photos, Popular Videos, Open Photo
// or Video…, Starred, Clear Recent Searches, a tile's Choose (the agent's pick); and the
// serializer that brings a grid back after a reload. Each handler calls searchCommands.ts with the grid the container makes on first use.
import * as vscode from 'vscode';
import { CommandId, GRID_VIEW_TYPE } from '../common/commandIds';
import { openMediaArg, searchArg, tileKeyOf } from '../common/commandArgs';
import type { CommandManager } from '../common/commandManager';
import type { Container } from '../container';

export function registerGridCommands(context: vscode.ExtensionContext, commands: CommandManager, container: Container): void {
  const run = async () => {
    const module = await import('./searchCommands');
    return { ...module, deps: container.grid.deps };
  };
  commands.register(CommandId.search, async (arg) => {
    const { searchCommand, deps } = await run();
    return searchCommand(deps, 'photos', searchArg(arg));
  });
  commands.register(CommandId.searchVideos, async (arg) => {
    const { searchCommand, deps } = await run();
    return searchCommand(deps, 'videos', searchArg(arg));
  });
  commands.register(CommandId.showCurated, async () => {
    const { showCuratedCommand, deps } = await run();
    return showCuratedCommand(deps);
  });
  commands.register(CommandId.showPopularVideos, async (arg) => {
    const { showPopularCommand, deps } = await run();
    return showPopularCommand(deps, searchArg(arg).fields);
  });
  commands.register(CommandId.openMedia, async (arg) => {
    const { openMediaCommand, deps } = await run();
    return openMediaCommand(deps, openMediaArg(arg));
  });
  commands.register(CommandId.clearRecentSearches, async () => {
    const { clearRecentSearchesCommand, deps } = await run();
    return clearRecentSearchesCommand(deps);
  });
  commands.register(CommandId.showStarred, () => container.grid.show({ mode: 'starred' }));
  // A tile's menu in choose mode (the agent waits for the person): the tile is the choice.
  commands.register(CommandId.chooseTile, (arg) => {
    const key = tileKeyOf(arg);
    if (key) container.grid.current()?.chosen(key);
  });
  context.subscriptions.push(
    vscode.window.registerWebviewPanelSerializer(GRID_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => {
        container.grid.revive(panel, state);
        return Promise.resolve();
      },
    }),
  );
}
