// Insert as… in a real VS Code (both hosts), against the local server: the size picker, then
// the alt text and the saved file's name in input boxes, filled in and edited before anything
// is written; the document shows the edited alt text, the file on disk has the edited name,
// and one undo takes the insert back. Escape in either box writes and inserts nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaItem, Photo } from '../../src/core/model';
import type { InsertOutcome } from '../../src/host/insert/inserter';
import { tileMenuContext } from '../../src/webview/tileMenu';
import type { Shown } from './support';
import { closeAllEditors, countQuickInputs, exists, extensionApi, fileOpener, gridTold, recordUi, sameBytes, useApiServer, waitFor, workspaceRoot } from './support';
import { savedStem } from './savedNames';

const FOLDER = 'insert-as-tests';
const openNew = fileOpener(FOLDER);

type Fn = (...args: unknown[]) => unknown;

/** Records every input box the extension creates (the real ones, shown in the workbench). */
function recordInputBoxes(boxes: vscode.InputBox[]): () => void {
  const window = vscode.window as unknown as Record<string, Fn>;
  const original = window.createInputBox;
  assert.ok(original);
  const bound = original.bind(vscode.window);
  window.createInputBox = () => {
    const box = bound() as vscode.InputBox;
    boxes.push(box);
    return box;
  };
  return () => {
    window.createInputBox = original;
  };
}

async function nextBox(boxes: vscode.InputBox[], index: number, what: string): Promise<vscode.InputBox> {
  return waitFor(() => boxes[index], what, 10_000);
}

/** Enter in the quick input, as the user presses it. */
const accept = (): Thenable<unknown> => vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
/** Escape in the quick input. */
const escape = (): Thenable<unknown> => vscode.commands.executeCommand('workbench.action.closeQuickOpen');

let quickInputs: ReturnType<typeof countQuickInputs> | undefined;

/** Accepts the size picker (the test's first quick input) on its current row (the setting: large), once it shows. */
async function acceptSizePicker(): Promise<void> {
  await waitFor(() => (quickInputs?.shown() ?? 0) > 0, 'the size picker', 10_000);
  await accept();
}

