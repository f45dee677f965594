// A tree view made at activation whose rows come from a feature made on first use (container.ts):
// the feature is made when VS Code first asks for the rows (a row's hover is made when it is
// shown: the row came from the feature); and the Markdown of the rows' tooltips.
import * as vscode from 'vscode';
import type { IDisposable } from './dispose';

/** A tree's rows as a feature gives them. */
export type TreeRows<N> = Required<Pick<vscode.TreeDataProvider<N>, 'getTreeItem' | 'getChildren' | 'getParent'>> & {
  resolveTreeItem(item: vscode.TreeItem, node: N, token: vscode.CancellationToken): vscode.ProviderResult<vscode.TreeItem>;
};

/**
 * What changed in a tree: a row, rows, or the whole tree (undefined). Rows changed together go
 * in one event: VS Code shows the first event of a view at once and holds the ones after it
 * until 200 ms have passed without another.
 */
export type TreeChange<N> = N | N[] | undefined;

export function lazyTreeView<N>(
  id: string,
  rows: () => TreeRows<N>,
  options: Omit<vscode.TreeViewOptions<N>, 'treeDataProvider'>,
): { view: vscode.TreeView<N>; changed: vscode.EventEmitter<TreeChange<N>> } & IDisposable {
  const changed = new vscode.EventEmitter<TreeChange<N>>();
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

/** A row's tooltip: Markdown that renders API text as text (no HTML, no command links, no theme icons). */
export function textMarkdown(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text, false);
  md.supportHtml = false;
  md.isTrusted = false;
  return md;
}
