// The media a command acts on, from its arguments (commandArgs.ts resolveMedia): what a menu or
// a caller gave, the grid's focused tile, a look-up by id; or, with none, the outcome of saying so.
import * as vscode from 'vscode';
import type { InsertArgs } from './common/commandArgs';
import { resolveMedia, searchArg } from './common/commandArgs';
import type { Container } from './container';
import { showFailure } from './key/failureNotice';
import { searchCommand } from './grid/searchCommands';
import type { InsertOutcome } from './insert/inserter';
import { showNoMedia } from './insert/messages';

/** `toEditor`: the media go into a document (the last editor's is the target, not the grid's). */
export async function mediaOf(container: Container, arg: unknown, selection: unknown, toEditor: boolean): Promise<InsertArgs[] | InsertOutcome> {
  const { services } = container;
  const grid = container.has('grid') ? container.grid : undefined;
  const found = await resolveMedia(
    arg,
    selection,
    {
      gridMedia: (key) => grid?.current()?.mediaFor(key),
      activeGridMedia: () => grid?.current()?.activeMedia(),
      lastEditorUri: () => services.tracker.lastUri,
      lookup: (kind, id) => container.credits.lookup.get(kind, id),
    },
    toEditor,
  );
  if (found.ok) return found.items;
  if (found.error !== undefined) {
    void showFailure(services, found.error, (message) => vscode.l10n.t('Could not look up the media: {0}', message));
    return { result: 'failed', notes: [] };
  }
  return { result: 'failed', notes: [showNoMedia(() => searchCommand(container.grid.deps, 'photos', searchArg(undefined)))] };
}

/** The first media a command acts on (Copy URL, Copy Credit, Open on the service). */
export async function firstMedia(container: Container, arg: unknown): Promise<InsertArgs | undefined> {
  const media = await mediaOf(container, arg, undefined, false);
  return Array.isArray(media) ? media[0] : undefined;
}
