// The layer rules (as the lint configuration applies them), the import graph, the command map
// and its one handler per command, and the VSIX allow-list, checked from the files themselves.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { CommandId } from '../../src/host/common/commandIds';

const root = join(__dirname, '..', '..');

/** Every .ts file below `dir`, as paths relative to the repository. */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path.split('\\').join('/')] : [];
  });
}

/** The src/ files a file imports: `import`, `import type`, `export … from`, `import()` and `require()` of relative paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*|\brequire\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] as string);
  return specifiers.flatMap((specifier) => {
    const base = resolve(root, dirname(file), specifier);
    const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    return found ? [relative(root, found).split('\\').join('/')] : [];
  });
}

/** The strongly connected groups of more than one file (Tarjan), each a cycle of imports. */
function importCycles(files: readonly string[]): string[][] {
  const edges = new Map(files.map((f) => [f, importsOf(f)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

describe('project structure', () => {
  // The layer rules themselves are ESLint's (eslint.config.mjs, `npm run lint`); this checks
  // that the configuration refuses and allows what the layers say, one import at a time.
  it('the lint configuration holds each layer to what it may import', async function () {
    this.timeout(60_000);
    const eslint = new ESLint({ cwd: root });
    // Each file with the imports the layers allow it, then those they refuse.
    const cases: [file: string, allowed: readonly string[], refused: readonly string[]][] = [
      ['src/core/probe.ts', ['./l10n'], ['vscode', 'node:path', 'ky', '../shared/protocol', '../host/services', '../webview/main', '../host/container']],
      ['src/core/insert/probe.ts', ['../errors'], ['../../api/client']],
      ['src/api/probe.ts', ['../core/errors', 'ky'], ['node:http', 'vscode', '../shared/protocol', '../host/services']],
      ['src/shared/probe.ts', ['../core/l10n'], ['../api/client', '../webview/main', 'vscode']],
      ['src/webview/probe.ts', ['../shared/protocol', '../core/l10n'], ['fs', 'node:fs', 'vscode', '../api/client', '../host/services']],
      // No Node module in the host but its Node platform, which the web build replaces.
      ['src/host/probe.ts', ['vscode'], ['node:path']],
      ['src/host/insert/probe.ts', [], ['fs']],
      ['src/extension.ts', ['vscode'], ['node:crypto']],
      ['src/host/platform/node/probe.ts', ['node:fs', 'vscode'], []],
      ['src/host/container.ts', ['vscode'], []],
    ];
    const imports = cases.flatMap(([file, allowed, refused]) => [
      ...allowed.map((source) => ({ file, source, allowed: true })),
      ...refused.map((source) => ({ file, source, allowed: false })),
    ]);
    const wrong: string[] = [];
    for (const { file, source, allowed } of imports) {
      const [result] = await eslint.lintText(`import '${source}';\n`, { filePath: join(root, file) });
      const refused = (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports');
      if (refused === allowed) wrong.push(`${file}: import '${source}' ${refused ? 'refused' : 'allowed'}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('src/ has no import cycle, type imports included', () => {
    const files = sources('src');
    assert.ok(files.length > 100 && files.includes('src/host/container.ts'));
    // The check reads the imports it must find cycles in.
    assert.ok(importsOf('src/extension.ts').includes('src/host/container.ts'));
    assert.deepEqual(importCycles(files), []);
  });

  it('no folder of src/host/ imports a sibling folder that imports it back; platform/ imports nothing of the features', () => {
    const folderOf = (file: string): string | undefined => /^src\/host\/([^/]+)\//.exec(file)?.[1];
    const edges = new Set<string>();
    for (const file of sources('src/host')) {
      const from = folderOf(file);
      for (const target of importsOf(file)) {
        const to = folderOf(target);
        if (from && to && from !== to) edges.add(`${from} → ${to}`);
      }
    }
    assert.ok(edges.size > 5, [...edges].join(', '));
    const mutual = [...edges].filter((edge) => {
      const [from, to] = edge.split(' → ');
      return (from ?? '') < (to ?? '') && edges.has(`${to} → ${from}`);
    });
    assert.deepEqual(mutual, []);
    const platform = sources('src/host/platform').flatMap((file) => importsOf(file).filter((target) => target.startsWith('src/host/') && !target.startsWith('src/host/platform/')).map((target) => `${file} → ${target}`));
    assert.deepEqual(platform, []);
  });

  it('one pipeline, several writers: insert/ imports nothing of cover/, and cover/ reaches none of the insert steps the pipeline (insert/prepare.ts) runs', () => {
    const reaching = (dir: string, wanted: (file: string) => boolean): string[] =>
      sources(dir).flatMap((file) => importsOf(file).filter(wanted).map((target) => `${file} → ${target}`));
    // The check sees the imports it looks for.
    assert.ok(importsOf('src/host/insert/inserter.ts').includes('src/host/insert/prepare.ts'));
    assert.deepEqual(reaching('src/host/insert', (target) => target.startsWith('src/host/cover/')), []);
    const steps = ['askAltTextAndName', 'pickVariant', 'documentPlan', 'saveDestination', 'downloadIntoWorkspace', 'writeNewFile', 'download', 'writtenFiles'].map((name) => `src/host/insert/${name}.ts`);
    assert.deepEqual(reaching('src/host/cover', (target) => steps.includes(target)), []);
  });

  it('no file in src/ is over 400 lines (a longer one is split by concern)', () => {
    const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((name) => /\.(ts|css)$/.test(name));
    assert.ok(files.length > 100);
    const long = files.map((name) => `src/${name.split('\\').join('/')}: ${readFileSync(join(root, 'src', name), 'utf8').split('\n').length - 1} lines`).filter((line) => Number(/(\d+) lines$/.exec(line)?.[1]) > 400);
    assert.deepEqual(long, []);
  });

  it('each command is registered once, by its feature, and its arguments are read in commandArgs.ts alone', () => {
    const files = sources('src');
    const handlers = files.flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(/commands\.register\(CommandId\.(\w+),/g)].map((m) => m[1] ?? ''));
    assert.deepEqual(handlers.sort(), Object.keys(CommandId).sort());
    // Each in its feature's commands file: no table of every command.
    const registering = files.filter((file) => /commands\.register\(CommandId\./.test(readFileSync(join(root, file), 'utf8')));
    assert.ok(registering.length >= 8 && registering.every((file) => /\/\w+Commands\.ts$/.test(file)), registering.join(', '));
    // Plain data is how an argument is read (core/schema.ts): only the reader does it.
    const readers = files.filter((file) => file.startsWith('src/host/') && /\bplainData\(/.test(readFileSync(join(root, file), 'utf8')));
    assert.deepEqual(readers, ['src/host/common/commandArgs.ts']);
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
