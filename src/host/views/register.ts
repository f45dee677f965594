// The collections tree in the sidebar: the data behind the view and its commands.
// The view itself is made at activation (host/lazyFeatures.ts).
import * as vscode from 'vscode';
import { isCollectionFilter } from '../../core/collectionsText';
import type { CollectionFilter } from '../../core/collectionsText';
import type { ClientSource } from '../client';
import { CommandId } from '../commandIds';
import type { CommandRegistry } from '../commandRegistry';
import { mediaDragController } from '../insert/dragSource';
import type { Shell } from '../shell';
import { CollectionFilterStore, pickFilter } from './collectionFilters';
import { isNode } from './collectionNodes';
import type { CollectionNode, CollectionsNode, ErrorNode, LoadMoreNode } from './collectionNodes';
import { CollectionsProvider } from './collectionsProvider';

function asCollection(value: unknown): CollectionNode | undefined {
  return isNode(value) && value.type === 'collection' ? value : undefined;
}

function asLoadMore(value: unknown): LoadMoreNode | undefined {
  return isNode(value) && value.type === 'loadMore' ? value : undefined;
}

function asError(value: unknown): ErrorNode | undefined {
  return isNode(value) && value.type === 'error' ? value : undefined;
}

export interface CollectionsView {
  readonly provider: CollectionsProvider;
  readonly dragAndDropController: vscode.TreeDragAndDropController<CollectionsNode>;
  readonly disposables: vscode.Disposable[];
}

/** The tree's provider, drag source and commands, for the view made at activation. */
export function registerCollectionsView(
  shell: Shell,
  api: ClientSource,
  commands: CommandRegistry,
  treeView: vscode.TreeView<CollectionsNode>,
): CollectionsView {
  const filters = new CollectionFilterStore(shell.context.globalState);
  const provider = new CollectionsProvider(shell, api, filters);
  // Dragging media into an editor inserts them (the insert feature's drop provider).
  const dragAndDropController = mediaDragController<CollectionsNode>((node) => (node.type === 'media' ? node.media : undefined));

  /** Sets a collection's filter: from the argument (tests, keybindings) or a picker. */
  const filter = async (target?: unknown, value?: unknown): Promise<CollectionFilter | undefined> => {
    const node = asCollection(target);
    if (!node) return undefined;
    const current = provider.filterOf(node);
    const chosen = isCollectionFilter(value)
      ? value
      : await pickFilter(node.collection, current, vscode.env.language);
    if (chosen === undefined || chosen === current) return current;
    await filters.set(node.collection.id, chosen);
    provider.filterChanged(node);
    if (treeView.visible) {
      // Show what the new filter selects; expanding is what the user is after.
      await Promise.resolve(treeView.reveal(node, { expand: true, focus: false, select: true })).catch(() => undefined);
    }
    return chosen;
  };

  const disposables: vscode.Disposable[] = [
    provider,
    commands.registerCommand(CommandId.collectionsRefresh, () => provider.refresh()),
    commands.registerCommand(CommandId.collectionsFilter, filter),
    commands.registerCommand(CommandId.collectionsLoadMore, async (node?: unknown) => {
      const more = asLoadMore(node);
      if (more) await provider.loadMore(more);
    }),
    commands.registerCommand(CommandId.collectionsRetry, async (node?: unknown) => {
      const failed = asError(node);
      if (failed) await provider.retry(failed);
    }),
  ];
  return { provider, dragAndDropController, disposables };
}
