// In This Workspace's rows: each media (its label as the collections tree shows it, or its
// reference until it is known; its uses and how many lack a credit), and below it each use
// (file and line, whether it has its credit; a click opens the file there). The scan runs when
// the view first asks for its rows. A change shows again only the rows of the media it touched
// when the list keeps its media and order, else the whole list.
import * as vscode from 'vscode';
import { inert } from '../../core/inert';
import { mediaAccessibilityLabel, mediaAuthorAlone, mediaTooltipMarkdown } from '../../core/mediaText';
import type { MediaKind } from '../../core/model';
import type { CreditState, MediaGroup, UseRow } from '../../core/workspaceMedia';
import { usesDescription } from '../../core/workspaceMedia';
import { ContextKey, WORKSPACE_MEDIA_VIEW_ID } from '../common/commandIds';
import { Disposable } from '../common/dispose';
import { textMarkdown } from '../common/lazyTreeView';
import type { Services } from '../services';
import type { WorkspaceMediaModel } from './model';
import { mediaRowLabel } from './knownMedia';
import type { WorkspaceMediaNode, WorkspaceNode, WorkspaceTreeHandles, WorkspaceUseNode } from './nodes';

const STATE_TEXT: Record<CreditState, () => string> = {
  credited: () => vscode.l10n.t('credited'),
  missing: () => vscode.l10n.t('no credit'),
  unknown: () => '',
  unchecked: () => '',
};

/** A use's hover: whether it has its credit, or why that is not known. */
const STATE_TOOLTIP: Record<CreditState, () => string> = {
  credited: () => vscode.l10n.t('A credit line near this use names the author.'),
  missing: () => vscode.l10n.t('No credit line names the author near this use.'),
  unknown: () => vscode.l10n.t('Whether it has its credit is known once the media is looked up.'),
  unchecked: () => vscode.l10n.t('The credit check is off for this file’s language.'),
};

const warningIcon = (): vscode.ThemeIcon => new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));

/** Whether a media is starred, and when that changes (host/library/mediaLists.ts). */
export interface StarredMedia {
  has(kind: MediaKind, id: number): boolean;
  readonly onDidChange: vscode.Event<unknown>;
}

export class WorkspaceMediaProvider extends Disposable {
  private readonly nodes = new WeakSet<object>();
  private readonly mediaNodes = new Map<string, WorkspaceMediaNode>();
  /** The media of the rows last given to the view, in order. */
  private shown: readonly string[] = [];

  constructor(
    private readonly services: Services,
    readonly model: WorkspaceMediaModel,
    tree: WorkspaceTreeHandles,
    private readonly starred: StarredMedia,
  ) {
    super();
    this._register(model.onDidChange((keys) => this.changed(tree, keys)));
    // Star or Unstar in a row's menu follows the list, wherever it was changed.
    this._register(starred.onDidChange(() => tree.changed.fire(undefined)));
    this._register(tree.view.onDidChangeVisibility((e) => e.visible && void model.lookUp()));
  }

  /** Shows a change: only the rows of the media it touched when the list keeps its media and order, else the whole list. */
  private changed(tree: WorkspaceTreeHandles, keys: readonly string[] | undefined): void {
    if (keys?.length === 0) return;
    const groups = this.model.groups();
    const kept = keys !== undefined && groups.length === this.shown.length && groups.every((g, i) => g.key === this.shown[i]);
    if (!kept) return tree.changed.fire(undefined);
    const nodes = keys.flatMap((key) => this.mediaNodes.get(key) ?? []);
    if (nodes.length > 0) tree.changed.fire(nodes);
  }

  owns(value: unknown): value is WorkspaceNode {
    return typeof value === 'object' && value !== null && this.nodes.has(value);
  }

  async getChildren(node?: WorkspaceNode): Promise<WorkspaceNode[]> {
    if (!node) {
      await vscode.window.withProgress({ location: { viewId: WORKSPACE_MEDIA_VIEW_ID } }, () => this.model.ready());
      // From now on an empty view means nothing is there (package.json viewsWelcome).
      void vscode.commands.executeCommand('setContext', ContextKey.workspaceMediaRead, true);
      const groups = this.model.groups();
      this.shown = groups.map((g) => g.key);
      return groups.map((g) => this.mediaNode(g));
    }
    if (node.type !== 'media') return [];
    return (this.model.group(node.key)?.uses ?? []).map((use) => this.useNode(node, use));
  }

