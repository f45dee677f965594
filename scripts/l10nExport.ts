// `npm run l10n:export`: writes l10n/bundle.l10n.json, the English bundle translators start
// from. First `@vscode/l10n-dev export --outDir ./l10n ./src`, as VS Code documents; then
// the messages it cannot see (core and api call `l10n.t` from src/core/l10n.ts, not from
// 'vscode'; see test/unit/l10nScan.ts) are added from our own scan of the sources.
// Fails when the two disagree in the other direction, or a message is not a literal.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distinctMessages, scanSources } from '../test/unit/l10nScan';
import { repoRoot } from '../test/host/workspace';

function main(): number {
  const root = repoRoot();
  const cli = join(root, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');
  const run = spawnSync(process.execPath, [cli, 'export', '--outDir', './l10n', './src'], { cwd: root, encoding: 'utf8' });
  process.stdout.write(run.stdout);
  process.stderr.write(run.stderr);
  if (run.status !== 0) {
    console.error(`[l10n] @vscode/l10n-dev export failed (exit ${run.status ?? run.signal})`);
    return 1;
  }
  const file = join(root, 'l10n', 'bundle.l10n.json');
  const exported = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

  const scan = scanSources(root);
  if (scan.problems.length > 0) {
    console.error(`[l10n] Messages that cannot be extracted:\n  ${scan.problems.join('\n  ')}`);
    return 1;
  }
  const scanned = distinctMessages(scan.messages);
  const unknown = Object.keys(exported).filter((key) => !scanned.includes(key));
  if (unknown.length > 0) {
    console.error(`[l10n] The extractor found messages the scan did not (fix test/unit/l10nScan.ts):\n  ${unknown.join('\n  ')}`);
    return 1;
  }
  const added = scanned.filter((message) => !Object.prototype.hasOwnProperty.call(exported, message));
  const bundle: Record<string, string> = { ...exported };
  for (const message of added) bundle[message] = message;
  writeFileSync(file, JSON.stringify(bundle, undefined, 2) + '\n');
  console.log(
    `[l10n] ${file}: ${Object.keys(bundle).length} messages ` +
      `(${Object.keys(exported).length} from @vscode/l10n-dev, ${added.length} more from core and api)`,
  );
  return 0;
}

process.exit(main());
