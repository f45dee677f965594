// The service's media in documents, in a real VS Code against the local server: the hover
// over a page URL and a CDN image URL (what it says, what it links), a hostile photographer
// that makes no link or command, the credit check's diagnostics in Markdown and HTML and its
// quick fixes applied (the text read back, one undo), and one request per id for all of it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { inertMarkdown } from '../../src/core/inert';
import { mediaSizeText } from '../../src/core/mediaText';
import type { Photo } from '../../src/core/model';
import { closeAllEditors, extensionApi, fileOpener, hoverTitle, useApiServer, waitFor, workspaceRoot } from './support';

const PLAIN = /^[A-Za-z][A-Za-z ,'-]*$/;
const openNew = fileOpener('credit-tests');
const SOURCE = 'Stock Media';
const OUR_COMMANDS = ['stockMedia.addCreditLine', 'stockMedia.openOnService', 'stockMedia.copyCredit', 'stockMedia.star', 'stockMedia.unstar'];

function markdownOf(hover: vscode.Hover): string {
  return hover.contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
}

/** Our hover at the middle of `url`'s first occurrence in the document. */
async function hoverOver(document: vscode.TextDocument, url: string): Promise<{ text: string; hover: vscode.Hover } | undefined> {
  const at = document.getText().indexOf(url);
  assert.ok(at >= 0, 'the URL is in the document');
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, document.positionAt(at + Math.floor(url.length / 2)));
  const ours = hovers.find((h) => /command:stockMedia\.copyCredit|Could not look up/.test(markdownOf(h)));
  return ours ? { text: markdownOf(ours), hover: ours } : undefined;
}

/** Every link target the Markdown makes (a `](` not escaped). */
function linkTargets(markdown: string): string[] {
  return [...markdown.matchAll(/(?<!\\)\]\(([^)\s]*)\)/g)].map((m) => m[1] ?? '');
}

function creditDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
}

