// The on-use bundle's features (dist/features.js, entry src/features.ts): everything that talks to the service or shows its
// media. The activation bundle (extension.ts) loads it with the first command, the first
// look at the collections tree, a restored grid or a drop of media, and hands it what it
// made at activation. Nothing here runs before then.
import type * as vscode from 'vscode';
import type { MediaClient } from '../api/client';
import { ClientSource } from './client';
import type { CommandRegistry } from './commandRegistry';
import { registerKeyCommands } from './commands/register';
import { disposeAll } from './dispose';
import { GridPanel } from './grid/gridPanel';
import type { RecentSearches } from './grid/recentSearches';
import { registerGrid } from './grid/register';
import { registerInsert } from './insert/register';
import type { Shell } from './shell';
import { useVsCodeTranslator } from './translator';
import type { CollectionsNode } from './views/collectionNodes';
import type { CollectionsProvider } from './views/collectionsProvider';
import { registerCollectionsView } from './views/register';

/** What the activation bundle made and the features work with. */
export interface FeatureHost {
  readonly shell: Shell;
  readonly commands: CommandRegistry;
  readonly treeView: vscode.TreeView<CollectionsNode>;
}

export interface Features extends vscode.Disposable {
  /** The client every feature uses (made on first read). */
  readonly client: MediaClient;
  /** The collections tree's data and drag source, behind the view made at activation. */
  readonly tree: {
    readonly provider: vscode.TreeDataProvider<CollectionsNode>;
    readonly dragAndDropController: vscode.TreeDragAndDropController<CollectionsNode>;
  };
  /** Brings back a grid VS Code restored after a reload. */
  reviveGrid(panel: vscode.WebviewPanel, state: unknown): void;
  /** Media dropped into an editor. */
  readonly drop: vscode.DocumentDropEditProvider;
  /** What the test hooks (host/testing.ts) read and drive; nothing else uses these. */
  readonly internals: {
    readonly collections: CollectionsProvider;
    readonly treeView: vscode.TreeView<CollectionsNode>;
    readonly dragAndDropController: vscode.TreeDragAndDropController<CollectionsNode>;
    readonly recent: RecentSearches;
    /** The open grid, if any. */
    grid(): GridPanel | undefined;
  };
}

export function loadFeatures(host: FeatureHost): Features {
  // This bundle has its own copy of the core modules, so its own translator too.
  useVsCodeTranslator();
  const { shell } = host;
  const api = new ClientSource(shell);
  const collections = registerCollectionsView(shell, api, host.commands, host.treeView);
  const grid = registerGrid(shell, api, host.commands);
  const insert = registerInsert(shell, host.commands);
  const disposables: vscode.Disposable[] = [
    api,
    ...registerKeyCommands(shell, api, host.commands),
    ...collections.disposables,
    ...grid.disposables,
    ...insert.disposables,
  ];
  return {
    get client() {
      return api.client;
    },
    tree: collections,
    reviveGrid: grid.revive,
    drop: insert.drop,
    internals: {
      collections: collections.provider,
      treeView: host.treeView,
      dragAndDropController: collections.dragAndDropController,
      recent: grid.recent,
      grid: () => GridPanel.instance,
    },
    dispose: () => disposeAll(disposables),
  };
}
