// Links in code stay code, and the paste costs nothing until its edit is applied, in a
// real VS Code (Node and web worker hosts). The pastes go through the test hook as in
// paste.test.ts (the browser workbench's paste command asks no provider): the provider
// VS Code registered is asked, its first edit resolved and applied as the workbench does.
// What is checked is what a person sees: the document's text, the workspace's files, and
// the local library's log for the requests.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pastedMediaRef } from '../../src/core/pastedMedia';
import type { MediaItem, Photo } from '../../src/core/model';
import type { ClientSource } from '../../src/host/client/client';
import { MediaDropProvider } from '../../src/host/insert/drop';
import { MediaInserter } from '../../src/host/insert/inserter';
import { MediaPasteProvider } from '../../src/host/insert/paste';
import { coverPaste } from '../../src/host/cover/setCover';
import { MEDIA_MIME, encodeMediaDrag } from '../../src/shared/dnd';
import { markdownImageAlts } from './hostileChecks';
import type { Shown } from './support';
import { closeAllEditors, extensionApi, fileOpener, filesBelow, recordUi, useApiServer, waitFor, workspaceRoot } from './support';

const FOLDER = 'paste-code-tests';
const openNew = fileOpener(FOLDER);
const PLAIN = /^[A-Za-z][A-Za-z ,'-]*$/;

interface Pasted {
  readonly edits: { title: string; kind: string; yieldTo: string[] }[];
}

/** Opens `marked` (its `|` is the cursor) as `name`. */
async function openAt(name: string, marked: string): Promise<{ editor: vscode.TextEditor; before: string; offset: number }> {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0);
  const before = marked.slice(0, offset) + marked.slice(offset + 1);
  const editor = await openNew(name, before);
  const at = editor.document.positionAt(offset);
  editor.selection = new vscode.Selection(at, at);
  return { editor, before, offset };
}

/** Pastes `text` through the hook into `editor` and waits for the document to change. */
async function paste(editor: vscode.TextEditor, text: string, options: Record<string, unknown> = {}): Promise<{ text: string; pasted: Pasted }> {
  await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preview: false });
  const before = editor.document.getText();
  const pasted = await vscode.commands.executeCommand<Pasted | undefined>('stockMedia.test.paste', { text, ...options });
  assert.ok(pasted, 'the paste hook ran');
  const after = await waitFor(() => (editor.document.getText() !== before ? editor.document.getText() : undefined), 'the paste to change the document', 10_000);
  return { text: after, pasted };
}

async function undoAll(editor: vscode.TextEditor, expected: string): Promise<void> {
  await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preview: false });
  await vscode.commands.executeCommand('undo');
  assert.equal(editor.document.getText(), expected, 'one undo gives back exactly the text before');
}

const MARKDOWN_CODE: readonly (readonly [string, string])[] = [
  ['a fenced block (```)', '# Notes\n\n```\n|\n```\n'],
  ['a fenced block with ~~~ and an info string', 'Text\n\n~~~ python {.class}\nx = 1\n|\n~~~\n'],
  ['a fenced block with a language and a title', '```js title="a b"\nconst u = |;\n```\n'],
  ['an indented fence (three spaces)', 'Text\n\n   ```\n   |\n   ```\n'],
  ['a fence inside a list item', '- step\n\n  ```sh\n  curl |\n  ```\n'],
  ['a fence inside a blockquote', '> ```\n> |\n> ```\n'],
  ['an unclosed fence', 'Text\n\n```\n|'],
  ['an indented code block', 'Text\n\n    code |here\n'],
  ['inline code', 'Use `a|b` here\n'],
  ['the backticks the editor closes for one typed', 'Use `|` here\n'],
  ['inline code between double backticks', 'Use ``a ` |`` here\n'],
  ['an HTML <code>', 'A <code>|</code> tag\n'],
  ['an HTML <pre>', '<pre>\n|\n</pre>\n'],
  ['a link’s target', 'See [the page](|) here\n'],
  ['an image’s target', '![](|)\n'],
  ['an existing <img src>', '<img src="|" alt="">\n'],
];

const HTML_CODE: readonly (readonly [string, string])[] = [
  ['<pre>', '<body>\n<pre>\n|\n</pre>\n</body>\n'],
  ['<code>', '<p>Run <code>|</code></p>\n'],
  ['<script>', '<script>\nconst url = "|";\n</script>\n'],
  ['<style>', '<style>\n.hero { background: url(|); }\n</style>\n'],
  ['an attribute value', '<img src="|" alt="">\n'],
  ['a comment', '<!-- source: | -->\n'],
];

