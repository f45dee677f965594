// Offline and impatient users in a real VS Code (both hosts) against the local library
// (issue 20). With the library refusing connections: what was seen (a search, a collection
// in the grid and in the tree, a hover) comes back from the cache without a request; a new
// search says the service cannot be reached above the last results, with Retry, which works
// once the library listens again; the status bar shows the last known quota with its age; a
// failed "Load more…" in the tree is an item with the reason and a retry. Searches fired in a
// row end on the last with at most one request each and no message; "Load more…" pressed
// twice is one request.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import type { GridPanelState, GridTold } from './hooks';
import type { CollectionNode, CollectionsNode, ErrorNode, LoadMoreNode, RootNode } from '../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../src/host/collections/collectionsProvider';
import type { RequestLogEntry } from '../server/server';
import type { Shown } from './support';
import { IN_WEB_WORKER_HOST } from './hosts';
import { QUOTA_FIGURE, closeAllEditors, extensionApi, fileOpener, gridTold, hoverTitle, openGridState, quotaShown, recordUi, useApiServer, waitFor, workspaceRoot } from './support';

const GRID = 'stockMedia.test.grid';
const openNew = fileOpener('offline-tests');

/** What the grid's webview was told (how it draws it: test/e2e/offline.e2e.ts), once `check` holds. */
const toldWhen = (check: (t: GridTold) => boolean, what: string): Promise<GridTold> => gridTold(what, check);

function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

async function treeProvider(): Promise<CollectionsProvider> {
  const hook = await vscode.commands.executeCommand<{ provider: CollectionsProvider } | undefined>('stockMedia.collections.testHook');
  assert.ok(hook);
  return hook.provider;
}

async function largeCollection(provider: CollectionsProvider, id: string): Promise<CollectionNode> {
  const top = await provider.getChildren();
  const featured = top.find((n): n is RootNode => n.type === 'root' && n.root === 'featured');
  assert.ok(featured);
  const node = (await provider.getChildren(featured)).find((n): n is CollectionNode => n.type === 'collection' && n.collection.id === id);
  assert.ok(node, `collection ${id} is listed`);
  return node;
}

const media = (children: CollectionsNode[]): number => children.filter((n) => n.type === 'media').length;

/** Node's fetch says the connection was refused; a browser's says only that it failed. */
const REFUSED = IN_WEB_WORKER_HOST
  ? 'Could not reach Pexels. Check your connection and the API base URL setting.'
  : 'Could not reach Pexels: the connection was refused. Check your connection and the API base URL setting.';

