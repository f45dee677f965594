// The elements of the collections tree. Each is created once and kept, so the tree can
// refresh one element by identity; media nodes carry `media`, the contract the insert,
// copy and open commands read.
import type * as vscode from 'vscode';
import type { CollectionFilter } from '../../core/collectionsText';
import { PagedList } from '../../core/collectionsPaging';
import type { PageFetcher } from '../../core/collectionsPaging';
import type { Collection, MediaItem } from '../../core/model';

export type RootKind = 'featured' | 'mine' | ListRootKind;
/** The user's own lists (library/mediaLists.ts): shown from storage, no request. */
export type ListRootKind = 'recent' | 'starred';

export interface RootNode {
  readonly type: 'root';
  readonly id: string;
  readonly root: RootKind;
}

export interface CollectionNode {
  readonly type: 'collection';
  readonly id: string;
  readonly parent: RootNode;
  readonly collection: Collection;
}

export interface MediaNode {
  readonly type: 'media';
  readonly id: string;
  /** A collection, or Recent or Starred. */
  readonly parent: CollectionNode | RootNode;
  readonly media: MediaItem;
}

/** A node its branch shows below the parent's items. */
interface BranchNode<T extends string> {
  readonly type: T;
  readonly id: string;
  readonly parent: ParentNode;
  readonly branch: Branch;
}

/** The node at the end of a loaded list when the service has another page. */
export type LoadMoreNode = BranchNode<'loadMore'>;

/** The last load of a list failed; retrying loads it again. */
export interface ErrorNode extends BranchNode<'error'> {
  readonly error: unknown;
}

/** A list that loaded fine and holds nothing. */
export interface EmptyNode {
  readonly type: 'empty';
  readonly id: string;
  readonly parent: RootNode | CollectionNode;
  readonly text: string;
}

/** Says that some items of the loaded pages could not be read; shown, not clickable. */
export type SkippedNode = BranchNode<'skipped'>;

export type ParentNode = RootNode | CollectionNode;
/** What a branch's pages hold. */
export type ListedNode = CollectionNode | MediaNode;
export type CollectionsNode = RootNode | CollectionNode | MediaNode | LoadMoreNode | ErrorNode | EmptyNode | SkippedNode;

/** What the tree keeps for one expanded parent: its loaded pages and its fixed extra nodes. */
export class Branch {
  readonly list: PagedList<ListedNode> = new PagedList<ListedNode>((node) => node.id);
  readonly more: LoadMoreNode;
  readonly empty: EmptyNode;
  readonly skipped: SkippedNode;
  /** How many of the list's items the tree has handed out (they only ever grow at the end). */
  handedOut = 0;
  /** The node showing the current failure, made once per failure so it can be refreshed. */
  private failureNode: ErrorNode | undefined;

  constructor(
    readonly owner: ParentNode,
    /** For a collection: the filter these pages are loaded with. */
    readonly filter: CollectionFilter,
    private readonly fetcher: PageFetcher<ListedNode>,
    emptyText: string,
  ) {
    this.more = { type: 'loadMore', id: `${owner.id}/more`, parent: owner, branch: this };
    this.empty = { type: 'empty', id: `${owner.id}/empty`, parent: owner, text: emptyText };
    this.skipped = { type: 'skipped', id: `${owner.id}/skipped`, parent: owner, branch: this };
  }

  /** Loads the first page, or the next one; never rejects (see PagedList.load). */
  loadNext(): Promise<number> {
    return this.list.load(this.fetcher);
  }

  /** The node for the current failure, if the last load failed. */
  get errorNode(): ErrorNode | undefined {
    const error: unknown = this.list.error;
    if (!this.list.hasError) {
      this.failureNode = undefined;
      return undefined;
    }
    if (this.failureNode?.error !== error) {
      this.failureNode = { type: 'error', id: `${this.owner.id}/error`, parent: this.owner, branch: this, error };
    }
    return this.failureNode;
  }

  /**
   * What the tree shows below the owner: items, how many could not be shown (if any), then
   * the failure, "Load more…" or "empty".
   */
  children(): CollectionsNode[] {
    // One copy of the item list (VS Code keeps what it is given); the items themselves are the same objects every time.
    const out: CollectionsNode[] = this.list.items.slice();
    const shown = out.length;
    if (this.list.skipped > 0) out.push(this.skipped);
    const failure = this.errorNode;
    if (failure) out.push(failure);
    else if (this.list.hasMore) out.push(this.more);
    else if (shown === 0 && this.list.skipped === 0 && this.list.started) out.push(this.empty);
    return out;
  }
}

/** The collections view, made at activation, and the emitter its change event comes from. */
export interface CollectionsTreeHandles {
  readonly view: vscode.TreeView<CollectionsNode>;
  readonly changed: vscode.EventEmitter<CollectionsNode | undefined>;
}
