// Dragging photos and videos into an editor. The Collections tree and the grid put the
// dragged media on the drag's data under one of these MIME types, as JSON made by
// encodeMediaDrag; the insert feature's drop provider reads them back.
//
// The tree: VS Code names a tree's own drag data `application/vnd.code.tree.<view id in
// lower case>`; the tree's TreeDragAndDropController lists MEDIA_MIME in `dragMimeTypes`
// and in `handleDrag` sets it to `new DataTransferItem(encodeMediaDrag(items))`.
// The grid (a webview): `event.dataTransfer.setData(GRID_MEDIA_MIME, encodeMediaDrag([item]))`
// plus `text/uri-list` with the image's address for editors that know nothing of us.
import type { MediaItem } from '../core/model';

export const MEDIA_MIME = 'application/vnd.code.tree.stockmedia.collections';
export const GRID_MEDIA_MIME = 'application/vnd.stockmedia.media+json';

/** Every MIME type the drop provider reads media from, most specific first. */
export const MEDIA_DROP_MIMES: readonly string[] = [MEDIA_MIME, GRID_MEDIA_MIME];

interface MediaDragPayload {
  readonly stockMedia: 1;
  readonly media: readonly MediaItem[];
}

export function encodeMediaDrag(media: readonly MediaItem[]): string {
  const payload: MediaDragPayload = { stockMedia: 1, media };
  return JSON.stringify(payload);
}

/**
 * The dragged values, not yet checked (the reader checks each with isMediaItem). Accepts
 * the payload, a bare array, or one item or `{ media }` object, so a tree that put its
 * nodes on the drag as they are is understood too.
 */
export function decodeMediaDrag(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null && 'media' in value ? (value as { media: unknown }).media : [value];
  const items = Array.isArray(list) ? list : [list];
  // Nodes shaped `{ media: MediaItem }` (tree nodes) are unwrapped.
  return items.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || !('media' in item)) return item;
    const kind = (item as { kind?: unknown }).kind;
    return kind === 'photo' || kind === 'video' ? item : (item as { media: unknown }).media;
  });
}
