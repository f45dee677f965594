// Slices (src/core/slices.ts): workers sharing one Slices, each looking at due() right before
// its work, let the host run after one slice of their work, all of them together, not after one
// slice each.
import assert from 'node:assert/strict';
import { SLICE_MS, Slices } from '../../src/core/slices';

/** Busy for `ms` (the work of one item). */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // working
  }
}

describe('Slices', () => {
  it('four workers sharing one let the host run after one slice of their work, not one slice each', async () => {
    const ITEM_MS = 3;
    const slices = new Slices();
    // The host's other work: a macrotask that queues itself again, noting how many items were done between its turns.
    let done = 0;
    let sinceTurn = 0;
    const between: number[] = [];
    let stopped = false;
    const turn = (): void => {
      between.push(sinceTurn);
      sinceTurn = 0;
      if (!stopped) setTimeout(turn, 0);
    };
    setTimeout(turn, 0);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < 120) {
        while (slices.due()) await slices.pause();
        if (next >= 120) break;
        next += 1;
        busy(ITEM_MS);
        done += 1;
        sinceTurn += 1;
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    stopped = true;
    assert.equal(done, 120);
    // One slice: items until SLICE_MS has passed, then one more check; a machine that pauses the
    // work only makes fewer items fit.
    const onePerSlice = Math.ceil(SLICE_MS / ITEM_MS);
    assert.ok(Math.max(...between, sinceTurn) <= onePerSlice, `at most ${onePerSlice} items between the host's turns: ${[...between, sinceTurn].join(' ')}`);
    assert.ok(between.length >= 120 / onePerSlice - 1, `the host ran between the slices (${between.length} turns)`);
  });

  it('lets no macrotask run while the slice lasts', async () => {
    const slices = new Slices();
    let ran = false;
    setTimeout(() => (ran = true), 0);
    slices.restart();
    await slices.pauseIfDue();
    assert.equal(ran, false);
  });
});
