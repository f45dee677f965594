// The load figures (issue 20, "Load"): a featured collection of 5,000 media browsed to the
// end in the tree (its "Load more…" pressed until there is none) and in the grid (scrolled
// with the wheel until every result is loaded), and a generated workspace of 1,000 Markdown
// files naming 300 distinct media for the credit check (files opened one after another) and
// Write Credits File. Each gets its time, the API requests it cost (from the local server's
// log) and the extension host's heap growth, in one window of its own opened on that workspace.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SetApiKeyResult } from '../../src/host/key/apiKey';
import type { BrowserSession } from '../host/browser';
import { prepare } from '../host/prepare';
import { LOAD_COLLECTION_TITLE } from '../server/library';
import type { Library, LibraryPhoto, LibraryVideo } from '../server/library';
import type { ApiServer, RequestLogEntry } from '../server/server';
import { photoPageUrl, videoPageUrl } from '../server/urls';
import type { CreditCheckFigures, HeapNow, TreeBrowseFigures, WriteCreditsFigures } from './control';
import type { ControlServer } from './controlServer';
import { GridDriver, HURRYING } from './gridBench';
import { median } from './table';
import { domCounts } from './webview';
import { BenchWindow } from './workbench';

export const LOAD_MEDIA = 5_000;
export const LOAD_FILES = 1_000;
export const LOAD_DISTINCT = 300;
/** Media named in each generated file. */
const MEDIA_PER_FILE = 3;
/** Files the credit check row opens, one after another. */
export const CHECK_FILES = 30;
/** The local library's hourly allowance for Write Credits File (300 look-ups are more than the default 200 an hour). */
const CREDITS_HOURLY = 1_000;

export const LOAD_KEYS = [
  'treeMs', 'treeLoadMs', 'treeRequests', 'treeHeap',
  'gridMs', 'gridRequests', 'gridHeap', 'gridDom',
  'checkMs', 'checkRequests', 'checkHeap',
  'creditsMs', 'creditsRequests', 'creditsHeap',
] as const;
export type LoadKey = (typeof LOAD_KEYS)[number];
export const CHECK_KEYS = ['checkMs', 'checkRequests', 'checkHeap'] as const satisfies readonly LoadKey[];
export const TREE_KEYS = ['treeMs', 'treeLoadMs', 'treeRequests', 'treeHeap'] as const satisfies readonly LoadKey[];

export interface LoadSink {
  add(key: LoadKey, value: number): void;
  note(key: LoadKey, text: string): void;
  fail(keys: readonly LoadKey[], error: unknown): void;
}

type Media = { kind: 'photo'; photo: LibraryPhoto } | { kind: 'video'; video: LibraryVideo };

/** The `distinct` media the workspace names (300): the load collection's first ones, photos and videos. */
function workspaceMedia(library: Library, distinct: number): Media[] {
  const collection = library.collectionById.get(library.loadCollectionId ?? '');
  if (!collection) throw new Error('The library has no load collection (largeCollection)');
  if (collection.media.length < distinct) throw new Error(`The load collection has ${collection.media.length} media, not ${distinct}`);
  return collection.media.slice(0, distinct).map((ref): Media => {
    const photo = ref.type === 'Photo' ? library.photoById.get(ref.id) : undefined;
    const video = ref.type === 'Video' ? library.videoById.get(ref.id) : undefined;
    if (photo) return { kind: 'photo', photo };
    if (video) return { kind: 'video', video };
    throw new Error(`${ref.type} ${ref.id} of the load collection is not in the library`);
  });
}

/**
 * 1,000 Markdown files (`count`) in folders of a hundred, three media each (page links, as
 * pasted) of 300 (`distinct`), each media in ten files; the first media of every file has its
 * credit line, the others none.
 */
export function writeLoadWorkspace(library: Library, origin: string, count = LOAD_FILES, distinct = LOAD_DISTINCT): { path: string; files: string[]; dispose(): void } {
  const parent = mkdtempSync(join(tmpdir(), 'stock-media-load-'));
  const path = join(parent, 'workspace');
  const media = workspaceMedia(library, distinct);
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `notes/part-${String(Math.floor(i / 100)).padStart(2, '0')}/page-${String(i).padStart(4, '0')}.md`;
    const lines = [`# Page ${i + 1}`, '', 'Some words about the trip, and a few more.', ''];
    for (let k = 0; k < MEDIA_PER_FILE; k++) {
      const m = media[(i * MEDIA_PER_FILE + k) % media.length] as Media;
      const url = m.kind === 'photo' ? photoPageUrl(origin, m.photo) : videoPageUrl(origin, m.video);
      lines.push(`![Picture ${k + 1}](${url})`, '');
      if (k === 0) lines.push(`${m.kind === 'photo' ? 'Photo' : 'Video'} by ${m.kind === 'photo' ? m.photo.photographer.name : m.video.user.name}`, '');
      lines.push('What we saw there.', '');
    }
    const file = join(path, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, lines.join('\n'));
    files.push(name);
  }
  mkdirSync(join(path, '.vscode'), { recursive: true });
  writeFileSync(join(path, '.vscode', 'settings.json'), '{}\n');
  return { path, files, dispose: () => rmSync(parent, { recursive: true, force: true }) };
}

