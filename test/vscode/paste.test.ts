// Pasting a link of the service's media in a real VS Code (Node and web worker hosts),
// against the local server, the document parsed back. The test workbench runs in a browser,
// where `editor.action.clipboardPasteAction` reads the clipboard and types its text without
// asking any paste provider (only a real paste event does: test/e2e/paste.e2e.ts presses
// Ctrl+V); so the suites paste through the test hook, which asks the provider VS Code
// registered with the clipboard's data and applies its edit as the workbench does.
import * as assert from 'node:assert/strict';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import * as vscode from 'vscode';
import type { Photo } from '../../src/core/model';
import { markdownImageAlts, renderMarkdown } from './hostileChecks';
import { closeAllEditors, extensionApi, fileOpener, useApiServer, waitFor, workspaceRoot } from './support';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

const PLAIN = /^[A-Za-z][A-Za-z ,'-]*$/;
const openNew = fileOpener('paste-tests');

function elements(node: Node, tag: string, found: Element[] = []): Element[] {
  if ('tagName' in node && node.tagName === tag) found.push(node);
  for (const child of 'childNodes' in node ? node.childNodes : []) elements(child, tag, found);
  return found;
}

const attr = (el: Element | undefined, name: string): string | undefined => el?.attrs.find((a) => a.name === name)?.value;

function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return String(node.value);
  return ('childNodes' in node ? node.childNodes : []).map(textOf).join('');
}

interface Shown {
  readonly level: 'warning' | 'error' | 'info';
  readonly message: string;
}

type ShowMessage = (message: string, ...rest: unknown[]) => Thenable<unknown>;

/** Records the notifications instead of showing them; returns the undo. */
function recordMessages(shown: Shown[]): () => void {
  const window = vscode.window as unknown as Record<string, ShowMessage>;
  const names = [
    ['showWarningMessage', 'warning'],
    ['showErrorMessage', 'error'],
    ['showInformationMessage', 'info'],
  ] as const;
  const saved = names.map(([name]) => [name, window[name]] as const);
  for (const [name, level] of names) {
    window[name] = (message: string) => {
      shown.push({ level, message });
      return Promise.resolve(undefined);
    };
  }
  return () => {
    for (const [name, fn] of saved) if (fn) window[name] = fn;
  };
}

/** Puts `text` on the clipboard and pastes it into `editor`; the document's text after it. */
async function paste(editor: vscode.TextEditor, text: string): Promise<string> {
  await vscode.env.clipboard.writeText(text);
  await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preview: false });
  const before = editor.document.getText();
  const pasted = await vscode.commands.executeCommand<{ edits: { kind: string }[] } | undefined>('stockMedia.test.paste', {
    text: await vscode.env.clipboard.readText(),
  });
  assert.ok(pasted, 'the paste hook ran');
  // The insert (what a plain paste applies), then, in a page, the cover.
  if (pasted.edits.length > 0) assert.equal(pasted.edits[0]?.kind, 'stockMedia.media');
  for (const edit of pasted.edits.slice(1)) assert.equal(edit.kind, 'stockMedia.media.cover');
  return waitFor(() => (editor.document.getText() !== before ? editor.document.getText() : undefined), 'the paste to change the document', 10_000);
}

