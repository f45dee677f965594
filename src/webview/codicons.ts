// The codicons the grid shows, and only those: scripts/codicons.ts takes each one's SVG path
// data from @vscode/codicons and writes it to codiconPaths.ts, which the webview bundle holds
// instead of the whole codicon font and its style sheet (more than 150 KB, about 540 icons). An
// icon is an inline <svg>, so the webview's CSP needs no font-src and no data: or mask images.
// `icon()` takes only these names (a type error otherwise), and test/unit/codicons.test.ts
// checks that every icon the webview source names is here and in the bundle.
export const CODICON_NAMES = [
  'check',
  'chevron-down',
  'circle-slash',
  'clear-all',
  'close',
  'dashboard',
  'debug-disconnect',
  'device-camera-video',
  'ellipsis',
  'error',
  'eye',
  'file-media',
  'flame',
  'insert',
  'key',
  'link',
  'link-external',
  'loading',
  'play',
  'quote',
  'refresh',
  'search',
  'search-stop',
  'settings-gear',
  'star-empty',
  'star-full',
  'warning',
  'watch',
] as const;

export type CodiconName = (typeof CODICON_NAMES)[number];

/** One <path> of an icon: its `d`, and whether it fills by the even-odd rule. */
export type CodiconPath = readonly [d: string, evenOdd?: 1];