const MB = 1024 ** 2;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function heapNow(control: ControlServer): Promise<number> {
  return (await control.call<HeapNow>({ op: 'heapNow' })).used;
}

export interface LoadContext {
  readonly api: ApiServer;
  readonly control: ControlServer;
  readonly browser: BrowserSession;
  readonly extensionPath: string;
  readonly sentAt: ReadonlyMap<RequestLogEntry, number>;
  readonly logDir: string;
  readonly log: (line: string) => void;
  readonly windows: Set<BenchWindow>;
}

/** A bench window on the generated workspace, pointed at the local library, loaded and tracked in `ctx.windows`. */
/** Ends a load window's session and closes it (when it opened), then removes its workspace. */
export async function closeLoadWindow(ctx: LoadContext, window: BenchWindow | undefined, workspace: { dispose(): void }): Promise<void> {
  if (window) {
    await window.endSession().catch(() => undefined);
    ctx.windows.delete(window);
    await window.close();
  }
  workspace.dispose();
}

export async function openLoadWindow(ctx: LoadContext, name: string, fixture: string): Promise<BenchWindow> {
  const { api } = ctx;
  const window = await BenchWindow.open({
    host: await prepare({ browser: true }),
    browser: ctx.browser.browser,
    control: ctx.control,
    extensionPath: ctx.extensionPath,
    machineSettings: { 'stockMedia.apiBaseUrl': api.baseUrl, 'stockMedia.videoBaseUrl': api.videoBaseUrl, 'stockMedia.serviceUrl': api.origin },
    logDir: ctx.logDir,
    name,
    fixture,
  });
  ctx.windows.add(window);
  await window.load();
  return window;
}

/** Opens a load window on `workspace` with a key stored and the side panels closed; on failure reports it, cleans up and gives undefined. */
async function openWorkspaceWindow(ctx: LoadContext, name: string, workspace: { path: string; dispose(): void }, fail: (error: unknown) => void): Promise<BenchWindow | undefined> {
  const { api, control } = ctx;
  let window: BenchWindow | undefined;
  try {
    window = await openLoadWindow(ctx, name, workspace.path);
    api.resetQuotas();
    const saved = await control.call<SetApiKeyResult>({ op: 'command', command: 'stockMedia.setApiKey', args: { key: api.keys.alice } });
    if (!saved.saved) throw new Error(`The key was not saved: ${saved.reason}`);
    await control.call({ op: 'command', command: 'workbench.action.closeAuxiliaryBar' });
    await control.call({ op: 'command', command: 'workbench.action.closePanel' });
    return window;
  } catch (error) {
    fail(error);
    if (window) {
      ctx.windows.delete(window);
      await window.close();
    }
    workspace.dispose();
    return undefined;
  }
}

/**
 * The credit check rows: the first CHECK_FILES of `files` opened one after another, each
 * checked once shown, and the extension host's heap before and after (settled). With
 * STOCK_MEDIA_BENCH_SNAPSHOTS set, heap snapshots before and after go to the log folder
 * (credit-check-before/after.heapsnapshot) for a look at what the check keeps.
 */
