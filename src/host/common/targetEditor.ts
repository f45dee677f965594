// The editor an insert goes into, found through the editor tracker (editorTracker.ts): the one
// the grid names, else the active or last active one, brought back when the grid hides it; and
// the place an insert was going when it failed, to go back to for Retry.
import * as vscode from 'vscode';
import type { EditorTracker } from './editorTracker';

/** The active editor when it is a target, else the last one. */
export function currentEditor(tracker: EditorTracker): vscode.TextEditor | undefined {
  const active = vscode.window.activeTextEditor;
  return tracker.isTarget(active) ? active : tracker.lastEditor;
}

/** The editor to insert into: the one named by the grid, else the active (or last active) one. */
export async function targetEditor(tracker: EditorTracker, targetUri: string | undefined): Promise<vscode.TextEditor | undefined> {
  if (targetUri) {
    const named = await namedEditor(tracker, targetUri);
    if (named) return named;
  }
  const active = vscode.window.activeTextEditor;
  if (tracker.isTarget(active)) return active;
  const last = tracker.lastEditor;
  if (!last) return undefined;
  if (vscode.window.visibleTextEditors.includes(last)) return last;
  // Hidden behind the grid in the same group: bring it back if its tab is still open.
  const key = last.document.uri.toString();
  const open = vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key));
  return open ? vscode.window.showTextDocument(last.document, { viewColumn: last.viewColumn, preview: false }) : undefined;
}

/** The editor of the document the grid names: a visible one, else the document opened; undefined when it cannot be. */
async function namedEditor(tracker: EditorTracker, targetUri: string): Promise<vscode.TextEditor | undefined> {
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(targetUri, true);
  } catch {
    return undefined;
  }
  const key = uri.toString();
  const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === key && tracker.isTarget(e));
  if (visible) return visible;
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key && !d.isClosed);
  const document = open ?? (await Promise.resolve(vscode.workspace.openTextDocument(uri)).catch(() => undefined));
  return document ? vscode.window.showTextDocument(document, { preview: false }) : undefined;
}

/** Where an insert was going when it failed: the document's editor and its selections then. */
export interface Place {
  readonly document: vscode.TextDocument;
  readonly version: number;
  readonly viewColumn: vscode.ViewColumn | undefined;
  readonly selections: readonly vscode.Selection[] | undefined;
}

export function placeOf(document: vscode.TextDocument): Place {
  const active = vscode.window.activeTextEditor;
  const editor = active?.document === document ? active : vscode.window.visibleTextEditors.find((e) => e.document === document);
  return { document, version: document.version, viewColumn: editor?.viewColumn, selections: editor?.selections };
}

/** The place's editor, shown, with its selections back when the document has not changed since; undefined when it was closed. */
export async function backTo(place: Place): Promise<vscode.TextEditor | undefined> {
  if (place.document.isClosed) return undefined;
  const editor = await vscode.window.showTextDocument(place.document, { viewColumn: place.viewColumn, preview: false });
  const selections = place.selections;
  const same = (a: readonly vscode.Selection[], b: readonly vscode.Selection[]): boolean => a.length === b.length && a.every((s, i) => b[i]?.isEqual(s));
  if (selections && place.document.version === place.version && !same(editor.selections, selections)) editor.selections = [...selections];
  return editor;
}
