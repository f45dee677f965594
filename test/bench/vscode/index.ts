// The bench's agent in the extension host: VS Code loads this bundle as the tests of the
// extension under development (`extensionTestsPath`, the same `run()` contract as the
// test suites) and it does what the runner asks, one task at a time (see ../control.ts).
// It measures only what this process alone can see: the heap, and loading the bundle.
import { rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import type { StockMediaApi } from '../../vscode/underTest';
import type { GridCommandResult } from '../../../src/host/grid/searchCommands';
import type { CollectionNode, CollectionsNode } from '../../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../../src/host/collections/collectionsProvider';
import type { GridPanelState } from '../../vscode/hooks';
import type { WorkspaceMediaProvider } from '../../../src/host/workspaceMedia/tree';
import { CONTROL_ENV } from '../control';
import type {
  ActivationFigures,
  AgentCoversRun,
  CoverSeenFigures,
  CreditCheckFigures,
  EmptyActivationFigures,
  FeaturesSetUpFigures,
  FirstCommandFigures,
  HeapFigures,
  HeapNow,
  Hello,
  InARowFigures,
  NextRequest,
  Reply,
  Task,
  TreeBrowseFigures,
  WatchedFigures,
  WorkspaceMediaFigures,
  WriteCreditsFigures,
} from '../control';
import { EMPTY_EXTENSION_ID } from '../emptyExtension';
import type { EmptyExtensionExports } from '../emptyExtension';

const EXTENSION_ID = 'stockmedia.stock-media';
const NATURAL_ACTIVATION_MS = 30_000;

export async function run(): Promise<void> {
  const base = process.env[CONTROL_ENV];
  if (!base) throw new Error(`${CONTROL_ENV} is not set: this bundle is started by test/bench/run.ts`);
  const extension = vscode.extensions.getExtension<StockMediaApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded`);
  // The tests start before the workbench has finished starting: let the extension be
  // activated the way it is in use (onStartupFinished), not by this agent, when it can.
  const fetchLoadedBefore = !extension.isActive && nodeModuleLoaded('undici');
  const byVsCode = await activatedByVsCode(extension, NATURAL_ACTIVATION_MS);
  const api = await extension.activate();
  const empty = await emptyFigures();
  const hello: Hello = {
    vscodeVersion: vscode.version,
    node: process.versions.node,
    extensionMode: vscode.ExtensionMode[api.services.context.extensionMode] ?? 'unknown',
    remoteName: vscode.env.remoteName,
    fetchLoadedBefore,
  };
  await post(base, '/hello', hello);
  let reply: Reply | null = null;
  for (;;) {
    const request: NextRequest = { reply };
    const task = (await post(base, '/next', request)) as Task;
    if (task.op === 'done') return;
    try {
      reply = { ok: true, value: (await perform(task, api, byVsCode, empty)) ?? null };
    } catch (error) {
      reply = { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
  }
}

/** Waits up to `ms` for VS Code to activate the extension; false if it had to be asked. */
async function activatedByVsCode(extension: vscode.Extension<unknown>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!extension.isActive) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

async function post(base: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`bench control ${path}: HTTP ${response.status}`);
  return response.json();
}

async function perform(
  task: Exclude<Task, { op: 'done' }>,
  api: StockMediaApi,
  byVsCode: boolean,
  empty: EmptyActivationFigures | null,
): Promise<unknown> {
  switch (task.op) {
    case 'activation':
      return activation(api, byVsCode, empty);
    case 'command':
      return vscode.commands.executeCommand(task.command, task.args);
    case 'bundleLoad':
      return bundleLoad(api.services.context.extensionPath);
    case 'firstCommand':
      return firstCommand(api, task.command);
    case 'featuresSetUp':
      return featuresSetUp(api);
    case 'heap':
      return heap(task.queries);
    case 'searchesInARow':
      return searchesInARow(api, task.queries);
    case 'lookUp':
      return (await Promise.all(task.photoIds.map((id) => api.client.getPhoto(id)))).length;
    case 'coverSeen':
      return coverSeen(api, task.photoIds);
    case 'agentCovers':
      return agentCovers(api, task.pages);
    case 'newMarkdown':
      await newPage();
      return null;
    case 'closePages':
      return closePages();
    case 'clearCache':
      api.client.clearCache();
      return api.client.flushCache();
    case 'heapNow': {
      const gc = findGc();
      return { used: await settledHeap(gc), method: gc.method } satisfies HeapNow;
    }
    case 'heapSnapshot': {
      await settledHeap(findGc());
      return writeHeapSnapshot(task.path);
    }
    case 'treeBrowse':
      return task.profileDir ? profiled(task.profileDir, 'tree', () => treeBrowse(task.title)) : treeBrowse(task.title);
    case 'collectionGrid':
      return vscode.commands.executeCommand<GridCommandResult>('stockMedia.collections.openInGrid', await featuredCollection(task.title));
    case 'markdownActive':
      return markdownActive();
    case 'creditCheck':
      return creditCheck(task.files);
    case 'writeCredits':
      return profiledIf(task.profileDir, 'write-credits', () => writeCredits(api.services.context.extensionPath));
    case 'lookUpMedia':
      return (await Promise.all(task.media.map((m) => api.client.getMedia(m.kind, m.id)))).length;
    case 'workspaceMedia':
      return profiledIf(task.profileDir, task.refresh ? 'workspace-media-refresh' : 'workspace-media', () => workspaceMedia(task.refresh, task.change));
    case 'watched': {
      const extensionPath = api.services.context.extensionPath;
      return watched(extensionPath, api.services.platform.disk, () => (task.command === 'writeCredits' ? writeCredits(extensionPath) : workspaceMedia(task.refresh, undefined)));
    }
    default: {
      const never: never = task;
      throw new Error(`Unknown task ${JSON.stringify(never)}`);
    }
  }
}

/** The empty extension's figures (test/bench/emptyExtension.ts), when the runner loaded it. */
async function emptyFigures(): Promise<EmptyActivationFigures | null> {
  const extension = vscode.extensions.getExtension<EmptyExtensionExports>(EMPTY_EXTENSION_ID);
  if (!extension) return null;
  const byVsCode = await activatedByVsCode(extension, NATURAL_ACTIVATION_MS);
  const { loadAndActivateMs, loadToActivatedMs, loadedFirst } = await extension.activate();
  return { byVsCode, loadAndActivateMs, loadToActivatedMs, loadedFirst };
}

async function activation(api: StockMediaApi, byVsCode: boolean, empty: EmptyActivationFigures | null): Promise<ActivationFigures> {
  // Read first: looking at anything of the features would make them.
  const featuresMade = api.featuresMade;
  // The key is looked up after activate() returns (SecretStorage is asynchronous).
  await api.services.refreshKeyState();
  return {
    featuresMade,
    byVsCode,
    activationMs: api.activationMs,
    loadAndActivateMs: api.loadAndActivateMs ?? null,
    loadToActivatedMs: api.loadToActivatedMs ?? null,
    hasKey: api.services.hasKey,
    empty,
  };
}

/** `command` through `vscode.commands`, timed from the call to its result: the first time, then again. */
async function firstCommand(api: StockMediaApi, command: string): Promise<FirstCommandFigures> {
  const madeBefore = api.featuresMade;
  let started = performance.now();
  await vscode.commands.executeCommand(command);
  const firstMs = performance.now() - started;
  const made = api.featuresMade.filter((part) => !madeBefore.includes(part));
  started = performance.now();
  await vscode.commands.executeCommand(command);
  return { madeBefore, firstMs, made, againMs: performance.now() - started };
}

/**
 * Makes each feature's part not made yet by reading it from the product's container, in the
 * order below (a part made by an earlier one is not timed again), each timed: what making them on
 * first use keeps out of activation.
 */
async function featuresSetUp(api: StockMediaApi): Promise<FeaturesSetUpFigures> {
  const madeBefore = api.featuresMade;
  const { container } = api;
  const reads: Record<string, () => unknown> = {
    lists: () => container.lists,
    grid: () => container.grid,
    collections: () => container.collections,
    insert: () => container.insert,
    cover: () => container.cover,
    credits: () => container.credits,
    workspace: () => container.workspace,
  };
  const parts: { name: string; ms: number }[] = [];
  for (const [name, read] of Object.entries(reads)) {
    if (madeBefore.includes(name)) continue;
    // What the parts made so far started (a listener, a timer) runs in between, not in the next one's time.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const started = performance.now();
    read();
    parts.push({ name, ms: performance.now() - started });
  }
  const missing = Object.keys(reads).filter((name) => !api.featuresMade.includes(name));
  if (missing.length > 0) throw new Error(`Not made by reading them: ${missing.join(', ')}`);
  return { parts, madeBefore };
}

/** Whether one of Node's own modules (by a part of its id) has been loaded in this process. */
function nodeModuleLoaded(part: string): boolean {
  const list = (process as unknown as { moduleLoadList?: readonly string[] }).moduleLoadList ?? [];
  return list.some((id) => id.includes(part));
}

/**
 * Milliseconds to require a copy of dist/node.js (the Node host's bundle), made unique so that
 * V8 compiles it anew; the copy sits next to the original so it gets the extension's own `vscode` API.
 */
async function bundleLoad(extensionPath: string): Promise<number> {
  const original = join(extensionPath, 'dist', 'node.js');
  const copy = join(extensionPath, 'dist', `node.bench-${process.pid}-${Date.now()}.js`);
  writeFileSync(copy, `${await readFile(original, 'utf8')}\n// ${Math.random()}\n`);
  const load = createRequire(__filename);
  try {
    const started = performance.now();
    load(copy);
    return performance.now() - started;
  } finally {
    delete load.cache[copy];
    rmSync(copy, { force: true });
  }
}

type Gc = { method: HeapFigures['method']; collect: (() => void) | undefined };

/**
 * A real collection if one can be had: `global.gc` when the host runs with --expose-gc,
 * else the flag set at run time and `gc` taken from a fresh context (V8 exposes it there).
 */
function findGc(): Gc {
  const global = (globalThis as { gc?: unknown }).gc;
  if (typeof global === 'function') return { method: 'global.gc', collect: () => (global as () => void)() };
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    if (typeof gc === 'function') return { method: 'v8 --expose-gc', collect: () => (gc as () => void)() };
  } catch {
    // Fall through to sampling.
  }
  return { method: 'median after a pause', collect: undefined };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function settledHeap(gc: Gc): Promise<number> {
  if (gc.collect) {
    // Twice, with a pause: objects freed by finalizers and pending promises go in the second.
    gc.collect();
    await sleep(200);
    gc.collect();
    return process.memoryUsage().heapUsed;
  }
  await sleep(2_000);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(process.memoryUsage().heapUsed);
    await sleep(200);
  }
  samples.sort((a, b) => a - b);
  return samples[2] ?? 0;
}

