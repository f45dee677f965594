// What the extension's bundles hold, read from the build's own metafiles (out/meta/, written by
// esbuild.mjs) and from the bundles: every source module in exactly one Node bundle, the
// activation bundle requiring nothing but `vscode` and the features, and the web build one file.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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

  it('build the web extension host as one file, the features evaluated on first use', function () {
    this.timeout(60_000);
    execFileSync(process.execPath, ['esbuild.mjs', '--web'], { cwd: root, stdio: 'pipe' });
    const inputs = sourceInputs('web');
    assert.ok(inputs.includes('src/extension.ts') && inputs.includes('src/host/features.ts') && inputs.includes('src/api/client.ts'));
    const code = readFileSync(join(root, 'dist', 'web', 'extension.js'), 'utf8');
    // esbuild's lazy initialiser for the module, run by the `require('./host/features')` it replaces.
    assert.match(code, /__esm\(\{\s*"src\/host\/features\.ts"\(\)/);
    assert.deepEqual(
      requires('dist/web/extension.js').filter((id) => !id.startsWith('node:')),
      ['vscode'],
    );
  });
});
