// The esbuild config of the VS Code suites for the web worker extension host
// (out/under-test/vscode-web/index.js): the one mocha entry, test/vscode/index.ts, with this folder's
// testHost.ts in place of the Node host's, used by esbuild.mjs --tests: one browser bundle of
// mocha's browser build and every test/vscode/*.test.ts, which `stock-media-web-tests` requires
// in name order once mocha is set up (the worker cannot list a folder, so the list is made
// here). What the worker lacks is mapped to this project's stand-ins: node:assert/strict, the
// local API server (run by the runner, reached through its control server), node:module, and the
// other Node modules (functions that throw: only Node-only tests call them).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const here = import.meta.dirname;
const root = join(here, '..', '..');

// Names imported from Node modules by the suites.
const nodeExports = [
  'join', 'resolve', 'dirname', 'basename', 'relative', 'isAbsolute', 'readFileSync', 'writeFileSync',
  'existsSync', 'appendFileSync', 'readdirSync', 'mkdtemp', 'readdir', 'rm', 'symlink', 'readFile',
  'writeFile', 'tmpdir', 'createServer', 'randomBytes', 'format', 'realpath', 'stat', 'open',
  'openSync', 'closeSync', 'fstatSync', 'readSync', 'statSync', 'lstatSync', 'opendirSync', 'constants',
];
const builtins = /^(node:.*|fs|path|os|crypto|perf_hooks|inspector|module|buffer|util|stream|child_process|url|net|http|https|zlib|events|assert|tty|v8|worker_threads)$/;

const webTests = {
  name: 'web-tests',
  setup(build) {
    build.onResolve({ filter: /^stock-media-web-tests$/ }, () => ({ path: 'stock-media-web-tests', namespace: 'web-tests' }));
    build.onLoad({ filter: /.*/, namespace: 'web-tests' }, () => {
      const files = readdirSync(join(root, 'test', 'vscode')).filter((name) => name.endsWith('.test.ts')).sort();
      // Each file's suites are marked with its name for the time table.
      const loaders = files.map((name) => `  ${JSON.stringify(name)}: () => require('./test/vscode/${name}'),`);
      const contents = [
        'const files = {',
        ...loaders,
        '};',
        'export function loadTestFiles(suites = []) {',
        '  for (const name of Object.keys(files)) {',
        '    const before = suites.length;',
        '    files[name]();',
        '    for (const suite of suites.slice(before)) suite.file = name;',
        '  }',
        '}',
      ];
      return { resolveDir: root, loader: 'js', contents: contents.join('\n') };
    });
    // mocha's browser build is a UMD script: run it as a browser does (its global branch,
    // setting globalThis.mocha), not as a module that would take over this bundle's exports.
    build.onLoad({ filter: /[\\/]mocha[\\/]mocha\.js$/ }, (args) => ({
      loader: 'js',
      contents: `(function (module, exports, define) {\n${readFileSync(args.path, 'utf8')}\n}).call(globalThis);\n`,
    }));
    build.onResolve({ filter: /^\.\/testHost$/ }, (args) =>
      /[\\/]test[\\/]vscode$/.test(args.resolveDir) ? { path: join(here, 'testHost.ts') } : undefined,
    );
    build.onResolve({ filter: /^node:assert(\/strict)?$/ }, () => ({ path: join(here, 'assert.ts') }));
    build.onResolve({ filter: /^(node:)?module$/ }, () => ({ path: join(here, 'webRequire.ts') }));
    build.onResolve({ filter: /[\\/]server[\\/]server$/ }, (args) =>
      /[\\/]test[\\/]vscode[\\/]/.test(args.importer) ? { path: join(here, 'apiServer.ts') } : undefined,
    );
    build.onResolve({ filter: builtins }, (args) => ({ path: args.path, namespace: 'node-only' }));
    build.onLoad({ filter: /.*/, namespace: 'node-only' }, (args) => ({
      resolveDir: root,
      loader: 'js',
      contents: [
        `import { nodeOnly, nodeOnlyObject } from ${JSON.stringify(join(here, 'nodeOnly.ts'))};`,
        ...nodeExports.map((name) => `export const ${name} = nodeOnly(${JSON.stringify(args.path)}, ${JSON.stringify(name)});`),
        `export const promises = nodeOnlyObject(${JSON.stringify(args.path)}, 'promises');`,
        `export const sep = '/';`,
        `export default nodeOnlyObject(${JSON.stringify(args.path)}, 'default');`,
      ].join('\n'),
    }));
  },
};

/** The web test bundle's config, over esbuild.mjs's `common` options. */
export function webTestsBundle(common) {
  return {
    ...common,
    // No map: the worker's stack traces do not use one, and typescript (bundled for the
    // hostile checks) would double the size.
    sourcemap: false,
    minify: false,
    entryPoints: { 'vscode-web/index': join(root, 'test', 'vscode', 'index.ts') },
    outdir: 'out',
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    external: ['vscode'],
    // Only handed to createRequire (webRequire.ts), which ignores it.
    define: { __filename: JSON.stringify('out/under-test/vscode-web/index.js'), __dirname: JSON.stringify('out/under-test/vscode-web') },
    plugins: [...common.plugins, webTests],
  };
}
