// What the mocha entry (test/vscode/index.ts) takes from the web worker extension host, in place
// of test/vscode/testHost.ts (test/vscode-web/bundle.mjs maps it here). The worker has no file
// system, no environment and no Node modules, so:
// - the options (the control server's URL, --grep) come from a JSON file the runner writes beside
//   the workspace folder (WEB_TEST_OPTIONS_FILE), read through vscode.workspace.fs;
// - mocha is its browser build, and the test files are those the bundle lists at build time
//   (`stock-media-web-tests`);
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
import type { WebTestOptions } from '../host/testEnv';
import type { TestHost } from '../vscode/testHost';
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

export async function testHost(): Promise<TestHost> {
  const options = await readOptions();
  useControl(options);
  return {
    title: `Web worker extension host (${vscode.env.appHost}, ${vscode.env.uiKind === vscode.UIKind.Web ? 'web UI' : 'desktop UI'})`,
    mocha: () => {
      mocha.setup({ ui: 'bdd', timeout: 20_000, reporter: 'spec', color: false });
      if (options.grep) mocha.grep(options.grep);
      loadTestFiles(mocha.suite.suites);
      return mocha;
    },
    reporter: Mocha.reporters.Base,
    format,
    report: (text) => post('/report', text),
    result: (result) => post('/result', JSON.stringify(result)),
  };
}

async function readOptions(): Promise<WebTestOptions> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) throw new Error('The web tests run in a folder');
  const file = vscode.Uri.joinPath(folder, '..', WEB_TEST_OPTIONS_FILE);
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(file))) as WebTestOptions;
}

/** console's formatting (%s, %d, %i, %j, %o, %O, %%), for the reporter's lines: node:util is not here. */
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
