// The features: everything that talks to the service or shows its media, and the command
// table: one handler per contributed command, each reading its arguments through
// commandArgs.ts. Its modules are evaluated on first use: extension.ts reaches this file through
// its one `require('./host/features')` the first time a command runs, the collections tree is
// first looked at, a grid is restored, media are dropped or a link of the service's media is
// pasted (test/unit/bundles.test.ts holds that no module loaded at activation imports it).
import type { MediaItem } from '../core/model';
import * as vscode from 'vscode';
import type { MediaClient } from '../api/client';
import { ClientSource } from './client';
import type { InsertArgs } from './commandArgs';
import { collectionFilterArg, creditLineArg, keyArg, mediaRefArg, openMediaArg, ownNode, resolveMedia, searchArg } from './commandArgs';
import { CommandId } from './commandIds';
import { checkApiKey, clearApiKey, setApiKey, showQuota } from './commands/apiKey';
import { disposeAll } from './dispose';
import type { IDisposable } from './dispose';
import { showFailure } from './failureNotice';
import type { GridPanel } from './grid/gridPanel';
import type { RecentSearches } from './grid/recentSearches';
import { registerGrid } from './grid/register';
import { clearRecentSearchesCommand, openMediaCommand, searchCommand, showCuratedCommand, showPopularCommand } from './grid/searchCommands';
import type { InsertHow, InsertOutcome } from './insert/inserter';
import type { CoverHow, CoverOutcome } from './cover/setCover';
import { coverPaste, setCover } from './cover/setCover';
import { pageTitle } from '../core/cover/frontMatter';
import { seedQuery } from '../core/searchRecent';
import type { GridCommandResult } from './grid/searchCommands';
import type { MediaPasteProvider } from './insert/paste';
import { showNoMedia } from './insert/messages';
import { registerInsert } from './insert/register';
import type { Shell } from './shell';
import { useVsCodeTranslator } from './translator';
import type { CollectionsNode, CollectionsTreeHandles } from './views/collectionNodes';
import type { CollectionsProvider } from './views/collectionsProvider';
import { registerCollectionsView } from './views/register';
import { MediaLists } from './views/mediaLists';
import { mediaKey } from '../core/tiles';
import type { MediaDocuments } from './credits/register';
import { registerCredits } from './credits/register';
import type { MediaLookup } from './credits/lookup';
import { writeCreditsFile } from './credits/writeCredits';
import type { WorkspaceNode, WorkspaceTreeHandles } from './workspaceMedia/nodes';
import type { WorkspaceMediaProvider } from './workspaceMedia/tree';
import { registerWorkspaceMedia } from './workspaceMedia/register';

/** Every command the features handle: all contributed ones but Show Log (activation's own). */
export type FeatureCommandId = Exclude<(typeof CommandId)[keyof typeof CommandId], typeof CommandId.showLog | typeof CommandId.getApiKey>;
export type FeatureCommands = Record<FeatureCommandId, (...args: unknown[]) => unknown>;

export interface Features extends IDisposable {
  /** The one handler of each command, by id (activation registered the commands themselves). */
  readonly commands: FeatureCommands;
  /** The collections tree's data and drag source, behind the view made at activation. */
  readonly tree: Required<Pick<vscode.TreeDataProvider<CollectionsNode>, 'getTreeItem' | 'getChildren' | 'getParent' | 'resolveTreeItem'>> &
    Pick<vscode.TreeDragAndDropController<CollectionsNode>, 'handleDrag'>;
  /** In This Workspace's rows, behind the view made at activation. */
  readonly workspaceTree: Required<Pick<vscode.TreeDataProvider<WorkspaceNode>, 'getTreeItem' | 'getChildren' | 'getParent'>> & {
    resolveTreeItem(item: vscode.TreeItem, node: WorkspaceNode): vscode.TreeItem;
  };
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
    /** Recent and Starred media. */
    readonly lists: MediaLists;
    readonly dragAndDropController: vscode.TreeDragAndDropController<CollectionsNode>;
    /** The open grid, if any. */
    grid(): GridPanel | undefined;
    /** The look-ups behind the hover and the credit check (its background budget). */
    readonly creditLookup: MediaLookup;
    /** In This Workspace's rows and view. */
    readonly workspaceMedia: { readonly provider: WorkspaceMediaProvider; readonly treeView: vscode.TreeView<WorkspaceNode> };
  };
}

