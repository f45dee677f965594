// What the grid shows: one search (or a browse, or one photo or video), as a value the
// webview, the host and the tests share.
import { l10n } from './l10n';
import { isLocale } from './locale';
import { MEDIA_KINDS } from './model';
import { COLLECTION_MEDIA_TYPES, LOCALES, MAX_QUERY_LENGTH, NAMED_COLORS, ORIENTATIONS, SIZES } from './params';
import type { CollectionMediaParams, Locale, Orientation, Paging, PhotoSearchParams, PopularVideoParams, Size, VideoSearchParams } from './params';
import type { Infer } from './schema';
import { integer, matches, object, optional, picklist, string, variant } from './schema';

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
  /** The media of one collection (from the Collections view), all or only one kind. */
  collection: object({
    id: matches(/^[A-Za-z0-9_-]{1,64}$/),
    /** The service's `type` parameter: only photos or only videos. */
    type: optional(picklist(COLLECTION_MEDIA_TYPES)),
    /** The collection's title, for the grid's title (the service's text, shown as text). */
    title: optional(string(200)),
  }),
  /** The user's starred media (kept by the host; no request). */
  starred: object({}),
});

export type SearchSpec = Infer<typeof searchSpec>;

/** Same search, whatever the order of its fields and however absent values are spelled. */
export function specKey(spec: SearchSpec): string {
  const entries = Object.entries(spec)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

// ---- from palette arguments -----------------------------------------------------------------
// A search given as command arguments (`{query, orientation, size, color, locale}` or the
// popular-videos filters) goes straight to a SearchSpec here. The field rules are the ones
// the grid's toolbar uses (core/searchForm.ts validates through `specFromFields`), and
// they keep to the request checks of core/params.ts, so the client's boundary check agrees.

export type FormField = 'query' | 'color' | 'minWidth' | 'minHeight' | 'minDuration' | 'maxDuration';

export type FormErrorCode = 'emptyQuery' | 'queryTooLong' | 'badColor' | 'notWholeNumber' | 'tooLarge' | 'durationOrder';

export interface FormError {
  field: FormField;
  code: FormErrorCode;
  /** For tooLarge: the largest value allowed. */
  max?: number;
}

/** The popular-videos filters as typed; the largest values match the request checks in params.ts. */
export const POPULAR_LIMITS: Readonly<Record<'minWidth' | 'minHeight' | 'minDuration' | 'maxDuration', number>> = {
  minWidth: 100_000,
  minHeight: 100_000,
  minDuration: 86_400,
  maxDuration: 86_400,
};
type NumberField = keyof typeof POPULAR_LIMITS;

/** The fields of a search as typed (toolbar) or given (command arguments), not yet checked. */
export interface SearchFields {
  query: string;
  orientation: Orientation | '';
  size: Size | '';
  /** Empty, a named colour or a hex code as typed. */
  color: string;
  locale: Locale;
  minWidth: string;
  minHeight: string;
  minDuration: string;
  maxDuration: string;
}

export type FieldsResult = { ok: true; spec: SearchSpec } | { ok: false; errors: FormError[] };

/** A colour as the API wants it: a named colour, or `#rrggbb` from `#RGB`/`RRGGBB`/`#RRGGBB`. */
export function parseColorInput(text: string): { ok: true; value: string | undefined } | { ok: false } {
  const value = text.trim().toLowerCase();
  if (value === '') return { ok: true, value: undefined };
  if ((NAMED_COLORS as readonly string[]).includes(value)) return { ok: true, value };
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  if (!hex) return { ok: false };
  const digits = hex[1] ?? '';
  return { ok: true, value: `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}` };
}

function wholeNumber(fields: SearchFields, field: NumberField, errors: FormError[]): number | undefined {
  const text = fields[field].trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text)) {
    errors.push({ field, code: 'notWholeNumber' });
    return undefined;
  }
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n > POPULAR_LIMITS[field]) {
    errors.push({ field, code: 'tooLarge', max: POPULAR_LIMITS[field] });
    return undefined;
  }
  return n;
}

/** The one rule set: the search `fields` mean for `kind` (browse: curated photos / popular videos). */
export function specFromFields(kind: 'photos' | 'videos', browse: boolean, fields: SearchFields): FieldsResult {
  const errors: FormError[] = [];
  if (browse && kind === 'photos') return { ok: true, spec: { mode: 'curated' } };
  if (browse) {
    const minWidth = wholeNumber(fields, 'minWidth', errors);
    const minHeight = wholeNumber(fields, 'minHeight', errors);
    const minDuration = wholeNumber(fields, 'minDuration', errors);
    const maxDuration = wholeNumber(fields, 'maxDuration', errors);
    if (minDuration !== undefined && maxDuration !== undefined && minDuration > maxDuration) {
      errors.push({ field: 'maxDuration', code: 'durationOrder' });
    }
    if (errors.length > 0) return { ok: false, errors };
    return {
      ok: true,
      spec: {
        mode: 'popular',
        ...(minWidth !== undefined ? { min_width: minWidth } : {}),
        ...(minHeight !== undefined ? { min_height: minHeight } : {}),
        ...(minDuration !== undefined ? { min_duration: minDuration } : {}),
        ...(maxDuration !== undefined ? { max_duration: maxDuration } : {}),
      },
    };
  }

  const query = fields.query.trim();
  if (query === '') errors.push({ field: 'query', code: 'emptyQuery' });
  else if (query.length > MAX_QUERY_LENGTH) errors.push({ field: 'query', code: 'queryTooLong', max: MAX_QUERY_LENGTH });
  const color = kind === 'photos' ? parseColorInput(fields.color) : { ok: true as const, value: undefined };
  if (!color.ok) errors.push({ field: 'color', code: 'badColor' });
  if (errors.length > 0 || !color.ok) return { ok: false, errors };

  const common = {
    query,
    ...(fields.orientation ? { orientation: fields.orientation } : {}),
    ...(fields.size ? { size: fields.size } : {}),
  };
  if (kind === 'videos') return { ok: true, spec: { mode: 'videos', ...common, locale: fields.locale } };
  return {
    ok: true,
    spec: { mode: 'photos', ...common, ...(color.value ? { color: color.value } : {}), locale: fields.locale },
  };
}

