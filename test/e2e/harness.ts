// Playwright helpers that drive the real VS Code workbench as a person would: the same
// offline host as test/host/run.ts (VS Code server + Debian Chromium), with the extension
// from this repo loaded in development mode, but no extension tests: the test is the page.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { startApiServer } from '../server/server';
import type { ApiServer, ApiServerOptions } from '../server/server';
import { launchBrowser } from '../host/browser';
import type { BrowserSession } from '../host/browser';
import { appendLine } from '../host/fileTail';
import { prepare } from '../host/prepare';
import type { ForwardedPort } from '../host/frontDoor';
import { LOCAL_CERTIFICATE_SETTINGS, QUIET_WORKBENCH_SETTINGS, TEST_WORKBENCH_SETTINGS, WEB_WORKER_HOST_SETTINGS, startServer } from '../host/server';
import { localCertificate } from '../server/tls';
import type { VsCodeServer } from '../host/server';
import { createWorkspace, repoRoot } from '../host/workspace';
import type { TestWorkspace } from '../host/workspace';

export interface Workbench {
  readonly page: Page;
  readonly server: VsCodeServer;
  readonly workspace: TestWorkspace;
  readonly browser: BrowserSession;
  /** Closes the browser, stops the server and removes the workspace copy. */
  close(): Promise<void>;
}

export interface WorkbenchOptions {
  /** Written to the workspace's `.vscode/settings.json`. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * Written to the remote's machine settings before the server starts: where a person puts
   * machine-scoped settings (the API base URLs; see apiSettings).
   */
  readonly machineSettings?: Readonly<Record<string, unknown>>;
  /** Extra environment for the extension host. */
  readonly extensionEnv?: Readonly<Record<string, string>>;
  /** Extra arguments for the VS Code server. */
  readonly serverArgs?: readonly string[];
  /** How long to wait for the workbench to be restored; default 90 s. */
  readonly readyTimeoutMs?: number;
  /**
   * Run the extension in the browser's web worker extension host (its `browser` entry), as
   * vscode.dev and github.dev do, instead of the server's Node extension host: the user
   * setting WEB_WORKER_HOST_SETTINGS, written before the page loads.
   */
  readonly web?: boolean;
  /**
   * A VSIX to install into the server's (fresh, empty) extensions folder before it starts
   * (`--install-extension`), as a user installs it. The workbench then runs that installed
   * extension instead of this repository in development mode: no extensionDevelopmentPath, so
   * no "[Extension Development Host]" in the window title either.
   */
  readonly vsix?: string;
  /** Self-signed certificates the browser accepts besides the API server's (see LaunchOptions.trustSpki). */
  readonly trustedSpki?: readonly string[];
  /**
   * The API server serves https (`startApiServer({ https: true })`, for pictures the
   * workbench shows only from https): the browser and the Node extension host trust its
   * certificate (test/server/tls.ts), and only it in addition.
   */
  readonly https?: boolean;
  /**
   * Ports the front door forwards `/proxy/<port>/…` to (test/host/frontDoor.ts), as the demo
   * does for the library's pages: where the workbench opens links to this computer.
   */
  readonly forwardPorts?: readonly ForwardedPort[];
  /**
   * Workspace trust on, as for a person (ServerOptions.workspaceTrust): the folder is not
   * trusted until the person says so, and the workbench starts in Restricted Mode or asks.
   */
  readonly workspaceTrust?: boolean;
  /** Merged last into the user settings (e.g. `security.workspace.trust.startupPrompt`). */
  readonly userSettings?: Readonly<Record<string, unknown>>;
  /**
   * Test-only extensions (folders of this repository, e.g. test/e2e/agentHelper), packaged and
   * installed into the server's extensions folder before it starts, beside this one (the server
   * loads one extensionDevelopmentPath only: the last it is given).
   */
  readonly extensions?: readonly string[];
}

/** Everything the e2e run writes: screenshots and logs (git-ignored). */
export const OUTPUT_DIR = join(repoRoot(), 'test-output');
export const SCREENSHOT_DIR = join(OUTPUT_DIR, 'screenshots');
const LOG_DIR = join(OUTPUT_DIR, 'e2e');

// Each e2e file is bundled with its own copy of this module; the registry of open
// workbenches is shared through globalThis so the runner can close all of them.
// A workbench is registered from the moment it starts, so one still starting is closed too.
interface Closable {
  close(): Promise<void>;
}
const REGISTRY = Symbol.for('stock-media.e2e.workbenches');
const shared = globalThis as typeof globalThis & { [REGISTRY]?: Set<Closable> };
const open: Set<Closable> = (shared[REGISTRY] ??= new Set<Closable>());
let counter = 0;
/** Starts counted by this process's workbenches, printed as each opens (stages.ts counts the lines). */
export const WORKBENCH_OPENED = 'Workbench opened';

