// The codicons the grid shows, and only those: the build (esbuild.mjs, `codiconPaths`) reads
// this list, takes each icon's SVG path data from @vscode/codicons and puts it into the
// webview bundle as __CODICON_PATHS__. The whole codicon font and its style sheet (more than
// 150 KB, about 540 icons) are no longer shipped; an icon is an inline <svg>, so the webview's
// CSP needs no font-src and no data: or mask images. `icon()` takes only these names (a
// type error otherwise), and test/unit/codicons.test.ts checks that every icon the webview
// source names is here and in the bundle.
export const CODICON_NAMES = [
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
  'warning',
  'watch',
] as const;

export type CodiconName = (typeof CODICON_NAMES)[number];

/** One <path> of an icon: its `d`, and whether it fills by the even-odd rule. */
export type CodiconPath = readonly [d: string, evenOdd?: 1];

declare const __CODICON_PATHS__: Readonly<Record<string, readonly CodiconPath[]>> | undefined;

/** The paths the build put in (none where the build did not, e.g. in a unit test's bundle). */
export const CODICON_PATHS: Readonly<Record<string, readonly CodiconPath[]>> =
  typeof __CODICON_PATHS__ === 'undefined' ? {} : __CODICON_PATHS__;
