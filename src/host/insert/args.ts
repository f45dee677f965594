// The one argument the insert, copy and open commands take: anything with `media` (a tree
// node, the grid's `{ media, targetUri }`), plus optional fields for automation. A tree
// with several nodes selected passes the selection as the second argument. Another extension
// can pass anything: only its plain data is read (schema.ts plainData), so nothing inherited,
// no getter, counts as media.
import { MediaError } from '../../core/errors';
import { l10n } from '../../core/l10n';
import type { MediaItem, PhotoVariant } from '../../core/model';
import { PHOTO_VARIANTS, mediaItemArgument } from '../../core/model';
import type { InsertMode } from '../../core/insert/plan';
import { INSERT_MODES } from '../../core/insert/plan';
import { integer, lenient, matches, object, picklist, plainData, refine, string } from '../../core/schema';

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
  /** Alt text the user typed in Insert as… (never read from a command's argument). */
  readonly alt?: string;
}

const insertArgs = object({
  media: mediaItemArgument,
  targetUri: lenient(refine(string(), (uri) => uri !== '', () => l10n.t('text'))),
  variant: lenient(picklist(PHOTO_VARIANTS)),
  videoFileId: lenient(integer()),
  languageId: lenient(matches(/^[\w.+-]{1,64}$/)),
  mode: lenient(picklist(INSERT_MODES)),
});

/** The insert arguments in `value`, or undefined when it holds no media to insert. */
export function parseInsertArgs(value: unknown): InsertArgs | undefined {
  const data = plainData(value);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const raw = data as Record<string, unknown>;
  try {
    // `format` is another name for `languageId`, read only when that is absent.
    const a = insertArgs({ ...raw, languageId: raw['languageId'] ?? raw['format'] });
    // Exactly these fields, each present even when undefined, so one selection's values
    // replace another's (see parseSelection).
    return { media: a.media, targetUri: a.targetUri, variant: a.variant, videoFileId: a.videoFileId, languageId: a.languageId, mode: a.mode };
  } catch (error) {
    if (error instanceof MediaError) return undefined;
    throw error;
  }
}

/** The media of a multi-selection (second command argument), when it holds more than the first. */
export function parseSelection(first: InsertArgs, selection: unknown): InsertArgs[] {
  const list = plainData(selection);
  if (!Array.isArray(list) || list.length < 2) return [first];
  const all = list.map(parseInsertArgs).filter((a): a is InsertArgs => a !== undefined);
  return all.length > 1 ? all.map((a) => ({ ...first, ...a, media: a.media })) : [first];
}
