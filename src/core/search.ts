// What the grid shows: one search (or a browse, or one photo or video), as a value the
// webview, the host and the tests share.
import { MEDIA_KINDS } from './model';
import { LOCALES, ORIENTATIONS, SIZES } from './params';
import type { Infer } from './schema';
import { integer, object, optional, picklist, string, variant } from './schema';

// ---- the shape ------------------------------------------------------------------------------
// Written once as a schema; the types are inferred from it. The limits are those of a
// message between the grid and the host.

const MAX_TEXT = 2_000;
const text = string(MAX_TEXT);
const count = integer(0);

export const searchSpec = variant('mode', {
  photos: object({
    query: text,
    orientation: optional(picklist(ORIENTATIONS)),
    size: optional(picklist(SIZES)),
    /** A named colour or `#rrggbb`. */
    color: optional(text),
    locale: optional(picklist(LOCALES)),
  }),
  videos: object({
    query: text,
    orientation: optional(picklist(ORIENTATIONS)),
    size: optional(picklist(SIZES)),
    locale: optional(picklist(LOCALES)),
  }),
  curated: object({}),
  popular: object({
    min_width: optional(count),
    min_height: optional(count),
    min_duration: optional(count),
    max_duration: optional(count),
  }),
  /** One photo or video opened by id or page URL. */
  single: object({ kind: picklist(MEDIA_KINDS), id: integer(1) }),
});

export type SearchSpec = Infer<typeof searchSpec>;
export type PhotoSearchSpec = Extract<SearchSpec, { mode: 'photos' }>;
export type VideoSearchSpec = Extract<SearchSpec, { mode: 'videos' }>;
export type CuratedSpec = Extract<SearchSpec, { mode: 'curated' }>;
export type PopularSpec = Extract<SearchSpec, { mode: 'popular' }>;
/** One photo or video opened by id or page URL. */
export type SingleSpec = Extract<SearchSpec, { mode: 'single' }>;

/** Same search, whatever the order of its fields and however absent values are spelled. */
export function specKey(spec: SearchSpec): string {
  const entries = Object.entries(spec)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

// ---- from palette arguments -----------------------------------------------------------------
