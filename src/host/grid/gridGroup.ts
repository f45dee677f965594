// Where the grid sits: in a group of its own, beside the document being edited or whatever
// else the active group shows (the Welcome page of the walkthrough, a preview), or, when that
// group is empty, in it. That group is locked while the grid is alone
// in it (VS Code's own Lock Group, as it does for terminals in the editor area): whatever opens
// next (Quick Open, the Explorer, a link) opens in the document's group, never over the grid
// or under it. Nothing is moved: a webview moved to another group loads again. A group that
// holds the person's own editors too (Beside found one) is not locked.
//
// A locked group that is left empty would push every later document aside, so when the
// editor area is empty again (the grid closed, one empty group left) the group is unlocked.
// VS Code removes any other emptied group itself (workbench.editor.closeEmptyGroups).
import * as vscode from 'vscode';
import { GRID_VIEW_TYPE } from '../common/commandIds';
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

  /** No editor of any kind is open. */
  get editorAreaEmpty(): boolean {
    return vscode.window.tabGroups.all.every((group) => group.tabs.length === 0);
  }

  /**
   * Locks the group the grid just opened in, once VS Code shows its tab there and the group is
   * active (the command locks the active group), when the grid is alone in it. Gives up after
   * TAB_WAIT_MS or when the panel goes: the grid then works, unlocked.
   */
  async lockWhenAlone(panel: vscode.WebviewPanel): Promise<void> {
    const group = await gridTabGroup(panel);
    if (!group || group.tabs.length !== 1) return;
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

/** How long the grid's tab may take to show before the lock is left out. */
const TAB_WAIT_MS = 5_000;

/** Whether a tab is the grid's. */
export function isGridTab(tab: vscode.Tab): boolean {
  return tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(GRID_VIEW_TYPE);
}

/**
 * The tab group holding the grid's tab once VS Code shows it there and that group is the
 * active one (the grid is one panel: its tab is the only grid tab). The web worker host hears of
 * the tab before its group turns active: both events are followed.
 */
function gridTabGroup(panel: vscode.WebviewPanel): Promise<vscode.TabGroup | undefined> {
  const find = (): vscode.TabGroup | undefined => vscode.window.tabGroups.all.find((g) => g.isActive && g.tabs.some(isGridTab));
  const now = find();
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = (group: vscode.TabGroup | undefined): void => {
      clearTimeout(timer);
      listeners.forEach((l) => l.dispose());
      resolve(group);
    };
    const timer = setTimeout(() => done(undefined), TAB_WAIT_MS);
    const listeners = [
      vscode.window.tabGroups.onDidChangeTabs(() => {
        const group = find();
        if (group) done(group);
      }),
      vscode.window.tabGroups.onDidChangeTabGroups(() => {
        const group = find();
        if (group) done(group);
      }),
      panel.onDidDispose(() => done(undefined)),
    ];
  });
}

