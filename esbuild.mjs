// Builds the extension with esbuild: src/extension.ts for each extension host (dist/node.js and
// dist/extension.js), the webview (dist/webview/), and with --tests every test entry point (out/;
// the VS Code suites inside the extension under test they load, out/under-test/) and the tools
// in scripts/ (out/scripts/); with --unit only the unit tests' bundles (out/unit/, what
// `npm run test:unit` runs). `--production` minifies, `--watch` rebuilds on change.
// Type checking is `npm run typecheck`; the codicons' paths are `npm run update:codicons`.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { webTestsBundle } from './test/vscode-web/bundle.mjs';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
const watch = args.has('--watch');
const tests = args.has('--tests');
const unitOnly = args.has('--unit') && !tests;
/** The extension under test's folder (see underTest() below). */
const UNDER_TEST = join('out', 'under-test');

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

/** All files below `dir` (none if it does not exist) whose name matches `re`. */
function filesBelow(dir, re) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, name))
    .filter((path) => re.test(path.split(/[\\/]/).pop()) && statSync(path).isFile());
}

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  // Only a watch needs the start/end lines (for the problem matcher); a one-off build stays quiet.
  plugins: watch ? [problemMatcher] : [],
};

/** Writes the bundle's metafile (its inputs, their imports, its outputs) to out/meta/<name>.json, for test/unit/bundles.test.ts. */
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

/**
 * `import * as vscode from 'vscode'` in each of about 40 files would make esbuild copy the
 * module's ~200 properties once per file (about 15 ms at activation, 45 ms in all, measured with
 * a stand-in of the API's shape); routed through one module that re-exports it, that is one copy.
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

/**
 * In the Node host's entry: each module evaluated on first use (what src/ `require`s or
 * `import()`s: a feature, the client, a tool) is not bundled but taken from the extension's
 * bundle beside it, `require('./extension.js').firstUse(path)` (src/host/firstUse.ts), so
 * loading the entry compiles only what activation runs.
 */
