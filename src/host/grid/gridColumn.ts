// The grid keeps a column of its own. With no document open it takes the active editor group,
// and VS Code opens the next document (Explorer, Quick Open, a link) in the active group: over
// the grid. So when an editor opens over the grid in the only editor group, the grid moves to
// a new group beside it (panel.reveal(Beside), the focus left on the document): the document
// stays where it opened (an extension's TextEditor for it stays valid), the grid shows again on
// its right, as it does when opened beside a document. Until then the grid has the whole area,
// and the keyboard focus after a search. With two groups or more the user has chosen a layout,
// and nothing moves.
import * as vscode from 'vscode';

/** How long after a tab appears its becoming active counts as its opening (VS Code says both apart). */
const OPENING_MS = 2_000;

function isPanelTab(tab: vscode.Tab, viewType: string): boolean {
  return tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(viewType);
}

/** What a tab shows, the same across tab model updates (which may replace every Tab object). */
function tabKey(tab: vscode.Tab): string {
  const input = tab.input;
  if (input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom || input instanceof vscode.TabInputNotebook) return input.uri.toString();
  if (input instanceof vscode.TabInputWebview) return `webview:${input.viewType}`;
  if (input instanceof vscode.TabInputTextDiff) return `diff:${input.original.toString()}|${input.modified.toString()}`;
  return `label:${tab.label}`;
}

function allKeys(): Set<string> {
  return new Set(vscode.window.tabGroups.all.flatMap((group) => group.tabs.map(tabKey)));
}

/** Moves `panel` beside an editor opened over it in the only editor group. */
export function keepOwnColumn(panel: vscode.WebviewPanel): vscode.Disposable {
  const viewType = panel.viewType;
  // When each tab appeared. A tab opened in the background and chosen later is the user's
  // layout: the grid stays.
  let known = allKeys();
  const appeared = new Map<string, number>();
  const update = (): void => {
    const now = Date.now();
    const keys = allKeys();
    for (const key of keys) if (!known.has(key)) appeared.set(key, now);
    for (const [key, time] of appeared) if (!keys.has(key) || now - time > OPENING_MS) appeared.delete(key);
    known = keys;
    const groups = vscode.window.tabGroups.all;
    const group = groups[0];
    const active = group?.activeTab;
    if (groups.length !== 1 || !active || isPanelTab(active, viewType) || !appeared.has(tabKey(active))) return;
    if (!group.tabs.some((tab) => isPanelTab(tab, viewType))) return;
    appeared.clear();
    panel.reveal(vscode.ViewColumn.Beside, true);
  };
  return vscode.Disposable.from(vscode.window.tabGroups.onDidChangeTabs(update), vscode.window.tabGroups.onDidChangeTabGroups(update));
}
