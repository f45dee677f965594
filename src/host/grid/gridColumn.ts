// The grid keeps a column of its own. With no document open it used to take the only editor
// group, and VS Code opened the next document (Explorer, Quick Open, a link) in the active
// group: over the grid. (ViewColumn.Beside does not help there: beside an empty group VS Code
// opens in that group.) So with an empty editor area the grid opens in a new group to its
// right, the empty group left for the next document, and the grid's group is locked, as "Open
// Locked Preview to the Side" keeps a preview in place: VS Code opens documents in an unlocked
// group, the grid stays in view, and the keyboard focus stays on the grid after a search.
import * as vscode from 'vscode';

export interface GridColumn {
  readonly column: vscode.ViewColumn;
  /** Whether the grid opens in a group made for it, to be locked once it is there. */
  readonly own: boolean;
}

/** Where a new grid opens: beside the active document, in a new group right of an empty one, or in the active group. */
export async function newGridColumn(): Promise<GridColumn> {
  if (vscode.window.activeTextEditor) return { column: vscode.ViewColumn.Beside, own: false };
  if (vscode.window.tabGroups.activeTabGroup.tabs.length > 0) return { column: vscode.ViewColumn.Active, own: false };
  await vscode.commands.executeCommand('workbench.action.newGroupRight');
  return { column: vscode.ViewColumn.Active, own: true };
}

/**
 * Locks the active group: the one just made for the grid, which it opened into with the focus
 * (the panel's tab reaches the extension host's tab model only later, so it is not asked).
 */
export async function lockOwnColumn(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.lockEditorGroup');
}
