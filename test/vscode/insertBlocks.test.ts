// Where an insert lands in a real editor: a Markdown insert is a block of its own (the
// document is parsed back with markdown-it and its paragraphs compared before and after),
// at every cursor in one undo step with the alt text selected; HTML takes the indentation
// of the line it goes into.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaItem, Photo } from '../../src/core/model';
import type { InsertOutcome } from '../../src/host/insert/inserter';
import { MediaDropProvider } from '../../src/host/insert/drop';
import { MediaInserter } from '../../src/host/insert/inserter';
import { MEDIA_MIME, encodeMediaDrag } from '../../src/shared/dnd';
import { htmlElements, inlineTypes, markdownBlocks } from '../unit/blockChecks';
import { closeAllEditors, extensionApi, fileOpener, plainPhoto, useApiServer, workspaceRoot } from './support';

const root = workspaceRoot;
const openNew = fileOpener('insert-block-tests');

const at = (line: number, character: number): vscode.Selection => new vscode.Selection(line, character, line, character);
const endOfLine = (editor: vscode.TextEditor, line: number): vscode.Selection => {
  const end = editor.document.lineAt(line).range.end;
  return new vscode.Selection(end, end);
};

describe('insert blocks (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let photo: Photo;
  let media: MediaItem;
  let image: string;
  let credit: string;

  before(async () => {
    photo = await plainPhoto(server());
    media = { kind: 'photo', photo };
    image = `![${photo.alt}](${photo.src.large})`;
    credit = `Photo by [${photo.photographer}](${photo.photographer_url}) on [Pexels](${photo.url})`;
  });

  after(async () => {
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), 'insert-block-tests'), { recursive: true }).then(undefined, () => undefined);
  });

  afterEach(closeAllEditors);

  /** The blocks of `before` with the image and credit paragraphs at `index` (inside list items with `prefix`). */
  function withInsert(before: string, index: number, prefix = ''): string[] {
    const blocks = markdownBlocks(before);
    const own = [`p: ${image}`, `p: ${credit}`].map((b) => (prefix ? `${prefix} > ${b}` : b));
    return [...blocks.slice(0, index), ...own, ...blocks.slice(index)];
  }

  async function insertAt(editor: vscode.TextEditor, ...selections: vscode.Selection[]): Promise<string> {
    editor.selections = selections;
    const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
    assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
    return editor.document.getText();
  }

  describe('Markdown', () => {
    it('at the end of a paragraph: the image does not join it, the credit does not join the next', async () => {
      const original = 'Intro text.\nMore text.\n\nNext paragraph.\n';
      const editor = await openNew('end.md', original);
      const after = await insertAt(editor, endOfLine(editor, 1));
      assert.deepEqual(markdownBlocks(after), withInsert(original, 1));
      assert.deepEqual(inlineTypes(after, image), ['image']);
      assert.equal(after, `Intro text.\nMore text.\n\n${image}\n\n${credit}\n\nNext paragraph.\n`);
      assert.equal(editor.document.getText(editor.selection), photo.alt, 'the alt text is the selected tab stop');
    });

    it('at the end of a paragraph line with the next paragraph right below', async () => {
      const original = 'Above.\nBelow.\n';
      const editor = await openNew('tight.md', original);
      const after = await insertAt(editor, endOfLine(editor, 0));
      assert.deepEqual(markdownBlocks(after), ['p: Above.', `p: ${image}`, `p: ${credit}`, 'p: Below.']);
    });

    it('on an empty line between two paragraphs', async () => {
      const original = 'One.\n\nTwo.\n';
      const editor = await openNew('between.md', original);
      const after = await insertAt(editor, at(1, 0));
      assert.deepEqual(markdownBlocks(after), withInsert(original, 1));
      assert.equal(after, `One.\n\n${image}\n\n${credit}\n\nTwo.\n`);
      assert.equal(editor.document.getText(editor.selection), photo.alt);
    });

    it('where blank lines already are, and at the start and end of the file, no blank line is added', async () => {
      const spaced = await openNew('spaced.md', 'One.\n\n\n\nTwo.\n');
      assert.equal(await insertAt(spaced, at(2, 0)), `One.\n\n${image}\n\n${credit}\n\nTwo.\n`);
      const start = await openNew('start.md', 'Body.\n');
      assert.equal(await insertAt(start, at(0, 0)), `${image}\n\n${credit}\n\nBody.\n`);
      const end = await openNew('endoffile.md', 'Body.');
      assert.equal(await insertAt(end, endOfLine(end, 0)), `Body.\n\n${image}\n\n${credit}`);
    });

    it('inside a list item: stays in that item, and the list goes on', async () => {
      const original = '- First\n- Second\n';
      const editor = await openNew('list.md', original);
      const after = await insertAt(editor, endOfLine(editor, 0));
      assert.deepEqual(markdownBlocks(after), ['li > p: First', `li > p: ${image}`, `li > p: ${credit}`, 'li > p: Second']);
    });

    it('several cursors: each gets its own block, one undo restores the document, the alt text is selected at each', async () => {
      const original = 'A.\r\nB.\r\n\r\nC.';
      const editor = await openNew('cursors.md', original);
      const after = await insertAt(editor, endOfLine(editor, 0), at(2, 0), endOfLine(editor, 3));
      assert.deepEqual(markdownBlocks(after), [
        'p: A.',
        `p: ${image}`,
        `p: ${credit}`,
        'p: B.',
        `p: ${image}`,
        `p: ${credit}`,
        'p: C.',
        `p: ${image}`,
        `p: ${credit}`,
      ]);
      assert.ok(!/[^\r]\n/.test(after), 'the document keeps its CRLF line ends');
      assert.deepEqual(
        editor.selections.map((s) => editor.document.getText(s)),
        [photo.alt, photo.alt, photo.alt],
      );
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), original);
    });

    it('a drop at the end of a paragraph is a block too', async () => {
      const inserter = new MediaInserter((await extensionApi()).services);
      try {
        const original = 'Intro.\nOutro.';
        const editor = await openNew('drop.md', original);
        const dataTransfer = new vscode.DataTransfer();
        dataTransfer.set(MEDIA_MIME, new vscode.DataTransferItem(encodeMediaDrag([media])));
        const token = new vscode.CancellationTokenSource().token;
        const edit = await new MediaDropProvider(inserter).provideDocumentDropEdits(editor.document, new vscode.Position(0, 6), dataTransfer, token);
        assert.ok(edit && edit.insertText instanceof vscode.SnippetString);
        await editor.insertSnippet(edit.insertText, new vscode.Position(0, 6));
        assert.deepEqual(markdownBlocks(editor.document.getText()), ['p: Intro.', `p: ${image}`, `p: ${credit}`, 'p: Outro.']);
      } finally {
        inserter.dispose();
      }
    });
  });

  describe('templates', () => {
    it('a placeholder unquoted in a tag is refused with a message naming it; nothing is inserted', async () => {
      const original = '<main>\n</main>\n';
      const editor = await openNew('template.html', original);
      editor.selection = at(1, 0);
      const config = vscode.workspace.getConfiguration('stockMedia.insert');
      await config.update('templates', { html: '<img src="{url}" alt={alt}>' }, vscode.ConfigurationTarget.Workspace);
      try {
        const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
        assert.equal(outcome.result, 'failed');
        assert.match(outcome.notes.join('\n'), /\{alt\} is inside a tag but not in quotes, where its value could add attributes\. Put it in quotes, e\.g\. alt="\{alt\}"/);
        assert.equal(editor.document.getText(), original);
        await config.update('templates', { html: '<img src="{url}" alt="{alt}">' }, vscode.ConfigurationTarget.Workspace);
        const quoted = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
        assert.equal(quoted.result, 'inserted', quoted.notes.join('\n'));
        assert.deepEqual(htmlElements(editor.document.getText()).map((e) => e.split(' ')[0]), ['main', 'img', 'p', 'a', 'a']);
      } finally {
        await config.update('templates', undefined, vscode.ConfigurationTarget.Workspace);
      }
    });
  });

  describe('HTML', () => {
    it('takes the indentation of the line it goes into; a figure after an element starts on its own line', async () => {
      const editor = await openNew('indent.html', '<main>\n    <p>Intro</p>\n</main>\n');
      const after = await insertAt(editor, endOfLine(editor, 1));
      const unit = editor.options.insertSpaces ? ' '.repeat(Number(editor.options.tabSize)) : '\t';
      const lines = after.split('\n');
      assert.equal(lines[1], '    <p>Intro</p>');
      assert.equal(lines[2], '    <figure>');
      assert.ok(lines[3]?.startsWith(`    ${unit}<img `), lines[3]);
      assert.ok(lines[4]?.startsWith(`    ${unit}<figcaption>`), lines[4]);
      assert.equal(lines[5], '    </figure>');
      assert.equal(lines[6], '</main>');
      assert.deepEqual(htmlElements(after).map((e) => e.split(' ')[0]), ['main', 'p', 'figure', 'img', 'figcaption', 'a', 'a']);
    });

    it('on an indented empty line the further lines take that indentation', async () => {
      const editor = await openNew('blank.html', '<div>\n  \n</div>\n');
      const after = await insertAt(editor, endOfLine(editor, 1));
      const lines = after.split('\n');
      assert.equal(lines[0], '<div>');
      assert.equal(lines[1], '  <figure>');
      assert.match(lines[2] ?? '', /^ {2}\s+<img /);
      assert.equal(lines[4], '  </figure>');
      assert.equal(lines[5], '</div>');
    });

    it('on an empty line at column 0 inside an indented <main>: the indentation of the element it goes into, one undo step', async () => {
      const original = '<body>\n  <main>\n\n  </main>\n</body>\n';
      const editor = await openNew('main.html', original);
      const unit = editor.options.insertSpaces ? ' '.repeat(Number(editor.options.indentSize ?? editor.options.tabSize)) : '\t';
      const after = await insertAt(editor, at(2, 0));
      const lines = after.split('\n');
      assert.equal(lines[1], '  <main>');
      assert.equal(lines[2], `  ${unit}<figure>`);
      assert.ok(lines[3]?.startsWith(`  ${unit}${unit}<img `), lines[3]);
      assert.equal(lines[5], `  ${unit}</figure>`);
      assert.equal(lines[6], '  </main>');
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), original);
    });

    it('two cursors on empty lines of two indented elements: each insert at its element’s indentation', async () => {
      const original = '<main>\n    <section>\n\n    </section>\n    <aside>\n    <p>Aside</p>\n\n    </aside>\n</main>\n';
      const editor = await openNew('two.html', original);
      const unit = editor.options.insertSpaces ? ' '.repeat(Number(editor.options.indentSize ?? editor.options.tabSize)) : '\t';
      const after = await insertAt(editor, at(2, 0), at(6, 0));
      const figures = after.split('\n').filter((line) => line.trim() === '<figure>');
      assert.deepEqual(figures, [`    ${unit}<figure>`, '    <figure>']);
      assert.ok(after.includes(`\n    ${unit}</figure>\n    </section>\n`), after);
      assert.ok(after.includes('\n    </figure>\n    </aside>\n'), after);
    });
  });
});
