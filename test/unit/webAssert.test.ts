// The web run's stand-in for node:assert/strict (test/vscode-web/assert.ts) must pass and
// fail exactly where Node's does, or the web run would pass tests the Node run fails.
import assert from 'node:assert/strict';
import * as web from '../vscode-web/assert';

function fails(fn: () => unknown): boolean {
  try {
    fn();
    return false;
  } catch {
    return true;
  }
}

async function rejectsFails(fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn();
    return false;
  } catch {
    return true;
  }
}

const cyclic: { self?: unknown } = {};
cyclic.self = cyclic;
const cyclic2: { self?: unknown } = {};
cyclic2.self = cyclic2;

const PAIRS: ReadonlyArray<readonly [unknown, unknown]> = [
  [1, 1],
  [1, '1'],
  [NaN, NaN],
  [0, -0],
  [null, undefined],
  ['a', 'a'],
  [[1, 2], [1, 2]],
  [[1, 2], [2, 1]],
  [[1, [2, 3]], [1, [2, 3]]],
  [[], {}],
  [[undefined], new Array<undefined>(1)],
  [{ a: 1, b: [1] }, { b: [1], a: 1 }],
  [{ a: 1 }, { a: 1, b: undefined }],
  [{ a: { b: 'x' } }, { a: { b: 'y' } }],
  [new Uint8Array([1, 2]), new Uint8Array([1, 2])],
  [new Uint8Array([1, 2]), new Uint8Array([1, 3])],
  [new Map([[1, { a: 1 }]]), new Map([[1, { a: 1 }]])],
  [new Map([[1, 2]]), new Map([[1, 3]])],
  [new Set([1, 2]), new Set([2, 1])],
  [new Set([1]), new Set([2])],
  [new Date(5), new Date(5)],
  [new Date(5), new Date(6)],
  [/a/g, /a/g],
  [/a/g, /a/i],
  [Object.create(null) as object, {}],
  [cyclic, cyclic2],
];

describe('the web tests’ assert (test/vscode-web/assert.ts)', () => {
  it('deepEqual and equal pass and fail where node:assert/strict does', () => {
    for (const [i, [a, b]] of PAIRS.entries()) {
      const label = `pair ${i}`;
      assert.equal(fails(() => web.deepEqual(a, b)), fails(() => assert.deepEqual(a, b)), `deepEqual ${label}`);
      assert.equal(fails(() => web.equal(a, b)), fails(() => assert.equal(a, b)), `equal ${label}`);
      assert.equal(fails(() => web.notEqual(a, b)), fails(() => assert.notEqual(a, b)), `notEqual ${label}`);
    }
  });

  it('ok, match and doesNotMatch', () => {
    for (const value of [0, '', null, undefined, false, 1, 'x', {}, []]) {
      assert.equal(fails(() => web.ok(value)), fails(() => assert.ok(value)), String(value));
    }
    assert.equal(fails(() => web.match('abc', /b/)), false);
    assert.equal(fails(() => web.match('abc', /d/)), true);
    assert.equal(fails(() => web.doesNotMatch('abc', /d/)), false);
    assert.equal(fails(() => web.doesNotMatch('abc', /b/)), true);
  });

  it('says what differs, and uses the message given', () => {
    assert.throws(() => web.equal(2, 1), (e: Error) => e.name === 'AssertionError' && /actual:\s+2/.test(e.message) && /expected: 1/.test(e.message));
    assert.throws(() => web.deepEqual({ a: [1] }, { a: [2] }), /"a": \[\s+1\s+\][\s\S]*"a": \[\s+2\s+\]/);
    assert.throws(() => web.ok(false, 'the reason'), { message: 'the reason' });
  });

  it('rejects: a promise that resolves fails; the validation function and error fields are checked', async () => {
    assert.equal(await rejectsFails(() => web.rejects(Promise.resolve(1))), true);
    assert.equal(await rejectsFails(() => web.rejects(Promise.reject(new Error('no')))), false);
    const kind = (e: unknown): boolean => (e as { kind?: string }).kind === 'rateLimited';
    assert.equal(await rejectsFails(() => web.rejects(Promise.reject(Object.assign(new Error('x'), { kind: 'rateLimited' })), kind)), false);
    assert.equal(await rejectsFails(() => web.rejects(Promise.reject(Object.assign(new Error('x'), { kind: 'other' })), kind)), true);
    assert.equal(await rejectsFails(() => web.rejects(Promise.reject(new TypeError('x')), TypeError)), false);
    assert.equal(await rejectsFails(() => web.rejects(Promise.reject(new Error('x')), { message: 'x' })), false);
    assert.equal(await rejectsFails(() => web.rejects(Promise.reject(new Error('x')), { message: 'y' })), true);
  });
});
