// The messages between the grid webview and the extension host. Every message has a
// `type`; answers about a search carry its `generation`, so a late answer to an older search
// is ignored. Both sides check each arriving message with the guards below and switch over
// `type` exhaustively.
//
// The webview never sees the API key and never calls the API: it asks the host to search,
// and the host answers with view models (GridItem) holding only what a tile needs.
import { ERROR_ACTIONS } from '../core/describe';
import { MEDIA_KINDS } from '../core/model';
import { LOCALES, ORIENTATIONS, SIZES } from '../core/params';
import type { Orientation, Size } from '../core/params';
import type { PhotoSearchSpec, PopularSpec, SearchSpec, SingleSpec, VideoSearchSpec } from '../core/search';
import type { GridForm } from '../core/searchForm';
import type { GridFailure, GridItem, MoreStatus, SessionStatus, VideoSource } from '../core/tiles';
import type { Guard } from './guards';
import {
  arrayOf,
  hasFields,
  isBoolean,
  isNonNegativeInteger,
  isNumber,
  isPositiveInteger,
  isRecord,
  isString,
  nullable,
  oneOf,
  optional,
} from './guards';

/** The id of the JSON block in the grid's HTML that carries strings and the initial state. */
export const GRID_BOOT_ELEMENT_ID = 'stock-media-boot';

// ---- what is shown ------------------------------------------------------------------------

/** What the webview persists with setState, and what a restored panel starts from. */
export interface GridViewState {
  v: 1;
  form: GridForm;
  spec: SearchSpec | null;
  scrollTop: number;
  focusKey: string | null;
}

/** What the webview reports to tests about itself (read through the host). */
export interface GridSnapshot {
  status: SessionStatus;
  spec: SearchSpec | null;
  form: GridForm;
  itemCount: number;
  /** Tiles in the DOM: bounded by the window, not by itemCount. */
  renderedTiles: number;
  totalText: string;
  /** The note that some results could not be shown, or ''. */
  skippedText: string;
  /** The text shown in place of tiles (start, empty, error, quota), or ''. */
  messageText: string;
  formErrors: string[];
  renderedCredits: string[];
  focusKey: string | null;
  previewOpen: boolean;
}

export type TileAction = 'insert' | 'copyUrl' | 'copyCredit' | 'openOnService' | 'openPhotographer';
export const TILE_ACTIONS: readonly TileAction[] = ['insert', 'copyUrl', 'copyCredit', 'openOnService', 'openPhotographer'];

export type HostCommand = 'setApiKey' | 'openSettings' | 'showQuota' | 'checkKey';
export const HOST_COMMANDS: readonly HostCommand[] = ['setApiKey', 'openSettings', 'showQuota', 'checkKey'];

// ---- host → webview -----------------------------------------------------------------------

/** Replaces everything shown: a new search, or the current one again after a reload. */
export interface SessionMessage {
  type: 'session';
  generation: number;
  spec: SearchSpec | null;
  status: SessionStatus;
  items: GridItem[];
  totalResults: number;
  /** Results of the loaded pages the service sent unreadable (left out, not shown). */
  skipped: number;
  hasMore: boolean;
  more: MoreStatus;
  failure: GridFailure | null;
  /** True when the host started it (a command): the toolbar takes the spec's values. */
  syncForm: boolean;
}

/** The next page of the current search. */
export interface PageMessage {
  type: 'page';
  generation: number;
  items: GridItem[];
  totalResults: number;
  /** As in SessionMessage: for every page so far. */
  skipped: number;
  hasMore: boolean;
}

/** Loading the next page started or failed. */
export interface MoreMessage {
  type: 'more';
  generation: number;
  status: MoreStatus;
  failure: GridFailure | null;
}

/** A tile action finished; on failure the webview shows `message`. */
export interface ActionDoneMessage {
  type: 'actionDone';
  ok: boolean;
  message: string | null;
}

/** Tests only: the host asks for a GridSnapshot. */
export interface SnapshotRequest {
  type: 'snapshotRequest';
  id: number;
}

/** Moves keyboard focus to the results (after a command opened the grid). */
export interface FocusMessage {
  type: 'focus';
}

export type ToWebview = SessionMessage | PageMessage | MoreMessage | ActionDoneMessage | SnapshotRequest | FocusMessage;

// ---- webview → host -----------------------------------------------------------------------

export interface ReadyMessage {
  type: 'ready';
  state: GridViewState | null;
}