async function searchesInARow(api: StockMediaApi, queries: readonly string[]): Promise<InARowFigures> {
  api.client.clearCache();
  await api.client.flushCache();
  const before = api.client.requestsSent;
  const started = performance.now();
  const results = await Promise.all(queries.map((query) => vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query })));
  await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'settle' });
  const ms = performance.now() - started;
  const state = await vscode.commands.executeCommand<GridPanelState | undefined>('stockMedia.test.grid', { op: 'state' });
  const spec = state?.session.spec;
  return {
    sent: api.client.requestsSent - before,
    finalQuery: spec && (spec.mode === 'photos' || spec.mode === 'videos') ? spec.query : null,
    status: state?.session.status ?? 'no grid',
    refused: results.filter((r) => !r.shown).length,
    ms,
  };
}

async function heap(queries: readonly string[]): Promise<HeapFigures> {
  const gc = findGc();
  const before = await settledHeap(gc);
  const started = performance.now();
  let failed = 0;
  for (const query of queries) {
    const result = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query });
    if (!result.shown || result.status !== 'loaded' || result.count === 0) failed++;
  }
  const ms = performance.now() - started;
  // Let the webview's answers and the last messages go before reading.
  await sleep(500);
  const after = await settledHeap(gc);
  return { before, after, method: gc.method, searches: queries.length, failed, ms };
}

