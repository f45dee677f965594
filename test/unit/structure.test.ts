// The layer rules (as the lint configuration applies them), the command map and the VSIX
// allow-list, checked from the files themselves.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { CommandId } from '../../src/host/commandIds';

const root = join(__dirname, '..', '..');

describe('project structure', () => {
  // The layer rules themselves are ESLint's (eslint.config.mjs, `npm run lint`); this checks
  // that the configuration refuses and allows what the layers say, one import at a time.
  it('the lint configuration holds each layer to what it may import', async function () {
    this.timeout(60_000);
    const eslint = new ESLint({ cwd: root });
    const cases: [file: string, source: string, allowed: boolean][] = [
      ['src/core/probe.ts', './l10n', true],
      ['src/core/insert/probe.ts', '../errors', true],
      ['src/core/probe.ts', 'vscode', false],
      ['src/core/probe.ts', 'node:path', false],
      ['src/core/probe.ts', 'ky', false],
      ['src/core/probe.ts', '../shared/protocol', false],
      ['src/core/insert/probe.ts', '../../api/client', false],
      ['src/core/probe.ts', '../host/shell', false],
      ['src/core/probe.ts', '../webview/main', false],
      ['src/core/probe.ts', '../features', false],
      ['src/api/probe.ts', '../core/errors', true],
      ['src/api/probe.ts', 'ky', true],
      ['src/api/probe.ts', 'node:http', false],
      ['src/api/probe.ts', 'vscode', false],
      ['src/api/probe.ts', '../shared/protocol', false],
      ['src/api/probe.ts', '../host/shell', false],
      ['src/shared/probe.ts', '../core/l10n', true],
      ['src/shared/probe.ts', '../api/client', false],
      ['src/shared/probe.ts', '../webview/main', false],
      ['src/shared/probe.ts', 'vscode', false],
      ['src/webview/probe.ts', '../shared/protocol', true],
      ['src/webview/probe.ts', '../core/l10n', true],
      ['src/webview/probe.ts', 'fs', false],
      ['src/webview/probe.ts', 'node:fs', false],
      ['src/webview/probe.ts', 'vscode', false],
      ['src/webview/probe.ts', '../api/client', false],
      ['src/webview/probe.ts', '../host/shell', false],
      ['src/host/probe.ts', 'vscode', true],
      // No Node module in the host but its Node platform, which the web build replaces.
      ['src/host/probe.ts', 'node:path', false],
      ['src/host/insert/probe.ts', 'fs', false],
      ['src/extension.ts', 'node:crypto', false],
      ['src/host/platform/node/probe.ts', 'node:fs', true],
      ['src/host/platform/node/probe.ts', 'vscode', true],
      ['src/extension.ts', 'vscode', true],
      ['src/host/features.ts', 'vscode', true],
    ];
    const wrong: string[] = [];
    for (const [file, source, allowed] of cases) {
      const [result] = await eslint.lintText(`import '${source}';\n`, { filePath: join(root, file) });
      const refused = (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
      if (refused === allowed) wrong.push(`${file}: import '${source}' ${refused ? 'refused' : 'allowed'}`);
    }
    assert.deepEqual(wrong, []);
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
    assert.deepEqual([...outfiles].sort(), ['dist/extension.js', 'dist/node.js']);
    const allowed = new Set(
      readFileSync(join(root, '.vscodeignore'), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('!'))
        .map((line) => line.slice(1).trim()),
    );
    assert.deepEqual(outfiles.filter((file) => !allowed.has(file)), []);
  });
});
