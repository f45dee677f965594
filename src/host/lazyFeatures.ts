// Everything VS Code must know at activation (commands, the collections view, the grid's
// serializer, the drop provider) registered with stand-ins that load the features bundle
// (dist/features.js) the first time they are used. Activation thereby evaluates only the
// small activation bundle: no client, no HTTP library, no grid or insert code.
import * as vscode from 'vscode';
import type * as FeaturesModule from '../features';
import type { Features } from '../features';
import { GRID_VIEW_TYPE } from '../shared/protocol';
import { MEDIA_DROP_MIMES, MEDIA_MIME } from '../shared/dnd';
import { COLLECTIONS_VIEW_ID, CommandId } from './commandIds';
import { CommandTable } from './commandRegistry';
import { disposeAll } from './dispose';
import type { Shell } from './shell';
import type { CollectionsNode } from './views/collectionNodes';

type TreeChange = CollectionsNode | CollectionsNode[] | undefined | null | void;

/** The collections view's data provider until, and after, the real one is loaded. */
class LazyTreeProvider implements vscode.TreeDataProvider<CollectionsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeChange>();
  readonly onDidChangeTreeData = this.changed.event;
  private forwarding: vscode.Disposable | undefined;

  constructor(private readonly real: () => Features['tree']) {}

  /** Passes the real provider's change events on to the view. */
  attach(tree: Features['tree']): void {
    this.forwarding = tree.provider.onDidChangeTreeData?.((change) => this.changed.fire(change));
  }

  getTreeItem(node: CollectionsNode): vscode.TreeItem | Thenable<vscode.TreeItem> {
    return this.real().provider.getTreeItem(node);
  }

  getChildren(node?: CollectionsNode): vscode.ProviderResult<CollectionsNode[]> {
    return this.real().provider.getChildren(node);
  }

  getParent(node: CollectionsNode): vscode.ProviderResult<CollectionsNode> {
    return this.real().provider.getParent?.(node);
  }

  dispose(): void {
    this.forwarding?.dispose();
    this.changed.dispose();
  }
}

export class LazyFeatures implements vscode.Disposable {
  private features: Features | undefined;
  private readonly commands = new CommandTable();
  private readonly tree: LazyTreeProvider;
  private readonly disposables: vscode.Disposable[] = [];
  readonly treeView: vscode.TreeView<CollectionsNode>;
  /** How long loading the features bundle took (for the benchmark), once loaded. */
  loadMs: number | undefined;

  constructor(
    private readonly shell: Shell,
    /** The features bundle's absolute path. */
    private readonly bundlePath: string,
  ) {
    this.tree = new LazyTreeProvider(() => this.load().tree);
    this.treeView = vscode.window.createTreeView(COLLECTIONS_VIEW_ID, {
      treeDataProvider: this.tree,
      showCollapseAll: true,
      // Several photos at once: the insert commands take the selection as their second argument.
      canSelectMany: true,
      dragAndDropController: {
        dragMimeTypes: [MEDIA_MIME],
        dropMimeTypes: [],
        handleDrag: (source, dataTransfer, token) => this.load().tree.dragAndDropController.handleDrag?.(source, dataTransfer, token),
      },
    });
    const ids = Object.values(CommandId).filter((id) => id !== CommandId.showLog);
    this.disposables.push(
      this.tree,
      this.treeView,
      ...ids.map((id) => vscode.commands.registerCommand(id, (...args: unknown[]) => this.run(id, args))),
      vscode.window.registerWebviewPanelSerializer(GRID_VIEW_TYPE, {
        deserializeWebviewPanel: (panel, state: unknown) => {
          this.load().reviveGrid(panel, state);
          return Promise.resolve();
        },
      }),
      vscode.languages.registerDocumentDropEditProvider('*', {
        // Any drop into any editor asks this: only ours load the features.
        provideDocumentDropEdits: (document, position, dataTransfer, token) =>
          MEDIA_DROP_MIMES.some((mime) => dataTransfer.get(mime) !== undefined)
            ? this.load().drop.provideDocumentDropEdits(document, position, dataTransfer, token)
            : undefined,
      }),
    );
  }

  get loaded(): boolean {
    return this.features !== undefined;
  }

  /** The features, loaded on the first call. */
  load(): Features {
    if (!this.features) {
      const started = performance.now();
      // A path known only at run time: esbuild leaves this require to Node.
      const module = require(this.bundlePath) as typeof FeaturesModule;
      const features = module.loadFeatures({
        shell: this.shell,
        commands: this.commands,
        treeView: this.treeView,
      });
      this.tree.attach(features.tree);
      this.features = features;
      this.loadMs = performance.now() - started;
    }
    return this.features;
  }

  private run(id: string, args: unknown[]): unknown {
    const handler = this.load() && this.commands.get(id);
    if (!handler) throw new Error(`Stock Media: no handler for ${id}`);
    return handler(...args);
  }

  dispose(): void {
    this.features?.dispose();
    disposeAll(this.disposables);
  }
}
