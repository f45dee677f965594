// The collections view and its commands: Refresh, Filter…, Open in Grid, Load more…, Retry. The
// view is made at activation; its rows and its commands' work come from the collections feature
// (collections/collectionsFeature.ts), which the container makes when the view first asks for rows.
import * as vscode from 'vscode';
import { MEDIA_MIME } from '../../shared/dnd';
import { collectionFilterArg, ownNode } from '../common/commandArgs';
import { COLLECTIONS_VIEW_ID, CommandId } from '../common/commandIds';
import type { CommandManager } from '../common/commandManager';
import type { Container } from '../container';
import type { CollectionsNode } from './collectionNodes';
import { lazyTreeView } from '../common/lazyTreeView';

export function registerCollectionsCommands(context: vscode.ExtensionContext, commands: CommandManager, container: Container): void {
  const rows = () => container.collections.provider;
  const tree = lazyTreeView<CollectionsNode>(COLLECTIONS_VIEW_ID, rows, {
    showCollapseAll: true,
    // Several photos at once: the insert commands take the selection as their second argument.
    canSelectMany: true,
    dragAndDropController: {
      dragMimeTypes: [MEDIA_MIME],
      dropMimeTypes: [],
      handleDrag: (source, dataTransfer, token) => container.collections.dragAndDropController.handleDrag?.(source, dataTransfer, token),
    },
  });
  container.collectionsTree = tree;
  const owns = (value: unknown): value is CollectionsNode => rows().owns(value);
  commands.register(CommandId.collectionsRefresh, () => rows().refresh());
  commands.register(CommandId.collectionsFilter, async (arg, value) => {
    const node = ownNode(arg, owns, 'collection');
    return node ? container.collections.filter(node, collectionFilterArg(value)) : undefined;
  });
  commands.register(CommandId.collectionsOpenInGrid, async (arg) => {
    const node = ownNode(arg, owns, 'collection');
    return node ? container.collections.openInGrid(node) : undefined;
  });
  commands.register(CommandId.collectionsLoadMore, async (arg) => {
    const node = ownNode(arg, owns, 'loadMore');
    if (node) await rows().loadMore(node);
  });
  commands.register(CommandId.collectionsRetry, async (arg) => {
    const node = ownNode(arg, owns, 'error');
    if (node) await rows().retry(node);
  });
  const { services } = container;
  context.subscriptions.push(
    tree,
    tree.view.onDidChangeVisibility((e) => e.visible && services.milestones.reach('collectionsOpened')),
  );
  if (tree.view.visible) services.milestones.reach('collectionsOpened');
}
