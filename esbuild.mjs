// Builds the extension (dist/extension.js, loaded at activation, and dist/features.js,
// loaded on first use through the `require('./features')` in src/extension.ts), the webview bundle (dist/webview/) and,
// with --tests, every test entry point (out/) and the tools in scripts/ (out/scripts/).
// Type checking is `npm run typecheck`.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

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

/**
 * The seam: src/extension.ts's `require('./features')` stays a run-time require of
 * dist/features.js, which Node finds beside dist/extension.js.
 */
const featuresAtRunTime = {
  name: 'features-at-run-time',
  setup(build) {
    build.onResolve({ filter: /^\.\/features$/ }, (args) =>
      args.kind === 'require-call' && /[\\/]src[\\/]extension\.ts$/.test(args.importer) ? { path: './features.js', external: true } : undefined,
    );
  },
};

const common = {
  bundle: true,
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [problemMatcher],
};

const configs = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    format: 'cjs',
    // When the bundle starts evaluating: activation time includes loading the code.
    banner: { js: '"use strict";var __stockMediaLoadStart = performance.now();' },
    // …and when it has finished evaluating, so the code's own load time can be told apart
    // from VS Code's work between loading the module and calling activate().
    footer: { js: 'var __stockMediaLoadEnd = performance.now();' },
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    plugins: [...common.plugins, oneVscodeModule, featuresAtRunTime],
  },
  {
    // The on-use bundle: loaded by the activation bundle when a feature is first used.
    ...common,
    entryPoints: ['src/features.ts'],
    outfile: 'dist/features.js',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: ['vscode'],
    plugins: [...common.plugins, oneVscodeModule],
  },
];

// The webview: its scripts (main.ts, *.main.ts) and style sheets (src/webview/*.css) into
// dist/webview/, plus the codicon font and its CSS copied there, so the panel's
// localResourceRoots can stay limited to that one folder (no node_modules in the VSIX).
const webviewEntries = [
  ...filesBelow('src/webview', /^main\.ts$|^[a-z]+\.main\.ts$/),
  ...filesBelow('src/webview', /^[a-z][\w-]*\.css$/),
];
if (webviewEntries.length > 0) {
  const codicons = 'node_modules/@vscode/codicons/dist';
  configs.push({
    ...common,
    entryPoints: webviewEntries,
    outdir: 'dist/webview',
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome114'],
    plugins: [
      ...common.plugins,
      {
        name: 'copy-codicons',
        setup(build) {
          build.onEnd(() => {
            mkdirSync('dist/webview', { recursive: true });
            for (const file of ['codicon.css', 'codicon.ttf']) copyFileSync(join(codicons, file), join('dist/webview', file));
          });
        },
      },
    ],
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
