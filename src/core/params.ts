// Every request parameter of the spec, checked before anything is sent. A bad value is
// a MediaError('invalidRequest') naming the parameter, with a sentence a user understands.
import { MediaError } from './errors';
import { l10n } from './l10n';

export const ORIENTATIONS = ['landscape', 'portrait', 'square'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

export const SIZES = ['large', 'medium', 'small'] as const;
export type Size = (typeof SIZES)[number];

export const NAMED_COLORS = [
  'red',
  'orange',
  'yellow',
  'green',
  'turquoise',
  'blue',
  'violet',
  'pink',
  'brown',
  'black',
  'gray',
  'white',
] as const;

export const LOCALES = [
  'en-US', 'pt-BR', 'es-ES', 'ca-ES', 'de-DE', 'it-IT', 'fr-FR', 'sv-SE', 'id-ID', 'pl-PL',
  'ja-JP', 'zh-TW', 'zh-CN', 'ko-KR', 'th-TH', 'nl-NL', 'hu-HU', 'vi-VN', 'cs-CZ', 'da-DK',
  'fi-FI', 'uk-UA', 'el-GR', 'ro-RO', 'nb-NO', 'sk-SK', 'tr-TR', 'ru-RU',
] as const;
export type Locale = (typeof LOCALES)[number];

export const COLLECTION_MEDIA_TYPES = ['photos', 'videos'] as const;
export type CollectionMediaType = (typeof COLLECTION_MEDIA_TYPES)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The service's maximum page size (spec §4.1, §8): every list call defaults to it. */
export const MAX_PER_PAGE = 80;
export const MAX_QUERY_LENGTH = 500;

export interface Paging {
  page?: number;
  /** 1..80; values outside are refused, not clamped, so a caller's mistake is visible. */
  per_page?: number;
}

export interface PhotoSearchParams extends Paging {
  query: string;
  orientation?: Orientation;
  size?: Size;
  /** A named colour or a hex code (`#RRGGBB`, `RRGGBB`, `#RGB`). */
  color?: string;
  locale?: Locale;
}

export type VideoSearchParams = Omit<PhotoSearchParams, 'color'>;

export interface PopularVideoParams extends Paging {
  min_width?: number;
  min_height?: number;
  min_duration?: number;
  max_duration?: number;
}

export interface CollectionMediaParams extends Paging {
  type?: CollectionMediaType;
  sort?: SortOrder;
}

export type QueryValues = Record<string, string>;

function invalid(field: string, message: string): MediaError {
  return new MediaError('invalidRequest', message, { field });
}

function oneOf<T extends string>(
  field: string,
  value: unknown,
  allowed: readonly T[],
  what: string,
): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(field, l10n.t('{0} must be one of {1} (got “{2}”).', what, allowed.join(', '), String(value)));
}

export function checkQuery(value: unknown): string {
  const query = typeof value === 'string' ? value.trim() : '';
  if (query.length === 0) throw invalid('query', l10n.t('Type something to search for.'));
  if (query.length > MAX_QUERY_LENGTH) {
    throw invalid('query', l10n.t('A search can be at most {0} characters long.', MAX_QUERY_LENGTH));
  }
  return query;
}

/** A positive whole number no larger than `max`, or undefined when absent. */
function wholeNumber(field: string, value: unknown, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    throw invalid(
      field,
      max === Number.MAX_SAFE_INTEGER
        ? l10n.t('{0} must be a whole number of at least {1} (got “{2}”).', what, min, String(value))
        : l10n.t('{0} must be a whole number from {1} to {2} (got “{3}”).', what, min, max, String(value)),
    );
  }
  return n;
}

export function checkPaging(params: Paging): QueryValues {
  const page = wholeNumber('page', params.page, l10n.t('The page number'), 1) ?? 1;
  const perPage = wholeNumber('per_page', params.per_page, l10n.t('The page size'), 1, MAX_PER_PAGE) ?? MAX_PER_PAGE;
  return { page: String(page), per_page: String(perPage) };
}

