// Sizes made from the original, file names and destinations for static sites in a real VS
// Code (both hosts), against the local library, whose image server answers `w`, `h`,
// `fit=crop` and `dpr` with an image of exactly that size: what is inserted is fetched (or
// read from disk) and the PNG's header read back, so a size is what the image really is.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaItem, Photo } from '../../src/core/model';
import type { InsertOutcome } from '../../src/host/insert/inserter';
import { slugify } from '../../src/core/insert/naming';
import { savedStem } from './savedNames';
import { acceptQuickInput as accept, closeAllEditors, extensionApi, fileOpener, recordQuickInputs, updateSetting, useApiServer, waitFor, workspaceRoot } from './support';

const FOLDER = 'insert-sizes-tests';
const openNew = fileOpener(FOLDER);

/** Width and height from a PNG's header (IHDR). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  assert.deepEqual([...bytes.slice(1, 4)], [0x50, 0x4e, 0x47], 'a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function servedSize(url: string): Promise<{ width: number; height: number }> {
  const response = await fetch(url);
  assert.equal(response.status, 200, url);
  return pngSize(new Uint8Array(await response.arrayBuffer()));
}

/** The address of the one Markdown image in `text`. */
function imageUrl(text: string): string {
  const m = /!\[[^\]]*\]\(([^)\s]+)\)/.exec(text);
  assert.ok(m, text);
  return m[1] ?? '';
}

async function setInsert(key: string, value: unknown): Promise<void> {
  await updateSetting('stockMedia.insert', key, value);
}

/** Makes `item` the picker's active item, as the arrow keys do, and waits for the workbench to show it so. */
async function choose(pick: vscode.QuickPick<vscode.QuickPickItem>, item: vscode.QuickPickItem): Promise<void> {
  const echoed = new Promise<void>((resolve) => {
    const listener = pick.onDidChangeActive((active) => {
      if (active[0]?.label !== item.label) return;
      listener.dispose();
      resolve();
    });
    setTimeout(resolve, 1000);
  });
  pick.activeItems = [item];
  await echoed;
}

