// `npm run test:vscode`: runs the mocha suites of test/vscode (bundled into out/under-test/vscode/)
// inside a real VS Code. The build happens before, in the npm script.
//
// Default (no internet needed): the VS Code server from code-server, its workbench in
// Debian's Chromium (driven over a DevTools pipe: pipePage.ts), the extension under test
// (out/under-test/: the product with the test hooks, test/vscode/underTest.ts) in development mode. The extension host's output never reaches this process, so the mocha
// entry appends its report to a file that this runner tails to the terminal (see
// test/host/testEnv.ts).
//
// VSCODE_EXECUTABLE=<desktop VS Code binary>, or --electron (downloads one; needs
// internet): the same suites through @vscode/test-electron.
//
// --web: the same suites in the browser's web worker extension host (as on vscode.dev),
// from the browser bundle of the same mocha entry, out/under-test/vscode-web/index.js
// (test/vscode/index.ts with test/vscode-web/testHost.ts), and the extension's browser entry.
// The worker has no file system or environment: the report, the
// result and the local API servers go through a control server in this process
// (test/host/control.ts), whose URL the tests read from a file beside the workspace folder.
//
// Options: --grep <text> (or STOCK_MEDIA_TEST_GREP) runs only matching tests;
// --locale <language> (e.g. de) runs with that display language; STOCK_MEDIA_TEST_TIMEOUT_MIN
// (default 15) bounds the whole run.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { launchPipePage } from './pipePage';
import type { PipePage } from './pipePage';
import { startControlServer } from './control';
import type { ControlServer } from './control';
import { FileTail, appendLine } from './fileTail';
import { prepare } from './prepare';
import { QUIET_WORKBENCH_SETTINGS, TEST_WORKBENCH_SETTINGS, WEB_WORKER_HOST_SETTINGS, startServer } from './server';
import type { VsCodeServer } from './server';
import { COLOR_ENV, GREP_ENV, REPORT_ENV, RESULT_ENV, WEB_TEST_OPTIONS_FILE } from './testEnv';
import type { TestResult, WebTestOptions } from './testEnv';
import { createWorkspace, repoRoot } from './workspace';
import type { TestWorkspace } from './workspace';

/**
 * What the workbench draws and computes for nobody: the suites read the extension's results
 * (through the API and commands), never the screen, so no blinking cursor, animations, minimap,
 * breadcrumbs, sticky scroll, tabs bar, highlights or guides to redraw on each edit, and no code
 * lenses, light bulbs, links, folding, colours or hints for the built-in extensions to compute
 * for each editor. Measured, one Node workbench with half the test files: the workbench's
 * renderer 49 → 43 CPU-seconds, the whole run 104 → 94.
 */
const QUIET_SETTINGS = {
  ...QUIET_WORKBENCH_SETTINGS,
  ...TEST_WORKBENCH_SETTINGS,
  'editor.cursorBlinking': 'solid',
  'workbench.reduceMotion': 'on',
  'editor.minimap.enabled': false,
  'breadcrumbs.enabled': false,
  'workbench.editor.showTabs': 'single',
  'explorer.autoReveal': false,
  'editor.stickyScroll.enabled': false,
  'editor.occurrencesHighlight': 'off',
  'editor.selectionHighlight': false,
  'editor.renderLineHighlight': 'none',
  'editor.guides.indentation': false,
  'editor.bracketPairColorization.enabled': false,
  'editor.matchBrackets': 'never',
  'editor.codeLens': false,
  'editor.lightbulb.enabled': 'off',
  'editor.links': false,
  'editor.colorDecorators': false,
  'editor.folding': false,
  'editor.semanticHighlighting.enabled': false,
  'editor.inlayHints.enabled': 'off',
  'editor.quickSuggestions': { other: false, comments: false, strings: false },
  'editor.wordBasedSuggestions': 'off',
} as const;

interface Options {
  readonly electron: boolean;
  /** Run the suites in the web worker extension host instead of the Node one. */
  readonly web: boolean;
  readonly grep: string | undefined;
  readonly timeoutMs: number;
  /** Display language of the workbench, and so `vscode.env.language` and the extension's bundles. */
  readonly locale: string | undefined;
}

/** Time from opening the workbench to the first line of the report. */
const START_TIMEOUT_MS = 3 * 60_000;

function parseArgs(argv: readonly string[]): Options {
  let electron = false;
  let web = false;
  let grep = process.env[GREP_ENV] || undefined;
  let locale: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--electron') electron = true;
    else if (arg === '--web') web = true;
    else if (arg === '--grep' || arg === '-g') grep = argv[++i];
    else if (arg?.startsWith('--grep=')) grep = arg.slice('--grep='.length);
    else if (arg === '--locale') locale = argv[++i];
    else if (arg?.startsWith('--locale=')) locale = arg.slice('--locale='.length);
    else throw new Error(`Unknown argument ${arg}. Usage: run.js [--grep <text>] [--locale <language>] [--web | --electron]`);
  }
  if (locale !== undefined && !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(locale)) throw new Error(`Not a language id: ${locale}`);
  // The whole suite of a host runs in one workbench: about 15 minutes on a loaded 2-core machine.
  const minutes = Number(process.env['STOCK_MEDIA_TEST_TIMEOUT_MIN'] || 50);
  if (web && electron) throw new Error('--web runs in the VS Code server, not in a desktop VS Code: use one of --web, --electron.');
  return { electron, web, grep, timeoutMs: minutes * 60_000, locale: locale?.toLowerCase() };
}