/**
 * The test-only extension that stands in for VS Code's agent (test/e2e/agentHelper: a command that
 * calls a tool through vscode.lm.invokeTool), for the `extensions` of the workbench the https
 * files share (files.ts TOGETHER).
 */
export const AGENT_STAND_IN = join(repoRoot(), 'test', 'e2e', 'agentHelper');

/** Prepares the host (cached), starts a server on a fresh workspace copy and opens the workbench. */
export async function startWorkbench(options: WorkbenchOptions = {}): Promise<Workbench> {
  const host = await prepare({ browser: true });
  mkdirSync(LOG_DIR, { recursive: true });
  const id = `${process.pid}-${++counter}`;
  const consoleLog = join(LOG_DIR, `workbench-${id}.log`);

  let workspace: TestWorkspace | undefined;
  let server: VsCodeServer | undefined;
  let browser: BrowserSession | undefined;
  let closed: Promise<void> | undefined;
  const closer: Closable = {
    close: () =>
      (closed ??= (async () => {
        open.delete(closer);
        await browser?.close();
        await server?.close();
        workspace?.dispose();
      })()),
  };
  const close = closer.close;
  open.add(closer);
  try {
    workspace = createWorkspace(options.settings ? { settings: options.settings } : {});
    const installs = [...(options.vsix ? [options.vsix] : []), ...(options.extensions ?? []).map(packageExtension)];
    const installArgs = installs.length > 0 ? [...installs.flatMap((vsix) => ['--install-extension', vsix]), '--start-server'] : [];
    const extraArgs = [...installArgs, ...(options.serverArgs ?? [])];
    const certificate = options.https ? localCertificate() : undefined;
    const userSettings = {
      ...QUIET_WORKBENCH_SETTINGS,
      ...TEST_WORKBENCH_SETTINGS,
      // In a browser VS Code saves a file a second after each edit by default; the tests save as a
      // desktop user does, with Ctrl+S (saveEditor), and read the file once it is written: an
      // auto-save under way could be read half written (CI read README.md empty).
      'files.autoSave': 'off',
      ...(options.web ? WEB_WORKER_HOST_SETTINGS : {}),
      ...(certificate ? LOCAL_CERTIFICATE_SETTINGS : {}),
      ...options.userSettings,
    };
    server = await startServer(host, {
      logFile: join(LOG_DIR, `server-${id}.log`),
      ...(extraArgs.length > 0 ? { extraArgs } : {}),
      ...(options.machineSettings ? { machineSettings: options.machineSettings } : {}),
      userSettings,
      ...(certificate ? { env: { NODE_EXTRA_CA_CERTS: certificate.certFile } } : {}),
      ...(options.forwardPorts ? { forwardPorts: options.forwardPorts } : {}),
      ...(options.workspaceTrust ? { workspaceTrust: true } : {}),
    });
    const trustSpki = [...(certificate ? [certificate.spki] : []), ...(options.trustedSpki ?? [])];
    browser = await launchBrowser(trustSpki.length > 0 ? { trustSpki } : {});
    const { page } = browser;
    page.on('console', (message) => appendLine(consoleLog, `[${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => appendLine(consoleLog, `[pageerror] ${error.stack ?? error.message}`));
    const payload: Array<[string, string]> = [
      ...(options.vsix ? [] : [['extensionDevelopmentPath', server.remoteUri(repoRoot())] as [string, string]]),
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ];
    if (options.extensionEnv) payload.push(['extensionEnvironment', JSON.stringify(options.extensionEnv)]);
    await page.goto(server.workbenchUrl(workspace.path, payload), { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await waitForWorkbench(page, options.readyTimeoutMs ?? 90_000);
    await waitForExtension(page, options.readyTimeoutMs ?? 90_000);
    console.log(`      [e2e] ${WORKBENCH_OPENED} (${id})`);
    sharedState.workspaces.set(page, workspace.path);
    return { page, server, workspace, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A test-only extension's folder as a VSIX (in test-output/e2e), for `--install-extension`. */
function packageExtension(folder: string): string {
  const vsix = join(LOG_DIR, `${basename(folder)}.vsix`);
  const vsce = join(repoRoot(), 'node_modules', '@vscode', 'vsce', 'vsce');
  execFileSync(process.execPath, [vsce, 'package', '--allow-missing-repository', '--skip-license', '--no-dependencies', '-o', vsix], { cwd: folder, stdio: 'ignore' });
  return vsix;
}

/** Closes every workbench still open (for the runner's `finally` and signal handlers). */
export async function closeAll(): Promise<void> {
  await Promise.all([...open].map((w) => w.close()));
}

interface DriverWindow {
  readonly driver?: { whenWorkbenchRestored(): Promise<void> };
}

/**
 * Waits until the workbench is restored, through the smoke-test driver the server exposes
 * with --enable-smoke-test-driver (the same signal VS Code's own UI tests use).
 */
export async function waitForWorkbench(page: Page, timeoutMs = 90_000): Promise<void> {
  try {
    await page.waitForFunction(() => (window as unknown as DriverWindow).driver !== undefined, undefined, { timeout: timeoutMs });
    await page.evaluate(() => (window as unknown as DriverWindow).driver?.whenWorkbenchRestored());
    await statusBar(page).waitFor({ state: 'visible', timeout: timeoutMs });
  } catch (error) {
    const shot = await screenshot(page, 'workbench-not-ready').catch(() => '(no screenshot)');
    throw new Error(`The workbench was not ready within ${timeoutMs / 1000} s (screenshot: ${shot}): ${String(error)}`, { cause: error });
  }
}

/**
 * Waits until the extension under development is registered: the workbench is restored
 * before the remote extension host has scanned it. The sign is the extension's first
 * activity bar container (from package.json), when it contributes one.
 */
export async function waitForExtension(page: Page, timeoutMs = 90_000): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(repoRoot(), 'package.json'), 'utf8')) as {
    contributes?: { viewsContainers?: { activitybar?: Array<{ title?: string }> } };
  };
  const raw = manifest.contributes?.viewsContainers?.activitybar?.[0]?.title;
  // Contributed titles are `%key%` references into package.nls.json (the workbench runs in English).
  const key = /^%(.+)%$/.exec(raw ?? '')?.[1];
  const title = key
    ? (JSON.parse(readFileSync(join(repoRoot(), 'package.nls.json'), 'utf8')) as Record<string, string | undefined>)[key]
    : raw;
  if (!title) return;
  try {
    await activityBarItem(page, title).waitFor({ state: 'visible', timeout: timeoutMs });
  } catch (error) {
    const shot = await screenshot(page, 'extension-not-loaded').catch(() => '(no screenshot)');
    throw new Error(`The extension's "${title}" view container did not appear within ${timeoutMs / 1000} s (screenshot: ${shot}): ${String(error)}`, { cause: error });
  }
}

/** Runs a command by its title through F1, as a person would (F1 again if the palette did not take the title). */
export async function runCommand(page: Page, title: string, timeoutMs = 10_000): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await typeIntoCommandPalette(page, input, title);
  // Picks the row whose label is exactly the title, not merely the first fuzzy match.
  const row = page
    .locator('.quick-input-widget .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) })
    .first();
  try {
    await row.waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    await page.keyboard.press('Escape');
    throw new Error(`No command titled "${title}" in the command palette`);
  }
  await row.click();
  // The palette closes once the command has started; on a loaded machine that can take a while.
  await input.waitFor({ state: 'hidden', timeout: Math.max(timeoutMs, 30_000) });
}

/** An image's natural size once it has loaded or failed (0 × 0: broken), at most 10 s after it is asked. */
export function naturalSize(img: Locator): Promise<{ width: number; height: number }> {
  return img.evaluate(
    (el: HTMLImageElement) =>
      new Promise<{ width: number; height: number }>((resolve) => {
        const done = (): void => resolve({ width: el.naturalWidth, height: el.naturalHeight });
        if (el.complete) return done();
        el.addEventListener('load', done, { once: true });
        el.addEventListener('error', done, { once: true });
        setTimeout(done, 10_000);
      }),
  );
}

/** Saves a PNG of the page into test-output/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path });
  return path;
}

export function activityBar(page: Page): Locator {
  return page.locator('#workbench\\.parts\\.activitybar');
}

/**
 * An activity bar entry (a view container) by its title, e.g. "Explorer". The entry
 * (`li[role=tab]`) carries `aria-selected`/`aria-expanded`; click it to open or toggle.
 */
export function activityBarItem(page: Page, title: string): Locator {
  return activityBar(page)
    .locator('li.action-item[role="tab"]')
    .filter({ has: page.locator(`a.action-label[aria-label^="${cssString(title)}"]`) });
}

export function sideBar(page: Page): Locator {
  return page.locator('#workbench\\.parts\\.sidebar');
}

/** A view in the side bar (its pane, header and body) by the title in its header. */
export function view(page: Page, title: string): Locator {
  return sideBar(page)
    .locator('.pane')
    .filter({ has: page.locator('.pane-header h3.title', { hasText: new RegExp(`^${escapeRegExp(title)}$`, 'i') }) });
}

/** The rows of a tree view, by the view's title. */
export function treeItems(page: Page, viewTitle: string): Locator {
  return view(page, viewTitle).locator('.monaco-list-row');
}

export function statusBar(page: Page): Locator {
  return page.locator('#workbench\\.parts\\.statusbar');
}

/** A status bar entry by its visible text (string: contains; RegExp: matches). */
export function statusBarItem(page: Page, text: string | RegExp): Locator {
  return statusBar(page).locator('.statusbar-item').filter({ hasText: text });
}

/**
 * A status bar entry by id: an extension's entry has the id `<publisher.name>.<entry id>`
 * (the id given to `createStatusBarItem`), e.g. `stockmedia.stock-media.stockMedia.quota`.
 */
export function statusBarEntry(page: Page, id: string): Locator {
  return statusBar(page).locator(`.statusbar-item[id="${cssString(id)}"]`);
}

export function notifications(page: Page): Locator {
  return page.locator('.notifications-toasts .notification-toast');
}

/**
 * The notification whose text matches, as a person finds it: its toast, or, where the
 * headless workbench keeps toasts hidden (the bell in the status bar then gets its dot), its
 * entry in the notification centre (opened then).
 * A collapsed entry (one line, cut off) is expanded. Resolves with the entry once its whole
 * message is on screen: visible, and not cut off.
 */
export async function shownNotification(page: Page, text: RegExp, timeoutMs = 30_000): Promise<Locator> {
  const toast = notifications(page).locator('.notification-list-item').filter({ hasText: text }).first();
  const inCentre = page.locator('.notifications-center .notification-list-item').filter({ hasText: text }).first();
  const centreOpen = page.locator('.notifications-center.visible');
  const centreClosed = page.locator('.notifications-center:not(.visible)');
  // A notification not yet seen: the status bar's bell has its dot.
  const unseen = statusBarEntry(page, 'status.notifications').locator('.codicon-bell-dot');
  const until = Date.now() + timeoutMs;
  const left = (): number => Math.max(1, until - Date.now());
  let entry: Locator | undefined;
  try {
    while (!entry) {
      await toast.or(inCentre).or(unseen).first().waitFor({ state: 'visible', timeout: left() });
      if (await toast.isVisible()) entry = toast;
      else if (await inCentre.isVisible()) entry = inCentre;
      else {
        if (!(await centreOpen.isVisible())) await runCommand(page, 'Notifications: Show Notifications');
        // The centre shows it, or is closed again (seen once: opened on the dot of another
        // notification, the centre was closed and empty when this one came): then once more.
        await inCentre.or(centreClosed).first().waitFor({ state: 'attached', timeout: left() });
      }
    }
  } catch (error) {
    const centre = await centreOpen.isVisible();
    const shown = await page.locator('.notification-list-item').allInnerTexts();
    throw new Error(`No notification ${String(text)} (the centre ${centre ? 'open' : 'closed'}; notifications: ${JSON.stringify(shown)}): ${String(error)}`, { cause: error });
  }
  const expand = entry.locator('.codicon-notifications-expand');
  if (await expand.isVisible()) await expand.click();
  const message = await entry.locator('.notification-list-item-message').elementHandle();
  await page.waitForFunction(
    (el) => el !== null && el.checkVisibility() && el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
    message,
    { timeout: 10_000 },
  );
  return entry;
}

/**
 * Clicks an item of an open context menu (`menu`: its `.context-view .monaco-menu`), as a person
 * does. Under load a click can come while the menu is still settling (it stays open, the item
 * highlighted): Enter then picks the highlighted item, as a person would press it.
 */
export async function clickMenuItem(page: Page, menu: Locator, item: Locator): Promise<void> {
  await item.hover();
  await item.click();
  // Enter only while the menu is still there: pressed after it closed, Enter would type into the editor.
  await menu.waitFor({ state: 'hidden', timeout: 2_000 }).catch(async () => {
    if (await menu.isVisible()) await page.keyboard.press('Enter');
  });
}

/**
 * The content of a webview: VS Code hosts it in `iframe.webview`, whose document holds
 * the extension's HTML in the inner `#active-frame`. `index` picks among open webviews.
 * VS Code puts the owner's extension id in the frame's address, so only the owner's webviews
 * count: this extension's by default (the walkthrough's step beside the grid is the
 * workbench's own), another extension's by its id, the workbench's own (the extension page's
 * README) with `''`.
 */
export function webview(page: Page, index = 0, owner = 'stockmedia.stock-media'): FrameLocator {
  return page.locator(`iframe.webview[src*="extensionId=${owner}&"]`).nth(index).contentFrame().locator('#active-frame').contentFrame();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function cssString(text: string): string {
  return text.replace(/["\\]/g, '\\$&');
}

/**
 * The settings that point the extension at a local API server. They are machine-scoped (a
 * folder cannot set them), so they go into `machineSettings`, as a person would set them.
 */
export function apiSettings(api: { baseUrl: string; videoBaseUrl: string; origin: string }): Record<string, string> {
  return {
    'stockMedia.apiBaseUrl': api.baseUrl,
    'stockMedia.videoBaseUrl': api.videoBaseUrl,
    'stockMedia.serviceUrl': api.origin,
  };
}

/**
 * Does `act` (a hover, a key, a click) and waits for `shown`; up to three times, `retreat` between.
 * On a busy machine the workbench can take the first one before it is ready for it (the line
 * laid out again, the code actions not yet known, the focus on its way): a person tries again.
 */
export async function actUntilShown(act: () => Promise<void>, shown: Locator, retreat: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await act();
    try {
      await shown.waitFor({ timeout: timeoutMs });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await retreat();
    }
  }
}

/**
 * Opens the command palette with F1 and types `>title` into it. Up to three tries: while the
 * focus is still on its way into a webview (a grid opening), F1 can open no palette, or the
 * palette closes again before it takes the text.
 */
async function typeIntoCommandPalette(page: Page, input: Locator, title: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= 3;
    try {
      await page.keyboard.press('F1');
      await input.waitFor({ state: 'visible', timeout: last ? 30_000 : 5_000 });
      await input.fill(`>${title}`, { timeout: last ? 30_000 : 5_000 });
      return;
    } catch (error) {
      if (last) throw error;
      const focused = await page.evaluate(() => `${document.activeElement?.tagName ?? 'none'}.${document.activeElement?.className ?? ''}`);
      console.log(`      the command palette did not take "${title}" (focus on ${focused}); F1 again`);
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Runs a command from F1 that opens a quick input of its own (runCommand waits for the
 * palette to close, which such a command never lets it do), and waits for that input.
 */
export async function runPickerCommand(page: Page, title: string, placeholder: RegExp): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await typeIntoCommandPalette(page, input, title);
  await page.locator('.quick-input-widget .monaco-list-row', { has: page.locator('.label-name', { hasText: title }) }).first().click();
  // The input keeps the placeholder of the last picker while hidden: wait for it to show too.
  await page.waitForFunction((re) => {
    const box = document.querySelector<HTMLInputElement>('.quick-input-widget .quick-input-box input');
    return box !== null && box.checkVisibility() && new RegExp(re).test(box.getAttribute('placeholder') ?? '');
  }, placeholder.source);
}

/** Opens a workspace file through Quick Open (Ctrl+P), as a person would; resolves with its editor's text area, shown. */
export async function openFile(page: Page, name: string): Promise<Locator> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await page.keyboard.press('Control+P');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  // Its full path where the page's workspace is known: Quick Open lists an existing file so typed
  // without searching, and its search may not yet list a file written after the workbench's first
  // Quick Open (in a workbench that files share, useWorkbench).
  const folder = sharedState.workspaces.get(page);
  await input.fill(folder ? join(folder, name) : name);
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: basename(name) }).first();
  await row.waitFor({ timeout: 10_000 });
  // Its own row clicked: the list's first row (what Enter opens) can still be a file opened
  // earlier (Quick Open lists recently opened files above the search's).
  await row.click();
  const lines = page.locator('.editor-instance .monaco-editor .view-lines').first();
  await lines.waitFor({ state: "visible", timeout: 30_000 });
  return lines;
}

/**
 * Ctrl+S on the editor with focus, as a person saves; resolves once `file` on disk has changed
 * (or reads `expected`) and its tab no longer shows the unsaved mark. VS Code clears the mark when
 * its write has finished: a file read before that can be half written, even empty. `expected`: a
 * save that came before the last typed key is pressed again.
 */
export async function saveEditor(page: Page, file: string, expected?: string, timeoutMs = 15_000): Promise<void> {
  const read = (): string => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const before = read();
  const saved = (): boolean => (expected === undefined ? read() !== before : read() === expected);
  const until = Date.now() + timeoutMs;
  do {
    await page.keyboard.press('Control+S');
    const step = expected === undefined ? until : Math.min(until, Date.now() + 3_000);
    while (!saved() && Date.now() < step) await page.waitForTimeout(50);
  } while (!saved() && expected !== undefined && Date.now() < until);
  assert.ok(saved(), `${basename(file)} saved${expected === undefined ? '' : ' as expected'}`);
  await page.locator('.tabs-container .tab.dirty', { hasText: basename(file) }).first().waitFor({ state: 'detached', timeout: Math.max(1_000, until - Date.now()) });
}

/** *Search Photos…* from F1, the query typed key by key and Enter, as a person would: the grid opens on it. */
export async function searchFromPalette(page: Page, query: string): Promise<void> {
  await runPickerCommand(page, 'Stock Media: Search Photos…', /^Type what you are looking for/);
  await page.locator('.quick-input-widget .quick-input-box input').pressSequentially(query, { delay: 40 });
  await page.keyboard.press('Enter');
}

/** Sets the API key as a person would: the command, then the password box. */
export async function setApiKey(page: Page, key: string): Promise<void> {
  await runPickerCommand(page, 'Stock Media: Set API Key…', /API key/);
  await page.locator('.quick-input-widget .quick-input-box input').fill(key);
  await page.keyboard.press('Enter');
}

/** The status bar item that shows the quota: `<extension id>.<item id>`. */
export const QUOTA_ITEM = 'stockmedia.stock-media.stockMedia.quota';

/**
 * Where the grid and insert suites start: a workbench pointed at `api` (the dark theme
 * unless `settings` say otherwise), the primary side bar closed, alice's key set as a
 * person would, and her quota shown in the status bar.
 */
export async function startWorkbenchWithKey(
  api: ApiServer,
  settings: Readonly<Record<string, unknown>> = {},
  options: Pick<WorkbenchOptions, 'web' | 'vsix' | 'https'> = {},
): Promise<Workbench> {
  const workbench = await startWorkbench({
    ...options,
    machineSettings: apiSettings(api),
    settings: { 'workbench.colorTheme': 'Default Dark Modern', ...settings },
  });
  try {
    const { page } = workbench;
    await runCommand(page, 'View: Close Primary Side Bar').catch(() => undefined);
    await setApiKey(page, api.keys.alice);
    await statusBarEntry(page, QUOTA_ITEM).filter({ hasText: /20,000|20000/ }).waitFor({ timeout: 30_000 });
    return workbench;
  } catch (error) {
    await workbench.close();
    throw error;
  }
}

/**
 * Where the workbench runs an extension, as "Developer: Show Running Extensions" shows it
 * to a person (an extension under development is listed by its id, `publisher.name`): its row's note reads "web worker" for the browser's web worker extension
 * host and names the remote (here `127.0.0.1:<port>`) for the server's Node extension host.
 * Returns the note of its row and a screenshot of the view (`shotName`); the view is closed again.
 */
export async function runningExtensionNote(page: Page, name: string, shotName = 'running-extensions', timeoutMs = 20_000): Promise<{ note: string; shot: string }> {
  await runCommand(page, 'Developer: Show Running Extensions');
  const row = page
    .locator('.runtime-extensions-editor .monaco-list-row')
    .filter({ has: page.locator('.name', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }) })
    .first();
  // The list holds in its DOM only the rows in view (sorted by activation time, and still
  // growing while extension hosts start): scroll down with the wheel, back to the top now
  // and then, until the row is there.
  const list = page.locator('.runtime-extensions-editor .monaco-list');
  try {
    await list.waitFor({ state: 'visible', timeout: timeoutMs });
    const box = await list.boundingBox();
    const until = Date.now() + timeoutMs;
    for (let step = 1; (await row.count()) === 0 && Date.now() < until; step++) {
      if (box) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, step % 10 === 0 ? -10_000 : 200);
      }
      await page.waitForTimeout(200);
    }
    await row.waitFor({ state: 'visible', timeout: 5_000 });
  } catch (error) {
    const names = await page.locator('.runtime-extensions-editor .monaco-list-row .name').allInnerTexts();
    const shot = await screenshot(page, 'running-extensions').catch(() => '(no screenshot)');
    await page.keyboard.press('Escape');
    throw new Error(`"${name}" is not among the running extensions (${names.join(', ') || 'none'}; screenshot: ${shot})`, { cause: error });
  }
  const note = (await row.locator('.msg').innerText()).trim();
  const shot = await screenshot(page, shotName);
  // The workbench shows it as a modal editor over the window, which Escape closes.
  await page.keyboard.press('Escape');
  await page.locator('.runtime-extensions-editor').waitFor({ state: 'hidden', timeout: timeoutMs });
  return { note, shot };
}

