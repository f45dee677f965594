// The mocha entry of the VS Code suites, one for both extension hosts: VS Code loads it as
// `extensionTestsPath` (the Node host: out/vscode/index.js, from the offline VS Code server
// driven by test/host/run.ts or a desktop VS Code through @vscode/test-electron; the web worker
// host: out/vscode-web/index.js, this file bundled for the browser by test/vscode-web/bundle.mjs).
// What differs between the hosts is behind `./testHost` (the Node host's; the web bundle maps it
// to test/vscode-web/testHost.ts): where the options come from, which mocha build runs and how
// the test files load, where the report and the result go.
//
// The extension host's output does not reach the terminal that started the run, so the
// reporter's output, and whatever the tests print to the console, is also handed to the host's
// `report`, which the runner prints. Tests marked Node-only (test/vscode/hosts.ts) are pending
// in the web worker host and listed at the end with their reason.
import type { TestResult } from '../host/testEnv';
import { NOT_IN_WEB_HOST } from './hosts';
import { testHost } from './testHost';
import type { TestHost } from './testHost';
import { printTimes, timing } from './timing';
import type { Timing } from './timing';

export async function run(): Promise<void> {
  const host = await testHost();
  const restore = copyConsoleTo(host);
  let result: TestResult;
  try {
    if (host.title) console.log(`      ${host.title}`);
    result = await runMocha(host);
    host.result(result);
  } finally {
    restore();
  }
  if (result.error !== undefined) throw new Error(result.error);
  if (result.failures > 0) throw new Error(`${result.failures} test${result.failures === 1 ? '' : 's'} failed`);
}

async function runMocha(host: TestHost): Promise<TestResult> {
  const skipped: string[] = [];
  const times: Timing[] = [];
  const result = await new Promise<TestResult>((resolve) => {
    // Throws when a test file throws while loading: the run's error.
    const runner = host.mocha().run(() => {
      const { passes, failures, pending } = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
      printTimes(times, host.reporter.consoleLog);
      resolve({ passes, failures, pending });
    });
    const record = (runnable: Mocha.Runnable): void => {
      times.push(timing(runnable));
    };
    runner.on('test end', record);
    runner.on('hook end', record);
    runner.on('pending', (test: Mocha.Test) => {
      const reason = reasonFor(test);
      if (reason) skipped.push(`${test.fullTitle()}\n        ${reason}`);
    });
  }).catch((error: unknown) => {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(text);
    return { passes: 0, failures: 0, pending: 0, error: text };
  });
  if (skipped.length > 0) {
    console.log(`  Not run in the web worker extension host (${skipped.length}):`);
    for (const line of skipped) console.log(`    - ${line}`);
    console.log('');
  }
  return result;
}

/** The reason a test or one of its suites was marked Node-only. */
function reasonFor(test: Mocha.Test): string | undefined {
  for (let node: Mocha.Test | Mocha.Suite | undefined = test; node; node = node.parent) {
    const reason = NOT_IN_WEB_HOST.get(node);
    if (reason) return reason;
  }
  return undefined;
}

type ConsoleMethod = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** Tees console output and mocha's reporter into the host's report; returns the undo. */
function copyConsoleTo(host: TestHost): () => void {
  const write = (args: unknown[]): void => {
    try {
      host.report(host.format(args) + '\n');
    } catch {
      // The report is a convenience; never fail a test over it (the result still counts).
    }
  };
  // The extension host replaces console's methods with accessors whose setter does nothing
  // (to forward calls to the workbench), so plain assignment would be ignored.
  const methods: ConsoleMethod[] = ['log', 'info', 'warn', 'error', 'debug'];
  const saved = methods.map((method) => {
    const descriptor = Object.getOwnPropertyDescriptor(console, method);
    if (descriptor && !descriptor.configurable) return { method, replaced: false, descriptor } as const;
    const current = console[method];
    Object.defineProperty(console, method, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]): void => {
        write(args);
        current.apply(console, args);
      },
    });
    return { method, replaced: true, descriptor } as const;
  });
  // The reporter keeps its own reference to console.log, taken when mocha loaded.
  const base = host.reporter;
  const reporterLog = base.consoleLog;
  base.consoleLog = (...args: unknown[]): void => {
    write(args);
    reporterLog(...args);
  };
  return () => {
    for (const { method, replaced, descriptor } of saved) {
      if (!replaced) continue;
      if (descriptor) Object.defineProperty(console, method, descriptor);
      else delete (console as unknown as Record<string, unknown>)[method];
    }
    base.consoleLog = reporterLog;
  };
}
