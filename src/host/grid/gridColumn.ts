// The grid keeps a column of its own. With no document open it takes the active editor group,
// and VS Code opens the next document (Explorer, Quick Open, a link) in the active group: over
// the grid. So when a document opens over the grid in the only editor group, the grid moves to
// a new group beside it (panel.reveal(Beside), the focus back on the document): the document
// stays where it opened (an extension's TextEditor for it stays valid), the grid shows again on
// its right, as it does when opened beside a document. Until then the grid has the whole area,
// and the keyboard focus after a search. With two groups or more the user has chosen a layout,
// and nothing moves.
import * as vscode from 'vscode';

/** How long after a tab appears its becoming active counts as its opening (VS Code says both apart). */
const OPENING_MS = 2_000;

/** How long a move beside may take before the grid is left as VS Code put it. */
const ARRIVAL_MS = 5_000;

function isPanelTab(tab: vscode.Tab, viewType: string): boolean {
  return tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith(viewType);
}

/** A document's editor (text, diff, notebook, custom): what opens over the grid from the Explorer or Quick Open. */
function isDocument(tab: vscode.Tab): boolean {
  const input = tab.input;
  return (
    input instanceof vscode.TabInputText ||
    input instanceof vscode.TabInputTextDiff ||
    input instanceof vscode.TabInputNotebook ||
    input instanceof vscode.TabInputNotebookDiff ||
    input instanceof vscode.TabInputCustom
  );
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

/**
 * Moves `panel` into a new group beside the active one. VS Code reopens a moved webview as a
 * preview (the next editor opened there would replace it), so the grid is shown with the
 * focus, kept (Keep Editor), and the focus goes back to the group it came from.
 */
async function moveBeside(panel: vscode.WebviewPanel): Promise<void> {
  const from = panel.viewColumn;
  const arrived = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => done(false), ARRIVAL_MS);
    const listener = panel.onDidChangeViewState(({ webviewPanel }) => {
      if (webviewPanel.active && webviewPanel.viewColumn !== from) done(true);
    });
    function done(ok: boolean): void {
      clearTimeout(timer);
      listener.dispose();
      resolve(ok);
    }
  });
  panel.reveal(vscode.ViewColumn.Beside, false);
  if (!(await arrived)) return;
  await vscode.commands.executeCommand('workbench.action.keepEditor');
  await vscode.commands.executeCommand('workbench.action.focusPreviousGroup');
}

/** Moves `panel` beside a document opened over it in the only editor group (not the Welcome page, settings…). */
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
    if (groups.length !== 1 || !active || !isDocument(active) || !appeared.has(tabKey(active))) return;
    if (!group.tabs.some((tab) => isPanelTab(tab, viewType))) return;
    appeared.clear();
    void moveBeside(panel);
  };
  return vscode.Disposable.from(vscode.window.tabGroups.onDidChangeTabs(update), vscode.window.tabGroups.onDidChangeTabGroups(update));
}
