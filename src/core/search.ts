// What the grid shows: one search (or a browse, or one photo or video), as a value the
// webview, the host and the tests share.
import type { MediaKind } from './model';
import type { Locale, Orientation, Size } from './params';

// ---- the shape ------------------------------------------------------------------------------

export interface PhotoSearchSpec {
  mode: 'photos';
  query: string;
  orientation?: Orientation;
  size?: Size;
  /** A named colour or `#rrggbb`. */
  color?: string;
  locale?: Locale;
}

export interface VideoSearchSpec {
  mode: 'videos';
  query: string;
  orientation?: Orientation;
  size?: Size;
  locale?: Locale;
}

export interface CuratedSpec {
  mode: 'curated';
}

export interface PopularSpec {
  mode: 'popular';
  min_width?: number;
  min_height?: number;
  min_duration?: number;
  max_duration?: number;
}

/** One photo or video opened by id or page URL. */
export interface SingleSpec {
  mode: 'single';
  kind: MediaKind;
  id: number;
}

export type SearchSpec = PhotoSearchSpec | VideoSearchSpec | CuratedSpec | PopularSpec | SingleSpec;

/** Same search, whatever the order of its fields and however absent values are spelled. */
export function specKey(spec: SearchSpec): string {
  const entries = Object.entries(spec)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

// ---- from palette arguments -----------------------------------------------------------------
