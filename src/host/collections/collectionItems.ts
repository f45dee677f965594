// How each element of the collections tree looks: label, description, icon, hover and
// context value (the `viewItem` the menus in package.json match).
import * as vscode from 'vscode';
import { l10n } from '../../core/l10n';
import type { CollectionFilter } from '../../core/collectionsText';
import { collectionDescription, collectionTitle, collectionTooltipMarkdown, filteredCount } from '../../core/collectionsText';
import type { ErrorAction, ErrorDescription } from '../../core/describe';
import { toMediaError } from '../../core/errors';
import { SERVICE_NAME_MAX, inert, inertMarkdown } from '../../core/inert';
import { mediaAccessibilityLabel, mediaAuthorAlone, mediaLabel, mediaTooltipMarkdown } from '../../core/mediaText';
import { MAX_PER_PAGE } from '../../core/params';
import { CommandId } from '../common/commandIds';
import { textMarkdown } from '../common/lazyTreeView';
import { errorCommand } from '../key/errorActions';
import type { MediaItem } from '../../core/model';
import type {
  Branch,
  CollectionNode,
  CollectionsNode,
  ErrorNode,
  FolderNode,
  ListRootKind,
  LoadMoreNode,
  MediaNode,
  RootNode,
  SkippedNode,
} from './collectionNodes';

/** What the items need to know about the tree's state and the settings. */
export interface ItemContext {
  readonly serviceName: string;
  readonly locale: string;
  filterOf(collectionId: string): CollectionFilter;
  /** The loaded branch below a parent, if it has been expanded. */
  loadedBranch(node: RootNode | CollectionNode): Branch | undefined;
  describe(error: unknown): ErrorDescription;
  /** Whether the media is starred (its menu offers Unstar instead of Star). */
  isStarred(media: MediaItem): boolean;
  /** How many media Recent or Starred holds. */
  listCount(root: ListRootKind): number;
}

const ROOTS = {
  featured: {
    label: (): string => vscode.l10n.t('Featured'),
    icon: 'star-full',
    tooltip: (service: string): string => vscode.l10n.t('Collections picked by {0}.', service),
  },
  mine: {
    label: (): string => vscode.l10n.t('My Collections'),
    icon: 'account',
    tooltip: (service: string): string =>
      vscode.l10n.t(
        'Your own collections on {0}, private ones included. Collections are made and changed on {0} itself (website or apps).',
        service,
      ),
  },
  recent: {
    label: (): string => vscode.l10n.t('Recent'),
    icon: 'history',
    tooltip: (): string => vscode.l10n.t('The last 50 photos and videos you inserted, set as cover, saved or copied on this computer.'),
  },
  starred: {
    label: (): string => vscode.l10n.t('Starred'),
    icon: 'star-empty',
    tooltip: (): string => vscode.l10n.t('The photos and videos you starred; they follow you to your other computers with Settings Sync.'),
  },
} as const;

/** The rows' icons by name, one object each however many rows show them (a collection lists thousands). */
const icons = new Map<string, vscode.ThemeIcon>();

function themeIcon(name: string): vscode.ThemeIcon {
  let icon = icons.get(name);
  if (!icon) icons.set(name, (icon = new vscode.ThemeIcon(name)));
  return icon;
}

/** A row of the tree: its label, id, icon and context value (what its menus are chosen by). */
function row(node: CollectionsNode, label: string, icon: string | vscode.ThemeIcon, contextValue: string, state = vscode.TreeItemCollapsibleState.None): vscode.TreeItem {
  const item = new vscode.TreeItem(label, state);
  item.id = node.id;
  item.iconPath = typeof icon === 'string' ? themeIcon(icon) : icon;
  item.contextValue = contextValue;
  return item;
}

