// Where the grid sits when no editor is open. It then opens in the editor area's only group,
// and that group is locked while the grid is in it (VS Code's own Lock Group): the next
// document opens in a new group beside the grid, as VS Code does for any locked group, and
// not over it. Nothing is moved: a webview moved to another group loads again.
//
// A locked group that is left empty would push every later document aside, so when the
// editor area is empty again (the grid closed, one empty group left) the group is unlocked.
// VS Code removes any other emptied group itself (workbench.editor.closeEmptyGroups).
import * as vscode from 'vscode';
import { Disposable } from '../common/dispose';

export class GridGroup extends Disposable {
  /** This window may have locked a group for the grid, and has not unlocked it since. */
  private locked = false;

  /** `gridOpen`: whether a grid is open (while it is, the area is not empty, whatever the tab events say yet). */
  constructor(private readonly gridOpen: () => boolean) {
    super();
    this._register(vscode.window.tabGroups.onDidChangeTabs(() => this.unlockIfEmpty()));
    this._register(vscode.window.tabGroups.onDidChangeTabGroups(() => this.unlockIfEmpty()));
  }

  /** No editor of any kind is open: a grid opened now takes the whole area. */
  get editorAreaEmpty(): boolean {
    return vscode.window.tabGroups.all.every((group) => group.tabs.length === 0);
  }

  /** Locks the active group, the one the grid just opened in. */
  async lockActive(): Promise<void> {
    this.locked = true;
    await vscode.commands.executeCommand('workbench.action.lockEditorGroup');
  }

  /** A grid brought back after a reload may be in a group this window locked before. */
  revived(): void {
    this.locked = true;
  }

  private unlockIfEmpty(): void {
    if (!this.locked || this.gridOpen()) return;
    const groups = vscode.window.tabGroups.all;
    if (groups.length !== 1 || !this.editorAreaEmpty) return;
    this.locked = false;
    // The only group is the active one, which is what the command unlocks.
    void vscode.commands.executeCommand('workbench.action.unlockEditorGroup');
  }
}
