// The grid's toolbar as a pure value: what the user typed, whether it is a valid search,
// and which search it means. The webview uses it to refuse a bad value inline and send
// nothing; the checks are core/search.ts's, the same ones the palette commands use.
import { FALLBACK_LOCALE } from './locale';
import { LOCALES, ORIENTATIONS, SIZES } from './params';
import type { Locale } from './params';
import type { Infer } from './schema';
import { boolean, object, picklist, string } from './schema';
import { specFromFields } from './search';
import type { FieldsResult, SearchSpec } from './search';

export type { FormError, FormErrorCode, FormField } from './search';
export { parseColorInput, POPULAR_LIMITS } from './search';

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

export type FormResult = FieldsResult;

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

export function validateForm(form: GridForm): FormResult {
  return specFromFields(form.kind, form.browse, form);
}

/** The filters of the search `form` means: what Reset Filters clears (the query and kind stay). */
function filterFields(form: GridForm): (keyof GridForm)[] {
  if (form.browse) return form.kind === 'videos' ? ['minWidth', 'minHeight', 'minDuration', 'maxDuration'] : [];
  return form.kind === 'photos' ? ['orientation', 'size', 'color', 'locale'] : ['orientation', 'size', 'locale'];
}

/** Whether `form` sets any filter that `defaults` (defaultForm for the user's language) does not. */
export function hasFilters(form: GridForm, defaults: GridForm): boolean {
  return filterFields(form).some((field) => String(form[field]).trim() !== String(defaults[field]).trim());
}

/** `form` with its filters back to `defaults`; the query, the kind and browsing stay. */
export function resetFilters(form: GridForm, defaults: GridForm): GridForm {
  const reset: GridForm = { ...form };
  for (const field of filterFields(form)) (reset as Record<keyof GridForm, unknown>)[field] = defaults[field];
  return reset;
}

/** The toolbar showing `spec`; fields the spec does not set keep their values from `base`. */
export function formFromSpec(spec: SearchSpec, base: GridForm): GridForm {
  switch (spec.mode) {
    case 'photos':
    case 'videos':
      return {
        ...base,
        kind: spec.mode,
        browse: false,
        query: spec.query,
        orientation: spec.orientation ?? '',
        size: spec.size ?? '',
        // A video search has no colour: the field keeps its value.
        ...(spec.mode === 'photos' ? { color: spec.color ?? '' } : {}),
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
    // A collection, the starred media or one media answers no query: the box is empty (an
    // earlier search's words there read as if they had picked these); the filters keep their
    // values. Typing there searches again, leaving what is shown.
    case 'single':
      return { ...base, query: '', kind: spec.kind === 'photo' ? 'photos' : 'videos' };
    case 'starred':
      return { ...base, query: '' };
    case 'collection':
      return { ...base, query: '', ...(spec.type === 'videos' ? { kind: 'videos' } : spec.type === 'photos' ? { kind: 'photos' } : {}) };
  }
}
