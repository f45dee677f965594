// Everything VS Code must know at activation: every command, the collections view, the grid's
// serializer, the drop and paste providers, registered for real. Each calls through `load()`, which
// brings in the features (host/features.ts) on first use; until then activation has evaluated
// none of their code: no client, no HTTP library, no grid or insert code.
import * as vscode from 'vscode';
import type { FeatureCommandId, LoadFeatures } from './features';
import { formatLanguageIds } from '../core/insert/languages';
import { mediaUrlOptions } from '../core/mediaUrl';
import { pastedMediaRef } from '../core/pastedMedia';
import { MEDIA_DROP_MIMES, MEDIA_MIME } from '../shared/dnd';
import { COLLECTIONS_VIEW_ID, CommandId, GRID_VIEW_TYPE, WORKSPACE_MEDIA_VIEW_ID } from './commandIds';
import type { IDisposable } from './dispose';
import type { CollectionsNode, CollectionsTreeHandles } from './views/collectionNodes';
import type { WorkspaceNode, WorkspaceTreeHandles } from './workspaceMedia/nodes';
import { CONFIG_SECTION } from './config';
import { coverEditKind, mediaEditKind } from './insert/editKinds';
import type { MediaPasteEdit } from './insert/paste';
import type { StockMediaConfig } from './config';

/**
 * Pastes into documents that have an insert format: VS Code asks this for every paste of
 * text there, so only a clipboard holding one link of the service's media loads the features.
 * Offering the edit costs nothing; VS Code resolves only the edit it applies (host/insert/paste.ts).
 */
export function createPasteProvider(load: LoadFeatures, config: () => StockMediaConfig): vscode.DocumentPasteEditProvider<MediaPasteEdit> {
  const kind = mediaEditKind();
  return {
    provideDocumentPasteEdits: async (document, ranges, dataTransfer, context, token) => {
      // Asked for one kind (Paste As…, `editor.pasteAs.preferences`): ours, or one of ours (the cover).
      if (context.only && !context.only.contains(kind) && !kind.contains(context.only)) return undefined;
      if (!vscode.workspace.getConfiguration(CONFIG_SECTION, document).get<boolean>('paste.enabled', true)) return undefined;
      const item = dataTransfer.get('text/plain');
      const text = item ? await Promise.resolve(item.asString()).catch(() => '') : '';
      const cfg = config();
      const ref = pastedMediaRef(text, mediaUrlOptions(cfg));
      if (!ref || token.isCancellationRequested) return undefined;
      return load().paste.provideDocumentPasteEdits(document, ranges, ref, text, context);
    },
    resolveDocumentPasteEdit: (edit, token) => load().paste.resolveDocumentPasteEdit(edit, token),
  };
}

/** A tree's rows as the features give them (features.ts `tree`, `workspaceTree`). */
type TreeRows<N> = Required<Pick<vscode.TreeDataProvider<N>, 'getTreeItem' | 'getChildren' | 'getParent'>> & {
  resolveTreeItem(item: vscode.TreeItem, node: N, token: vscode.CancellationToken): vscode.ProviderResult<vscode.TreeItem>;
};

/**
 * A tree view made at activation whose rows come from the features, loaded when VS Code first
 * asks for them (a media item's hover is made when it is shown: the item came from them).
 */
function lazyTreeView<N>(
  id: string,
  rows: () => TreeRows<N>,
  options: Omit<vscode.TreeViewOptions<N>, 'treeDataProvider'>,
): { view: vscode.TreeView<N>; changed: vscode.EventEmitter<N | undefined> } & IDisposable {
  const changed = new vscode.EventEmitter<N | undefined>();
  const view = vscode.window.createTreeView<N>(id, {
    ...options,
    treeDataProvider: {
      onDidChangeTreeData: changed.event,
      getTreeItem: (node) => rows().getTreeItem(node),
      getChildren: (node) => rows().getChildren(node),
      getParent: (node) => rows().getParent(node),
      resolveTreeItem: (item, node, token) => rows().resolveTreeItem(item, node, token),
    },
  });
  return {
    view,
    changed,
    dispose: () => {
      view.dispose();
      changed.dispose();
    },
  };
}

export function createCollectionsTree(load: LoadFeatures): CollectionsTreeHandles & IDisposable {
  return lazyTreeView<CollectionsNode>(COLLECTIONS_VIEW_ID, () => load().tree, {
    showCollapseAll: true,
    // Several photos at once: the insert commands take the selection as their second argument.
    canSelectMany: true,
    dragAndDropController: {
      dragMimeTypes: [MEDIA_MIME],
      dropMimeTypes: [],
      handleDrag: (source, dataTransfer, token) => load().tree.handleDrag?.(source, dataTransfer, token),
    },
  });
}

/** In This Workspace: its rows come from the features, the first time the view is shown (the scan runs then). */
export function createWorkspaceMediaTree(load: LoadFeatures): WorkspaceTreeHandles & IDisposable {
  return lazyTreeView<WorkspaceNode>(WORKSPACE_MEDIA_VIEW_ID, () => load().workspaceTree, { showCollapseAll: true });
}

export function registerContributions(load: LoadFeatures, paste: vscode.DocumentPasteEditProvider<MediaPasteEdit>): IDisposable[] {
  // Show Log and Get a Free API Key need none of the features (extension.ts registers them).
  const ids = Object.values(CommandId).filter((id): id is FeatureCommandId => id !== CommandId.showLog && id !== CommandId.getApiKey);
  return [
    ...ids.map((id) => vscode.commands.registerCommand(id, (...args: unknown[]) => load().commands[id](...args))),
    vscode.window.registerWebviewPanelSerializer(GRID_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => {
        load().reviveGrid(panel, state);
        return Promise.resolve();
      },
    }),
    vscode.languages.registerDocumentDropEditProvider(
      '*',
      {
        // VS Code asks this only for drops that carry our MIME types (the metadata below).
        provideDocumentDropEdits: (document, position, dataTransfer, token) =>
          MEDIA_DROP_MIMES.some((mime) => dataTransfer.get(mime) !== undefined)
            ? load().drop.provideDocumentDropEdits(document, position, dataTransfer, token)
            : undefined,
      },
      { dropMimeTypes: MEDIA_DROP_MIMES, providedDropEditKinds: [mediaEditKind()] },
    ),
    vscode.languages.registerDocumentPasteEditProvider(
      formatLanguageIds().map((language) => ({ language })),
      paste,
      { providedPasteEditKinds: [mediaEditKind(), coverEditKind()], pasteMimeTypes: ['text/plain'] },
    ),
  ];
}
