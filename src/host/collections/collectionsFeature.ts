// The collections tree in the sidebar: the data behind the view and what its commands do
// (collections/collectionsCommands.ts reads their arguments). The view itself, and the emitter its
// changes come from, are made at activation (collections/collectionsCommands.ts).
import * as vscode from 'vscode';
import { collectionTitle, filterType } from '../../core/collectionsText';
import type { MediaItem } from '../../core/model';
import type { SearchSpec } from '../../core/search';
import type { CollectionFilter } from '../../core/collectionsText';
import type { ClientSource } from '../client/client';
import type { IDisposable } from '../common/dispose';
import type { Services } from '../services';
import { CollectionFilterStore, pickFilter } from './collectionFilters';
import type { CollectionNode, CollectionsNode, CollectionsTreeHandles } from './collectionNodes';
import { CollectionsProvider } from './collectionsProvider';
import type { MediaLists } from '../library/mediaLists';
import { MEDIA_MIME, encodeMediaDrag } from '../../shared/dnd';

/** A tree's drag controller that puts the dragged media on the drag under MEDIA_MIME, which the insert's drop provider (insert/drop.ts) reads in any editor. */
export function mediaDragController<T>(mediaOf: (node: T) => MediaItem | undefined): vscode.TreeDragAndDropController<T> {
  return {
    dragMimeTypes: [MEDIA_MIME],
    dropMimeTypes: [],
    handleDrag(source: readonly T[], dataTransfer: vscode.DataTransfer): void {
      const media = source.map(mediaOf).filter((m): m is MediaItem => m !== undefined);
      // Only the media themselves: tree nodes link to their parents and do not serialise.
      if (media.length > 0) dataTransfer.set(MEDIA_MIME, new vscode.DataTransferItem(encodeMediaDrag(media)));
    },
  };
}

/** The tree's provider, drag source and commands' work, for the view made at activation. */
export function createCollectionsFeature(
  services: Services,
  api: ClientSource,
  tree: CollectionsTreeHandles,
  /** Shows a search in the grid (the grid feature's). */
  showInGrid: (spec: SearchSpec) => Promise<unknown>,
  /** Recent and Starred. */
  lists: MediaLists,
) {
  const treeView = tree.view;
  const filters = new CollectionFilterStore(services.globalState);
  const provider = new CollectionsProvider(services, api, filters, tree.changed, lists);
  // Dragging media into an editor inserts them (the insert feature's drop provider).
  const dragAndDropController = mediaDragController<CollectionsNode>((node) => (node.type === 'media' ? node.media : undefined));

  /** Sets a collection's filter: the one given (tests, keybindings) or the one picked. */
  const filter = async (node: CollectionNode, given: CollectionFilter | undefined): Promise<CollectionFilter | undefined> => {
    const current = provider.filterOf(node);
    const chosen = given ?? (await pickFilter(node.collection, current, vscode.env.language));
    if (chosen === undefined || chosen === current) return current;
    await filters.set(node.collection.id, chosen);
    provider.filterChanged(node);
    if (treeView.visible) {
      // Show what the new filter selects; expanding is what the user is after.
      await Promise.resolve(treeView.reveal(node, { expand: true, focus: false, select: true })).catch(() => undefined);
    }
    return chosen;
  };

  /** The collection's media in the grid, with the type the tree shows for it; paged like a search. */
  const openInGrid = (node: CollectionNode): Promise<unknown> => {
    const type = filterType(provider.filterOf(node));
    const title = collectionTitle(node.collection);
    return showInGrid({ mode: 'collection', id: node.collection.id, ...(type ? { type } : {}), ...(title ? { title } : {}) });
  };

  const disposables: IDisposable[] = [provider];
  return { provider, filter, openInGrid, dragAndDropController, disposables };
}
