// `npm run package [-- --repository <url>]`: the VSIX, made by @vscode/vsce, then its file
// list and size. vsce runs `vscode:prepublish` (the production build and dist/README.md, see
// scripts/packagedReadme.ts). With a repository (the flag, STOCK_MEDIA_REPOSITORY_URL or
// package.json `repository`) the README's links and images become absolute URLs, which the
// extension page shows; without one the packaged README has no images. vsce 3.9 runs on every
// Node the project supports (`engines.node`), so the Node running this script runs it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzip } from '../test/bench/vsix';
import { repoRoot } from '../test/host/workspace';

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The VSIX's files with their sizes (unpacked and as stored), and the total. */
export function describeVsix(vsix: Buffer): string[] {
  const entries = unzip(vsix);
  const width = Math.max(...entries.map((e) => e.name.length));
  const lines = entries
    .slice()
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((e) => `  ${e.name.padEnd(width)}  ${kb(e.data.length).padStart(9)}  ${kb(e.storedBytes).padStart(9)} stored`);
  return [`${entries.length} files:`, ...lines, `VSIX: ${kb(vsix.length)} (${vsix.length} bytes)`];
}

async function main(): Promise<void> {
  const root = repoRoot();
  const { version, name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; name: string };
  const args = process.argv.slice(2);
  const flag = args.indexOf('--repository');
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (flag >= 0) {
    const url = args[flag + 1];
    if (!url) throw new Error('--repository needs a URL');
    env['STOCK_MEDIA_REPOSITORY_URL'] = url;
  }
  const out = join(root, `${name}-${version}.vsix`);
  const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  // --no-dependencies: the bundles hold everything; vsce need not ask npm for node_modules.
  run(process.execPath, [vsce, 'package', '--no-dependencies', '--out', out], root, env);
  console.log(`[package] ${out}`);
  for (const line of describeVsix(readFileSync(out))) console.log(`[package] ${line}`);
}

main().catch((error: unknown) => {
  console.error(`[package] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
