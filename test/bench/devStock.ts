// DevStock 1.0.4 (the public repository AvTe/DevStock, another stock-image extension), the
// yardstick for the bare-Node bundle load (bundleBench.ts): its repository checked out at its
// 1.0.4 commit (the repository has no tags; package.json says 1.0.4) into a cache folder
// outside this project, its dependencies installed with npm, and its bundle built with its own
// `node esbuild.js --production` (dist/extension.js). Nothing of it is copied into this project.
// The cache (STOCK_MEDIA_DEVSTOCK_CACHE, else $XDG_CACHE_HOME or ~/.cache, /stock-media-devstock)
// is reused while its build is there. Where the repository is cloned from:
// STOCK_MEDIA_DEVSTOCK_GIT (a URL or a local clone, e.g. a mirror), else GitHub.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const DEVSTOCK_VERSION = '1.0.4';
/** "v1.0.4: Add built-in API keys for zero-config experience". */
export const DEVSTOCK_COMMIT = 'a00e5736d9a88b6d316961ba59436cce79d7f018';
const DEFAULT_GIT = 'https://github.com/AvTe/DevStock.git';

function cacheDir(): string {
  const override = process.env['STOCK_MEDIA_DEVSTOCK_CACHE'];
  if (override) return override;
  return join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'stock-media-devstock');
}

/** Written last, when the build succeeded: what was built, from which commit. */
const MARKER = 'stock-media-built.json';

/**
 * DevStock 1.0.4's production bundle, built now if the cache does not hold it. Throws with what
 * failed (no network, no git): the bench then reports the row as not measured.
 */
export function devStockBundle(log: (line: string) => void): string {
  const checkout = join(cacheDir(), 'src');
  const bundle = join(checkout, 'dist', 'extension.js');
  const marker = join(checkout, MARKER);
  if (existsSync(bundle) && existsSync(marker) && (JSON.parse(readFileSync(marker, 'utf8')) as { commit?: string }).commit === DEVSTOCK_COMMIT) return bundle;
  const source = process.env['STOCK_MEDIA_DEVSTOCK_GIT'] || DEFAULT_GIT;
  log(`[bench] DevStock ${DEVSTOCK_VERSION}: cloning ${source} into ${checkout}, npm ci, node esbuild.js --production…`);
  rmSync(checkout, { recursive: true, force: true });
  const run = (command: string, args: string[], cwd?: string): void => {
    execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], timeout: 10 * 60_000 });
  };
  run('git', ['clone', '--quiet', source, checkout]);
  run('git', ['checkout', '--quiet', DEVSTOCK_COMMIT], checkout);
  const { version } = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as { version?: string };
  if (version !== DEVSTOCK_VERSION) throw new Error(`DevStock at ${DEVSTOCK_COMMIT} is ${version}, not ${DEVSTOCK_VERSION}`);
  // Its lockfile's versions; no install scripts (esbuild's binary comes from its platform package).
  run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], checkout);
  run(process.execPath, ['esbuild.js', '--production'], checkout);
  if (!existsSync(bundle)) throw new Error(`DevStock's build made no ${bundle}`);
  writeFileSync(marker, JSON.stringify({ commit: DEVSTOCK_COMMIT, version }) + '\n');
  return bundle;
}
