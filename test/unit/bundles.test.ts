// What the extension's bundles hold, read from the build's own metafiles (out/meta/, written by
// esbuild.mjs) and from the bundles: every source module in exactly one Node bundle, the
// activation bundle requiring nothing but `vscode` and the features, and the web build one file
// that needs nothing from Node.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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

describe('the bundles', () => {
  it('put each source module in one Node bundle only', () => {
    const activation = sourceInputs('extension');
    const features = sourceInputs('features');
    assert.ok(activation.includes('src/extension.ts') && activation.includes('src/host/shell.ts'), activation.join(', '));
    assert.ok(features.includes('src/host/features.ts') && features.includes('src/api/client.ts'), features.join(', '));
    // The core modules both use (l10n, errors, …) are in the activation bundle, which lends them to the features.
    assert.ok(activation.includes('src/core/l10n.ts') && activation.includes('src/core/errors.ts'));
    const inActivation = new Set(activation);
    assert.deepEqual(features.filter((path) => inActivation.has(path)), []);
  });

  it('load nothing at activation but vscode and, on first use, the features', () => {
    assert.deepEqual(requires('dist/extension.js'), ['./features.js', 'vscode']);
    // The features take the shared modules from the activation bundle, and need Node's own modules.
    assert.deepEqual(
      requires('dist/features.js').filter((id) => !id.startsWith('node:')),
      ['./extension.js', 'vscode'],
    );
  });

  it('build the web extension host as one file that needs nothing but vscode', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; browser: string };
    assert.equal(pkg.browser, './dist/web/extension.js');
    const inputs = sourceInputs('web');
    assert.ok(inputs.includes('src/extension.ts') && inputs.includes('src/host/features.ts') && inputs.includes('src/api/client.ts'));
    // The one seam between the hosts: the web platform in, the Node one (and its fs code) out.
    assert.ok(inputs.includes('src/host/platform/web.ts'), inputs.join(', '));
    assert.deepEqual(inputs.filter((path) => path.startsWith('src/host/platform/node/')), []);
    assert.ok(sourceInputs('features').includes('src/host/platform/node/index.ts'));
    assert.ok(!sourceInputs('features').includes('src/host/platform/web.ts'));
    const code = readFileSync(join(root, 'dist', 'web', 'extension.js'), 'utf8');
    // esbuild's lazy initialiser for the module, run by the `require('./host/features')` it replaces.
    assert.match(code, /__esm\(\{\s*"src\/host\/features\.ts"\(\)/);
    // The web host's `require` knows only `vscode` (a `node:` import would not even build: only `vscode` is external).
    assert.deepEqual(requires('dist/web/extension.js'), ['vscode']);
  });

  it('use none of Node’s globals in the web bundle', () => {
    const code = readFileSync(join(root, 'dist', 'web', 'extension.js'), 'utf8');
    // Uses, not words: `process.env`, `Buffer.from`, `new Buffer(`, `__dirname`, a timer's
    // `.unref()` and a `typeof process` check would each throw or mislead in a web worker.
    const nodeOnly = /(?<![\w$.])(?:process\s*[.[]|typeof\s+process\b|Buffer\s*[.(]|new\s+Buffer\b|__dirname\b|__filename\b|setImmediate\s*\(|global\s*\.)|\.unref\s*\(/g;
    const found = [...code.matchAll(nodeOnly)].map((m) => code.slice(Math.max(0, m.index - 40), m.index + 40));
    assert.deepEqual(found, []);
  });

  it('load the web bundle where only vscode can be required and no Node global exists', () => {
    const code = readFileSync(join(root, 'dist', 'web', 'extension.js'), 'utf8');
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
    vm.runInContext(code, context, { filename: 'dist/web/extension.js' });
    assert.equal(vm.runInContext('typeof process + typeof Buffer + typeof __dirname', context), 'undefinedundefinedundefined');
    assert.equal(typeof module.exports['activate'], 'function');
    assert.deepEqual(asked, ['vscode']);
  });
});