// ---- covers and paste of media already seen ----------------------------------------------

const PAGE = '---\ntitle: "A post"\n---\n\nText.\n';
const pages: vscode.TextDocument[] = [];

async function newPage(): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: PAGE });
  pages.push(document);
  const editor = await vscode.window.showTextDocument(document);
  const end = document.positionAt(document.getText().length);
  editor.selection = new vscode.Selection(end, end);
  return document;
}

async function coverSeen(api: StockMediaApi, ids: readonly number[]): Promise<CoverSeenFigures> {
  const before = api.client.requestsSent;
  let set = 0;
  for (const id of ids) {
    const photo = await api.client.getPhoto(id);
    const document = await newPage();
    const outcome = await vscode.commands.executeCommand<{ result: string } | undefined>('stockMedia.setCoverImage', { media: { kind: 'photo', photo }, targetUri: document.uri.toString() });
    if (outcome?.result === 'set' && document.getText() !== PAGE) set++;
  }
  return { set, clientRequests: api.client.requestsSent - before };
}

/** The text parts of a tool's answer. */
async function invokeTool(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('\n');
}

/**
 * "agent: covers for 20 pages": the agent's tools as an agent calls them, a page at a time: a
 * search for the page's subject (stockMedia_search), then its first result set as the cover of
 * the page, a Markdown file of the workspace with a title in its front matter
 * (stockMedia_setCover). Twice: the second run asks the same searches and replaces the covers.
 */
