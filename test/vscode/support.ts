// Shared by the suites that run inside VS Code: the extension's test API, the local API
// server wired into the user's settings (where a person sets the base URLs: they are
// machine-scoped, so a folder's settings cannot), and waiting for the UI to settle.
import * as vscode from 'vscode';
import type { Photo } from '../../src/core/model';
import type { InsertArgs } from '../../src/host/common/commandArgs';
import { parseInsertArgs, parseSelection } from '../../src/host/common/commandArgs';
import type { GridPanelState, GridTold } from './hooks';
import type { StockMediaApi } from './underTest';
import type { ApiServer } from '../server/server';
import { startApiServer } from '../server/server';

export const EXTENSION_ID = 'stockmedia.stock-media';

/** The activated extension's test API (test/vscode/underTest.ts: the extension under test registers the test hooks). */
export async function extensionApi(): Promise<StockMediaApi> {
  const extension = vscode.extensions.getExtension<StockMediaApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
  return extension.activate();
}

// Before the first test of a run: the extension, and so the hooks' commands, active from the start.
before(async () => {
  await extensionApi();
});

/** A notification the extension showed, as a recorder saw it. */
export interface Shown {
  level: 'error' | 'warning' | 'info';
  message: string;
  buttons: string[];
}

/**
 * Records notifications (answering each with `answer`, or nothing; a promise answers when the
 * test decides, as a person clicks a button later) and openExternal; returns the undo. Nothing
 * is shown, so no toast lingers into the next test or slows the workbench down.
 */
export function recordUi(
  shown: Shown[],
  opened: string[],
  answer: (s: Shown) => string | undefined | PromiseLike<string | undefined> = () => undefined,
): () => void {
  const window = vscode.window as unknown as Record<string, unknown>;
  const env = vscode.env as unknown as Record<string, unknown>;
  const names = [
    ['showErrorMessage', 'error'],
    ['showWarningMessage', 'warning'],
    ['showInformationMessage', 'info'],
  ] as const;
  const saved = names.map(([name]) => [name, window[name]] as const);
  for (const [name, level] of names) {
    window[name] = (message: string, ...rest: unknown[]) => {
      const entry = { level, message, buttons: rest.filter((b): b is string => typeof b === 'string') };
      shown.push(entry);
      return Promise.resolve(answer(entry));
    };
  }
  const openExternal = env.openExternal;
  env.openExternal = (target: vscode.Uri) => {
    opened.push(target.toString(true));
    return Promise.resolve(true);
  };
  return () => {
    for (const [name, fn] of saved) window[name] = fn;
    env.openExternal = openExternal;
  };
}

/** Machine-scoped: only user (here: the remote's machine) settings count. */
const MACHINE_SETTINGS = ['apiBaseUrl', 'videoBaseUrl', 'serviceUrl', 'serviceName'] as const;
const WORKSPACE_SETTINGS = ['cacheTtlSeconds'] as const;

/**
 * Points the extension at a server as a person would: in their settings. In this remote
 * window VS Code writes a machine-scoped setting updated with the Global target to the
 * remote's machine settings (`<user-data-dir>/Machine/settings.json`).
 */
export async function pointAt(server: ApiServer): Promise<void> {
  const cfg = vscode.workspace.getConfiguration('stockMedia');
  const wanted = [
    ['apiBaseUrl', server.baseUrl],
    ['videoBaseUrl', server.videoBaseUrl],
    ['serviceUrl', server.origin],
  ] as const;
  // A setting that already names the server is not written again (each write is a settings file written and read again).
  for (const [key, value] of wanted) {
    if (cfg.inspect(key)?.globalValue !== value) await cfg.update(key, value, vscode.ConfigurationTarget.Global);
  }
}

/** Removes the settings the suites set; one that is not set is left alone (each write is a settings file written and read again). */
export async function resetSettings(): Promise<void> {
  const cfg = vscode.workspace.getConfiguration('stockMedia');
  for (const key of MACHINE_SETTINGS) {
    if (cfg.inspect(key)?.globalValue !== undefined) await cfg.update(key, undefined, vscode.ConfigurationTarget.Global);
  }
  for (const key of WORKSPACE_SETTINGS) {
    if (cfg.inspect(key)?.workspaceValue !== undefined) await cfg.update(key, undefined, vscode.ConfigurationTarget.Workspace);
  }
}

/**
 * Sets `section.key` at `target` (the folder's settings unless told) as a person would; a value
 * already there is not written again, so resetting a setting a test did not change costs nothing.
 */