export interface SearchRequest {
  type: 'search';
  spec: SearchSpec;
}

/** The user pressed Enter on a query: it goes into the recent searches the palette offers. */
export interface RememberRequest {
  type: 'remember';
  kind: 'photos' | 'videos';
  query: string;
}

export interface LoadMoreRequest {
  type: 'loadMore';
  generation: number;
}

export interface ActionRequest {
  type: 'action';
  action: TileAction;
  key: string;
}

export interface CommandRequest {
  type: 'command';
  command: HostCommand;
}

export interface OpenServiceRequest {
  type: 'openService';
}

export interface SnapshotReply {
  type: 'snapshot';
  inReplyTo: number;
  snapshot: GridSnapshot;
}

export type FromWebview =
  | ReadyMessage
  | SearchRequest
  | RememberRequest
  | LoadMoreRequest
  | ActionRequest
  | CommandRequest
  | OpenServiceRequest
  | SnapshotReply;

// ---- guards -------------------------------------------------------------------------------

const MAX_TEXT = 2_000;
const MAX_URL = 4_000;
const MAX_ITEMS_PER_MESSAGE = 10_000;

const isText: Guard<string> = (v): v is string => isString(v) && v.length <= MAX_TEXT;
const isUrl: Guard<string> = (v): v is string => isString(v) && v.length <= MAX_URL && /^https?:\/\//i.test(v);
const isColor: Guard<string> = (v): v is string => isString(v) && /^#[0-9a-f]{6}$/i.test(v);
const isKey: Guard<string> = (v): v is string => isString(v) && /^(photo|video):\d{1,16}$/.test(v);
const isOrientation = oneOf(ORIENTATIONS);
const isSize = oneOf(SIZES);
const isLocale = oneOf(LOCALES);
const isMediaKind = oneOf(MEDIA_KINDS);
const isCount: Guard<number> = isNonNegativeInteger;

export function isSearchSpec(value: unknown): value is SearchSpec {
  if (!isRecord(value)) return false;
  switch (value.mode) {
    case 'photos':
      return hasFields<PhotoSearchSpec>(value, {
        mode: (v): v is 'photos' => v === 'photos',
        query: isText,
        orientation: optional(isOrientation),
        size: optional(isSize),
        color: optional(isText),
        locale: optional(isLocale),
      });
    case 'videos':
      return hasFields<VideoSearchSpec>(value, {
        mode: (v): v is 'videos' => v === 'videos',
        query: isText,
        orientation: optional(isOrientation),
        size: optional(isSize),
        locale: optional(isLocale),
      });
    case 'curated':
      return true;
    case 'popular':
      return hasFields<PopularSpec>(value, {
        mode: (v): v is 'popular' => v === 'popular',
        min_width: optional(isCount),
        min_height: optional(isCount),
        min_duration: optional(isCount),
        max_duration: optional(isCount),
      });
    case 'single':
      return hasFields<SingleSpec>(value, {
        mode: (v): v is 'single' => v === 'single',
        kind: isMediaKind,
        id: isPositiveInteger,
      });
    default:
      return false;
  }
}

export function isGridForm(value: unknown): value is GridForm {
  return hasFields<GridForm>(value, {
    kind: oneOf(['photos', 'videos'] as const),
    browse: isBoolean,
    query: isText,
    orientation: (v): v is Orientation | '' => v === '' || isOrientation(v),
    size: (v): v is Size | '' => v === '' || isSize(v),
    color: isText,
    locale: isLocale,
    minWidth: isText,
    minHeight: isText,
    minDuration: isText,
    maxDuration: isText,
  });
}

export function isGridViewState(value: unknown): value is GridViewState {
  return hasFields<GridViewState>(value, {
    v: (v): v is 1 => v === 1,
    form: isGridForm,
    spec: nullable(isSearchSpec),
    scrollTop: (v): v is number => isNumber(v) && v >= 0,
    focusKey: nullable(isKey),
  });
}

const isVideoSource: Guard<VideoSource> = (v): v is VideoSource =>
  hasFields<VideoSource>(v, {
    src: isUrl,
    type: isText,
    width: nullable(isCount),
    height: nullable(isCount),
  });