async function agentCovers(api: StockMediaApi, pages: readonly { query: string; file: string }[]): Promise<AgentCoversRun[]> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder');
  const runs: AgentCoversRun[] = [];
  for (const replace of [false, true]) {
    const before = api.client.requestsSent;
    const start = performance.now();
    let set = 0;
    let searchMs = 0;
    for (const { query, file } of pages) {
      const searchStart = performance.now();
      const found = await invokeTool('stockMedia_search', { query, count: 1 });
      searchMs += performance.now() - searchStart;
      const ref = /^(photo:\d+) · /m.exec(found)?.[1];
      if (!ref) throw new Error(`no photo for "${query}": ${found}`);
      await invokeTool('stockMedia_setCover', { ref, file, preset: 'hugo-papermod', replace });
      // The tool edits the page as the command does (one undo step, not saved): its document holds the cover.
      const text = (await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, file))).getText();
      if (text.includes(ref.slice('photo:'.length))) set++;
    }
    runs.push({ set, clientRequests: api.client.requestsSent - before, msPerPage: (performance.now() - start) / pages.length, searchMsPerPage: searchMs / pages.length });
  }
  await vscode.workspace.saveAll(false);
  return runs;
}

async function closePages(): Promise<number> {
  let closed = 0;
  for (const document of pages.splice(0)) {
    if (document.isClosed) continue;
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    closed++;
  }
  return closed;
}

// ---- the load figures ---------------------------------------------------------------------

interface TreeHook {
  readonly provider: CollectionsProvider;
  readonly treeView: vscode.TreeView<CollectionsNode>;
}

const treeHook = (): Thenable<TreeHook> => vscode.commands.executeCommand<TreeHook>('stockMedia.collections.testHook');

/** The featured collection with this title, pressing "Load more…" under Featured until it shows. */
async function featuredCollection(title: string): Promise<CollectionNode> {
  const { provider } = await treeHook();
  const featured = (await provider.getChildren()).find((n) => n.type === 'root' && n.root === 'featured');
  if (!featured) throw new Error('No Featured root in the tree (no key?)');
  for (;;) {
    const children = await provider.getChildren(featured);
    const found = children.find((n): n is CollectionNode => n.type === 'collection' && n.collection.title === title);
    if (found) return found;
    const more = children.find((n) => n.type === 'loadMore');
    if (!more) throw new Error(`No featured collection titled "${title}"`);
    await vscode.commands.executeCommand('stockMedia.collections.loadMore', more);
  }
}

/** The media a collection shows, through its folders when it has them (a large one). */
async function treeMedia(provider: CollectionsProvider, collection: CollectionNode): Promise<{ media: CollectionsNode[]; more: CollectionsNode | undefined }> {
  const children = await provider.getChildren(collection);
  const media: CollectionsNode[] = [];
  for (const child of children) {
    if (child.type === 'media') media.push(child);
    else if (child.type === 'folder') media.push(...(await provider.getChildren(child)).filter((n) => n.type === 'media'));
  }
  return { media, more: children.find((n) => n.type === 'loadMore') };
}

/** The least time between two presses of "Load more…": four a second, as fast as a person reads a row and clicks. */
const PRESS_GAP_MS = 250;