// What the files of one run share (each e2e bundle has its own copy of this module, as above).
const SHARED = Symbol.for('stock-media.e2e.shared');
interface Shared {
  /** Local API servers by their options, one each for the run (closed with the workbenches). */
  readonly apis: Map<string, Promise<ApiServer>>;
  /** The workbench of the last set-up, with that set-up's identity. */
  current?: { readonly id: string; readonly workbench: Promise<Workbench>; uses: number };
  /** The workspace folder of each page startWorkbench opened, for openFile. */
  readonly workspaces: WeakMap<Page, string>;
}
const shared$ = globalThis as typeof globalThis & { [SHARED]?: Shared };
const sharedState: Shared = (shared$[SHARED] ??= { apis: new Map(), workspaces: new WeakMap() });

/**
 * The local API server of a file's tests (test/server), for a `describe`: started before its
 * tests, or, when a file before it in this run asked for one with the same options, that one
 * with its switches, quotas and logs as new. The runner closes it at the end (closeAll).
 */
export function useApiServer(options: ApiServerOptions = {}): () => ApiServer {
  // (Called in a describe's body: its hook runs before useWorkbench's, which reads the server.)
  const id = JSON.stringify(options);
  let api: ApiServer | undefined;
  before(async function () {
    this.timeout(60_000);
    const known = sharedState.apis.get(id);
    if (known) {
      api = await known;
      api.resetSwitches();
      api.resetQuotas();
      api.clearLog();
      return;
    }
    const starting = startApiServer(options);
    sharedState.apis.set(id, starting);
    api = await starting;
    const started = api;
    open.add({ close: () => started.close() });
  });
  return () => {
    if (!api) throw new Error('useApiServer: the server is not started yet (use it in a test or hook)');
    return api;
  };
}