function rootItem(node: RootNode, ctx: ItemContext): vscode.TreeItem {
  const spec = ROOTS[node.root];
  const item = row(node, spec.label(), spec.icon, `root.${node.root}`, vscode.TreeItemCollapsibleState.Collapsed);
  item.tooltip = spec.tooltip(inert(ctx.serviceName, SERVICE_NAME_MAX));
  const total = node.root === 'recent' || node.root === 'starred' ? ctx.listCount(node.root) : ctx.loadedBranch(node)?.list.total;
  if (total !== undefined) item.description = total.toLocaleString(ctx.locale);
  return item;
}

function collectionItem(node: CollectionNode, ctx: ItemContext): vscode.TreeItem {
  const c = node.collection;
  const filter = ctx.filterOf(c.id);
  const title = collectionTitle(c);
  // Nothing to expand into: say so in the description rather than open an empty branch.
  const expandable = filteredCount(c, filter) > 0 || ctx.loadedBranch(node) !== undefined;
  const state = expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None;
  const item = row(node, title, c.private ? 'lock' : 'library', 'collection', state);
  item.description = collectionDescription(c, filter, ctx.locale);
  item.tooltip = textMarkdown(
    collectionTooltipMarkdown(c, filter, { serviceName: ctx.serviceName, featured: node.parent.root === 'featured', locale: ctx.locale }),
  );
  item.accessibilityInformation = {
    label: c.private
      ? vscode.l10n.t('Private collection {0}, {1}', title, item.description)
      : vscode.l10n.t('Collection {0}, {1}', title, item.description),
  };
  return item;
}

function mediaItem(node: MediaNode, ctx: ItemContext): vscode.TreeItem {
  const icon = node.media.kind === 'photo' ? 'file-media' : 'device-camera-video';
  // `media.<kind>` (the media menus), `.starred` when starred (Unstar instead of Star).
  const item = row(node, mediaLabel(node.media), icon, `media.${node.media.kind}${ctx.isStarred(node.media) ? '.starred' : ''}`);
  item.description = mediaAuthorAlone(node.media);
  // The hover's Markdown is made when it is shown (resolveMediaTooltip): it is most of an item,
  // and VS Code is sent a folder's items again at each "Load more…".
  item.accessibilityInformation = { label: mediaAccessibilityLabel(node.media) };
  // A click opens it in the grid, where it can be previewed large (the same as Open Photo or Video).
  const id = node.media.kind === 'photo' ? node.media.photo.id : node.media.video.id;
  item.command = { command: CommandId.openMedia, title: vscode.l10n.t('Open'), arguments: [{ kind: node.media.kind, id }] };
  return item;
}

/** The media item's hover (the tree asks for it when it is shown: resolveTreeItem). */
export function resolveMediaTooltip(item: vscode.TreeItem, node: MediaNode, ctx: ItemContext): vscode.TreeItem {
  item.tooltip ??= textMarkdown(mediaTooltipMarkdown(node.media, { serviceName: ctx.serviceName }));
  return item;
}

/**
 * A folder of a large collection's media, named by the rows it holds ("241–480"); the one the
 * next page goes to is expanded, the others collapsed.
 */
function folderItem(node: FolderNode, ctx: ItemContext): vscode.TreeItem {
  const { start, end } = node.branch.folderRange(node.index);
  const first = (start + 1).toLocaleString(ctx.locale);
  const last = end.toLocaleString(ctx.locale);
  const state = node.open ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
  const item = new vscode.TreeItem(vscode.l10n.t('{0}–{1}', first, last), state);
  item.id = node.id;
  item.contextValue = 'folder';
  item.accessibilityInformation = { label: vscode.l10n.t('Media {0} to {1}', first, last) };
  return item;
}

function loadMoreItem(node: LoadMoreNode, ctx: ItemContext): vscode.TreeItem {
  const list = node.branch.list;
  const loading = list.loading;
  const item = row(node, loading ? vscode.l10n.t('Loading…') : vscode.l10n.t('Load more…'), loading ? 'loading~spin' : 'more', 'loadMore');
  const total = list.total;
  if (total !== undefined) {
    item.description = vscode.l10n.t('{0} of {1}', list.items.length.toLocaleString(ctx.locale), total.toLocaleString(ctx.locale));
  }
  item.tooltip = vscode.l10n.t('Load the next {0} (one request).', MAX_PER_PAGE);
  if (!loading) {
    item.command = { command: CommandId.collectionsLoadMore, title: vscode.l10n.t('Load More'), arguments: [node] };
  }
  return item;
}