/**
 * Expands the collection in the view, then presses its "Load more…" (the node's own command)
 * until there is none; each load counts until the new last item is revealed in the workbench's
 * tree, which resolves once the view has the children VS Code asked the provider for (in a large
 * collection the items are in folders: the last one's).
 */
async function treeBrowse(title: string): Promise<TreeBrowseFigures> {
  const { provider, treeView } = await treeHook();
  const collection = await featuredCollection(title);
  const started = performance.now();
  await treeView.reveal(collection, { expand: true, select: false, focus: false });
  const loadMs: number[] = [];
  const requestMs: number[] = [];
  let lastPress: number | undefined;
  let items: number;
  for (;;) {
    const { media, more } = await treeMedia(provider, collection);
    items = media.length;
    if (!more) break;
    // At a person's pace: presses at least PRESS_GAP_MS apart (VS Code holds a view's refresh that
    // comes within 200 ms of its last one, which only a machine pressing at once would meet).
    const since = performance.now() - (lastPress ?? -Infinity);
    if (since < PRESS_GAP_MS) await new Promise((r) => setTimeout(r, PRESS_GAP_MS - since));
    const pressed = (lastPress = performance.now());
    await vscode.commands.executeCommand('stockMedia.collections.loadMore', more);
    requestMs.push(performance.now() - pressed);
    const last = (await treeMedia(provider, collection)).media.at(-1);
    if (last) await treeView.reveal(last, { select: false, focus: false });
    loadMs.push(performance.now() - pressed);
  }
  return { items, loads: loadMs.length, loadMs, requestMs, ms: performance.now() - started };
}

/** VS Code's own Markdown extensions activated by an untitled Markdown page (see the task in ../control.ts). */
async function markdownActive(): Promise<number> {
  const markdown = vscode.extensions.all.filter((e) => e.id !== EXTENSION_ID && ((e.packageJSON as { activationEvents?: string[] }).activationEvents ?? []).includes('onLanguage:markdown'));
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# A page\n\nNo media here.\n' });
  await vscode.window.showTextDocument(document);
  const until = Date.now() + 60_000;
  while (markdown.some((e) => !e.isActive)) {
    if (Date.now() > until) throw new Error(`Not active after a Markdown page: ${markdown.filter((e) => !e.isActive).map((e) => e.id).join(', ')}`);
    await sleep(100);
  }
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  return markdown.length;
}

/** Runs `work` under the CPU profiler, with heap snapshots before and after, written to `dir` as `<name>.*`. */
/** `work`, with a CPU profile (only: no heap snapshots) into `dir` when there is one. */
async function profiledIf<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (dir === undefined) return work();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    return result;
  } finally {
    session.disconnect();
  }
}

async function profiled<T>(dir: string, name: string, work: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  const snapshot = async (file: string): Promise<void> => {
    const chunks: string[] = [];
    const onChunk = (m: { params: { chunk: string } }): void => void chunks.push(m.params.chunk);
    session.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    await session.post('HeapProfiler.takeHeapSnapshot');
    session.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    writeFileSync(join(dir, file), chunks.join(''));
  };
  try {
    await snapshot(`${name}.before.heapsnapshot`);
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    await snapshot(`${name}.after.heapsnapshot`);
    return result;
  } finally {
    session.disconnect();
  }
}

/** Opens each workspace file in the editor and runs the credit check on it (the watcher would, a moment later). */
async function creditCheck(files: readonly string[]): Promise<CreditCheckFigures> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('No workspace folder');
  const checkMs: number[] = [];
  const openMs: number[] = [];
  let diagnostics = 0;
  const started = performance.now();
  for (const file of files) {
    const opened = performance.now();
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, file));
    await vscode.window.showTextDocument(document, { preview: true });
    const shown = performance.now();
    diagnostics += await vscode.commands.executeCommand<number>('stockMedia.test.creditCheck', { op: 'check', uri: document.uri.toString() });
    checkMs.push(performance.now() - shown);
    openMs.push(shown - opened);
  }
  const ms = performance.now() - started;
  const budgetUsed = await vscode.commands.executeCommand<number>('stockMedia.test.creditCheck', { op: 'budget' });
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return { files: files.length, checkMs, openMs, diagnostics, budgetUsed, ms };
}