const firstUseFromBundle = {
  name: 'first-use-from-bundle',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if ((args.kind !== 'require-call' && args.kind !== 'dynamic-import') || !args.importer.startsWith(resolve('src') + sep)) return undefined;
      const path = relative(resolve('src'), join(args.resolveDir, args.path)).split(sep).join('/').replace(/\.ts$/, '');
      return { path, namespace: 'first-use' };
    });
    build.onResolve({ filter: /^\.\/extension\.js$/, namespace: 'first-use' }, () => ({ path: './extension.js', external: true }));
    build.onLoad({ filter: /.*/, namespace: 'first-use' }, (args) => ({
      contents: `module.exports = require('./extension.js').firstUse(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

// The extension: one bundle (dist/extension.js, package.json `browser`) from src/extension.ts,
// which needs nothing but `vscode`: all of the web worker host's extension, which loads one
// file. The Node host's entry (`main`, dist/node.js) is src/node.ts: the same activation with
// Node's platform (src/host/platform/node/), and only what activation runs; what is evaluated on
// first use it takes from dist/extension.js then (firstUseFromBundle).
const extension = { ...common, format: 'cjs', external: ['vscode'], entryPoints: ['src/extension.ts'], platform: 'browser', target: 'es2022' };
const nodeEntry = { ...common, format: 'cjs', entryPoints: ['src/node.ts'], platform: 'node', target: 'node20', external: ['vscode'] };
const configs = [
  { ...extension, metafile: true, outfile: 'dist/extension.js', plugins: [...common.plugins, oneVscodeModule, writeMeta('extension')] },
  { ...nodeEntry, metafile: true, outfile: 'dist/node.js', plugins: [...common.plugins, oneVscodeModule, firstUseFromBundle, writeMeta('node')] },
  // The webview's scripts (main.ts, *.main.ts) and style sheets, into dist/webview/ alone, so the
  // panel's localResourceRoots can stay limited to that one folder.
  {
    ...common,
    entryPoints: filesBelow('src/webview', /^(main\.ts|[a-z]+\.main\.ts|[a-z][\w-]*\.css)$/),
    outdir: 'dist/webview',
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome114'],
  },
];

/**
 * The extension under test (out/under-test/): the folder the VS Code suites and the bench load as
 * the extension in development, with the same activation as the product's entries plus the
 * test hooks and the bench's timing around it (test/vscode/underTest*.ts). Its package.json is
 * the root's with `main` and `browser` naming its own entries (the Node one, dist/underTest.js,
 * requires the product's Node entry beside it, dist/node.js, which takes what is used first
 * from dist/extension.js, all three built here as the product's are); what
 * the extension reads at run time (media/, l10n/, package.nls*.json, dist/webview/) is the
 * root's, linked; the suites' bundles are built into it (vscode/, vscode-web/). The e2e tests,
 * the demo and the VSIX load the product from the root.
 */
function underTest() {
  const dist = join(UNDER_TEST, 'dist');
  mkdirSync(dist, { recursive: true });
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  writeFileSync(join(UNDER_TEST, 'package.json'), JSON.stringify({ ...pkg, main: './dist/underTest.js', browser: './dist/web.js' }, null, 2));
  // dist/webview/ is built by this same run, after the link is made: its kind is known, not read.
  const folders = [['media', join(UNDER_TEST, 'media')], ['l10n', join(UNDER_TEST, 'l10n')], [join('dist', 'webview'), join(dist, 'webview')]];
  const files = readdirSync('.').filter((name) => /^package\.nls.*\.json$/.test(name)).map((name) => [name, join(UNDER_TEST, name)]);
  for (const [links, kind] of [[folders, 'junction'], [files, 'file']]) {
    for (const [target, link] of links) {
      rmSync(link, { recursive: true, force: true });
      // A junction for a folder on Windows, which needs no rights there; elsewhere a plain link.
      symlinkSync(resolve(target), link, kind);
    }
  }
  // Never minified: the suites read the handlers' source (test/vscode/wrongArgs.test.ts).
  const build = { ...extension, sourcemap: true, minify: false, plugins: [...common.plugins, oneVscodeModule] };
  return [
    { ...build, outfile: join(dist, 'extension.js') },
    { ...nodeEntry, sourcemap: true, minify: false, outfile: join(dist, 'node.js'), plugins: [...common.plugins, oneVscodeModule, firstUseFromBundle] },
    { ...build, entryPoints: ['test/vscode/underTest.node.ts'], outfile: join(dist, 'underTest.js'), platform: 'node', target: 'node20', external: ['vscode', './node.js'] },
    { ...build, entryPoints: ['test/vscode/underTest.web.ts'], outfile: join(dist, 'web.js') },
  ];
}

if (production) {
  // Maps from an earlier development build would otherwise ship in the VSIX.
  for (const map of filesBelow('dist', /\.map$/)) rmSync(map, { force: true });
}

if (tests || unitOnly) {
  const unitEntries = filesBelow('test/unit', /\.test\.ts$/);
  const testEntries = unitOnly
    ? unitEntries
    : [...unitEntries, ...['test/e2e', 'test/server', 'test/host', 'test/bench'].flatMap((dir) => filesBelow(dir, /\.ts$/))];
  // The VS Code suites: inside the extension under test's folder (see underTest() below).
  const suiteEntries = unitOnly ? [] : filesBelow('test/vscode', /(\.test|^index)\.ts$/);
  // Release and demo tools: out/scripts/<name>.js (they use the test host's helpers).
  const scriptEntries = unitOnly ? [] : filesBelow('scripts', /\.ts$/);
  // Bundles whose source is gone would still run: remove just those (not all of out/, which a
  // concurrent run may be reading; with --unit, only in out/unit/).
  const expected = new Set([
    join(UNDER_TEST, 'vscode-web', 'index.js'),
    ...testEntries.map((e) => join('out', relative('test', e)).replace(/\.ts$/, '.js')),
    ...suiteEntries.map((e) => join(UNDER_TEST, relative('test', e)).replace(/\.ts$/, '.js')),
    ...scriptEntries.map((e) => join('out', e).replace(/\.ts$/, '.js')),
  ]);
  // The under-test folder's dist/ is this build's own (and links to dist/webview/, whose files are not out/'s).
  const stale = filesBelow(unitOnly ? join('out', 'unit') : 'out', /\.js$/).filter((file) => !expected.has(file) && !file.startsWith(join(UNDER_TEST, 'dist') + sep));
  for (const file of stale) {
    rmSync(file, { force: true });
    rmSync(`${file}.map`, { force: true });
  }
  const node = { ...common, sourcemap: true, minify: false, format: 'cjs', platform: 'node', target: 'node20' };
  const external = ['vscode', 'mocha', 'playwright-core', '@vscode/test-electron', 'typescript', 'eslint', 'yaml', 'smol-toml', 'jsonc-parser'];
  configs.push(
    // typescript: the l10n test and export parse the sources with it; eslint: the structure test
    // runs the lint configuration (both too big to bundle); the front matter parsers load as Node
    // loads them (jsonc-parser's `main` is a UMD wrapper whose inner `require`s a bundle cannot follow).
    { ...node, entryPoints: testEntries, outdir: 'out', outbase: 'test', external },
  );
  if (!unitOnly) {
    configs.push(
      { ...node, entryPoints: scriptEntries, outdir: 'out/scripts', external: ['playwright-core', 'typescript'] },
      // The suites go inside the extension's folder: VS Code hands a module the `vscode` API of the
      // extension whose folder holds it, and the suites' stand-ins (a notification recorded, say)
      // must replace what the extension itself calls.
      { ...node, entryPoints: suiteEntries, outdir: join(UNDER_TEST, 'vscode'), outbase: 'test/vscode', external },
      { ...webTestsBundle(common), outdir: UNDER_TEST },
      ...underTest(),
    );
  }
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
