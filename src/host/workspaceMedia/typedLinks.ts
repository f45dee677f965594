// The links being typed in the documents In This Workspace reads (model.ts). A link with a
// cursor in it or at its end, in a document with unsaved changes, may still be being typed
// (`…/photos/12` on its way to `…/photos/1234567`): its media is listed, by its reference, but
// not asked of the service until the cursor has left it, as the credit check does
// (credits/check.ts). A saved file's links are asked for as they are.
import type * as vscode from 'vscode';
import type { MediaRefMatch } from '../../core/mediaRefs';
import { mediaRefKey } from '../../core/mediaRefs';
import { cursorOffsets, underCursor } from '../credits/check';

interface Typed {
  /** The document's version when it was read: the links' offsets hold for it only. */
  readonly version: number;
  readonly links: readonly { readonly start: number; readonly end: number; readonly key: string }[];
}

export class TypedLinks {
  private readonly byDocument = new Map<string, Typed>();

  /** Notes which of the document's links (`refs`, of its text as read now) have a cursor on them. */
  note(document: vscode.TextDocument, refs: readonly MediaRefMatch[]): void {
    const key = document.uri.toString();
    const cursors = document.isDirty ? cursorOffsets(document) : [];
    const links = refs.filter((ref) => underCursor(ref, cursors)).map((ref) => ({ start: ref.start, end: ref.end, key: mediaRefKey(ref) }));
    if (links.length > 0) this.byDocument.set(key, { version: document.version, links });
    else this.byDocument.delete(key);
  }

  /** The file is read from disk, or no longer read: none of its links is being typed. */
  forget(key: string): void {
    this.byDocument.delete(key);
  }

  /** How many links being typed use each media, by media key. */
  held(): Map<string, number> {
    const held = new Map<string, number>();
    for (const typed of this.byDocument.values()) for (const link of typed.links) held.set(link.key, (held.get(link.key) ?? 0) + 1);
    return held;
  }

  /**
   * A cursor moved in the document: true when every cursor has left its links being typed (their
   * media may be asked for now). After an edit its text is read again (after the pause), which
   * notes its links anew.
   */
  moved(document: vscode.TextDocument): boolean {
    const key = document.uri.toString();
    const typed = this.byDocument.get(key);
    if (!typed || typed.version !== document.version) return false;
    const cursors = cursorOffsets(document);
    if (typed.links.some((link) => underCursor(link, cursors))) return false;
    this.byDocument.delete(key);
    return true;
  }
}
