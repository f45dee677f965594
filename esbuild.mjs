// Builds the extension: dist/extension.js, the one bundle both extension hosts run (the web
// worker host's `browser` entry), and dist/node.js, the Node host's `main` entry that adds Node's
// file system code to it; the webview bundle (dist/webview/); and, with --tests, every test
// entry point (out/) and the tools in scripts/ (out/scripts/).
// Type checking is `npm run typecheck`.
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const watch = args.has('--watch');
const tests = args.has('--tests');

/** Logs in the `esbuild-problem-matchers` format so VS Code tasks can pick errors up. */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/** All files below `dir` whose name matches `re`. */
function filesBelow(dir, re) {
  let out = [];
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(filesBelow(path, re));
    else if (re.test(name)) out.push(path);
  }
  return out;
}

/**
 * `vscode` is a CommonJS module of ~350 properties. For each file that does
 * `import * as vscode from 'vscode'`, esbuild would wrap it anew, copying every property
 * (about 30 copies in the features bundle, 8 in the activation bundle: milliseconds of
 * activation in the extension host). Routing the imports through one module that
 * re-exports it makes that a single copy per bundle; the code keeps the usual import.
 */
const oneVscodeModule = {
  name: 'one-vscode-module',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'one-vscode-module' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'one-vscode-module' },
    );
    build.onLoad({ filter: /.*/, namespace: 'one-vscode-module' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  // Only a watch needs the start/end lines (for the problem matcher); a one-off build stays quiet.
  plugins: watch ? [problemMatcher] : [],
};

/** Writes the bundle's metafile (its inputs and outputs) to out/meta/<name>.json, for tests/unit/bundles.test.ts. */
function writeMeta(name) {
  return {
    name: 'write-meta',
    setup(build) {
      build.onEnd((result) => {
        if (!result.metafile) return;
        mkdirSync('out/meta', { recursive: true });
        writeFileSync(`out/meta/${name}.json`, JSON.stringify(result.metafile));
      });
    },
  };
}

/** A source file's path as the metafiles write it: `src/…`, with forward slashes. */
function sourcePath(absolute) {
  return relative(process.cwd(), absolute).split(sep).join('/');
}

// When the bundle starts evaluating: activation time includes loading the code.
const loadStart = '"use strict";var __stockMediaLoadStart = performance.now();';
// …and when it has finished evaluating, so the code's own load time can be told apart
// from VS Code's work between loading the module and calling activate().
const loadEnd = 'var __stockMediaLoadEnd = performance.now();';

/**
 * One bundle for both hosts. dist/extension.js (package.json's `browser`) is every module
 * once, the features inlined behind src/extension.ts's `require('./host/features')` (esbuild
 * evaluates them on its first call, not at load), and needs nothing but `vscode`: the web worker
 * host's `require` knows nothing else. dist/node.js (package.json's `main`) is the Node host's
 * entry: src/node.ts and platform/node/ (Node's fs), and nothing else. Every other module they
 * import is the bundle's own copy, which the bundle hands out as `hostModules` (keyed by source
 * path), so no module exists twice (one translator, one MediaError class).
 */
const NODE_ONLY = /^src\/(node\.ts$|host\/platform\/node\/)/;
const nodeEntry = { ...common, entryPoints: ['src/node.ts'], format: 'cjs', platform: 'node', target: 'node20', external: ['vscode'], metafile: true };

/** The modules the Node entry takes from the bundle: the imports leaving src/node.ts and platform/node/. */
async function modulesForNode() {
  const found = new Set();
  await esbuild.build({
    ...nodeEntry,
    write: false,
    sourcemap: false,
    minify: false,
    plugins: [
      {
        name: 'find-bundle-modules',
        setup(build) {
          build.onResolve({ filter: /^\.\.?\// }, async (args) => {
            if (args.pluginData === 'find') return undefined;
            const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'find' });
            const path = sourcePath(resolved.path);
            if (NODE_ONLY.test(path)) return undefined;
            found.add(path);
            return { path, external: true };
          });
        },
      },
    ],
  });
  return [...found].sort();
}

