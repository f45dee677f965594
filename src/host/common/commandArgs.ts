// Every contributed command's argument is read here and nowhere else. A command may be run
// from a menu (a grid tile's context, a tree node and the tree's multi-selection), from a
// hover's link (`{ ref }`, Insert credit line's `{ uri, kind, id, offset }`), or by a
// keybinding or another extension with anything at all. Only an argument's plain data is read
// (core/schema.ts plainData): nothing inherited, no getter, no function; what is not one of
// the shapes below is no argument (undefined, never an exception, never media). Free of
// 'vscode' at run time, so the plain-Node unit tests read it.
import type { CollectionFilter } from '../../core/collectionsText';
import { isCollectionFilter } from '../../core/collectionsText';
import { MediaError } from '../../core/errors';
import { l10n } from '../../core/l10n';
import type { MediaItem, MediaKind, PhotoVariant } from '../../core/model';
import { MEDIA_KINDS, PHOTO_VARIANTS, mediaItemArgument } from '../../core/model';
import type { InsertMode } from '../../core/insert/plan';
import { INSERT_MODES } from '../../core/insert/plan';
import { integer, lenient, matches, object, picklist, plainData, refine, string } from '../../core/schema';
import type { Schema } from '../../core/schema';
import { GRID_VIEW_TYPE } from './commandIds';

// ---- media: insert, insert as…, save and insert, copy URL, copy credit, open on the service ----

/** One media item to insert, copy or open, with the options a caller may set. */
export interface InsertArgs {
  readonly media: MediaItem;
  /** String URI of the document to insert into (a grid tile's: the editor active before the grid). */
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

/** `{ media, … }` (a tree node, a grid message, automation), or undefined when it holds no media. */
export function parseInsertArgs(value: unknown): InsertArgs | undefined {
  const data = plainData(value);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const raw = data as Record<string, unknown>;
  // `format` is another name for `languageId`, read only when that is absent.
  const a = parsed(insertArgs, { ...raw, languageId: raw['languageId'] ?? raw['format'] }, (v) => v);
  // Exactly these fields, each present even when undefined, so one selection's values
  // replace another's (see parseSelection).
  return a && { media: a.media, targetUri: a.targetUri, variant: a.variant, videoFileId: a.videoFileId, languageId: a.languageId, mode: a.mode };
}

/** The media of a multi-selection (second command argument), when it holds more than the first. */
export function parseSelection(first: InsertArgs, selection: unknown): InsertArgs[] {
  const list = plainData(selection);
  if (!Array.isArray(list) || list.length < 2) return [first];
  const all = list.map(parseInsertArgs).filter((a): a is InsertArgs => a !== undefined);
  return all.length > 1 ? all.map((a) => ({ ...first, ...a, media: a.media })) : [first];
}

/** The section a grid tile's context names (package.json `when`: `webviewSection == tile`). */
export const TILE_SECTION = 'tile';
const TILE_KEY = /^(?:photo|video):\d{1,16}$/;

/**
 * The tile's key (`photo:<id>`), when `arg` is the context VS Code passes to a grid tile's menu
 * (its `data-vscode-context`). Only the key is taken: the media is the one the grid shows under
 * it, as when the tile's own buttons are used; nothing the webview wrote is taken for media.
 */
export function tileKeyOf(arg: unknown): string | undefined {
  const data = plainData(arg, 0);
  if (typeof data !== 'object' || data === null) return undefined;
  const context = data as Record<string, unknown>;
  if (context.webview !== GRID_VIEW_TYPE || context.webviewSection !== TILE_SECTION) return undefined;
  return typeof context.key === 'string' && TILE_KEY.test(context.key) ? context.key : undefined;
}

const refLink = object({ ref: object({ kind: picklist(MEDIA_KINDS), id: integer(1) }) });

/** The media a hover link names (`{ ref: { kind, id } }`), or undefined. */
export function mediaRefArg(arg: unknown): { kind: MediaKind; id: number } | undefined {
  return parsed(refLink, plainData(arg, 2), ({ ref }) => ({ kind: ref.kind, id: ref.id }));
}

/** What the media commands' argument is looked up in. */
export interface MediaSources {
  /** The media the open grid shows under a tile's key. */
  gridMedia(key: string): MediaItem | undefined;
  /** The media of the open grid's focused tile: what a command run from the palette (no argument) acts on. */
  activeGridMedia(): MediaItem | undefined;
  /** Where an insert from a tile's menu goes: the editor that was active before the grid. */
  lastEditorUri(): string | undefined;
  /** A hover link's media (the look-ups' cache first). */
  lookup(kind: MediaKind, id: number): Promise<{ ok: true; media: MediaItem } | { ok: false; error: unknown }>;
}

/** The media a command acts on, or why there are none: none given (`error` undefined) or the look-up failed. */
export type MediaArgs = { ok: true; items: InsertArgs[] } | { ok: false; error?: unknown };

/**
 * The media commands' one reader: a tile's context (the grid's item, with the editor to insert
 * into when `toEditor`), a hover's `{ ref }` (looked up), `{ media, … }` (a tree node, the grid,
 * automation) with the tree's selection as `selection`, and no argument at all (the palette):
 * the open grid's focused tile.
 */
export async function resolveMedia(arg: unknown, selection: unknown, sources: MediaSources, toEditor: boolean): Promise<MediaArgs> {
  const key = tileKeyOf(arg);
  if (key !== undefined || arg === undefined) {
    // A tile's menu, or the palette or a keybinding (the grid's focused tile): into the editor active before the grid.
    const media = key !== undefined ? sources.gridMedia(key) : sources.activeGridMedia();
    const targetUri = toEditor ? sources.lastEditorUri() : undefined;
    const first = media && parseInsertArgs(targetUri ? { media, targetUri } : { media });
    return first ? { ok: true, items: [first] } : { ok: false };
  }
  const ref = mediaRefArg(arg);
  if (ref) {
    const found = await sources.lookup(ref.kind, ref.id);
    if (!found.ok) return { ok: false, error: found.error };
    const first = parseInsertArgs({ media: found.media });
    return first ? { ok: true, items: [first] } : { ok: false };
  }
  const first = parseInsertArgs(arg);
  return first ? { ok: true, items: parseSelection(first, selection) } : { ok: false };
}

// ---- the other commands ---------------------------------------------------------------------

const creditLine = object({ uri: string(8_000), kind: picklist(MEDIA_KINDS), id: integer(1), offset: integer(0) });

/** Insert credit line's argument: the document (its URI as text), the media and where its reference starts. */
export function creditLineArg(arg: unknown): { uri: string; kind: MediaKind; id: number; offset: number } | undefined {
  return parsed(creditLine, plainData(arg, 2), (a) => ({ uri: a.uri, kind: a.kind, id: a.id, offset: a.offset }));
}

/** Set API Key's argument: the key as text, or `{ key }`; else undefined (the command asks). */
export function keyArg(arg: unknown): string | undefined {
  const data = plainData(arg, 1);
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && data !== null && typeof (data as { key?: unknown }).key === 'string') return (data as { key: string }).key;
  return undefined;
}

