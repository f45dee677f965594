// The mocha entry that VS Code loads in the extension host (`extensionTestsPath` is the
// folder holding this file's bundle). One entry serves both hosts: the offline VS Code
// server driven by test/host/run.ts, and a desktop VS Code through @vscode/test-electron.
//
// The extension host's stdout does not reach the terminal that started the run (the
// server only writes it to its own log), so when STOCK_MEDIA_TEST_REPORT names a file the
// reporter's output, and whatever the tests print to the console, is also appended there;
// the runner tails that file into its terminal.
import { appendFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';
import { COLOR_ENV, GREP_ENV, REPORT_ENV, RESULT_ENV, SHARD_ENV } from '../host/testEnv';
import type { TestResult } from '../host/testEnv';

export async function run(): Promise<void> {
  const grep = process.env[GREP_ENV];
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: 20_000,
    reporter: 'spec',
    color: process.env[COLOR_ENV] === '1',
    ...(grep ? { grep } : {}),
  });
  const files = testFiles(__dirname);
  if (files.length === 0) throw new Error(`No *.test.js files next to ${__filename}; was the test build run?`);
  for (const file of files) mocha.addFile(file);

  const report = process.env[REPORT_ENV];
  const restore = report ? copyConsoleTo(report) : (): void => undefined;
  let failures: number;
  try {
    failures = await new Promise<number>((resolve, reject) => {
      try {
        const times: Timing[] = [];
        const runner = mocha.run(() => {
          const { passes, failures, pending } = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
          printTimes(times);
          writeResult({ passes, failures, pending });
          resolve(failures);
        });
        const record = (runnable: Mocha.Runnable): void => {
          times.push({ title: runnable.fullTitle(), top: topSuite(runnable), ms: runnable.duration ?? 0 });
        };
        runner.on(Mocha.Runner.constants.EVENT_TEST_END, record);
        runner.on(Mocha.Runner.constants.EVENT_HOOK_END, record);
      } catch (error) {
        // A test file that throws while loading.
        reject(error);
      }
    });
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(text);
    writeResult({ passes: 0, failures: 0, pending: 0, error: text });
    throw error;
  } finally {
    restore();
  }
  if (failures > 0) throw new Error(`${failures} test${failures === 1 ? '' : 's'} failed`);
}

interface Timing {
  readonly title: string;
  /** The file's outermost suite. */
  readonly top: string;
  readonly ms: number;
}

function topSuite(runnable: Mocha.Runnable): string {
  let suite = runnable.parent;
  while (suite?.parent && !suite.parent.root) suite = suite.parent;
  return suite?.title ?? '';
}

/** Where the time went: each outermost suite's total (tests and hooks) and the slowest of either, so a slow test stays visible. */
function printTimes(times: readonly Timing[]): void {
  const bySuite = new Map<string, number>();
  for (const { top, ms } of times) bySuite.set(top, (bySuite.get(top) ?? 0) + ms);
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  const log = Mocha.reporters.Base.consoleLog;
  log('\n  Time per suite (tests and hooks):');
  for (const [top, ms] of [...bySuite].sort((a, b) => b[1] - a[1])) log(`    ${seconds(ms).padStart(8)}  ${top}`);
  log('\n  Slowest tests and hooks:');
  for (const { title, ms } of [...times].sort((a, b) => b.ms - a.ms).slice(0, 20)) log(`    ${seconds(ms).padStart(8)}  ${title}`);
}

function writeResult(result: TestResult): void {
  const file = process.env[RESULT_ENV];
  if (file) writeFileSync(file, JSON.stringify(result) + '\n');
}

/** The test files beside this entry; with STOCK_MEDIA_TEST_SHARD `<i>/<n>`, every n-th of them from the i-th on. */
function testFiles(dir: string): string[] {
  const [part = 1, parts = 1] = (process.env[SHARD_ENV] ?? '1/1').split('/').map(Number);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.js'))
    .sort()
    .filter((_, k) => k % parts === part - 1)
    .map((name) => join(dir, name));
}

type ConsoleMethod = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** Tees console output and mocha's reporter into `file`; returns the undo. */
function copyConsoleTo(file: string): () => void {
  const write = (args: unknown[]): void => {
    try {
      appendFileSync(file, format(...args) + '\n');
    } catch {
      // The report is a convenience; never fail a test run over it.
    }
  };
  // The extension host replaces console's methods with accessors whose setter does
  // nothing (to forward calls to the workbench), so plain assignment would be ignored.
  const methods: ConsoleMethod[] = ['log', 'info', 'warn', 'error', 'debug'];
  const saved = methods.map((method) => {
    const descriptor = Object.getOwnPropertyDescriptor(console, method);
    if (descriptor && !descriptor.configurable) return [method, undefined] as const;
    const current = console[method];
    Object.defineProperty(console, method, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]): void => {
        write(args);
        current.apply(console, args);
      },
    });
    return [method, descriptor] as const;
  });
  // The reporter keeps its own reference to console.log, taken when mocha loaded.
  const base = Mocha.reporters.Base;
  const reporterLog = base.consoleLog;
  base.consoleLog = (...args: unknown[]): void => {
    write(args);
    reporterLog(...args);
  };
  return () => {
    for (const [method, descriptor] of saved) {
      if (descriptor) Object.defineProperty(console, method, descriptor);
    }
    base.consoleLog = reporterLog;
  };
}
