// The rendered pieces of an insert as snippets: laid out for the line they go into (blank lines
// around a block, block.ts), for a drop or a paste as one snippet, for the editor at every cursor
// as one undo step.
import * as vscode from 'vscode';
import type { LineContext } from '../../core/insert/block';
import { layoutBlock, layoutSnippet } from '../../core/insert/block';
import type { FormatFamily } from '../../core/insert/languages';
import type { Piece } from '../../core/insert/pieces';
import { text as literal, toPlainText, toSnippet } from '../../core/insert/pieces';
import type { LastInserts } from './lastInserts';

/** What goes between the items of one insert, by format. */
export const SEPARATORS: Record<FormatFamily, string> = { markdown: '\n\n', html: '\n\n', jsx: '\n\n', css: ', ', plain: '\n' };

/** The items of an insert as plain text, as they read in the document. */
export function plainText(items: readonly (readonly Piece[])[], family: FormatFamily): string {
  return items.map((p) => toPlainText(p)).join(SEPARATORS[family]);
}

/** Several items: each gets its own tab stop, in order. */
function tabStopSnippet(items: readonly (readonly Piece[])[], family: FormatFamily): string {
  return items.map((p, i) => toSnippet(p, i + 1)).join(SEPARATORS[family]);
}

/** How far to look for a line with text above or below an empty line. */
const TEXT_LINE_REACH = 200;

function textLine(document: vscode.TextDocument, from: number, step: 1 | -1): string | undefined {
  for (let line = from, seen = 0; line >= 0 && line < document.lineCount && seen < TEXT_LINE_REACH; line += step, seen++) {
    const { text, isEmptyOrWhitespace } = document.lineAt(line);
    if (!isEmptyOrWhitespace) return text;
  }
  return undefined;
}

/** One level of indentation as the editor showing `document` indents (its tab size, or a tab). */
function indentUnit(document: vscode.TextDocument): string | undefined {
  const options = vscode.window.visibleTextEditors.find((e) => e.document === document)?.options;
  if (!options) return undefined;
  const size = typeof options.indentSize === 'number' ? options.indentSize : typeof options.tabSize === 'number' ? options.tabSize : 4;
  return options.insertSpaces === false ? '\t' : ' '.repeat(size);
}

/** The text around a selection, for the block layout (block.ts). */
function lineContext(document: vscode.TextDocument, range: vscode.Range): LineContext {
  return {
    lineBefore: document.lineAt(range.start.line).text.slice(0, range.start.character),
    lineAfter: document.lineAt(range.end.line).text.slice(range.end.character),
    previousLine: range.start.line > 0 ? document.lineAt(range.start.line - 1).text : undefined,
    nextLine: range.end.line < document.lineCount - 1 ? document.lineAt(range.end.line + 1).text : undefined,
    textAbove: textLine(document, range.start.line - 1, -1),
    textBelow: textLine(document, range.end.line + 1, 1),
    indentUnit: indentUnit(document),
  };
}

/** The editor puts the line's whitespace up to the cursor in front of each further line itself. */
function indentBefore(context: LineContext): string {
  return /^[ \t]*/.exec(context.lineBefore)?.[0] ?? '';
}

/**
 * The snippet for a drop or a paste: at one `position`, laid out for its line with the padding
 * in it; without one (several places), the items as they are.
 */
export function dropSnippet(document: vscode.TextDocument, items: readonly (readonly Piece[])[], family: FormatFamily, position?: vscode.Position): vscode.SnippetString {
  if (!position) return new vscode.SnippetString(tabStopSnippet(items, family));
  const context = lineContext(document, new vscode.Range(position, position));
  return new vscode.SnippetString(layoutSnippet(items, SEPARATORS[family], family, context, indentBefore(context)));
}

/**
 * Each place's insert with its padding in it (block.ts), as one snippet per place, laid out for
 * its own line; `pieces`: that snippet laid out, for finding its tab stops in the document later.
 */
function placeSnippets(
  document: vscode.TextDocument,
  selections: readonly vscode.Selection[],
  items: readonly (readonly Piece[])[],
  family: FormatFamily,
): { range: vscode.Range; snippet: string; pieces: Piece[] }[] {
  const separator = SEPARATORS[family];
  const joined = items.flatMap((p, i) => (i === 0 ? p : [literal(separator), ...p]));
  return selections.map((selection) => {
    const context = lineContext(document, selection);
    const lineIndent = indentBefore(context);
    return { range: selection, snippet: layoutSnippet(items, separator, family, context, lineIndent), pieces: layoutBlock(joined, family, context, lineIndent) };
  });
}

/**
 * Inserts the items at every one of the editor's selections, one undo step; never into a
 * selection an earlier insert left (its alt text, selected or typed over): after that insert's
 * block. False when the editor did not take it (a read-only editor can answer true and change
 * nothing: the version tells); then no padding is left behind.
 */
export async function insertItems(
  editor: vscode.TextEditor,
  items: readonly (readonly Piece[])[],
  family: FormatFamily,
  lastInserts: LastInserts,
): Promise<boolean> {
  const document = editor.document;
  const targets = lastInserts.targets(document, editor.selections);
  // Out of the alt text first: that ends the earlier insert's snippet mode, and the undo
  // step the editor closes then falls before this insert's edits, not between them.
  if (targets.length !== editor.selections.length || targets.some((t, i) => !t.isEqual(editor.selections[i] ?? t))) editor.selections = targets;
  const inserting = lastInserts.begin(document);
  const places = placeSnippets(document, targets, items, family);
  let ok = false;
  const versionBefore = document.version;
  try {
    inserting.snippetNext();
    if (places.length === 1) {
      ok = await editor.insertSnippet(new vscode.SnippetString(places[0]?.snippet), targets, { undoStopBefore: true, undoStopAfter: true });
    } else {
      // Several places, each laid out for its own line: one edit of several snippets, so one
      // undo step whatever the editor does between two edits.
      // Line ends as the document has them: with a bare \n in a CRLF document, the editor
      // misplaces the tab stops of every snippet after the first by a character per line end.
      const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
      const edit = new vscode.WorkspaceEdit();
      edit.set(
        document.uri,
        places.map((p) => new vscode.SnippetTextEdit(p.range, new vscode.SnippetString(p.snippet.replace(/\r?\n/g, eol)))),
      );
      ok = await vscode.workspace.applyEdit(edit);
    }
    ok &&= document.version !== versionBefore;
  } finally {
    inserting.done(ok ? { editor, pieces: places.map((p) => p.pieces) } : undefined);
  }
  return ok;
}