/**
 * Write Credits File as a person runs it: Continue in its confirmation; its notifications
 * answered with nothing. The extension has its own \`vscode\` API object (this agent is not
 * inside its folder), taken the way bundleLoad() does: required from next to its bundle.
 */
async function writeCredits(extensionPath: string): Promise<WriteCreditsFigures> {
  const own = createRequire(join(extensionPath, 'dist', 'extension.js'))('vscode') as typeof vscode;
  const window = own.window as unknown as Record<string, unknown>;
  const saved = ['showWarningMessage', 'showInformationMessage', 'showErrorMessage', 'withProgress'].map((name) => [name, window[name]] as const);
  let progressReports = 0;
  const withProgress = own.window.withProgress.bind(own.window);
  window.showWarningMessage = (_message: string, ...rest: unknown[]) => Promise.resolve(rest.includes('Continue') ? 'Continue' : undefined);
  window.showInformationMessage = () => Promise.resolve(undefined);
  window.showErrorMessage = () => Promise.resolve(undefined);
  window.withProgress = <R>(options: vscode.ProgressOptions, task: (p: vscode.Progress<{ message?: string; increment?: number }>, t: vscode.CancellationToken) => Thenable<R>) =>
    withProgress(options, (progress, token) =>
      task(
        {
          report: (value) => {
            progressReports += 1;
            progress.report(value);
          },
        },
        token,
      ),
    );
  try {
    const started = performance.now();
    const outcome = await vscode.commands.executeCommand<{ result: string; media: number; requests: number; message: string }>('stockMedia.writeCreditsFile');
    return { result: outcome.result, media: outcome.media, requests: outcome.requests, message: outcome.message, ms: performance.now() - started, progressReports };
  } finally {
    for (const [name, fn] of saved) window[name] = fn;
  }
}

/**
 * In This Workspace as a person opens it: the view shown (the first scan) or refreshed, timed
 * until every media it lists has its label (none shown by its reference); then, with
 * `change`, one file rewritten on disk, timed until the view lists the new use.
 */
async function workspaceMedia(refresh: boolean, change: { file: string; text: string } | undefined): Promise<WorkspaceMediaFigures> {
  const { provider, treeView } = await vscode.commands.executeCommand<{ provider: WorkspaceMediaProvider; treeView: vscode.TreeView<unknown> }>('stockMedia.test.workspaceMedia');
  const model = provider.model;
  // The first showing is timed from the person's click: not shown before (it starts expanded, in a side bar not open yet).
  if (!refresh && !change && (treeView.visible || model.lastScan)) throw new Error('In This Workspace was shown before the bench showed it');
  const started = performance.now();
  if (refresh) await model.refresh();
  else await vscode.commands.executeCommand('stockMedia.workspaceMedia.focus');
  await provider.getChildren();
  const scanMs = model.lastScan?.ms ?? NaN;
  const allKnown = () => model.groups().every((g) => model.media(g.kind, g.id) !== undefined);
  for (const until = performance.now() + 120_000; !allKnown() && performance.now() < until; ) await new Promise((r) => setTimeout(r, 10));
  const ms = performance.now() - started;
  const groups = model.groups();
  const figures = {
    ms,
    scanMs,
    files: model.lastScan?.files ?? 0,
    media: groups.length,
    uses: groups.reduce((n, g) => n + g.uses.length, 0),
    missing: groups.reduce((n, g) => n + g.missing, 0),
    unknown: groups.filter((g) => model.media(g.kind, g.id) === undefined).length,
  };
  if (!change) return figures;
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('No workspace folder');
  const uses = figures.uses;
  await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder.uri, change.file), new TextEncoder().encode(change.text));
  // Timed from the file on disk: the write's own trip through the workbench (100–700 ms on a
  // loaded machine) is not the extension's.
  const written = performance.now();
  const listed = () => model.groups().reduce((n, g) => n + g.uses.length, 0) !== uses;
  for (const until = performance.now() + 30_000; !listed() && performance.now() < until; ) await new Promise((r) => setTimeout(r, 10));
  if (!listed()) throw new Error('The changed file was not listed again within 30 s');
  return { ...figures, changeMs: performance.now() - written };
}

/** The event loop sampler's interval: a block is measured to about this. */
const BLOCK_RESOLUTION_MS = 2;
/** The longest the host is watched idle after a command, for comparison. */
const IDLE_SAMPLE_MAX_MS = 10_000;

