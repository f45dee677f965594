// What the extension's bundles hold, read from the build's own metafiles (out/meta/, written by
// esbuild.mjs) and from the bundles: one bundle both hosts run, which needs nothing from Node,
// and the Node entry, which holds only Node's file system code and takes everything else from
// that bundle.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as vm from 'node:vm';

const root = join(__dirname, '..', '..');

interface Metafile {
  inputs: Record<string, unknown>;
}

function sourceInputs(name: string): string[] {
  const meta = JSON.parse(readFileSync(join(root, 'out', 'meta', `${name}.json`), 'utf8')) as Metafile;
  return Object.keys(meta.inputs).filter((path) => path.startsWith('src/'));
}

/** The modules a bundle loads at run time: its `require("…")` calls. */
function requires(bundle: string): string[] {
  const code = readFileSync(join(root, bundle), 'utf8');
  return [...new Set([...code.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1] ?? ''))].sort();
}

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

describe('the bundles', () => {
  it('one bundle for both hosts: package.json’s browser entry, and the Node entry takes it', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; browser: string };
    assert.equal(pkg.browser, './dist/extension.js');
    assert.equal(pkg.main, './dist/node.js');
    const inputs = sourceInputs('extension');
    assert.ok(inputs.includes('src/extension.ts') && inputs.includes('src/host/features.ts') && inputs.includes('src/api/client.ts'));
    // The web platform is the bundle's own; Node's fs code is only in the Node entry.
    assert.ok(inputs.includes('src/host/platform/web.ts'), inputs.join(', '));
    assert.deepEqual(inputs.filter((path) => path.startsWith('src/host/platform/node/') || path === 'src/node.ts'), []);
    const code = readFileSync(join(root, 'dist', 'extension.js'), 'utf8');
    // esbuild's lazy initialiser for the features, run by the `require('./host/features')` it replaces.
    assert.match(code, /__esm\(\{\s*"src\/host\/features\.ts"\(\)/);
    // The web host's `require` knows only `vscode` (a `node:` import would not even build: only `vscode` is external).
    assert.deepEqual(requires('dist/extension.js'), ['vscode']);
  });

  it('the Node entry: its own Node code, every other module from the bundle (none twice)', () => {
    const node = sourceInputs('node');
    assert.deepEqual(node.filter((path) => path !== 'src/node.ts' && !path.startsWith('src/host/platform/node/')), []);
    assert.ok(node.includes('src/host/platform/node/index.ts') && node.includes('src/host/platform/node/saveStream.ts'), node.join(', '));
    assert.deepEqual(requires('dist/node.js').filter((id) => !id.startsWith('node:')), ['./extension.js']);
    const bundle = new Set(sourceInputs('extension'));
    assert.deepEqual(node.filter((path) => bundle.has(path)), []);
    // What it takes is what the bundle hands out, the translator among them (one copy, one state).
    const handedOut = [...readFileSync(join(root, 'dist', 'node.js'), 'utf8').matchAll(/hostModules\[\s*"([^"]+)"\s*\]/g)].map((m) => m[1]);
    assert.ok(handedOut.includes('src/core/l10n.ts') && handedOut.includes('src/extension.ts'), handedOut.join(', '));
    const { exports } = loadInWorker();
    const modules = exports['hostModules'] as Record<string, unknown>;
    for (const path of handedOut) assert.ok(path !== undefined && modules[path], `${path} handed out by the bundle`);
  });

  it('use none of Node’s globals in the bundle', () => {
    const code = readFileSync(join(root, 'dist', 'extension.js'), 'utf8');
    // Uses, not words: `process.env`, `Buffer.from`, `new Buffer(`, `__dirname`, a timer's
    // `.unref()` and a `typeof process` check would each throw or mislead in a web worker.
    const nodeOnly = /(?<![\w$.])(?:process\s*[.[]|typeof\s+process\b|Buffer\s*[.(]|new\s+Buffer\b|__dirname\b|__filename\b|setImmediate\s*\(|global\s*\.)|\.unref\s*\(/g;
    const found = [...code.matchAll(nodeOnly)].map((m) => code.slice(Math.max(0, m.index - 40), m.index + 40));
    assert.deepEqual(found, []);
  });

  it('load the bundle where only vscode can be required and no Node global exists', () => {
    const { exports, asked, globals } = loadInWorker();
    assert.equal(globals, 'undefinedundefinedundefined');
    assert.equal(typeof exports['activate'], 'function');
    assert.deepEqual(asked, ['vscode']);
  });

  it('the Node entry hands Node’s platform to the bundle before anything runs, and exports its activate', () => {
    const platform = { current: undefined as unknown };
    const bundle = {
      activate: () => 'activated',
      deactivate: () => undefined,
      hostModules: {} as Record<string, unknown>,
    };
    const handedOut = [...readFileSync(join(root, 'dist', 'node.js'), 'utf8').matchAll(/hostModules\[\s*"([^"]+)"\s*\]/g)].map((m) => m[1] ?? '');
    for (const path of handedOut) bundle.hostModules[path] = {};
    bundle.hostModules['src/host/platform/index.ts'] = { usePlatform: (p: unknown) => (platform.current = p) };
    bundle.hostModules['src/extension.ts'] = { activate: bundle.activate, deactivate: bundle.deactivate };
    const module = { exports: {} as Record<string, unknown> };
    const code = readFileSync(join(root, 'dist', 'node.js'), 'utf8');
    const run = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename: 'dist/node.js' }) as (e: unknown, r: (id: string) => unknown, m: unknown) => void;
    run(module.exports, (id) => (id === './extension.js' ? bundle : createRequire(__filename)(id)), module);
    assert.equal((platform.current as { name?: string } | undefined)?.name, 'node');
    assert.equal((module.exports['activate'] as () => string)(), 'activated');
  });
});
