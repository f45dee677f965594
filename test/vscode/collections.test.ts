// The collections tree in a real VS Code against the local server: what it lists, paging,
// the type filter, the cache, errors and retry, refresh, and a new key.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { inertMarkdown } from '../../src/core/inert';
import { mediaSizeText } from '../../src/core/mediaText';
import type { CollectionsNode, CollectionNode, ErrorNode, FolderNode, LoadMoreNode, MediaNode, RootNode } from '../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../src/host/collections/collectionsProvider';
import { MEDIA_MIME } from '../../src/shared/dnd';
import type { LibraryCollection, UserName } from '../server/library';
import type { ApiServer, RequestLogEntry } from '../server/server';
import { startApiServer } from '../server/server';
import { asNew, extensionApi, stopLocalServer, storeKeyFor, useLocalServer, waitFor } from './support';

interface Hook {
  provider: CollectionsProvider;
  treeView: vscode.TreeView<CollectionsNode>;
  dragAndDropController: vscode.TreeDragAndDropController<CollectionsNode>;
}

async function hook(): Promise<Hook> {
  const value = await vscode.commands.executeCommand<Hook | undefined>('stockMedia.collections.testHook');
  assert.ok(value, 'the test hook is registered in test mode');
  return value;
}

function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

function iconOf(item: vscode.TreeItem): string | undefined {
  return item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined;
}

function tooltipOf(item: vscode.TreeItem): string {
  return item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip ?? '');
}

function counts(c: LibraryCollection): { photos: number; videos: number } {
  return {
    photos: c.media.filter((m) => m.type === 'Photo').length,
    videos: c.media.filter((m) => m.type === 'Video').length,
  };
}

function expectedDescription(c: LibraryCollection): string {
  const { photos, videos } = counts(c);
  const parts: string[] = [];
  if (photos > 0) parts.push(`${photos.toLocaleString(vscode.env.language)} ${photos === 1 ? 'photo' : 'photos'}`);
  if (videos > 0) parts.push(`${videos.toLocaleString(vscode.env.language)} ${videos === 1 ? 'video' : 'videos'}`);
  return parts.length > 0 ? parts.join(' · ') : 'Empty';
}

/** Requests for one collection's media (not the lists of collections). */
function mediaRequests(id: string): (e: RequestLogEntry) => boolean {
  return (e) => e.path.replace(/\/$/, '') === `/v1/collections/${id}`;
}

/** Waits until no key or base URL change has been announced for a moment. */
async function settled(): Promise<void> {
  const api = await extensionApi();
  let last = Date.now();
  const sub = api.services.onDidChangeConnection(() => (last = Date.now()));
  try {
    await waitFor(() => Date.now() - last > 500, 'the connection to settle');
  } finally {
    sub.dispose();
  }
}

async function roots(provider: CollectionsProvider): Promise<{ featured: RootNode; mine: RootNode }> {
  const top = await provider.getChildren();
  // Then Recent and Starred (mediaLists.test.ts).
  assert.deepEqual(top.map((n) => n.id), ['featured', 'mine', 'recent', 'starred']);
  const [featured, mine] = top;
  assert.ok(featured?.type === 'root' && mine?.type === 'root');
  return { featured, mine };
}

async function collectionsOf(provider: CollectionsProvider, root: RootNode): Promise<CollectionNode[]> {
  const children = await provider.getChildren(root);
  return children.filter((n): n is CollectionNode => n.type === 'collection');
}

/** Expands a parent and presses "Load more…" until it is gone; returns every child. */
async function loadAll(provider: CollectionsProvider, parent: CollectionsNode, maxPages = 10): Promise<CollectionsNode[]> {
  let children = await provider.getChildren(parent);
  for (let i = 0; i < maxPages; i++) {
    const more = children.find((n): n is LoadMoreNode => n.type === 'loadMore');
    if (!more) return children;
    await vscode.commands.executeCommand('stockMedia.collections.loadMore', more);
    children = await provider.getChildren(parent);
  }
  throw new Error(`Still more after ${maxPages} pages`);
}

