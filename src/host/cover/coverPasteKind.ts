// The kind of the cover's paste edit, in a module of its own: activation registers the paste
// provider with it (host/container.ts hands it to insert/insertCommands.ts) before any of the
// cover's code is evaluated.
import type * as vscode from 'vscode';
import { mediaEditKind } from '../insert/editKinds';

/** The paste that sets the link's photo as the page's cover (`stockMedia.media.cover`), offered after the insert. */
export function coverEditKind(): vscode.DocumentDropOrPasteEditKind {
  return mediaEditKind().append('cover');
}