async function measureCreditCheckIn(ctx: LoadContext, sink: LoadSink, files: readonly string[]): Promise<void> {
  const { api, control, log } = ctx;
  const snapshots = process.env['STOCK_MEDIA_BENCH_SNAPSHOTS'] ? ctx.logDir : undefined;
  try {
    // Not counted: VS Code's own Markdown extensions, activated by the first Markdown file.
    const markdown = await control.call<number>({ op: 'markdownActive' }, 2 * 60_000);
    if (snapshots) await control.call({ op: 'heapSnapshot', path: join(snapshots, 'credit-check-before.heapsnapshot') }, 5 * 60_000);
    const before = await heapNow(control);
    const mark = api.log.length;
    const r = await control.call<CreditCheckFigures>({ op: 'creditCheck', files: files.slice(0, CHECK_FILES) }, 10 * 60_000);
    await sleep(1_000);
    const requests = api.log.length - mark;
    const after = await heapNow(control);
    if (snapshots) await control.call({ op: 'heapSnapshot', path: join(snapshots, 'credit-check-after.heapsnapshot') }, 5 * 60_000);
    sink.add('checkMs', median(r.checkMs));
    sink.add('checkRequests', requests);
    sink.add('checkHeap', (after - before) / MB);
    sink.note('checkHeap', `settled by GC; VS Code's own Markdown extensions (${markdown}: markdown-it, highlight.js, KaTeX…) activated before, by an untitled Markdown page: the first Markdown file activates them, Stock Media installed or not`);
    sink.note(
      'checkMs',
      `median of ${r.files} files opened one after another (${CHECK_FILES * MEDIA_PER_FILE} media links), each checked once shown; slowest ${Math.max(...r.checkMs).toFixed(0)} ms; opening and showing one took ${median(r.openMs).toFixed(0)} ms (median); all ${(r.ms / 1000).toFixed(1)} s; ${r.diagnostics} diagnostics; the check's budget counted ${r.budgetUsed}`,
    );
    log(`[bench] Credit check: ${r.files} files, median ${median(r.checkMs).toFixed(0)} ms each, ${requests} requests, heap ${((after - before) / MB).toFixed(1)} MB`);
  } catch (error) {
    sink.fail(CHECK_KEYS, error);
  }
}

/** `--only credit-check`: the credit check rows alone, in a window of their own on the generated workspace. */
export async function measureCreditCheck(ctx: LoadContext, sink: LoadSink): Promise<void> {
  const workspace = writeLoadWorkspace(ctx.api.library, ctx.api.origin);
  const window = await openWorkspaceWindow(ctx, 'credit-check', workspace, (error) => sink.fail(CHECK_KEYS, error));
  if (!window) return;
  await measureCreditCheckIn(ctx, sink, workspace.files);
  await closeLoadWindow(ctx, window, workspace);
}

/** Every load figure, in one window opened on the generated workspace. */
export async function measureLoad(ctx: LoadContext, sink: LoadSink): Promise<void> {
  const { api, control, log } = ctx;
  const workspace = writeLoadWorkspace(api.library, api.origin);
  const window = await openWorkspaceWindow(ctx, 'load', workspace, (error) => sink.fail(LOAD_KEYS, error));
  if (!window) return;

  // The credit check first, while no media of the workspace is known.
  await measureCreditCheckIn(ctx, sink, workspace.files);

  try {
    api.resetQuotas();
    api.setQuota(api.keys.alice, { hourlyLimit: CREDITS_HOURLY, hourlyRemaining: CREDITS_HOURLY });
    const before = await heapNow(control);
    const mark = api.log.length;
    const r = await control.call<WriteCreditsFigures>({ op: 'writeCredits' }, 10 * 60_000);
    const requests = api.log.length - mark;
    const after = await heapNow(control);
    if (r.result !== 'written') throw new Error(`Write Credits File: ${r.result}: ${r.message}`);
    const again = await control.call<WriteCreditsFigures>({ op: 'writeCredits' }, 10 * 60_000);
    sink.add('creditsMs', r.ms);
    sink.add('creditsRequests', requests);
    sink.add('creditsHeap', (after - before) / MB);
    sink.note(
      'creditsMs',
      `${LOAD_FILES.toLocaleString('en')} files, ${r.media} distinct media, ${r.requests} not known before; ${r.progressReports} progress reports; run again: ${again.result}, ${(again.ms / 1000).toFixed(1)} s, ${again.requests} requests; the local library's hourly allowance raised to ${CREDITS_HOURLY} for it (the default 200 is less than the look-ups)`,
    );
    log(`[bench] Write Credits File: ${(r.ms / 1000).toFixed(1)} s, ${r.media} media, ${requests} requests; again ${(again.ms / 1000).toFixed(1)} s (${again.result})`);
  } catch (error) {
    sink.fail(['creditsMs', 'creditsRequests', 'creditsHeap'], error);
  }

  const collectionPath = `/v1/collections/${api.library.loadCollectionId ?? ''}`;
  const collectionRequests = (mark: number): number => api.log.slice(mark).filter((e) => e.path === collectionPath).length;

  await measureTree(ctx, sink);

  try {
    api.resetQuotas();
    // Cold again: the tree loaded the same pages just before.
    await control.call({ op: 'clearCache' });
    const grid = new GridDriver(window.page, control, api, ctx.sentAt);
    const before = await heapNow(control);
    const mark = api.log.length;
    const started = Date.now();
    await control.call({ op: 'collectionGrid', title: LOAD_COLLECTION_TITLE });
    const loaded = await grid.scrollUntil(LOAD_MEDIA, HURRYING, 10 * 60_000);
    await grid.settle();
    const ms = Date.now() - started;
    await sleep(300);
    const dom = await domCounts(await grid.frame());
    const after = await heapNow(control);
    sink.add('gridMs', ms);
    sink.add('gridRequests', collectionRequests(mark));
    sink.add('gridDom', dom.nodes);
    sink.add('gridHeap', (after - before) / MB);
    sink.note('gridMs', `opened from the tree (Open in Grid), wheel-scrolled until all ${loaded.toLocaleString('en')} are loaded; ${dom.tiles} tiles in the DOM at the end (${dom.columns} columns)`);
    log(`[bench] Grid: ${loaded} media in ${(ms / 1000).toFixed(1)} s, ${collectionRequests(mark)} requests, ${dom.nodes} DOM elements`);
  } catch (error) {
    sink.fail(['gridMs', 'gridRequests', 'gridDom', 'gridHeap'], error);
  }

  await closeLoadWindow(ctx, window, workspace);
}

