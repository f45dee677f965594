// The grid's toolbar as a pure value: what the user typed, whether it is a valid search,
// and which search it means. Used by the webview (to refuse a bad value inline and send
// nothing) and by the host (to check the arguments of the search commands the same way).
import { LOCALES, MAX_QUERY_LENGTH, NAMED_COLORS, ORIENTATIONS, SIZES } from './params';
import { FALLBACK_LOCALE, isLocale } from './locale';
import type { Locale } from './params';
import type { Infer } from './schema';
import { boolean, object, picklist, string } from './schema';
import type { SearchSpec } from './search';

/** The longest text a form field may carry between the grid and the host. */
const MAX_FORM_TEXT = 2_000;

/** The toolbar as the user left it, including values that are not valid (yet). */
export const gridForm = object({
  kind: picklist(['photos', 'videos']),
  /** Curated photos / popular videos instead of a search. */
  browse: boolean,
  query: string(MAX_FORM_TEXT),
  orientation: picklist(['', ...ORIENTATIONS]),
  size: picklist(['', ...SIZES]),
  /** Empty, a named colour or a hex code as typed. */
  color: string(MAX_FORM_TEXT),
  locale: picklist(LOCALES),
  minWidth: string(MAX_FORM_TEXT),
  minHeight: string(MAX_FORM_TEXT),
  minDuration: string(MAX_FORM_TEXT),
  maxDuration: string(MAX_FORM_TEXT),
});
export type GridForm = Infer<typeof gridForm>;

export type FormField = 'query' | 'color' | 'minWidth' | 'minHeight' | 'minDuration' | 'maxDuration';

export type FormErrorCode = 'emptyQuery' | 'queryTooLong' | 'badColor' | 'notWholeNumber' | 'tooLarge' | 'durationOrder';

export interface FormError {
  field: FormField;
  code: FormErrorCode;
  /** For tooLarge: the largest value allowed. */
  max?: number;
}

export type FormResult = { ok: true; spec: SearchSpec } | { ok: false; errors: FormError[] };

/** Same bounds as the request checks in params.ts. */
export const POPULAR_LIMITS: Readonly<Record<'minWidth' | 'minHeight' | 'minDuration' | 'maxDuration', number>> = {
  minWidth: 100_000,
  minHeight: 100_000,
  minDuration: 86_400,
  maxDuration: 86_400,
};

export function defaultForm(locale: Locale = FALLBACK_LOCALE): GridForm {
  return {
    kind: 'photos',
    browse: false,
    query: '',
    orientation: '',
    size: '',
    color: '',
    locale,
    minWidth: '',
    minHeight: '',
    minDuration: '',
    maxDuration: '',
  };
}

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

type NumberField = keyof typeof POPULAR_LIMITS;

function wholeNumber(form: GridForm, field: NumberField, errors: FormError[]): number | undefined {
  const text = form[field].trim();
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

export function validateForm(form: GridForm): FormResult {
  const errors: FormError[] = [];
  if (form.browse && form.kind === 'photos') return { ok: true, spec: { mode: 'curated' } };
  if (form.browse) {
    const minWidth = wholeNumber(form, 'minWidth', errors);
    const minHeight = wholeNumber(form, 'minHeight', errors);
    const minDuration = wholeNumber(form, 'minDuration', errors);
    const maxDuration = wholeNumber(form, 'maxDuration', errors);
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

  const query = form.query.trim();
  if (query === '') errors.push({ field: 'query', code: 'emptyQuery' });
  else if (query.length > MAX_QUERY_LENGTH) errors.push({ field: 'query', code: 'queryTooLong', max: MAX_QUERY_LENGTH });
  const color = form.kind === 'photos' ? parseColorInput(form.color) : { ok: true as const, value: undefined };
  if (!color.ok) errors.push({ field: 'color', code: 'badColor' });
  if (errors.length > 0 || !color.ok) return { ok: false, errors };

  const common = {
    query,
    ...(form.orientation ? { orientation: form.orientation } : {}),
    ...(form.size ? { size: form.size } : {}),
  };
  if (form.kind === 'videos') return { ok: true, spec: { mode: 'videos', ...common, locale: form.locale } };
  return {
    ok: true,
    spec: { mode: 'photos', ...common, ...(color.value ? { color: color.value } : {}), locale: form.locale },
  };
}

/** The toolbar showing `spec`; fields the spec does not set keep their values from `base`. */
export function formFromSpec(spec: SearchSpec, base: GridForm): GridForm {
  switch (spec.mode) {
    case 'photos':
      return {
        ...base,
        kind: 'photos',
        browse: false,
        query: spec.query,
        orientation: spec.orientation ?? '',
        size: spec.size ?? '',
        color: spec.color ?? '',
        locale: spec.locale ?? base.locale,
      };
    case 'videos':
      return {
        ...base,
        kind: 'videos',
        browse: false,
        query: spec.query,
        orientation: spec.orientation ?? '',
        size: spec.size ?? '',
        locale: spec.locale ?? base.locale,
      };
    case 'curated':
      return { ...base, kind: 'photos', browse: true };
    case 'popular':
      return {
        ...base,
        kind: 'videos',
        browse: true,
        minWidth: spec.min_width !== undefined ? String(spec.min_width) : '',
        minHeight: spec.min_height !== undefined ? String(spec.min_height) : '',
        minDuration: spec.min_duration !== undefined ? String(spec.min_duration) : '',
        maxDuration: spec.max_duration !== undefined ? String(spec.max_duration) : '',
      };
    case 'single':
      return { ...base, kind: spec.kind === 'photo' ? 'photos' : 'videos' };
    default: {
      const never: never = spec;
      return never;
    }
  }
}

function textArg(args: Record<string, unknown>, key: string): string {
  const value = args[key];
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/**
 * The form that the arguments of a command mean (`{query, orientation, size, color,
 * locale}` or the popular-videos filters), over `base`. Unknown orientation/size/locale
 * values are reported rather than silently dropped.
 */
export function formFromArgs(
  kind: GridForm['kind'],
  browse: boolean,
  args: unknown,
  base: GridForm,
): { form: GridForm; invalid: ('orientation' | 'size' | 'locale')[] } {
  const a = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const invalid: ('orientation' | 'size' | 'locale')[] = [];
  const orientation = textArg(a, 'orientation');
  const size = textArg(a, 'size');
  const locale = textArg(a, 'locale');
  if (orientation && !(ORIENTATIONS as readonly string[]).includes(orientation)) invalid.push('orientation');
  if (size && !(SIZES as readonly string[]).includes(size)) invalid.push('size');
  if (locale && !isLocale(locale)) invalid.push('locale');
  const form: GridForm = {
    ...base,
    kind,
    browse,
    query: typeof a.query === 'string' ? a.query : base.query,
    orientation: (ORIENTATIONS as readonly string[]).includes(orientation) ? (orientation as GridForm['orientation']) : '',
    size: (SIZES as readonly string[]).includes(size) ? (size as GridForm['size']) : '',
    color: kind === 'photos' ? textArg(a, 'color') : '',
    locale: isLocale(locale) ? locale : base.locale,
    minWidth: textArg(a, 'min_width') || textArg(a, 'minWidth'),
    minHeight: textArg(a, 'min_height') || textArg(a, 'minHeight'),
    minDuration: textArg(a, 'min_duration') || textArg(a, 'minDuration'),
    maxDuration: textArg(a, 'max_duration') || textArg(a, 'maxDuration'),
  };
  return { form, invalid };
}
