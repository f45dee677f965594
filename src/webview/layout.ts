// The grid's geometry, pure so it is unit-tested: equal columns, equal rows, and only the
// rows near the viewport are in the DOM. A thousand results are a tall empty box with a
// few dozen tiles in it, placed absolutely by index.

export interface LayoutOptions {
  /** Tiles are never narrower than this (px) unless the viewport is. */
  minTileWidth: number;
  gap: number;
  /** Image height / tile width. */
  imageRatio: number;
  /** The caption line under the image (photographer). */
  captionHeight: number;
  padding: number;
}

export const DEFAULT_LAYOUT: LayoutOptions = {
  minTileWidth: 200,
  gap: 12,
  imageRatio: 0.75,
  captionHeight: 26,
  padding: 16,
};

export interface GridLayout {
  columns: number;
  tileWidth: number;
  imageHeight: number;
  /** Tile height plus the gap below it. */
  rowStride: number;
  rows: number;
  totalHeight: number;
  options: LayoutOptions;
}

export function computeLayout(containerWidth: number, itemCount: number, options: LayoutOptions = DEFAULT_LAYOUT): GridLayout {
  const inner = Math.max(0, containerWidth - 2 * options.padding);
  const columns = Math.max(1, Math.floor((inner + options.gap) / (options.minTileWidth + options.gap)));
  const tileWidth = Math.max(1, Math.floor((inner - (columns - 1) * options.gap) / columns));
  const imageHeight = Math.round(tileWidth * options.imageRatio);
  const rowStride = imageHeight + options.captionHeight + options.gap;
  const rows = Math.ceil(itemCount / columns);
  const totalHeight = rows === 0 ? 0 : 2 * options.padding + rows * rowStride - options.gap;
  return { columns, tileWidth, imageHeight, rowStride, rows, totalHeight, options };
}

export function tilePosition(layout: GridLayout, index: number): { top: number; left: number } {
  const row = Math.floor(index / layout.columns);
  const column = index % layout.columns;
  return {
    top: layout.options.padding + row * layout.rowStride,
    left: layout.options.padding + column * (layout.tileWidth + layout.options.gap),
  };
}

/** Indices [start, end) of the tiles to render for this scroll position, with spare rows around. */
export function visibleRange(
  layout: GridLayout,
  itemCount: number,
  scrollTop: number,
  viewportHeight: number,
  overscanRows = 2,
): { start: number; end: number } {
  if (itemCount === 0) return { start: 0, end: 0 };
  const top = Math.max(0, scrollTop - layout.options.padding);
  const firstRow = Math.max(0, Math.floor(top / layout.rowStride) - overscanRows);
  const lastRow = Math.min(layout.rows - 1, Math.floor((top + Math.max(0, viewportHeight)) / layout.rowStride) + overscanRows);
  return { start: Math.min(itemCount, firstRow * layout.columns), end: Math.min(itemCount, (lastRow + 1) * layout.columns) };
}

/** Whether the user is within `rowsLeft` rows of the end: time to ask for the next page. */
export function nearEnd(layout: GridLayout, scrollTop: number, viewportHeight: number, rowsLeft = 3): boolean {
  return scrollTop + viewportHeight >= layout.totalHeight - rowsLeft * layout.rowStride;
}

/** The scrollTop that brings a tile fully into view (unchanged if it already is). */
export function scrollToReveal(layout: GridLayout, index: number, scrollTop: number, viewportHeight: number): number {
  const { top } = tilePosition(layout, index);
  const bottom = top + layout.rowStride - layout.options.gap;
  if (top - layout.options.padding < scrollTop) return Math.max(0, top - layout.options.padding);
  if (bottom + layout.options.padding > scrollTop + viewportHeight) return bottom + layout.options.padding - viewportHeight;
  return scrollTop;
}

export type NavKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';
export const NAV_KEYS: readonly NavKey[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'];

export function isNavKey(key: string): key is NavKey {
  return (NAV_KEYS as readonly string[]).includes(key);
}

/**
 * Where the focus goes from `index` on a navigation key, in reading order; it stays put at
 * the edges (no wrapping), like the lists of the workbench.
 */
export function moveIndex(index: number, key: NavKey, columns: number, count: number, rowsPerPage: number): number {
  if (count === 0) return -1;
  const last = count - 1;
  const clamp = (i: number): number => Math.min(last, Math.max(0, i));
  const rowStep = Math.max(1, rowsPerPage) * columns;
  switch (key) {
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'ArrowRight':
      return clamp(index + 1);
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'ArrowDown':
      // From a short last row's neighbour above, go to the last tile rather than nowhere.
      return index + columns <= last ? index + columns : Math.floor(index / columns) < Math.floor(last / columns) ? last : index;
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageUp':
      return clamp(index - rowStep);
    case 'PageDown':
      return clamp(index + rowStep);
    default: {
      const never: never = key;
      return never;
    }
  }
}