  getParent(node: WorkspaceNode): WorkspaceNode | undefined {
    return node.type === 'use' ? node.parent : undefined;
  }

  getTreeItem(node: WorkspaceNode): vscode.TreeItem {
    return node.type === 'media' ? this.mediaItem(node) : useItem(node);
  }

  /** A known media's hover (the tree asks for it when it is shown), with its uses. */
  resolveTreeItem(item: vscode.TreeItem, node: WorkspaceNode): vscode.TreeItem {
    if (node.type !== 'media' || item.tooltip !== undefined) return item;
    const media = this.model.media(node.ref.kind, node.ref.id);
    const group = this.model.group(node.key);
    if (media) {
      const uses = group ? `\n\n${usesDescription(group, vscode.env.language)}` : '';
      item.tooltip = textMarkdown(`${mediaTooltipMarkdown(media, { serviceName: this.services.config.serviceName })}${uses}`);
    }
    return item;
  }

  /** The node of a media, the same object for as long as the media is used. */
  mediaNode(group: Pick<MediaGroup, 'key' | 'kind' | 'id'>): WorkspaceMediaNode {
    let node = this.mediaNodes.get(group.key);
    if (!node) {
      node = { type: 'media', id: `workspace/${group.key}`, key: group.key, ref: { kind: group.kind, id: group.id } };
      this.mediaNodes.set(group.key, node);
      this.nodes.add(node);
    }
    return node;
  }

  private useNode(parent: WorkspaceMediaNode, use: UseRow): WorkspaceUseNode {
    const node: WorkspaceUseNode = { type: 'use', id: `${parent.id}/${use.uri}#${use.line}:${use.character}`, parent, use };
    this.nodes.add(node);
    return node;
  }

  private mediaItem(node: WorkspaceMediaNode): vscode.TreeItem {
    const { kind, id } = node.ref;
    const group = this.model.group(node.key);
    const media = this.model.media(kind, id);
    const label = mediaRowLabel(kind, id, media);
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    const locale = vscode.env.language;
    const uses = group ? usesDescription(group, locale) : '';
    const who = media ? mediaAuthorAlone(media) : '';
    // What tells the rows apart first (its words, then its uses); the photographer last, where a narrow view may cut it.
    item.description = who ? `${uses} · ${inert(who)}` : uses;
    const missing = (group?.missing ?? 0) > 0;
    item.iconPath = missing ? warningIcon() : new vscode.ThemeIcon(kind === 'photo' ? 'file-media' : 'device-camera-video');
    item.contextValue = `media.${kind}${missing ? '.missingCredit' : ''}${this.starred.has(kind, id) ? '.starred' : ''}`;
    // A known media's hover is made when it is shown (resolveTreeItem), not for every row at each change.
    if (!media) item.tooltip = `${label}\n${uses}`;
    // The accessible label names the photographer once (mediaAccessibilityLabel says "by …").
    item.accessibilityInformation = { label: [media ? mediaAccessibilityLabel(media) : label, uses].filter((p) => p !== '').join(', ') };
    return item;
  }
}

function useItem(node: WorkspaceUseNode): vscode.TreeItem {
  const { use } = node;
  const item = new vscode.TreeItem(`${use.shown}:${use.line + 1}`, vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = STATE_TEXT[use.state]();
  item.iconPath = use.state === 'missing' ? warningIcon() : new vscode.ThemeIcon(use.state === 'credited' ? 'pass' : 'file');
  item.contextValue = `use.${use.state}`;
  item.tooltip = STATE_TOOLTIP[use.state]();
  item.accessibilityInformation = { label: [item.label as string, item.description].filter((p) => p !== '').join(', ') };
  const at = new vscode.Position(use.line, use.character);
  item.command = {
    command: 'vscode.open',
    title: vscode.l10n.t('Open'),
    arguments: [vscode.Uri.parse(use.uri), { selection: new vscode.Range(at, at), preview: true } satisfies vscode.TextDocumentShowOptions],
  };
  return item;
}
