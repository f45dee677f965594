// The search grid in a real VS Code against the local server: each command opens the one
// grid with the right results (the server log shows what was asked), paging, the cache,
// bad input refused without a request, what the webview was told (how it draws it: test/e2e/grid.e2e.ts),
// hide and show, and insert into the editor that was active before the grid opened.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { defaultLocale } from '../../src/core/locale';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import type { GridPanelState, GridTold } from './hooks';
import { photoMatches, videoMatches } from '../server/search';
import type { RequestLogEntry } from '../server/server';
import { acceptSearchBox, closeAllEditors, cspAdmits, extensionApi, gridTold, storeKeyFor, useApiServer, waitFor } from './support';

const TEST_COMMAND = 'stockMedia.test.grid';

async function gridState(): Promise<GridPanelState | undefined> {
  return vscode.commands.executeCommand<GridPanelState | undefined>(TEST_COMMAND, { op: 'state' });
}

async function openGrid(): Promise<GridPanelState> {
  const state = await gridState();
  assert.ok(state?.open, 'the grid is open');
  return state;
}

/** What the webview was told, once it has the answer with the expected number of results. */
function webviewTold(itemCount: number): Promise<GridTold> {
  return gridTold(`the webview told ${itemCount} results`, (t) => t.status === 'loaded' && t.items.length === itemCount);
}

function isGridTab(tab: vscode.Tab): boolean {
  return tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('stockMedia.grid');
}

function gridTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter(isGridTab);
}

