// The layer boundary and the command map, checked from the files themselves.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CommandId } from '../../src/host/commandIds';

const root = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

describe('project structure', () => {
  it("only src/host and src/extension.ts import 'vscode'", () => {
    const offenders = sources(join(root, 'src'))
      .map((p) => relative(root, p))
      .filter((p) => !p.startsWith('src/host/') && p !== 'src/extension.ts')
      .filter((p) => /(from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\))/.test(readFileSync(join(root, p), 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('the webview imports neither vscode nor node', () => {
    const offenders = sources(join(root, 'src', 'webview'))
      .filter((p) => /from\s+['"](node:|vscode['"]|fs['"]|path['"])/.test(readFileSync(p, 'utf8')))
      .map((p) => relative(root, p));
    assert.deepEqual(offenders, []);
  });

  it('the command map mirrors contributes.commands', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      contributes: { commands: { command: string }[] };
    };
    const contributed = pkg.contributes.commands.map((c) => c.command).sort();
    assert.deepEqual(Object.values(CommandId).sort(), contributed);
  });

  it('the VSIX allow-list (.vscodeignore) puts back every extension bundle esbuild.mjs makes', () => {
    const outfiles = [...readFileSync(join(root, 'esbuild.mjs'), 'utf8').matchAll(/outfile:\s*'([^']+)'/g)].map((m) => m[1]);
    assert.ok(outfiles.includes('dist/extension.js') && outfiles.includes('dist/features.js'), `outfiles: ${outfiles.join(', ')}`);
    const allowed = new Set(
      readFileSync(join(root, '.vscodeignore'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('!'))
        .map((line) => line.slice(1).trim()),
    );
    assert.deepEqual(outfiles.filter((file) => !allowed.has(file)), []);
  });
});