/** The bundle's entry: src/extension.ts's exports plus `hostModules`. */
function bundleEntry(modules) {
  return {
    name: 'bundle-entry',
    setup(build) {
      build.onResolve({ filter: /^stock-media-bundle$/ }, () => ({ path: 'stock-media-bundle', namespace: 'bundle-entry' }));
      build.onLoad({ filter: /.*/, namespace: 'bundle-entry' }, () => ({
        resolveDir: process.cwd(),
        loader: 'js',
        contents: [
          "export * from './src/extension.ts';",
          ...modules.map((path, i) => `import * as m${i} from './${path}';`),
          `export const hostModules = {${modules.map((path, i) => `${JSON.stringify(path)}: m${i}`).join(', ')}};`,
        ].join('\n'),
      }));
    },
  };
}

/** In the Node entry: an import of any module but its own becomes the bundle's copy (`require('./extension.js')`, beside it). */
function fromBundle(modules) {
  const handedOut = new Set(modules);
  return {
    name: 'from-bundle',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.namespace !== 'file' || args.pluginData === 'from-bundle') return undefined;
        const resolved = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'from-bundle' });
        const path = sourcePath(resolved.path);
        if (NODE_ONLY.test(path)) return undefined;
        // A watch keeps the list it started with: a new import needs a new build.
        if (!handedOut.has(path)) return { errors: [{ text: `${path} is not in the bundle's hostModules: restart the build` }] };
        return { path, namespace: 'from-bundle' };
      });
      build.onResolve({ filter: /^\.\/extension\.js$/, namespace: 'from-bundle' }, () => ({ path: './extension.js', external: true }));
      build.onLoad({ filter: /.*/, namespace: 'from-bundle' }, (args) => ({
        loader: 'js',
        contents: `module.exports = require('./extension.js').hostModules[${JSON.stringify(args.path)}];`,
      }));
    },
  };
}

const forNode = await modulesForNode();
const configs = [
  {
    ...common,
    entryPoints: ['stock-media-bundle'],
    outfile: 'dist/extension.js',
    format: 'cjs',
    banner: { js: loadStart },
    footer: { js: loadEnd },
    platform: 'browser',
    target: 'es2022',
    external: ['vscode'],
    metafile: true,
    plugins: [...common.plugins, oneVscodeModule, bundleEntry(forNode), writeMeta('extension')],
  },
  { ...nodeEntry, outfile: 'dist/node.js', plugins: [...common.plugins, fromBundle(forNode), writeMeta('node')] },
];
// Left by builds from before the one bundle: a VSIX must not ship them.
for (const old of ['dist/features.js', 'dist/features.js.map', 'dist/web']) rmSync(old, { force: true, recursive: true });

/**
 * An icon's path data, written small. Its coordinates are rounded to one decimal: a tenth of
 * the 16-unit view box moves an edge at most 0.1 px at the grid's largest icon (32 px, the
 * message icons in grid.css), which antialiasing hides (checked by rendering every icon at 32 px
 * on a 2x screen, before and after); the SVGs' four decimals compress badly. Then, without
 * moving any rounded point again: each segment relative or absolute, whichever is shorter (the
 * differences are taken between rounded points, so nothing adds up), lines along an axis as H/V,
 * curves whose first control point mirrors the last one as S, no repeated command letters, no
 * leading zeros and no separator a number does not need. @vscode/codicons draws with M, L, H, V,
 * C and Z only; anything else fails the build. test/unit/codicons.test.ts reads the result back
 * into absolute points and compares them with the SVGs' rounded points.
 */
const PATH_DECIMALS = 1;