describe('Insert as… edits before inserting (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let photo: Photo;
  let media: MediaItem;
  const boxes: vscode.InputBox[] = [];
  let restore: () => void = () => undefined;

  before(async () => {
    const api = await extensionApi();
    const candidate = server().library.photos.find((p) => /^[A-Za-z ,'-]+$/.test(p.alt));
    assert.ok(candidate);
    photo = await api.client.getPhoto(candidate.id);
    media = { kind: 'photo', photo };
  });

  beforeEach(() => {
    boxes.length = 0;
    restore = recordInputBoxes(boxes);
    quickInputs = countQuickInputs();
  });

  afterEach(async () => {
    quickInputs?.restore();
    restore();
    await escape();
    await closeAllEditors();
  });

  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
  });

  it('saved into the workspace: the edited alt text in the document, the edited name on disk, one undo', async () => {
    const editor = await openNew('edited.md', '# Rocks\n\n');
    editor.selection = new vscode.Selection(2, 0, 2, 0);
    const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
    const pending = vscode.commands.executeCommand<InsertOutcome>('stockMedia.insertAs', { media, mode: 'download' });
    await acceptSizePicker();

    const alt = await nextBox(boxes, 0, 'the alt text box');
    assert.equal(alt.value, photo.alt, 'filled in with the service’s alt text');
    // Typed text that would be Markdown is escaped like the service's text.
    alt.value = 'Rocks at [dusk] *glowing*';
    await accept();

    const name = await nextBox(boxes, 1, 'the file name box');
    // Named by stockMedia.insert.fileName (`{slug}-{id}-{size}`) from the alt text as edited.
    assert.match(name.value, new RegExp(`^rocks-at-dusk-glowing-${photo.id}-large\\.\\w+$`), 'filled in by the naming rule');
    assert.equal(await exists(folder), false, 'nothing is written while the name is asked');
    // A name that leaves the folder is refused in place: Enter shows why and keeps the box open.
    name.value = '../../escape';
    await accept();
    const message = await waitFor(() => name.validationMessage, 'a message for a name with a folder');
    assert.match(String(message), /\//);
    assert.equal(await Promise.race([pending.then(() => 'settled'), new Promise((r) => setTimeout(() => r('open'), 300))]), 'open');
    name.value = 'Golden rocks.jpg';
    await accept();

    const outcome = await pending;
    assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
    // The extension is the server's type (png here), not the one typed.
    const files = (await vscode.workspace.fs.readDirectory(folder)).map(([n]) => n);
    assert.deepEqual(files, ['Golden rocks.png']);
    const served = new Uint8Array(await (await fetch(photo.src.large)).arrayBuffer());
    assert.ok(sameBytes(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, 'Golden rocks.png')), served));
    const text = editor.document.getText();
    assert.ok(text.startsWith('# Rocks\n\n![Rocks at \\[dusk\\] \\*glowing\\*](images/Golden%20rocks.png)\n\nPhoto by '), text);
    // One undo step takes back the whole insert.
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), '# Rocks\n\n');
  });

  it('as a link: only the alt text is asked; an alt text cleared on purpose stays empty', async () => {
    const editor = await openNew('link.html', '');
    const pending = vscode.commands.executeCommand<InsertOutcome>('stockMedia.insertAs', { media, mode: 'link' });
    await acceptSizePicker();
    const alt = await nextBox(boxes, 0, 'the alt text box');
    alt.value = '';
    await accept();
    const outcome = await pending;
    assert.equal(outcome.result, 'inserted');
    assert.equal(boxes.length, 1, 'no file name is asked for a link');
    assert.match(editor.document.getText(), /<img src="[^"]+" alt="" width=/);
  });

  it('Escape in the alt text box: nothing inserted', async () => {
    const editor = await openNew('escape-alt.md', 'keep');
    const pending = vscode.commands.executeCommand<InsertOutcome>('stockMedia.insertAs', { media, mode: 'download' });
    await acceptSizePicker();
    await nextBox(boxes, 0, 'the alt text box');
    await escape();
    assert.equal((await pending).result, 'cancelled');
    assert.equal(editor.document.getText(), 'keep');
    assert.equal(editor.document.isDirty, false);
  });

  it('Escape in the file name box: nothing written, nothing inserted', async () => {
    const editor = await openNew('escape-name.md', 'keep');
    const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
    server().clearLog();
    const pending = vscode.commands.executeCommand<InsertOutcome>('stockMedia.insertAs', { media, mode: 'download' });
    await acceptSizePicker();
    (await nextBox(boxes, 0, 'the alt text box')).value = 'Changed';
    await accept();
    await nextBox(boxes, 1, 'the file name box');
    await escape();
    assert.equal((await pending).result, 'cancelled');
    assert.equal(editor.document.getText(), 'keep');
    assert.equal(await exists(folder), false);
    // Only the sizes of the files were asked (HEAD), nothing downloaded.
    assert.deepEqual(server().mediaLog.filter((e) => e.method !== 'HEAD'), [], 'not even downloaded');
  });

  it('a name of 300 bytes in UTF-8 (漢×100): refused in the box with its byte count, before anything is downloaded', async () => {
    const editor = await openNew('long-name.md', 'keep');
    const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
    server().clearLog();
    const pending = vscode.commands.executeCommand<InsertOutcome>('stockMedia.insertAs', { media, mode: 'download' });
    await acceptSizePicker();
    await nextBox(boxes, 0, 'the alt text box');
    await accept();
    const name = await nextBox(boxes, 1, 'the file name box');
    name.value = '漢'.repeat(100);
    await accept();
    const message = await waitFor(() => name.validationMessage, 'a message for a name too long in bytes');
    assert.match(String(message), /\b300\b.*\b224\b/);
    // The box stayed open: Escape cancels the whole insert.
    await escape();
    assert.equal((await pending).result, 'cancelled');
    assert.equal(editor.document.getText(), 'keep');
    assert.equal(await exists(folder), false);
    assert.deepEqual(server().mediaLog.filter((e) => e.method !== 'HEAD'), [], 'not even downloaded');
  });

  it('a failed save, then Retry: the same insert again, saved under the name typed then, which is not asked again', async () => {
    // A photo no test here downloaded before (the web host's fetch keeps the library's files in the browser's cache).
    const other = server().library.photos.filter((p) => /^[A-Za-z ,'-]+$/.test(p.alt) && p.id !== photo.id).at(-1);
    assert.ok(other);
    const retried: MediaItem = { kind: 'photo', photo: await (await extensionApi()).client.getPhoto(other.id) };
    const editor = await openNew('retried.md', '# Rocks\n\n');
    editor.selection = new vscode.Selection(2, 0, 2, 0);
    const shown: Shown[] = [];
    let click: (label: string | undefined) => void = () => undefined;
    const restoreUi = recordUi(shown, [], (s) => (s.level === 'error' ? new Promise<string | undefined>((resolve) => (click = resolve)) : undefined));
    server().setSwitches({ mediaFault: 'dropMidBody' });
    try {
      const pending = vscode.commands.executeCommand<InsertOutcome>('stockMedia.insertAs', { media: retried, mode: 'download' });
      await acceptSizePicker();
      await nextBox(boxes, 0, 'the alt text box');
      await accept();
      const name = await nextBox(boxes, 1, 'the file name box');
      name.value = 'Typed once';
      await accept();
      const outcome = await pending;
      assert.equal(outcome.result, 'failed', outcome.notes.join('\n'));
      const error = await waitFor(() => shown.find((s) => s.level === 'error'), 'the error notification');
      assert.deepEqual(error.buttons, ['Retry', 'Insert as Link Instead']);
      assert.equal(editor.document.getText(), '# Rocks\n\n', 'nothing inserted');

      server().resetSwitches();
      click('Retry');
      await waitFor(() => editor.document.getText().includes('](images/Typed%20once.png)'), `the retried insert (now: ${JSON.stringify(editor.document.getText())})`, 15_000);
      assert.ok(editor.document.getText().startsWith(`# Rocks\n\n![${other.alt}](images/Typed%20once.png)\n\nPhoto by `), editor.document.getText());
      assert.deepEqual((await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(editor.document.uri, '..', 'images'))).map(([n]) => n).filter((n) => n.startsWith('Typed')), ['Typed once.png']);
      assert.equal(boxes.length, 2, 'no box asked again');
      assert.equal(quickInputs?.shown(), 3, 'the picker and the two boxes, once each');
      assert.equal(shown.filter((s) => s.level === 'error').length, 1, 'no second error');
    } finally {
      click(undefined);
      restoreUi();
      server().resetSwitches();
    }
  });

  it('from a grid tile’s menu: Insert as… and Save into Workspace and Insert act on that tile', async () => {
    const editor = await openNew('tile.md', '');
    await vscode.commands.executeCommand('stockMedia.search', { query: 'morning' });
    const shown = await gridTold();
    // The first tile's right-click context (the webview's data-vscode-context: grid.e2e).
    const context = JSON.parse(tileMenuContext(shown.items[0]?.key ?? '', false)) as Record<string, unknown>;
    const menuArg = { webview: 'stockMedia.grid', ...context };
    const id = Number(String(context.key).split(':')[1]);
    const tilePhoto = server().library.photos.find((p) => p.id === id);
    assert.ok(tilePhoto);

    const saving = vscode.commands.executeCommand<InsertOutcome>('stockMedia.saveAndInsert', menuArg);
    const saved = await saving;
    assert.equal(saved.result, 'inserted', saved.notes.join('\n'));
    assert.ok(editor.document.getText().includes(`](images/${savedStem(tilePhoto, 'large')}.png)`), editor.document.getText());

    const pending = vscode.commands.executeCommand<InsertOutcome>('stockMedia.insertAs', menuArg);
    await acceptSizePicker();
    const alt = await nextBox(boxes, 0, 'the alt text box');
    assert.equal(alt.value, tilePhoto.alt);
    alt.value = 'From the tile';
    await accept();
    const outcome = await pending;
    assert.equal(outcome.result, 'inserted');
    assert.ok(editor.document.getText().includes('![From the tile]('), editor.document.getText());
  });
});
