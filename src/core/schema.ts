// One way to check a value from outside (an answer of the service, a message from the
// webview, a command argument, dragged data) and to name its type: a schema is a function
// that returns the value typed or throws, and the type is inferred from it
// (`type Photo = Infer<typeof photo>`), so shape and check are written once.
// A failure is a MediaError('invalidResponse') whose `field` is the path of the value at
// fault (`photos[1].src.large`) and whose message says what was expected and what came.
import { MediaError } from './errors';
import { l10n } from './l10n';

/** Told about each list item that was skipped (see `items`), with the reason. */
export type SkipReport = (error: MediaError) => void;

/** Checks `value`, found at `path` ('' at the top), and returns it typed; throws a MediaError. */
export interface Schema<T> {
  (value: unknown, path?: string, report?: SkipReport): T;
}

/** A field an object may leave out: when the schema returns undefined the key is left out. */
export interface Optional<T> extends Schema<T | undefined> {
  readonly optional: true;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

type Shape = { readonly [key: string]: Schema<unknown> };
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { readonly optional: true } ? K : never }[keyof S];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
export type ObjectOf<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Exclude<Infer<S[K]>, undefined> }
>;

/** Throws the failure for `value` at `path`, which should have been `expected`. */
export function fail(path: string, expected: string, value: unknown): never {
  const got = value === undefined ? l10n.t('missing') : value === null ? 'null' : typeof value;
  throw new MediaError(
    'invalidResponse',
    l10n.t('The service sent an unexpected answer: “{0}” should be {1} but is {2}.', path, expected, got),
    { field: path },
  );
}

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

function check<T>(ok: (v: unknown) => boolean, expected: () => string): Schema<T> {
  return (v, p = '') => (ok(v) ? (v as T) : fail(p, expected(), v));
}

/** A string of at most `max` characters, as it came. */
export const string = (max = Infinity): Schema<string> =>
  check((v) => typeof v === 'string' && v.length <= max, () => l10n.t('text'));

/** A string of at most `max` characters that `pattern` accepts. */
export const matches = (pattern: RegExp, max = Infinity): Schema<string> =>
  check((v) => typeof v === 'string' && v.length <= max && pattern.test(v), () => l10n.t('text'));

/** A safe integer within [min, max]. */
export const integer = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Schema<number> =>
  check((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max, () => l10n.t('a whole number'));

/** A finite number (not NaN, not ±Infinity), at least `min`. */
export const number = (min = -Infinity): Schema<number> =>
  check((v) => typeof v === 'number' && Number.isFinite(v) && v >= min, () => l10n.t('a number'));

export const boolean: Schema<boolean> = check((v) => typeof v === 'boolean', () => l10n.t('true or false'));

export const unknown: Schema<unknown> = (v) => v;

/** One of `values` (compared with ===). */
export function picklist<const T extends string | number | boolean>(values: readonly T[]): Schema<T> {
  return check((v) => (values as readonly unknown[]).includes(v), () => values.join(' | '));
}

export const literal = <const T extends string | number | boolean>(value: T): Schema<T> => picklist([value]);

/** `schema`'s value turned by `f` (after it was checked). */
export function map<T, U>(schema: Schema<T>, f: (value: T) => U): Schema<U> {
  return (v, p, report) => f(schema(v, p, report));
}

/** `schema`'s value, which `ok` must also accept; otherwise a failure expecting `expected`. */
export function refine<T>(schema: Schema<T>, ok: (value: T) => boolean, expected: () => string): Schema<T> {
  return (v, p = '', report) => {
    const out = schema(v, p, report);
    return ok(out) ? out : fail(p, expected(), v);
  };
}

export function nullable<T>(schema: Schema<T>): Schema<T | null> {
  return (v, p, report) => (v === null ? null : schema(v, p, report));
}

function optionalOf<T>(schema: Schema<T | undefined>): Optional<T> {
  return Object.assign((v: unknown, p?: string, report?: SkipReport) => schema(v, p, report), { optional: true as const });
}

/**
 * Undefined (absent) or valid. With a fallback, absent becomes the fallback and the field is
 * no longer optional; null is not absent.
 */
export function optional<T>(schema: Schema<T>): Optional<T>;
export function optional<T>(schema: Schema<T>, fallback: T): Schema<T>;
export function optional<T>(schema: Schema<T>, fallback?: T): Schema<T | undefined> {
  return optionalOf((v, p, report) => (v === undefined ? fallback : schema(v, p, report)));
}

/** Absent or null, both left out of the object, or valid (the service's optional fields). */
export function orAbsent<T>(schema: Schema<T>): Optional<T> {
  return optionalOf((v, p, report) => (v === undefined || v === null ? undefined : schema(v, p, report)));
}

/** Valid, or left out when absent or invalid: a lenient command argument. */
export function lenient<T>(schema: Schema<T>): Optional<T> {
  return optionalOf((v, p, report) => {
    try {
      return schema(v, p, report);
    } catch (error) {
      if (error instanceof MediaError) return undefined;
      throw error;
    }
  });
}

/** A list of at most `max` items, every one valid (one invalid item fails the whole list). */
export function array<T>(schema: Schema<T>, max = Infinity): Schema<T[]> {
  return (v, p = '', report) =>
    Array.isArray(v) && v.length <= max ? v.map((item, i) => schema(item, `${p}[${i}]`, report)) : fail(p, l10n.t('a list'), v);
}

/**
 * A result list: each item is checked on its own, and one that fails is left out and told
 * to `report`, so one broken item cannot cost the user the good ones. Anything but a list
 * is still a failure of the whole.
 */
export function items<T>(schema: Schema<T>): Schema<T[]> {
  return (v, p = '', report) => {
    if (!Array.isArray(v)) return fail(p, l10n.t('a list'), v);
    const out: T[] = [];
    v.forEach((item, i) => {
      try {
        out.push(schema(item, `${p}[${i}]`, report));
      } catch (error) {
        if (!(error instanceof MediaError)) throw error;
        report?.(error);
      }
    });
    return out;
  };
}

function record(v: unknown, p: string): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : fail(p, l10n.t('an object'), v);
}

