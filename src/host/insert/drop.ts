// Dropping photos and videos from the Collections tree (or the grid) into any editor:
// the same insert as the command, in the document's format, with the credit.
import * as vscode from 'vscode';
import type { MediaItem } from '../../core/model';
import { isMediaItem } from '../../core/model';
import { MEDIA_DROP_MIMES, decodeMediaDrag } from '../../shared/dnd';
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
  constructor(private readonly inserter: MediaInserter) {}

  async provideDocumentDropEdits(
    document: vscode.TextDocument,
    position: vscode.Position,
    dataTransfer: vscode.DataTransfer,
    token: vscode.CancellationToken,
  ): Promise<vscode.DocumentDropEdit | undefined> {
    const media = await draggedMedia(dataTransfer);
    if (media.length === 0 || token.isCancellationRequested) return undefined;
    const snippet = await this.inserter.snippetForDrop(document, media, token, position);
    return snippet ? new vscode.DocumentDropEdit(snippet) : undefined;
  }
}