describe('insert sizes, file names and site destinations (real VS Code)', function () {
  this.timeout(90_000);
  const server = useApiServer();
  let photo: Photo;
  let media: MediaItem;

  before(async () => {
    // A photo 1920 wide (cheap to serve at every size) with a plain alt text.
    const candidate = server().library.photos.find((p) => p.width === 1920 && p.height === 1280 && /^[A-Za-z ,'-]+$/.test(p.alt));
    assert.ok(candidate, 'a 1920×1280 photo in the library');
    photo = await (await extensionApi()).client.getPhoto(candidate.id);
    media = { kind: 'photo', photo };
  });

  beforeEach(() => server().clearLog());

  afterEach(async () => {
    for (const key of ['size', 'mode', 'fileName', 'siteFolder', 'siteUrlPath', 'responsive']) await setInsert(key, undefined);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await closeAllEditors();
  });

  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), 'static'), { recursive: true }).then(undefined, () => undefined);
  });

  it('an inline insert at 1280 wide: the address serves a 1280-wide image of the photo’s shape', async () => {
    await setInsert('size', 1280);
    const editor = await openNew('wide.md', '');
    await vscode.commands.executeCommand('stockMedia.insert', { media });
    const url = imageUrl(editor.document.getText());
    assert.equal(new URL(url).origin + new URL(url).pathname, new URL(photo.src.original).origin + new URL(photo.src.original).pathname, 'made from the original');
    assert.deepEqual(await servedSize(url), { width: 1280, height: Math.round((1280 * photo.height) / photo.width) });
  });

  it('a width wider than the original: the original’s width is what is served, and what the HTML says', async () => {
    await setInsert('size', '4000');
    const editor = await openNew('capped.html', '');
    await vscode.commands.executeCommand('stockMedia.insert', { media });
    const text = editor.document.getText();
    const src = /<img src="([^"]+)"/.exec(text)?.[1]?.replaceAll('&amp;', '&');
    assert.ok(src, text);
    assert.deepEqual(await servedSize(src), { width: photo.width, height: photo.height });
    assert.ok(text.includes(` width="${photo.width}" height="${photo.height}"`), text);
  });

  it('a size setting that names no size: nothing inserted, a message naming the setting', async () => {
    await setInsert('size', 'huge');
    const editor = await openNew('bad.md', 'keep');
    const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
    assert.equal(outcome.result, 'failed');
    assert.match(outcome.notes.join('\n'), /stockMedia\.insert\.size/);
    assert.equal(editor.document.getText(), 'keep');
  });

  it('a saved crop at 1200x630 is a 1200×630 image on disk, named by the default template', async () => {
    await setInsert('size', '1200x630');
    const editor = await openNew('cover.md', '');
    const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media, mode: 'download' });
    assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
    const name = `${savedStem(photo, '1200x630')}.png`;
    assert.match(name, /^[a-z0-9-]+-\d+-1200x630\.png$/);
    const file = vscode.Uri.joinPath(editor.document.uri, '..', 'images', name);
    assert.deepEqual(pngSize(await vscode.workspace.fs.readFile(file)), { width: 1200, height: 630 });
    assert.ok(editor.document.getText().startsWith(`![${photo.alt}](images/${name})`), editor.document.getText());
    // The image came from the CDN with no key.
    assert.ok(server().mediaLog.length > 0 && server().mediaLog.every((e) => !e.hadKey));
  });

  it('a file name template and a site folder: saved under static/images, linked /images/…; a URL path elsewhere is refused', async () => {
    await setInsert('fileName', '{photographer}_{id}_{width}x{height}');
    await setInsert('siteFolder', 'static/images');
    await setInsert('size', 640);
    const editor = await openNew('post.md', '');
    const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media, mode: 'download' });
    assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
    const height = Math.round((640 * photo.height) / photo.width);
    const name = `${slugify(photo.photographer)}_${photo.id}_640x${height}.png`;
    assert.match(name, /^[a-z0-9-]+_\d+_640x\d+\.png$/);
    const file = vscode.Uri.joinPath(workspaceRoot(), 'static', 'images', name);
    assert.deepEqual(pngSize(await vscode.workspace.fs.readFile(file)), { width: 640, height });
    assert.ok(editor.document.getText().startsWith(`![${photo.alt}](/images/${name})`), editor.document.getText());

    await setInsert('siteUrlPath', '//evil.example/x');
    const other = await openNew('elsewhere.md', '');
    const refused = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media, mode: 'download' });
    assert.deepEqual(refused.files, []);
    assert.match(refused.notes.join('\n'), /The setting stockMedia\.insert\.siteUrlPath is not a path on the site/);
    assert.ok(!other.document.getText().includes('evil.example'), other.document.getText());
  });

  it('a template that makes a name over 255 bytes (漢×100, 304 with the extension): cut between two characters, the extension kept, saved', async () => {
    await setInsert('fileName', `${'漢'.repeat(100)}-{id}`);
    const editor = await openNew('long-name.md', '');
    const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media, mode: 'download' });
    assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
    // 224 bytes before the extension (74 characters of 3 bytes), so the `.part` name it is written through fits too.
    const name = `${'漢'.repeat(74)}.png`;
    assert.deepEqual(
      outcome.files?.map((f) => f.uri.path.slice(f.uri.path.lastIndexOf('/') + 1)),
      [name],
    );
    const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
    assert.ok((await vscode.workspace.fs.stat(vscode.Uri.joinPath(folder, name))).size > 0);
    assert.deepEqual(
      (await vscode.workspace.fs.readDirectory(folder)).map(([n]) => n).filter((n) => n.endsWith('.part')),
      [],
      'no temporary file left',
    );
  });

  it('a Hugo page bundle: the file next to its index.md, linked by its bare name', async () => {
    const config = vscode.Uri.joinPath(workspaceRoot(), 'hugo.toml');
    await vscode.workspace.fs.writeFile(config, new TextEncoder().encode('title = "Test"\n'));
    try {
      const editor = await openNew('posts/hello/index.md', '');
      const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media, mode: 'download' });
      assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
      const name = `${savedStem(photo, 'large')}.png`;
      assert.ok(editor.document.getText().startsWith(`![${photo.alt}](${name})`), editor.document.getText());
      assert.ok((await vscode.workspace.fs.stat(vscode.Uri.joinPath(editor.document.uri, '..', name))).size > 0);
    } finally {
      await vscode.workspace.fs.delete(config).then(undefined, () => undefined);
    }
  });

  it('responsive: every srcset candidate serves the width it claims', async () => {
    await setInsert('responsive', true);
    await setInsert('size', 1280);
    const editor = await openNew('hero.html', '');
    await vscode.commands.executeCommand('stockMedia.insert', { media });
    const srcset = /srcset="([^"]+)"/.exec(editor.document.getText())?.[1]?.replaceAll('&amp;', '&');
    assert.ok(srcset, editor.document.getText());
    const candidates = srcset.split(', ').map((c) => {
      const [url, descriptor] = c.split(' ');
      return { url: url ?? '', width: Number(/^(\d+)w$/.exec(descriptor ?? '')?.[1]) };
    });
    assert.deepEqual(
      candidates.map((c) => c.width),
      [640, 1280, 1920],
    );
    for (const { url, width } of candidates) assert.equal((await servedSize(url)).width, width, url);
  });

  it('Insert as… saving: each size shows its pixels and its file’s size (HEAD, no key); the chosen crop is saved at that size', async () => {
    const recorded = recordQuickInputs();
    try {
      const editor = await openNew('picked.md', '');
      const pending = vscode.commands.executeCommand<InsertOutcome>('stockMedia.insertAs', { media, mode: 'download' });
      const pick = await waitFor(() => recorded.picks[0], 'the size picker', 10_000);
      const labels = (): string[] => pick.items.map((i) => i.label);
      await waitFor(() => labels().includes('1200x630'), 'the sizes');
      for (const label of ['large', 'original', '640w', '1280w', '1920x1080', '1600x1200', '1080x1080', '1200x630']) {
        assert.ok(labels().includes(label), `${label} in ${labels().join(', ')}`);
      }
      const item = (label: string): vscode.QuickPickItem | undefined => pick.items.find((i) => i.label === label);
      // Pixel sizes for this photo. It is 1920 wide: no width of 1920 or more is offered as if made
      // from it; the original, at its own width, is named once, among the service's sizes.
      assert.match(item('1280w')?.description ?? '', /^1280 × 853/);
      assert.ok(!labels().includes('1920w') && !labels().includes('2560w'), labels().join(', '));
      assert.match(item('original')?.description ?? '', /^1920 × 1280/);
      assert.equal(pick.items.filter((i) => /original’s full width/.test(`${i.description} ${i.detail}`)).length, 0);
      // Nothing set: the size the list starts on is the default, not "your setting".
      assert.match(item('large')?.description ?? '', / · the default/);
      assert.ok(!pick.items.some((i) => /your setting/.test(i.description ?? '')));
      // File sizes arrive from HEAD requests: each the Content-Length of a GET of the same address.
      const shown = await waitFor(() => {
        const d = item('1200x630')?.description ?? '';
        return / · \d+ KB$/.test(d) ? d : undefined;
      }, 'the file size of 1200x630', 20_000);
      const heads = server().mediaLog.filter((e) => e.method === 'HEAD');
      assert.ok(heads.length >= 1 && heads.every((e) => !e.hadKey), 'HEAD requests without a key');
      assert.ok(!server().mediaLog.some((e) => e.method === 'GET'), 'nothing downloaded while choosing');
      const cropUrl = new URL(photo.src.original);
      cropUrl.search = '?auto=compress&cs=tinysrgb&fit=crop&h=630&w=1200';
      const bytes = (await (await fetch(cropUrl.href)).arrayBuffer()).byteLength;
      assert.equal(shown, `1200 × 630 · ${Math.ceil(bytes / 1024)} KB`);

      // Every size's file size shown (the picker redraws until then), then the crop chosen as with the arrow keys.
      await waitFor(() => pick.items.filter((i) => / × /.test(i.description ?? '')).every((i) => / KB$| MB$/.test(i.description ?? '')), 'every file size', 20_000);
      const crop = item('1200x630');
      assert.ok(crop);
      await choose(pick, crop);
      await accept();
      await waitFor(() => recorded.boxes[0], 'the alt text box', 10_000);
      await accept();
      const nameBox = await waitFor(() => recorded.boxes[1], 'the file name box', 10_000);
      assert.equal(nameBox.value, `${savedStem(photo, '1200x630')}.png`, 'filled in by stockMedia.insert.fileName');
      await accept();
      const outcome = await pending;
      assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
      const file = vscode.Uri.joinPath(editor.document.uri, '..', 'images', `${savedStem(photo, '1200x630')}.png`);
      assert.deepEqual(pngSize(await vscode.workspace.fs.readFile(file)), { width: 1200, height: 630 });
    } finally {
      recorded.restore();
    }
  });

  it('Insert as… a custom width, typed and checked: inserted at that width; as a link, no HEAD request', async () => {
    const recorded = recordQuickInputs();
    try {
      const editor = await openNew('custom.md', '');
      const pending = vscode.commands.executeCommand<InsertOutcome>('stockMedia.insertAs', { media, mode: 'link' });
      const pick = await waitFor(() => recorded.picks[0], 'the size picker', 10_000);
      const custom = await waitFor(() => pick.items.find((i) => i.label === 'Custom size…'), 'Custom size…');
      await choose(pick, custom);
      await accept();
      const box = await waitFor(() => recorded.boxes[0], 'the custom size box', 10_000);
      // Zero is refused in place: Enter shows why and keeps the box open.
      box.value = '0';
      await accept();
      const message = await waitFor(() => (typeof box.validationMessage === 'string' ? box.validationMessage : undefined), 'a message for 0');
      assert.match(message, /from 1 to 12000/);
      box.value = '800';
      await accept();
      await waitFor(() => recorded.boxes[1], 'the alt text box', 10_000);
      await accept();
      const outcome = await pending;
      assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
      assert.equal((await servedSize(imageUrl(editor.document.getText()))).width, 800);
      assert.ok(!server().mediaLog.some((e) => e.method === 'HEAD'), 'no file sizes asked for a link');
    } finally {
      recorded.restore();
    }
  });
});
