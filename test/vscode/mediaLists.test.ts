// Recent and Starred in the Stock Media view, in a real VS Code against the local server: what
// they list and in which order, with no request (a pasted link's media too); star and unstar
// from a grid tile, a tree item and a media link's hover; Show Starred in Grid; Clear Recent
// Media; hostile stored values.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaItem, Photo } from '../../src/core/model';
import type { InsertOutcome } from '../../src/host/insert/inserter';
import type { CollectionsNode, EmptyNode, MediaNode, RootNode } from '../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../src/host/collections/collectionsProvider';
import type { MediaLists } from '../../src/host/library/mediaLists';
import { RECENT_STATE_KEY, STARRED_STATE_KEY } from '../../src/host/library/mediaLists';
import { MEDIA_MIME } from '../../src/shared/dnd';
import { EXTENSION_ID, closeAllEditors, extensionApi, fileOpener, gridTold, openGridState, useApiServer, waitFor, workspaceRoot } from './support';

const FOLDER = 'media-lists-tests';
const openNew = fileOpener(FOLDER);

interface Hook {
  provider: CollectionsProvider;
  dragAndDropController: vscode.TreeDragAndDropController<CollectionsNode>;
  lists: MediaLists;
}

function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

describe('Recent and Starred (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let hook: Hook;
  const photos: Photo[] = [];
  const media = (i: number): MediaItem => ({ kind: 'photo', photo: photos[i] as Photo });

  before(async () => {
    const api = await extensionApi();
    for (const p of server().library.photos.slice(0, 4)) photos.push(await api.client.getPhoto(p.id));
    const value = await vscode.commands.executeCommand<Hook | undefined>('stockMedia.collections.testHook');
    assert.ok(value);
    hook = value;
  });

  beforeEach(async () => {
    await hook.lists.recent.clear();
    await hook.lists.starred.clear();
    server().clearLog();
  });

  after(async () => {
    await hook.lists.recent.clear();
    await hook.lists.starred.clear();
    await closeAllEditors();
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'close' });
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
  });

  afterEach(closeAllEditors);

  async function root(kind: 'recent' | 'starred'): Promise<RootNode> {
    const top = await hook.provider.getChildren();
    const node = top.find((n): n is RootNode => n.type === 'root' && n.root === kind);
    assert.ok(node, `${kind} is a root of the view`);
    return node;
  }

  /** What a person sees under Recent or Starred: each row's label, description and menu's context. */
  async function rows(kind: 'recent' | 'starred'): Promise<{ node: MediaNode; label: string; author: string; context: string }[]> {
    const children = await hook.provider.getChildren(await root(kind));
    return children
      .filter((n): n is MediaNode => n.type === 'media')
      .map((node) => {
        const item = hook.provider.getTreeItem(node);
        return { node, label: labelOf(item), author: String(item.description ?? ''), context: item.contextValue ?? '' };
      });
  }
  const ids = async (kind: 'recent' | 'starred'): Promise<number[]> =>
    (await rows(kind)).map((r) => (r.node.media.kind === 'photo' ? r.node.media.photo.id : r.node.media.video.id));

  async function insertInto(editor: vscode.TextEditor, i: number): Promise<void> {
    const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media: media(i), targetUri: editor.document.uri.toString() });
    assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
  }

  it('lists the media inserted, newest first, with no request; used again, one moves to the front', async () => {
    const editor = await openNew('page.md', '# Page\n');
    for (const i of [0, 1, 2]) await insertInto(editor, i);
    server().clearLog();
    const shown = await rows('recent');
    assert.deepEqual(await ids('recent'), [photos[2]?.id, photos[1]?.id, photos[0]?.id]);
    assert.equal(shown[0]?.author, photos[2]?.photographer);
    assert.ok(shown.every((r) => r.context === 'media.photo' && r.label !== ''), JSON.stringify(shown.map((r) => r.context)));
    assert.equal(hook.provider.getTreeItem(await root('recent')).description, (3).toLocaleString(vscode.env.language));
    // Copied: first again, listed once.
    await vscode.commands.executeCommand('stockMedia.copyUrl', { media: media(0) });
    assert.deepEqual(await ids('recent'), [photos[0]?.id, photos[2]?.id, photos[1]?.id]);
    await vscode.commands.executeCommand('stockMedia.copyCredit', { media: media(1) });
    assert.deepEqual(await ids('recent'), [photos[1]?.id, photos[0]?.id, photos[2]?.id]);
    assert.equal(server().apiRequestCount(), 0, 'reading Recent asks the service nothing');
    // Its items are the collections' media items: insert and drag work from them.
    const [first] = await rows('recent');
    assert.ok(first);
    const other = await openNew('other.md', '');
    const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', first.node);
    assert.equal(outcome.result, 'inserted');
    assert.ok(other.document.getText().includes(photos[1]?.photographer ?? '?'), other.document.getText());
    const transfer = new vscode.DataTransfer();
    await hook.dragAndDropController.handleDrag?.([first.node], transfer, new vscode.CancellationTokenSource().token);
    const dragged = JSON.parse(await (transfer.get(MEDIA_MIME)?.asString() ?? '{}')) as { media?: { kind: string; photo?: { id: number } }[] };
    assert.deepEqual(dragged.media?.map((m) => m.photo?.id), [photos[1]?.id], 'a drag carries the media');
    assert.equal(server().apiRequestCount(), 0);
  });

  it('lists a pasted link’s media once its edit is applied', async () => {
    const editor = await openNew('paste.md', '');
    const photo = photos[2] as Photo;
    await vscode.commands.executeCommand('stockMedia.test.paste', { text: photo.url });
    await waitFor(() => editor.document.getText().includes(photo.photographer), 'the pasted photo in the page');
    assert.deepEqual(await ids('recent'), [photo.id]);
    // Offered but not applied: not listed.
    await vscode.commands.executeCommand('stockMedia.test.paste', { text: (photos[0] as Photo).url, apply: false });
    assert.deepEqual(await ids('recent'), [photo.id]);
    await vscode.commands.executeCommand('stockMedia.test.paste', { op: 'text' });
  });

  it('keeps the last 50, and Clear Recent Media empties it', async () => {
    const base = photos[0] as Photo;
    for (let i = 1; i <= 55; i++) await vscode.commands.executeCommand('stockMedia.copyUrl', { media: { kind: 'photo', photo: { ...base, id: 900_000 + i } } });
    const listed = await ids('recent');
    assert.equal(listed.length, 50);
    assert.equal(listed[0], 900_055);
    assert.equal(listed[49], 900_006);
    assert.equal(await vscode.commands.executeCommand('stockMedia.clearRecentMedia'), 50);
    const children = await hook.provider.getChildren(await root('recent'));
    assert.equal(children.length, 1);
    assert.equal((children[0] as EmptyNode).text, 'Nothing used yet: what you insert or copy shows here');
    assert.equal(hook.provider.getTreeItem(await root('recent')).description, (0).toLocaleString(vscode.env.language));
    assert.equal(hook.lists.recent.list().length, 0);
  });

  it('stars from a grid tile (its message), a tree item and a link’s hover; unstars; Show Starred in Grid with no request', async () => {
    // A grid tile: the tile's action message, as the webview sends it.
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    await gridTold();
    // One that is none of the photos starred below.
    const key = (await openGridState()).session.itemKeys.find((k) => k !== `photo:${photos[1]?.id}` && k !== `photo:${photos[3]?.id}`);
    assert.ok(key);
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'receive', message: { type: 'action', action: 'star', key } });
    await waitFor(async () => (await rows('starred')).length === 1, 'the tile’s media under Starred');
    assert.equal(`photo:${(await ids('starred'))[0]}`, key);

    // A tree item (Recent's): its menu's context says it is starred once it is.
    const editor = await openNew('star.md', '');
    await insertInto(editor, 3);
    const [recent] = await rows('recent');
    assert.ok(recent);
    assert.deepEqual(await vscode.commands.executeCommand('stockMedia.star', recent.node), [`photo:${photos[3]?.id}`]);
    assert.deepEqual((await ids('starred')).slice(0, 1), [photos[3]?.id]);
    assert.equal((await rows('recent'))[0]?.context, 'media.photo.starred');
    assert.equal((await rows('starred'))[0]?.context, 'media.photo.starred');

    // A media link's hover: Star, then Unstar.
    const photo = photos[1] as Photo;
    const doc = await openNew('notes.txt', `See ${photo.url} here.\n`);
    const hoverText = async (): Promise<string> => {
      const at = doc.document.getText().indexOf(photo.url) + 5;
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.document.uri, doc.document.positionAt(at));
      return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    };
    const starLink = /\[Star\]\(command:stockMedia\.star\?([^)\s]+)\)/.exec(await hoverText());
    assert.ok(starLink?.[1], 'the hover offers Star');
    await vscode.commands.executeCommand('stockMedia.star', JSON.parse(decodeURIComponent(starLink[1])));
    assert.deepEqual(await ids('starred'), [photo.id, photos[3]?.id, Number(key.split(':')[1])]);
    const unstarLink = /\[Unstar\]\(command:stockMedia\.unstar\?([^)\s]+)\)/.exec(await hoverText());
    assert.ok(unstarLink?.[1], 'a starred media’s hover offers Unstar');

    // Show Starred in Grid: the starred media, newest first, with no request.
    server().clearLog();
    await vscode.commands.executeCommand('stockMedia.showStarred');
    await waitFor(async () => (await openGridState()).session.spec?.mode === 'starred' && (await openGridState()).session.status === 'loaded', 'the starred grid');
    assert.deepEqual((await openGridState()).session.itemKeys, [`photo:${photo.id}`, `photo:${photos[3]?.id}`, key]);
    const shown = await gridTold();
    assert.equal(shown.items.length, 3);
    assert.equal(server().apiRequestCount(), 0, 'the starred grid asks the service nothing');

    // Unstar: from the hover's link (no look-up), a tree item, and the tile's message.
    await vscode.commands.executeCommand('stockMedia.unstar', JSON.parse(decodeURIComponent(unstarLink[1])));
    // The starred grid shows Starred as it is now.
    await waitFor(async () => (await openGridState()).session.itemKeys.length === 2, 'the starred grid without the unstarred photo');
    assert.deepEqual((await openGridState()).session.itemKeys, [`photo:${photos[3]?.id}`, key]);
    const [fromTree] = await rows('starred');
    assert.ok(fromTree);
    await vscode.commands.executeCommand('stockMedia.unstar', fromTree.node);
    assert.deepEqual(await ids('starred'), [Number(key.split(':')[1])]);
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'receive', message: { type: 'action', action: 'unstar', key } });
    await waitFor(async () => (await rows('starred')).length === 0, 'Starred to be empty');
    // The starred grid is told it is empty (it says "Nothing starred yet" in place of tiles: grid.e2e).
    await gridTold('the starred grid to be empty', (t) => t.status === 'loaded' && t.spec?.mode === 'starred' && t.items.length === 0);
    assert.equal((await rows('recent'))[0]?.context, 'media.photo');
    assert.equal(server().apiRequestCount(), 0);
  });

  it('package.json: Star on media items that are not starred, Unstar on those that are, every other media menu on both, in both views', () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
    const itemMenu = pkg.contributes.menus['view/item/context'] ?? [];
    /** Whether the `viewItem =~ /…/` of a menu entry matches a tree item's context value. */
    const shownOn = (entry: { when?: string }, contextValue: string): boolean => {
      const match = /viewItem =~ \/(.+)\/$/.exec(entry.when ?? '') ?? /viewItem == (\S+)$/.exec(entry.when ?? '');
      assert.ok(match?.[1], entry.when);
      return entry.when?.includes('=~') ? new RegExp(match[1]).test(contextValue) : match[1] === contextValue;
    };
    /** Whether a menu entry's `view == …` or `view =~ /…/` admits `view` (Recent and Starred are in stockMedia.collections). */
    const inView = (entry: { when?: string }, view: string): boolean => {
      const when = entry.when ?? '';
      const pattern = /view =~ \/(.+?)\/ /.exec(when);
      return pattern?.[1] ? new RegExp(pattern[1]).test(view) : new RegExp(`view == ${view.replace('.', '\\.')}\\b`).test(when);
    };
    const commandsOn = (contextValue: string, view = 'stockMedia.collections'): string[] =>
      [...new Set(itemMenu.filter((m) => inView(m, view) && shownOn(m, contextValue)).map((m) => m.command))].sort();
    const common = ['stockMedia.insert', 'stockMedia.insertAs', 'stockMedia.saveAndInsert', 'stockMedia.setCoverImage', 'stockMedia.setCoverImageAs', 'stockMedia.copyUrl', 'stockMedia.copyCredit', 'stockMedia.openOnService'];
    const sorted = (...ids: string[]): string[] => [...common, ...ids].sort();
    for (const kind of ['photo', 'video']) {
      assert.deepEqual(commandsOn(`media.${kind}`), sorted('stockMedia.star'));
      assert.deepEqual(commandsOn(`media.${kind}.starred`), sorted('stockMedia.unstar'));
      // In This Workspace's rows (workspaceMedia/tree.ts): the same, with Open in Grid, and Add Missing Credits where one lacks its credit.
      const workspace = (context: string): string[] => commandsOn(context, 'stockMedia.workspaceMedia');
      const open = 'stockMedia.workspaceMedia.openInGrid';
      const add = 'stockMedia.workspaceMedia.addCredits';
      assert.deepEqual(workspace(`media.${kind}`), sorted(open, 'stockMedia.star'));
      assert.deepEqual(workspace(`media.${kind}.starred`), sorted(open, 'stockMedia.unstar'));
      assert.deepEqual(workspace(`media.${kind}.missingCredit`), sorted(open, add, 'stockMedia.star'));
      assert.deepEqual(workspace(`media.${kind}.missingCredit.starred`), sorted(open, add, 'stockMedia.unstar'));
    }
    assert.deepEqual(commandsOn('root.recent'), ['stockMedia.clearRecentMedia']);
    assert.deepEqual(commandsOn('root.starred'), ['stockMedia.showStarred']);
  });

  it('ignores hostile stored values without a crash, and takes another window’s list on focus', async () => {
    const state = (await extensionApi()).services.context.globalState;
    const good = { kind: 'photo', photo: photos[0] };
    const hostile: unknown[] = [
      'photo:1',
      42,
      null,
      [good],
      { v: 'x' },
      { v: [null, 7, { kind: 'photo' }, { kind: 'video', video: { id: 'x' } }, { kind: 'photo', photo: { ...photos[0], src: null } }] },
      { v: Array.from({ length: 10_000 }, () => ({ kind: 'photo', photo: { id: -1 } })) },
    ];
    try {
      for (const value of hostile) {
        await state.update(RECENT_STATE_KEY, value);
        await state.update(STARRED_STATE_KEY, value);
        hook.lists.recent.reload();
        hook.lists.starred.reload();
        for (const kind of ['recent', 'starred'] as const) {
          const children = await hook.provider.getChildren(await root(kind));
          assert.deepEqual(children.map((n) => n.type), ['empty'], `${kind} with ${JSON.stringify(value).slice(0, 80)}`);
        }
      }
      // A good entry among bad ones is kept.
      await state.update(RECENT_STATE_KEY, { v: [null, good, { kind: 'photo', photo: { id: 'x' } }] });
      hook.lists.recent.reload();
      assert.deepEqual(await ids('recent'), [photos[0]?.id]);
      // What another window stored is taken when this one comes back into focus, not right after its own write.
      await hook.lists.recent.add([media(1)]);
      await state.update(RECENT_STATE_KEY, { v: [good, { kind: 'photo', photo: photos[2] }] });
      hook.lists.recent.refresh();
      assert.deepEqual(await ids('recent'), [photos[1]?.id, photos[0]?.id]);
      hook.lists.recent.refresh(Date.now() + 10_000);
      assert.deepEqual(await ids('recent'), [photos[0]?.id, photos[2]?.id]);
    } finally {
      await hook.lists.recent.clear();
      await hook.lists.starred.clear();
    }
  });
});