describe('offline and impatient users (real VS Code)', function () {
  this.timeout(90_000);
  const server = useApiServer();
  const shown: Shown[] = [];
  let restoreUi: () => void = () => undefined;
  const searches = (filter?: (e: RequestLogEntry) => boolean): RequestLogEntry[] => server().log.filter((e) => e.path === '/v1/search').filter(filter ?? (() => true));

  before(async () => {
    restoreUi = recordUi(shown, []);
  });

  after(async () => {
    restoreUi();
    server().resetSwitches();
    await vscode.commands.executeCommand(GRID, { op: 'close' });
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), 'offline-tests'), { recursive: true }).then(undefined, () => undefined);
  });

  beforeEach(() => {
    server().resetSwitches();
    server().clearLog();
    shown.length = 0;
  });

  it('offline: what was seen comes from the cache with no request; a new search keeps the last results under "cannot reach" with Retry, which works once the service is back', async () => {
    const api = await extensionApi();
    // Seen while online: a search, a collection in the grid, a photo hovered in a document.
    const morning = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'morning' });
    assert.ok(morning.shown && morning.status === 'loaded' && morning.count === 80, JSON.stringify(morning));
    const morningKeys = (await openGridState()).session.itemKeys;
    const collectionId = server().library.largeFeaturedCollectionId;
    const provider = await treeProvider();
    provider.refresh();
    const collection = await largeCollection(provider, collectionId);
    const inTree = await provider.getChildren(collection);
    assert.equal(media(inTree), 80);
    const inGrid = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.collections.openInGrid', collection);
    assert.ok(inGrid?.shown && inGrid.status === 'loaded', JSON.stringify(inGrid));
    const photoId = Number(morningKeys[0]?.split(':')[1]);
    const photo = await api.client.getPhoto(photoId);
    const editor = await openNew('seen.txt', `See ${photo.url} for the picture.\n`);
    const hoverText = async (): Promise<string> => {
      const at = editor.document.getText().indexOf(photo.url) + 10;
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, editor.document.positionAt(at));
      return hovers.map((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n')).join('\n');
    };
    assert.ok((await hoverText()).includes(hoverTitle(photo)));
    const quotaOnline = await waitFor(() => QUOTA_FIGURE.test(quotaShown(api)?.text ?? '') && quotaShown(api), 'the quota');
    assert.match(quotaOnline.text, /^\$\(file-media\) [\d.,]+ \/ [\d.,]+$/);

    server().setSwitches({ refuseConnections: true });
    const sentBefore = api.client.requestsSent;

    // Everything seen again: shown, with no request sent at all.
    const again = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'morning' });
    assert.ok(again.shown && again.status === 'loaded' && again.count === 80, JSON.stringify(again));
    assert.deepEqual((await openGridState()).session.itemKeys, morningKeys);
    const collectionAgain = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.collections.openInGrid', collection);
    assert.ok(collectionAgain?.shown && collectionAgain.status === 'loaded', JSON.stringify(collectionAgain));
    assert.equal(media(await provider.getChildren(collection)), 80, 'the tree still has its page');
    assert.ok((await hoverText()).includes(hoverTitle(photo)), 'the hover still knows the photo');
    // The credit check of a Markdown file with that photo and no credit: its diagnostic, from what is known.
    const markdown = await openNew('uncredited.md', `# Notes\n\n![Morning](${photo.src.large})\n`);
    const credits = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(markdown.document.uri).filter((d) => d.source === 'Stock Media');
      return found.length > 0 && found;
    }, 'the credit check', 15_000);
    assert.equal(credits.length, 1);
    assert.equal(markdown.document.getText(credits[0]!.range), photo.src.large);
    await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'morning' });
    await toldWhen((s) => s.status === 'loaded' && s.spec?.mode === 'photos' && s.spec.query === 'morning' && s.items.length === 80, 'the morning results');
    assert.equal(api.client.requestsSent, sentBefore, 'no request for what was seen');

    // A new search: the morning tiles stay, under a notice that says why, with Retry.
    const cat = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'cat' });
    assert.ok(cat.shown && cat.status === 'failed' && cat.count === 0, JSON.stringify(cat));
    const state = await openGridState();
    assert.equal(state.session.kept, true);
    assert.deepEqual(state.session.itemKeys, morningKeys, 'the last good results stay');
    assert.equal(state.session.spec?.mode === 'photos' && state.session.spec.query, 'cat');
    // Drawn as "Cannot reach Pexels", the reason and "The results below are from your last
    // search." above the tiles, with Retry and Open Settings (offline.e2e).
    const offline = await toldWhen((s) => s.status === 'failed', 'the failure in the grid');
    assert.deepEqual(offline.items.map((i) => i.key), morningKeys, 'the tiles stay');
    const reason = offline.failure?.message ?? '';
    assert.ok(reason.includes(REFUSED), reason);
    assert.doesNotMatch(reason, /fetch failed|TypeError|ECONNREFUSED/);
    assert.deepEqual(offline.failure?.actions, ['retry', 'openSettings']);
    assert.deepEqual(shown, [], 'no notification: the grid says it');

    // The status bar: the last known figure with its age, not an error.
    const quota = await waitFor(() => quotaShown(api)?.text.includes('left') && quotaShown(api), 'the quota as last known');
    assert.match(quota.text, /^\$\(debug-disconnect\) [\d.,]+ left · .+/);
    assert.match(quota.tooltip, /Could not reach Pexels at the last try/);
    assert.equal(quota.background, undefined, 'no error colour');

    // The service is back: Retry (what the webview's button sends: the search shown, again) runs the failed search only.
    server().setSwitches({ refuseConnections: false });
    server().clearLog();
    await vscode.commands.executeCommand(GRID, { op: 'receive', message: { type: 'search', spec: offline.spec } });
    const back = await toldWhen((s) => s.status === 'loaded' && s.spec?.mode === 'photos' && s.spec.query === 'cat', 'the cat results');
    assert.equal(back.failure, null);
    assert.ok(back.items.length > 0);
    assert.deepEqual(searches().map((e) => e.query['query']), ['cat'], 'one request, for the failed search');
    const now = await openGridState();
    assert.equal(now.session.kept, false);
    assert.ok(now.session.itemKeys.some((k) => !morningKeys.includes(k)), 'the new results replaced the kept ones');
    await waitFor(() => QUOTA_FIGURE.test(quotaShown(api)?.text ?? ''), 'the status bar back to the figure');
    assert.deepEqual(shown, []);
  });

  it('offline: a failed "Load more…" in the tree is an item with the reason and a retry; the pages loaded stay', async () => {
    const provider = await treeProvider();
    provider.refresh();
    const collection = await largeCollection(provider, server().library.largeFeaturedCollectionId);
    const first = await provider.getChildren(collection);
    const more = first.find((n): n is LoadMoreNode => n.type === 'loadMore');
    assert.ok(more);
    server().setSwitches({ refuseConnections: true });
    await vscode.commands.executeCommand('stockMedia.collections.loadMore', more);
    const after = await provider.getChildren(collection);
    assert.equal(media(after), 80, 'nothing loaded is lost');
    const failed = after.at(-1);
    assert.ok(failed?.type === 'error');
    const item = provider.getTreeItem(failed);
    assert.equal(labelOf(item), REFUSED);
    assert.equal(item.command?.command, 'stockMedia.collections.retry');
    const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip);
    assert.doesNotMatch(tooltip, /fetch failed|TypeError/);
    assert.deepEqual(shown, [], 'no notification');
    server().setSwitches({ refuseConnections: false });
    server().clearLog();
    await vscode.commands.executeCommand('stockMedia.collections.retry', failed as ErrorNode);
    const recovered = await provider.getChildren(collection);
    assert.equal(media(recovered), 160);
    assert.equal(server().apiRequestCount(), 1);
    assert.equal(server().log[0]?.query['page'], '2');
  });

  it('eight searches in a row: the grid ends on the last, one request at most per query, no message', async () => {
    server().setSwitches({ delayMs: 300 });
    const queries = ['sea', 'sea w', 'sea wa', 'sea wav', 'sea wave', 'forest', 'forest path', 'morning light'];
    const results = await Promise.all(queries.map((query) => vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query })));
    assert.ok(results.every((r) => r.shown), 'each is a search, none refused');
    await vscode.commands.executeCommand(GRID, { op: 'settle' });
    const state = await openGridState();
    assert.deepEqual(state.session.spec?.mode === 'photos' && state.session.spec.query, 'morning light');
    assert.equal(state.session.status, 'loaded');
    assert.equal(state.title, 'Photos: morning light');
    const log = searches();
    assert.ok(log.length <= queries.length, `${log.length} requests`);
    const perQuery = new Map<string, number>();
    for (const e of log) perQuery.set(e.query['query'] ?? '', (perQuery.get(e.query['query'] ?? '') ?? 0) + 1);
    assert.ok([...perQuery.values()].every((n) => n === 1), JSON.stringify([...perQuery]));
    const last = results.at(-1);
    assert.ok(last?.shown && last.status === 'loaded');
    const seen = await toldWhen((s) => s.status === 'loaded' && s.spec?.mode === 'photos' && s.spec.query === 'morning light', 'the last search');
    assert.deepEqual(seen.toolbarSpec, seen.spec, 'the toolbar shows the last');
    assert.deepEqual([seen.failure, seen.moreFailure], [null, null], 'no message over the results');
    assert.deepEqual(shown, [], 'no error for the stopped ones');
  });

  it('searches typed in the grid in a row, and filter changes: the same', async () => {
    await vscode.commands.executeCommand('stockMedia.search', { query: 'forest' });
    server().clearLog();
    server().setSwitches({ delayMs: 250 });
    const specs = [
      { mode: 'photos', query: 'forest', orientation: 'landscape' },
      { mode: 'photos', query: 'forest', orientation: 'portrait' },
      { mode: 'photos', query: 'forest', orientation: 'portrait', size: 'large' },
      { mode: 'photos', query: 'fores' },
      { mode: 'photos', query: 'forest', color: 'green' },
    ];
    await Promise.all(specs.map((spec) => vscode.commands.executeCommand(GRID, { op: 'receive', message: { type: 'search', spec } })));
    await vscode.commands.executeCommand(GRID, { op: 'settle' });
    const state: GridPanelState = await openGridState();
    assert.deepEqual(state.session.spec, specs.at(-1));
    assert.equal(state.session.status, 'loaded');
    assert.ok(searches().length <= specs.length);
    assert.equal(searches().at(-1)?.query['color'], 'green');
    await toldWhen((s) => s.status === 'loaded' && s.spec?.mode === 'photos' && s.spec.color === 'green', 'the last filter');
    assert.deepEqual(shown, []);
  });

  it('the same search asked for twice by the grid before its answer (a typing pause, then Enter, on a busy machine): one request', async () => {
    await vscode.commands.executeCommand('stockMedia.search', { query: 'forest' });
    server().clearLog();
    server().setSwitches({ delayMs: 250 });
    const spec = { mode: 'photos', query: 'city' };
    const ask = (): Thenable<unknown> => vscode.commands.executeCommand(GRID, { op: 'receive', message: { type: 'search', spec } });
    const first = ask();
    // The second once the first has reached the library, as the webview's would on a busy machine.
    await waitFor(() => searches().length === 1, 'the first request at the library');
    await Promise.all([first, ask()]);
    await vscode.commands.executeCommand(GRID, { op: 'settle' });
    const state: GridPanelState = await openGridState();
    assert.deepEqual(state.session.spec, spec);
    assert.equal(state.session.status, 'loaded');
    assert.deepEqual(searches().map((e) => e.query['query']), ['city']);
  });

  it('"Load more…" pressed twice in the tree: one request for the page', async () => {
    const provider = await treeProvider();
    provider.refresh();
    const collection = await largeCollection(provider, server().library.largeFeaturedCollectionId);
    const first = await provider.getChildren(collection);
    const more = first.find((n): n is LoadMoreNode => n.type === 'loadMore');
    assert.ok(more);
    server().clearLog();
    server().setSwitches({ delayMs: 200 });
    await Promise.all([
      vscode.commands.executeCommand('stockMedia.collections.loadMore', more),
      vscode.commands.executeCommand('stockMedia.collections.loadMore', more),
    ]);
    assert.equal(server().apiRequestCount(), 1);
    assert.equal(server().log[0]?.query['page'], '2');
    const children = await provider.getChildren(collection);
    assert.equal(media(children), 160);
    assert.equal(new Set(children.map((n) => n.id)).size, children.length, 'no item twice');
  });
});