export function isGridItem(value: unknown): value is GridItem {
  return hasFields<GridItem>(value, {
    key: isKey,
    kind: isMediaKind,
    id: isPositiveInteger,
    width: isCount,
    height: isCount,
    description: isText,
    color: nullable(isColor),
    thumb: nullable(isUrl),
    large: nullable(isUrl),
    large2x: nullable(isUrl),
    credit: isText,
    creditUrl: nullable(isUrl),
    pageUrl: nullable(isUrl),
    duration: nullable(isCount),
    hoverVideo: nullable(isVideoSource),
    playVideo: nullable(isVideoSource),
  }) && value.key === `${value.kind}:${value.id}`;
}

const isFailure: Guard<GridFailure> = (v): v is GridFailure =>
  hasFields<GridFailure>(v, { kind: isText, message: isText, actions: arrayOf(oneOf(ERROR_ACTIONS), 5), origin: optional(isText) });

const isSnapshot: Guard<GridSnapshot> = (v): v is GridSnapshot =>
  hasFields<GridSnapshot>(v, {
    status: oneOf(['idle', 'loading', 'loaded', 'failed'] as const),
    spec: nullable(isSearchSpec),
    form: isGridForm,
    itemCount: isCount,
    renderedTiles: isCount,
    totalText: isText,
    skippedText: isText,
    messageText: isText,
    formErrors: arrayOf(isText, 20),
    renderedCredits: arrayOf(isText, 1_000),
    focusKey: nullable(isKey),
    previewOpen: isBoolean,
  });

const isItems = arrayOf(isGridItem, MAX_ITEMS_PER_MESSAGE);
const isMoreStatus = oneOf(['idle', 'loading', 'failed'] as const);

export function isToWebview(value: unknown): value is ToWebview {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'session':
      return hasFields<SessionMessage>(value, {
        type: (v): v is 'session' => v === 'session',
        generation: isCount,
        spec: nullable(isSearchSpec),
        status: oneOf(['idle', 'loading', 'loaded', 'failed'] as const),
        items: isItems,
        totalResults: isCount,
        skipped: isCount,
        hasMore: isBoolean,
        more: isMoreStatus,
        failure: nullable(isFailure),
        syncForm: isBoolean,
      });
    case 'page':
      return hasFields<PageMessage>(value, {
        type: (v): v is 'page' => v === 'page',
        generation: isCount,
        items: isItems,
        totalResults: isCount,
        skipped: isCount,
        hasMore: isBoolean,
      });
    case 'more':
      return hasFields<MoreMessage>(value, {
        type: (v): v is 'more' => v === 'more',
        generation: isCount,
        status: isMoreStatus,
        failure: nullable(isFailure),
      });
    case 'actionDone':
      return hasFields<ActionDoneMessage>(value, {
        type: (v): v is 'actionDone' => v === 'actionDone',
        ok: isBoolean,
        message: nullable(isText),
      });
    case 'snapshotRequest':
      return hasFields<SnapshotRequest>(value, {
        type: (v): v is 'snapshotRequest' => v === 'snapshotRequest',
        id: isCount,
      });
    case 'focus':
      return true;
    default:
      return false;
  }
}

export function isFromWebview(value: unknown): value is FromWebview {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'ready':
      return hasFields<ReadyMessage>(value, {
        type: (v): v is 'ready' => v === 'ready',
        state: nullable(isGridViewState),
      });
    case 'search':
      return hasFields<SearchRequest>(value, {
        type: (v): v is 'search' => v === 'search',
        spec: isSearchSpec,
      });
    case 'remember':
      return hasFields<RememberRequest>(value, {
        type: (v): v is 'remember' => v === 'remember',
        kind: oneOf(['photos', 'videos'] as const),
        query: (v): v is string => isText(v) && v.trim() !== '',
      });
    case 'loadMore':
      return hasFields<LoadMoreRequest>(value, {
        type: (v): v is 'loadMore' => v === 'loadMore',
        generation: isCount,
      });
    case 'action':
      return hasFields<ActionRequest>(value, {
        type: (v): v is 'action' => v === 'action',
        action: oneOf(TILE_ACTIONS),
        key: isKey,
      });
    case 'command':
      return hasFields<CommandRequest>(value, {
        type: (v): v is 'command' => v === 'command',
        command: oneOf(HOST_COMMANDS),
      });
    case 'openService':
      return true;
    case 'snapshot':
      return hasFields<SnapshotReply>(value, {
        type: (v): v is 'snapshot' => v === 'snapshot',
        inReplyTo: isCount,
        snapshot: isSnapshot,
      });
    default:
      return false;
  }
}
