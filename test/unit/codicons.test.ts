// The grid ships only the codicons it uses (src/webview/codicons.ts), as path data in its
// bundle (src/webview/codiconPaths.ts, written by scripts/codicons.ts). This checks the list against what the webview source actually names, so an icon
// added to the grid cannot go missing (it would draw nothing), and an icon no longer used
// does not stay in the bundle. Names are found with the TypeScript checker: every string
// literal whose expected type is CodiconName (arguments of icon/iconButton/setIcon, and the
// typed tables and ternaries that feed them), plus every `codicon-<name>` class in the
// webview's TypeScript and CSS.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { codiconPathsSource } from '../../scripts/codicons';
import { CODICON_PATHS } from '../../src/webview/codiconPaths';
import { CODICON_NAMES } from '../../src/webview/codicons';

const root = join(__dirname, '..', '..');
const webviewDir = join(root, 'src', 'webview');
const iconsDir = join(root, 'node_modules', '@vscode', 'codicons', 'src', 'icons');

/** CodiconName itself: the union of exactly the subset's names (the alias is not kept on it). */
function isCodiconName(type: ts.Type): boolean {
  if (!type.isUnion()) return false;
  const names = type.types.map((t) => (t.isStringLiteral() ? t.value : undefined));
  return names.length === CODICON_NAMES.length && names.every((n) => n !== undefined && (CODICON_NAMES as readonly string[]).includes(n));
}

