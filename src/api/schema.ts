// Run-time checks of what the service sends. A missing or wrong-typed required field is a
// MediaError('invalidResponse') naming the field path; unknown extra fields pass through.
// Every string loses its invisible and direction-changing characters here, so no surface
// that shows or inserts service text can receive them.
import { MediaError } from '../core/errors';
import { stripInvisible } from '../core/invisible';
import { l10n } from '../core/l10n';

/** Told about each list item that was skipped (see `items`), with the reason. */
export type SkipReport = (error: MediaError) => void;

export type Decoder<T> = (value: unknown, path: string, report?: SkipReport) => T;

function fail(path: string, expected: string, value: unknown): never {
  const got = value === undefined ? l10n.t('missing') : value === null ? 'null' : typeof value;
  throw new MediaError(
    'invalidResponse',
    l10n.t('The service sent an unexpected answer: “{0}” should be {1} but is {2}.', path, expected, got),
    { field: path },
  );
}

export const str: Decoder<string> = (v, p) => (typeof v === 'string' ? stripInvisible(v) : fail(p, l10n.t('text'), v));

export const int: Decoder<number> = (v, p) =>
  typeof v === 'number' && Number.isSafeInteger(v) ? v : fail(p, l10n.t('a whole number'), v);

export const num: Decoder<number> = (v, p) =>
  typeof v === 'number' && Number.isFinite(v) ? v : fail(p, l10n.t('a number'), v);

export const bool: Decoder<boolean> = (v, p) => (typeof v === 'boolean' ? v : fail(p, l10n.t('true or false'), v));

/** Ids are integers on the wire; some clients see them as numeric strings. */
export const intLike: Decoder<number> = (v, p) => {
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  return int(v, p);
};

export const unknownValue: Decoder<unknown> = (v) => v;

export function nullable<T>(d: Decoder<T>): Decoder<T | null> {
  return (v, p) => (v === null ? null : d(v, p));
}

export function literal<T extends string>(...values: T[]): Decoder<T> {
  return (v, p) =>
    typeof v === 'string' && (values as string[]).includes(v) ? (v as T) : fail(p, values.join(' | '), v);
}

export function array<T>(d: Decoder<T>): Decoder<T[]> {
  return (v, p) => (Array.isArray(v) ? v.map((item, i) => d(item, `${p}[${i}]`)) : fail(p, l10n.t('a list'), v));
}

/**
 * The result list of a page: each item is decoded on its own, and one that fails is left
 * out and reported (to `report`), so one broken item cannot cost the user the good ones.
 * Anything but a list is still a failure of the whole answer.
 */
export function items<T>(d: Decoder<T>): Decoder<T[]> {
  return (v, p, report) => {
    if (!Array.isArray(v)) return fail(p, l10n.t('a list'), v);
    const out: T[] = [];
    v.forEach((item, i) => {
      try {
        out.push(d(item, `${p}[${i}]`));
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        report?.(error);
      }
    });
    return out;
  };
}

type Fields<T> = { [K in keyof T]-?: Decoder<T[K]> };
type OptionalKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/**
 * An object decoder. Keys listed in `optional` may be absent (or null, which becomes absent);
 * all others are required. Unknown extra fields are kept.
 */
export function object<T extends object>(
  fields: Fields<T>,
  optional: readonly OptionalKeys<T>[] = [],
): Decoder<T> {
  return (v, p, report) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, l10n.t('an object'), v);
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = { ...input };
    for (const key of Object.keys(fields) as (keyof T & string)[]) {
      const value = input[key];
      const isOptional = (optional as readonly string[]).includes(key);
      if (isOptional && (value === undefined || value === null)) {
        delete out[key];
        continue;
      }
      out[key] = fields[key](value, p ? `${p}.${key}` : key, report);
    }
    return out as T;
  };
}