/** A folder's `.vscode/settings.json`. */
type FolderSettings = Readonly<Record<string, unknown>>;

/** What useWorkbench hands a file's tests: the workbench, its page and the API server it is pointed at. */
export interface InWorkbench {
  readonly workbench: Workbench;
  readonly page: Page;
  readonly api: ApiServer;
}

/** The workbench a file's tests share with files of the same set-up (useWorkbench). */
export interface Setup extends Omit<WorkbenchOptions, 'settings' | 'machineSettings'> {
  /** The local API server (useApiServer) the machine settings point at, as a person sets them. */
  readonly api?: () => ApiServer;
  /**
   * As startWorkbenchWithKey leaves it: the primary side bar closed, alice's key set from the
   * command palette and her quota in the status bar; the dark theme unless the settings say otherwise.
   */
  readonly withKey?: boolean;
}

/**
 * The workbench of a file's tests, for a `describe`, with `settings` in the folder's
 * `.vscode/settings.json`. Files of one run with the same set-up (everything but those settings)
 * share one workbench, started for the first: a later one writes its settings into the folder
 * and waits until the workbench has read them (a title it sets shows), as when a person edits
 * them. A file of another set-up closes it and starts its own. The runner closes the last
 * (closeAll); a failed test leaves a screenshot named after `name`. `settings` may be a function,
 * called when the workbench is wanted (for values known only then, as a server's address).
 */