describe('search grid', function () {
  this.timeout(60_000);
  const server = useApiServer();
  const locale = defaultLocale(vscode.env.language);
  const requests = (filter?: (e: RequestLogEntry) => boolean): RequestLogEntry[] => server().log.filter((e) => e.path.startsWith('/v1') || e.path.startsWith('/videos')).filter(filter ?? (() => true));
  const photosFor = (query: string): number =>
    server().library.photos.filter((p) => photoMatches(p, { query, orientation: null, size: null, color: null })).length;


  after(async () => {
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
  });

  beforeEach(() => server().clearLog());

  it('Search Photos… with text selected starts with that text (without its Markdown): Enter searches for it', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'A walk by the **misty lake** today.\n' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 14, 0, 28);
    const result = await acceptSearchBox<GridCommandResult>('stockMedia.search');
    assert.ok(result.shown, JSON.stringify(result));
    assert.deepEqual(result.spec.mode === 'photos' ? result.spec.query : undefined, 'misty lake');
    assert.ok(requests().some((e) => e.query['query'] === 'misty lake'), 'the service was asked for the selected words');
  });

  it('Search Photos opens the grid with the first page of 80, in one request', async () => {
    const result = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'morning' });
    const total = photosFor('morning');
    assert.ok(total > 80);
    assert.deepEqual(result, { shown: true, spec: { mode: 'photos', query: 'morning', locale }, status: 'loaded', count: 80, totalResults: total });
    const log = requests();
    assert.equal(log.length, 1);
    assert.equal(log[0]?.path, '/v1/search');
    assert.deepEqual(log[0]?.query, { query: 'morning', locale, page: '1', per_page: '80' });
    const state = await openGrid();
    assert.equal(state.session.itemKeys.length, 80);
    assert.ok(cspAdmits(state.imgSources, server().origin), `img-src allows the server: ${state.imgSources.join(' ')}`);
    assert.equal(state.title, 'Photos: morning');
    assert.equal(gridTabs().length, 1);

    // The webview's count ("… results"), its toolbar and its tiles' credits (windowed, as text): grid.e2e.
    const shown = await webviewTold(80);
    assert.equal(shown.totalResults, total);
    assert.deepEqual(shown.spec, { mode: 'photos', query: 'morning', locale });
    assert.deepEqual(shown.toolbarSpec, shown.spec, 'the toolbar takes the command’s search');
    assert.deepEqual(shown.items.map((i) => i.credit), state.session.credits);
  });

  it('loads page 2 through next_page, then stops at the last page', async () => {
    const total = photosFor('morning');
    const state = await vscode.commands.executeCommand<GridPanelState>(TEST_COMMAND, { op: 'loadMore' });
    assert.equal(state.session.itemKeys.length, total);
    assert.equal(state.session.hasMore, false);
    assert.equal(requests().length, 1);
    assert.deepEqual(requests()[0]?.query, { page: '2', per_page: '80', query: 'morning', locale });
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'loadMore' });
    assert.equal(requests().length, 1, 'nothing past the last page');
    await webviewTold(total);
  });

  it('keeps what it shows when hidden and shown again, without a request', async () => {
    const total = photosFor('morning');
    const before = (await openGrid()).html;
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# Notes\n' });
    // Opened over the grid, in its own group: its group is locked (gridGroup.ts), so only a
    // document sent to that column explicitly goes there.
    const gridColumn = vscode.window.tabGroups.all.find((g) => g.tabs.some(isGridTab))?.viewColumn;
    assert.ok(gridColumn, 'the grid’s group');
    await vscode.window.showTextDocument(doc, { viewColumn: gridColumn });
    await waitFor(async () => (await gridState())?.visible === false, 'the grid to be hidden');
    assert.equal((await gridState())?.ready, false, 'a hidden webview is gone (no retainContextWhenHidden)');
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'reveal' });
    // The webview comes back from its saved state and says ready (it starts over: told nothing
    // yet); the host sends the whole session.
    await waitFor(async () => (await gridState())?.ready === true, 'the webview to be ready again', 20_000);
    const shown = await webviewTold(total);
    assert.deepEqual(shown.spec, { mode: 'photos', query: 'morning', locale });
    assert.equal(requests().length, 0);
    assert.equal((await openGrid()).html, before, 'the same HTML (its nonce too), reloaded by VS Code with its state');
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'reveal' });
  });

  it('repeats a search within the cache TTL without a request', async () => {
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    assert.equal(requests().length, 0);
    assert.equal((await openGrid()).session.itemKeys.length, 80);
  });

  it('a grid VS Code restores after a reload while a search has opened one closes: the search’s grid stays', async () => {
    const { container } = await extensionApi();
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    server().clearLog();
    const open = await openGrid();
    const searched = open.session.spec;
    // What VS Code hands the serializer: a panel of the grid's type with the state it saved (another search).
    // The workbench opens the panel's tab, then closes it: in the web worker host both are heard
    // of a moment after the panel is gone, so the test waits for the tab's closing itself.
    let tabClosed = false;
    const tabs = vscode.window.tabGroups.onDidChangeTabs((e) => (tabClosed ||= e.closed.some((t) => t.label === 'restored')));
    const restored = vscode.window.createWebviewPanel('stockMedia.grid', 'restored', { viewColumn: vscode.ViewColumn.Active, preserveFocus: true });
    let closed = false;
    restored.onDidDispose(() => (closed = true));
    container.grid.revive(restored, { spec: { mode: 'photos', query: 'restored old search', locale } });
    assert.ok(closed, 'the restored panel is closed');
    try {
      await waitFor(() => tabClosed && !gridTabs().some((t) => t.label === 'restored'), 'its tab to close');
    } finally {
      tabs.dispose();
    }
    const after = await openGrid();
    assert.deepEqual(after.session.spec, searched, 'the search’s grid is the open one');
    assert.equal(after.session.status, 'loaded');
    assert.equal(requests().length, 0, 'the old search is not run');
  });

  it('Search Videos sends its filters and shows videos', async () => {
    const result = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.searchVideos', { query: 'sea', orientation: 'landscape', size: 'medium' });
    assert.equal(result.shown, true);
    const log = requests();
    assert.equal(log.length, 1);
    assert.equal(log[0]?.path, '/videos/search');
    assert.deepEqual(log[0]?.query, { query: 'sea', orientation: 'landscape', size: 'medium', locale, page: '1', per_page: '80' });
    const expected = server().library.videos.filter((v) => videoMatches(v, { query: 'sea', orientation: 'landscape', size: 'medium' }));
    const state = await openGrid();
    assert.deepEqual(state.session.itemKeys, expected.slice(0, 80).map((v) => `video:${v.id}`));
    assert.equal(gridTabs().length, 1, 'the same panel is reused');
    const shown = await webviewTold(expected.length);
    // The toolbar takes it (formFromSpec: test/unit/gridForm.test.ts): Videos, Landscape.
    assert.deepEqual(shown.toolbarSpec, result.shown ? result.spec : undefined);
    assert.equal(shown.toolbarSpec?.mode === 'videos' && shown.toolbarSpec.orientation, 'landscape');
  });

  it('Browse Curated Photos and Browse Popular Videos (with its four filters)', async () => {
    const curated = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.showCurated');
    assert.equal(curated.shown && curated.totalResults, server().library.curatedPhotoIds.length);
    assert.equal(requests()[0]?.path, '/v1/curated');
    server().clearLog();
    const popular = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.showPopularVideos', {
      min_width: 1280,
      min_height: 720,
      min_duration: 5,
      max_duration: 60,
    });
    assert.equal(popular.shown, true);
    assert.equal(requests()[0]?.path, '/videos/popular');
    assert.deepEqual(requests()[0]?.query, { min_width: '1280', min_height: '720', min_duration: '5', max_duration: '60', page: '1', per_page: '80' });
    const shown = await webviewTold(popular.shown ? popular.count : -1);
    // The toolbar takes it: Popular, its four filters.
    assert.deepEqual(shown.toolbarSpec, { mode: 'popular', min_width: 1280, min_height: 720, min_duration: 5, max_duration: 60 });
  });

  it('opens one photo by id, and one video by its page URL', async () => {
    const photo = server().library.photos[5];
    const video = server().library.videos[2];
    assert.ok(photo && video);
    await vscode.commands.executeCommand('stockMedia.openMedia', { id: photo.id });
    assert.equal(requests()[0]?.path, `/v1/photos/${photo.id}`);
    assert.deepEqual((await openGrid()).session.itemKeys, [`photo:${photo.id}`]);
    // The tab is titled by what it shows (the photo's alt text), not by its number.
    await waitFor(() => gridTabs().map((t) => t.label).join() === `Photo: ${photo.alt}`, `the tab titled “Photo: ${photo.alt}” (now: ${gridTabs().map((t) => t.label).join()})`);
    server().clearLog();
    await vscode.commands.executeCommand('stockMedia.openMedia', `${server().origin}/video/${video.slug}-${video.id}/`);
    assert.equal(requests()[0]?.path, `/videos/videos/${video.id}`);
    assert.deepEqual((await openGrid()).session.itemKeys, [`video:${video.id}`]);
    const shown = await webviewTold(1);
    assert.deepEqual(shown.spec, { mode: 'single', kind: 'video', id: video.id });
  });

  it('refuses bad input with a message and no request', async () => {
    // The palette's searches are worded as the grid's toolbar words the same mistake.
    const cases: [string, unknown, string?][] = [
      ['stockMedia.search', { query: '   ' }, 'Type something to search for.'],
      ['stockMedia.search', { query: 'cat', color: '#12' }, '“#12” is not a colour: pick a swatch or type a hex code such as #1e90ff.'],
      ['stockMedia.search', { query: 'cat', orientation: 'diagonal' }, 'Not searched: orientation has a value the service does not know.'],
      ['stockMedia.showPopularVideos', { min_width: -5 }, 'Min width must be a whole number, 0 or more.'],
      ['stockMedia.showPopularVideos', { min_duration: 30, max_duration: 10 }, 'The maximum duration must not be shorter than the minimum duration.'],
      ['stockMedia.openMedia', { url: 'https://evil.example/photo/cat-1/' }],
      ['stockMedia.openMedia', 'not a link'],
    ];
    for (const [command, args, message] of cases) {
      const result = await vscode.commands.executeCommand<GridCommandResult>(command, args);
      assert.equal(result.shown, false, `${command} ${JSON.stringify(args)}`);
      assert.ok(!result.shown && result.reason === 'invalid' && result.message, 'a message says why');
      if (message !== undefined) assert.equal(result.message, message);
    }
    assert.equal(requests().length, 0);
  });

  it('runs searches the webview asks for, and ignores malformed messages', async () => {
    await vscode.commands.executeCommand(TEST_COMMAND, {
      op: 'receive',
      message: { type: 'search', spec: { mode: 'photos', query: 'cat', orientation: 'portrait', color: '#ff0000', locale: 'fr-FR' } },
    });
    assert.deepEqual(requests()[0]?.query, { query: 'cat', orientation: 'portrait', color: '#ff0000', locale: 'fr-FR', page: '1', per_page: '80' });
    server().clearLog();
    for (const message of [
      { type: 'search', spec: { mode: 'photos', query: 'cat', orientation: 'sideways' } },
      { type: 'fetch', url: `${server().baseUrl}/curated` },
      { type: 'action', action: 'insert', key: 'javascript:alert(1)' },
      'ready',
    ]) {
      await vscode.commands.executeCommand(TEST_COMMAND, { op: 'receive', message });
    }
    assert.equal(requests().length, 0);
  });

  it('remembers recent searches and clears them', async () => {
    const recent = await vscode.commands.executeCommand<{ query: string; kind: string }[]>(TEST_COMMAND, { op: 'recent' });
    // Most recent first, each once; refused and webview searches are not remembered.
    assert.deepEqual(recent, [
      { query: 'sea', kind: 'videos' },
      { query: 'morning', kind: 'photos' },
    ]);
    // Enter on a query in the grid's box: the webview asks for it to be remembered.
    for (const message of [
      { type: 'remember', kind: 'photos', query: '  cat  ' },
      { type: 'remember', kind: 'collections', query: 'forged' },
      { type: 'remember', kind: 'videos', query: '   ' },
    ]) {
      await vscode.commands.executeCommand(TEST_COMMAND, { op: 'receive', message });
    }
    assert.deepEqual(await vscode.commands.executeCommand(TEST_COMMAND, { op: 'recent' }), [
      { query: 'cat', kind: 'photos' },
      { query: 'sea', kind: 'videos' },
      { query: 'morning', kind: 'photos' },
    ]);
    const cleared = await vscode.commands.executeCommand<number>('stockMedia.clearRecentSearches');
    assert.ok(cleared >= 3);
    assert.deepEqual(await vscode.commands.executeCommand(TEST_COMMAND, { op: 'recent' }), []);
  });

  it('shows an empty result, and a used-up quota with its reset time and no retry storm', async () => {
    await vscode.commands.executeCommand('stockMedia.search', { query: 'zzzzqqq' });
    // What the webview says for them ("Nothing found for …", the quota's title): grid.e2e.
    const empty = await gridTold('the empty result', (t) => t.status === 'loaded' && t.spec?.mode === 'photos' && t.spec.query === 'zzzzqqq');
    assert.deepEqual([empty.items.length, empty.failure], [0, null]);

    server().setQuota(server().keys.alice, { monthlyLimit: 20_000, monthlyRemaining: 0 });
    server().clearLog();
    await vscode.commands.executeCommand('stockMedia.search', { query: 'quota test' });
    const failed = await gridTold('the quota state', (t) => t.status === 'failed');
    assert.equal(failed.failure?.kind, 'rateLimited');
    assert.match(failed.failure?.message ?? '', /resets/, 'says when it resets');
    assert.equal(requests().length, 1, 'one refused request, not retried');
    assert.equal((await openGrid()).session.failure?.kind, 'rateLimited');
    server().resetQuotas();
  });

  it('a new key shows the current search again, from the new key', async () => {
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    server().clearLog();
    await storeKeyFor(server(), server().keys.bob);
    await waitFor(() => requests().length > 0, 'a request with the new key', 10_000);
    assert.equal(requests()[0]?.key, server().keys.bob);
    assert.equal(requests()[0]?.query['query'], 'morning');
    await waitFor(async () => (await gridState())?.session.status === 'loaded', 'the search loaded again');
    await storeKeyFor(server(), server().keys.alice);
    await waitFor(async () => (await gridState())?.session.status === 'loaded' && requests().length > 1, 'back to the first key');
  });

  it('inserts into the editor that was active before the grid opened', async () => {
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: '' });
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    const state = await openGrid();
    assert.equal(state.targetUri, doc.uri.toString());
    assert.equal(vscode.window.activeTextEditor, undefined, 'the grid has the focus');
    const key = state.session.itemKeys[0];
    assert.ok(key);
    const credit = state.session.credits[0] ?? '';
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'receive', message: { type: 'action', action: 'insert', key } });
    await waitFor(() => doc.getText().includes(credit), `the credit "${credit}" in the document`, 10_000);
    assert.match(doc.getText(), new RegExp(`${server().origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/media/photos/${key.split(':')[1]}/`));
  });

  it('with no document open, the grid’s group is locked: the next document opens beside it, and the group is unlocked when the grid closes', async () => {
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    await openGrid();
    await waitFor(() => vscode.window.tabGroups.activeTabGroup.tabs.some(isGridTab), 'the grid’s tab in the active group');
    assert.equal(vscode.window.tabGroups.all.length, 1, 'the grid in the only editor group');
    const describe = (): string => JSON.stringify(vscode.window.tabGroups.all.map((g) => ({ column: g.viewColumn, tabs: g.tabs.map((t) => t.label) })));
    const isDoc = (doc: vscode.TextDocument) => (tab: vscode.Tab | undefined): boolean => tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === doc.uri.toString();

    // As Quick Open and the Explorer open a document: in the active group, the grid's.
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# Notes\n' });
    const editor = await vscode.window.showTextDocument(doc);
    const groups = await waitFor(() => {
      const all = [...vscode.window.tabGroups.all].sort((a, b) => a.viewColumn - b.viewColumn);
      return all.length === 2 ? all : undefined;
    }, 'a second group', 10_000).catch((error: unknown) => {
      throw new Error(`${String(error)}: ${describe()}`);
    });
    const [gridGroup, docGroup] = groups;
    assert.deepEqual(gridGroup?.tabs.map(isGridTab), [true], `the grid alone in its group: ${describe()}`);
    assert.ok(docGroup?.tabs.some(isDoc(doc)) && docGroup.isActive, `the document beside it, with the focus: ${describe()}`);
    assert.equal(editor.viewColumn, docGroup.viewColumn);
    await waitFor(async () => (await gridState())?.visible, 'the grid to stay visible');

    // A second document from the grid's group goes beside it too.
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'reveal' });
    await waitFor(() => vscode.window.tabGroups.activeTabGroup === gridGroup, 'the grid’s group active');
    const second = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# More\n' });
    await vscode.window.showTextDocument(second);
    await waitFor(() => vscode.window.tabGroups.all.find((g) => g.tabs.some(isDoc(second))) === docGroup, `the second document beside the grid too: ${describe()}`);
    assert.deepEqual(gridGroup.tabs.map(isGridTab), [true]);

    // Closed with its group left empty, the grid leaves it unlocked: the next document opens there.
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    await openGrid();
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await waitFor(() => vscode.window.tabGroups.all.every((g) => g.tabs.length === 0), 'the editor area empty');
    const third = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# Last\n' });
    await vscode.window.showTextDocument(third);
    await waitFor(() => vscode.window.tabGroups.all.some((g) => g.tabs.some(isDoc(third))), 'the third document open');
    assert.equal(vscode.window.tabGroups.all.length, 1, `in the one group, not beside an empty locked one: ${describe()}`);
    await closeAllEditors();
  });

  it('opened beside a document, the grid’s group is locked too: a file opened while the grid has the focus goes to the document’s group, and the next search shows the grid beside it, the file still in view', async () => {
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
    const describe = (): string => JSON.stringify(vscode.window.tabGroups.all.map((g) => ({ column: g.viewColumn, active: g.isActive, tabs: g.tabs.map((t) => t.label) })));
    const isDoc = (doc: vscode.TextDocument) => (tab: vscode.Tab | undefined): boolean => tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === doc.uri.toString();
    const page = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# Page\n' });
    await vscode.window.showTextDocument(page);
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    await openGrid();
    const [docGroup, gridGroup] = await waitFor(() => {
      const all = [...vscode.window.tabGroups.all].sort((a, b) => a.viewColumn - b.viewColumn);
      return all.length === 2 && all[1]?.tabs.some(isGridTab) ? all : undefined;
    }, 'the grid beside the page').catch((error: unknown) => {
      throw new Error(`${String(error)}: ${describe()}`);
    });
    assert.ok(docGroup?.tabs.some(isDoc(page)), describe());

    // As Quick Open and the Explorer open a file: in the active group, which is the grid's.
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'reveal' });
    await waitFor(() => vscode.window.tabGroups.activeTabGroup === gridGroup, 'the grid’s group active');
    const file = await vscode.workspace.openTextDocument({ language: 'markdown', content: '# Other file\n' });
    await vscode.window.showTextDocument(file);
    await waitFor(() => vscode.window.tabGroups.all.find((g) => g.tabs.some(isDoc(file))) === docGroup, `the file in the page’s group: ${describe()}`);
    assert.deepEqual(gridGroup?.tabs.map(isGridTab), [true], `the grid alone in its group: ${describe()}`);

    // A second search from that file: the grid comes forward in its own group, the file stays in view.
    await vscode.commands.executeCommand('stockMedia.search', { query: 'sea' });
    await waitFor(() => vscode.window.tabGroups.activeTabGroup === gridGroup, `the grid forward: ${describe()}`);
    assert.ok(isDoc(file)(docGroup?.activeTab), `the file still shown beside the grid: ${describe()}`);
    assert.equal(vscode.window.tabGroups.all.length, 2, describe());
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
  });

  it('opened from the walkthrough (the Welcome page active, no text editor), the grid goes beside it, locked: the walkthrough’s new file opens beside the grid, not over it', async () => {
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
    const describe = (): string => JSON.stringify(vscode.window.tabGroups.all.map((g) => ({ column: g.viewColumn, active: g.isActive, tabs: g.tabs.map((t) => t.label) })));
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', 'stockmedia.stock-media#stockMedia.start', false);
    await waitFor(() => vscode.window.tabGroups.activeTabGroup.tabs.length === 1, `the Welcome page open: ${describe()}`, 20_000);
    assert.equal(vscode.window.activeTextEditor, undefined, 'no text editor active');
    const welcome = vscode.window.tabGroups.activeTabGroup;

    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    await openGrid();
    const gridGroup = await waitFor(() => vscode.window.tabGroups.all.find((g) => g.tabs.some(isGridTab)), 'the grid’s tab');
    assert.notEqual(gridGroup, welcome, `the grid beside the Welcome page, not in its group: ${describe()}`);
    assert.deepEqual(gridGroup.tabs.map(isGridTab), [true], `the grid alone in its group: ${describe()}`);
    await waitFor(() => vscode.window.tabGroups.activeTabGroup === gridGroup, `the grid’s group active: ${describe()}`);

    // The walkthrough's "Open a New Markdown File" opens in the active group, the grid's: locked, it goes beside.
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: '' });
    await vscode.window.showTextDocument(doc);
    const docGroup = await waitFor(() => vscode.window.tabGroups.all.find((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === doc.uri.toString())), 'the new file open');
    assert.notEqual(docGroup, gridGroup, `the new file not in the grid’s group: ${describe()}`);
    assert.deepEqual(gridGroup.tabs.map(isGridTab), [true], `the grid still alone in its group: ${describe()}`);
    await waitFor(async () => (await gridState())?.visible, 'the grid still in view');
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
  });
});

