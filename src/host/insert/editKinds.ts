// The kinds and titles of the paste and drop edits, written once: activation registers the
// providers with the kinds (insert/insertCommands.ts) and the providers' edits carry both
// (paste.ts, drop.ts). Nothing else here: activation evaluates this file (the document parsers
// of documentCodeContext.ts wait for the first paste or drop).
import * as vscode from 'vscode';
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