export function useWorkbench(name: string, settings: FolderSettings | (() => FolderSettings) = {}, setup: Setup = {}): () => InWorkbench {
  const { api, withKey, ...options } = setup;
  let workbench: Workbench | undefined;
  before(async function () {
    this.timeout(240_000);
    const given = typeof settings === 'function' ? settings() : settings;
    const folderSettings = withKey ? { 'workbench.colorTheme': 'Default Dark Modern', ...given } : given;
    // The key is not part of the set-up: a later file sets it or clears it as a person would.
    const id = JSON.stringify({ ...options, api: api?.().origin });
    const current = sharedState.current;
    if (current?.id === id) {
      const shared = await current.workbench;
      workbench = shared;
      try {
        await startClean(shared, withKey === true);
        restoreWorkspace(shared.workspace.path);
        if (api) await setOrClearKey(shared, api(), withKey === true);
        await applyFolderSettings(shared, folderSettings, ++current.uses);
      } catch (error) {
        console.log(`      screenshot: ${await screenshot(shared.page, `${name}-failed-set-up`)}`);
        throw error;
      }
      return;
    }
    sharedState.current = undefined;
    await (await current?.workbench.catch(() => undefined))?.close();
    const starting = (async () => {
      const opened = await startWorkbench({ ...options, ...(api ? { machineSettings: apiSettings(api()) } : {}), settings: folderSettings });
      if (withKey && api) await setKeyAndWait(opened, api()).catch(async (error: unknown) => {
        await opened.close();
        throw error;
      });
      return opened;
    })();
    sharedState.current = { id, workbench: starting, uses: 1 };
    // One that failed to start is not handed to the next file.
    workbench = await starting.catch((error: unknown) => {
      sharedState.current = undefined;
      throw error;
    });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && workbench) console.log(`      screenshot: ${await screenshot(workbench.page, `${name}-failed-${this.currentTest.title.slice(0, 40)}`)}`);
  });
  return () => {
    if (!workbench) throw new Error('useWorkbench: the workbench is not open yet (use it in a test or hook)');
    const opened = workbench;
    return {
      workbench: opened,
      page: opened.page,
      get api(): ApiServer {
        if (!api) throw new Error(`useWorkbench('${name}'): no API server in its set-up`);
        return api();
      },
    };
  };
}