describe('paste a link (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let photo: Photo;
  let restore: (() => void) | undefined;
  const shown: Shown[] = [];

  before(async () => {
    const candidate = server().library.photos.find((p) => PLAIN.test(p.alt) && PLAIN.test(p.photographer.name));
    assert.ok(candidate);
    const api = await extensionApi();
    photo = await api.client.getPhoto(candidate.id);
    restore = recordMessages(shown);
  });

  beforeEach(async () => {
    (await extensionApi()).client.clearCache();
    server().clearLog();
    shown.length = 0;
  });

  afterEach(closeAllEditors);

  after(async () => {
    restore?.();
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), 'paste-tests'), { recursive: true }).then(undefined, () => undefined);
  });

  it('a page URL pasted into Markdown: the image, its alt text and the credit with the photographer’s link, as Insert writes them; one request; one undo', async () => {
    assert.match(photo.url, /\/photo\/[a-z0-9-]+-\d+\/$/);
    const editor = await openNew('page.md', '# Title\n\n');
    editor.selection = new vscode.Selection(2, 0, 2, 0);
    const text = await paste(editor, `  ${photo.url}\n`);
    assert.equal(server().apiRequestCount(), 1, 'one Get Photo request');
    assert.ok(!text.includes(photo.url + '\n') || text.includes(`[Pexels](${photo.url})`), text);
    // Parsed back: one image with the photo's file and alt text, and the credit line.
    assert.deepEqual(markdownImageAlts(text), [photo.alt]);
    const html = parse(renderMarkdown(text)) as Node;
    assert.deepEqual(elements(html, 'img').map((img) => attr(img, 'src')), [photo.src.large]);
    const links = elements(html, 'a');
    const byPhotographer = links.find((a) => attr(a, 'href') === photo.photographer_url);
    assert.ok(byPhotographer, text);
    assert.equal(textOf(byPhotographer), photo.photographer);
    assert.ok(links.some((a) => attr(a, 'href') === photo.url && textOf(a) === 'Pexels'), text);
    assert.match(textOf(html), new RegExp(`Photo by ${photo.photographer} on Pexels`));
    // Exactly what the insert command puts at the same place of the same document.
    const other = await openNew('insert.md', '# Title\n\n');
    other.selection = new vscode.Selection(2, 0, 2, 0);
    await vscode.commands.executeCommand('stockMedia.insert', { media: { kind: 'photo', photo } });
    assert.equal(text, other.document.getText());
    assert.equal(server().apiRequestCount(), 1, 'the insert needed no request');
    // One undo step gives the document back.
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), '# Title\n\n');
    assert.deepEqual(shown, []);
  });

  it('the same link again is served from the cache: no request', async () => {
    const first = await openNew('a.md', '');
    await paste(first, photo.url);
    const second = await openNew('b.md', '');
    const text = await paste(second, photo.url);
    assert.deepEqual(markdownImageAlts(text), [photo.alt]);
    assert.equal(server().apiRequestCount(), 1);
  });

  it('an image file URL pasted into HTML: <img> with the file and alt text, the credit in <figcaption> with the photographer’s link', async () => {
    const editor = await openNew('index.html', '<body>\n\n</body>\n');
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    const text = await paste(editor, photo.src.original);
    assert.equal(server().apiRequestCount(), 1);
    const document = parse(text) as Node;
    const [img, ...more] = elements(document, 'img');
    assert.equal(more.length, 0, text);
    assert.equal(attr(img, 'src'), photo.src.large);
    assert.equal(attr(img, 'alt'), photo.alt);
    const [caption] = elements(document, 'figcaption');
    assert.ok(caption, text);
    assert.equal(textOf(caption), `Photo by ${photo.photographer} on Pexels`);
    const link = elements(caption, 'a').find((a) => attr(a, 'href') === photo.photographer_url);
    assert.equal(link && textOf(link), photo.photographer);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), '<body>\n\n</body>\n');
  });

  it('several cursors: the media at each, one undo for all', async () => {
    const editor = await openNew('two.md', 'one\n\ntwo\n');
    editor.selections = [new vscode.Selection(1, 0, 1, 0), new vscode.Selection(3, 0, 3, 0)];
    const text = await paste(editor, photo.url);
    assert.deepEqual(markdownImageAlts(text), [photo.alt, photo.alt]);
    assert.equal(server().apiRequestCount(), 1);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), 'one\n\ntwo\n');
  });

  it('a failed look-up (404) pastes the link as text and says why once', async () => {
    const missing = `${server().origin}/photo/nothing-here-987654321/`;
    const editor = await openNew('missing.md', '');
    assert.equal(await paste(editor, missing), missing);
    const again = await paste(editor, missing);
    assert.equal(again, missing + missing);
    await waitFor(() => shown.length > 0, 'the message');
    assert.equal(shown.length, 1, JSON.stringify(shown));
    assert.equal(shown[0]?.level, 'warning');
    assert.match(shown[0]?.message ?? '', /^Pasted the link as text: .*not (?:be )?found/i);
  });

  it('rate limited (429): the link as text, and a message that says so', async () => {
    server().setSwitches({ failStatus: 429 });
    try {
      const editor = await openNew('limited.html', '');
      assert.equal(await paste(editor, photo.url), photo.url);
      await waitFor(() => shown.length > 0, 'the message');
      assert.equal(shown.length, 1, JSON.stringify(shown));
      assert.match(shown[0]?.message ?? '', /^Pasted the link as text: /);
    } finally {
      server().resetSwitches();
    }
  });

  it('a link of another site, or text around the link, is pasted as it is: no request', async () => {
    const editor = await openNew('other.md', '');
    const foreign = `https://example.com/photo/some-photo-${photo.id}/`;
    assert.equal(await paste(editor, foreign), foreign);
    const sentence = `See ${photo.url} for it`;
    assert.equal(await paste(editor, sentence), foreign + sentence);
    assert.equal(server().apiRequestCount(), 0);
    assert.deepEqual(shown, []);
  });

  it('off in the settings (stockMedia.paste.enabled): the link is pasted as text', async () => {
    await vscode.workspace.getConfiguration('stockMedia').update('paste.enabled', false, vscode.ConfigurationTarget.Workspace);
    try {
      const editor = await openNew('off.md', '');
      assert.equal(await paste(editor, photo.url), photo.url);
      assert.equal(server().apiRequestCount(), 0);
    } finally {
      await vscode.workspace.getConfiguration('stockMedia').update('paste.enabled', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
