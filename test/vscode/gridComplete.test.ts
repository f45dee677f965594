// The grid as complete as the tree, in a real VS Code (both hosts) against the local server:
// each tile's alt text (its title), a search that filters narrowed to nothing searched again
// without them (the webview's Reset Filters), and a collection opened in the grid from the
// Collections view, paged, with its type filter. What the webview draws of it (the titles, the
// Reset Filters button, the count): test/e2e/grid.e2e.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { defaultLocale } from '../../src/core/locale';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import type { GridPanelState, GridTold } from './hooks';
import type { CollectionNode, RootNode } from '../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../src/host/collections/collectionsProvider';
import { photoMatches } from '../server/search';
import { closeAllEditors, extensionApi, gridTold, useApiServer } from './support';

const TEST_COMMAND = 'stockMedia.test.grid';

const hookState = (op: string, extra: Record<string, unknown> = {}): Thenable<GridPanelState | undefined> =>
  vscode.commands.executeCommand<GridPanelState | undefined>(TEST_COMMAND, { op, ...extra });

/** What the webview was told, once `ready` holds of it. */
const shownWhen = (ready: (t: GridTold) => boolean, what: string): Promise<GridTold> => gridTold(what, ready);

describe('grid: tiles, empty results and collections (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  const locale = defaultLocale(vscode.env.language);


  after(async () => {
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
  });

  it('each tile is told its alt text (its title: grid.e2e)', async () => {
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    const shown = await shownWhen((s) => s.status === 'loaded' && s.items.length > 0, 'tiles');
    shown.items.forEach((item, i) => {
      const photo = server().library.photos.find((p) => `photo:${p.id}` === item.key);
      assert.equal(item.description, photo?.alt, `tile ${i}`);
    });
  });

  it('no results because of filters: Reset Filters clears them and searches again', async () => {
    const filters = { orientation: 'square' as const, size: 'large' as const, color: null };
    const matching = (query: string, f: typeof filters | null): number =>
      server().library.photos.filter((p) => photoMatches(p, { query, orientation: f?.orientation ?? null, size: f?.size ?? null, color: null })).length;
    const words = [...new Set(server().library.photos.flatMap((p) => p.alt.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 3))];
    const query = words.find((w) => matching(w, null) > 0 && matching(w, filters) === 0);
    assert.ok(query, 'a word whose photos are none of them large and square');

    await vscode.commands.executeCommand('stockMedia.search', { query, orientation: 'square', size: 'large' });
    const empty = await shownWhen((s) => s.status === 'loaded' && s.spec?.mode === 'photos' && s.spec.query === query, 'the empty search');
    assert.equal(empty.items.length, 0);
    assert.deepEqual(empty.toolbarSpec, { mode: 'photos', query, orientation: 'square', size: 'large', locale }, 'the toolbar shows the filters');

    // Reset Filters (offered for it, and only when filters are set: grid.e2e) sends the search without them.
    server().clearLog();
    await hookState('receive', { message: { type: 'search', spec: { mode: 'photos', query, locale } } });
    const reset = await shownWhen((s) => s.status === 'loaded' && s.items.length > 0, 'the search without filters');
    assert.deepEqual(reset.spec, { mode: 'photos', query, locale });
    assert.equal(reset.items.length, Math.min(80, matching(query, null)));
    assert.deepEqual(server().log.filter((e) => e.path === '/v1/search').map((e) => e.query.orientation ?? e.query.size ?? 'none'), ['none']);
  });

  it('a collection opens in the grid from the Collections view: its media, paged; its type filter is the service’s', async () => {
    const hook = await vscode.commands.executeCommand<{ provider: CollectionsProvider }>('stockMedia.collections.testHook');
    const [featured] = (await hook.provider.getChildren()) as RootNode[];
    assert.ok(featured);
    const id = server().library.largeFeaturedCollectionId;
    const node = (await hook.provider.getChildren(featured)).find((n): n is CollectionNode => n.type === 'collection' && n.collection.id === id);
    assert.ok(node, 'the large featured collection in the tree');
    const collection = server().library.collections.find((c) => c.id === id);
    assert.ok(collection);

    server().clearLog();
    const result = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.collections.openInGrid', node);
    assert.ok(result.shown);
    assert.deepEqual(result.spec, { mode: 'collection', id, title: collection.title });
    assert.equal(result.count, 80);
    assert.equal(result.totalResults, 170);
    const first = server().log.filter((e) => e.path.startsWith('/v1/collections/'));
    assert.deepEqual(first.map((e) => [e.path, e.query]), [[`/v1/collections/${id}`, { page: '1', per_page: '80' }]]);
    const state = await hookState('state');
    assert.equal(state?.title, `Collection: ${collection.title}`);
    // Shown as "Collection “…” · 170 results" (grid.e2e).
    const shown = await shownWhen((s) => s.status === 'loaded' && s.items.length === 80, 'the collection’s first page');
    assert.deepEqual([shown.spec, shown.totalResults], [result.spec, 170]);
    // Photos and videos both, in the service's order.
    const keys = state?.session.itemKeys ?? [];
    const expected = collection.media.slice(0, 80).map((m) => `${m.type === 'Photo' ? 'photo' : 'video'}:${m.id}`);
    assert.deepEqual(keys, expected);

    await hookState('loadMore');
    const more = await hookState('loadMore');
    assert.equal(more?.session.itemKeys.length, 170);
    await shownWhen((s) => s.items.length === 170 && s.totalResults === 170, 'all 170');

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
    server().clearLog();
    const videos = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.collections.openInGrid', node);
    assert.ok(videos.shown);
    assert.deepEqual(videos.spec, { mode: 'collection', id, type: 'videos', title });
    assert.equal(videos.totalResults, 40);
    assert.equal(server().log.find((e) => e.path === `/v1/collections/${id}`)?.query.type, 'videos');
    const videoState = await hookState('state');
    assert.ok(videoState?.session.itemKeys.every((k) => k.startsWith('video:')));
    assert.equal(videoState?.title, `Collection: ${title} (videos)`);
  }
});