/** A grouped collection's folders and the media in them, in order. */
async function foldersOf(provider: CollectionsProvider, node: CollectionNode): Promise<{ folders: FolderNode[]; media: MediaNode[] }> {
  const folders = (await provider.getChildren(node)).filter((n): n is FolderNode => n.type === 'folder');
  const media: MediaNode[] = [];
  for (const folder of folders) media.push(...(await provider.getChildren(folder)).filter((n): n is MediaNode => n.type === 'media'));
  return { folders, media };
}

async function findCollection(provider: CollectionsProvider, root: RootNode, id: string): Promise<CollectionNode> {
  const node = (await collectionsOf(provider, root)).find((n) => n.collection.id === id);
  assert.ok(node, `collection ${id} is listed`);
  return node;
}

function featuredOf(server: ApiServer): LibraryCollection[] {
  return server.library.featuredCollectionIds.map((id) => {
    const c = server.library.collectionById.get(id);
    assert.ok(c);
    return c;
  });
}

function ownedBy(server: ApiServer, user: UserName): LibraryCollection[] {
  return server.library.collections.filter((c) => c.owner === user);
}

describe('collections tree', function () {
  this.timeout(60_000);
  let server: ApiServer;
  let provider: CollectionsProvider;

  async function start(user: UserName | null): Promise<void> {
    server = await useLocalServer(user);
    await settled();
    ({ provider } = await hook());
    provider.refresh();
    server.clearLog();
  }

  afterEach(async () => {
    await stopLocalServer(server);
  });

  it('with no key shows nothing, so the welcome with "Set API Key" appears', async () => {
    await start(null);
    assert.deepEqual(await provider.getChildren(), []);
    assert.equal(server.apiRequestCount(), 0);
  });

  it('lists exactly the server’s featured and own collections, fetching only on expand', async () => {
    await start('alice');
    const { featured, mine } = await roots(provider);
    assert.equal(labelOf(provider.getTreeItem(featured)), 'Featured');
    assert.equal(labelOf(provider.getTreeItem(mine)), 'My Collections');
    assert.equal(provider.getTreeItem(featured).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    assert.equal(server.apiRequestCount(), 0, 'nothing is fetched before a node is expanded');

    const featuredNodes = await collectionsOf(provider, featured);
    const expected = featuredOf(server);
    assert.deepEqual(
      featuredNodes.map((n) => labelOf(provider.getTreeItem(n))),
      expected.map((c) => c.title),
    );
    for (const [i, node] of featuredNodes.entries()) {
      const c = expected[i];
      assert.ok(c);
      const item = provider.getTreeItem(node);
      assert.equal(item.description, expectedDescription(c), c.title);
      assert.equal(item.contextValue, 'collection');
      assert.equal(iconOf(item), 'library');
      assert.equal(node.collection.media_count, c.media.length);
      if (c.description) assert.ok(tooltipOf(item).length > c.title.length, 'the tooltip carries the description');
    }
    assert.equal(server.apiRequestCount(), 1, 'one request for the featured list');
    assert.ok(server.log.every((e) => e.query['per_page'] === '80'), 'the largest page size');

    const mineNodes = await collectionsOf(provider, mine);
    const own = ownedBy(server, 'alice');
    assert.deepEqual(
      mineNodes.map((n) => [labelOf(provider.getTreeItem(n)), provider.getTreeItem(n).description, iconOf(provider.getTreeItem(n))]),
      own.map((c) => [c.title, expectedDescription(c), c.private ? 'lock' : 'library']),
    );
    assert.ok(own.some((c) => c.private), 'the library has private collections to show');
    // The roots say how many they hold once they know.
    assert.equal(provider.getTreeItem(featured).description, String(expected.length));
  });

  it('shows private collections only to their owner, and never another user’s', async () => {
    await start('bob');
    const { mine, featured } = await roots(provider);
    const titles = (await collectionsOf(provider, mine)).map((n) => n.collection.title);
    assert.deepEqual(titles, ownedBy(server, 'bob').map((c) => c.title));
    const others = server.library.collections.filter((c) => c.owner !== null && c.owner !== 'bob').map((c) => c.title);
    const everything = [...titles, ...(await collectionsOf(provider, featured)).map((n) => n.collection.title)];
    for (const title of others) assert.ok(!everything.includes(title), `${title} is not shown to bob`);
    const alicePrivate = ownedBy(server, 'alice').filter((c) => c.private);
    assert.ok(alicePrivate.length > 0);
    for (const c of alicePrivate) assert.ok(!everything.includes(c.title));
  });

  it('pages through a large collection to its end with "Load more…", 80 at a time', async () => {
    await start('alice');
    const { featured } = await roots(provider);
    const id = server.library.largeFeaturedCollectionId;
    const node = await findCollection(provider, featured, id);
    const first = await provider.getChildren(node);
    assert.equal(first.filter((n) => n.type === 'media').length, 80);
    const more = first.at(-1);
    assert.ok(more?.type === 'loadMore');
    const moreItem = provider.getTreeItem(more);
    assert.equal(labelOf(moreItem), 'Load more…');
    assert.equal(moreItem.command?.command, 'stockMedia.collections.loadMore');
    assert.equal(moreItem.command?.arguments?.[0], more);

    const all = await loadAll(provider, node);
    const media = all.filter((n): n is MediaNode => n.type === 'media');
    const library = server.library.collectionById.get(id);
    assert.ok(library);
    assert.equal(media.length, node.collection.media_count);
    assert.equal(media.length, library.media.length);
    assert.ok(!all.some((n) => n.type === 'loadMore'), 'no "Load more…" after the last page');
    assert.deepEqual(
      media.map((m) => (m.media.kind === 'photo' ? `Photo:${m.media.photo.id}` : `Video:${m.media.video.id}`)),
      library.media.map((r) => `${r.type}:${r.id}`),
    );
    assert.equal(server.apiRequestCount(mediaRequests(id)), Math.ceil(library.media.length / 80));
  });

  it('"Load more…" appends: the items shown stay the same nodes, only that collection is refreshed, and a new page\'s node acts with its whole media', async function () {
    await start('alice');
    const { featured } = await roots(provider);
    const id = server.library.largeFeaturedCollectionId;
    const node = await findCollection(provider, featured, id);
    const first = await provider.getChildren(node);
    const shown = first.filter((n): n is MediaNode => n.type === 'media');
    const labels = shown.map((n) => labelOf(provider.getTreeItem(n)));
    const more = first.find((n): n is LoadMoreNode => n.type === 'loadMore');
    assert.ok(more);
    const fired: (CollectionsNode | undefined)[] = [];
    const sub = provider.onDidChangeTreeData((e) => fired.push(...(Array.isArray(e) ? e : [e])));
    try {
      await vscode.commands.executeCommand('stockMedia.collections.loadMore', more);
    } finally {
      sub.dispose();
    }
    const after = (await provider.getChildren(node)).filter((n): n is MediaNode => n.type === 'media');
    assert.equal(after.length, shown.length + 80);
    shown.forEach((n, i) => {
      assert.equal(after[i], n, `item ${i} is the same node`);
      assert.equal(labelOf(provider.getTreeItem(n)), labels[i], `item ${i} keeps its label`);
    });
    // "Loading…" on the Load more… node (when the page is slow), then the collection: never the whole tree.
    assert.ok(fired.includes(node), 'the collection is refreshed');
    assert.deepEqual(fired.filter((e) => e !== node && e !== more), [], 'nothing else is refreshed');

    // A node of the page just loaded gives the commands the whole media.
    const added = after.slice(shown.length).find((n) => n.media.kind === 'photo');
    assert.ok(added?.media.kind === 'photo');
    const photo = server.library.photoById.get(added.media.photo.id);
    assert.ok(photo);
    assert.deepEqual([added.media.photo.width, added.media.photo.height, added.media.photo.photographer], [photo.width, photo.height, photo.photographer.name]);
    assert.ok(added.media.photo.src.original.includes(String(photo.id)), added.media.photo.src.original);
    const commands = await vscode.commands.getCommands(true);
    if (!commands.includes('stockMedia.copyCredit')) this.skip();
    const credit = await vscode.commands.executeCommand<string | undefined>('stockMedia.copyCredit', added);
    assert.ok(credit?.includes(photo.photographer.name), credit);
  });

  it('a slow "Load more…" says "Loading…" while its page comes, then shows the page', async () => {
    await start('alice');
    const { featured } = await roots(provider);
    const node = await findCollection(provider, featured, server.library.largeFeaturedCollectionId);
    const more = (await provider.getChildren(node)).find((n): n is LoadMoreNode => n.type === 'loadMore');
    assert.ok(more);
    assert.equal(labelOf(provider.getTreeItem(more)), 'Load more…');
    const fired: (CollectionsNode | undefined)[] = [];
    const sub = provider.onDidChangeTreeData((e) => fired.push(...(Array.isArray(e) ? e : [e])));
    server.setSwitches({ delayMs: 3000 });
    try {
      const loading = vscode.commands.executeCommand('stockMedia.collections.loadMore', more);
      await waitFor(() => fired.includes(more), 'the "Load more…" row to be refreshed');
      assert.equal(labelOf(provider.getTreeItem(more)), 'Loading…');
      assert.equal(provider.getTreeItem(more).command, undefined, 'not pressed twice');
      assert.deepEqual(fired, [more], 'the page has not come yet');
      await loading;
    } finally {
      sub.dispose();
      server.resetSwitches();
    }
    assert.deepEqual(fired, [more, node], 'then the collection, with the page');
    assert.equal((await provider.getChildren(node)).filter((n) => n.type === 'media').length, 160);
  });

  it('a collection of more than 240 media shows them in folders of three pages; "Load more…" refreshes the open folder, the collection only when it starts a folder', async () => {
    server = await startApiServer({ photoCount: 800, largeCollection: 600 });
    await asNew(server, 'alice');
    await settled();
    ({ provider } = await hook());
    provider.refresh();
    const { featured } = await roots(provider);
    const id = server.library.loadCollectionId;
    assert.ok(id);
    const library = server.library.collectionById.get(id);
    assert.ok(library);
    const node = await findCollection(provider, featured, id);
    server.clearLog();

    // The first page: one open folder, then "Load more…" below it, in the collection.
    const first = await provider.getChildren(node);
    assert.deepEqual(first.map((n) => n.type), ['folder', 'loadMore']);
    const open = first[0];
    assert.ok(open?.type === 'folder');
    assert.equal(provider.getParent(open), node);
    const openItem = provider.getTreeItem(open);
    assert.equal(labelOf(openItem), '1–80');
    assert.equal(openItem.collapsibleState, vscode.TreeItemCollapsibleState.Expanded, 'the folder the pages go to is expanded');
    assert.equal(openItem.contextValue, 'folder');
    assert.equal(openItem.accessibilityInformation?.label, 'Media 1 to 80');
    assert.equal((await provider.getChildren(open)).filter((n) => n.type === 'media').length, 80);

    // In the real view: what a "Load more…" makes VS Code fetch again.
    const { treeView } = await hook();
    await vscode.commands.executeCommand('workbench.view.extension.stockMedia');
    await waitFor(() => treeView.visible, 'the view to be visible');
    await treeView.reveal(node, { expand: true, select: false, focus: false });
    const asked: CollectionsNode[] = [];
    const getChildren = provider.getChildren.bind(provider);
    provider.getChildren = (n?: CollectionsNode) => {
      if (n) asked.push(n);
      return getChildren(n);
    };
    /** Presses "Load more…" and waits until the view shows the last media loaded; returns what the view asked for. */
    const loadMore = async (): Promise<CollectionsNode[]> => {
      const more = (await getChildren(node)).find((n): n is LoadMoreNode => n.type === 'loadMore');
      assert.ok(more);
      asked.length = 0;
      await vscode.commands.executeCommand('stockMedia.collections.loadMore', more);
      const { media } = await foldersOf({ getChildren } as CollectionsProvider, node);
      const last = media.at(-1);
      assert.ok(last);
      // Resolves once the view's refresh is done and the row is there.
      await treeView.reveal(last, { select: false, focus: false });
      return asked.splice(0);
    };
    try {
      for (const [i, label] of ['1–160', '1–240'].entries()) {
        const fetched = await loadMore();
        const now = await provider.getChildren(node);
        assert.deepEqual(now.map((n) => n.type), ['folder', 'loadMore'], `load ${i + 1}`);
        assert.equal(now[0], open, 'the same folder, grown');
        assert.equal(labelOf(provider.getTreeItem(open)), label);
        assert.ok(fetched.includes(open), `load ${i + 1}: the open folder's rows are fetched again`);
        assert.ok(!fetched.includes(node), `load ${i + 1}: the collection is not refreshed (${fetched.map((n) => n.id).join(', ')})`);
      }
      // The fourth page starts a folder: the collection is refreshed; the full folder is shown
      // closed (an id of its own), so its rows are not fetched again.
      const fetched = await loadMore();
      const now = await provider.getChildren(node);
      assert.deepEqual(now.map((n) => n.type), ['folder', 'folder', 'loadMore']);
      const [full, next] = now;
      assert.ok(full?.type === 'folder' && next?.type === 'folder');
      assert.notEqual(full.id, open.id);
      const fullItem = provider.getTreeItem(full);
      assert.deepEqual([labelOf(fullItem), fullItem.collapsibleState], ['1–240', vscode.TreeItemCollapsibleState.Collapsed]);
      const nextItem = provider.getTreeItem(next);
      assert.deepEqual([labelOf(nextItem), nextItem.collapsibleState], ['241–320', vscode.TreeItemCollapsibleState.Expanded]);
      assert.ok(fetched.includes(node), 'the collection is refreshed');
      assert.ok(fetched.includes(next), 'the new open folder is fetched');
      assert.ok(!fetched.includes(full), 'the closed folder is not fetched');
    } finally {
      delete (provider as Partial<Pick<CollectionsProvider, 'getChildren'>>).getChildren;
    }

    // To the end: every media once, in the collection's order, in folders of 240.
    const all = await loadAll(provider, node);
    assert.ok(!all.some((n) => n.type === 'loadMore'));
    const { folders, media } = await foldersOf(provider, node);
    assert.deepEqual(folders.map((f) => labelOf(provider.getTreeItem(f))), ['1–240', '241–480', '481–600']);
    assert.deepEqual(folders.map((f) => provider.getTreeItem(f).collapsibleState), [1, 1, 2].map((s) => s as vscode.TreeItemCollapsibleState));
    assert.deepEqual(
      media.map((m) => (m.media.kind === 'photo' ? `Photo:${m.media.photo.id}` : `Video:${m.media.video.id}`)),
      library.media.map((r) => `${r.type}:${r.id}`),
    );
    assert.equal(server.apiRequestCount(mediaRequests(id)), Math.ceil(600 / 80));
    // Each media's parent is its folder (reveal walks it), and the media act as before.
    const middle = media[300];
    assert.ok(middle);
    assert.equal(provider.getParent(middle), folders[1]);
    assert.equal(middle.parent, node, 'the media still belongs to its collection');
    await treeView.reveal(middle, { select: true, focus: false });
    // The selection comes back from the workbench a moment later.
    await waitFor(() => treeView.selection.length === 1 && treeView.selection[0] === middle, 'the revealed media to be selected', 30_000);
  });

  it('media nodes carry the media, an icon by type, a title, the author and a safe hover', async () => {
    await start('alice');
    const { featured } = await roots(provider);
    const c = featuredOf(server).find((x) => counts(x).photos > 0 && counts(x).videos > 0 && x.media.length <= 80);
    assert.ok(c);
    const media = (await provider.getChildren(await findCollection(provider, featured, c.id))).filter(
      (n): n is MediaNode => n.type === 'media',
    );
    assert.equal(media.length, c.media.length);
    const photoNode = media.find((m) => m.media.kind === 'photo');
    const videoNode = media.find((m) => m.media.kind === 'video');
    assert.ok(photoNode?.media.kind === 'photo' && videoNode?.media.kind === 'video');

    const photo = server.library.photoById.get(photoNode.media.photo.id);
    assert.ok(photo);
    const photoItem = provider.getTreeItem(photoNode);
    // Collection photos carry no alt text: the page's own title stands in.
    const title = photo.slug.replace(/-/g, ' ');
    assert.equal(labelOf(photoItem), title.charAt(0).toUpperCase() + title.slice(1));
    assert.equal(photoItem.description, photo.photographer.name);
    assert.equal(photoItem.contextValue, 'media.photo');
    assert.equal(iconOf(photoItem), 'file-media');
    // A click opens it in the grid (with its preview), by kind and id.
    assert.deepEqual(photoItem.command?.arguments, [{ kind: 'photo', id: photo.id }]);
    assert.equal(photoItem.command?.command, 'stockMedia.openMedia');
    // The hover is made when VS Code shows it (resolveTreeItem), not with every item.
    assert.equal(photoItem.tooltip, undefined);
    const { tooltip } = provider.resolveTreeItem(photoItem, photoNode);
    assert.ok(tooltip instanceof vscode.MarkdownString);
    assert.equal(tooltip.supportHtml, false);
    assert.equal(tooltip.isTrusted, false);
    const md = tooltip.value;
    assert.ok(md.startsWith(`![`), 'the hover starts with the thumbnail');
    assert.ok(md.includes(`](${photoNode.media.photo.src.tiny})`), 'the tiny variant');
    assert.match(md, new RegExp(`${photo.width} × ${photo.height} px`));
    assert.ok(md.includes(inertMarkdown(mediaSizeText(photoNode.media))), 'the size, as every hover writes it (the credit hover too: credits.test.ts)');
    assert.ok(md.includes(`](${photoNode.media.photo.url})`), 'a link to the photo’s page');

    const video = server.library.videoById.get(videoNode.media.video.id);
    assert.ok(video);
    const videoItem = provider.resolveTreeItem(provider.getTreeItem(videoNode), videoNode);
    assert.equal(videoItem.description, video.user.name);
    assert.equal(videoItem.contextValue, 'media.video');
    assert.equal(iconOf(videoItem), 'device-camera-video');
    const vmd = tooltipOf(videoItem);
    const minutes = Math.floor(video.duration / 60);
    assert.ok(vmd.includes(`${minutes}\\:${String(video.duration % 60).padStart(2, '0')}`), 'the duration');
    assert.ok(vmd.includes('/pictures/preview-0.png)'), 'a video picture as the thumbnail');
  });

  it('the type filter shows only that type, pages to the end, and is remembered', async () => {
    await start('alice');
    const { featured } = await roots(provider);
    const id = server.library.largeFeaturedCollectionId;
    const node = await findCollection(provider, featured, id);
    const library = server.library.collectionById.get(id);
    assert.ok(library);
    try {
      const set = await vscode.commands.executeCommand('stockMedia.collections.filter', node, 'photos');
      assert.equal(set, 'photos');
      assert.match(String(provider.getTreeItem(node).description), /photos only$/);
      const photos = (await loadAll(provider, node)).filter((n): n is MediaNode => n.type === 'media');
      assert.equal(photos.length, counts(library).photos);
      assert.ok(photos.every((m) => m.media.kind === 'photo'));
      assert.ok(server.log.filter(mediaRequests(id)).every((e) => e.query['type'] === 'photos'));

      await vscode.commands.executeCommand('stockMedia.collections.filter', node, 'videos');
      const videos = (await loadAll(provider, node)).filter((n): n is MediaNode => n.type === 'media');
      assert.equal(videos.length, counts(library).videos);
      assert.ok(videos.every((m) => m.media.kind === 'video'));

      // Remembered: the collection listed again (after a refresh) keeps its filter.
      provider.refresh();
      const again = await findCollection(provider, (await roots(provider)).featured, id);
      assert.equal(provider.filterOf(again), 'videos');
      assert.match(String(provider.getTreeItem(again).description), /videos only$/);
    } finally {
      await vscode.commands.executeCommand('stockMedia.collections.filter', node, 'all');
    }
    assert.equal(provider.filterOf(node), 'all');
    assert.doesNotMatch(String(provider.getTreeItem(node).description), /only/);
  });

  it('expanding the same collection twice costs one request; collapse and expand in the UI ask nobody', async () => {
    await start('alice');
    const { featured } = await roots(provider);
    const c = featuredOf(server).find((x) => x.media.length > 0 && x.media.length <= 80);
    assert.ok(c);
    const node = await findCollection(provider, featured, c.id);
    const once = await provider.getChildren(node);
    const twice = await provider.getChildren(node);
    assert.equal(twice.length, once.length);
    assert.equal(server.apiRequestCount(mediaRequests(c.id)), 1);

    // The same through the real tree: reveal expands, Collapse All collapses.
    const { treeView } = await hook();
    await vscode.commands.executeCommand('workbench.view.extension.stockMedia');
    await waitFor(() => treeView.visible, 'the view to be visible');
    await treeView.reveal(node, { expand: true, select: true });
    await vscode.commands.executeCommand('workbench.actions.treeView.stockMedia.collections.collapseAll');
    await treeView.reveal(node, { expand: true, select: true });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(server.apiRequestCount(mediaRequests(c.id)), 1);
  });

  it('refresh drops what was loaded and asks again past the cache', async () => {
    await start('alice');
    const { featured } = await roots(provider);
    await provider.getChildren(featured);
    assert.equal(server.apiRequestCount(), 1);
    await vscode.commands.executeCommand('stockMedia.collections.refresh');
    const nodes = await collectionsOf(provider, (await roots(provider)).featured);
    assert.equal(nodes.length, featuredOf(server).length);
    assert.equal(server.apiRequestCount(), 2, 'a fresh request, not the cached answer');
  });

  it('a server error becomes an error node with a clear message, and retry recovers', async () => {
    await start('alice');
    const { featured } = await roots(provider);
    server.setSwitches({ failStatus: 500 });
    const children = await provider.getChildren(featured);
    assert.equal(children.length, 1);
    const failed = children[0];
    assert.ok(failed?.type === 'error');
    const item = provider.getTreeItem(failed);
    assert.match(labelOf(item), /^Pexels had a problem \(HTTP 500\)\. Try again in a moment\./);
    assert.equal(item.contextValue, 'error');
    assert.equal(iconOf(item), 'error');
    assert.match(tooltipOf(item), /HTTP 500/);
    assert.equal(item.command?.command, 'stockMedia.collections.retry');
    // Looking again does not hammer a failing server.
    await provider.getChildren(featured);
    assert.equal(server.apiRequestCount(), 1);

    server.resetSwitches();
    await vscode.commands.executeCommand('stockMedia.collections.retry', failed);
    const recovered = await collectionsOf(provider, featured);
    assert.equal(recovered.length, featuredOf(server).length);
  });

  it('a failed "Load more…" keeps what was loaded and retries the next page', async () => {
    await start('alice');
    const { featured } = await roots(provider);
    const id = server.library.largeFeaturedCollectionId;
    const node = await findCollection(provider, featured, id);
    const first = await provider.getChildren(node);
    const more = first.find((n): n is LoadMoreNode => n.type === 'loadMore');
    assert.ok(more);
    server.setSwitches({ failStatus: 500 });
    await vscode.commands.executeCommand('stockMedia.collections.loadMore', more);
    const after = await provider.getChildren(node);
    assert.equal(after.filter((n) => n.type === 'media').length, 80, 'nothing loaded is lost');
    const failed = after.at(-1);
    assert.ok(failed?.type === 'error');
    server.resetSwitches();
    await vscode.commands.executeCommand('stockMedia.collections.retry', failed);
    const recovered = await provider.getChildren(node);
    assert.equal(recovered.filter((n) => n.type === 'media').length, 160);
    assert.ok(recovered.at(-1)?.type === 'loadMore');
  });

  it('a 429 says when the quota resets, and retry works once there are requests again', async () => {
    await start('alice');
    const api = await extensionApi();
    const { featured } = await roots(provider);
    const c = featuredOf(server).find((x) => x.media.length > 0 && x.media.length <= 80);
    assert.ok(c);
    const node = await findCollection(provider, featured, c.id);
    const resetAt = api.services.quota.current?.resetAt;
    assert.ok(resetAt !== undefined && resetAt > Date.now(), 'the quota is known from the first answer');

    server.setQuota(server.keys.alice, { monthlyRemaining: 0 });
    const children = await provider.getChildren(node);
    const failed = children[0] as ErrorNode | undefined;
    assert.equal(failed?.type, 'error');
    const item = provider.getTreeItem(failed);
    assert.equal(
      labelOf(item),
      `Your Pexels rate limit or monthly quota is used up (HTTP 429). Try again later; the monthly quota resets ${api.services.formatTime(resetAt)}.`,
    );
    assert.equal(item.command?.command, 'stockMedia.showQuota');
    assert.match(tooltipOf(item), /HTTP 429/);

    server.setQuota(server.keys.alice, { monthlyRemaining: 500 });
    await vscode.commands.executeCommand('stockMedia.collections.retry', failed);
    const recovered = await provider.getChildren(node);
    assert.equal(recovered.filter((n) => n.type === 'media').length, c.media.length);
  });

  it('a new key reloads the whole tree and drops what the old key loaded', async () => {
    await start('alice');
    const { mine } = await roots(provider);
    assert.deepEqual((await collectionsOf(provider, mine)).map((n) => n.collection.title), ownedBy(server, 'alice').map((c) => c.title));
    let reloaded = false;
    const sub = provider.onDidChangeTreeData((e) => {
      if (e === undefined) reloaded = true;
    });
    try {
      await storeKeyFor(server, server.keys.bob);
      await waitFor(() => reloaded, 'the tree to reload');
    } finally {
      sub.dispose();
    }
    const bobs = (await collectionsOf(provider, (await roots(provider)).mine)).map((n) => n.collection.title);
    assert.deepEqual(bobs, ownedBy(server, 'bob').map((c) => c.title));
  });

  it('escapes hostile API text in labels and hovers', async () => {
    await start('alice');
    server.setSwitches({ hostile: true });
    const { featured } = await roots(provider);
    const nodes = await collectionsOf(provider, featured);
    assert.ok(nodes.length > 0);
    const c = nodes.find((n) => n.collection.media_count > 0 && n.collection.media_count <= 80);
    assert.ok(c);
    const all: CollectionsNode[] = [...nodes, ...(await provider.getChildren(c))];
    for (const node of all) {
      const item = provider.getTreeItem(node);
      const label = labelOf(item);
      assert.doesNotMatch(label, /[\u202a-\u202e\u2066-\u2069\n]/, 'no bidi overrides or line breaks in labels');
      assert.ok(label.length <= 200);
      const md = tooltipOf(item);
      assert.doesNotMatch(md, /(^|[^\\])</m, 'no markup');
      assert.doesNotMatch(md, /\]\((javascript|data|command):/i, 'no unsafe links');
    }
  });

  it('media nodes work with the insert feature: drag payload, copy URL, copy credit', async function () {
    await start('alice');
    const { featured } = await roots(provider);
    const c = featuredOf(server).find((x) => counts(x).photos > 1 && x.media.length <= 80);
    assert.ok(c);
    const collection = await findCollection(provider, featured, c.id);
    const media = (await provider.getChildren(collection)).filter((n): n is MediaNode => n.type === 'media');
    const photos = media.filter((m) => m.media.kind === 'photo').slice(0, 2);
    assert.equal(photos.length, 2);

    // Dragging two photos (and the collection, which is no media) puts exactly the two on the drag.
    const { dragAndDropController } = await hook();
    assert.deepEqual(dragAndDropController.dragMimeTypes, [MEDIA_MIME]);
    const transfer = new vscode.DataTransfer();
    await dragAndDropController.handleDrag?.([collection, ...photos], transfer, new vscode.CancellationTokenSource().token);
    const dragged = JSON.parse(await (transfer.get(MEDIA_MIME)?.asString() ?? '{}')) as { media?: { kind: string; photo?: { id: number } }[] };
    assert.deepEqual(
      dragged.media?.map((m) => `${m.kind}:${m.photo?.id}`),
      photos.map((p) => (p.media.kind === 'photo' ? `photo:${p.media.photo.id}` : '')),
    );

    const commands = await vscode.commands.getCommands(true);
    if (!commands.includes('stockMedia.copyUrl') || !commands.includes('stockMedia.copyCredit')) this.skip();
    const first = photos[0];
    assert.ok(first?.media.kind === 'photo');
    const url = await vscode.commands.executeCommand<string | undefined>('stockMedia.copyUrl', first);
    assert.ok(url?.startsWith(`${server.origin}/media/photos/${first.media.photo.id}/`), url);
    assert.equal(await vscode.env.clipboard.readText(), url);
    const credit = await vscode.commands.executeCommand<string | undefined>('stockMedia.copyCredit', first);
    assert.ok(credit?.includes(first.media.photo.photographer), credit);
  });
});