/**
 * An object with the fields of `shape`: each checked in order, an optional one left out when
 * its schema gives undefined. Extra fields are kept as they came. The value itself comes
 * back when no field changed (a check that changes nothing allocates nothing).
 */
export function object<const S extends Shape>(shape: S): Schema<ObjectOf<S>> {
  return (v, p = '', report) => {
    const input = record(v, p);
    let out: Record<string, unknown> | undefined;
    for (const key of Object.keys(shape)) {
      const field = shape[key] as Schema<unknown> & { optional?: true };
      const value = field(input[key], join(p, key), report);
      if (value === undefined && field.optional) {
        if (key in input) delete (out ??= { ...input })[key];
      } else if (value !== input[key] || !(key in input)) {
        (out ??= { ...input })[key] = value;
      }
    }
    return (out ?? input) as ObjectOf<S>;
  };
}

/**
 * A closed union told apart by the string field `key`: `members` maps each tag to the
 * schema of its object. Any other tag (or none) fails at `path.key`.
 */
export function variant<const K extends string, const M extends { readonly [tag: string]: Schema<object> }>(
  key: K,
  members: M,
): Schema<{ [T in keyof M & string]: Simplify<Infer<M[T]> & { [P in K]: T }> }[keyof M & string]> {
  type Out = { [T in keyof M & string]: Simplify<Infer<M[T]> & { [P in K]: T }> }[keyof M & string];
  return (v, p = '', report) => {
    const tag = record(v, p)[key];
    const member = typeof tag === 'string' && Object.hasOwn(members, tag) ? members[tag] : undefined;
    if (!member) return fail(join(p, key), Object.keys(members).join(' | '), tag);
    // The member keeps the tag: it is one of the fields it came with.
    return member(v, p, report) as Out;
  };
}

/** `value` checked by `schema`, from the top; the failures of list items go to `report`. */
export function parse<T>(schema: Schema<T>, value: unknown, report?: SkipReport): T {
  return schema(value, '', report);
}

/**
 * Whether `schema` accepts `value`. Meant for schemas that return what they were given
 * (no `map`, no fallbacks), which is what makes the narrowing true.
 */
export function is<T>(schema: Schema<T>, value: unknown): value is T {
  try {
    schema(value);
    return true;
  } catch (error) {
    if (error instanceof MediaError) return false;
    throw error;
  }
}

/** The most items a list may have in `plainData` (a tree's selection of a long collection fits). */
export const PLAIN_MAX_ITEMS = 10_000;
/** The most objects, lists and values `plainData` copies in all. */
const PLAIN_MAX_VALUES = 1_000_000;

/**
 * A command's argument as plain data, as a keybinding's JSON `args` would carry it: only own,
 * enumerable data properties (no getter is run, nothing inherited from a prototype, no
 * `__proto__` key), lists of at most PLAIN_MAX_ITEMS, strings, numbers, booleans and null.
 * Functions, symbols, bigints and undefined are left out, as are objects nested deeper than
 * `depth` or met again inside themselves. Another extension can pass a command anything;
 * what comes out can be read with the schemas above without surprises. Undefined when the
 * value cannot be read at all (a proxy that throws, too many values).
 */
export function plainData(value: unknown, depth = 16): unknown {
  let budget = PLAIN_MAX_VALUES;
  const inside = new Set<object>();
  const copy = (v: unknown, level: number): unknown => {
    if ((budget -= 1) < 0) throw new RangeError('too many values');
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
    if (typeof v !== 'object' || level > depth || inside.has(v)) return undefined;
    inside.add(v);
    try {
      if (Array.isArray(v)) {
        if (v.length > PLAIN_MAX_ITEMS) return undefined;
        const list: unknown[] = [];
        for (let i = 0; i < v.length; i++) list.push(copy(dataOf(v, String(i)), level + 1));
        return list;
      }
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(v)) {
        if (key === '__proto__') continue;
        const field = copy(dataOf(v, key), level + 1);
        if (field !== undefined) out[key] = field;
      }
      return out;
    } finally {
      inside.delete(v);
    }
  };
  try {
    return copy(value, 0);
  } catch {
    return undefined;
  }
}

/** An own data property's value, without running a getter. */
function dataOf(v: object, key: string): unknown {
  const d = Object.getOwnPropertyDescriptor(v, key);
  return d && 'value' in d ? d.value : undefined;
}
