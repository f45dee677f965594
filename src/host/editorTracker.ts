// Remembers the text editor the user was last in: where the grid inserts. Made at activation
// (it must see the editors the user moves through before the grid is first opened).
import * as vscode from 'vscode';

/** What the grid needs to know about the editor to insert into. */
export interface TargetEditorTracker {
  /** The text document the user was last editing (the insert target), as a string URI. */
  readonly lastUri: string | undefined;
}

/** Documents that are not an insert target even when their editor is active. */
const NOT_TARGETS = new Set(['output', 'debug', 'vscode-settings', 'git', 'search-editor']);

/** Remembers the text editor the user was last in: where the grid inserts. */
export class EditorTracker implements TargetEditorTracker, vscode.Disposable {
  private uri: vscode.Uri | undefined;
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.note(vscode.window.activeTextEditor);
    this.subscription = vscode.window.onDidChangeActiveTextEditor((editor) => this.note(editor));
  }

  private note(editor: vscode.TextEditor | undefined): void {
    if (editor && !NOT_TARGETS.has(editor.document.uri.scheme)) this.uri = editor.document.uri;
  }

  get lastUri(): string | undefined {
    // A closed document is no target any more.
    const uri = this.uri;
    if (!uri) return undefined;
    const open = vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString());
    return open ? uri.toString() : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
