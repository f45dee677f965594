// Dropping photos and videos from the Collections tree (or the grid) into any editor:
// the same insert as the command, in the document's format, with the credit; one edit with
// a title and the kind the provider is registered with (insert/insertCommands.ts). Dropped into
// code, a tag or a link (core/insert/codeContext.ts), it offers nothing: code stays code.
//
// The insert is made here, not in `resolveDocumentDropEdit`: VS Code's drop applies the edit
// as provided and never resolves it (its drop controller passes each edit through as it is),
// so with `stockMedia.insert.mode: download` the file is saved when the media are dropped.
// Only this extension's own drags carry these MIME types, so no other edit competes with it.
import * as vscode from 'vscode';
import type { MediaItem } from '../../core/model';
import { isMediaItem } from '../../core/model';
import { MEDIA_DROP_MIMES, decodeMediaDrag } from '../../shared/dnd';
import { readConfig } from '../common/config';
import { codeContextIn } from './documentCodeContext';
import { mediaEditKind, mediaEditTitle } from './editKinds';
import type { MediaInserter } from './inserter';

/** The media on a drag, from the first of our MIME types that holds any. */
export async function draggedMedia(dataTransfer: vscode.DataTransfer): Promise<MediaItem[]> {
  for (const mime of MEDIA_DROP_MIMES) {
    const item = dataTransfer.get(mime);
    if (!item) continue;
    const text = await Promise.resolve(item.asString()).catch(() => '');
    const media = decodeMediaDrag(text).filter(isMediaItem);
    if (media.length > 0) return media;
  }
  return [];
}

export class MediaDropProvider implements vscode.DocumentDropEditProvider {
  constructor(
    private readonly inserter: MediaInserter,
    /** The configured service's name, for the edit's title (read from the settings when not given). */
    private readonly serviceName: () => string = () => readConfig().serviceName,
  ) {}

  async provideDocumentDropEdits(
    document: vscode.TextDocument,
    position: vscode.Position,
    dataTransfer: vscode.DataTransfer,
    token: vscode.CancellationToken,
  ): Promise<vscode.DocumentDropEdit | undefined> {
    const media = await draggedMedia(dataTransfer);
    if (media.length === 0 || token.isCancellationRequested) return undefined;
    if (codeContextIn(document, [new vscode.Range(position, position)])) return undefined;
    const snippet = await this.inserter.snippetForDrop(document, media, token, position);
    if (!snippet || token.isCancellationRequested) return undefined;
    return new vscode.DocumentDropEdit(snippet, mediaEditTitle(media.map((m) => m.kind), this.serviceName()), mediaEditKind());
  }
}
