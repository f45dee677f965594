// `npm run package`: the production bundle, then a VSIX made by @vscode/vsce. vsce 4 needs
// Node 22 or later; where the system Node is older, the Node 24 that the test host
// prepares (npm registry, cached) runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { node24Path, prepare } from '../test/host/prepare';
import { repoRoot } from '../test/host/workspace';

async function nodeForVsce(): Promise<string> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return process.execPath;
  const cached = node24Path();
  if (existsSync(cached)) return cached;
  return (await prepare((line) => console.log(`[package] ${line}`))).node;
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

async function main(): Promise<void> {
  const root = repoRoot();
  const { version, name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
    name: string;
  };
  run(process.execPath, ['esbuild.mjs', '--production'], root);
  const out = join(root, `${name}-${version}.vsix`);
  const node = await nodeForVsce();
  // The README's screenshots are relative links into the repository. With the published
  // repository's base URL (STOCK_MEDIA_PUBLISH_BASE_URL, e.g. its raw-content URL) vsce turns
  // them into absolute links for the Marketplace; without it they stay relative and the
  // screenshots are left out of the VSIX (they would double its size).
  const base = process.env['STOCK_MEDIA_PUBLISH_BASE_URL'];
  const links = base ? ['--baseContentUrl', base, '--baseImagesUrl', base] : ['--no-rewrite-relative-links'];
  const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  run(node, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', ...links, '--out', out], root);
  console.log(`[package] ${out}: ${(statSync(out).size / 1024).toFixed(1)} KB`);
}

main().catch((error: unknown) => {
  console.error(`[package] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
