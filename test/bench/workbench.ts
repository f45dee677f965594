// One real VS Code for the bench: a fresh VS Code server (fresh profile) on a fresh copy of
// the fixture workspace, its workbench in a fresh Chromium context, the packaged extension
// loaded from its unpacked VSIX (with the empty extension beside it) and the bench agent as
// its "tests". `load()` opens the workbench (again: a window reload keeps the server's
// profile and the browser's storage, so a key stored before is still there) and resolves
// when the agent says hello.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORT } from '../host/browser';
import { appendLine } from '../host/fileTail';
import type { PreparedHost } from '../host/prepare';
import { startServer } from '../host/server';
import type { VsCodeServer } from '../host/server';
import { createWorkspace, repoRoot } from '../host/workspace';
import type { TestWorkspace } from '../host/workspace';
import { CONTROL_ENV } from './control';
import type { Hello } from './control';
import type { ControlServer } from './controlServer';
import { withTimeout } from './controlServer';

export interface BenchWindowOptions {
  readonly host: PreparedHost;
  readonly browser: Browser;
  readonly control: ControlServer;
  /**
   * The unpacked extension's folder, or a folder of extension folders: VS Code loads every
   * extension in it, in the order of their folder names. (The workbench takes only one
   * `extensionDevelopmentPath` from its URL: it reads the payload into a Map.)
   */
  readonly extensionPath: string;
  /** The remote's machine settings (the local API server's URLs, which are machine-scoped). */
  readonly machineSettings: Readonly<Record<string, unknown>>;
  /** Where the server's and the page's logs go. */
  readonly logDir: string;
  readonly name: string;
  /** The folder copied as the window's workspace; the fixture workspace by default. */
  readonly fixture?: string;
}

const LOAD_TIMEOUT_MS = 120_000;

export class BenchWindow {
  private exitCode: ((code: number) => void) | undefined;
  private url = '';

  private constructor(
    readonly server: VsCodeServer,
    readonly workspace: TestWorkspace,
    readonly context: BrowserContext,
    readonly page: Page,
    private readonly control: ControlServer,
  ) {}

  static async open(options: BenchWindowOptions): Promise<BenchWindow> {
    const workspace = createWorkspace(options.fixture ? { fixture: options.fixture } : {});
    let server: VsCodeServer | undefined;
    let context: BrowserContext | undefined;
    try {
      server = await startServer(options.host, {
        logFile: join(options.logDir, `${options.name}-server.log`),
        machineSettings: options.machineSettings,
      });
      context = await options.browser.newContext({ viewport: VIEWPORT });
      // code-server's workbench keeps extension secrets in localStorage, sealed with a key
      // its own server hands out at <path>/mint-key; the bare VS Code server does not serve
      // that path, so without this the secrets live in memory only and a reload loses the
      // key. One random key per window, as code-server keeps one per installation.
      const serverKey = randomBytes(32);
      await context.route(
        (url) => url.pathname.endsWith('/mint-key'),
        (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: serverKey }),
      );
      const page = await context.newPage();
      const consoleLog = join(options.logDir, `${options.name}-console.log`);
      page.on('console', (message) => appendLine(consoleLog, `[${message.type()}] ${message.text()}`));
      page.on('pageerror', (error) => appendLine(consoleLog, `[pageerror] ${error.stack ?? error.message}`));
      const window = new BenchWindow(server, workspace, context, page, options.control);
      // Looked up by the workbench when the agent's run() settles.
      await page.exposeFunction('codeAutomationExit', (code: unknown) => window.exitCode?.(typeof code === 'number' ? code : 1));
      window.url = server.workbenchUrl(workspace.path, [
        ['extensionDevelopmentPath', server.remoteUri(options.extensionPath)],
        ['extensionTestsPath', server.remoteUri(join(repoRoot(), 'out', 'bench', 'vscode'))],
        ['extensionEnvironment', JSON.stringify({ [CONTROL_ENV]: options.control.url })],
        ['skipWelcome', 'true'],
        ['skipReleaseNotes', 'true'],
      ]);
      return window;
    } catch (error) {
      await context?.close().catch(() => undefined);
      await server?.close();
      workspace.dispose();
      throw error;
    }
  }

  /** Opens (or re-opens) the workbench; resolves when the agent in the new extension host is up. */
  async load(): Promise<Hello> {
    const hello = this.control.nextHello(LOAD_TIMEOUT_MS);
    await this.page.goto(this.url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    return hello;
  }

  /** Ends the agent's session; resolves with the workbench's exit code (0 when run() resolved). */
  async endSession(): Promise<number> {
    const exited = new Promise<number>((resolve) => (this.exitCode = resolve));
    await this.control.finish();
    return withTimeout(exited, 30_000, 'the workbench to end the bench session');
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
    await this.server.close();
    this.workspace.dispose();
  }
}
