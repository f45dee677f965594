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
import { parseShard, shardFiles } from './shards';
import { printTimes, timing } from './timing';
import type { Timing } from './timing';

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
          printTimes(times, Mocha.reporters.Base.consoleLog);
          writeResult({ passes, failures, pending });
          resolve(failures);
        });
        const record = (runnable: Mocha.Runnable): void => {
          times.push(timing(runnable));
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

function writeResult(result: TestResult): void {
  const file = process.env[RESULT_ENV];
  if (file) writeFileSync(file, JSON.stringify(result) + '\n');
}

/** The test files beside this entry; with STOCK_MEDIA_TEST_SHARD `<i>/<n>`, the i-th of n parts of them (shards.ts). */
function testFiles(dir: string): string[] {
  const { part, parts } = parseShard(process.env[SHARD_ENV]);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.test.js'));
  return shardFiles(files, part, parts, 'node').map((name) => join(dir, name));
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
