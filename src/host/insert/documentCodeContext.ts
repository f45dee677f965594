// Whether a paste or a drop lands in code, a tag or a link of the document
// (core/insert/codeContext.ts), where a link of the service's media stays text.
import type * as vscode from 'vscode';
import { codeContextOfRanges } from '../../core/insert/codeContext';
import type { CodeContext } from '../../core/insert/codeRegion';
import { formatFamily } from '../../core/insert/languages';

export function codeContextIn(document: vscode.TextDocument, ranges: readonly vscode.Range[]): CodeContext | undefined {
  const family = formatFamily(document.languageId);
  if (family !== 'markdown' && family !== 'html') return undefined;
  const offsets = ranges.map((r) => ({ start: document.offsetAt(r.start), end: document.offsetAt(r.end) }));
  return codeContextOfRanges(document.getText(), offsets, family);
}