/**
 * Brings a shared workbench back to where a fresh one of the set-up starts, before the next file:
 * no quick input, every editor and editor group closed (a changed one not saved: its changes
 * dropped), no notification, the panel and secondary side bar hidden, and the primary side bar
 * closed where the set-up closes it (the workspace's files: restoreWorkspace).
 */
async function startClean(workbench: Workbench, withKey: boolean): Promise<void> {
  const { page } = workbench;
  await page.keyboard.press('Escape');
  await runCommand(page, 'View: Close All Editor Groups');
  // A changed editor asks first; its "Don't Save" drops the changes.
  const ask = page.locator('.monaco-dialog-box');
  const closed = (orAsked: boolean): Promise<unknown> =>
    page.waitForFunction(
      (asked) =>
        (asked && document.querySelector('.monaco-dialog-box') !== null) ||
        [...document.querySelectorAll('.part.editor .editor-group-container')].every((group) => group.classList.contains('empty')),
      orAsked,
      { timeout: 30_000 },
    );
  await closed(true);
  if (await ask.isVisible()) {
    await ask.getByRole('button', { name: /Don.t Save/ }).click();
    await closed(false);
  }
  // The grid locks the group it opens alone in; an empty locked group would send the next editor beside it.
  if ((await page.locator('.part.editor .editor-group-container.locked').count()) > 0) await runCommand(page, 'View: Unlock Editor Group');
  // Recent Media and the recent searches as a fresh workbench has them: empty, not holding the
  // earlier files' inserts and searches (Search Photos… offers those as picks). The searches'
  // clearing says so in a notification: looked for in the centre, opened after the command (the
  // headless workbench may keep toasts hidden, and the palette closed a centre opened before it
  // when the Stock Media view was showing), then cleared with the rest.
  await runCommand(page, 'Stock Media: Clear Recent Media');
  await runCommand(page, 'Stock Media: Clear Recent Searches');
  await runCommand(page, 'Notifications: Show Notifications');
  await notification(page, /recent searches/i).waitFor({ timeout: 60_000 });
  await runCommand(page, 'Notifications: Clear All Notifications');
  await runCommand(page, 'Notifications: Hide Notifications').catch(() => undefined);
  await runCommand(page, 'View: Hide Panel').catch(() => undefined);
  await runCommand(page, 'View: Hide Secondary Side Bar').catch(() => undefined);
  // As the set-up leaves it: closed with a key; without one, the Explorer a fresh workbench shows.
  if (withKey) await runCommand(page, 'View: Close Primary Side Bar').catch(() => undefined);
  else await runCommand(page, 'View: Show Explorer');
}

