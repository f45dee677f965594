// The grid as complete as the tree, in a real VS Code (both hosts) against the local server:
// each tile's alt text as its title, Reset Filters when filters narrowed a search to nothing,
// and a collection opened in the grid from the Collections view, paged, with its type filter.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { defaultLocale } from '../../src/core/locale';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import type { GridPanelState } from './hooks';
import type { CollectionNode, RootNode } from '../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../src/host/collections/collectionsProvider';
import type { GridSnapshot } from '../../src/shared/protocol';
import { photoMatches } from '../server/search';
import type { ApiServer } from '../server/server';
import { closeAllEditors, extensionApi, stopLocalServer, useLocalServer, waitFor } from './support';

const TEST_COMMAND = 'stockMedia.test.grid';

const hookState = (op: string, extra: Record<string, unknown> = {}): Thenable<GridPanelState | undefined> =>
  vscode.commands.executeCommand<GridPanelState | undefined>(TEST_COMMAND, { op, ...extra });

/** The webview's own view, once `ready` says it shows what is expected. */
function shownWhen(ready: (s: GridSnapshot) => boolean, what: string): Promise<GridSnapshot> {
  return waitFor(async () => {
    const s = await vscode.commands.executeCommand<GridSnapshot | undefined>(TEST_COMMAND, { op: 'snapshot' });
    return s && ready(s) ? s : undefined;
  }, what, 15_000);
}

describe('grid: tiles, empty results and collections (real VS Code)', function () {
  this.timeout(60_000);
  let server: ApiServer;
  const locale = defaultLocale(vscode.env.language);

  before(async () => {
    server = await useLocalServer('alice');
  });

  after(async () => {
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
    await stopLocalServer(server);
  });

  it('each tile’s title is its alt text', async () => {
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    const shown = await shownWhen((s) => s.status === 'loaded' && s.renderedTitles.length > 0, 'tiles');
    const state = await hookState('state');
    assert.ok(state);
    shown.renderedTitles.forEach((title, i) => {
      const id = Number(state.session.itemKeys[i]?.split(':')[1]);
      const photo = server.library.photos.find((p) => p.id === id);
      assert.equal(title, photo?.alt, `tile ${i}`);
    });
  });

  it('no results because of filters: Reset Filters clears them and searches again', async () => {
    const filters = { orientation: 'square' as const, size: 'large' as const, color: null };
    const matching = (query: string, f: typeof filters | null): number =>
      server.library.photos.filter((p) => photoMatches(p, { query, orientation: f?.orientation ?? null, size: f?.size ?? null, color: null })).length;
    const words = [...new Set(server.library.photos.flatMap((p) => p.alt.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 3))];
    const query = words.find((w) => matching(w, null) > 0 && matching(w, filters) === 0);
    assert.ok(query, 'a word whose photos are none of them large and square');

    await vscode.commands.executeCommand('stockMedia.search', { query, orientation: 'square', size: 'large' });
    const empty = await shownWhen((s) => s.status === 'loaded' && s.spec?.mode === 'photos' && s.spec.query === query, 'the empty search');
    assert.equal(empty.itemCount, 0);
    assert.ok(empty.messageText.startsWith(`Nothing found for “${query}”.`), empty.messageText);
    assert.deepEqual(empty.messageActions, ['Reset Filters']);

    server.clearLog();
    await hookState('press', { action: 'resetFilters' });
    const reset = await shownWhen((s) => s.status === 'loaded' && s.itemCount > 0, 'the search without filters');
    assert.deepEqual(reset.spec, { mode: 'photos', query, locale });
    assert.equal(reset.form.orientation, '');
    assert.equal(reset.form.size, '');
    assert.equal(reset.form.query, query);
    assert.equal(reset.itemCount, Math.min(80, matching(query, null)));
    assert.deepEqual(server.log.filter((e) => e.path === '/v1/search').map((e) => e.query.orientation ?? e.query.size ?? 'none'), ['none']);

    // Nothing found without any filter: no button that would do nothing.
    await vscode.commands.executeCommand('stockMedia.search', { query: 'qqqzzzxxx' });
    const none = await shownWhen((s) => s.status === 'loaded' && s.spec?.mode === 'photos' && s.spec.query === 'qqqzzzxxx', 'the search for nothing');
    assert.deepEqual(none.messageActions, []);
  });

  it('a collection opens in the grid from the Collections view: its media, paged; its type filter is the service’s', async () => {
    const hook = await vscode.commands.executeCommand<{ provider: CollectionsProvider }>('stockMedia.collections.testHook');
    const [featured] = (await hook.provider.getChildren()) as RootNode[];
    assert.ok(featured);
    const id = server.library.largeFeaturedCollectionId;
    const node = (await hook.provider.getChildren(featured)).find((n): n is CollectionNode => n.type === 'collection' && n.collection.id === id);
    assert.ok(node, 'the large featured collection in the tree');
    const collection = server.library.collections.find((c) => c.id === id);
    assert.ok(collection);

    server.clearLog();
    const result = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.collections.openInGrid', node);
    assert.ok(result.shown);
    assert.deepEqual(result.spec, { mode: 'collection', id, title: collection.title });
    assert.equal(result.count, 80);
    assert.equal(result.totalResults, 170);
    const first = server.log.filter((e) => e.path.startsWith('/v1/collections/'));
    assert.deepEqual(first.map((e) => [e.path, e.query]), [[`/v1/collections/${id}`, { page: '1', per_page: '80' }]]);
    const state = await hookState('state');
    assert.equal(state?.title, `Collection: ${collection.title}`);
    const shown = await shownWhen((s) => s.status === 'loaded' && s.itemCount === 80, 'the collection’s first page');
    assert.ok(shown.totalText.startsWith(`Collection “${collection.title}” · 170 results`), shown.totalText);
    // Photos and videos both, in the service's order.
    const keys = state?.session.itemKeys ?? [];
    const expected = collection.media.slice(0, 80).map((m) => `${m.type === 'Photo' ? 'photo' : 'video'}:${m.id}`);
    assert.deepEqual(keys, expected);

    await hookState('loadMore');
    const more = await hookState('loadMore');
    assert.equal(more?.session.itemKeys.length, 170);
    await shownWhen((s) => s.itemCount === 170 && s.totalText.includes('170'), 'all 170');

    // The tree's type filter for the collection goes to the service as `type`.
    await vscode.commands.executeCommand('stockMedia.collections.filter', node, 'videos');
    try {
      await checkVideosOnly(node, id, collection.title);
    } finally {
      await vscode.commands.executeCommand('stockMedia.collections.filter', node, 'all');
    }
  });

  async function checkVideosOnly(node: CollectionNode, id: string, title: string): Promise<void> {
    // Asked of the service, not answered from the cache an earlier suite filled.
    (await extensionApi()).client.clearCache();
    server.clearLog();
    const videos = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.collections.openInGrid', node);
    assert.ok(videos.shown);
    assert.deepEqual(videos.spec, { mode: 'collection', id, type: 'videos', title });
    assert.equal(videos.totalResults, 40);
    assert.equal(server.log.find((e) => e.path === `/v1/collections/${id}`)?.query.type, 'videos');
    const videoState = await hookState('state');
    assert.ok(videoState?.session.itemKeys.every((k) => k.startsWith('video:')));
    assert.equal(videoState?.title, `Collection: ${title} (videos)`);
  }
});
