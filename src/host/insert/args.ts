// The one argument the insert, copy and open commands take: anything with `media` (a tree
// node, the grid's `{ media, targetUri }`), plus optional fields for automation. A tree
// with several nodes selected passes the selection as the second argument.
import type { MediaItem, PhotoVariant } from '../../core/model';
import { isMediaItem } from '../../core/model';
import { isPhotoVariant } from '../../core/insert/variants';
import type { InsertMode } from './settings';
import { isInsertMode } from './settings';

export interface InsertArgs {
  readonly media: MediaItem;
  /** String URI of the document to insert into (the grid sends the one active before it opened). */
  readonly targetUri?: string;
  readonly variant?: PhotoVariant;
  /** Id of a video file to use instead of the quality setting. */
  readonly videoFileId?: number;
  /** Format as if the document had this language (also `format`). */
  readonly languageId?: string;
  readonly mode?: InsertMode;
}

function field(value: object, name: string): unknown {
  return (value as Record<string, unknown>)[name];
}

export function parseInsertArgs(value: unknown): InsertArgs | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const media = field(value, 'media');
  if (!isMediaItem(media)) return undefined;
  const targetUri = field(value, 'targetUri');
  const variant = field(value, 'variant');
  const videoFileId = field(value, 'videoFileId');
  const languageId = field(value, 'languageId') ?? field(value, 'format');
  const mode = field(value, 'mode');
  return {
    media,
    targetUri: typeof targetUri === 'string' && targetUri !== '' ? targetUri : undefined,
    variant: isPhotoVariant(variant) ? variant : undefined,
    videoFileId: typeof videoFileId === 'number' && Number.isSafeInteger(videoFileId) ? videoFileId : undefined,
    languageId: typeof languageId === 'string' && /^[\w.+-]{1,64}$/.test(languageId) ? languageId : undefined,
    mode: isInsertMode(mode) ? mode : undefined,
  };
}

/** The media of a multi-selection (second command argument), when it holds more than the first. */
export function parseSelection(first: InsertArgs, selection: unknown): InsertArgs[] {
  if (!Array.isArray(selection) || selection.length < 2) return [first];
  const all = selection.map(parseInsertArgs).filter((a): a is InsertArgs => a !== undefined);
  return all.length > 1 ? all.map((a) => ({ ...first, ...a, media: a.media })) : [first];
}
