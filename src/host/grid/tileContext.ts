// The grid's right-click menu on a tile (package.json `webview/context`): VS Code hands the
// menu's command the tile's `data-vscode-context`, which carries only the tile's key
// (`photo:<id>`, checked); the media is the one the grid shows under that key, as when the
// tile's own buttons are used. Nothing the webview wrote is taken for the media itself.
import { plainData } from '../../core/schema';
import { GRID_VIEW_TYPE } from '../commandIds';
import type { GridPanel } from './gridPanel';

/** The section the tiles' context names (package.json `when`: `webviewSection == tile`). */
export const TILE_SECTION = 'tile';

const TILE_KEY = /^(?:photo|video):\d{1,16}$/;

/** The tile's key, when `arg` is the context VS Code passes for a grid tile's menu. */
export function tileKeyOf(arg: unknown): string | undefined {
  const data = plainData(arg, 0);
  if (typeof data !== 'object' || data === null) return undefined;
  const context = data as Record<string, unknown>;
  if (context.webview !== GRID_VIEW_TYPE || context.webviewSection !== TILE_SECTION) return undefined;
  return typeof context.key === 'string' && TILE_KEY.test(context.key) ? context.key : undefined;
}

/**
 * A command's argument as the insert commands take it: a tile's context becomes `{ media }`
 * of the grid's item (`{ media, targetUri }` for the inserts, as the tile's Insert button
 * does); a tile that is no longer shown gives undefined (the command says to choose one).
 * Any other argument is passed on as it is.
 */
export function fromTileContext(arg: unknown, grid: GridPanel | undefined, targetUri?: string): unknown {
  const key = tileKeyOf(arg);
  if (key === undefined) return arg;
  const media = grid?.mediaFor(key);
  if (!media) return undefined;
  return targetUri ? { media, targetUri } : { media };
}
