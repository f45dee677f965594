// For the Collections tree: a drag-and-drop controller that puts the dragged media on the
// drag under MEDIA_MIME, which the drop provider (drop.ts) reads in any editor. Pass it
// as `dragAndDropController` to `createTreeView`, with a function giving a node's media.
import * as vscode from 'vscode';
import type { MediaItem } from '../../core/model';
import { MEDIA_MIME, encodeMediaDrag } from '../../shared/dnd';

export function mediaDragController<T>(mediaOf: (node: T) => MediaItem | undefined): vscode.TreeDragAndDropController<T> {
  return {
    dragMimeTypes: [MEDIA_MIME],
    dropMimeTypes: [],
    handleDrag(source: readonly T[], dataTransfer: vscode.DataTransfer): void {
      const media = source.map(mediaOf).filter((m): m is MediaItem => m !== undefined);
      // Only the media themselves: tree nodes link to their parents and do not serialise.
      if (media.length > 0) dataTransfer.set(MEDIA_MIME, new vscode.DataTransferItem(encodeMediaDrag(media)));
    },
  };
}
