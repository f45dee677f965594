// The grid ships only the codicons it uses (src/webview/codicons.ts), as path data in its
// bundle. This checks the list against what the webview source actually names, so an icon
// added to the grid cannot go missing (it would draw nothing), and an icon no longer used
// does not stay in the bundle. Names are found with the TypeScript checker: every string
// literal whose expected type is CodiconName (arguments of icon/iconButton/setIcon, and the
// typed tables and ternaries that feed them), plus every `codicon-<name>` class in the
// webview's TypeScript and CSS.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
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

  it('are in the built webview bundle with the paths of @vscode/codicons, and the font is not', () => {
    const bundle = readFileSync(join(root, 'dist', 'webview', 'main.js'), 'utf8');
    for (const name of CODICON_NAMES) {
      const svg = readFileSync(join(iconsDir, `${name}.svg`), 'utf8');
      // Rounded to two decimals, as esbuild.mjs's roundPath does.
      const paths = [...svg.matchAll(/\sd="([^"]+)"/g)].map((m) => m[1]!.replace(/-?\d*\.\d+/g, (n) => String(Math.round(Number(n) * 100) / 100)));
      assert.ok(paths.length > 0, `${name}.svg has paths`);
      for (const d of paths) assert.ok(bundle.includes(JSON.stringify(d).slice(1, -1)), `${name}: path ${d.slice(0, 20)}… in dist/webview/main.js`);
    }
    const shipped = readdirSync(join(root, 'dist', 'webview'));
    assert.ok(!shipped.some((f) => /^codicon\./.test(f)), `no codicon font or CSS in dist/webview (${shipped.join(', ')})`);
    assert.match(bundle, /codicons from @vscode\/codicons, © Microsoft Corporation, CC BY 4\.0/, 'the licence notice is kept');
  });
});