function fieldName(field: FormField): string {
  switch (field) {
    case 'query':
      return l10n.t('Search');
    case 'color':
      return l10n.t('Colour');
    case 'minWidth':
      return l10n.t('Min width');
    case 'minHeight':
      return l10n.t('Min height');
    case 'minDuration':
      return l10n.t('Min duration');
    case 'maxDuration':
      return l10n.t('Max duration');
  }
}

/** The sentence for one mistake, in the words the grid's toolbar shows next to the field. */
function problemText(error: FormError, fields: SearchFields): string {
  switch (error.code) {
    case 'emptyQuery':
      return l10n.t('Type something to search for.');
    case 'queryTooLong':
      return l10n.t('A search can be at most 500 characters long.');
    case 'badColor':
      return l10n.t('“{0}” is not a colour: pick a swatch or type a hex code such as #1e90ff.', fields.color.trim());
    case 'notWholeNumber':
      return l10n.t('{0} must be a whole number, 0 or more.', fieldName(error.field));
    case 'tooLarge':
      return l10n.t('{0} can be at most {1}.', fieldName(error.field), error.max ?? 0);
    case 'durationOrder':
      return l10n.t('The maximum duration must not be shorter than the minimum duration.');
  }
}

/** A string argument as given, a finite number as its digits, anything else as absent. */
function textArg(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): value is T {
  return (allowed as readonly string[]).includes(value);
}

export type ParsedSearch = { ok: true; spec: SearchSpec } | { ok: false; problems: string[] };

/**
 * The search a command's arguments mean, or the sentences saying what is wrong with them.
 * An orientation, size or language the service does not know is refused, not dropped;
 * without a language the search uses `defaults.locale`.
 */
export function parseSearch(
  kind: 'photos' | 'videos',
  browse: boolean,
  args: unknown,
  defaults: { locale: Locale },
): ParsedSearch {
  const a = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const orientation = textArg(a, 'orientation');
  const size = textArg(a, 'size');
  const locale = textArg(a, 'locale');
  const unknown = [
    ...(orientation && !oneOf(orientation, ORIENTATIONS) ? ['orientation'] : []),
    ...(size && !oneOf(size, SIZES) ? ['size'] : []),
    ...(locale && !isLocale(locale) ? ['locale'] : []),
  ];
  if (unknown.length > 0) {
    return { ok: false, problems: [l10n.t('Not searched: {0} has a value the service does not know.', unknown.join(', '))] };
  }
  const fields: SearchFields = {
    query: typeof a.query === 'string' ? a.query : '',
    orientation: oneOf(orientation, ORIENTATIONS) ? orientation : '',
    size: oneOf(size, SIZES) ? size : '',
    color: kind === 'photos' ? textArg(a, 'color') : '',
    locale: isLocale(locale) ? locale : defaults.locale,
    minWidth: textArg(a, 'min_width') || textArg(a, 'minWidth'),
    minHeight: textArg(a, 'min_height') || textArg(a, 'minHeight'),
    minDuration: textArg(a, 'min_duration') || textArg(a, 'minDuration'),
    maxDuration: textArg(a, 'max_duration') || textArg(a, 'maxDuration'),
  };
  const result = specFromFields(kind, browse, fields);
  return result.ok ? result : { ok: false, problems: result.errors.map((e) => problemText(e, fields)) };
}

/** A list request and its parameters (the client's list operations), kept to ask for the next page. */
export type PagedRequest =
  | { op: 'searchPhotos'; params: PhotoSearchParams }
  | { op: 'searchVideos'; params: VideoSearchParams }
  | { op: 'curatedPhotos'; params: Paging }
  | { op: 'popularVideos'; params: PopularVideoParams }
  | { op: 'collectionMedia'; params: CollectionMediaParams & { id: string } };

/** The list request that shows `spec`; undefined for one photo or video (fetched by id). */
export function requestFor(spec: SearchSpec): PagedRequest | undefined {
  switch (spec.mode) {
    case 'photos': {
      const { mode: _mode, ...params } = spec;
      return { op: 'searchPhotos', params };
    }
    case 'videos': {
      const { mode: _mode, ...params } = spec;
      return { op: 'searchVideos', params };
    }
    case 'curated':
      return { op: 'curatedPhotos', params: {} };
    case 'popular': {
      const { mode: _mode, ...params } = spec;
      return { op: 'popularVideos', params };
    }
    case 'single':
    case 'starred':
      return undefined;
    case 'collection':
      return { op: 'collectionMedia', params: { id: spec.id, ...(spec.type ? { type: spec.type } : {}) } };
    default: {
      const never: never = spec;
      return never;
    }
  }
}