function testEnvironment(options: Options): Record<string, string> {
  const env: Record<string, string> = {};
  if (options.grep) env[GREP_ENV] = options.grep;
  if (process.stdout.isTTY && !process.env['NO_COLOR']) env[COLOR_ENV] = '1';
  return env;
}

function paths(web = false, locale?: string): { extension: string; tests: string; output: string } {
  const root = repoRoot();
  // The extension under test (esbuild.mjs --tests): the product's activation with the test hooks
  // (test/vscode/underTest.ts); its entry for each host is its own, the rest is the root's.
  const extension = join(root, 'out', 'under-test');
  // Its suites, inside it: the web host loads the entry file itself; the Node host a folder with index.js.
  const tests = web ? join(extension, 'vscode-web', 'index.js') : join(extension, 'vscode');
  const needed = web
    ? [tests, join(extension, 'dist', 'web.js')]
    : [join(tests, 'index.js'), join(extension, 'dist', 'node.js'), join(extension, 'dist', 'extension.js')];
  const missing = needed.filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(`Not built: ${missing.join(', ')}. Run \`node esbuild.mjs --tests\` first (npm run test:vscode${web ? ':web' : ''} does).`);
  }
  // A folder per host and language, so runs of each can go on side by side.
  const output = join(root, 'test-output', `${web ? 'vscode-web' : 'vscode'}${locale ? `-${locale}` : ''}`);
  return { extension, tests, output };
}

