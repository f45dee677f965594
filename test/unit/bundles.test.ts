// What the extension's bundles hold, read from the build's own metafiles (out/meta/, written by
// esbuild.mjs) and from the bundles: one bundle of the whole extension (dist/extension.js), the
// web worker host's, which needs nothing but `vscode`, and the Node host's entry (dist/node.js),
// which holds what activation runs with Node's platform and takes each module used first from
// that bundle, on first use (src/host/firstUse.ts). What activation evaluates imports none of
// the features' modules by value: they are evaluated on first use, through the container's
// `require`s (src/host/container.ts) and the command handlers' `import()`s.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import * as vm from 'node:vm';

const root = join(__dirname, '..', '..');

interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}

/** The bundles: the metafile's name, the entry module, the file package.json names. */
const BUNDLES = {
  web: { meta: 'extension', entry: 'src/extension.ts', file: 'dist/extension.js' },
  node: { meta: 'node', entry: 'src/node.ts', file: 'dist/node.js' },
} as const;

type Host = keyof typeof BUNDLES;

function metafile(host: Host): Metafile {
  return JSON.parse(readFileSync(join(root, 'out', 'meta', `${BUNDLES[host].meta}.json`), 'utf8')) as Metafile;
}

function sourceInputs(host: Host): string[] {
  return Object.keys(metafile(host).inputs).filter((path) => path.startsWith('src/'));
}

/** The modules evaluated when the bundle loads: its entry and what it imports by value, transitively (`require` calls are the lazy seam). */
function loadedAtActivation(host: Host): Set<string> {
  const { inputs } = metafile(host);
  const found = new Set<string>([BUNDLES[host].entry]);
  const pending: string[] = [BUNDLES[host].entry];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    for (const edge of inputs[path]?.imports ?? []) {
      if (edge.external || edge.kind !== 'import-statement' || found.has(edge.path)) continue;
      found.add(edge.path);
      pending.push(edge.path);
    }
  }
  return found;
}

/** The modules a bundle leaves to the host: its external imports, as the metafile lists them. */
function externals(host: Host): string[] {
  const ids = Object.values(metafile(host).inputs).flatMap((input) => input.imports.filter((edge) => edge.external).map((edge) => edge.path));
  return [...new Set(ids)].sort();
}

/** The modules a bundle loads at run time: its `require("…")` calls. */
function requires(bundle: string): string[] {
  const code = readFileSync(join(root, bundle), 'utf8');
  return [...new Set([...code.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1] ?? ''))].sort();
}

type Loader = (exports: unknown, require: (id: string) => unknown, module: { exports: Record<string, unknown> }) => void;

const isNodeBuiltin = (id: string): boolean => id.startsWith('node:') || builtinModules.includes(id);

/** Runs dist/extension.js as a web worker would: only `vscode` can be required, no Node global exists. */
function loadInWorker(): { exports: Record<string, unknown>; asked: string[]; globals: string } {
  const code = readFileSync(join(root, 'dist', 'extension.js'), 'utf8');
  const asked: string[] = [];
  const module = { exports: {} as Record<string, unknown> };
  // A web worker's globals (the ones the bundle may touch while loading), none of Node's.
  const worker = { performance, URL, URLSearchParams, TextEncoder, TextDecoder, AbortController, AbortSignal, setTimeout, clearTimeout, fetch, Request, Response, Headers, crypto, console };
  const context = vm.createContext({
    ...worker,
    module,
    exports: module.exports,
    require: (id: string) => {
      asked.push(id);
      if (id !== 'vscode') throw new Error(`Cannot find module '${id}'`);
      return {};
    },
  });
  vm.runInContext(code, context, { filename: 'dist/extension.js' });
  return { exports: module.exports, asked, globals: vm.runInContext('typeof process + typeof Buffer + typeof __dirname', context) as string };
}

