// What the paste and drop edits share, written once: their kinds and titles (activation registers
// the providers with the kinds, insert/insertCommands.ts, and the providers' edits carry both,
// paste.ts and drop.ts), and the code, tags and links where they offer nothing.
import * as vscode from 'vscode';
import { codeContextOfRanges } from '../../core/insert/codeContext';
import type { CodeContext } from '../../core/insert/codeRegion';
import { formatFamily } from '../../core/insert/languages';
import type { MediaKind } from '../../core/model';

/** What `editor.pasteAs.preferences` names to prefer or avoid the media with their credit. */
export const MEDIA_EDIT_KIND = 'stockMedia.media';

export function mediaEditKind(): vscode.DocumentDropOrPasteEditKind {
  return vscode.DocumentDropOrPasteEditKind.Empty.append(...MEDIA_EDIT_KIND.split('.'));
}

/** VS Code's own paste of the text as it is (its built-in provider's kind, `text.plain`). */
export function plainTextKind(): vscode.DocumentDropOrPasteEditKind {
  return vscode.DocumentDropOrPasteEditKind.Text.append('plain');
}

/** The edit's title in the paste menu and the drop's: what goes in, with the service's name. */
export function mediaEditTitle(kinds: readonly MediaKind[], serviceName: string): string {
  if (kinds.length > 1) return vscode.l10n.t('Insert {0} Items with Credit ({1})', kinds.length, serviceName);
  return kinds[0] === 'video'
    ? vscode.l10n.t('Insert Video with Credit ({0})', serviceName)
    : vscode.l10n.t('Insert Photo with Credit ({0})', serviceName);
}

/** Whether a paste or a drop lands in code, a tag or a link of the document (core/insert/codeContext.ts), where a link of the service's media stays text. */
export function codeContextIn(document: vscode.TextDocument, ranges: readonly vscode.Range[]): CodeContext | undefined {
  const family = formatFamily(document.languageId);
  if (family !== 'markdown' && family !== 'html') return undefined;
  const offsets = ranges.map((r) => ({ start: document.offsetAt(r.start), end: document.offsetAt(r.end) }));
  return codeContextOfRanges(document.getText(), offsets, family);
}
