// The rendered pieces of an insert as snippets: laid out for the line they go into (blank lines
// around a block, block.ts), for a drop or a paste as one snippet, for the editor at every cursor
// as one undo step.
import * as vscode from 'vscode';
import type { LineContext } from '../../core/insert/block';
import { blockPadding, layoutBlock, layoutSnippet } from '../../core/insert/block';
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
 * Makes room for a block insert at every place in `selections`: the padding each one needs
 * (blank lines, a line break and indentation) replaces its selection, and the cursor goes
 * between the padding's two halves, where the snippet then goes (`at`: the selections
 * themselves when no padding is needed). The same undo step as the snippet (no undo stop
 * after this edit). Undefined when the editor refused the edit.
 */
async function padSelections(
  editor: vscode.TextEditor,
  selections: readonly vscode.Selection[],
  family: FormatFamily,
  multiLine: boolean,
): Promise<{ edited: boolean; at: readonly vscode.Selection[] } | undefined> {
  const document = editor.document;
  const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  const ordered = [...selections]
    .map((selection) => {
      const padding = blockPadding(family, lineContext(document, selection), multiLine);
      return {
        selection,
        before: padding.before.replace(/\n/g, eol),
        after: padding.after.replace(/\n/g, eol),
        start: document.offsetAt(selection.start),
        end: document.offsetAt(selection.end),
      };
    })
    .sort((a, b) => a.start - b.start);
  if (ordered.every((o) => !o.before && !o.after)) return { edited: false, at: selections };
  const ok = await editor.edit(
    (builder) => {
      for (const o of ordered) builder.replace(o.selection, `${o.before}${o.after}`);
    },
    { undoStopBefore: true, undoStopAfter: false },
  );
  if (!ok) return undefined;
  let shift = 0;
  const cursors = ordered.map((o) => {
    const at = document.positionAt(o.start + shift + o.before.length);
    shift += o.before.length + o.after.length - (o.end - o.start);
    return new vscode.Selection(at, at);
  });
  editor.selections = cursors;
  return { edited: true, at: cursors };
}

/**
 * One cursor: the insert with its padding in it (block.ts), as one snippet, so one edit (one
 * undo step whatever the editor does between two edits) instead of the padding's and the
 * snippet's; `pieces`: the snippet laid out, for finding its tab stops in the document later.
 * Undefined for several cursors: the editor misplaces the tab stops of the second and later
 * copies of a snippet with line breaks before its tab stop in a CRLF document, so those
 * are padded first (padSelections).
 */
function wholeSnippet(
  document: vscode.TextDocument,
  selections: readonly vscode.Selection[],
  items: readonly (readonly Piece[])[],
  family: FormatFamily,
): { snippet: string; pieces: Piece[] } | undefined {
  const [selection] = selections;
  if (!selection || selections.length > 1) return undefined;
  const separator = SEPARATORS[family];
  const context = lineContext(document, selection);
  const lineIndent = indentBefore(context);
  const joined = items.flatMap((p, i) => (i === 0 ? p : [literal(separator), ...p]));
  return { snippet: layoutSnippet(items, separator, family, context, lineIndent), pieces: layoutBlock(joined, family, context, lineIndent) };
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
  const multiLine = items.length > 1 || items.some((p) => toPlainText(p).includes('\n'));
  const targets = lastInserts.targets(document, editor.selections);
  // Out of the alt text first: that ends the earlier insert's snippet mode, and the undo
  // step the editor closes then falls before this insert's edits, not between them.
  if (targets.length !== editor.selections.length || targets.some((t, i) => !t.isEqual(editor.selections[i] ?? t))) editor.selections = targets;
  const inserting = lastInserts.begin(document);
  const whole = wholeSnippet(document, targets, items, family);
  let padded: Awaited<ReturnType<typeof padSelections>>;
  let ok = false;
  const versionBefore = document.version;
  try {
    if (whole) {
      // One edit, so one undo step whatever the editor does between edits.
      inserting.snippetNext();
      ok = await editor.insertSnippet(new vscode.SnippetString(whole.snippet), targets, { undoStopBefore: true, undoStopAfter: true });
    } else {
      padded = await padSelections(editor, targets, family, multiLine);
      inserting.snippetNext();
      ok =
        padded !== undefined &&
        (await editor.insertSnippet(new vscode.SnippetString(tabStopSnippet(items, family)), padded.at, { undoStopBefore: !padded.edited, undoStopAfter: true }));
    }
    ok &&= document.version !== versionBefore;
  } finally {
    const pieces = whole?.pieces ?? items.flatMap((p, i) => (i === 0 ? p : [literal(SEPARATORS[family]), ...p]));
    inserting.done(ok ? { editor, pieces } : undefined);
  }
  if (!ok && padded?.edited) await vscode.commands.executeCommand('undo');
  return ok;
}
