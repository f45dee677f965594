// The grid's geometry: columns, the window of rendered tiles, keyboard movement.
import assert from 'node:assert/strict';
import { DEFAULT_LAYOUT, computeLayout, moveIndex, nearEnd, scrollToReveal, tilePosition, visibleRange } from '../../src/webview/layout';

describe('grid layout', () => {
  it('fits as many columns as the minimum tile width allows', () => {
    // 16 padding each side; tiles >= 200 with 12 gaps.
    assert.equal(computeLayout(1000, 10).columns, 4);
    assert.equal(computeLayout(900, 10).columns, 4);
    assert.equal(computeLayout(860, 10).columns, 3);
    assert.equal(computeLayout(100, 10).columns, 1, 'never fewer than one');
  });

  it('fills the width with equal tiles and sizes the box for every row', () => {
    const layout = computeLayout(1000, 10);
    assert.equal(layout.tileWidth, Math.floor((1000 - 32 - 3 * 12) / 4));
    assert.equal(layout.imageHeight, Math.round(layout.tileWidth * 0.75));
    assert.equal(layout.rows, 3);
    assert.equal(layout.totalHeight, 32 + 3 * layout.rowStride - 12);
    assert.equal(computeLayout(1000, 0).totalHeight, 0);
  });

  it('places tiles in reading order', () => {
    const layout = computeLayout(1000, 10);
    assert.deepEqual(tilePosition(layout, 0), { top: 16, left: 16 });
    assert.deepEqual(tilePosition(layout, 5), { top: 16 + layout.rowStride, left: 16 + layout.tileWidth + 12 });
  });

  it('renders a bounded window of rows however many results there are', () => {
    const layout = computeLayout(1000, 1000);
    const viewport = 800;
    const rowsVisible = Math.ceil(viewport / layout.rowStride) + 1;
    for (const scrollTop of [0, 5000, 20000, layout.totalHeight - viewport]) {
      const { start, end } = visibleRange(layout, 1000, scrollTop, viewport);
      assert.ok(end - start <= (rowsVisible + 4) * layout.columns, `window at ${scrollTop}: ${end - start} tiles`);
      assert.ok(start % layout.columns === 0, 'starts at a row');
      // The tiles actually on screen are inside the window.
      const firstOnScreen = Math.floor(Math.max(0, scrollTop - 16) / layout.rowStride) * layout.columns;
      assert.ok(start <= firstOnScreen && firstOnScreen < end);
    }
    assert.deepEqual(visibleRange(layout, 0, 0, viewport), { start: 0, end: 0 });
    const last = visibleRange(layout, 1000, layout.totalHeight, viewport);
    assert.equal(last.end, 1000, 'never past the last item');
  });

  it('asks for more within a few rows of the end', () => {
    const layout = computeLayout(1000, 80);
    assert.equal(nearEnd(layout, 0, 800), false);
    assert.equal(nearEnd(layout, layout.totalHeight - 800, 800), true);
    assert.equal(nearEnd(layout, layout.totalHeight - 800 - 2 * layout.rowStride, 800), true);
    assert.equal(nearEnd(layout, layout.totalHeight - 800 - 4 * layout.rowStride, 800), false);
  });

  it('scrolls just enough to reveal a tile', () => {
    const layout = computeLayout(1000, 100);
    assert.equal(scrollToReveal(layout, 0, 0, 600), 0);
    const below = scrollToReveal(layout, 40, 0, 600);
    const { top } = tilePosition(layout, 40);
    assert.equal(below, top + layout.rowStride - DEFAULT_LAYOUT.gap + 16 - 600);
    assert.equal(scrollToReveal(layout, 0, below, 600), 0, 'back up to the first row');
  });

  describe('keyboard movement', () => {
    const columns = 4;
    const count = 10; // rows: 0-3, 4-7, 8-9
    const cases: [number, Parameters<typeof moveIndex>[1], number][] = [
      [0, 'ArrowRight', 1],
      [3, 'ArrowRight', 4],
      [9, 'ArrowRight', 9],
      [0, 'ArrowLeft', 0],
      [4, 'ArrowLeft', 3],
      [1, 'ArrowDown', 5],
      [6, 'ArrowDown', 9],
      [8, 'ArrowDown', 8],
      [5, 'ArrowUp', 1],
      [2, 'ArrowUp', 2],
      [7, 'Home', 0],
      [2, 'End', 9],
      [1, 'PageDown', 9],
      [9, 'PageUp', 1],
    ];
    for (const [from, key, to] of cases) {
      it(`${key} from ${from} goes to ${to}`, () => assert.equal(moveIndex(from, key, columns, count, 2), to));
    }
    it('has nowhere to go without results', () => assert.equal(moveIndex(0, 'ArrowDown', 4, 0, 2), -1));
  });
});
