// Writes src/webview/codiconPaths.ts: the path data of the codicons the grid shows (the names in
// src/webview/codicons.ts), taken from @vscode/codicons' SVGs and written small. The webview
// bundle holds these few icons, not the whole font and its style sheet. Run it after adding an
// icon to CODICON_NAMES or updating @vscode/codicons: `npm run update:codicons`
// (builds, then `node out/scripts/codicons.js`). test/unit/codicons.test.ts checks that the
// checked-in file is what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CODICON_NAMES } from '../src/webview/codicons';

const root = join(__dirname, '..', '..');

/**
 * Coordinates are rounded to one decimal: a tenth of the 16-unit view box moves an edge at most
 * 0.1 px at the grid's largest icon (32 px, the message icons in grid.css), which antialiasing
 * hides; the SVGs' four decimals compress badly.
 */
const PATH_DECIMALS = 1;

/** How many numbers each command the codicons use takes. */
const ARITY: Readonly<Record<string, number>> = { M: 2, L: 2, H: 1, V: 1, C: 6, Z: 0 };

/**
 * An icon's path data, written small without moving any rounded point again: each segment
 * relative or absolute, whichever is shorter (differences are taken between rounded points, so
 * nothing adds up), lines along an axis as H/V, curves whose first control point mirrors the
 * last one as S, no repeated command letters, no leading zeros and no separator a number does
 * not need. @vscode/codicons draws with M, L, H, V, C and Z only; anything else throws.
 */
export function compactPath(d: string): string {
  const scale = 10 ** PATH_DECIMALS;
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? [];
  // Whole tenths from here on, so differences are exact.
  let i = 0;
  const next = (): number => Math.round(Number(tokens[i++]) * scale);
  const number = (n: number): string => (n < 0 ? '-' : '') + String(Math.abs(n) / scale).replace(/^0\./, '.');
  /** Whether `text` may be followed by `n` without a space (a sign, or a second decimal point). */
  const joins = (text: string, n: string): boolean => n[0] === '-' || (n[0] === '.' && /\.\d*$/.test(text));
  const numbers = (list: readonly number[]): string =>
    list.map(number).reduce((text, n, k) => (k === 0 || joins(text, n) ? text + n : `${text} ${n}`), '');
  let out = '';
  let last = '';
  let command = '';
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let control: readonly [number, number] | undefined; // the last curve's second control point, for S
  /** Writes the shortest of the candidates, each [letter, numbers], all meaning the same segment. */
  const write = (candidates: readonly (readonly [string, readonly number[]])[]): void => {
    let best: [string, string] | undefined;
    for (const [letter, list] of candidates) {
      let text = numbers(list);
      // A repeated letter may go (not M's: more numbers after M would mean L).
      if (letter !== last || letter === 'M' || letter === 'm') text = letter + text;
      else if (!joins(out, text)) text = ` ${text}`;
      if (!best || text.length < best[0].length) best = [text, letter];
    }
    if (!best) return;
    out += best[0];
    last = best[1];
  };
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i] ?? '')) command = tokens[i++] ?? '';
    else if (command === 'M') command = 'L';
    const arity = ARITY[command];
    if (arity === undefined) throw new Error(`codicon path: command ${command} is not handled (${d.slice(0, 40)}…)`);
    const a = Array.from({ length: arity }, next);
    const [a0 = 0, a1 = 0, , , a4 = 0, a5 = 0] = a;
    if (command === 'M') {
      write([['M', a], ['m', [a0 - x, a1 - y]]]);
      [x, y, startX, startY] = [a0, a1, a0, a1];
    } else if (command === 'Z') {
      out += 'z';
      last = 'z';
      [x, y] = [startX, startY];
    } else if (command === 'C') {
      const relative = a.map((v, k) => v - (k % 2 ? y : x));
      const candidates: [string, number[]][] = [['C', a], ['c', relative]];
      if (control && a0 === 2 * x - control[0] && a1 === 2 * y - control[1]) candidates.push(['S', a.slice(2)], ['s', relative.slice(2)]);
      write(candidates);
      control = [a[2] ?? 0, a[3] ?? 0];
      [x, y] = [a4, a5];
      continue;
    } else {
      const toX = command === 'V' ? x : a0;
      const toY = command === 'H' ? y : command === 'V' ? a0 : a1;
      const candidates: [string, number[]][] = [['L', [toX, toY]], ['l', [toX - x, toY - y]]];
      if (toY === y) candidates.push(['H', [toX]], ['h', [toX - x]]);
      if (toX === x) candidates.push(['V', [toY]], ['v', [toY - y]]);
      write(candidates);
      [x, y] = [toX, toY];
    }
    control = undefined;
  }
  return out;
}

/** One icon's paths from its SVG: `d` compacted, and 1 for even-odd. Anything but <path> throws, so no icon is drawn wrong. */
function iconPaths(name: string): string[][] {
  const svg = readFileSync(join(root, 'node_modules', '@vscode', 'codicons', 'src', 'icons', `${name}.svg`), 'utf8');
  const elements = [...svg.matchAll(/<([a-zA-Z]+)\b([^>]*)>/g)].filter((m) => m[1] !== 'svg');
  return elements.map(([whole, tag, attrs = '']) => {
    const d = attrs.match(/\sd="([^"]+)"/)?.[1];
    if (tag !== 'path' || d === undefined) throw new Error(`codicon ${name}: unexpected element ${whole}`);
    return /fill-rule="evenodd"/.test(attrs) ? [compactPath(d), '1'] : [compactPath(d)];
  });
}

/** The text of src/webview/codiconPaths.ts. */
export function codiconPathsSource(): string {
  const entries = CODICON_NAMES.map((name) => {
    const paths = iconPaths(name).map(([d, evenOdd]) => `[${JSON.stringify(d)}${evenOdd ? ', 1' : ''}]`);
    return `  ${JSON.stringify(name)}: [${paths.join(', ')}],`;
  });
  return [
    '// Generated by scripts/codicons.ts (`npm run update:codicons`) from @vscode/codicons: do not edit.',
    '// The path data of the icons named in codicons.ts, rounded to a tenth and written small.',
    "import type { CodiconName, CodiconPath } from './codicons';",
    '',
    '/*! Icons: codicons from @vscode/codicons, © Microsoft Corporation, CC BY 4.0 (https://github.com/microsoft/vscode-codicons). */',
    'export const CODICON_PATHS: Readonly<Record<CodiconName, readonly CodiconPath[]>> = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

if (require.main === module) {
  const file = join(root, 'src', 'webview', 'codiconPaths.ts');
  writeFileSync(file, codiconPathsSource());
  console.log(`[codicons] wrote ${file} (${CODICON_NAMES.length} icons)`);
}