/** A notification with `text`, in the centre or as a toast (the centre may close when the palette opens). */
function notification(page: Page, text: string | RegExp): Locator {
  return page.locator('.notifications-center .notification-list-item, .notifications-toasts .notification-list-item', { hasText: text }).first();
}

/** The test workspace's fixture, which createWorkspace copies. */
const FIXTURE = join(repoRoot(), 'test', 'fixtures', 'workspace');

/**
 * The workspace's files as a fresh workbench has them, for the next file of a shared one: what
 * the earlier files wrote (pages, downloaded images) removed, the fixture's files as they were
 * (its .vscode/settings.json is written anew next, applyFolderSettings).
 */
function restoreWorkspace(path: string): void {
  for (const name of readdirSync(path)) {
    if (!existsSync(join(FIXTURE, name))) rmSync(join(path, name), { recursive: true, force: true });
  }
  cpSync(FIXTURE, path, { recursive: true, force: true });
}

/**
 * For a file of a shared workbench: alice's key set anew (her quota shown), or the key cleared,
 * from the command palette; then the API server's log and quotas as new, and no notification.
 */
async function setOrClearKey(workbench: Workbench, api: ApiServer, withKey: boolean): Promise<void> {
  const { page } = workbench;
  api.resetQuotas();
  if (withKey) await setKeyAndWait(workbench, api);
  else {
    // The centre shows the command's last word (the headless workbench may keep toasts hidden).
    await runCommand(page, 'Stock Media: Clear API Key');
    await runCommand(page, 'Notifications: Show Notifications');
    await notification(page, 'API key removed').waitFor({ timeout: 60_000 });
    await runCommand(page, 'Notifications: Clear All Notifications');
    await runCommand(page, 'Notifications: Hide Notifications').catch(() => undefined);
  }
  api.resetQuotas();
  api.clearLog();
}