/**
 * Runs `command` with the extension's `workspace.fs` watched (the workspace's files it reads
 * and stats, by path relative to the folder), and in the Node host the platform's reads straight
 * from the disk (host/platform/node/sourceFiles.ts: a `file:` workspace is read so), and the
 * extension host's event loop sampled every
 * BLOCK_RESOLUTION_MS: the longest gap between two samples, less the interval, is the longest
 * time the host ran without yielding; then the same, as long again, with nothing running. The
 * extension's own `vscode` API object is taken as writeCredits() takes it.
 */
async function watched(extensionPath: string, disk: StockMediaApi['services']['platform']['disk'], command: () => Promise<WorkspaceMediaFigures | WriteCreditsFigures>): Promise<WatchedFigures> {
  const own = createRequire(join(extensionPath, 'dist', 'extension.js'))('vscode') as typeof vscode;
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('No workspace folder');
  const root = `${folder.uri.path.replace(/\/+$/, '')}/`;
  const read = new Set<string>();
  const statted = new Set<string>();
  const note = (into: Set<string>, uri: vscode.Uri): void => {
    if (uri.path.startsWith(root)) into.add(uri.path.slice(root.length));
  };
  const restoreFs = watchFs(own.workspace, { readFile: (uri) => note(read, uri), stat: (uri) => note(statted, uri) });
  const real = disk && { readSourceFile: disk.readSourceFile, fileStamp: disk.fileStamp };
  if (disk && real) {
    disk.readSourceFile = (path, maxBytes) => {
      note(read, vscode.Uri.file(path));
      return real.readSourceFile(path, maxBytes);
    };
    disk.fileStamp = (path) => {
      note(statted, vscode.Uri.file(path));
      return real.fileStamp(path);
    };
  }
  const restore =
    restoreFs &&
    ((): void => {
      restoreFs();
      if (disk && real) Object.assign(disk, real);
    });
  const loop = monitorEventLoopDelay({ resolution: BLOCK_RESOLUTION_MS });
  loop.enable();
  try {
    const started = performance.now();
    const outcome = await command();
    loop.disable();
    const longestBlockMs = Math.max(0, loop.max / 1e6 - BLOCK_RESOLUTION_MS);
    // The same time (at most IDLE_SAMPLE_MAX_MS) with nothing running: the machine's share of the figure.
    const idle = monitorEventLoopDelay({ resolution: BLOCK_RESOLUTION_MS });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, Math.min(performance.now() - started, IDLE_SAMPLE_MAX_MS)));
    idle.disable();
    return {
      outcome,
      read: restore ? [...read] : null,
      statted: restore ? [...statted] : null,
      longestBlockMs,
      idleBlockMs: Math.max(0, idle.max / 1e6 - BLOCK_RESOLUTION_MS),
      resolutionMs: BLOCK_RESOLUTION_MS,
    };
  } finally {
    loop.disable();
    restore?.();
  }
}

/**
 * Puts a copy of `workspace.fs` that tells `seen` of each readFile and stat in its place; the
 * undo, or undefined when the property cannot be replaced (the figures then say so).
 */
function watchFs(workspace: typeof vscode.workspace, seen: { readFile(uri: vscode.Uri): void; stat(uri: vscode.Uri): void }): (() => void) | undefined {
  const descriptor = Object.getOwnPropertyDescriptor(workspace, 'fs');
  if (!descriptor?.configurable) return undefined;
  const real = workspace.fs;
  // VS Code's object is frozen, so a Proxy could not change what it gives: a copy, its functions bound to it.
  const bound = Object.fromEntries(Object.entries(real).map(([key, value]) => [key, typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(real) : value]));
  const counting: vscode.FileSystem = {
    ...(bound as unknown as vscode.FileSystem),
    readFile: (uri) => {
      seen.readFile(uri);
      return real.readFile(uri);
    },
    stat: (uri) => {
      seen.stat(uri);
      return real.stat(uri);
    },
  };
  Object.defineProperty(workspace, 'fs', { configurable: true, enumerable: descriptor.enumerable ?? true, get: () => counting });
  return () => Object.defineProperty(workspace, 'fs', descriptor);
}