async function runInElectron(options: Options): Promise<number> {
  const { extension, tests } = paths();
  const executable = process.env['VSCODE_EXECUTABLE'];
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    console.warn('[vscode] No display: run this under xvfb-run.');
  }
  // Loaded only here: it wants a newer Node than the system one, and is not needed offline.
  const { runTests } = await import('@vscode/test-electron');
  const workspace = createWorkspace();
  try {
    console.log(`[vscode] Desktop VS Code: ${executable ?? 'downloaded by @vscode/test-electron'}`);
    await runTests({
      ...(executable ? { vscodeExecutablePath: executable } : {}),
      extensionDevelopmentPath: extension,
      extensionTestsPath: tests,
      // Desktop VS Code prints the extension host's output here itself: no report file.
      extensionTestsEnv: testEnvironment(options),
      launchArgs: [
        workspace.path,
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        ...(options.locale ? [`--locale=${options.locale}`] : []),
      ],
    });
    return 0;
  } catch (error) {
    console.error(`[vscode] ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    workspace.dispose();
  }
}

async function runInServer(options: Options): Promise<number> {
  const { extension, tests, output } = paths(options.web, options.locale);
  const started = Date.now();
  const seconds = (): string => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const host = await prepare({ browser: true });
  console.log(`[vscode] VS Code ${host.vscodeVersion} server, Node 24 (${seconds()})`);

  // Logs go where people look for them; the report and the result, which the run depends
  // on, go to a private folder, so a second run in the same checkout cannot disturb them.
  mkdirSync(output, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'stock-media-run-'));
  // Also at exit: a second signal, or an error in cleanup(), may end the process before it is done.
  const removeScratch = (): void => rmSync(scratch, { recursive: true, force: true });
  process.once('exit', removeScratch);
  const files = {
    report: join(scratch, 'report.txt'),
    result: join(scratch, 'result.json'),
    server: join(output, 'server.log'),
    workbench: join(output, 'workbench-console.log'),
    screenshot: join(output, 'failure.png'),
  };
  writeFileSync(files.report, '');
  for (const log of [files.server, files.workbench]) writeFileSync(log, '');
  rmSync(files.screenshot, { force: true });

  let workspace: TestWorkspace | undefined;
  let server: VsCodeServer | undefined;
  let page: PipePage | undefined;
  let control: ControlServer | undefined;
  const tail = new FileTail(files.report, (text) => process.stdout.write(text));
  const cleanup = async (): Promise<void> => {
    tail.stop();
    await page?.close();
    await server?.close();
    await control?.close();
    workspace?.dispose();
    // Kept with the logs for a later look (a CI artifact, say).
    try {
      copyFileSync(files.report, join(output, 'report.txt'));
    } catch {
      // Nothing was reported.
    }
    removeScratch();
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    console.error(`\n[vscode] ${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    workspace = createWorkspace();
    if (options.web) {
      control = await startControlServer({ report: files.report, result: files.result });
      const webOptions: WebTestOptions = { control: control.url, ...(options.grep ? { grep: options.grep } : {}) };
      writeFileSync(join(dirname(workspace.path), WEB_TEST_OPTIONS_FILE), JSON.stringify(webOptions));
    }
    // A crashed extension host never reports an exit code; notice it instead of waiting
    // for the overall timeout.
    let crashLine: string | undefined;
    let hostExited: (line: string) => void = () => undefined;
    const hostCrashed = new Promise<string>((resolve) => (hostExited = resolve));
    server = await startServer(host, {
      logFile: files.server,
      userSettings: { ...QUIET_SETTINGS, ...(options.web ? WEB_WORKER_HOST_SETTINGS : {}) },
      onLine: (line) => {
        if (/Extension Host Process exited with code: (?!0,)/.test(line)) {
          crashLine ??= line.trim();
          hostExited(line);
        }
      },
    });
    console.log(`[vscode] Server on ${server.url} (${seconds()})${options.web ? '; the extension and its tests in the web worker extension host' : ''}`);
    page = await launchPipePage((message) => appendLine(files.workbench, `[${message.type}] ${message.text}`));

    let exit: (code: number) => void = () => undefined;
    const exited = new Promise<number>((resolve) => (exit = resolve));
    // Must exist before the workbench loads: it is looked up when the tests settle.
    await page.exposeFunction('codeAutomationExit', (code: unknown) => exit(typeof code === 'number' ? code : 1));
    await page.exposeFunction('codeAutomationLog', (level: unknown, message: unknown) =>
      appendLine(files.workbench, `[log:${String(level)}] ${String(message)}`),
    );

    const env = { ...testEnvironment(options), [REPORT_ENV]: files.report, [RESULT_ENV]: files.result };
    const url = server.workbenchUrl(workspace.path, [
      ['extensionDevelopmentPath', server.remoteUri(extension)],
      ['extensionTestsPath', server.remoteUri(tests)],
      ['extensionEnvironment', JSON.stringify(env)],
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ]);
    if (options.locale) {
      // The web workbench takes its display language from the global a language pack's NLS
      // script sets; there is none offline (`--locale` alone finds no pack and stays English),
      // so set it before the workbench loads. VS Code's own texts stay English; the remote
      // extension host gets this language, so extensions load their bundle for it.
      await page.addInitScript(`globalThis._VSCODE_NLS_LANGUAGE = ${JSON.stringify(options.locale)};`);
      console.log(`[vscode] Display language: ${options.locale}`);
    }
    tail.start();
    await page.goto(url, 60_000);
    console.log(`[vscode] Workbench opened (${seconds()}); tests start in the extension host\n`);

    const outcome = await Promise.race([
      exited.then((code) => ({ kind: 'exit' as const, code })),
      // Grace period: a normal end also stops the extension host, just before the exit code.
      hostCrashed.then((line) => delay(10_000).then(() => ({ kind: 'crash' as const, line }))),
      tail.firstData(START_TIMEOUT_MS).then((ok) => (ok ? new Promise<never>(() => undefined) : { kind: 'noStart' as const })),
      delay(options.timeoutMs).then(() => ({ kind: 'timeout' as const })),
    ]);
    tail.stop();
    if (outcome.kind === 'exit') {
      const code = checkedExitCode(outcome.code, files.result, crashLine);
      console.log(`\n[vscode] Finished with exit code ${code} in ${seconds()}`);
      if (code !== 0) printDiagnostics(files, server);
      return code;
    }
    await page.screenshot(files.screenshot).catch(() => undefined);
    const messages = {
      noStart: `The tests did not start within ${START_TIMEOUT_MS / 60_000} min of opening the workbench.`,
      timeout: `Timed out after ${options.timeoutMs / 60_000} min (STOCK_MEDIA_TEST_TIMEOUT_MIN) without a result.`,
      crash: `The extension host died before the tests finished (${outcome.kind === 'crash' ? outcome.line.trim() : ''}).`,
    } as const;
    console.error(`\n[vscode] ${messages[outcome.kind]}`);
    printDiagnostics(files, server);
    return 1;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    await cleanup();
  }
}

/** The workbench's exit code, unless the mocha entry's own result contradicts it. */
function checkedExitCode(code: number, resultFile: string, crashLine: string | undefined): number {
  let result: TestResult;
  try {
    result = JSON.parse(readFileSync(resultFile, 'utf8')) as TestResult;
  } catch {
    console.error(
      `\n[vscode] No test result was recorded (workbench exit code ${code}): the extension host ` +
        `stopped before the tests finished${crashLine ? ` (${crashLine})` : ''}.`,
    );
    return 1;
  }
  if (result.error !== undefined || result.failures > 0) return code === 0 ? 1 : code;
  return code;
}

function printDiagnostics(files: { server: string; workbench: string; screenshot: string }, server: VsCodeServer): void {
  console.error(`[vscode] Last server output:\n${server.outputTail(25)}`);
  console.error(`[vscode] Full logs: ${files.server}, ${files.workbench}${existsSync(files.screenshot) ? `, ${files.screenshot}` : ''}`);
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (options.electron || process.env['VSCODE_EXECUTABLE']) return runInElectron(options);
  return runInServer(options);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[vscode] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