/** The side bar closed, alice's key set as a person would, and her quota shown. */
async function setKeyAndWait(workbench: Workbench, api: ApiServer): Promise<void> {
  const { page } = workbench;
  await runCommand(page, 'View: Close Primary Side Bar').catch(() => undefined);
  await setApiKey(page, api.keys.alice);
  await statusBarEntry(page, QUOTA_ITEM).filter({ hasText: /20,000|20000/ }).waitFor({ timeout: 30_000 });
}

/**
 * Writes the folder's settings file anew (the fixture's settings and `settings`) with a window
 * title naming `use`, and waits for the page's title to show it: the workbench has then read the
 * file and handed it on to the extension host, before anything the test does next.
 */
async function applyFolderSettings(workbench: Workbench, settings: Readonly<Record<string, unknown>>, use: number): Promise<void> {
  const file = join(workbench.workspace.path, '.vscode', 'settings.json');
  const fixture = JSON.parse(readFileSync(join(FIXTURE, '.vscode', 'settings.json'), 'utf8')) as Record<string, unknown>;
  const marker = `e2e set-up ${use}`;
  writeFileSync(file, JSON.stringify({ ...fixture, ...settings, 'window.title': `\${rootName} (${marker})` }, null, 2) + '\n');
  await workbench.page.waitForFunction((text) => document.title.includes(text), marker, { timeout: 30_000 });
}