export type LoadFeatures = () => Features;

export function createFeatures(shell: Shell, tree: CollectionsTreeHandles, workspaceTree: WorkspaceTreeHandles): Features {
  // Sets the translator the core modules read (the one activation set: both are one bundle's).
  useVsCodeTranslator();
  const api = new ClientSource(shell);
  const lists = new MediaLists(shell.context.globalState);
  // A tile's actions call the same functions as the commands (defined below, called only once a grid shows).
  const grid = registerGrid(
    shell,
    api,
    {
      insert: (args, how) => inserter.insert([args], how === 'insertAs' ? { pick: true } : how === 'saveAndInsert' ? { mode: 'download' } : {}),
      setCover: (args, ask) => setCover(inserter.pipeline, [args], ask ? { ask: true } : {}),
      copyUrl: (args) => inserter.copyUrl(args),
      copyCredit: (args) => inserter.copyCredit(args),
      openOnService: (args) => inserter.openOnService(args),
      star: (media, on) => starMedia([media], on),
    },
    lists,
  );
  const collections = registerCollectionsView(shell, api, tree, (spec) => grid.show(spec), lists);
  const insert = registerInsert(shell, api, [coverPaste]);
  const credits = registerCredits(shell, api, (kind, id) => lists.starred.has(kind, id));
  const workspace = registerWorkspaceMedia(shell, credits.lookup, workspaceTree, (ref) => openMediaCommand(grid.deps, openMediaArg(ref)), lists.starred);
  // What was inserted, set as cover, saved or copied goes first in Recent.
  // The client keeps them as its answers too: opening one from Recent or Starred, after a restart
  // too, costs no request while that answer is fresh.
  const used = insert.inserter.pipeline.onDidUse((media) => {
    lists.used(media);
    void api.client.remember(media);
  });
  // A grid showing Starred shows it as it is now; its tiles' … menus offer Star or Unstar as it is now.
  const restar = lists.starred.onDidChange(() => {
    const shown = grid.current();
    shown?.postStarred();
    if (shown?.state.session.spec?.mode === 'starred') void shown.start({ mode: 'starred' }, false);
  });
  const disposables: IDisposable[] = [api, lists, used, restar, ...collections.disposables, ...grid.disposables, ...insert.disposables, ...credits.disposables, ...workspace.disposables];
  const { provider, dragAndDropController } = collections;
  const { inserter } = insert;
  const owns = (value: unknown): value is CollectionsNode => provider.owns(value);
  const ownsWorkspace = (value: unknown): value is WorkspaceNode => workspace.provider.owns(value);

  /** The media a command acts on (commandArgs.ts resolveMedia), or the outcome of saying there are none. */
  const mediaOf = async (arg: unknown, selection: unknown, toEditor: boolean): Promise<InsertArgs[] | InsertOutcome> => {
    const found = await resolveMedia(
      arg,
      selection,
      {
        gridMedia: (key) => grid.current()?.mediaFor(key),
        activeGridMedia: () => grid.current()?.activeMedia(),
        lastEditorUri: () => shell.tracker.lastUri,
        lookup: (kind, id) => credits.lookup.get(kind, id),
      },
      toEditor,
    );
    if (found.ok) return found.items;
    if (found.error !== undefined) {
      void showFailure(shell, found.error, (message) => vscode.l10n.t('Could not look up the media: {0}', message));
      return { result: 'failed', notes: [] };
    }
    return { result: 'failed', notes: [showNoMedia(() => searchCommand(grid.deps, 'photos', searchArg(undefined)))] };
  };
  const insertMedia = async (arg: unknown, selection: unknown, how: InsertHow): Promise<InsertOutcome> => {
    const media = await mediaOf(arg, selection, true);
    return Array.isArray(media) ? inserter.insert(media, how) : media;
  };
  /** Set as Cover Image: the media given (or the grid's focused tile); with none at all, a search for the page's title. */
  const coverMedia = async (arg: unknown, selection: unknown, how: CoverHow): Promise<CoverOutcome | GridCommandResult> => {
    const found = arg === undefined && !grid.current()?.activeMedia() ? undefined : await mediaOf(arg, selection, true);
    if (found === undefined) {
      const editor = vscode.window.activeTextEditor;
      const title = editor ? pageTitle(editor.document.getText()) : undefined;
      void vscode.window.showInformationMessage(vscode.l10n.t('Pick a photo for the cover in the grid, then Set as Cover Image from its menu.'));
      return searchCommand(grid.deps, 'photos', { fields: {}, hasQuery: false }, title === undefined ? undefined : seedQuery(title));
    }
    return Array.isArray(found) ? setCover(inserter.pipeline, found, how) : { result: 'failed', notes: found.notes };
  };
  const firstMedia = async (arg: unknown): Promise<InsertArgs | undefined> => {
    const media = await mediaOf(arg, undefined, false);
    return Array.isArray(media) ? media[0] : undefined;
  };

  /** Star or Unstar: the keys (`photo:<id>`) of the media it acted on. */
  const star = async (arg: unknown, selection: unknown, on: boolean): Promise<string[]> => {
    const ref = on ? undefined : mediaRefArg(arg);
    // Unstarring a hover's media needs no look-up: its kind and id are enough.
    const media = ref ? [] : await mediaOf(arg, selection, false);
    if (!Array.isArray(media)) return [];
    if (ref) {
      await lists.starred.remove(`${ref.kind}:${ref.id}`);
      return [`${ref.kind}:${ref.id}`];
    }
    return starMedia(media.map((a) => a.media), on);
  };
  /** Stars (and remembers) or unstars the media; their keys. */
  async function starMedia(media: readonly MediaItem[], on: boolean): Promise<string[]> {
    if (on) {
      await lists.starred.add(media);
      await api.client.remember(media);
    } else {
      for (const m of media) await lists.starred.remove(mediaKey(m));
    }
    return media.map(mediaKey);
  }

  const commands: FeatureCommands = {
    [CommandId.setApiKey]: (arg?: unknown) => setApiKey(shell, api, keyArg(arg)),
    [CommandId.checkApiKey]: () => checkApiKey(shell, api),
    [CommandId.clearApiKey]: () => clearApiKey(shell, api),
    [CommandId.showQuota]: () => showQuota(shell),
    [CommandId.search]: (arg?: unknown) => searchCommand(grid.deps, 'photos', searchArg(arg)),
    [CommandId.searchVideos]: (arg?: unknown) => searchCommand(grid.deps, 'videos', searchArg(arg)),
    [CommandId.showCurated]: () => showCuratedCommand(grid.deps),
    [CommandId.showPopularVideos]: (arg?: unknown) => showPopularCommand(grid.deps, searchArg(arg).fields),
    [CommandId.openMedia]: (arg?: unknown) => openMediaCommand(grid.deps, openMediaArg(arg)),
    [CommandId.clearRecentSearches]: () => clearRecentSearchesCommand(grid.deps),
    [CommandId.collectionsRefresh]: () => provider.refresh(),
    [CommandId.collectionsFilter]: async (arg?: unknown, value?: unknown) => {
      const node = ownNode(arg, owns, 'collection');
      return node ? collections.filter(node, collectionFilterArg(value)) : undefined;
    },
    [CommandId.collectionsOpenInGrid]: async (arg?: unknown) => {
      const node = ownNode(arg, owns, 'collection');
      return node ? collections.openInGrid(node) : undefined;
    },
    [CommandId.collectionsLoadMore]: async (arg?: unknown) => {
      const node = ownNode(arg, owns, 'loadMore');
      if (node) await provider.loadMore(node);
    },
    [CommandId.collectionsRetry]: async (arg?: unknown) => {
      const node = ownNode(arg, owns, 'error');
      if (node) await provider.retry(node);
    },
    [CommandId.insert]: (arg?: unknown, selection?: unknown) => insertMedia(arg, selection, {}),
    [CommandId.insertAs]: (arg?: unknown, selection?: unknown) => insertMedia(arg, selection, { pick: true }),
    [CommandId.saveAndInsert]: (arg?: unknown, selection?: unknown) => insertMedia(arg, selection, { mode: 'download' }),
    [CommandId.setCoverImage]: (arg?: unknown, selection?: unknown) => coverMedia(arg, selection, {}),
    [CommandId.setCoverImageAs]: (arg?: unknown, selection?: unknown) => coverMedia(arg, selection, { ask: true }),
    [CommandId.copyUrl]: async (arg?: unknown) => {
      const media = await firstMedia(arg);
      return media && inserter.copyUrl(media);
    },
    [CommandId.copyCredit]: async (arg?: unknown) => {
      const media = await firstMedia(arg);
      return media && inserter.copyCredit(media);
    },
    [CommandId.openOnService]: async (arg?: unknown) => {
      const media = await firstMedia(arg);
      return media ? inserter.openOnService(media) : false;
    },
    [CommandId.writeCreditsFile]: () => writeCreditsFile(shell, api),
    [CommandId.addCreditLine]: async (arg?: unknown) => {
      const a = creditLineArg(arg);
      // Only a document that is open (the hover's): a link cannot open or create another one.
      const document = a && vscode.workspace.textDocuments.find((d) => d.uri.toString() === a.uri);
      return a && document ? credits.check.addCreditAt(document.uri, a.kind, a.id, a.offset) : false;
    },
    [CommandId.workspaceMediaRefresh]: () => workspace.refresh(),
    [CommandId.workspaceMediaAddCredits]: async (arg?: unknown) => {
      const node = ownNode(arg, ownsWorkspace, 'media');
      return node ? workspace.addCredits(node) : undefined;
    },
    [CommandId.workspaceMediaOpenInGrid]: async (arg?: unknown) => {
      const node = ownNode(arg, ownsWorkspace, 'media');
      return node ? workspace.openInGrid(node) : undefined;
    },
    [CommandId.clearRecentMedia]: async () => {
      const count = lists.recent.list().length;
      await lists.recent.clear();
      return count;
    },
    [CommandId.star]: (arg?: unknown, selection?: unknown) => star(arg, selection, true),
    [CommandId.unstar]: (arg?: unknown, selection?: unknown) => star(arg, selection, false),
    [CommandId.showStarred]: () => grid.show({ mode: 'starred' }),
  };
  return {
    commands,
    tree: {
      getTreeItem: (node) => provider.getTreeItem(node),
      getChildren: (node) => provider.getChildren(node),
      getParent: (node) => provider.getParent(node),
      resolveTreeItem: (item, node) => provider.resolveTreeItem(item, node),
      handleDrag: (source, dataTransfer, token) => dragAndDropController.handleDrag?.(source, dataTransfer, token),
    },
    workspaceTree: workspace.provider,
    reviveGrid: grid.revive,
    drop: insert.drop,
    documents: credits.documents,
    paste: insert.paste,
    get client() {
      return api.client;
    },
    internals: { collections: provider, treeView: tree.view, recent: grid.recent, lists, dragAndDropController, grid: grid.current, creditLookup: credits.lookup, workspaceMedia: { provider: workspace.provider, treeView: workspaceTree.view } },
    dispose: () => disposeAll(disposables),
  };
}
