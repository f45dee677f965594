// The mocha entry for the web worker extension host (`npm run test:vscode:web`): the same
// suites as test/vscode/index.ts, bundled for the browser (esbuild.mjs --tests, out/vscode-web/
// index.js, inside the extension's folder as the web host requires), with mocha's browser build.
//
// The worker has no file system, no environment and no Node modules, so:
// - options (the control server's URL, --grep) come from a JSON file the runner writes beside
//   the workspace folder (WEB_TEST_OPTIONS_FILE), read through vscode.workspace.fs;
// - the report and the result go to the runner's control server (test/host/control.ts);
// - the bundle maps `node:assert/strict` to ./assert.ts, test/server/server to ./apiServer.ts
//   (the server runs in the runner's process), `node:module` to ./webRequire.ts and other
//   Node modules to ./nodeOnly.ts (whose functions throw: only tests marked Node-only use them).
//
// What does not run here, and why (marked in the suites with describeInNode/itInNode and the
// reasons in test/vscode/hosts.ts; the report lists each with its reason):
// - activation (3 tests): the Node host's require cache (its bundle, package.json `main`); the
//   web host loads its own bundle (package.json `browser`) and has no require cache.
// - a hostile file server's content type (hostile), a save cancelled midway (insert): each
//   starts its own node:http server inside the extension host; a worker cannot listen.
// - an images folder that is a symbolic link out of the workspace (insertDestination): a
//   folder outside the workspace and links made with node:fs; workspace.fs cannot make links.
// One test checks a different outcome here: a download from the second origin
// (http://127.0.0.2) is refused by the web worker host's content security policy (plain http
// only to localhost and 127.0.0.1), so the hostile suite expects a clear failure there.
import * as vscode from 'vscode';
import 'mocha/mocha.js';
import { WEB_TEST_OPTIONS_FILE } from '../host/testEnv';
import type { TestResult, WebTestOptions } from '../host/testEnv';
import { NOT_IN_WEB_HOST } from '../vscode/hosts';
import { parseShard } from '../vscode/shards';
import { printTimes, timing } from '../vscode/timing';
import type { Timing } from '../vscode/timing';
import { loadTestFiles } from 'stock-media-web-tests';
import { post, useControl } from './control';

declare const mocha: BrowserMocha;
declare const Mocha: { reporters: { Base: { consoleLog: (...args: unknown[]) => void } } };

interface BrowserMocha {
  setup(options: { ui: string; timeout: number; reporter: string; color: boolean }): void;
  grep(text: string): void;
  run(done: (failures: number) => void): Mocha.Runner;
  readonly suite: Mocha.Suite;
}

export async function run(): Promise<void> {
  const options = await readOptions();
  useControl(options);
  const restore = copyConsoleTo((text) => post('/report', text));
  try {
    console.log(`      Web worker extension host (${vscode.env.appHost}, ${vscode.env.uiKind === vscode.UIKind.Web ? 'web UI' : 'desktop UI'})`);
    const result = await runMocha(options);
    post('/result', JSON.stringify(result));
    if (result.error !== undefined) throw new Error(result.error);
    if (result.failures > 0) throw new Error(`${result.failures} test${result.failures === 1 ? '' : 's'} failed`);
  } finally {
    restore();
  }
}

async function readOptions(): Promise<WebTestOptions> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) throw new Error('The web tests run in a folder');
  const file = vscode.Uri.joinPath(folder, '..', WEB_TEST_OPTIONS_FILE);
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file))) as WebTestOptions;
}

async function runMocha(options: WebTestOptions): Promise<TestResult> {
  mocha.setup({ ui: 'bdd', timeout: 20_000, reporter: 'spec', color: false });
  if (options.grep) mocha.grep(options.grep);
  try {
    const { part, parts } = parseShard(options.shard);
    loadTestFiles(part, parts, mocha.suite.suites);
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(text);
    return { passes: 0, failures: 0, pending: 0, error: text };
  }
  const skipped: string[] = [];
  const times: Timing[] = [];
  const result = await new Promise<TestResult>((resolve) => {
    const runner = mocha.run(() => {
      const { passes, failures, pending } = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
      printTimes(times, Mocha.reporters.Base.consoleLog);
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

/** Tees console output and mocha's reporter to `send`; returns the undo. */
function copyConsoleTo(send: (text: string) => void): () => void {
  const write = (args: unknown[]): void => {
    try {
      send(format(args) + '\n');
    } catch {
      // The report is a convenience; never fail a test over it (the result still counts).
    }
  };
  // As in the Node host, console's methods may be accessors whose setter does nothing.
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
  const base = Mocha.reporters.Base;
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

/** console's formatting (%s, %d, %i, %j, %o, %O, %%), for the reporter's lines. */
function format(args: unknown[]): string {
  const show = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.stack ?? value.message;
    try {
      return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    } catch {
      return String(value);
    }
  };
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(show).join(' ');
  const text = first.replace(/%[sdijoO%]/g, (spec) => {
    if (spec === '%%') return '%';
    if (rest.length === 0) return spec;
    const value = rest.shift();
    if (spec === '%d' || spec === '%i') return String(spec === '%i' ? Math.trunc(Number(value)) : Number(value));
    return show(value);
  });
  return [text, ...rest.map(show)].join(' ');
}