describe('media in documents: hover and credit check (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let photos: Photo[];

  before(async () => {
    const api = await extensionApi();
    const plain = server().library.photos.filter((p) => PLAIN.test(p.photographer.name)).slice(0, 8);
    assert.equal(plain.length, 8);
    photos = [];
    for (const p of plain) photos.push(await api.client.getPhoto(p.id));
    // From here on every look-up counts: nothing is cached.
    api.client.clearCache();
    server().clearLog();
  });

  after(async () => {
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), 'credit-tests'), { recursive: true }).then(undefined, () => undefined);
    server().resetSwitches();
  });

  afterEach(closeAllEditors);

  const requestsFor = (photo: Photo): number => server().apiRequestCount((e) => e.path.endsWith(`/photos/${photo.id}`));
  const markdownCredit = (photo: Photo): string => `Photo by [${photo.photographer}](${photo.photographer_url}) on [Pexels](${photo.url})`;
  const photoAt = (i: number): Photo => {
    const photo = photos[i];
    assert.ok(photo);
    return photo;
  };

  it('hover over a page URL: photographer, size, page, no credit yet and the command links; one request however often hovered', async () => {
    const photo = photoAt(0);
    const editor = await openNew('notes.txt', `See ${photo.url} for the picture.\n`);
    const first = await hoverOver(editor.document, photo.url);
    assert.ok(first, 'a hover over the page URL');
    assert.ok(first.text.includes(hoverTitle(photo)), first.text);
    assert.ok(first.text.includes(`[${photo.photographer.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)}](${photo.photographer_url})`), 'the photographer, linked to the profile');
    // One size format in every hover: the Collections view's says the same (collections.test.ts).
    assert.ok(first.text.includes(`${photo.width} × ${photo.height} px `) && first.text.includes(inertMarkdown(mediaSizeText({ kind: 'photo', photo }))), `the size, as every hover writes it: ${first.text}`);
    // One way to the service: Open on Pexels (our command); the page's address is not a second link beside it.
    assert.ok(!linkTargets(first.text).includes(photo.url), `one link to the service: ${first.text}`);
    assert.equal(first.text.split('command:stockMedia.openOnService?').length, 2, 'Open on the service once');
    assert.ok(first.text.includes('No credit line nearby names'), 'no credit in this text');
    assert.ok(first.text.includes('command:stockMedia.addCreditLine?'), 'insert credit is offered');
    assert.ok(first.text.includes('command:stockMedia.openOnService?') && first.text.includes('command:stockMedia.copyCredit?'));
    assert.ok(linkTargets(first.text).includes(`${photo.src.tiny}|height=96`), 'the thumbnail is the tiny image, small enough for the hover');
    // The credit status right under the photographer, before the links and the picture.
    const paragraphs = first.text.split('\n\n');
    assert.match(paragraphs[1] ?? '', /^\$\(info\) No credit line nearby names/, first.text);
    assert.match(paragraphs[3] ?? '', /^!\[\]\(/, 'the picture last');
    for (let i = 0; i < 3; i++) assert.ok(await hoverOver(editor.document, photo.url));

    // The links run what they say: copy the credit, insert it (plain text: on the next line).
    const copy = /\(command:stockMedia\.copyCredit\?([^)\s]+)\)/.exec(first.text);
    assert.ok(copy?.[1]);
    const copied = await vscode.commands.executeCommand<string>('stockMedia.copyCredit', JSON.parse(decodeURIComponent(copy[1])));
    assert.equal(copied, `Photo by ${photo.photographer} (${photo.photographer_url}) on Pexels (${photo.url})`);
    const insert = /\(command:stockMedia\.addCreditLine\?([^)\s]+)\)/.exec(first.text);
    assert.ok(insert?.[1]);
    assert.equal(await vscode.commands.executeCommand('stockMedia.addCreditLine', JSON.parse(decodeURIComponent(insert[1]))), true);
    assert.equal(editor.document.getText(), `See ${photo.url} for the picture.\n${copied}\n`);
    const after = await hoverOver(editor.document, photo.url);
    assert.ok(after?.text.includes('A credit line names them nearby.'), 'the hover now sees the credit');
    assert.equal(requestsFor(photo), 1, 'one Get Photo request for all of it');
  });

  it('hover over a CDN image URL with its credit below: credit present, no insert link', async () => {
    const photo = photoAt(1);
    // A plain-text document: the credit check is off there, so the hover sends the one request.
    const editor = await openNew('page.txt', `![Rocks](${photo.src.large})\n\n${markdownCredit(photo)}\n`);
    const hover = await hoverOver(editor.document, photo.src.large);
    assert.ok(hover);
    assert.ok(hover.text.includes('A credit line names them nearby.'), hover.text);
    assert.ok(!hover.text.includes('command:stockMedia.addCreditLine'), 'nothing to insert');
    assert.equal(requestsFor(photo), 1);
    assert.equal(creditDiagnostics(editor.document.uri).length, 0, 'no credit check in plain text');
  });

  it('in Markdown, over an image VS Code previews itself: photographer and credit status first, no second picture; in HTML the thumbnail stays', async () => {
    const photo = photoAt(1);
    const editor = await openNew('post.md', `# Post\n\n![Rocks](${photo.src.large})\n\n${markdownCredit(photo)}\n`);
    const hover = await hoverOver(editor.document, photo.src.large);
    assert.ok(hover);
    const paragraphs = hover.text.split('\n\n');
    assert.ok(paragraphs[0]?.startsWith(`${hoverTitle(photo)} by `), hover.text);
    assert.equal(paragraphs[1], '$(pass) A credit line names them nearby.');
    assert.doesNotMatch(hover.text, /!\[/, 'no picture of ours: VS Code shows it');
    const html = await openNew('post.html', `<img src="${photo.src.large}" alt="Rocks">\n`);
    const inHtml = await hoverOver(html.document, photo.src.large);
    assert.ok(inHtml?.text.includes(`![](${photo.src.tiny}|height=96)`), inHtml?.text);
  });

  it('a hostile photographer name and URLs make no link and no command but ours', async () => {
    const photo = photoAt(2);
    const editor = await openNew('hostile.txt', `Image: ${photo.url}\n`);
    server().setSwitches({ hostile: true });
    try {
      const hover = await hoverOver(editor.document, photo.url);
      assert.ok(hover);
      const raw = await (await extensionApi()).client.getPhoto(photo.id);
      assert.notEqual(raw.photographer, photo.photographer, 'the hostile switch changed the name');
      assert.ok(hover.text.startsWith('**'), hover.text);
      for (const target of linkTargets(hover.text)) {
        if (target.startsWith('command:')) assert.ok(OUR_COMMANDS.some((c) => target.startsWith(`command:${c}?`)), `a command link of ours: ${target}`);
        else assert.match(target, /^(?:https:\/\/|http:\/\/127\.\d+\.\d+\.\d+[:/])/, `a web link: ${target}`);
      }
      assert.ok(!/<[a-z!/]/i.test(hover.text.replace(/\\</g, '')), 'no raw tag');
      const contents = hover.hover.contents[0];
      assert.ok(contents instanceof vscode.MarkdownString && typeof contents.isTrusted === 'object', 'trusted for some commands only');
      assert.deepEqual([...(contents.isTrusted.enabledCommands ?? [])].sort(), [...OUR_COMMANDS].sort(), 'exactly our commands');
    } finally {
      server().resetSwitches();
    }
  });

  it('Markdown: a diagnostic on the uncredited image only; the quick fix adds the credit in one undo step', async () => {
    const credited = photoAt(3);
    const missing = photoAt(4);
    const original = `# Trip\n\n![Hills](${credited.src.large})\n\n${markdownCredit(credited)}\n\n![Lake](${missing.src.large})\n\nThe end.\n`;
    const editor = await openNew('trip.md', original);
    const uri = editor.document.uri;
    const [diagnostic] = await waitFor(() => {
      const found = creditDiagnostics(uri);
      return found.length > 0 && found;
    }, 'the credit diagnostic', 15_000);
    assert.ok(diagnostic);
    assert.equal(creditDiagnostics(uri).length, 1, 'only the uncredited image');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Information);
    assert.equal(editor.document.getText(diagnostic.range), missing.src.large);
    assert.ok(diagnostic.message.includes(missing.photographer));

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range);
    const fix = actions.find((a) => a.title === 'Add credit line');
    assert.ok(fix?.edit, 'the quick fix is offered');
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(editor.document.getText(), original.replace(`![Lake](${missing.src.large})\n`, `![Lake](${missing.src.large})\n\n${markdownCredit(missing)}\n`));
    await waitFor(() => creditDiagnostics(uri).length === 0, 'the diagnostic to go', 15_000);

    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), original, 'one undo restores the document');
    assert.equal(requestsFor(credited), 1);
    assert.equal(requestsFor(missing), 1);
  });

  it('a closed document leaves nothing in the check: its diagnostics, its result and its generation go with it', async () => {
    const photo = photoAt(2);
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: `# Draft\n\n![Field](${photo.src.large})\n\nNo credit here.\n` });
    await vscode.window.showTextDocument(document);
    const uri = document.uri;
    const kept = (): Thenable<number> => vscode.commands.executeCommand<number>('stockMedia.test.creditCheck', { op: 'kept', uri: uri.toString() });
    assert.equal(await vscode.commands.executeCommand<number>('stockMedia.test.creditCheck', { op: 'check', uri: uri.toString() }), 1, 'the uncredited image found');
    assert.equal(await kept(), 1, 'kept while it is open');
    const closed = new Promise<void>((resolve) => {
      const listener = vscode.workspace.onDidCloseTextDocument((d) => {
        if (d.uri.toString() !== uri.toString()) return;
        listener.dispose();
        resolve();
      });
    });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await closed;
    assert.ok(document.isClosed);
    await waitFor(async () => (await kept()) === 0, 'nothing kept once it is closed');
    assert.equal(creditDiagnostics(uri).length, 0, 'its diagnostics are gone');
  });

  it('the check is on for Markdown and off for plain text by default', async () => {
    const photo = photoAt(0);
    const text = `Photo: ![x](${photo.src.large})\n`;
    const plain = await openNew('plain.txt', text);
    const markdown = await openNew('same.md', text);
    await vscode.window.showTextDocument(plain.document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
    assert.ok(vscode.window.visibleTextEditors.some((e) => e.document === markdown.document), 'both are visible');
    await waitFor(() => creditDiagnostics(markdown.document.uri).length === 1, 'the Markdown diagnostic', 15_000);
    assert.equal(creditDiagnostics(plain.document.uri).length, 0, 'none in plain text');
    assert.equal(vscode.workspace.getConfiguration('stockMedia.creditCheck', { languageId: 'plaintext' }).get('enabled'), false);
    assert.equal(vscode.workspace.getConfiguration('stockMedia.creditCheck', { languageId: 'html' }).get('enabled'), true);
  });

  it('HTML: a diagnostic for an uncredited <img> but not for a figure with its caption; "all in file" credits both missing ones at once', async () => {
    const inFigure = photoAt(5);
    const a = photoAt(6);
    const b = photoAt(7);
    const caption = `Photo by <a href="${inFigure.photographer_url}">${inFigure.photographer}</a> on <a href="${inFigure.url}">Pexels</a>`;
    const original =
      `<body>\n<figure>\n\t<img src="${inFigure.src.large}" alt="x">\n\t<figcaption>${caption}</figcaption>\n</figure>\n\n` +
      `<p>Text</p>\n\n<img src="${a.src.large}" alt="a">\n\n<img src="${b.src.medium}" alt="b">\n</body>\n`;
    const editor = await openNew('index.html', original);
    const uri = editor.document.uri;
    await waitFor(() => creditDiagnostics(uri).length === 2, 'two credit diagnostics', 15_000);
    const ranges = creditDiagnostics(uri).map((d) => editor.document.getText(d.range)).sort();
    assert.deepEqual(ranges, [a.src.large, b.src.medium].sort(), 'the figure with its caption has none');

    const first = creditDiagnostics(uri)[0];
    assert.ok(first);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, first.range);
    const all = actions.find((x) => x.title === 'Add credit lines to all in file');
    assert.ok(all?.edit, 'the fix for the whole file is offered');
    assert.ok(await vscode.workspace.applyEdit(all.edit));
    const text = editor.document.getText();
    for (const photo of [a, b]) {
      assert.ok(
        text.includes(`alt="${photo === a ? 'a' : 'b'}">\n<p class="credit">Photo by <a href="${photo.photographer_url}">${photo.photographer}</a> on <a href="${photo.url}">Pexels</a></p>`),
        text,
      );
    }
    await waitFor(() => creditDiagnostics(uri).length === 0, 'the diagnostics to go', 15_000);
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), original, 'one undo removes both credits');
    for (const photo of [inFigure, a, b]) assert.equal(requestsFor(photo), 1, `one request for photo ${photo.id}`);
  });

  it('code is code: a link in a fenced block, indented code or inline code gets no hint and no Insert credit line; the hover says it is code', async () => {
    const [fenced, inline, used] = [photoAt(5), photoAt(6), photoAt(7)];
    const original = [
      '# How to add a photo',
      '',
      'Paste the link as the page uses it:',
      '',
      '```md',
      `![Sea](${fenced.src.large})`,
      '```',
      '',
      `Or as plain code: \`${inline.src.medium}\`.`,
      '',
      `    ${fenced.url}`,
      '',
      `![Used](${used.src.large})`,
      '',
    ].join('\n');
    const editor = await openNew('howto.md', original);
    const uri = editor.document.uri;
    // The image outside code gets its hint: the check has run over the whole page.
    const [diagnostic] = await waitFor(() => {
      const found = creditDiagnostics(uri);
      return found.length > 0 && found;
    }, 'the credit diagnostic', 15_000);
    assert.deepEqual(
      creditDiagnostics(uri).map((d) => editor.document.getText(d.range)),
      [used.src.large],
      'one hint, on the image outside code',
    );
    assert.ok(diagnostic);
    for (const url of [fenced.src.large, inline.src.medium, fenced.url]) {
      const hover = await hoverOver(editor.document, url);
      assert.ok(hover, `a hover over ${url}`);
      assert.ok(hover.text.includes('In code, shown as text: not a use that needs a credit.'), hover.text);
      assert.ok(!hover.text.includes('command:stockMedia.addCreditLine'), 'no Insert credit line into code');
      assert.ok(!hover.text.includes('No credit line nearby'), hover.text);
    }
    // "All in file" adds only the one credit, under the image outside code.
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range);
    assert.deepEqual(
      actions.map((a) => a.title).filter((title) => /^Add credit line/.test(title)),
      ['Add credit line'],
      'one fix; no "all in file" for code',
    );
    assert.equal(editor.document.getText(), original, 'nothing written');
  });
});
