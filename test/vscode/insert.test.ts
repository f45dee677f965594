// Inserting photos and videos in a real VS Code, against the local server: the formats
// per language, several cursors and one undo, the grid's target document, the clipboard
// when no editor is open, saving into the workspace, trust, drops, and the copy commands.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { MediaItem, Photo, Video } from '../../src/core/model';
import { MediaInserter } from '../../src/host/insert/inserter';
import type { InsertOutcome } from '../../src/host/insert/inserter';
import type { PipelineDeps } from '../../src/host/insert/prepare';
import { MediaDropProvider } from '../../src/host/insert/drop';
import { mediaDragController } from '../../src/host/collections/collectionsFeature';
import { MEDIA_MIME, encodeMediaDrag } from '../../src/shared/dnd';
import { OWN_HTTP_SERVER, itInNode } from './hosts';
import { PLAIN, closeAllEditors, countQuickInputs, extensionApi, fileOpener, mediaArgs, plainPhoto, sameBytes, useApiServer, waitFor, workspaceRoot } from './support';
import { savedStem } from './savedNames';

const root = workspaceRoot;
const openNew = fileOpener('insert-tests');

async function setInsertSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('stockMedia.insert').update(key, value, vscode.ConfigurationTarget.Workspace);
}

function endOf(document: vscode.TextDocument): vscode.Position {
  return document.lineAt(document.lineCount - 1).range.end;
}

