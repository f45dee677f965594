// `node:assert/strict` for the web run (the bundle maps that import here): the web worker
// extension host has no Node modules. Only what test/vscode uses (ok, equal, notEqual,
// deepEqual, match, doesNotMatch, rejects), with the same strict meaning: equal is
// Object.is, deepEqual compares own enumerable properties and prototypes.

export class AssertionError extends Error {
  override readonly name = 'AssertionError';
  readonly code = 'ERR_ASSERTION';
  constructor(
    message: string,
    readonly actual?: unknown,
    readonly expected?: unknown,
    readonly operator?: string,
  ) {
    super(message);
  }
}

type Message = string | Error | undefined;

function fail(message: Message, fallback: string, actual: unknown, expected: unknown, operator: string): never {
  if (message instanceof Error) throw message;
  throw new AssertionError(message ?? fallback, actual, expected, operator);
}

/** A value as a person reads it in a failure message. */
function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (value instanceof RegExp) return String(value);
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? { Map: [...v] } : v instanceof Set ? { Set: [...v] } : v), 2);
    return text === undefined ? String(value) : text;
  } catch {
    return String(value);
  }
}

export function ok(value: unknown, message?: Message): asserts value {
  if (!value) fail(message, `The expression evaluated to a falsy value: ${show(value)}`, value, true, '==');
}

export function equal<T>(actual: unknown, expected: T, message?: Message): asserts actual is T {
  if (!Object.is(actual, expected)) fail(message, `Expected values to be strictly equal:\n  actual:   ${show(actual)}\n  expected: ${show(expected)}`, actual, expected, 'strictEqual');
}

export function notEqual(actual: unknown, expected: unknown, message?: Message): void {
  if (Object.is(actual, expected)) fail(message, `Expected "actual" to be strictly unequal to: ${show(expected)}`, actual, expected, 'notStrictEqual');
}

export function deepEqual<T>(actual: unknown, expected: T, message?: Message): asserts actual is T {
  if (!isDeepEqual(actual, expected, [])) {
    fail(message, `Expected values to be strictly deep-equal:\n  actual:   ${show(actual)}\n  expected: ${show(expected)}`, actual, expected, 'deepStrictEqual');
  }
}

export function match(text: string, pattern: RegExp, message?: Message): void {
  if (typeof text !== 'string' || !pattern.test(text)) {
    fail(message, `The input did not match the regular expression ${String(pattern)}. Input:\n${show(text)}`, text, pattern, 'match');
  }
}

export function doesNotMatch(text: string, pattern: RegExp, message?: Message): void {
  if (typeof text !== 'string' || pattern.test(text)) {
    fail(message, `The input was expected to not match the regular expression ${String(pattern)}. Input:\n${show(text)}`, text, pattern, 'doesNotMatch');
  }
}

type Expected = RegExp | ((error: unknown) => boolean) | (new (...args: never[]) => unknown) | object;

export async function rejects(promiseOrFn: Promise<unknown> | (() => Promise<unknown>), expected?: Expected, message?: Message): Promise<void> {
  let outcome: { error: unknown } | undefined;
  try {
    await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
  } catch (error) {
    outcome = { error };
  }
  if (!outcome) fail(typeof expected === 'string' ? expected : message, 'Missing expected rejection.', undefined, expected, 'rejects');
  const { error } = outcome;
  if (expected === undefined || typeof expected === 'string') return;
  if (expected instanceof RegExp) {
    if (!expected.test(String(error instanceof Error ? error.message : error))) {
      fail(message, `The rejection did not match ${String(expected)}: ${show(String(error))}`, error, expected, 'rejects');
    }
    return;
  }
  if (typeof expected === 'function') {
    // A class (its prototype is not Function.prototype's) is checked with instanceof, as Node does.
    if (expected.prototype !== undefined && error instanceof (expected as new () => unknown)) return;
    if ((expected as (error: unknown) => boolean).call(undefined, error) === true) return;
    fail(message, `The rejection did not pass the validation function: ${show(error instanceof Error ? error.message : error)}`, error, expected, 'rejects');
  }
  for (const [key, value] of Object.entries(expected)) {
    const got = (error as Record<string, unknown> | null)?.[key];
    const same = value instanceof RegExp && typeof got === 'string' ? value.test(got) : isDeepEqual(got, value, []);
    if (!same) fail(message, `The rejection's ${key} is ${show(got)}, expected ${show(value)}`, error, expected, 'rejects');
  }
}

function isDeepEqual(a: unknown, b: unknown, seen: Array<[unknown, unknown]>): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.some(([x, y]) => x === a && y === b)) return true;
  seen = [...seen, [a, b]];
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof RegExp) return String(a) === String(b);
  if (ArrayBuffer.isView(a)) {
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array((b as ArrayBufferView).buffer, (b as ArrayBufferView).byteOffset, (b as ArrayBufferView).byteLength);
    return x.length === y.length && x.every((byte, i) => byte === y[i]);
  }
  if (a instanceof Map) {
    const other = b as Map<unknown, unknown>;
    if (a.size !== other.size) return false;
    for (const [key, value] of a) if (!other.has(key) || !isDeepEqual(value, other.get(key), seen)) return false;
    return true;
  }
  if (a instanceof Set) {
    const other = b as Set<unknown>;
    if (a.size !== other.size) return false;
    for (const value of a) if (!other.has(value) && ![...other].some((v) => isDeepEqual(value, v, seen))) return false;
    return true;
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  if (Array.isArray(a) && a.length !== (b as unknown[]).length) return false;
  return keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key) && isDeepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], seen));
}