function actionHint(action: ErrorAction, origin: string): string {
  switch (action) {
    case 'checkKey':
      return vscode.l10n.t('Click it to check your API key with {0}.', origin);
    case 'retry':
      return vscode.l10n.t('Click it, or use Retry, to try again.');
    case 'setApiKey':
      return vscode.l10n.t('Click it to set your API key.');
    case 'getApiKey':
      return vscode.l10n.t('Click it to get a free API key.');
    case 'showQuota':
      return vscode.l10n.t('Click it to see your request quota.');
    case 'openSettings':
      return vscode.l10n.t('Click it to check the API base URL setting.');
  }
}

function errorItem(node: ErrorNode, ctx: ItemContext): vscode.TreeItem {
  const failure = toMediaError(node.error);
  const { message, actions, origin = '' } = ctx.describe(failure);
  const item = row(node, message, new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')), 'error');
  const facts = [failure.status !== undefined ? `HTTP ${failure.status}` : undefined, `${failure.kind}`, failure.message]
    .filter((f): f is string => f !== undefined && f !== '');
  const primary = actions[0] ?? 'retry';
  item.tooltip = textMarkdown(
    [`**${inertMarkdown(message)}**`, inertMarkdown(facts.join(' · ')), inertMarkdown(actionHint(primary, origin))].join('\n\n'),
  );
  item.command =
    primary === 'retry'
      ? { command: CommandId.collectionsRetry, title: vscode.l10n.t('Retry'), arguments: [node] }
      : errorCommand(primary, origin);
  return item;
}

function skippedItem(node: SkippedNode, ctx: ItemContext): vscode.TreeItem {
  const n = node.branch.list.skipped;
  const count = n.toLocaleString(ctx.locale);
  const label = l10n.plural(n, {
    one: vscode.l10n.t('{0} result could not be shown', count),
    other: vscode.l10n.t('{0} results could not be shown', count),
  });
  const item = row(node, label, 'warning', 'skipped');
  item.tooltip = vscode.l10n.t('{0} sent them in a form this extension cannot read. The Stock Media log names the fields.', ctx.serviceName);
  return item;
}

export function treeItemFor(node: CollectionsNode, ctx: ItemContext): vscode.TreeItem {
  switch (node.type) {
    case 'root':
      return rootItem(node, ctx);
    case 'collection':
      return collectionItem(node, ctx);
    case 'media':
      return mediaItem(node, ctx);
    case 'folder':
      return folderItem(node, ctx);
    case 'loadMore':
      return loadMoreItem(node, ctx);
    case 'error':
      return errorItem(node, ctx);
    case 'empty':
      return row(node, node.text, 'info', 'empty');
    case 'skipped':
      return skippedItem(node, ctx);
  }
}

/** The text of the "nothing here" node of a branch. */
export function emptyText(owner: RootNode | CollectionNode, filter: CollectionFilter, serviceName: string): string {
  if (owner.type === 'root') {
    if (owner.root === 'recent') return vscode.l10n.t('Nothing used yet: what you insert or copy shows here');
    if (owner.root === 'starred') return vscode.l10n.t('Nothing starred yet: star photos and videos from their menu');
    return owner.root === 'featured'
      ? vscode.l10n.t('No featured collections right now')
      : vscode.l10n.t('No collections yet: make them on {0}', inert(serviceName, SERVICE_NAME_MAX));
  }
  if (filter === 'photos') return vscode.l10n.t('No photos in this collection');
  if (filter === 'videos') return vscode.l10n.t('No videos in this collection');
  return vscode.l10n.t('This collection is empty');
}
