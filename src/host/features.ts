// The features: everything that talks to the service or shows its media. Its modules are
// evaluated on first use (esbuild.mjs). extension.ts reaches it through its one `require('./host/features')` the
// first time a command runs, the collections tree is first looked at, a grid is restored,
// media are dropped or a link of the service's media is pasted; nothing here runs before
// then. It hands back the command handlers and the providers that activation registered.
import type * as vscode from 'vscode';
import type { MediaClient } from '../api/client';
import { ClientSource } from './client';
import { CommandId } from './commandIds';
import { registerKeyCommands } from './commands/register';
import { disposeAll } from './dispose';
import type { IDisposable } from './dispose';
import type { GridPanel } from './grid/gridPanel';
import type { RecentSearches } from './grid/recentSearches';
import { registerGrid } from './grid/register';
import { fromTileContext } from './grid/tileContext';
import type { MediaPasteProvider } from './insert/paste';
import { registerInsert } from './insert/register';
import type { Shell } from './shell';
import { useVsCodeTranslator } from './translator';
import type { CollectionsNode } from './views/collectionNodes';
import type { CollectionsProvider } from './views/collectionsProvider';
import { registerCollectionsView } from './views/register';
import type { MediaDocuments } from './credits/register';
import { registerCredits } from './credits/register';
import type { MediaLookup } from './credits/lookup';
import { writeCreditsFile } from './credits/writeCredits';

/** Every command the features handle: all contributed ones but Show Log (activation's own). */
export type FeatureCommandId = Exclude<(typeof CommandId)[keyof typeof CommandId], typeof CommandId.showLog | typeof CommandId.getApiKey>;
export type FeatureCommands = Record<FeatureCommandId, (...args: unknown[]) => unknown>;

/** The collections view, made at activation, and the emitter its change event comes from. */
export interface CollectionsTreeHandles {
  readonly view: vscode.TreeView<CollectionsNode>;
  readonly changed: vscode.EventEmitter<CollectionsNode | undefined>;
}

export interface Features extends IDisposable {
  /** The handler of each command, by id (activation registered the commands themselves). */
  readonly commands: FeatureCommands;
  /** The collections tree's data and drag source, behind the view made at activation. */
  readonly tree: Required<Pick<vscode.TreeDataProvider<CollectionsNode>, 'getTreeItem' | 'getChildren' | 'getParent' | 'resolveTreeItem'>> &
    Pick<vscode.TreeDragAndDropController<CollectionsNode>, 'handleDrag'>;
  /** Brings back a grid VS Code restored after a reload. */
  reviveGrid(panel: vscode.WebviewPanel, state: unknown): void;
  /** Media dropped into an editor. */
  readonly drop: vscode.DocumentDropEditProvider;
  /** The service's media in documents: hover, credit check, quick fixes. */
  readonly documents: MediaDocuments;
  /** A link of the service's media pasted into an editor (activation found the link). */
  readonly paste: MediaPasteProvider;
  /** The client every feature uses (made on first read). */
  readonly client: MediaClient;
  /** For the test hooks only (ExtensionMode.Test). */
  readonly internals: {
    readonly collections: CollectionsProvider;
    readonly treeView: vscode.TreeView<CollectionsNode>;
    readonly recent: RecentSearches;
    readonly dragAndDropController: vscode.TreeDragAndDropController<CollectionsNode>;
    /** The open grid, if any. */
    grid(): GridPanel | undefined;
    /** The look-ups behind the hover and the credit check (its background budget). */
    readonly creditLookup: MediaLookup;
  };
}

export type LoadFeatures = () => Features;

export function createFeatures(shell: Shell, tree: CollectionsTreeHandles): Features {
  // Sets the translator the core modules read (the one activation set: both are one bundle's).
  useVsCodeTranslator();
  const api = new ClientSource(shell);
  const keys = registerKeyCommands(shell, api);
  const grid = registerGrid(shell, api);
  const collections = registerCollectionsView(shell, api, tree, (spec) => grid.show(spec));
  const insert = registerInsert(shell, api);
  const credits = registerCredits(shell, api);
  const disposables: IDisposable[] = [api, ...collections.disposables, ...grid.disposables, ...insert.disposables, ...credits.disposables];
  const { provider, dragAndDropController } = collections;
  // The grid tiles' right-click menu passes a tile's context, the hover's links a media's kind
  // and id: both become the media the insert commands take.
  const onTile = (arg: unknown, toEditor = false): unknown => fromTileContext(arg, grid.current(), toEditor ? shell.tracker.lastUri : undefined);
  const withMedia =
    (id: typeof CommandId.copyUrl | typeof CommandId.copyCredit | typeof CommandId.openOnService) =>
    async (arg?: unknown): Promise<unknown> => {
      const resolved = await credits.resolveArg(onTile(arg));
      return resolved === undefined ? undefined : insert.commands[id](resolved);
    };
  const mediaCommands: Partial<FeatureCommands> = {
    [CommandId.insert]: (arg?: unknown, selection?: unknown) => insert.commands[CommandId.insert](onTile(arg, true), selection),
    [CommandId.insertAs]: (arg?: unknown, selection?: unknown) => insert.commands[CommandId.insertAs](onTile(arg, true), selection),
    [CommandId.saveAndInsert]: (arg?: unknown, selection?: unknown) => insert.commands[CommandId.saveAndInsert](onTile(arg, true), selection),
    [CommandId.copyUrl]: withMedia(CommandId.copyUrl),
    [CommandId.copyCredit]: withMedia(CommandId.copyCredit),
    [CommandId.openOnService]: withMedia(CommandId.openOnService),
  };
  return {
    commands: {
      ...keys,
      ...collections.commands,
      ...grid.commands,
      ...insert.commands,
      ...credits.commands,
      ...mediaCommands,
      [CommandId.writeCreditsFile]: () => writeCreditsFile(shell, api),
    },
    tree: {
      getTreeItem: (node) => provider.getTreeItem(node),
      getChildren: (node) => provider.getChildren(node),
      getParent: (node) => provider.getParent(node),
      resolveTreeItem: (item, node) => provider.resolveTreeItem(item, node),
      handleDrag: (source, dataTransfer, token) => dragAndDropController.handleDrag?.(source, dataTransfer, token),
    },
    reviveGrid: grid.revive,
    drop: insert.drop,
    documents: credits.documents,
    paste: insert.paste,
    get client() {
      return api.client;
    },
    internals: { collections: provider, treeView: tree.view, recent: grid.recent, dragAndDropController, grid: grid.current, creditLookup: credits.lookup },
    dispose: () => disposeAll(disposables),
  };
}
