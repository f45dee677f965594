// Remembers the text editor the user was last in: where the grid and the palette insert
// (a webview or a panel taking focus clears the active editor). `Services` makes it at
// activation, so it sees the editors the user moves through before any feature is used.
import * as vscode from 'vscode';
import { Disposable } from './dispose';
import { isInsertTarget } from './insertTarget';

export class EditorTracker extends Disposable {
  private last: vscode.TextEditor | undefined;

  constructor() {
    super();
    this.note(vscode.window.activeTextEditor);
    this._register(vscode.window.onDidChangeActiveTextEditor((editor) => this.note(editor)));
  }

  private note(editor: vscode.TextEditor | undefined): void {
    if (this.isTarget(editor)) this.last = editor;
  }

  /** Whether `editor` may be inserted into (host/insertTarget.ts). */
  isTarget(editor?: vscode.TextEditor): editor is vscode.TextEditor {
    return editor !== undefined && isInsertTarget(editor.document);
  }

  /** The last target editor, while its document is open. */
  get lastEditor(): vscode.TextEditor | undefined {
    return this.isTarget(this.last) ? this.last : undefined;
  }

  /** The last target document as a string URI, while a document with that URI is open (it may have been reopened). */
  get lastUri(): string | undefined {
    const uri = this.last?.document.uri.toString();
    if (uri === undefined) return undefined;
    return vscode.workspace.textDocuments.some((d) => !d.isClosed && d.uri.toString() === uri) ? uri : undefined;
  }
}