export async function updateSetting(section: string, key: string, value: unknown, target = vscode.ConfigurationTarget.Workspace): Promise<void> {
  const cfg = vscode.workspace.getConfiguration(section);
  const inspected = cfg.inspect(key);
  const current = target === vscode.ConfigurationTarget.Global ? inspected?.globalValue : inspected?.workspaceValue;
  if (JSON.stringify(current) === JSON.stringify(value)) return;
  await cfg.update(key, value, target);
}

/** Stores `key` as the Set API Key command does after checking it with `server`. */
export async function storeKeyFor(server: ApiServer, key: string): Promise<void> {
  const api = await extensionApi();
  await api.services.keys.setKey(key, [server.origin]);
}

export type LocalUser = 'alice' | 'bob' | 'limited';

/** Starts a fresh local server, points the extension at it and (optionally) sets a key. */
export async function useLocalServer(key: LocalUser | null = 'alice'): Promise<ApiServer> {
  const server = await startApiServer();
  await asNew(server, key);
  return server;
}

/**
 * Puts a suite's server and the extension back as useLocalServer leaves them, for a suite that
 * shares one server between its tests: the server's switches, quotas and logs as at its start,
 * the settings pointing at it (written only where a test pointed elsewhere), `key` stored (or
 * none), and no cached answer.
 */
export async function asNew(server: ApiServer, key: LocalUser | null = 'alice'): Promise<void> {
  server.resetSwitches();
  server.resetQuotas();
  await pointAt(server);
  const api = await extensionApi();
  if (key) await storeKeyFor(server, server.keys[key]);
  else await api.services.keys.clearKey();
  await api.services.refreshKeyState();
  api.client.clearCache();
  server.clearLog();
}

export async function stopLocalServer(server: ApiServer | undefined): Promise<void> {
  const api = await extensionApi();
  await api.services.keys.clearKey();
  await api.services.refreshKeyState();
  await resetSettings();
  await server?.close();
}

/**
 * The local server for a describe's tests, as test/e2e/harness.ts's useApiServer is for the
 * workbench files: useLocalServer before them, stopLocalServer after. Called in the describe's
 * body before its own hooks: mocha runs a suite's hooks in the order they were added, so its
 * before runs first and theirs may use the server. It is stopped after the describe's own after
 * hooks, which may still use it (closing the grid, resetting a setting the extension reacts to).
 */
export function useApiServer(key: LocalUser | null = 'alice'): () => ApiServer {
  let server: ApiServer | undefined;
  before(async function () {
    // Added now, after the describe's body added its own, the stop is the suite's last after hook.
    this.test?.parent?.afterAll('stop the local API server', () => stopLocalServer(server));
    server = await useLocalServer(key);
  });
  return () => {
    if (!server) throw new Error('useApiServer: the server is not started yet (use it in a test or hook)');
    return server;
  };
}

/** The quota's status bar item as a person sees it, read from the item VS Code made for the extension. */
export interface QuotaShown {
  /** With its icon: `$(file-media)` a figure, `$(warning)` low, `$(error)` used up, `$(history)` renewed, `$(cloud)` not visible, `$(key)` no key. */
  readonly text: string;
  readonly tooltip: string;
  readonly command: string | undefined;
  /** The theme colour id of its background, if any. */
  readonly background: string | undefined;
}

/** The quota's status bar item while it is on the status bar; undefined when there is none. */
export function quotaShown(api: StockMediaApi): QuotaShown | undefined {
  const item = api.quotaItem;
  if (!item) return undefined;
  const tooltip = typeof item.tooltip === 'string' ? item.tooltip : (item.tooltip?.value ?? '');
  const command = typeof item.command === 'string' ? item.command : item.command?.command;
  return { text: item.text, tooltip, command, background: item.backgroundColor?.id };
}

/** The quota's item showing a figure (`remaining / limit`), as the tests wait for it. */
export const QUOTA_FIGURE = /^\$\(file-media\) [\d,.\u00a0\u202f]+ \/ [\d,.\u00a0\u202f]+$/;

