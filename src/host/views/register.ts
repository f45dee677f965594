// The collections tree in the sidebar: the data behind the view and its commands. The view
// itself, and the emitter its changes come from, are made at activation (host/contributions.ts).
import * as vscode from 'vscode';
import { collectionTitle, filterType, isCollectionFilter } from '../../core/collectionsText';
import type { SearchSpec } from '../../core/search';
import type { CollectionFilter } from '../../core/collectionsText';
import type { ClientSource } from '../client';
import type { CollectionsTreeHandles } from '../features';
import { CommandId } from '../commandIds';
import type { IDisposable } from '../dispose';
import { mediaDragController } from '../insert/dragSource';
import type { Shell } from '../shell';
import { CollectionFilterStore, pickFilter } from './collectionFilters';
import type { CollectionNode, CollectionsNode, ErrorNode, LoadMoreNode } from './collectionNodes';
import { CollectionsProvider } from './collectionsProvider';

/** The tree's provider, drag source and commands, for the view made at activation. */
export function registerCollectionsView(
  shell: Shell,
  api: ClientSource,
  tree: CollectionsTreeHandles,
  /** Shows a search in the grid (the grid feature's). */
  showInGrid: (spec: SearchSpec) => Promise<unknown>,
) {
  const treeView = tree.view;
  const filters = new CollectionFilterStore(shell.context.globalState);
  const provider = new CollectionsProvider(shell, api, filters, tree.changed);
  // Dragging media into an editor inserts them (the insert feature's drop provider).
  const dragAndDropController = mediaDragController<CollectionsNode>((node) => (node.type === 'media' ? node.media : undefined));
  // The commands act on nodes this tree handed out only: another extension's tree item, or an
  // object made to look like one of ours, is no argument (nothing is read from it).
  const asCollection = (value: unknown): CollectionNode | undefined => (provider.owns(value) && value.type === 'collection' ? value : undefined);
  const asLoadMore = (value: unknown): LoadMoreNode | undefined => (provider.owns(value) && value.type === 'loadMore' ? value : undefined);
  const asError = (value: unknown): ErrorNode | undefined => (provider.owns(value) && value.type === 'error' ? value : undefined);

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

  const disposables: IDisposable[] = [provider];
  return {
    /** The handlers, by command id (host/contributions.ts registers the commands). */
    commands: {
      [CommandId.collectionsRefresh]: () => provider.refresh(),
      [CommandId.collectionsFilter]: filter,
      [CommandId.collectionsLoadMore]: async (node?: unknown) => {
        const more = asLoadMore(node);
        if (more) await provider.loadMore(more);
      },
      // The collection's media in the grid, with the type the tree shows for it; paged like a search.
      [CommandId.collectionsOpenInGrid]: async (target?: unknown) => {
        const node = asCollection(target);
        if (!node) return undefined;
        const type = filterType(provider.filterOf(node));
        const title = collectionTitle(node.collection);
        return showInGrid({ mode: 'collection', id: node.collection.id, ...(type ? { type } : {}), ...(title ? { title } : {}) });
      },
      [CommandId.collectionsRetry]: async (node?: unknown) => {
        const failed = asError(node);
        if (failed) await provider.retry(failed);
      },
    },
    provider,
    dragAndDropController,
    disposables,
  };
}