function compactPath(d) {
  const scale = 10 ** PATH_DECIMALS;
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? [];
  const arity = { M: 2, L: 2, H: 1, V: 1, C: 6, Z: 0 };
  // Whole tenths from here on, so differences are exact.
  let i = 0;
  let command = '';
  const next = () => Math.round(Number(tokens[i++]) * scale);
  const number = (n) => (n < 0 ? '-' : '') + String(Math.abs(n) / scale).replace(/^0\./, '.');
  const numbers = (list) =>
    list.map(number).reduce((text, n, k) => (k === 0 || n[0] === '-' || (n[0] === '.' && /\.\d*$/.test(text)) ? text + n : `${text} ${n}`), '');
  let out = '';
  let last = '';
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let control; // the last curve's second control point, for S
  /** Writes the shortest of the candidates, each [letter, numbers], all meaning the same segment. */
  const write = (candidates) => {
    let best;
    for (const [letter, list] of candidates) {
      let text = numbers(list);
      // A repeated letter may go (not M's: more numbers after M would mean L).
      if (letter !== last || letter === 'M' || letter === 'm') text = letter + text;
      else if (!(text[0] === '-' || (text[0] === '.' && /\.\d*$/.test(out)))) text = ` ${text}`;
      if (!best || text.length < best[0].length) best = [text, letter];
    }
    out += best[0];
    last = best[1];
  };
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) command = tokens[i++];
    else if (command === 'M') command = 'L';
    if (!(command in arity)) throw new Error(`codicon path: command ${command} is not handled (${d.slice(0, 40)}…)`);
    const a = Array.from({ length: arity[command] }, next);
    if (command === 'M') {
      write([['M', a], ['m', [a[0] - x, a[1] - y]]]);
      [x, y, startX, startY] = [a[0], a[1], a[0], a[1]];
    } else if (command === 'Z') {
      out += 'z';
      last = 'z';
      [x, y] = [startX, startY];
    } else if (command === 'C') {
      const relative = a.map((v, k) => v - (k % 2 ? y : x));
      const candidates = [['C', a], ['c', relative]];
      if (control && a[0] === 2 * x - control[0] && a[1] === 2 * y - control[1]) candidates.push(['S', a.slice(2)], ['s', relative.slice(2)]);
      write(candidates);
      control = [a[2], a[3]];
      [x, y] = [a[4], a[5]];
      continue;
    } else {
      const toX = command === 'V' ? x : a[0];
      const toY = command === 'H' ? y : command === 'V' ? a[0] : a[1];
      const candidates = [['L', [toX, toY]], ['l', [toX - x, toY - y]]];
      if (toY === y) candidates.push(['H', [toX]], ['h', [toX - x]]);
      if (toX === x) candidates.push(['V', [toY]], ['v', [toY - y]]);
      write(candidates);
      [x, y] = [toX, toY];
    }
    control = undefined;
  }
  return out;
}

/**
 * The codicons the webview names (src/webview/codicons.ts, CODICON_NAMES), as path data from
 * @vscode/codicons' SVGs: `{ name: [[d, 1 if even-odd], …] }`. Only these go into the bundle
 * (as __CODICON_PATHS__), not the whole font and its style sheet. An icon's SVG with anything
 * but <path> elements fails the build, so no icon is drawn wrong.
 */
function codiconPaths() {
  const list = readFileSync('src/webview/codicons.ts', 'utf8').match(/CODICON_NAMES = \[([^\]]*)\]/);
  if (!list) throw new Error('src/webview/codicons.ts: no CODICON_NAMES list');
  const names = [...list[1].matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1]);
  const paths = {};
  for (const name of names) {
    const svg = readFileSync(join('node_modules/@vscode/codicons/src/icons', `${name}.svg`), 'utf8');
    const elements = [...svg.matchAll(/<([a-zA-Z]+)\b([^>]*)>/g)].filter((m) => m[1] !== 'svg');
    paths[name] = elements.map(([whole, tag, attrs]) => {
      const d = attrs.match(/\sd="([^"]+)"/);
      if (tag !== 'path' || !d) throw new Error(`codicon ${name}: unexpected element ${whole}`);
      const compact = compactPath(d[1]);
      return /fill-rule="evenodd"/.test(attrs) ? [compact, 1] : [compact];
    });
  }
  return paths;
}

