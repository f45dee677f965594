// The In This Workspace figures (issue 24): the load bench's generated workspace (1,000
// Markdown files naming 300 distinct media, loadBench.ts) in a window of its own, every media
// known first (looked up through the extension's client, as a search or an insert would have
// made them known); then the view shown, timed until every media it lists has its label, with
// the API requests it cost (from the local server's log: 0 expected); one file changed on disk
// until the view lists it again (the file read again alone); in three windows, one after the
// other, the medians kept; in the last, refreshed (a whole scan again) a few times. `npm run bench -- --only workspace-media` prints these rows alone.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Library } from '../server/library';
import { photoPageUrl } from '../server/urls';
import type { WorkspaceMediaFigures } from './control';
import type { LoadContext } from './loadBench';
import { LOAD_DISTINCT, LOAD_FILES, closeLoadWindow, openLoadWindow, writeLoadWorkspace } from './loadBench';
import type { Row } from './table';

export const WORKSPACE_MEDIA_KEYS = ['wsListMs', 'wsRequests', 'wsRefreshMs', 'wsChangeMs'] as const;
export type WorkspaceMediaKey = (typeof WORKSPACE_MEDIA_KEYS)[number];

export interface WorkspaceMediaSink {
  add(key: WorkspaceMediaKey, value: number): void;
  note(key: WorkspaceMediaKey, text: string): void;
  fail(keys: readonly WorkspaceMediaKey[], error: unknown): void;
}

/** The credit check's pause before a changed file is read again (src/host/credits/enabled.ts WATCH_DEBOUNCE_MS, which imports vscode: not loadable here). */
const WATCH_DEBOUNCE_MS = 400;

/** Whole scans after the first (Refresh), in the last window. */
const REFRESH_RUNS = 3;
/** Windows the view is first shown in: its first showing's time is the median of theirs. */
const SHOWINGS = 3;

/** The media the load workspace names (its load collection's first `distinct` ones). */
export function loadMedia(library: Library, distinct = LOAD_DISTINCT): { kind: 'photo' | 'video'; id: number }[] {
  const collection = library.collectionById.get(library.loadCollectionId ?? '');
  if (!collection) throw new Error('The library has no load collection (largeCollection)');
  return collection.media.slice(0, distinct).map((ref) => ({ kind: ref.type === 'Photo' ? 'photo' : 'video', id: ref.id }));
}

export async function measureWorkspaceMedia(ctx: LoadContext, sink: WorkspaceMediaSink): Promise<void> {
  const { api } = ctx;
  const workspace = writeLoadWorkspace(api.library, api.origin);
  const listed: string[] = [];
  const changes: string[] = [];
  try {
    // Each showing in a window of its own (a view is first shown once a window), the median kept.
    for (let showing = 1; showing <= SHOWINGS; showing++) {
      const window = await openLoadWindow(ctx, `workspace-media-${showing}`, workspace.path);
      try {
        await showingIn(ctx, sink, workspace, { refresh: showing === SHOWINGS, listed, changes });
      } finally {
        await closeLoadWindow(ctx, window, { dispose: () => undefined });
      }
    }
    sink.note('wsListMs', `median of ${SHOWINGS} windows: the view shown → all ${LOAD_DISTINCT} media listed with their labels (${listed.join('; ')})`);
    sink.note('wsChangeMs', `median of ${SHOWINGS}: from the file written on disk, the ${WATCH_DEBOUNCE_MS} ms pause taken off (${changes.join(', ')}); the file read again alone`);
  } catch (error) {
    sink.fail(WORKSPACE_MEDIA_KEYS, error);
  } finally {
    workspace.dispose();
  }
}