describe('insert (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let photo: Photo;
  let video: Video;
  let media: MediaItem;
  let videoMedia: MediaItem;

  before(async () => {
    const api = await extensionApi();
    photo = await plainPhoto(server());
    media = { kind: 'photo', photo };
    const clip = server().library.videos.find((v) => PLAIN.test(v.user.name) && v.files.some((f) => f.quality === 'hd' && Math.min(f.width ?? 0, f.height ?? 0) === 1080));
    assert.ok(clip);
    video = await api.client.getVideo(clip.id);
    videoMedia = { kind: 'video', video };
  });

  after(async () => {
    await closeAllEditors();
    for (const key of ['templates', 'mode', 'credit', 'downloadFolder', 'photoVariant']) await setInsertSetting(key, undefined);
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), 'insert-tests'), { recursive: true }).then(undefined, () => undefined);
  });

  afterEach(closeAllEditors);

  const candidateAlt = (): string => photo.alt ?? '';
  const credit = (): string => `Photo by [${photo.photographer}](${photo.photographer_url}) on [Pexels](${photo.url})`;

  describe('formats', () => {
    it('Markdown: image and credit at the cursor; the alt text is selected for editing', async () => {
      const editor = await openNew('page.md', '# Title\n\n');
      editor.selection = new vscode.Selection(endOf(editor.document), endOf(editor.document));
      const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
      assert.equal(outcome.result, 'inserted');
      const expected = `![${photo.alt}](${photo.src.large})\n\n${credit()}`;
      assert.equal(editor.document.getText(), `# Title\n\n${expected}`);
      // The snippet's first tab stop is the alt text: it is what is selected now.
      assert.equal(editor.document.getText(editor.selection), candidateAlt());
    });

    it('HTML: <figure> with <img> (sizes of the variant, lazy) and <figcaption>', async () => {
      const editor = await openNew('index.html', '<body>\n\n</body>\n');
      assert.equal(editor.document.languageId, 'html');
      editor.selection = new vscode.Selection(1, 0, 1, 0);
      await vscode.commands.executeCommand('stockMedia.insert', { media });
      const text = editor.document.getText();
      const scale = Math.min(1, 940 / photo.width, 650 / photo.height);
      const [w, h] = [Math.round(photo.width * scale), Math.round(photo.height * scale)];
      const src = photo.src.large.replace(/&/g, '&amp;');
      assert.ok(text.includes(`<img src="${src}" alt="${candidateAlt().replace(/'/g, '&#39;')}" width="${w}" height="${h}" loading="lazy" decoding="async">`), text);
      // Inside <body>, one level in (the editor's indentation: four spaces here), its lines below it one more.
      assert.match(text, /^<body>\n {4}<figure>\n {8}<img [^\n]+>\n {8}<figcaption>Photo by <a href="[^"]+">[^<]+<\/a> on <a href="[^"]+">Pexels<\/a><\/figcaption>\n {4}<\/figure>\n<\/body>\n$/);
      assert.ok(text.includes(`<a href="${photo.photographer_url}">${photo.photographer.replace(/'/g, '&#39;')}</a>`));
    });

    it('TSX: self-closing <img /> with numeric sizes and a JSX credit', async () => {
      const editor = await openNew('Hero.tsx', 'export const Hero = () => (\n  <div>\n    \n  </div>\n);\n');
      assert.equal(editor.document.languageId, 'typescriptreact');
      editor.selection = new vscode.Selection(2, 4, 2, 4);
      await setInsertSetting('htmlCredit', 'paragraph');
      try {
        await vscode.commands.executeCommand('stockMedia.insert', { media });
      } finally {
        await setInsertSetting('htmlCredit', undefined);
      }
      const text = editor.document.getText();
      assert.match(text, /<img src="[^"]+" alt=(?:"[^"]*"|\{'[^']*'\}) width=\{\d+\} height=\{\d+\} loading="lazy" decoding="async" \/>/);
      // The second line of the snippet is indented like the cursor's line.
      assert.match(text, /\n {4}<p className="credit">Photo by <a href="[^"]+">[^<]+<\/a> on <a href="[^"]+">Pexels<\/a><\/p>\n/);
    });

    it('CSS: url("…") with the credit as a comment', async () => {
      const editor = await openNew('site.css', '.hero {\n  background-image: ;\n}\n');
      assert.equal(editor.document.languageId, 'css');
      editor.selection = new vscode.Selection(1, 20, 1, 20);
      await vscode.commands.executeCommand('stockMedia.insert', { media });
      assert.equal(
        editor.document.lineAt(1).text,
        `  background-image: url("${photo.src.large}") /* Photo by ${photo.photographer} (${photo.photographer_url}) on Pexels (${photo.url}) */;`,
      );
    });

    it('a video in Markdown: the poster linked to the page, "Video by"', async () => {
      const editor = await openNew('video.md', '');
      await vscode.commands.executeCommand('stockMedia.insert', { media: videoMedia });
      const text = editor.document.getText();
      assert.match(text, /^\[!\[[^\]]+\]\([^)]+\)\]\(([^)]+)\)\n\nVideo by \[[^\]]+\]\([^)]+\) on \[Pexels\]\(([^)]+)\)$/);
      assert.ok(text.includes(`](${video.image})](${video.url})`), text);
      assert.ok(text.includes(`Video by [${video.user.name}](${video.user.url}) on [Pexels](${video.url})`));
    });

    it('a video in HTML: <video controls> with the poster and the 1080p file', async () => {
      const editor = await openNew('video.html', '');
      await vscode.commands.executeCommand('stockMedia.insert', { media: videoMedia });
      const text = editor.document.getText();
      const file = video.video_files.find((f) => f.quality === 'hd' && Math.min(f.width ?? 0, f.height ?? 0) === 1080);
      assert.ok(file);
      assert.ok(text.includes(`<source src="${file.link}" type="video/mp4">`), text);
      assert.ok(text.includes(`<video controls preload="metadata" poster="${video.image.replace(/&/g, '&amp;')}" width="${file.width}" height="${file.height}"`), text);
    });
  });

  describe('editing', () => {
    it('inserts at every cursor as one undo step; one undo restores the document byte for byte', async () => {
      const original = 'one\r\ntwo\r\nthree\r\n';
      const editor = await openNew('cursors.md', original);
      const before = editor.document.getText();
      editor.selections = [0, 1, 2].map((line) => new vscode.Selection(editor.document.lineAt(line).range.end, editor.document.lineAt(line).range.end));
      const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
      assert.equal(outcome.result, 'inserted');
      const after = editor.document.getText();
      assert.equal(after.split(`![${photo.alt}](${photo.src.large})`).length - 1, 3, after);
      assert.equal(after.split(credit()).length - 1, 3);
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), before);
      assert.equal(editor.document.getText(), original);
    });

    it('the grid’s targetUri: inserts into that document and reveals it, not the active one', async () => {
      const target = await openNew('target.md', 'T\n');
      target.selection = new vscode.Selection(1, 0, 1, 0);
      const other = await openNew('other.md', 'O\n');
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), other.document.uri.toString());
      await vscode.commands.executeCommand('stockMedia.insert', { media, targetUri: target.document.uri.toString() });
      assert.equal(other.document.getText(), 'O\n');
      // A block of its own: a blank line between the paragraph and the image.
      assert.ok(target.document.getText().startsWith(`T\n\n![${photo.alt}]`), target.document.getText());
      assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), target.document.uri.toString());
    });

    it('languageId in the argument formats as that language', async () => {
      const editor = await openNew('notes.txt', '');
      await vscode.commands.executeCommand('stockMedia.insert', { media, languageId: 'html' });
      assert.match(editor.document.getText(), /^<figure>\n/);
    });

    it('plain text documents get the URL and a plain credit line', async () => {
      const editor = await openNew('notes.txt', '');
      assert.equal(editor.document.languageId, 'plaintext');
      await vscode.commands.executeCommand('stockMedia.insert', { media });
      assert.equal(editor.document.getText(), `${photo.src.large}\nPhoto by ${photo.photographer} (${photo.photographer_url}) on Pexels (${photo.url})`);
    });

    it('with no editor open, the text goes to the clipboard', async () => {
      await closeAllEditors();
      await vscode.env.clipboard.writeText('before');
      const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
      assert.equal(outcome.result, 'copied');
      assert.equal(await vscode.env.clipboard.readText(), `![${photo.alt}](${photo.src.large})\n\n${credit()}`);
      assert.match(outcome.notes[0] ?? '', /No editor is open, so the Markdown for the photo was copied to the clipboard/);
    });

    it('no media in the argument: a message, nothing inserted', async () => {
      const editor = await openNew('none.md', 'x');
      const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media: { kind: 'photo', photo: { id: 'nope' } } });
      assert.equal(outcome.result, 'failed');
      assert.equal(editor.document.getText(), 'x');
    });

    it('a broken template: a message naming the placeholder, nothing inserted', async () => {
      const editor = await openNew('template.md', 'keep');
      editor.selection = new vscode.Selection(0, 4, 0, 4);
      await setInsertSetting('templates', { markdown: '![{alt}]({src})' });
      try {
        const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
        assert.equal(outcome.result, 'failed');
        assert.match(outcome.notes.join('\n'), /\{src\} is not a known placeholder/);
        assert.equal(editor.document.getText(), 'keep');
        await setInsertSetting('templates', { markdown: '![{alt}]({url}) by {photographer}' });
        await vscode.commands.executeCommand('stockMedia.insert', { media });
        assert.equal(editor.document.getText(), `keep\n\n![${photo.alt}](${photo.src.large}) by ${photo.photographer}`);
      } finally {
        await setInsertSetting('templates', undefined);
      }
    });

    it('the photo size setting and a size in the argument', async () => {
      const editor = await openNew('sizes.md', '');
      await setInsertSetting('photoVariant', 'medium');
      try {
        await vscode.commands.executeCommand('stockMedia.insert', { media });
        assert.ok(editor.document.getText().includes(`](${photo.src.medium})`));
        await vscode.commands.executeCommand('stockMedia.insert', { media, variant: 'tiny' });
        assert.ok(editor.document.getText().includes(`](${photo.src.tiny})`));
      } finally {
        await setInsertSetting('photoVariant', undefined);
      }
    });

    it('Insert as…: the size picker, accepted with the keyboard', async () => {
      const editor = await openNew('pick.md', '');
      const inputs = countQuickInputs();
      let outcome: InsertOutcome;
      try {
        const pending = vscode.commands.executeCommand<InsertOutcome>('stockMedia.insertAs', { media });
        // The picker opens on the current setting (large); move down one row: medium.
        await waitFor(() => inputs.shown() === 1, 'the size picker');
        await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        // Then the alt text, filled in: Enter keeps it (insertAs.test.ts edits it).
        await waitFor(() => inputs.shown() === 2, 'the alt text box');
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        outcome = await pending;
      } finally {
        inputs.restore();
      }
      assert.equal(outcome.result, 'inserted');
      assert.ok(editor.document.getText().includes(`](${photo.src.medium})`), editor.document.getText());
    });
  });

  describe('saving into the workspace', () => {
    const deps = (trusted: boolean): PipelineDeps => ({ isTrusted: () => trusted, fetch: (i, init) => fetch(i, init), now: () => new Date() });
    let inserter: MediaInserter;

    beforeEach(async () => {
      inserter = new MediaInserter((await extensionApi()).services, deps(true));
    });
    afterEach(() => inserter.dispose());

    async function served(url: string): Promise<Uint8Array> {
      const response = await fetch(url);
      assert.equal(response.status, 200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      assert.ok(bytes.length > 0);
      return bytes;
    }

    async function filesIn(folder: vscode.Uri): Promise<string[]> {
      return (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name).sort();
    }

    it('downloads exactly one file with the server’s bytes and links it relatively; a second insert reuses it', async () => {
      const editor = await openNew('saved.md', '');
      const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
      server().clearLog();
      const first = await inserter.insert(mediaArgs({ media }), { mode: 'download' });
      assert.equal(first.result, 'inserted', first.notes.join('\n'));
      const name = `${savedStem(photo, 'large')}.png`;
      assert.deepEqual(await filesIn(folder), [name]);
      assert.ok(sameBytes(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, name)), await served(photo.src.large)));
      assert.equal(editor.document.getText(), `![${photo.alt}](images/${name})\n\n${credit()}`);
      assert.equal(first.files?.[0]?.reused, false);
      // Media downloads carry no key and use no quota.
      assert.ok(server().mediaLog.length >= 1 && server().mediaLog.every((e) => !e.hadKey));
      assert.equal(server().apiRequestCount(), 0);

      const second = await inserter.insert(mediaArgs({ media }), { mode: 'download' });
      assert.equal(second.files?.[0]?.reused, true);
      assert.deepEqual(await filesIn(folder), [name]);
      assert.equal(editor.document.getText().split(`](images/${name})`).length - 1, 2);
    });

    it('never overwrites a different file: the next free name', async () => {
      const editor = await openNew('clash.md', '');
      const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
      const name = `${savedStem(photo, 'large')}.png`;
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), new TextEncoder().encode('mine'));
      const outcome = await inserter.insert(mediaArgs({ media }), { mode: 'download' });
      assert.equal(outcome.result, 'inserted');
      assert.deepEqual(await filesIn(folder), [name, `${savedStem(photo, 'large')}-2.png`].sort());
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, name))), 'mine');
      assert.ok(editor.document.getText().startsWith(`![${photo.alt}](images/${savedStem(photo, 'large')}-2.png)`));
    });

    it('the mode setting, the download folder setting, and markdown.copyFiles.destination', async () => {
      const editor = await openNew('deep.md', '');
      const dir = vscode.Uri.joinPath(editor.document.uri, '..');
      await setInsertSetting('mode', 'download');
      await vscode.workspace.getConfiguration('markdown').update('copyFiles.destination', { '**/deep.md': 'assets/${documentBaseName}/' }, vscode.ConfigurationTarget.Workspace);
      try {
        // The registered command with the real trust check (trust is off in the test host, so trusted).
        const viaCopyFiles = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
        assert.equal(viaCopyFiles.result, 'inserted', viaCopyFiles.notes.join('\n'));
        assert.deepEqual(await filesIn(vscode.Uri.joinPath(dir, 'assets', 'deep')), [`${savedStem(photo, 'large')}.png`]);
        assert.ok(editor.document.getText().includes(`](assets/deep/${savedStem(photo, 'large')}.png)`));
        await setInsertSetting('downloadFolder', '/static/img');
        await vscode.commands.executeCommand('stockMedia.insert', { media, variant: 'small' });
        assert.deepEqual(await filesIn(vscode.Uri.joinPath(root(), 'static', 'img')), [`${savedStem(photo, 'small')}.png`]);
        const rel = `../../static/img/${savedStem(photo, 'small')}.png`;
        assert.ok(editor.document.getText().includes(`](${rel})`), editor.document.getText());
      } finally {
        await setInsertSetting('mode', undefined);
        await setInsertSetting('downloadFolder', undefined);
        await vscode.workspace.getConfiguration('markdown').update('copyFiles.destination', undefined, vscode.ConfigurationTarget.Workspace);
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), 'static'), { recursive: true }).then(undefined, () => undefined);
      }
    });

    it('a video in HTML saves the 1080p file and its poster', async () => {
      const editor = await openNew('clip.html', '');
      const outcome = await inserter.insert(mediaArgs({ media: videoMedia }), { mode: 'download' });
      assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
      const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
      const file = video.video_files.find((f) => f.quality === 'hd' && Math.min(f.width ?? 0, f.height ?? 0) === 1080);
      assert.ok(file);
      const mp4 = `${savedStem(video, `hd-${file.width}x${file.height}`)}.mp4`;
      const poster = `${savedStem(video, 'poster')}.png`;
      assert.deepEqual(await filesIn(folder), [mp4, poster].sort());
      assert.ok(sameBytes(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, mp4)), await served(file.link)));
      const text = editor.document.getText();
      assert.ok(text.includes(`poster="images/${poster}"`) && text.includes(`<source src="images/${mp4}" type="video/mp4">`), text);
    });

    it('an untrusted workspace inserts a link and says why', async () => {
      const untrusted = new MediaInserter((await extensionApi()).services, deps(false));
      try {
        const editor = await openNew('untrusted.md', '');
        const outcome = await untrusted.insert(mediaArgs({ media }), { mode: 'download' });
        assert.equal(outcome.result, 'inserted');
        assert.deepEqual(outcome.files, []);
        assert.match(outcome.notes.join('\n'), /not trusted, so the photo was inserted as a link/);
        assert.ok(editor.document.getText().startsWith(`![${photo.alt}](${photo.src.large})`));
        const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
        await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(folder)));
      } finally {
        untrusted.dispose();
      }
    });

    it('an untitled document: saved in the workspace folder, linked relative to it', async () => {
      const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: '' });
      await vscode.window.showTextDocument(document);
      const outcome = await inserter.insert(mediaArgs({ media, variant: 'tiny' }), { mode: 'download' });
      try {
        assert.equal(outcome.result, 'inserted');
        assert.match(outcome.notes.join('\n'), /not saved yet/);
        const name = `${savedStem(photo, 'tiny')}.png`;
        assert.ok((await filesIn(vscode.Uri.joinPath(root(), 'images'))).includes(name));
        assert.ok(document.getText().startsWith(`![${photo.alt}](images/${name})`));
      } finally {
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), 'images'), { recursive: true }).then(undefined, () => undefined);
      }
    });

    it('a drop in download mode saves the file', async () => {
      await setInsertSetting('mode', 'download');
      try {
        const editor = await openNew('dropsave.md', '');
        const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
        const done = await inserter.snippetForDrop(editor.document, [media], new vscode.CancellationTokenSource().token);
        assert.ok(done?.value.includes(`](images/${savedStem(photo, 'large')}.png)`), done?.value);
        assert.deepEqual(await filesIn(folder), [`${savedStem(photo, 'large')}.png`]);
        assert.equal(editor.document.getText(), '', 'a drop returns the text; VS Code inserts it');
      } finally {
        await setInsertSetting('mode', undefined);
      }
    });

    itInNode(OWN_HTTP_SERVER, 'a drop in download mode: cancelling a save writes and inserts nothing', async () => {
      // A server that starts sending and then stalls, so the save can be cancelled midway.
      const stall = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(new Uint8Array(1000));
      });
      await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
      await setInsertSetting('mode', 'download');
      try {
        const editor = await openNew('dropsave.md', '');
        const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
        const done = await inserter.snippetForDrop(editor.document, [media], new vscode.CancellationTokenSource().token);
        assert.ok(done?.value.includes(`](images/${savedStem(photo, 'large')}.png)`), done?.value);
        assert.deepEqual(await filesIn(folder), [`${savedStem(photo, 'large')}.png`]);

        const stalled: MediaItem = {
          kind: 'photo',
          photo: { ...photo, id: photo.id + 1, src: { ...photo.src, large: `http://127.0.0.1:${(stall.address() as AddressInfo).port}/slow.png` } },
        };
        const cancel = new vscode.CancellationTokenSource();
        setTimeout(() => cancel.cancel(), 500);
        const result = await inserter.snippetForDrop(editor.document, [stalled], cancel.token);
        assert.equal(result, undefined);
        assert.deepEqual(await filesIn(folder), [`${savedStem(photo, 'large')}.png`], 'nothing more written');
        assert.equal(editor.document.getText(), '');
      } finally {
        await setInsertSetting('mode', undefined);
        stall.closeAllConnections();
        stall.close();
      }
    });

    it('a failed download inserts nothing and says what happened', async () => {
      const editor = await openNew('missing.md', 'keep');
      const gone: MediaItem = { kind: 'photo', photo: { ...photo, src: { ...photo.src, large: `${server().origin}/media/photos/1/none.png` } } };
      const outcome = await inserter.insert(mediaArgs({ media: gone }), { mode: 'download' });
      assert.equal(outcome.result, 'failed');
      assert.match(outcome.notes.join('\n'), /answered HTTP 404 for the file, so nothing was saved or inserted/);
      assert.equal(editor.document.getText(), 'keep');
    });
  });

  describe('drag and drop', () => {
    const token = new vscode.CancellationTokenSource().token;

    it('media dragged from the tree drop in the document’s format with the credit', async () => {
      const inserter = new MediaInserter((await extensionApi()).services);
      try {
        const editor = await openNew('drop.md', '');
        // What the tree's controller puts on the drag (nodes link to parents: only media go).
        const node = { type: 'media', id: 'n', parent: {} as unknown, media };
        const controller = mediaDragController<typeof node>((n) => n.media);
        assert.deepEqual(controller.dragMimeTypes, [MEDIA_MIME]);
        const dataTransfer = new vscode.DataTransfer();
        await controller.handleDrag?.([node], dataTransfer, token);
        const edit = await new MediaDropProvider(inserter).provideDocumentDropEdits(editor.document, new vscode.Position(0, 0), dataTransfer, token);
        assert.ok(edit && edit.insertText instanceof vscode.SnippetString);
        assert.ok(edit.insertText.value.startsWith(`![\${1:${photo.alt}}](`), edit.insertText.value);
        await editor.insertSnippet(edit.insertText);
        assert.equal(editor.document.getText(), `![${photo.alt}](${photo.src.large})\n\n${credit()}`);
      } finally {
        inserter.dispose();
      }
    });

    it('several items and the CSS format; foreign drags are left to others', async () => {
      const inserter = new MediaInserter((await extensionApi()).services);
      try {
        const editor = await openNew('drop.css', '');
        const dataTransfer = new vscode.DataTransfer();
        dataTransfer.set(MEDIA_MIME, new vscode.DataTransferItem(encodeMediaDrag([media, videoMedia])));
        const provider = new MediaDropProvider(inserter);
        const edit = await provider.provideDocumentDropEdits(editor.document, new vscode.Position(0, 0), dataTransfer, token);
        assert.ok(edit && edit.insertText instanceof vscode.SnippetString);
        await editor.insertSnippet(edit.insertText);
        assert.match(editor.document.getText(), /^url\("[^"]+"\) \/\* Photo by [^*]+ \*\/, url\("[^"]+"\) \/\* Video by [^*]+ \*\/$/);
        const foreign = new vscode.DataTransfer();
        foreign.set('text/plain', new vscode.DataTransferItem('hello'));
        foreign.set(MEDIA_MIME, new vscode.DataTransferItem('{"not":"media"}'));
        assert.equal(await provider.provideDocumentDropEdits(editor.document, new vscode.Position(0, 0), foreign, token), undefined);
      } finally {
        inserter.dispose();
      }
    });
  });

  describe('copy and open', () => {
    it('copies the chosen variant’s URL, the video file, and the credit as plain text', async () => {
      assert.equal(await vscode.commands.executeCommand('stockMedia.copyUrl', { media }), photo.src.large);
      assert.equal(await vscode.env.clipboard.readText(), photo.src.large);
      await vscode.commands.executeCommand('stockMedia.copyUrl', { media, variant: 'original' });
      assert.equal(await vscode.env.clipboard.readText(), photo.src.original);
      await vscode.commands.executeCommand('stockMedia.copyUrl', { media: videoMedia });
      assert.match(await vscode.env.clipboard.readText(), /\/files\/\d+-hd_\d+_1080_|\/files\/\d+-hd_1080_\d+_/);
      await vscode.commands.executeCommand('stockMedia.copyCredit', { media });
      assert.equal(await vscode.env.clipboard.readText(), `Photo by ${photo.photographer} (${photo.photographer_url}) on Pexels (${photo.url})`);
    });

    it('does not open an unsafe page address', async () => {
      const unsafe: MediaItem = { kind: 'photo', photo: { ...photo, url: 'javascript:alert(1)' } };
      assert.equal(await vscode.commands.executeCommand('stockMedia.openOnService', { media: unsafe }), false);
    });
  });
});