// The webview: its scripts (main.ts, *.main.ts) and style sheets (src/webview/*.css) into
// dist/webview/, so the panel's localResourceRoots can stay limited to that one folder (no
// node_modules in the VSIX). The codicons it shows are inlined into the script (codiconPaths).
const webviewEntries = [
  ...filesBelow('src/webview', /^main\.ts$|^[a-z]+\.main\.ts$/),
  ...filesBelow('src/webview', /^[a-z][\w-]*\.css$/),
];
if (webviewEntries.length > 0) {
  // A development build whose dist/ still holds the old font and its CSS would ship them.
  for (const old of ['codicon.css', 'codicon.ttf']) rmSync(join('dist/webview', old), { force: true });
  configs.push({
    ...common,
    entryPoints: webviewEntries,
    outdir: 'dist/webview',
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome114'],
    // The codicons' legal notice (CC BY 4.0) stays in the minified bundle.
    banner: { js: '/*! Icons: codicons from @vscode/codicons, © Microsoft Corporation, CC BY 4.0 (https://github.com/microsoft/vscode-codicons). */' },
    define: { __CODICON_PATHS__: JSON.stringify(codiconPaths()) },
  });
}

if (production) {
  // Maps from an earlier development build would otherwise ship in the VSIX.
  for (const map of filesBelow('dist', /\.map$/)) rmSync(map, { force: true });
}

if (tests) {
  const testEntries = [
    ...filesBelow('test/unit', /\.test\.ts$/),
    ...filesBelow('test/vscode', /(\.test|^index)\.ts$/),
    ...filesBelow('test/e2e', /\.ts$/),
    ...filesBelow('test/server', /\.ts$/),
    ...filesBelow('test/host', /\.ts$/),
    ...filesBelow('test/bench', /\.ts$/),
  ];
  // Release and demo tools: out/scripts/<name>.js (they use the test host's helpers).
  const scriptEntries = filesBelow('scripts', /\.ts$/);
  // Bundles whose test source is gone would still run: remove just those (not all of out/,
  // which a concurrent run may be reading).
  const expected = new Set([
    join('out', 'vscode-web', 'index.js'),
    ...testEntries.map((e) => join('out', relative('test', e)).replace(/\.ts$/, '.js')),
    ...scriptEntries.map((e) => join('out', e).replace(/\.ts$/, '.js')),
  ]);
  for (const file of filesBelow('out', /\.js$/)) {
    if (expected.has(file)) continue;
    rmSync(file, { force: true });
    rmSync(`${file}.map`, { force: true });
  }
  configs.push({
    ...common,
    sourcemap: true,
    minify: false,
    entryPoints: testEntries,
    outdir: 'out',
    outbase: 'test',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // typescript: the l10n test and export parse the sources with it; eslint: the structure test
    // runs the lint configuration (both too big to bundle).
    external: ['vscode', 'mocha', 'playwright-core', '@vscode/test-electron', 'typescript', 'eslint'],
  });
  configs.push(webTestsBundle());
  configs.push({
    ...common,
    sourcemap: true,
    minify: false,
    entryPoints: scriptEntries,
    outdir: 'out/scripts',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['playwright-core', 'typescript'],
  });
}

/**
 * The VS Code suites for the web worker extension host (out/vscode-web/index.js; see
 * test/vscode-web/index.ts): one browser bundle of mocha's browser build and every
 * test/vscode/*.test.ts, which `stock-media-web-tests` requires in name order once mocha is set
 * up. What the worker lacks is mapped to this project's stand-ins: node:assert/strict, the
 * local API server (run by the runner, reached through its control server), node:module, and
 * the other Node modules (functions that throw: only Node-only tests call them).
 */
