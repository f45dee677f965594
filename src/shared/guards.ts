// Tiny run-time checks for values that cross the webview boundary. Messages are data from
// another process (and, on the host side, from a page that renders third-party text), so
// each one is checked field by field before anything acts on it.

export type Guard<T> = (value: unknown) => value is T;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}

/** A finite number (not NaN, not ±Infinity). */
export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

export function isNonNegativeInteger(value: unknown): value is number {
  return isInteger(value) && value >= 0;
}

export function isPositiveInteger(value: unknown): value is number {
  return isInteger(value) && value > 0;
}

export function oneOf<T extends string>(values: readonly T[]): Guard<T> {
  return (value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);
}

export function nullable<T>(guard: Guard<T>): Guard<T | null> {
  return (value: unknown): value is T | null => value === null || guard(value);
}

/** Absent (undefined) or valid. */
export function optional<T>(guard: Guard<T>): Guard<T | undefined> {
  return (value: unknown): value is T | undefined => value === undefined || guard(value);
}

export function arrayOf<T>(guard: Guard<T>, maxLength = Number.MAX_SAFE_INTEGER): Guard<T[]> {
  return (value: unknown): value is T[] => Array.isArray(value) && value.length <= maxLength && value.every(guard);
}

/** Checks an object's fields with one guard each; extra fields are allowed and ignored. */
export function hasFields<T>(value: unknown, fields: { [K in keyof T]-?: Guard<T[K]> }): value is T {
  if (!isRecord(value)) return false;
  for (const key of Object.keys(fields) as (keyof T & string)[]) {
    if (!fields[key](value[key])) return false;
  }
  return true;
}
