// The tree's nodes for Recent and Starred: one per listed media, made once and kept while the
// media stays listed (the tree knows elements by identity; a node made anew each time would
// lose its selection), and an "empty" node for a list with nothing in it.
import type { MediaItem } from '../../core/model';
import { mediaKey } from '../../core/tiles';
import type { CollectionsNode, EmptyNode, MediaNode, RootNode } from './collectionNodes';

export function listNodes() {
  const made = new Map<string, MediaNode>();
  const empties = new Map<string, EmptyNode>();
  return {
    children(root: RootNode, media: readonly MediaItem[], emptyText: () => string): CollectionsNode[] {
      if (media.length === 0) {
        const text = emptyText();
        let empty = empties.get(root.id);
        if (empty?.text !== text) empties.set(root.id, (empty = { type: 'empty', id: `${root.id}/empty`, parent: root, text }));
        return [empty];
      }
      const nodes = media.map((item): MediaNode => {
        const id = `${root.id}/${mediaKey(item).replace(':', '-')}`;
        const old = made.get(id);
        if (old?.media === item) return old;
        const node: MediaNode = { type: 'media', id, parent: root, media: item };
        made.set(id, node);
        return node;
      });
      // Forget the nodes of media no longer listed under this root.
      const shown = new Set(nodes.map((n) => n.id));
      for (const id of made.keys()) if (id.startsWith(`${root.id}/`) && !shown.has(id)) made.delete(id);
      return nodes;
    },
  };
}