/** The features' modules (behind the seam), by path: each must be in both bundles and evaluated only on first use. */
const FEATURES = [
  /^src\/host\/grid\/gridFeature\.ts$/,
  /^src\/host\/credits\/creditsFeature\.ts$/,
  /^src\/host\/key\/apiKey\.ts$/,
  /^src\/api\/client\.ts$/,
  /(^|\/)node_modules\/ky\//,
  /^src\/host\/insert\/inserter\.ts$/,
  // The document parsers a paste or drop reads (never needed to register the providers).
  /^src\/core\/insert\/codeContext\.ts$/,
  /^src\/host\/grid\/gridPanel\.ts$/,
  // The cover's front matter code and its parsers (about 125 KB minified; the credit check reads front matter too).
  /^src\/core\/cover\//,
  /(^|\/)node_modules\/yaml\//,
  /(^|\/)node_modules\/smol-toml\//,
  /(^|\/)node_modules\/jsonc-parser\//,
];

describe('the bundles', () => {
  it('package.json names the one bundle for the web worker host and the Node entry for the Node host', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; browser: string };
    assert.equal(pkg.main, './dist/node.js');
    assert.equal(pkg.browser, './dist/extension.js');
    for (const host of ['web', 'node'] as const) assert.ok(existsSync(join(root, BUNDLES[host].file)), BUNDLES[host].file);
    const inputs = sourceInputs('web');
    for (const path of ['src/extension.ts', 'src/host/container.ts', 'src/api/client.ts']) assert.ok(inputs.includes(path), `${path} in dist/extension.js`);
  });

  it('what activation evaluates imports none of the features’ modules by value', () => {
    const inputs = Object.keys(metafile('web').inputs);
    const loaded = [...loadedAtActivation('web')];
    for (const commands of ['src/host/grid/gridCommands.ts', 'src/host/insert/insertCommands.ts', 'src/host/container.ts']) {
      assert.ok(loaded.includes(commands), `${commands} is evaluated at activation (${loaded.join(', ')})`);
    }
    for (const feature of FEATURES) {
      assert.ok(inputs.some((path) => feature.test(path)), `a module matching ${feature} is in the bundle (moved? update FEATURES)`);
      assert.deepEqual(loaded.filter((path) => feature.test(path)), [], `imported by value from ${BUNDLES.web.entry}`);
    }
    // The seams: the container requires each feature, the handlers import their work.
    const edges = (from: string) => metafile('web').inputs[from]?.imports ?? [];
    assert.equal(edges('src/host/container.ts').find((edge) => edge.path === 'src/host/grid/gridFeature.ts')?.kind, 'require-call');
    assert.equal(edges('src/host/key/keyCommands.ts').find((edge) => edge.path === 'src/host/key/apiKey.ts')?.kind, 'dynamic-import');
    const code = readFileSync(join(root, 'dist', 'extension.js'), 'utf8');
    // esbuild's lazy initialiser for a feature, run by the `require` it replaces.
    assert.match(code, /__esm\(\{\s*"src\/host\/grid\/gridFeature\.ts"\(\)/);
  });

  it('the extension’s bundle: the web platform, and no Node module or Node code', () => {
    const inputs = sourceInputs('web');
    assert.ok(inputs.includes('src/host/platform/web.ts'), inputs.join(', '));
    assert.deepEqual(inputs.filter((path) => path.startsWith('src/host/platform/node/') || path === 'src/node.ts'), []);
    assert.deepEqual(externals('web'), ['vscode']);
    // The web host's `require` knows only `vscode`.
    assert.deepEqual(requires('dist/extension.js'), ['vscode']);
  });

  it('the Node entry holds what activation runs and Node’s platform, none of the features’ modules', () => {
    const inputs = sourceInputs('node');
    assert.ok(inputs.includes('src/host/platform/node/index.ts') && inputs.includes('src/host/platform/node/saveStream.ts'), inputs.join(', '));
    for (const path of ['src/extension.ts', 'src/host/container.ts', 'src/host/services.ts', 'src/host/status/quota.ts', 'src/host/grid/gridCommands.ts']) assert.ok(inputs.includes(path), `${path} in dist/node.js`);
    for (const feature of FEATURES) {
      assert.deepEqual(inputs.filter((path) => feature.test(path)), [], `${feature} is the extension bundle’s, loaded on first use, not the Node entry’s`);
    }
    assert.deepEqual(externals('node').filter((id) => !isNodeBuiltin(id)), ['./extension.js', 'vscode']);
    assert.deepEqual(requires('dist/node.js').filter((id) => !isNodeBuiltin(id)), ['./extension.js', 'vscode']);
  });

  it('the Node entry asks the extension’s bundle for each module used first, all of them in src/host/firstUse.ts', () => {
    // What the Node entry takes from dist/extension.js (esbuild.mjs firstUseFromBundle): each
    // `require` and `import()` of what activation evaluates, by its path under src/.
    const asked = Object.keys(metafile('node').inputs)
      .filter((path) => path.startsWith('first-use:'))
      .map((path) => path.slice('first-use:'.length))
      .sort();
    const seams = [...loadedAtActivation('web')]
      .flatMap((path) => metafile('web').inputs[path]?.imports ?? [])
      .filter((edge) => edge.kind === 'require-call' || edge.kind === 'dynamic-import')
      .map((edge) => edge.path.replace(/^src\//, '').replace(/\.ts$/, ''));
    assert.deepEqual(asked, [...new Set(seams)].filter((path) => path !== 'host/firstUse').sort());
    const listed = (metafile('web').inputs['src/host/firstUse.ts']?.imports ?? []).map((edge) => edge.path.replace(/^src\//, '').replace(/\.ts$/, ''));
    assert.deepEqual([...new Set(listed)].filter((path) => path !== 'host/common/translator').sort(), asked);
  });

  it('use none of Node’s globals in the web bundle', () => {
    const code = readFileSync(join(root, 'dist', 'extension.js'), 'utf8');
    // Uses, not words: `process.env`, `Buffer.from`, `new Buffer(`, `__dirname`, a timer's
    // `.unref()` and a `typeof process` check would each throw or mislead in a web worker.
    const nodeOnly = /(?<![\w$.])(?:process\s*[.[]|typeof\s+process\b|Buffer\s*[.(]|new\s+Buffer\b|__dirname\b|__filename\b|setImmediate\s*\(|global\s*\.)|\.unref\s*\(/g;
    const found = [...code.matchAll(nodeOnly)].map((m) => code.slice(Math.max(0, m.index - 40), m.index + 40));
    assert.deepEqual(found, []);
  });

  it('load the web bundle where only vscode can be required and no Node global exists', () => {
    const { exports, asked, globals } = loadInWorker();
    assert.equal(globals, 'undefinedundefinedundefined');
    assert.equal(typeof exports['activate'], 'function');
    assert.equal(typeof exports['deactivate'], 'function');
    assert.deepEqual(asked, ['vscode']);
  });

  it('load the Node entry in Node: it requires only vscode and Node’s modules, not the extension’s bundle, and hands activation Node’s platform', () => {
    const asked: string[] = [];
    const nodeRequire = createRequire(__filename);
    // Anything: every property, call and construction gives the same stand-in.
    const vscodeStandIn: unknown = new Proxy(function () {}, { get: (_t, name) => (name === 'then' ? undefined : vscodeStandIn), apply: () => vscodeStandIn, construct: () => ({}) });
    const entry = { exports: {} as Record<string, unknown> };
    const code = readFileSync(join(root, 'dist', 'node.js'), 'utf8');
    const run = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename: 'dist/node.js' }) as Loader;
    run(entry.exports, (id) => (asked.push(id), id === 'vscode' ? vscodeStandIn : nodeRequire(id)), entry);
    assert.deepEqual([...new Set(asked.filter((id) => !isNodeBuiltin(id)))].sort(), ['vscode']);
    for (const name of ['activate', 'deactivate', 'activateShared']) assert.equal(typeof entry.exports[name], 'function', name);
    const platform = entry.exports['platform'] as { name?: string; disk?: unknown };
    assert.equal(platform.name, 'node');
    assert.ok(platform.disk, 'Node’s disk access');
  });
});
