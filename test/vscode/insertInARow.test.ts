// Inserts in a row, as the grid makes them (the insert commands with the grid's
// `{ media, targetUri }`): an insert leaves its alt text selected, and the next one goes after
// its block instead of into it, in Markdown and HTML, with several cursors and several items,
// in a CRLF document and with Save into Workspace and Insert. Typing with the alt text
// selected still replaces it; a selection the user made is replaced; a click elsewhere is
// where the next insert goes; one undo takes back exactly the last insert.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaItem, Photo } from '../../src/core/model';
import type { InsertOutcome } from '../../src/host/insert/inserter';
import { closeAllEditors, extensionApi, fileOpener, useApiServer, workspaceRoot } from './support';
import { savedStem } from './savedNames';

const PLAIN = /^[A-Za-z][A-Za-z ,'-]*$/;
const FOLDER = 'insert-in-a-row-tests';
const openNew = fileOpener(FOLDER);

describe('inserts in a row (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  const photos: Photo[] = [];
  const media = (i: number): MediaItem => ({ kind: 'photo', photo: photos[i] as Photo });
  const image = (i: number, alt = photos[i]?.alt): string => `![${alt}](${photos[i]?.src.large})`;
  const credit = (i: number): string => `Photo by [${photos[i]?.photographer}](${photos[i]?.photographer_url}) on [Pexels](${photos[i]?.url})`;
  const block = (i: number, alt?: string): string => `${image(i, alt)}\n\n${credit(i)}`;

  before(async () => {
    const api = await extensionApi();
    // Three photos whose alt texts and names need no escaping, so the text can be written out.
    const plain = server().library.photos.filter((p) => PLAIN.test(p.alt) && PLAIN.test(p.photographer.name)).slice(0, 3);
    assert.equal(plain.length, 3);
    for (const p of plain) photos.push(await api.client.getPhoto(p.id));
  });

  after(async () => {
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
  });

  afterEach(closeAllEditors);

  /** What the grid does when a tile is pressed: the insert command with the tile's media and the target document. */
  async function fromGrid(editor: vscode.TextEditor, i: number, command = 'stockMedia.insert', selection?: unknown): Promise<string> {
    const arg = { media: media(i), targetUri: editor.document.uri.toString() };
    const outcome = await vscode.commands.executeCommand<InsertOutcome>(command, arg, selection);
    assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
    return editor.document.getText();
  }

  const selected = (editor: vscode.TextEditor): string[] => editor.selections.map((s) => editor.document.getText(s));
  const endOf = (editor: vscode.TextEditor): vscode.Selection => {
    const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
    return new vscode.Selection(end, end);
  };

  describe('Markdown', () => {
    it('two and three in a row: each after the one before, every image and credit intact, the newest alt text selected', async () => {
      const editor = await openNew('row.md', 'Intro.\n\nOutro.\n');
      editor.selection = new vscode.Selection(1, 0, 1, 0);
      await fromGrid(editor, 0);
      assert.deepEqual(selected(editor), [photos[0]?.alt]);
      assert.equal(await fromGrid(editor, 1), `Intro.\n\n${block(0)}\n\n${block(1)}\n\nOutro.\n`);
      assert.deepEqual(selected(editor), [photos[1]?.alt]);
      assert.equal(await fromGrid(editor, 2), `Intro.\n\n${block(0)}\n\n${block(1)}\n\n${block(2)}\n\nOutro.\n`);
      assert.deepEqual(selected(editor), [photos[2]?.alt]);
    });

    it('typing with the alt text selected replaces it, as before; the next insert goes after the edited block', async () => {
      const editor = await openNew('typed.md', 'Intro.');
      editor.selection = endOf(editor);
      await fromGrid(editor, 0);
      await vscode.commands.executeCommand('type', { text: 'A quiet morning' });
      assert.equal(editor.document.getText(), `Intro.\n\n${block(0, 'A quiet morning')}`);
      assert.equal(await fromGrid(editor, 1), `Intro.\n\n${block(0, 'A quiet morning')}\n\n${block(1)}`);
      // The second's alt text is selected, and typing replaces it too.
      await vscode.commands.executeCommand('type', { text: 'Fog' });
      assert.equal(editor.document.getText(), `Intro.\n\n${block(0, 'A quiet morning')}\n\n${block(1, 'Fog')}`);
    });

    it('a selection the user made is replaced; a click elsewhere is where the next insert goes', async () => {
      const editor = await openNew('user.md', 'Intro.\n\nReplace me.\n\nOutro.');
      editor.selection = new vscode.Selection(0, 6, 0, 6);
      await fromGrid(editor, 0);
      const afterFirst = editor.document.getText();
      assert.equal(afterFirst, `Intro.\n\n${block(0)}\n\nReplace me.\n\nOutro.`);
      // The user selects a paragraph: it is replaced by the insert.
      const line = afterFirst.split('\n').indexOf('Replace me.');
      editor.selection = new vscode.Selection(line, 0, line, 'Replace me.'.length);
      assert.equal(await fromGrid(editor, 1), `Intro.\n\n${block(0)}\n\n${block(1)}\n\nOutro.`);
      // The user clicks at the end of the document: the insert goes there.
      editor.selection = endOf(editor);
      assert.equal(await fromGrid(editor, 2), `Intro.\n\n${block(0)}\n\n${block(1)}\n\nOutro.\n\n${block(2)}`);
    });

    it('one undo takes back exactly the second insert and leaves the cursor where it went; the next insert goes there, after the first', async () => {
      const editor = await openNew('undo.md', 'Intro.');
      editor.selection = endOf(editor);
      await fromGrid(editor, 0);
      const afterFirst = editor.document.getText();
      await fromGrid(editor, 1);
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), afterFirst);
      assert.ok(editor.selection.isEmpty && editor.document.offsetAt(editor.selection.active) === afterFirst.length, 'the cursor after the first block');
      assert.equal(await fromGrid(editor, 2), `Intro.\n\n${block(0)}\n\n${block(2)}`);
      // Undo the inserts back to the start: the document as it was, then an ordinary insert at the cursor.
      await vscode.commands.executeCommand('undo');
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), 'Intro.');
      editor.selection = new vscode.Selection(0, 0, 0, 0);
      assert.equal(await fromGrid(editor, 1), `${block(1)}\n\nIntro.`);
    });

    it('several cursors in a CRLF document: each second insert after its own first; one undo takes back the second', async () => {
      const original = 'A.\r\n\r\nB.';
      const editor = await openNew('cursors.md', original);
      editor.selections = [new vscode.Selection(0, 2, 0, 2), endOf(editor)];
      await fromGrid(editor, 0);
      const afterFirst = editor.document.getText();
      assert.deepEqual(selected(editor), [photos[0]?.alt, photos[0]?.alt]);
      const after = await fromGrid(editor, 1);
      const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
      assert.equal(after, crlf(`A.\n\n${block(0)}\n\n${block(1)}\n\nB.\n\n${block(0)}\n\n${block(1)}`));
      assert.deepEqual(selected(editor), [photos[1]?.alt, photos[1]?.alt]);
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), afterFirst);
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), original);
    });

    it('several items at once, then another: after all of them, also from the second item’s alt text (Tab)', async () => {
      const editor = await openNew('items.md', '');
      const both = [0, 1].map((i) => ({ media: media(i) }));
      await fromGrid(editor, 0, 'stockMedia.insert', both);
      assert.equal(editor.document.getText(), `${block(0)}\n\n${block(1)}`);
      await vscode.commands.executeCommand('jumpToNextSnippetPlaceholder');
      assert.deepEqual(selected(editor), [photos[1]?.alt]);
      assert.equal(await fromGrid(editor, 2), `${block(0)}\n\n${block(1)}\n\n${block(2)}`);
    });

    it('Save into Workspace and Insert twice: the second image and credit after the first, both linking their saved files', async () => {
      const editor = await openNew('saved.md', 'Intro.');
      editor.selection = endOf(editor);
      await fromGrid(editor, 0, 'stockMedia.saveAndInsert');
      const after = await fromGrid(editor, 1, 'stockMedia.saveAndInsert');
      const saved = (i: number): string => `![${photos[i]?.alt}](images/${savedStem(photos[i] ?? { id: 0 }, 'large')}.png)\n\n${credit(i)}`;
      assert.equal(after, `Intro.\n\n${saved(0)}\n\n${saved(1)}`);
      const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
      const names = (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name).sort();
      assert.deepEqual(names, [`${savedStem(photos[0] ?? { id: 0 }, 'large')}.png`, `${savedStem(photos[1] ?? { id: 0 }, 'large')}.png`].sort());
    });
  });

  describe('HTML', () => {
    /** The text one insert of photo `i` makes in an empty HTML file (the editor's indentation settings apply). */
    async function alone(i: number): Promise<string> {
      const editor = await openNew(`alone-${i}.html`, '');
      return fromGrid(editor, i);
    }

    it('three figures in a row, each on its own lines after the one before; one undo takes back the third', async () => {
      const figures = [await alone(0), await alone(1), await alone(2)];
      assert.ok(figures.every((f) => f.startsWith('<figure>') && f.endsWith('</figure>')), figures[0]);
      const editor = await openNew('row.html', '');
      await fromGrid(editor, 0);
      await fromGrid(editor, 1);
      const two = editor.document.getText();
      assert.equal(two, figures.slice(0, 2).join('\n'));
      assert.equal(await fromGrid(editor, 2), figures.join('\n'));
      assert.deepEqual(selected(editor), [photos[2]?.alt]);
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), two);
    });

    it('an <img> without a credit: the next one right after it, not inside its alt attribute', async () => {
      const config = vscode.workspace.getConfiguration('stockMedia.insert');
      await config.update('credit', false, vscode.ConfigurationTarget.Workspace);
      try {
        const images = [await alone(0), await alone(1)];
        assert.ok(images.every((t) => t.startsWith('<img ') && !t.includes('\n')), images[0]);
        const editor = await openNew('inline.html', '<p></p>');
        editor.selection = new vscode.Selection(0, 3, 0, 3);
        await fromGrid(editor, 0);
        assert.equal(await fromGrid(editor, 1), `<p>${images[0]}${images[1]}</p>`);
      } finally {
        await config.update('credit', undefined, vscode.ConfigurationTarget.Workspace);
      }
    });
  });
});
