// The messages between the grid webview and the extension host. Every message has a
// `type`; answers about a search carry its `generation`, so a late answer to an older search
// is ignored. Both sides check each arriving message with the schemas below and switch over
// `type` exhaustively.
//
// The webview never sees the API key and never calls the API: it asks the host to search,
// and the host answers with view models (GridItem) holding only what a tile needs.
import { l10n } from '../core/l10n';
import { STARRED_MAX } from '../core/mediaLists';
import type { Infer } from '../core/schema';
import { array, boolean, integer, is, literal, matches, nullable, number, object, optional, picklist, refine, string, variant } from '../core/schema';
import { searchSpec } from '../core/search';
import type { SearchSpec } from '../core/search';
import { gridForm } from '../core/searchForm';
import { gridFailure, gridItem, moreStatus, sessionStatus } from '../core/tiles';
import type { GridFailure, GridItem, MoreStatus, SessionStatus } from '../core/tiles';
import type { GridStrings } from './strings';

/** The id of the JSON block in the grid's HTML that carries strings and the initial state. */
export const GRID_BOOT_ELEMENT_ID = 'stock-media-boot';

/** What that block holds: the webview's texts, the state it starts from and the display language. */
export interface GridBoot {
  strings: GridStrings;
  initialState: GridViewState;
  lang: string;
}

// ---- the limits ---------------------------------------------------------------------------

const MAX_TEXT = 2_000;
const MAX_ITEMS_PER_MESSAGE = 10_000;

const text = string(MAX_TEXT);
const count = integer(0);
const key = matches(/^(photo|video):\d{1,16}$/);
const searchKind = picklist(['photos', 'videos']);
const gridItems = array(gridItem, MAX_ITEMS_PER_MESSAGE);

/** Where the search shown stands: the host's session holds it, the webview draws from it. */
export interface SearchProgress {
  spec: SearchSpec | null;
  status: SessionStatus;
  /** Null when the service said no total (then none is shown). */
  totalResults: number | null;
  /** Results of the loaded pages that could not be read and are not shown. */
  skipped: number;
  hasMore: boolean;
  more: MoreStatus;
  failure: GridFailure | null;
  moreFailure: GridFailure | null;
}

// ---- what is shown ------------------------------------------------------------------------

/** What the webview persists with setState, and what a restored panel starts from. */
const gridViewState = object({
  v: literal(1),
  form: gridForm,
  spec: nullable(searchSpec),
  scrollTop: number(0),
  focusKey: nullable(key),
});
export type GridViewState = Infer<typeof gridViewState>;

/** The actions of a tile's More Actions menu (its … button): those its toolbar does not show (then Star or Unstar). */
export const MORE_TILE_ACTIONS = ['insertAs', 'saveAndInsert', 'setCoverImage', 'setCoverImageAs'] as const;
export type MoreTileAction = (typeof MORE_TILE_ACTIONS)[number];

export const TILE_ACTIONS = ['insert', 'copyUrl', 'copyCredit', 'openOnService', 'openPhotographer', 'star', 'unstar', ...MORE_TILE_ACTIONS] as const;
export type TileAction = (typeof TILE_ACTIONS)[number];

export const HOST_COMMANDS = ['setApiKey', 'getApiKey', 'openSettings', 'showQuota', 'checkKey'] as const;
export type HostCommand = (typeof HOST_COMMANDS)[number];

// ---- host → webview -----------------------------------------------------------------------

const toWebview = variant('type', {
  /** Replaces everything shown: a new search, or the current one again after a reload. */
  session: object({
    generation: count,
    spec: nullable(searchSpec),
    status: sessionStatus,
    items: gridItems,
    /** Null when the service said no total: none is shown. */
    totalResults: nullable(count),
    /** Results of the loaded pages the service sent unreadable (left out, not shown). */
    skipped: count,
    hasMore: boolean,
    more: moreStatus,
    failure: nullable(gridFailure),
    /** True when the host started it (a command): the toolbar takes the spec's values. */
    syncForm: boolean,
    /**
     * The tiles shown stay as they are (`items` is empty): an earlier search's, kept while this
     * one loads or because the service could not be reached for it.
     */
    keepItems: optional(literal(true)),
  }),
  /** The next page of the current search. */
  page: object({
    generation: count,
    items: gridItems,
    totalResults: nullable(count),
    /** As in the session message: for every page so far. */
    skipped: count,
    hasMore: boolean,
  }),
  /** Loading the next page started or failed. */
  more: object({ generation: count, status: moreStatus, failure: nullable(gridFailure) }),
  /** A tile action finished; on failure the webview shows `message`. */
  actionDone: object({ ok: boolean, message: nullable(text) }),
  /** Moves keyboard focus to the results (after a command opened the grid). */
  focus: object({}),
  /** The keys of the user's starred media: a tile's … menu offers Star or Unstar by them. */
  starred: object({ keys: array(key, STARRED_MAX) }),
  /**
   * The agent waits for the person to choose (stockMedia_pickMedia): `prompt` (the model's words,
   * shown as text above the grid) and a Choose action on each tile; null: the grid is a normal one again.
   */
  choose: object({ prompt: nullable(text) }),
});
export type ToWebview = Infer<typeof toWebview>;
export type SessionMessage = Extract<ToWebview, { type: 'session' }>;

// ---- webview → host -----------------------------------------------------------------------

const fromWebview = variant('type', {
  ready: object({ state: nullable(gridViewState) }),
  search: object({ spec: searchSpec }),
  /** The user pressed Enter on a query: it goes into the recent searches the palette offers. */
  remember: object({ kind: searchKind, query: refine(text, (q) => q.trim() !== '', () => l10n.t('text')) }),
  loadMore: object({ generation: count }),
  action: object({ action: picklist(TILE_ACTIONS), key }),
  command: object({ command: picklist(HOST_COMMANDS) }),
  openService: object({}),
  /** The tile that has the keyboard focus now (null: none): the media a command from the palette acts on. */
  active: object({ key: nullable(key) }),
  /** In choose mode: the person chose this tile's media (`key`), or stopped choosing (null: Escape, Cancel). */
  chosen: object({ key: nullable(key) }),
});
export type FromWebview = Infer<typeof fromWebview>;

// ---- checks -------------------------------------------------------------------------------
// Whether a value fits: extra fields are ignored, unknown `type`s and `mode`s are refused.

export const isSearchSpec = (value: unknown): value is SearchSpec => is(searchSpec, value);
export const isGridViewState = (value: unknown): value is GridViewState => is(gridViewState, value);
export const isGridItem = (value: unknown): value is GridItem => is(gridItem, value);
export const isToWebview = (value: unknown): value is ToWebview => is(toWebview, value);
export const isFromWebview = (value: unknown): value is FromWebview => is(fromWebview, value);