/**
 * A search's argument object (Search Photos/Videos, Browse Popular Videos), checked by
 * core/search.ts parseSearch; `hasQuery` when it names a query (else the command asks for one).
 */
export function searchArg(arg: unknown): { fields: Record<string, unknown>; hasQuery: boolean } {
  const data = plainData(arg);
  const fields = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  return { fields, hasQuery: Object.hasOwn(fields, 'query') };
}

/** Open Photo or Video's argument: a link or an id as text, `{ url }`, or `{ kind?, id }`; else undefined (the command asks). */
export function openMediaArg(arg: unknown): string | undefined {
  const data = plainData(arg);
  if (typeof data === 'string' || typeof data === 'number') return String(data);
  if (typeof data !== 'object' || data === null) return undefined;
  const a = data as Record<string, unknown>;
  if (typeof a.url === 'string') return a.url;
  if (typeof a.id === 'string' || typeof a.id === 'number') {
    const kind = a.kind === 'photo' || a.kind === 'video' ? `${a.kind} ` : '';
    return `${kind}${String(a.id)}`;
  }
  return undefined;
}

/** A tree node of the given type, only when the tree handed it out (another extension's look-alike is no argument). */
export function ownNode<N extends { readonly type: string }, T extends N['type']>(
  value: unknown,
  owns: (value: unknown) => value is N,
  type: T,
): Extract<N, { type: T }> | undefined {
  return owns(value) && value.type === type ? (value as Extract<N, { type: T }>) : undefined;
}

/** Filter Collection's second argument: a filter to set (tests, keybindings); else undefined (the command asks). */
export function collectionFilterArg(value: unknown): CollectionFilter | undefined {
  return isCollectionFilter(value) ? value : undefined;
}

function parsed<T, R>(schema: Schema<T>, value: unknown, pick: (value: T) => R): R | undefined {
  try {
    return pick(schema(value));
  } catch (error) {
    if (error instanceof MediaError) return undefined;
    throw error;
  }
}
