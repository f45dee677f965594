// Where users reach the extension besides the palette, in a real VS Code (both hosts): a
// click on a media item in the Collections view, the grid tiles' right-click menu (the
// context each tile carries and the commands run with it), and the editor's context menu
// and keybinding for Search Photos (package.json, read back).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CollectionNode, CollectionsNode, MediaNode, RootNode } from '../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../src/host/collections/collectionsProvider';
import type { GridPanelState } from './hooks';
import { tileMenuContext } from '../../src/webview/tileMenu';
import { EXTENSION_ID, closeAllEditors, fileOpener, gridTold, useApiServer, workspaceRoot } from './support';

const openNew = fileOpener('reach-tests');

async function gridState(): Promise<GridPanelState | undefined> {
  return vscode.commands.executeCommand<GridPanelState | undefined>('stockMedia.test.grid', { op: 'settle' });
}

async function firstMediaNode(provider: CollectionsProvider): Promise<MediaNode> {
  const [featured] = (await provider.getChildren()) as RootNode[];
  assert.ok(featured);
  for (const collection of (await provider.getChildren(featured)).filter((n): n is CollectionNode => n.type === 'collection')) {
    const media = (await provider.getChildren(collection)).find((n: CollectionsNode): n is MediaNode => n.type === 'media');
    if (media) return media;
  }
  throw new Error('no collection with media');
}

describe('where users reach it (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();


  afterEach(closeAllEditors);

  after(async () => {
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), 'reach-tests'), { recursive: true }).then(undefined, () => undefined);
  });

  it('a click on a media item in the Collections view opens it in the grid with its preview', async () => {
    const hook = await vscode.commands.executeCommand<{ provider: CollectionsProvider } | undefined>('stockMedia.collections.testHook');
    assert.ok(hook);
    const node = await firstMediaNode(hook.provider);
    const item = await hook.provider.getTreeItem(node);
    const id = node.media.kind === 'photo' ? node.media.photo.id : node.media.video.id;
    assert.equal(item.command?.command, 'stockMedia.openMedia');
    assert.deepEqual(item.command?.arguments, [{ kind: node.media.kind, id }]);
    // What a click runs.
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    const state = await gridState();
    assert.deepEqual(state?.session.itemKeys, [`${node.media.kind}:${id}`]);
    // One media told, loaded: the webview opens its preview (grid.e2e).
    const shown = await gridTold();
    assert.deepEqual([shown.spec, shown.items.map((i) => i.key)], [{ mode: 'single', kind: node.media.kind, id }, [`${node.media.kind}:${id}`]]);
  });

  it('grid tiles carry their key only as the menu’s context; the menu’s commands act on that tile’s media', async () => {
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    // Each tile carries its key's context as its data-vscode-context (grid.e2e reads them).
    const shown = await gridTold();
    const state = await gridState();
    assert.ok(state && shown.items.length > 0);
    const contexts = shown.items.map((i) => JSON.parse(tileMenuContext(i.key, false)) as Record<string, unknown>);
    // Exactly these fields: no alt text, name or URL from the service travels in them.
    for (const [i, context] of contexts.entries()) {
      assert.deepEqual(Object.keys(context).sort(), ['key', 'preventDefaultContextMenuItems', 'webviewSection']);
      assert.equal(context.webviewSection, 'tile');
      assert.equal(context.key, state.session.itemKeys[i]);
    }
    // VS Code hands a menu's command the tile's context plus the webview's id.
    const second = contexts[1];
    assert.ok(second);
    const menuArg = { webview: 'stockMedia.grid', ...second };
    const [kind, idText] = String(second.key).split(':');
    const photo = server().library.photos.find((p) => p.id === Number(idText));
    assert.equal(kind, 'photo');
    assert.ok(photo);
    const url = await vscode.commands.executeCommand<string | undefined>('stockMedia.copyUrl', menuArg);
    assert.ok(url?.includes(`/photos/${photo.id}/`), url);
    assert.equal(await vscode.env.clipboard.readText(), url);
    const credit = await vscode.commands.executeCommand<string | undefined>('stockMedia.copyCredit', menuArg);
    assert.equal(credit, `Photo by ${photo.photographer.name} (${server().origin}/@${photo.photographer.slug}) on Pexels (${server().origin}/photo/${photo.slug}-${photo.id}/)`);
    // Insert goes to the editor the grid inserts into.
    const editor = await openNew('menu.md', '');
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    await gridTold();
    const outcome = await vscode.commands.executeCommand<{ result: string }>('stockMedia.insert', menuArg);
    assert.equal(outcome.result, 'inserted');
    assert.ok(editor.document.getText().includes(photo.photographer.name), editor.document.getText());
    // A key the grid does not show, or a context from another webview: nothing is taken for media.
    const gone = await vscode.commands.executeCommand<string | undefined>('stockMedia.copyUrl', { ...menuArg, key: 'photo:999999999' });
    assert.equal(gone, undefined);
  });

  it('package.json: the tile menu, and Search Photos in the editor’s menu and on a key in Markdown and HTML only', () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
      contributes: { menus: Record<string, { command: string; when?: string; group?: string }[]>; keybindings: { command: string; key: string; when?: string }[] };
    };
    const tileMenu = pkg.contributes.menus['webview/context'] ?? [];
    assert.deepEqual(
      tileMenu.map((m) => m.command),
      [
        // Only while the agent waits for the person to choose (stockMediaChoosing).
        'stockMedia.chooseTile',
        'stockMedia.insert',
        'stockMedia.insertAs',
        'stockMedia.saveAndInsert',
        'stockMedia.setCoverImage',
        'stockMedia.setCoverImageAs',
        'stockMedia.copyUrl',
        'stockMedia.copyCredit',
        'stockMedia.openOnService',
        'stockMedia.star',
        'stockMedia.unstar',
      ],
    );
    // Star or Unstar, by whether the tile's key is starred (the context key the features set).
    for (const m of tileMenu) assert.ok(m.when?.startsWith("webviewId == 'stockMedia.grid' && webviewSection == 'tile'"), m.when);
    const editorMenu = (pkg.contributes.menus['editor/context'] ?? []).filter((m) => m.command === 'stockMedia.search');
    assert.equal(editorMenu.length, 1);
    assert.equal(editorMenu[0]?.when, 'editorLangId == markdown || editorLangId == html');
    const keys = pkg.contributes.keybindings.filter((k) => k.command === 'stockMedia.search');
    assert.equal(keys.length, 1);
    assert.equal(keys[0]?.when, 'editorTextFocus && (editorLangId == markdown || editorLangId == html)');
  });
});
