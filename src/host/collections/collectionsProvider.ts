// The data behind the collections tree. Nothing is fetched until a node is expanded; the
// pages a node loaded stay in its branch, so collapsing and expanding again asks nobody;
// a failure becomes an error node with a retry, never an empty tree or an exception.
import * as vscode from 'vscode';
import type { CollectionFilter } from '../../core/collectionsText';
import { filterType } from '../../core/collectionsText';
import type { LoadedPage, PageFetcher } from '../../core/collectionsPaging';
import { toMediaError } from '../../core/errors';
import { toMediaItem } from '../../core/model';
import type { Envelope, MediaItem } from '../../core/model';
import { mediaKey } from '../../core/tiles';
import type { ClientSource } from '../client/client';
import { COLLECTIONS_VIEW_ID } from '../common/commandIds';
import { Disposable } from '../common/dispose';
import type { TreeChange } from '../common/lazyTreeView';
import { describeFailure } from '../key/errorActions';
import type { Services } from '../services';
import type { CollectionFilterStore } from './collectionFilters';
import type { MediaLists } from '../library/mediaLists';
import { emptyText, resolveMediaTooltip, treeItemFor } from './collectionItems';
import type { ItemContext } from './collectionItems';
import { Branch } from './collectionNodes';
import type {
  CollectionNode,
  CollectionsNode,
  EmptyNode,
  ErrorNode,
  FolderNode,
  ListedNode,
  LoadMoreNode,
  MediaNode,
  ParentNode,
  RootKind,
  RootNode,
} from './collectionNodes';

/**
 * Recent's and Starred's nodes: one per listed media, made once and kept while the media stays
 * listed (the tree knows elements by identity; a node made anew each time would lose its
 * selection), and an "empty" node for a list with nothing in it.
 */