function webTestsBundle() {
  const here = process.cwd();
  const web = (name) => join(here, 'test', 'vscode-web', name);
  const testFiles = filesBelow('test/vscode', /\.test\.ts$/).sort();
  // Names imported from Node modules by the suites (and, until they are web-safe, by src/).
  const nodeExports = [
    'join', 'resolve', 'dirname', 'basename', 'relative', 'isAbsolute', 'readFileSync', 'writeFileSync',
    'existsSync', 'appendFileSync', 'readdirSync', 'mkdtemp', 'readdir', 'rm', 'symlink', 'readFile',
    'writeFile', 'tmpdir', 'createServer', 'randomBytes', 'format', 'realpath', 'stat', 'open',
  ];
  const builtins = /^(node:.*|fs|path|os|crypto|perf_hooks|inspector|module|buffer|util|stream|child_process|url|net|http|https|zlib|events|assert|tty|v8|worker_threads)$/;
  return {
    ...common,
    // No map: the worker's stack traces do not use one, and typescript (bundled for the
    // hostile checks) would double the size.
    sourcemap: false,
    minify: false,
    entryPoints: { 'vscode-web/index': 'test/vscode-web/index.ts' },
    outdir: 'out',
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    external: ['vscode'],
    // Only handed to createRequire (webRequire.ts), which ignores it.
    define: { __filename: JSON.stringify('out/vscode-web/index.js'), __dirname: JSON.stringify('out/vscode-web') },
    plugins: [
      ...common.plugins,
      {
        name: 'web-tests',
        setup(build) {
          build.onResolve({ filter: /^stock-media-web-tests$/ }, () => ({ path: 'stock-media-web-tests', namespace: 'web-tests' }));
          build.onLoad({ filter: /.*/, namespace: 'web-tests' }, () => ({
            resolveDir: here,
            loader: 'js',
            contents: `export function loadTestFiles() {\n${testFiles.map((f) => `  require(${JSON.stringify(`./${f.split(sep).join('/')}`)});`).join('\n')}\n}\n`,
          }));
          // mocha's browser build is a UMD script: run it as a browser does (its global
          // branch, setting globalThis.mocha), not as a module that would take over this
          // bundle's `module.exports`.
          build.onLoad({ filter: /[\\/]mocha[\\/]mocha\.js$/ }, (args) => ({
            loader: 'js',
            contents: `(function (module, exports, define) {\n${readFileSync(args.path, 'utf8')}\n}).call(globalThis);\n`,
          }));
          build.onResolve({ filter: /^node:assert(\/strict)?$/ }, () => ({ path: web('assert.ts') }));
          build.onResolve({ filter: /^(node:)?module$/ }, () => ({ path: web('webRequire.ts') }));
          build.onResolve({ filter: /[\\/]server[\\/]server$/ }, (args) =>
            /[\\/]test[\\/]vscode[\\/]/.test(args.importer) ? { path: web('apiServer.ts') } : undefined,
          );
          build.onResolve({ filter: builtins }, (args) => ({ path: args.path, namespace: 'node-only' }));
          build.onLoad({ filter: /.*/, namespace: 'node-only' }, (args) => ({
            resolveDir: here,
            loader: 'js',
            contents: [
              `import { nodeOnly, nodeOnlyObject } from ${JSON.stringify(web('nodeOnly.ts'))};`,
              ...nodeExports.map((name) => `export const ${name} = nodeOnly(${JSON.stringify(args.path)}, ${JSON.stringify(name)});`),
              `export const promises = nodeOnlyObject(${JSON.stringify(args.path)}, 'promises');`,
              `export const sep = '/';`,
              `export default nodeOnlyObject(${JSON.stringify(args.path)}, 'default');`,
            ].join('\n'),
          }));
        },
      },
    ],
  };
}

if (watch) {
  const contexts = await Promise.all(configs.map((c) => esbuild.context(c)));
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  const results = await Promise.allSettled(configs.map((c) => esbuild.build(c)));
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) {
    for (const f of failed) console.error(String(f.reason?.message ?? f.reason));
    process.exit(1);
  }
}