/** Alt texts and names that need no escaping in any format, so a test can write the expected text out by hand. */
export const PLAIN = /^[A-Za-z][A-Za-z ,'-]*$/;

/** The library's first photo whose alt text and photographer are PLAIN, as the API serves it through the extension. */
export async function plainPhoto(server: ApiServer): Promise<Photo> {
  const candidate = server.library.photos.find((p) => PLAIN.test(p.alt) && PLAIN.test(p.photographer.name));
  if (!candidate) throw new Error('the library has no photo whose alt text and photographer need no escaping');
  const photo = await (await extensionApi()).client.getPhoto(candidate.id);
  if (photo.alt !== candidate.alt) throw new Error(`the API served the alt text ${JSON.stringify(photo.alt)}, the library has ${JSON.stringify(candidate.alt)}`);
  return photo;
}

/**
 * Polls until `check` returns a value that is not undefined/false, or fails after `ms`. The
 * default is generous because a wait ends as soon as the check holds: in `npm test` three
 * workbenches share two cores, and a round trip through the workbench can take seconds.
 */
export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Sets stockMedia.requestTimeoutSeconds in the workspace (undefined: the default) and returns
 * once the extension has read it.
 */
export async function setRequestTimeout(seconds: number | undefined): Promise<void> {
  const config = vscode.workspace.getConfiguration('stockMedia');
  if (config.inspect('requestTimeoutSeconds')?.workspaceValue === seconds) return;
  const api = await extensionApi();
  const changed = new Promise<void>((resolve) => {
    const sub = api.services.onDidChangeConfig(() => {
      sub.dispose();
      resolve();
    });
  });
  await config.update('requestTimeoutSeconds', seconds, vscode.ConfigurationTarget.Workspace);
  await changed;
}

/**
 * Closes every editor and panel; changed documents are reverted first, so no save prompt appears.
 * With no changed document, one command closes them all.
 */
export async function closeAllEditors(): Promise<void> {
  for (let i = 0; i < 30 && vscode.window.tabGroups.all.some((g) => g.tabs.length > 0); i++) {
    // The changed document itself, not the active editor: with a grid or no text editor active,
    // Close All would ask to save it (a dialog, refused in a test run: "Dialog requested during
    // smoke test"). Its tab says so; an untitled document with text is dirty in its tab while its
    // TextDocument.isDirty is false.
    const tab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.isDirty && t.input instanceof vscode.TabInputText);
    const dirty = tab?.input instanceof vscode.TabInputText ? tab.input.uri : vscode.workspace.textDocuments.find((d) => d.isDirty)?.uri;
    if (dirty) {
      await vscode.window.showTextDocument(dirty);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } else {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  }
}

/**
 * Counts the quick picks and input boxes the extension shows; returns the count so far and the
 * undo. `show()` sends the input to the workbench at once, so a command run after the count
 * went up (Enter, an arrow key) reaches it.
 */
export function countQuickInputs(): { readonly shown: () => number; readonly restore: () => void } {
  let shown = 0;
  const window = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
  const names = ['createQuickPick', 'createInputBox'] as const;
  const saved = names.map((name) => [name, window[name]] as const);
  for (const [name, original] of saved) {
    if (!original) throw new Error(`vscode.window.${name} is missing`);
    window[name] = (...args: unknown[]) => {
      const input = original.apply(vscode.window, args) as vscode.QuickInput;
      const show = input.show.bind(input);
      input.show = () => {
        shown += 1;
        show();
      };
      return input;
    };
  }
  return {
    shown: () => shown,
    restore: () => {
      for (const [name, original] of saved) window[name] = original as (...args: unknown[]) => unknown;
    },
  };
}

/**
 * Runs a command that opens the search box and presses Enter in it as it opened (with the query
 * it starts from); the command's result. The search goes into the recent searches, which are
 * cleared again after it (a later test lists them from empty).
 */
export async function acceptSearchBox<T>(command: string): Promise<T> {
  const boxes = countQuickInputs();
  try {
    const running = vscode.commands.executeCommand<T>(command);
    await waitFor(() => boxes.shown() > 0, 'the search box', 10_000);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    return await running;
  } finally {
    boxes.restore();
    await vscode.commands.executeCommand('stockMedia.clearRecentSearches');
  }
}

/** The folder the tests run in. */
export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('The tests run in a folder');
  return folder.uri;
}

/**
 * Makes new files under `<workspace>/<folder>/<n>/` (a numbered folder each, so no two tests
 * share a file) and opens them in an editor.
 */
export function fileOpener(folder: string): (name: string, content: string) => Promise<vscode.TextEditor> {
  let counter = 0;
  return async (name, content) => {
    counter += 1;
    const uri = vscode.Uri.joinPath(workspaceRoot(), folder, `${counter}`, name);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
    return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  };
}

/** The open grid's state, through the test hook; fails when no grid is open. */
export async function openGridState(): Promise<GridPanelState> {
  const state = await vscode.commands.executeCommand<GridPanelState | undefined>('stockMedia.test.grid', { op: 'state' });
  if (!state?.open) throw new Error('The grid is not open');
  return state;
}