/**
 * Normalises a colour for photo search: a named colour as is, a hex code as `#rrggbb`.
 * Returns undefined for an empty value.
 */
export function normalizeColor(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid('color', l10n.t('The colour must be a name or a hex code.'));
  const text = value.trim().toLowerCase();
  if (text === '') return undefined;
  if ((NAMED_COLORS as readonly string[]).includes(text)) return text;
  const hex = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/.exec(text);
  if (!hex) {
    throw invalid(
      'color',
      l10n.t('“{0}” is not a colour: use one of {1} or a hex code such as #1e90ff.', value, NAMED_COLORS.join(', ')),
    );
  }
  const digits = hex[1] ?? '';
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${full}`;
}

export function checkLocale(value: unknown): Locale | undefined {
  return oneOf('locale', value, LOCALES, l10n.t('The search language'));
}

export function photoSearchQuery(params: PhotoSearchParams): QueryValues {
  const out: QueryValues = { query: checkQuery(params.query) };
  const orientation = oneOf('orientation', params.orientation, ORIENTATIONS, l10n.t('The orientation'));
  if (orientation) out.orientation = orientation;
  const size = oneOf('size', params.size, SIZES, l10n.t('The size'));
  if (size) out.size = size;
  const color = normalizeColor(params.color);
  if (color) out.color = color;
  const locale = checkLocale(params.locale);
  if (locale) out.locale = locale;
  return { ...out, ...checkPaging(params) };
}

/** A photo search's checks without the colour, which a video search does not have. */
export function videoSearchQuery(params: VideoSearchParams): QueryValues {
  return photoSearchQuery({ ...params, color: undefined });
}

export function popularVideoQuery(params: PopularVideoParams): QueryValues {
  const out: QueryValues = {};
  const minWidth = wholeNumber('min_width', params.min_width, l10n.t('The minimum width'), 0, 100_000);
  const minHeight = wholeNumber('min_height', params.min_height, l10n.t('The minimum height'), 0, 100_000);
  const minDuration = wholeNumber('min_duration', params.min_duration, l10n.t('The minimum duration'), 0, 86_400);
  const maxDuration = wholeNumber('max_duration', params.max_duration, l10n.t('The maximum duration'), 0, 86_400);
  if (minDuration !== undefined && maxDuration !== undefined && minDuration > maxDuration) {
    throw invalid('max_duration', l10n.t('The maximum duration must not be shorter than the minimum duration.'));
  }
  if (minWidth !== undefined) out.min_width = String(minWidth);
  if (minHeight !== undefined) out.min_height = String(minHeight);
  if (minDuration !== undefined) out.min_duration = String(minDuration);
  if (maxDuration !== undefined) out.max_duration = String(maxDuration);
  return { ...out, ...checkPaging(params) };
}

export function collectionMediaQuery(params: CollectionMediaParams): QueryValues {
  const out: QueryValues = {};
  const type = oneOf('type', params.type, COLLECTION_MEDIA_TYPES, l10n.t('The media type'));
  if (type) out.type = type;
  const sort = oneOf('sort', params.sort, SORT_ORDERS, l10n.t('The sort order'));
  if (sort) out.sort = sort;
  return { ...out, ...checkPaging(params) };
}

/** A photo or video id: a positive integer (a numeric string is accepted). */
export function checkMediaId(value: unknown, what: 'photo' | 'video'): number {
  const id = wholeNumber('id', value, what === 'photo' ? l10n.t('The photo id') : l10n.t('The video id'), 1);
  if (id === undefined) throw invalid('id', what === 'photo' ? l10n.t('A photo id is needed.') : l10n.t('A video id is needed.'));
  return id;
}

/** A collection id: letters and digits only (the service's ids look like `9mp14cx`). */
export function checkCollectionId(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw invalid('id', l10n.t('“{0}” is not a collection id.', String(value)));
  }
  return value;
}