describe('paste and drop in code (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let photo: Photo;
  let restore: (() => void) | undefined;
  const shown: Shown[] = [];
  const opened: string[] = [];

  before(async () => {
    const candidate = server().library.photos.find((p) => PLAIN.test(p.alt) && PLAIN.test(p.photographer.name));
    assert.ok(candidate);
    photo = await (await extensionApi()).client.getPhoto(candidate.id);
    restore = recordUi(shown, opened);
    // The credit check (on for Markdown and HTML by default) looks up links in open documents: off, so the log holds the paste's requests alone.
    for (const languageId of ['markdown', 'html']) {
      await vscode.workspace.getConfiguration('stockMedia', { languageId }).update('creditCheck.enabled', false, vscode.ConfigurationTarget.Workspace, true);
    }
  });

  beforeEach(async () => {
    (await extensionApi()).client.clearCache();
    server().clearLog();
    shown.length = 0;
  });

  afterEach(closeAllEditors);

  after(async () => {
    restore?.();
    await vscode.workspace.getConfiguration('stockMedia.insert').update('mode', undefined, vscode.ConfigurationTarget.Workspace);
    for (const languageId of ['markdown', 'html']) {
      await vscode.workspace.getConfiguration('stockMedia', { languageId }).update('creditCheck.enabled', undefined, vscode.ConfigurationTarget.Workspace, true);
    }
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
  });

  describe('a page link pasted into Markdown code stays the text copied', () => {
    for (const [what, marked] of MARKDOWN_CODE) {
      it(`in ${what}`, async () => {
        const { editor, before, offset } = await openAt('code.md', marked);
        const { text, pasted } = await paste(editor, photo.url);
        assert.equal(text, before.slice(0, offset) + photo.url + before.slice(offset));
        assert.deepEqual(pasted.edits, [], 'no edit offered');
        assert.equal(server().apiRequestCount(), 0, 'no look-up');
        assert.deepEqual(shown, []);
        await undoAll(editor, before);
      });
    }

    it('a file link (the image’s own address) in a fence: the same', async () => {
      const { editor, before, offset } = await openAt('file.md', '```\n|\n```\n');
      const { text } = await paste(editor, photo.src.original);
      assert.equal(text, before.slice(0, offset) + photo.src.original + before.slice(offset));
      assert.equal(server().apiRequestCount(), 0);
    });
  });

  describe('a page link pasted into HTML code stays the text copied', () => {
    for (const [what, marked] of HTML_CODE) {
      it(`in ${what}`, async () => {
        const { editor, before, offset } = await openAt('code.html', marked);
        const { text, pasted } = await paste(editor, photo.url);
        assert.equal(text, before.slice(0, offset) + photo.url + before.slice(offset));
        assert.deepEqual(pasted.edits, []);
        assert.equal(server().apiRequestCount(), 0);
        await undoAll(editor, before);
      });
    }
  });

  describe('outside code the same documents get the media', () => {
    it('Markdown: after a fence, the image and its credit; the fence as it was', async () => {
      const { editor, before } = await openAt('after.md', '```\nconst a = 1;\n```\n\n|');
      const { text, pasted } = await paste(editor, photo.url);
      // The insert first, then (a page, outside its front matter) the photo as the page's cover.
      assert.deepEqual(pasted.edits.map((e) => e.kind), ['stockMedia.media', 'stockMedia.media.cover']);
      assert.deepEqual(pasted.edits[0]?.yieldTo, []);
      assert.ok(text.startsWith('```\nconst a = 1;\n```\n\n'), text);
      assert.deepEqual(markdownImageAlts(text), [photo.alt]);
      assert.equal(server().apiRequestCount(), 1);
      await undoAll(editor, before);
    });

    it('Markdown: between inline code spans, in the paragraph’s text', async () => {
      const { editor } = await openAt('between.md', 'Use `a` or `b`.\n\n|\n');
      const { text } = await paste(editor, photo.url);
      assert.deepEqual(markdownImageAlts(text), [photo.alt]);
      assert.ok(text.startsWith('Use `a` or `b`.\n\n'), text);
    });

    it('HTML: after a <pre>, an <img> with the file', async () => {
      const { editor, before } = await openAt('after.html', '<pre>\nx\n</pre>\n|');
      const { text } = await paste(editor, photo.url);
      assert.ok(text.startsWith('<pre>\nx\n</pre>\n'), text);
      assert.ok(text.includes(`<img src="${server().origin}/media/photos/${photo.id}/`), text);
      await undoAll(editor, before);
    });
  });

  it('asked for through Paste As… in code, the edit is offered after the plain text, and costs nothing until picked', async () => {
    const { editor, before, offset } = await openAt('paste-as.md', '```\n|\n```\n');
    await vscode.window.showTextDocument(editor.document);
    const offered = await vscode.commands.executeCommand<Pasted>('stockMedia.test.paste', { text: photo.url, pasteAs: true, apply: false });
    assert.deepEqual(
      offered?.edits.map((e) => [e.kind, e.yieldTo]),
      [['stockMedia.media', ['text.plain']]],
    );
    assert.match(offered?.edits[0]?.title ?? '', /^Insert Photo with Credit \(.+\)$/);
    assert.equal(server().apiRequestCount(), 0, 'offering it asked nothing');
    // The user keeps the plain text.
    await vscode.commands.executeCommand('stockMedia.test.paste', { op: 'text' });
    assert.equal(editor.document.getText(), before.slice(0, offset) + photo.url + before.slice(offset));
    assert.equal(server().apiRequestCount(), 0);
  });

  describe('with stockMedia.insert.mode: download', () => {
    let inserter: MediaInserter;
    let provider: MediaPasteProvider;
    const listing = async (): Promise<string[]> => (await filesBelow(workspaceRoot())).map((u) => u.path).sort();
    const context: vscode.DocumentPasteEditContext = { only: undefined, triggerKind: vscode.DocumentPasteTriggerKind.Automatic };

    // The setting for the whole block: no test in it changes the mode.
    before(async () => {
      await vscode.workspace.getConfiguration('stockMedia.insert').update('mode', 'download', vscode.ConfigurationTarget.Workspace);
    });

    beforeEach(async () => {
      // The test host's workspace is not trusted: this inserter is told it is, as a trusted workspace's would be.
      const api = await extensionApi();
      inserter = new MediaInserter(api.services, { isTrusted: () => true, fetch: (i, init) => fetch(i, init), now: () => new Date() });
      provider = new MediaPasteProvider(api.services, { client: api.client } as unknown as ClientSource, inserter, [coverPaste]);
    });

    afterEach(() => inserter.dispose());

    after(async () => {
      await vscode.workspace.getConfiguration('stockMedia.insert').update('mode', undefined, vscode.ConfigurationTarget.Workspace);
    });

    const refFor = (url: string) => {
      const ref = pastedMediaRef(url, { serviceUrl: server().origin, trustedUrls: [server().origin, server().baseUrl, server().videoBaseUrl] });
      assert.ok(ref, url);
      return ref;
    };

    it('nothing is asked, downloaded or written until the edit is resolved; applied, the document links the saved file; one undo', async () => {
      const { editor, before } = await openAt('download.md', '# Title\n\n|');
      const files = await listing();
      const ranges = [editor.selection];
      const edits = provider.provideDocumentPasteEdits(editor.document, ranges, refFor(photo.url), photo.url, context);
      assert.deepEqual(edits?.map((e) => e.kind?.value), ['stockMedia.media', 'stockMedia.media.cover']);
      const edit = edits?.[0];
      assert.ok(edit);
      assert.equal(edit.insertText, '', 'its text comes with the resolved edit');
      assert.equal(edit.additionalEdit, undefined);
      assert.equal(server().log.length + server().mediaLog.length, 0, 'no request');
      assert.deepEqual(await listing(), files, 'no file');
      // VS Code resolves the edit it applies.
      const source = new vscode.CancellationTokenSource();
      const resolved = await provider.resolveDocumentPasteEdit(edit, source.token);
      assert.ok(resolved?.additionalEdit);
      assert.equal(server().log.length, 1, 'one look-up');
      assert.equal(server().mediaLog.length, 1, 'one download');
      const added = (await listing()).filter((f) => !files.includes(f));
      assert.equal(added.length, 1, added.join(', '));
      const saved = added[0]?.split('/').pop() ?? '';
      assert.ok(await vscode.workspace.applyEdit(resolved.additionalEdit));
      const text = editor.document.getText();
      assert.deepEqual(markdownImageAlts(text), [photo.alt]);
      assert.ok(text.includes(`](${saved})`) || text.includes(`/${saved})`), text);
      await undoAll(editor, before);
    });

    it('an edit that is never picked downloads and writes nothing', async () => {
      const { editor } = await openAt('not-picked.md', 'Text\n\n|');
      const files = await listing();
      const edits = provider.provideDocumentPasteEdits(editor.document, [editor.selection], refFor(photo.url), photo.url, context);
      assert.equal(edits?.length, 2, 'the insert and the cover');
      // The user keeps the plain text (the edit is dropped without being resolved).
      await editor.edit((b) => b.insert(editor.selection.active, photo.url));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(server().log.length + server().mediaLog.length, 0);
      assert.deepEqual(await listing(), files);
      assert.equal(editor.document.getText(), `Text\n\n${photo.url}`);
    });

    it('a download that fails pastes the link as copied, with a message, and leaves no file', async () => {
      // Another photo than the other tests': the browser host's HTTP cache holds theirs, whole.
      const other = server().library.photos.find((p) => p.id !== photo.id);
      assert.ok(other);
      const url = `${server().origin}/photo/${other.slug}-${other.id}/`;
      const { editor, before } = await openAt('fails.md', 'Text\n\n|');
      const files = await listing();
      const [edit] = provider.provideDocumentPasteEdits(editor.document, [editor.selection], refFor(url), url, context) ?? [];
      assert.ok(edit);
      server().setSwitches({ mediaFault: 'dropMidBody' });
      try {
        const resolved = await provider.resolveDocumentPasteEdit(edit, new vscode.CancellationTokenSource().token);
        assert.ok(resolved?.additionalEdit);
        assert.ok(await vscode.workspace.applyEdit(resolved.additionalEdit));
      } finally {
        server().resetSwitches();
      }
      assert.equal(editor.document.getText(), `${before}${url}`);
      await waitFor(() => shown.some((s) => s.level === 'error'), 'the message');
      assert.deepEqual(await listing(), files);
    });
  });

  describe('drop', () => {
    const token = new vscode.CancellationTokenSource().token;
    let inserter: MediaInserter;
    let media: MediaItem;

    beforeEach(async () => {
      inserter = new MediaInserter((await extensionApi()).services);
      media = { kind: 'photo', photo };
    });

    afterEach(() => inserter.dispose());

    const dragged = (): vscode.DataTransfer => {
      const dataTransfer = new vscode.DataTransfer();
      dataTransfer.set(MEDIA_MIME, new vscode.DataTransferItem(encodeMediaDrag([media])));
      return dataTransfer;
    };

    for (const [what, marked] of [...MARKDOWN_CODE.slice(0, 9), ['a Markdown link’s target', 'See [x](|)\n']] as const) {
      it(`into ${what}: nothing is offered`, async () => {
        const { editor, offset } = await openAt('drop-code.md', marked);
        const edit = await new MediaDropProvider(inserter).provideDocumentDropEdits(editor.document, editor.document.positionAt(offset), dragged(), token);
        assert.equal(edit, undefined);
      });
    }

    it('into HTML <pre> and <script>: nothing is offered', async () => {
      for (const marked of ['<pre>\n|\n</pre>\n', '<script>\n|\n</script>\n']) {
        const { editor, offset } = await openAt('drop-code.html', marked);
        assert.equal(await new MediaDropProvider(inserter).provideDocumentDropEdits(editor.document, editor.document.positionAt(offset), dragged(), token), undefined);
      }
    });

    it('outside code: one edit with a title and the media kind; applied, the image and credit', async () => {
      const { editor, offset } = await openAt('drop.md', '```\nx\n```\n\n|');
      const edit = await new MediaDropProvider(inserter, () => 'Pexels').provideDocumentDropEdits(editor.document, editor.document.positionAt(offset), dragged(), token);
      assert.ok(edit && edit.insertText instanceof vscode.SnippetString);
      assert.equal(edit.title, 'Insert Photo with Credit (Pexels)');
      assert.equal(edit.kind?.value, 'stockMedia.media');
      await editor.insertSnippet(edit.insertText);
      assert.ok(editor.document.getText().startsWith('```\nx\n```\n\n'));
      assert.deepEqual(markdownImageAlts(editor.document.getText()), [photo.alt]);
    });

    it('several items: the title says how many', async () => {
      const { editor } = await openAt('drop-two.md', '|');
      const two = new vscode.DataTransfer();
      two.set(MEDIA_MIME, new vscode.DataTransferItem(encodeMediaDrag([media, media])));
      const edit = await new MediaDropProvider(inserter, () => 'Pexels').provideDocumentDropEdits(editor.document, new vscode.Position(0, 0), two, token);
      assert.equal(edit?.title, 'Insert 2 Items with Credit (Pexels)');
    });
  });
});
