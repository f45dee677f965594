// `npm run test:e2e`: runs the Playwright suites (out/e2e/*.e2e.js) with mocha in this
// process. Each suite starts its own workbench through ./harness; this runner makes sure
// none is left running, whatever happens. The build happens before, in the npm script.
//
// Options: --grep <text> (or STOCK_MEDIA_TEST_GREP); STOCK_MEDIA_TEST_TIMEOUT_MIN
// (default 15) bounds the whole run.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { prepare } from '../host/prepare';
import { GREP_ENV } from '../host/testEnv';
import { repoRoot } from '../host/workspace';
import { closeAll } from './harness';

function parseGrep(argv: readonly string[]): string | undefined {
  let grep = process.env[GREP_ENV] || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--grep' || arg === '-g') grep = argv[++i];
    else if (arg?.startsWith('--grep=')) grep = arg.slice('--grep='.length);
    else throw new Error(`Unknown argument ${arg}. Usage: run.js [--grep <text>]`);
  }
  return grep;
}

async function main(): Promise<number> {
  const grep = parseGrep(process.argv.slice(2));
  const extension = join(repoRoot(), 'dist', 'extension.js');
  if (!existsSync(extension)) throw new Error(`Not built: ${extension}. Run \`node esbuild.mjs && node esbuild.mjs --tests\` first.`);
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.e2e.js'))
    .sort()
    .map((name) => join(__dirname, name));
  if (files.length === 0) throw new Error(`No *.e2e.js files in ${__dirname}; was the test build run?`);

  // Before mocha, so a cold cache (minutes) does not count against a test's timeout.
  await prepare({ browser: true });

  const mocha = new Mocha({
    ui: 'bdd',
    timeout: 60_000,
    reporter: 'spec',
    color: Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'],
    ...(grep ? { grep } : {}),
  });
  for (const file of files) mocha.addFile(file);
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  return failures > 0 ? 1 : 0;
}

const minutes = Number(process.env['STOCK_MEDIA_TEST_TIMEOUT_MIN'] || 15);
const watchdog = setTimeout(() => {
  console.error(`\n[e2e] Timed out after ${minutes} min (STOCK_MEDIA_TEST_TIMEOUT_MIN) without a result.`);
  void finish(1);
}, minutes * 60_000);

let finishing: Promise<void> | undefined;
function finish(code: number): Promise<void> {
  finishing ??= (async () => {
    clearTimeout(watchdog);
    await closeAll().catch((error: unknown) => console.error(`[e2e] While closing: ${String(error)}`));
    process.exit(code);
  })();
  return finishing;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n[e2e] ${signal}: stopping`);
    void finish(130);
  });
}

main().then(
  (code) => finish(code),
  (error: unknown) => {
    console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
    return finish(1);
  },
);
