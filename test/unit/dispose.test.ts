// The Disposable base every long-lived host object builds on (src/host/common/dispose.ts).
import * as assert from 'node:assert/strict';
import { Disposable, disposeAll } from '../../src/host/common/dispose';
import type { IDisposable } from '../../src/host/common/dispose';

class Owner extends Disposable {
  add<T extends IDisposable>(d: T): T {
    return this._register(d);
  }
  get gone(): boolean {
    return this.isDisposed;
  }
}

function recorder(log: string[], name: string): IDisposable {
  return { dispose: () => log.push(name) };
}

describe('Disposable', () => {
  it('disposes what it registered, last registered first, once', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.add(recorder(log, 'a'));
    owner.add(recorder(log, 'b'));
    owner.add(recorder(log, 'c'));
    assert.equal(owner.gone, false);
    owner.dispose();
    owner.dispose();
    assert.deepEqual(log, ['c', 'b', 'a']);
    assert.equal(owner.gone, true);
  });

  it('disposes at once what is registered after it was disposed', () => {
    const log: string[] = [];
    const owner = new Owner();
    owner.dispose();
    const late = owner.add(recorder(log, 'late'));
    assert.deepEqual(log, ['late']);
    assert.equal(typeof late.dispose, 'function', 'hands the registered object back');
  });

  it('disposeAll empties the list, last first', () => {
    const log: string[] = [];
    const list = [recorder(log, '1'), recorder(log, '2')];
    disposeAll(list);
    assert.deepEqual(log, ['2', '1']);
    assert.equal(list.length, 0);
  });
});
