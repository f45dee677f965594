import assert from 'node:assert/strict';
import { HourlyCounter } from '../../src/core/quota';
import type { StateStore } from '../../src/core/settledStore';
import { SETTLE_MS, SettledStore } from '../../src/core/settledStore';

/**
 * globalState as VS Code's extension host keeps it: one object, replaced whole by each echo the
 * workbench sends back of what it stored (`echo`, in the order the writes were stored).
 */
class EchoingState implements StateStore {
  value: Record<string, unknown> = {};
  /** What each write stored, as the workbench will echo it. */
  readonly stored: Record<string, unknown>[] = [];
  updates = 0;
  synced: readonly string[] = [];
  get<T>(key: string, defaultValue?: T): T {
    return (key in this.value ? this.value[key] : defaultValue) as T;
  }
  keys(): readonly string[] {
    return Object.keys(this.value);
  }
  setKeysForSync(keys: readonly string[]): void {
    this.synced = keys;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.updates++;
    const next = { ...this.value };
    if (value === undefined) delete next[key];
    else next[key] = JSON.parse(JSON.stringify(value));
    this.value = next;
    this.stored.push(this.value);
  }
  /** The workbench's echo of the `n`th write arrives (late). */
  echo(n: number): void {
    this.value = this.stored[n] as Record<string, unknown>;
  }
}

/** Timers run when the test says so. */
class ManualTimers {
  readonly pending: { run: () => void; ms: number }[] = [];
  readonly later = (run: () => void, ms: number): void => void this.pending.push({ run, ms });
  /** Runs the timers due now; returns how many ran. */
  async runAll(): Promise<number> {
    const due = this.pending.splice(0);
    for (const t of due) t.run();
    // The writes they start resolve before the next look.
    await new Promise((resolve) => setImmediate(resolve));
    return due.length;
  }
}

describe('SettledStore (globalState writes checked once settled)', () => {
  it('an echo of an earlier write that takes a later one back: the later value is written again', async () => {
    const inner = new EchoingState();
    const timers = new ManualTimers();
    const store = new SettledStore(inner, timers.later);
    const hour = 1_000;
    const counter = new HourlyCounter(store, 'count');
    const now = hour * 3_600_000;
    counter.count(now);
    counter.count(now);
    counter.count(now);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(store.get('count'), { hour, count: 3 });
    // The echo of the second write arrives last and replaces the whole state.
    inner.echo(1);
    assert.deepEqual(store.get('count'), { hour, count: 2 }, 'the race reproduced');
    assert.equal(timers.pending.length, 1, 'one check pending, whatever the number of writes');
    assert.equal(timers.pending[0]?.ms, SETTLE_MS);
    await timers.runAll();
    assert.deepEqual(store.get('count'), { hour, count: 3 }, 'written again');
    assert.deepEqual(new HourlyCounter(inner, 'count').thisHour(now), 3, 'a reload reads 3');
    // Settled now: the next check writes nothing and stops.
    const updates = inner.updates;
    await timers.runAll();
    assert.equal(inner.updates, updates);
    assert.equal(timers.pending.length, 0);
  });

  it('an echo that replaces the whole state takes back other keys too: each is written again', async () => {
    const inner = new EchoingState();
    const timers = new ManualTimers();
    const store = new SettledStore(inner, timers.later);
    await store.update('a', 1);
    await store.update('b', ['x']);
    await store.update('a', 2);
    inner.echo(0); // { a: 1 }: b gone, a back to 1
    await timers.runAll();
    assert.deepEqual(inner.value, { a: 2, b: ['x'] });
  });

  it('a value this window never wrote (another window’s) is left as it is', async () => {
    const inner = new EchoingState();
    const timers = new ManualTimers();
    const store = new SettledStore(inner, timers.later);
    await store.update('starred', ['photo:1']);
    await store.update('starred', ['photo:1', 'photo:2']);
    inner.value = { starred: ['photo:9'] };
    const updates = inner.updates;
    await timers.runAll();
    assert.equal(inner.updates, updates, 'nothing written');
    assert.deepEqual(store.get('starred'), ['photo:9']);
  });

  it('a key removed (undefined) that an echo brings back is removed again', async () => {
    const inner = new EchoingState();
    const timers = new ManualTimers();
    const store = new SettledStore(inner, timers.later);
    await store.update('k', 'old');
    await store.update('k', undefined);
    inner.echo(0);
    await timers.runAll();
    assert.equal(store.get('k'), undefined, 'removed again');
    assert.deepEqual(store.keys(), []);
  });

  it('a store that never keeps the value: a bounded number of writes again, then left', async () => {
    const inner = new EchoingState();
    const timers = new ManualTimers();
    const store = new SettledStore(inner, timers.later);
    await store.update('k', 1);
    await store.update('k', 2);
    let rounds = 0;
    for (; rounds < 20; rounds++) {
      inner.echo(0); // back to 1 each time
      if ((await timers.runAll()) === 0) break;
    }
    assert.equal(inner.updates, 2 + 5, 'five writes again');
    assert.ok(rounds < 20, 'and then no more checks');
  });

  it('reads, keys and sync go to globalState as they are', async () => {
    const inner = new EchoingState();
    const store = new SettledStore(inner, new ManualTimers().later);
    await store.update('x', 5);
    assert.equal(store.get('x'), 5);
    assert.equal(store.get('y', 7), 7);
    assert.deepEqual(store.keys(), ['x']);
    store.setKeysForSync(['x']);
    assert.deepEqual(inner.synced, ['x']);
  });
});
