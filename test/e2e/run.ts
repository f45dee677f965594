// `npm run test:e2e`: runs the Playwright suites (out/e2e/*.e2e.js) with mocha. Each suite
// starts its own workbench through ./harness (on free ports, in its own workspace copy); this
// runner makes sure none is left running, whatever happens. The build happens before, in the
// npm script.
//
// --jobs <n> runs n files at a time, each in a child process of this runner (a free child takes
// the next file, the longest in the last run first), and prints each file's report as one block
// when it ends. Files that share a workbench (files.ts TOGETHER) run in one child, one after another.
// vsix.e2e runs last and alone: packaging rebuilds dist/ and out/ (the production build),
// which the other files load.
//
// Options: --grep <text> (or STOCK_MEDIA_TEST_GREP); --jobs <n> (default 1);
// STOCK_MEDIA_TEST_TIMEOUT_MIN (default 15, times the files named with --file) bounds the whole run.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Mocha from 'mocha';
import { prepare } from '../host/prepare';
import { GREP_ENV } from '../host/testEnv';
import { lastSeconds, recordSeconds } from '../host/lastTimes';
import { ALONE, E2E_DIR, e2eFiles, e2eRuns } from './files';
import { closeAll } from './harness';

interface Options {
  readonly grep: string | undefined;
  readonly jobs: number;
  /** Only these files (names in out/e2e/): how the runner hands a child its file. */
  readonly files: readonly string[];
}

/** What a run of mocha counted; a child sends it to the runner when its file ends. */
interface Counts {
  passes: number;
  failures: number;
  pending: number;
}

function parseArgs(argv: readonly string[]): Options {
  let grep = process.env[GREP_ENV] || undefined;
  let jobs = 1;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--grep' || arg === '-g') grep = argv[++i];
    else if (arg?.startsWith('--grep=')) grep = arg.slice('--grep='.length);
    else if (arg === '--jobs') jobs = Number(argv[++i]);
    else if (arg?.startsWith('--jobs=')) jobs = Number(arg.slice('--jobs='.length));
    else if (arg === '--file') files.push(argv[++i] ?? '');
    else throw new Error(`Unknown argument ${arg}. Usage: run.js [--grep <text>] [--jobs <n>]`);
  }
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error('--jobs needs a whole number of at least 1');
  return { grep, jobs, files };
}

/** Runs `files` with mocha in this process. */
async function runHere(files: readonly string[], grep: string | undefined): Promise<Counts> {
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: 60_000,
    reporter: 'spec',
    color: Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'],
    ...(grep ? { grep } : {}),
  });
  for (const file of files) mocha.addFile(join(E2E_DIR, file));
  return new Promise<Counts>((resolve) => {
    const runner = mocha.run(() => {
      const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
      resolve({ passes, failures, pending });
    });
  });
}

const children = new Set<ChildProcess>();

/** A run's name: its files' names joined with `+`. */
export const runName = (files: readonly string[]): string => files.map((file) => file.replace(/\.e2e\.js$/, '')).join('+');

/** Runs files one after another in a child process; its output is printed as one block when it ends. */
function runInChild(files: readonly string[], grep: string | undefined): Promise<Counts> {
  const started = Date.now();
  const file = runName(files);
  const child = fork(__filename, [...files.flatMap((f) => ['--file', f]), ...(grep ? ['--grep', grep] : [])], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  children.add(child);
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  let counts: Counts | undefined;
  child.on('message', (message) => (counts = message as Counts));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      children.delete(child);
      const failed = code !== 0 || counts === undefined;
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!failed && !grep) recordSeconds('e2e', { [file]: seconds });
      process.stdout.write(`\n── ${file}: ${failed ? 'FAILED' : 'passed'} in ${seconds} s ──\n${Buffer.concat(output).toString('utf8')}`);
      if (counts === undefined) console.error(`[e2e] ${file} ended (${signal ?? `exit ${code}`}) without a result.`);
      // A file that ends without a result counts as one failure.
      resolve(counts ?? { passes: 0, failures: 1, pending: 0 });
    });
  });
}

/** Runs the files `jobs` runs at a time, those in ALONE afterwards one by one; returns the totals. */
async function runInChildren(files: readonly string[], options: Options): Promise<Counts> {
  const total: Counts = { passes: 0, failures: 0, pending: 0 };
  const failed: string[] = [];
  const run = async (run: readonly string[]): Promise<void> => {
    const counts = await runInChild(run, options.grep);
    total.passes += counts.passes;
    total.failures += counts.failures;
    total.pending += counts.pending;
    if (counts.failures > 0) failed.push(runName(run));
  };
  const seconds = lastSeconds('e2e');
  const queue = e2eRuns(files.filter((f) => !ALONE.includes(f))).sort((a, b) => seconds(runName(b)) - seconds(runName(a)));
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await run(next);
  };
  await Promise.all(Array.from({ length: Math.min(options.jobs, queue.length) }, worker));
  for (const file of files.filter((f) => ALONE.includes(f))) await run([file]);
  // The same summary lines as mocha's, for the whole run.
  console.log(`\n[e2e] ${files.length} files, ${options.jobs} at a time${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}`);
  console.log(`  ${total.passes} passing`);
  if (total.pending > 0) console.log(`  ${total.pending} pending`);
  if (total.failures > 0) console.log(`  ${total.failures} failing`);
  return total;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const files = e2eFiles(options.files);
  // Before mocha, so a cold cache (minutes) does not count against a test's timeout; once, in
  // this process, before any child starts.
  if (options.files.length === 0) await prepare({ browser: true });
  // Each run in a process of its own (files of one set-up share a workbench only in TOGETHER).
  const inChildren = e2eRuns(files).length > 1;
  const counts = inChildren ? await runInChildren(files, options) : await runHere(files, options.grep);
  // A child hands its counts to the runner before it exits.
  const send = process.send?.bind(process);
  if (send) await new Promise<void>((resolve) => send(counts, undefined, {}, () => resolve()));
  return counts.failures > 0 ? 1 : 0;
}

// Files named with --file (a group of TOGETHER, as npm test's stages run them) get the bound once each.
const named = process.argv.filter((arg) => arg === '--file').length;
const minutes = Number(process.env['STOCK_MEDIA_TEST_TIMEOUT_MIN'] || 15 * Math.max(1, named));
const watchdog = setTimeout(() => {
  console.error(`\n[e2e] Timed out after ${minutes} min (STOCK_MEDIA_TEST_TIMEOUT_MIN) without a result.`);
  void finish(1);
}, minutes * 60_000);
// A child's own watchdog would fire at the same time as the runner's; the runner stops it.
if (process.send) clearTimeout(watchdog);

let finishing: Promise<void> | undefined;
function finish(code: number): Promise<void> {
  finishing ??= (async () => {
    clearTimeout(watchdog);
    await Promise.all([closeAll(), stopChildren()]).catch((error: unknown) => console.error(`[e2e] While closing: ${String(error)}`));
    process.exit(code);
  })();
  return finishing;
}

/** Asks each child to stop (it closes its workbenches) and waits for it, 30 s at most. */
async function stopChildren(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 30_000);
          child.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
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