function listNodes() {
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

/** How long a page loads before its "Load more…" row says "Loading…" (VS Code's refresh delay for a view). */
const LOADING_SHOWN_AFTER_MS = 200;

function isCancelled(error: unknown): boolean {
  return error !== undefined && toMediaError(error).kind === 'cancelled';
}

export class CollectionsProvider extends Disposable implements vscode.TreeDataProvider<CollectionsNode> {
  readonly onDidChangeTreeData: vscode.Event<TreeChange<CollectionsNode>>;

  private readonly roots: Readonly<Record<RootKind, RootNode>> = {
    featured: { type: 'root', id: 'featured', root: 'featured' },
    mine: { type: 'root', id: 'mine', root: 'mine' },
    recent: { type: 'root', id: 'recent', root: 'recent' },
    starred: { type: 'root', id: 'starred', root: 'starred' },
  };
  /** Recent's and Starred's nodes, kept while their media stay listed (the tree refreshes by identity). */
  private readonly listed = listNodes();
  /** Loaded branches by `<owner id>|<filter>`; dropped on refresh and on a new key or base URL. */
  private readonly branches = new Map<string, Branch>();
  private refreshedAt = Number.NEGATIVE_INFINITY;
  /** Every node this tree handed out: its commands act on these only, never on a look-alike. */
  private readonly issued = new WeakSet<object>();
  private readonly itemContext: ItemContext;
  constructor(
    private readonly services: Services,
    private readonly api: ClientSource,
    private readonly filters: CollectionFilterStore,
    /** The view's change emitter: made (and disposed) with the view at activation. */
    private readonly changed: vscode.EventEmitter<TreeChange<CollectionsNode>>,
    private readonly lists: MediaLists,
  ) {
    super();
    this.onDidChangeTreeData = changed.event;
    this.itemContext = {
      get serviceName() {
        return services.config.serviceName;
      },
      locale: vscode.env.language,
      filterOf: (id) => this.filters.get(id),
      loadedBranch: (node) => {
        const branch = this.branches.get(this.branchKey(node));
        return branch?.list.started ? branch : undefined;
      },
      describe: (error) => describeFailure(services, error),
      isStarred: (media) => lists.starred.has(media.kind, media.kind === 'photo' ? media.photo.id : media.video.id),
      listCount: (root) => lists[root].list().length,
    };
    const remakeItems = (): void => this.changed.fire(undefined);
    this._register(lists.recent.onDidChange(() => this.changed.fire(this.roots.recent)));
    // A star shows on every item of that media (its menu): all items are asked for again.
    this._register(lists.starred.onDidChange(remakeItems));
    // Another key or server: what was loaded belongs to someone else.
    this._register(services.onDidChangeConnection(() => this.reset()));
    // The service name shows in hovers and credits.
    this._register(services.onDidChangeConfig(remakeItems));
  }

  /**
   * Made anew each time VS Code asks (a refresh asks for one folder's rows at most), not kept:
   * thousands of media rows kept with their items would hold their labels and commands too.
   */
  getTreeItem(node: CollectionsNode): vscode.TreeItem {
    return treeItemFor(node, this.itemContext);
  }

  /** The hover of a media item, made when VS Code is about to show it. */
  resolveTreeItem(item: vscode.TreeItem, node: CollectionsNode): vscode.TreeItem {
    return node.type === 'media' ? resolveMediaTooltip(item, node, this.itemContext) : item;
  }

  async getChildren(node?: CollectionsNode): Promise<CollectionsNode[]> {
    if (node === undefined) {
      // The key state is read at activation without waiting; ask the store if it is not in yet.
      const hasKey = this.services.hasKey || (await this.services.keys.hasKey());
      const { featured, mine, recent, starred } = this.roots;
      return hasKey ? this.handOut([featured, mine, recent, starred]) : [];
    }
    if (node.type === 'root' && (node.root === 'recent' || node.root === 'starred')) {
      return this.handOut(this.listed.children(node, this.lists[node.root].list(), () => emptyText(node, 'all', this.services.config.serviceName)));
    }
    if (node.type === 'folder') return this.handOutFolder(node);
    if (node.type !== 'root' && node.type !== 'collection') return [];
    const branch = this.branchFor(node);
    if (!branch.list.started && !branch.list.hasError) {
      await this.withProgress(branch.loadNext());
      // Refreshed while loading: the new tree asks again with its own branches.
      if (!this.isCurrent(branch)) return [];
      // Stopped under way (the key changed; the tree reloads next): not a failure to show.
      if (isCancelled(branch.list.error)) {
        this.branches.delete(this.branchKey(node));
        return [];
      }
      // The root shows how many collections there are once it knows.
      if (node.type === 'root') setTimeout(() => this.isCurrent(branch) && this.changed.fire(node), 0);
    }
    return this.handOutBranch(branch);
  }

  /** Whether `value` is a node this tree made (another extension's look-alike is not). */
  owns(value: unknown): value is CollectionsNode {
    return typeof value === 'object' && value !== null && this.issued.has(value);
  }

  private handOut(nodes: CollectionsNode[]): CollectionsNode[] {
    for (const node of nodes) this.issued.add(node);
    return nodes;
  }

  /**
   * A branch's children: its items were handed out as their pages came, so only the new ones
   * are marked here; a "Load more…" of a long list costs the new page, not every item again.
   */
  private handOutBranch(branch: Branch): CollectionsNode[] {
    this.handOutItems(branch);
    const children = branch.children();
    // The folders, or the items (marked above), then the nodes below them.
    for (const child of children) if (child.type !== 'media' && child.type !== 'collection') this.issued.add(child);
    return children;
  }

  /** A folder's rows (a folder of a branch no longer shown has none). */
  private handOutFolder(folder: FolderNode): CollectionsNode[] {
    const { branch } = folder;
    if (!this.isCurrent(branch)) return [];
    this.handOutItems(branch);
    return branch.folderItems(folder);
  }

  /** Marks the items of the pages that came since the last time as this tree's. */
  private handOutItems(branch: Branch): void {
    const items = branch.list.items;
    for (let i = branch.handedOut; i < items.length; i++) this.issued.add(items[i] as ListedNode);
    branch.handedOut = items.length;
  }

  getParent(node: CollectionsNode): CollectionsNode | undefined {
    if (node.type === 'root') return undefined;
    // A large collection's media are in its folders.
    if (node.type === 'media' && node.parent.type === 'collection') {
      const branch = this.branches.get(this.branchKey(node.parent));
      return branch?.folderOf(node) ?? node.parent;
    }
    return node.parent;
  }

  /** The next page of a list, after its last item. Resolves once it is shown. */
  loadMore(node: LoadMoreNode): Promise<void> {
    return this.load(node.branch, node);
  }

  /** Loads again what failed: the first page, or the page after the last one shown. */
  retry(node: ErrorNode): Promise<void> {
    return this.load(node.branch, node.parent);
  }

  /** Drops everything loaded and asks the service again, past the client's cache. */
  refresh(): void {
    this.refreshedAt = Date.now();
    this.reset();
  }

  /** A collection's filter changed: show its other branch (loaded when expanded). */
  filterChanged(node: CollectionNode): void {
    this.changed.fire(node);
  }

  filterOf(node: CollectionNode): CollectionFilter {
    return this.filters.get(node.collection.id);
  }

  override dispose(): void {
    this.branches.clear();
    super.dispose();
  }

  // ---- branches ---------------------------------------------------------------------------

  private reset(): void {
    this.branches.clear();
    this.changed.fire(undefined);
  }

  private async load(branch: Branch, showLoading: CollectionsNode): Promise<void> {
    if (!this.isCurrent(branch)) return;
    const before = branch.shape();
    const loading = branch.loadNext();
    // The "Load more…" node turns into "Loading…", the error node into nothing, when the page
    // takes more than a moment (the view's progress bar shows at once): VS Code holds a view's
    // refresh until 200 ms have passed without another, so a row changed at once would hold
    // back a quick page's rows by that much.
    const slow = setTimeout(() => this.isCurrent(branch) && branch.list.loading && this.changed.fire(showLoading), LOADING_SHOWN_AFTER_MS);
    await this.withProgress(loading).finally(() => clearTimeout(slow));
    // Each refresh makes VS Code fetch the element's children again (and the children of those
    // of them that are expanded): in folders, only the one that got the page, where it can.
    // One event for them all (lazyTreeView.ts TreeChange): the page shows at once.
    if (this.isCurrent(branch)) this.changed.fire(branch.refreshAfter(before));
  }

  private withProgress<T>(work: Promise<T>): Promise<T> {
    return Promise.resolve(vscode.window.withProgress({ location: { viewId: COLLECTIONS_VIEW_ID } }, () => work));
  }

  private branchKey(owner: ParentNode): string {
    const filter = owner.type === 'collection' ? this.filters.get(owner.collection.id) : 'all';
    return `${owner.id}|${filter}`;
  }

  private isCurrent(branch: Branch): boolean {
    return this.branches.get(`${branch.owner.id}|${branch.filter}`) === branch;
  }

  private branchFor(owner: ParentNode): Branch {
    const key = this.branchKey(owner);
    const existing = this.branches.get(key);
    if (existing) return existing;
    const filter: CollectionFilter = owner.type === 'collection' ? this.filters.get(owner.collection.id) : 'all';
    // Within the cache's lifetime after a refresh the client may still hold the old answers.
    const fresh = Date.now() - this.refreshedAt < Math.max(this.services.config.cacheTtlMs, 1000);
    const fetcher = owner.type === 'root' ? this.collectionsFetcher(owner, fresh) : this.mediaFetcher(owner, filter, fresh);
    const branch = new Branch(owner, filter, this.logged(owner, fetcher), emptyText(owner, filter, this.services.config.serviceName));
    this.branches.set(key, branch);
    return branch;
  }

  private logged(owner: ParentNode, fetcher: PageFetcher<ListedNode>): PageFetcher<ListedNode> {
    return async (last) => {
      try {
        return await fetcher(last);
      } catch (error) {
        const failure = toMediaError(error);
        this.services.logger.warn(`Collections: loading ${owner.id} failed: ${failure.kind}: ${failure.message}`);
        throw failure;
      }
    };
  }

  private collectionsFetcher(root: RootNode, fresh: boolean): PageFetcher<ListedNode> {
    const op = root.root === 'featured' ? 'featuredCollections' : 'myCollections';
    return async (last: Envelope | undefined): Promise<LoadedPage<ListedNode> | undefined> => {
      const client = this.api.client;
      const page = last ? await client.nextPage(op, {}, last, { fresh }) : await client.list(op, {}, { fresh });
      if (page === undefined) return undefined;
      const items = page.collections.map(
        (collection): CollectionNode => ({ type: 'collection', id: `${root.id}/${collection.id}`, parent: root, collection }),
      );
      return { envelope: page, items };
    };
  }

  private mediaFetcher(owner: CollectionNode, filter: CollectionFilter, fresh: boolean): PageFetcher<ListedNode> {
    const type = filterType(filter);
    const params = { id: owner.collection.id, ...(type ? { type } : {}) };
    return async (last: Envelope | undefined): Promise<LoadedPage<ListedNode> | undefined> => {
      const client = this.api.client;
      const page = last
        ? await client.nextPage('collectionMedia', params, last, { fresh })
        : await client.list('collectionMedia', params, { fresh });
      if (page === undefined) return undefined;
      const items = page.media.map((m): MediaNode => {
        const media = toMediaItem(m);
        // Photo and video ids are separate id spaces: the kind keeps tree ids apart.
        return { type: 'media', id: `${owner.id}/${media.kind}-${m.id}`, parent: owner, media };
      });
      return { envelope: page, items };
    };
  }
}