function usedByTypes(): Map<string, string> {
  const files = readdirSync(webviewDir).filter((f) => f.endsWith('.ts')).map((f) => join(webviewDir, f));
  const config = ts.readConfigFile(join(root, 'tsconfig.webview.json'), (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const used = new Map<string, string>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    assert.ok(source, file);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node)) {
        const expected = checker.getContextualType(node);
        if (expected && isCodiconName(expected)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          used.set(node.text, `${file.slice(root.length + 1)}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

function usedAsClasses(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(webviewDir).filter((f) => /\.(ts|css)$/.test(f))) {
    for (const m of readFileSync(join(webviewDir, file), 'utf8').matchAll(/codicon-([a-z0-9-]+)/g)) {
      // Not icons: the modifiers and the spin keyframes.
      if (!/^(modifier-|spin$)/.test(m[1]!)) names.add(m[1]!);
    }
  }
  return names;
}

/**
 * A path as its absolute points, each number rounded to a tenth as it is read: one line per
 * segment, H/V as L, S as C with its mirrored control point. Takes the SVGs' absolute form and
 * the compacted relative one (M, L, H, V, C, S, Z either way).
 */
function absolutePoints(d: string): string {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? [];
  const arity: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, z: 0 };
  const segments: string[] = [];
  let i = 0;
  let command = '';
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let control: [number, number] | undefined;
  while (i < tokens.length) {
    if (/^[a-zA-Z]$/.test(tokens[i]!)) command = tokens[i++]!;
    else if (command === 'M') command = 'L';
    else if (command === 'm') command = 'l';
    const lower = command.toLowerCase();
    const count = arity[lower];
    assert.ok(count !== undefined, `path command ${command} in ${d.slice(0, 30)}…`);
    const n = Array.from({ length: count }, () => Math.round(Number(tokens[i++]) * 10));
    const dx = command === lower ? x : 0;
    const dy = command === lower ? y : 0;
    if (lower === 'm') [x, y, startX, startY] = [n[0]! + dx, n[1]! + dy, n[0]! + dx, n[1]! + dy];
    else if (lower === 'z') [x, y] = [startX, startY];
    else if (lower === 'l') [x, y] = [n[0]! + dx, n[1]! + dy];
    else if (lower === 'h') x = n[0]! + dx;
    else if (lower === 'v') y = n[0]! + dy;
    if (lower === 'c' || lower === 's') {
      const first = lower === 'c' ? [n[0]! + dx, n[1]! + dy] : control ? [2 * x - control[0], 2 * y - control[1]] : [x, y];
      const rest = lower === 'c' ? n.slice(2) : n;
      control = [rest[0]! + dx, rest[1]! + dy];
      [x, y] = [rest[2]! + dx, rest[3]! + dy];
      segments.push(`C ${[...first, ...control, x, y].join(' ')}`);
    } else {
      control = undefined;
      segments.push(lower === 'z' ? 'Z' : `${lower === 'm' ? 'M' : 'L'} ${x} ${y}`);
    }
  }
  return segments.join('\n');
}

describe('Codicon subset', function () {
  this.timeout(60_000);
  const subset = new Set<string>(CODICON_NAMES);
  const byType = usedByTypes();

  it('finds the icons the webview names, through the checker', () => {
    // Spot checks that the scan sees each way an icon is named: a call's literal, a typed
    // table (results.ts), a tuple list (preview.ts) and a ternary (gridApp.ts's failure icons).
    for (const name of ['search', 'eye', 'quote', 'watch', 'settings-gear', 'star-empty', 'flame']) {
      assert.ok(byType.has(name), `${name} found (found: ${[...byType.keys()].join(', ')})`);
    }
  });

  it('holds every icon the webview source names, and nothing else', () => {
    const used = new Set([...byType.keys(), ...usedAsClasses()]);
    const missing = [...used].filter((n) => !subset.has(n));
    assert.deepEqual(missing, [], `named in the webview but not in src/webview/codicons.ts: ${missing.map((n) => `${n} (${byType.get(n) ?? 'a class'})`).join(', ')}`);
    const unused = [...subset].filter((n) => !used.has(n));
    assert.deepEqual(unused, [], 'in the subset but never named by the webview');
    assert.ok(subset.size >= 20 && subset.size <= 40, `about 20 icons, not the whole font (${subset.size})`);
  });

  it('codiconPaths.ts is what scripts/codicons.ts writes (npm run update:codicons)', () => {
    const checkedIn = readFileSync(join(webviewDir, 'codiconPaths.ts'), 'utf8');
    assert.ok(checkedIn === codiconPathsSource(), 'src/webview/codiconPaths.ts is out of date: run `npm run update:codicons`');
  });

  it('codiconPaths.ts holds the shapes of @vscode/codicons, each point rounded to a tenth', () => {
    for (const name of CODICON_NAMES) {
      const svg = readFileSync(join(iconsDir, `${name}.svg`), 'utf8');
      const paths = [...svg.matchAll(/<path\b([^>]*)>/g)].map((m) => [absolutePoints(/\sd="([^"]+)"/.exec(m[1]!)![1]!), /fill-rule="evenodd"/.test(m[1]!)]);
      assert.deepEqual(CODICON_PATHS[name].map(([d, evenOdd]) => [absolutePoints(d), evenOdd === 1]), paths, name);
    }
  });

  it('are in the built webview bundle with the shapes of @vscode/codicons, and the font is not', () => {
    const bundle = readFileSync(join(root, 'dist', 'webview', 'main.js'), 'utf8');
    // The build writes the paths small (relative segments, S, H/V, no needless separators);
    // read back into absolute points, each must be the SVG's own path with its points rounded
    // as scripts/codicons.ts's compactPath rounds them (to a tenth).
    const shipped = new Set([...bundle.matchAll(/"(M[-.\d][-.\d MmLlHhVvCcSsZz]*)"/g)].map((m) => absolutePoints(m[1]!)));
    for (const name of CODICON_NAMES) {
      const svg = readFileSync(join(iconsDir, `${name}.svg`), 'utf8');
      const paths = [...svg.matchAll(/\sd="([^"]+)"/g)].map((m) => m[1]!);
      assert.ok(paths.length > 0, `${name}.svg has paths`);
      for (const d of paths) assert.ok(shipped.has(absolutePoints(d)), `${name}: path ${d.slice(0, 20)}… in dist/webview/main.js`);
    }
    const files = readdirSync(join(root, 'dist', 'webview'));
    assert.ok(!files.some((f) => /^codicon\./.test(f)), `no codicon font or CSS in dist/webview (${files.join(', ')})`);
    assert.match(bundle, /codicons from @vscode\/codicons, © Microsoft Corporation, CC BY 4\.0/, 'the licence notice is kept');
  });
});