/**
 * The tree row: the load collection expanded, then its "Load more…" pressed until all show, the
 * client's cache emptied first. STOCK_MEDIA_BENCH_PROFILE=<folder> also writes a CPU profile of
 * the browse and heap snapshots before and after (Node extension host) into that folder.
 */
async function measureTree(ctx: LoadContext, sink: Pick<LoadSink, 'add' | 'note' | 'fail'>): Promise<void> {
  const { api, control, log } = ctx;
  const collectionPath = `/v1/collections/${api.library.loadCollectionId ?? ''}`;
  const collectionRequests = (mark: number): number => api.log.slice(mark).filter((e) => e.path === collectionPath).length;
  const profileDir = process.env['STOCK_MEDIA_BENCH_PROFILE'];
  try {
    api.resetQuotas();
    // Cold: nothing of the collection known (the check and the credits file asked for some of its media).
    await control.call({ op: 'clearCache' });
    const before = await heapNow(control);
    const mark = api.log.length;
    const r = await control.call<TreeBrowseFigures>({ op: 'treeBrowse', title: LOAD_COLLECTION_TITLE, ...(profileDir ? { profileDir } : {}) }, 15 * 60_000);
    const after = await heapNow(control);
    if (r.items !== LOAD_MEDIA) throw new Error(`The tree showed ${r.items} of ${LOAD_MEDIA} media`);
    sink.add('treeMs', r.ms);
    // Beyond the request: from the command's end (the page requested, read and added) to the row shown.
    const beyond = r.loadMs.map((ms, i) => ms - (r.requestMs[i] ?? 0));
    sink.add('treeLoadMs', median(beyond));
    sink.add('treeRequests', collectionRequests(mark));
    sink.add('treeHeap', (after - before) / MB);
    const last = r.loadMs.slice(-5);
    sink.note(
      'treeMs',
      `expand, then Load more… ${r.loads} times until all ${r.items.toLocaleString('en')} show; each press → its last item revealed in the view: median ${median(r.loadMs).toFixed(0)} ms (the request: ${median(r.requestMs).toFixed(0)} ms), first ${(r.loadMs[0] ?? NaN).toFixed(0)} ms, last five ${last.map((v) => v.toFixed(0)).join(', ')} ms`,
    );
    log(`[bench] Tree: ${r.items} media in ${(r.ms / 1000).toFixed(1)} s, ${r.loads} loads (median ${median(r.loadMs).toFixed(0)} ms), ${collectionRequests(mark)} requests`);
  } catch (error) {
    sink.fail(TREE_KEYS, error);
  }

}

/** `--only tree`: the tree row alone, in a window of its own on an empty workspace. */
export async function measureTreeOnly(ctx: LoadContext, sink: LoadSink): Promise<void> {
  const { api, control } = ctx;
  const parent = mkdtempSync(join(tmpdir(), 'stock-media-tree-'));
  const path = join(parent, 'workspace');
  mkdirSync(join(path, '.vscode'), { recursive: true });
  writeFileSync(join(path, '.vscode', 'settings.json'), '{}\n');
  const workspace = { dispose: () => rmSync(parent, { recursive: true, force: true }) };
  let window: BenchWindow | undefined;
  try {
    window = await openLoadWindow(ctx, 'tree', path);
    api.resetQuotas();
    const saved = await control.call<SetApiKeyResult>({ op: 'command', command: 'stockMedia.setApiKey', args: { key: api.keys.alice } });
    if (!saved.saved) throw new Error(`The key was not saved: ${saved.reason}`);
    await measureTree(ctx, sink);
  } catch (error) {
    sink.fail(TREE_KEYS, error);
  } finally {
    await closeLoadWindow(ctx, window, workspace);
  }
}
