// The elements of the collections tree. Each is created once and kept, so the tree can
// refresh one element by identity; media nodes carry `media`, the contract the insert,
// copy and open commands read. A large collection's media show in folders of a few pages
// each (FolderNode), so a "Load more…" refreshes one folder, not thousands of rows.
import type * as vscode from 'vscode';
import type { CollectionFilter } from '../../core/collectionsText';
import { PagedList } from '../../core/collectionsPaging';
import type { PageFetcher } from '../../core/collectionsPaging';
import type { Collection, MediaItem } from '../../core/model';
import { MAX_PER_PAGE } from '../../core/params';
import type { TreeChange } from '../common/lazyTreeView';

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

/**
 * Rows `start`–`end` of a large collection: the media of PAGES_PER_FOLDER pages. The last
 * folder, which the next pages go to, is `open` (shown expanded); once a page starts the next
 * folder it is made again closed, with an id of its own, so VS Code shows it collapsed and a
 * refresh of the collection does not fetch its rows again.
 */
export interface FolderNode {
  readonly type: 'folder';
  readonly id: string;
  readonly parent: CollectionNode;
  readonly branch: Branch;
  /** Its place among the collection's folders, from 0. */
  readonly index: number;
  readonly open: boolean;
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
export type CollectionsNode = RootNode | CollectionNode | MediaNode | FolderNode | LoadMoreNode | ErrorNode | EmptyNode | SkippedNode;

/**
 * Pages of media per folder: 3 pages of MAX_PER_PAGE (80), 240 rows. A page never straddles two folders, so a
 * "Load more…" adds rows to one folder only: the last.
 */
export const PAGES_PER_FOLDER = 3;
/** A collection of more media than one folder holds shows them in folders. */
const FOLDER_ROWS = PAGES_PER_FOLDER * MAX_PER_PAGE;

/** What a load may change in a branch's rows (Branch.refreshAfter compares two). */
export interface BranchShape {
  readonly grouped: boolean;
  readonly folders: number;
  readonly tail: readonly CollectionsNode[];
}

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
  /** Folders made so far: closed ones by index, and the open (last) one. */
  private readonly closedFolders: FolderNode[] = [];
  private openFolder: FolderNode | undefined;
  /** Set once a collection's media are shown in folders; they stay so. */
  private groupedOnce = false;

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
   * Whether the media show in folders: a collection's that holds (or has loaded) more than
   * one folder's worth. A smaller one, and the lists of collections, are flat.
   */
  get grouped(): boolean {
    if (!this.groupedOnce && this.owner.type === 'collection') {
      this.groupedOnce = (this.list.total ?? 0) > FOLDER_ROWS || this.list.pages > PAGES_PER_FOLDER;
    }
    return this.groupedOnce;
  }

  /** The folders the loaded pages fill, the last one open. */
  folders(): FolderNode[] {
    const count = Math.ceil(this.list.pages / PAGES_PER_FOLDER);
    if (count === 0 || this.owner.type !== 'collection') return [];
    const owner = this.owner;
    for (let i = this.closedFolders.length; i < count - 1; i++) {
      this.closedFolders.push({ type: 'folder', id: `${owner.id}/rows-${i + 1}`, parent: owner, branch: this, index: i, open: false });
    }
    if (this.openFolder?.index !== count - 1) {
      this.openFolder = { type: 'folder', id: `${owner.id}/rows-${count}-open`, parent: owner, branch: this, index: count - 1, open: true };
    }
    return [...this.closedFolders.slice(0, count - 1), this.openFolder];
  }

  /** Where a folder's rows start and end in the list (end excluded). */
  folderRange(index: number): { start: number; end: number } {
    const ends = this.list.pageEnds;
    const first = index * PAGES_PER_FOLDER;
    const start = first === 0 ? 0 : (ends[first - 1] ?? this.list.items.length);
    const end = ends[Math.min(first + PAGES_PER_FOLDER, ends.length) - 1] ?? this.list.items.length;
    return { start, end };
  }

  /** A folder's rows. */
  folderItems(folder: FolderNode): ListedNode[] {
    const { start, end } = this.folderRange(folder.index);
    return this.list.items.slice(start, end);
  }

  /** The folder showing an item of this branch, if the branch is grouped and holds it. */
  folderOf(item: ListedNode): FolderNode | undefined {
    if (!this.grouped) return undefined;
    const at = this.list.items.indexOf(item);
    if (at < 0) return undefined;
    const ends = this.list.pageEnds;
    const page = ends.findIndex((end) => at < end);
    return this.folders()[Math.floor(page / PAGES_PER_FOLDER)];
  }

  /**
   * What the tree shows below the owner: items (or, when grouped, the folders holding them),
   * how many could not be shown (if any), then the failure, "Load more…" or "empty".
   */
  children(): CollectionsNode[] {
    // One copy of the item list (VS Code keeps what it is given); the items themselves are the same objects every time.
    const out: CollectionsNode[] = this.grouped ? this.folders() : this.list.items.slice();
    out.push(...this.tail());
    return out;
  }

  /** The nodes below the items: skipped, then the failure, "Load more…" or "empty". */
  private tail(): CollectionsNode[] {
    const out: CollectionsNode[] = [];
    if (this.list.skipped > 0) out.push(this.skipped);
    const failure = this.errorNode;
    if (failure) out.push(failure);
    else if (this.list.hasMore) out.push(this.more);
    else if (this.list.items.length === 0 && this.list.skipped === 0 && this.list.started) out.push(this.empty);
    return out;
  }

  /** What a load may change, to compare with refreshAfter. */
  shape(): BranchShape {
    return { grouped: this.grouped, folders: this.grouped ? this.folders().length : 0, tail: this.tail() };
  }

  /**
   * The nodes to refresh after a load that began at `before`: when only the open folder got
   * rows and the nodes below it stayed the same, that folder and those nodes (their counts);
   * otherwise the owner, whose children changed.
   */
  refreshAfter(before: BranchShape): CollectionsNode[] {
    const now = this.shape();
    const same = now.grouped && before.grouped && now.folders === before.folders && now.tail.length === before.tail.length && now.tail.every((n, i) => n === before.tail[i]);
    const open = this.openFolder;
    return same && open ? [open, ...now.tail] : [this.owner];
  }
}

/** The collections view, made at activation, and the emitter its change event comes from. */
export interface CollectionsTreeHandles {
  readonly view: vscode.TreeView<CollectionsNode>;
  readonly changed: vscode.EventEmitter<TreeChange<CollectionsNode>>;
}