/** Whether the grid's CSP sources (its state's imgSources or mediaSources) admit `origin`: by its scheme, its host on any port, or exactly. */
export function cspAdmits(sources: readonly string[], origin: string): boolean {
  const url = new URL(origin);
  return sources.some((source) => source === url.protocol || source === `${url.protocol}//${url.hostname}:*` || source === url.origin);
}

/**
 * What the host told the grid's webview (hooks.ts GridTold), once `check` holds of it (by
 * default: the search has its answer). How the webview draws it is proven in test/e2e.
 */
export function gridTold(what = 'the grid’s webview told the answer', check: (told: GridTold) => boolean = (t) => t.status === 'loaded', ms = 15_000): Promise<GridTold> {
  return waitFor(async () => {
    const told = await vscode.commands.executeCommand<GridTold | undefined>('stockMedia.test.grid', { op: 'told' });
    return told && check(told) ? told : undefined;
  }, what, ms);
}

/** Whether two byte sequences are the same (file contents against what a server sent). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Whether `uri` exists, through `workspace.fs` (any host, any scheme the workspace uses). */
export async function exists(uri: vscode.Uri): Promise<boolean> {
  return vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );
}

/** Every file below `dir` (none when it does not exist), through `workspace.fs`. */
export async function filesBelow(dir: vscode.Uri): Promise<vscode.Uri[]> {
  let entries: [string, vscode.FileType][];
  try {
    entries = await vscode.workspace.fs.readDirectory(dir);
  } catch {
    return [];
  }
  const files: vscode.Uri[] = [];
  for (const [name, type] of entries) {
    const uri = vscode.Uri.joinPath(dir, name);
    if (type & vscode.FileType.Directory) files.push(...(await filesBelow(uri)));
    else files.push(uri);
  }
  return files;
}

/** A suite's own inserter takes the media as the commands' argument reader hands them over (commandArgs.ts). */
export function mediaArgs(value: unknown, selection?: unknown): InsertArgs[] {
  const first = parseInsertArgs(value);
  if (!first) throw new Error('not a media argument');
  return parseSelection(first, selection);
}

/**
 * How a media hover starts: the photo's alt text in bold, Markdown-escaped, as the trees and the
 * grid title it (for a plain alt text; a hostile one is made inert first).
 */
export function hoverTitle(photo: { readonly alt?: string }): string {
  return `**${(photo.alt ?? "").trim().replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)}**`;
}

/** A Markdown page with two photos: the first with its credit line below it, the second without. */
export function tripPage(credited: Photo, uncredited: Photo): string {
  return [
    '# Trip',
    '',
    `![Hills](${credited.src.medium})`,
    '',
    `Photo by ${credited.photographer} on Pexels`,
    '',
    'Then the coast:',
    '',
    `![Coast](${uncredited.src.medium})`,
    '',
    'The end.',
    '',
  ].join('\n');
}

/** Enter in the quick input, as the user presses it. */
export const acceptQuickInput = (): Thenable<unknown> => vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');

/** Records the quick picks and input boxes the extension creates (the real ones, shown in the workbench). */
export function recordQuickInputs(): { picks: vscode.QuickPick<vscode.QuickPickItem>[]; boxes: vscode.InputBox[]; restore(): void } {
  const window = vscode.window as unknown as Record<string, (...args: unknown[]) => unknown>;
  const picks: vscode.QuickPick<vscode.QuickPickItem>[] = [];
  const boxes: vscode.InputBox[] = [];
  const originalPick = window.createQuickPick;
  const originalBox = window.createInputBox;
  window.createQuickPick = (...args: unknown[]) => {
    const pick = originalPick.apply(vscode.window, args) as vscode.QuickPick<vscode.QuickPickItem>;
    picks.push(pick);
    return pick;
  };
  window.createInputBox = (...args: unknown[]) => {
    const box = originalBox.apply(vscode.window, args) as vscode.InputBox;
    boxes.push(box);
    return box;
  };
  return {
    picks,
    boxes,
    restore: () => {
      window.createQuickPick = originalPick;
      window.createInputBox = originalBox;
    },
  };
}

/**
 * Hides In This Workspace (the Explorer shown in the side bar instead) and waits until the
 * extension host knows: visible, the view looks up the workspace's unknown media, requests a
 * test that counts them must not see.
 */
export async function hideWorkspaceMedia(): Promise<void> {
  const found = await vscode.commands.executeCommand<{ treeView: vscode.TreeView<unknown> } | undefined>('stockMedia.test.workspaceMedia');
  await vscode.commands.executeCommand('workbench.view.explorer');
  if (found) await waitFor(() => !found.treeView.visible, 'In This Workspace hidden');
}
