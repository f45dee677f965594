// Remembers, per open document, what the extension's inserts added there (core/insert/
// lastInserts.ts), kept in step with every edit, so that the next insert never goes into a
// selection an insert left behind (its alt text) but after that insert's block.
import * as vscode from 'vscode';
import type { InsertedBlock, Span, TextChange } from '../../core/insert/lastInserts';
import { MAX_REMEMBERED, blocksAfterChange, insertTargets, locateTabStops, spansAfterChange } from '../../core/insert/lastInserts';
import type { Piece } from '../../core/insert/pieces';
import { Disposable } from '../common/dispose';

export class LastInserts extends Disposable {
  private readonly blocks = new Map<string, InsertedBlock[]>();
  /** The document an insert is being made in, and the spans its snippet added so far. */
  private inserting: { readonly key: string; recording?: Span[] } | undefined;

  constructor() {
    super();
    this._register(vscode.workspace.onDidChangeTextDocument((e) => this.changed(e)));
    this._register(vscode.workspace.onDidCloseTextDocument((d) => this.blocks.delete(d.uri.toString())));
  }

  /** Where the next insert goes for each of `selections` (see insertTargets): the same selections when nothing was left there. */
  targets(document: vscode.TextDocument, selections: readonly vscode.Selection[]): vscode.Selection[] {
    const blocks = this.blocks.get(document.uri.toString());
    if (!blocks?.length) return [...selections];
    const spans = selections.map((s) => ({ start: document.offsetAt(s.start), end: document.offsetAt(s.end) }));
    return insertTargets(blocks, spans).map((t) => {
      const same = selections.find((s) => document.offsetAt(s.start) === t.start && document.offsetAt(s.end) === t.end);
      return same ?? new vscode.Selection(document.positionAt(t.start), document.positionAt(t.end));
    });
  }

  /**
   * An insert into `document` starts: its edits are the extension's own until `done`.
   * `snippetNext` is called right before the snippet goes in (after the padding), and
   * `done` after; with the editor and the pieces of a successful snippet (one layout per
   * place when the places were laid out apart), the blocks it added and their tab stops are
   * remembered.
   */
  begin(document: vscode.TextDocument): { snippetNext(): void; done(inserted?: { editor: vscode.TextEditor; pieces: readonly (readonly Piece[])[] }): void } {
    const key = document.uri.toString();
    const inserting: { key: string; recording?: Span[] } = { key };
    this.inserting = inserting;
    return {
      snippetNext: () => {
        // The editor reports an edit to the extension before the edit's promise settles.
        inserting.recording = [];
      },
      done: (inserted) => {
        if (this.inserting === inserting) this.inserting = undefined;
        if (inserted?.editor.document === document && inserting.recording?.length) this.add(inserted.editor, inserted.pieces, inserting.recording);
      },
    };
  }

  private add(editor: vscode.TextEditor, layouts: readonly (readonly Piece[])[], added: readonly Span[]): void {
    const document = editor.document;
    const left = editor.selections.map((s) => ({ start: document.offsetAt(s.start), end: document.offsetAt(s.end) }));
    const blocks = [...added]
      .filter((span) => span.end > span.start)
      .sort((a, b) => a.start - b.start)
      .map((span): InsertedBlock => {
        // The tab stops read back from the text; failing that, the selections left inside it (tab stop 1).
        const text = document.getText(new vscode.Range(document.positionAt(span.start), document.positionAt(span.end)));
        const found = layouts.map((pieces) => locateTabStops(text, pieces)).find((stops) => stops !== undefined);
        const stops = found?.map((s) => ({ start: span.start + s.start, end: span.start + s.end })) ?? left.filter((s) => span.start <= s.start && s.end <= span.end);
        return { span, stops };
      });
    const key = document.uri.toString();
    this.blocks.set(key, [...(this.blocks.get(key) ?? []), ...blocks].slice(-MAX_REMEMBERED));
  }

  private changed(event: vscode.TextDocumentChangeEvent): void {
    const key = event.document.uri.toString();
    const inserting = this.inserting?.key === key ? this.inserting : undefined;
    let blocks = this.blocks.get(key);
    if (!blocks && !inserting?.recording) return;
    const undoing = event.reason !== undefined;
    for (const change of event.contentChanges) {
      const c: TextChange = { offset: change.rangeOffset, removed: change.rangeLength, inserted: change.text.length, undoing, own: inserting !== undefined };
      if (blocks) blocks = blocksAfterChange(blocks, c);
      if (inserting?.recording) inserting.recording = spansAfterChange(inserting.recording, c);
    }
    if (blocks?.length) this.blocks.set(key, blocks);
    else this.blocks.delete(key);
  }
}
