// Recent and Starred's commands: Star, Unstar (a tile's, a row's, a hover's media) and Clear
// Recent Media. The lists themselves are the container's (library/mediaLists.ts).
import type * as vscode from 'vscode';
import { mediaRefArg } from '../common/commandArgs';
import { CommandId } from '../common/commandIds';
import type { CommandManager } from '../common/commandManager';
import type { Container } from '../container';

export function registerLibraryCommands(_context: vscode.ExtensionContext, commands: CommandManager, container: Container): void {
  /** Star or Unstar: the keys (`photo:<id>`) of the media it acted on. */
  const star = async (arg: unknown, selection: unknown, on: boolean): Promise<string[]> => {
    const ref = on ? undefined : mediaRefArg(arg);
    if (ref) {
      // Unstarring a hover's media needs no look-up: its kind and id are enough.
      await container.lists.starred.remove(`${ref.kind}:${ref.id}`);
      return [`${ref.kind}:${ref.id}`];
    }
    const { mediaOf } = await import('../mediaArgs');
    const media = await mediaOf(container, arg, selection, false);
    return Array.isArray(media) ? container.star(media.map((a) => a.media), on) : [];
  };
  commands.register(CommandId.star, (arg, selection) => star(arg, selection, true));
  commands.register(CommandId.unstar, (arg, selection) => star(arg, selection, false));
  commands.register(CommandId.clearRecentMedia, async () => {
    const count = container.lists.recent.list().length;
    await container.lists.recent.clear();
    return count;
  });
}
