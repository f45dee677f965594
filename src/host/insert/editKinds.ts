// The kinds of the paste and drop edits, written once: activation registers the providers
// with them (host/contributions.ts) and the providers' edits carry them (paste.ts, drop.ts).
import * as vscode from 'vscode';

/** What `editor.pasteAs.preferences` names to prefer or avoid the media with their credit. */
export const MEDIA_EDIT_KIND = 'stockMedia.media';

export function mediaEditKind(): vscode.DocumentDropOrPasteEditKind {
  return vscode.DocumentDropOrPasteEditKind.Empty.append(...MEDIA_EDIT_KIND.split('.'));
}

/** VS Code's own paste of the text as it is (its built-in provider's kind, `text.plain`). */
export function plainTextKind(): vscode.DocumentDropOrPasteEditKind {
  return vscode.DocumentDropOrPasteEditKind.Text.append('plain');
}
