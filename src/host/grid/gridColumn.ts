// The grid keeps a column of its own. With no document open it takes the only editor group,
// and VS Code opens the next document (Explorer, Quick Open, a link) in the active group: over
// the grid, which the user then has to find again. So an editor opened into the grid's group
// while that group is the only one moves to a new group on its left, as "Move Editor into Left
// Group" does: the document where documents go, the grid beside it, the focus on the document
// the user opened. With two groups or more the user has chosen a layout and nothing moves.
import * as vscode from 'vscode';

const MOVE_LEFT = 'workbench.action.moveEditorToLeftGroup';

function isPanelTab(tab: vscode.Tab, viewType: string): boolean {
  return tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(viewType);
}

/** Moves an editor opened over `panel` (in the only editor group) into a new group on its left. */
export function keepOwnColumn(panel: vscode.WebviewPanel): vscode.Disposable {
  const viewType = panel.viewType;
  // Tabs just opened: VS Code says a tab opened, then (another event) that it is the active one.
  // A tab opened in the background and chosen later is the user's layout: it stays.
  const fresh = new Set<vscode.Tab>();
  let moving = false;
  return vscode.window.tabGroups.onDidChangeTabs(async ({ opened, closed }) => {
    const groups = vscode.window.tabGroups.all;
    const group = groups[0];
    const active = group?.activeTab;
    for (const tab of closed) fresh.delete(tab);
    for (const tab of fresh) if (tab !== active && !opened.includes(tab)) fresh.delete(tab);
    for (const tab of opened) if (!isPanelTab(tab, viewType)) fresh.add(tab);
    if (moving || groups.length !== 1 || !group?.isActive || !active || !fresh.has(active)) return;
    if (!group.tabs.some((tab) => isPanelTab(tab, viewType))) return;
    fresh.delete(active);
    moving = true;
    try {
      await vscode.commands.executeCommand(MOVE_LEFT);
    } finally {
      moving = false;
    }
  });
}