/** In a window just opened: every media looked up, the view shown, refreshed (with `refresh`), one file changed. */
async function showingIn(
  ctx: LoadContext,
  sink: WorkspaceMediaSink,
  workspace: ReturnType<typeof writeLoadWorkspace>,
  options: { readonly refresh: boolean; readonly listed: string[]; readonly changes: string[] },
): Promise<void> {
  const { api, control, log } = ctx;
  api.resetQuotas();
  api.setQuota(api.keys.alice, { hourlyLimit: 1_000, hourlyRemaining: 1_000 });
  await control.call({ op: 'command', command: 'stockMedia.setApiKey', args: { key: api.keys.alice } });
  const media = loadMedia(api.library);
  const found = await control.call<number>({ op: 'lookUpMedia', media }, 10 * 60_000);
  if (found !== media.length) throw new Error(`${found} of ${media.length} media looked up`);

  const profileDir = process.env['STOCK_MEDIA_BENCH_PROFILE'];
  const profile = profileDir ? { profileDir } : {};
  const mark = api.log.length;
  const first = await control.call<WorkspaceMediaFigures>({ op: 'workspaceMedia', refresh: false, ...profile }, 10 * 60_000);
  const requests = api.log.length - mark;
  if (first.media !== LOAD_DISTINCT || first.unknown !== 0) throw new Error(`listed ${first.media} media, ${first.unknown} not known`);
  sink.add('wsListMs', first.ms);
  sink.add('wsRequests', requests);
  options.listed.push(`${first.ms.toFixed(0)} ms, of which the scan of ${first.files.toLocaleString('en')} files ${first.scanMs.toFixed(0)} ms; ${first.uses.toLocaleString('en')} uses, ${first.missing.toLocaleString('en')} without credit`);
  log(`[bench] In This Workspace: ${first.files} files, ${first.media} media listed in ${first.ms.toFixed(0)} ms (scan ${first.scanMs.toFixed(0)} ms), ${requests} requests`);
  if (options.refresh) {
    const refreshes: number[] = [];
    for (let i = 0; i < REFRESH_RUNS; i++) {
      const again = await control.call<WorkspaceMediaFigures>({ op: 'workspaceMedia', refresh: true, ...profile }, 10 * 60_000);
      refreshes.push(again.ms);
      sink.add('wsRefreshMs', again.ms);
      sink.add('wsRequests', api.log.length - mark);
    }
    log(`[bench] In This Workspace refreshed: ${refreshes.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  }
  const photo = api.library.photos[0];
  if (!photo) throw new Error('The library has no photo');
  const file = workspace.files[0] ?? 'notes/new.md';
  const before = readFileSync(join(workspace.path, file), 'utf8');
  const changed = await control.call<WorkspaceMediaFigures>({ op: 'workspaceMedia', refresh: false, change: { file, text: `# Changed\n\n![New](${photoPageUrl(api.origin, photo)})\n` } }, 5 * 60_000);
  // As it was, for the next window's first showing.
  writeFileSync(join(workspace.path, file), before);
  if (changed.changeMs === undefined) throw new Error('The change was not timed');
  sink.add('wsChangeMs', changed.changeMs - WATCH_DEBOUNCE_MS);
  options.changes.push(`${changed.changeMs.toFixed(0)} ms`);
  log(`[bench] In This Workspace: a changed file listed again in ${changed.changeMs.toFixed(0)} ms`);
}

export function workspaceMediaRows(row: (key: WorkspaceMediaKey, base: Omit<Row, 'values' | 'error' | 'note'>, note?: string) => Row): Row[] {
  const files = LOAD_FILES.toLocaleString('en');
  return [
    row('wsListMs', { measure: `In This Workspace: ${files} files, ${LOAD_DISTINCT} media listed`, unit: 'ms', target: { op: '<=', value: 500 } }, `median of ${SHOWINGS} windows`),
    row('wsRequests', { measure: '  requests, every media known', unit: 'requests', target: { op: '<=', value: 0, everyRun: true } }, 'the media known beforehand (the client’s cache): none asked for again, first showing and refreshes'),
    row('wsRefreshMs', { measure: '  Refresh: the whole scan again', unit: 'ms', target: null }, `median of ${REFRESH_RUNS}`),
    row('wsChangeMs', { measure: '  a file changed on disk → listed again, after the pause', unit: 'ms', target: { op: '<=', value: 100 } }, `median of ${SHOWINGS}; the file read again alone; the credit check’s ${WATCH_DEBOUNCE_MS} ms pause taken off`),
  ];
}
