// Links as the configured service writes them, in a real VS Code (Node and web worker hosts):
// a library served under a path (`<origin>/library`, the local server's pagePrefix) has its
// pages there, and `stockMedia.serviceUrl` says so. A page link under that path gets the
// media's hover and the credit check; the same page link beside it (at the root) is nobody's
// page and gets neither, and costs no request.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Photo } from '../../src/core/model';
import type { ApiServer } from '../server/server';
import { startApiServer } from '../server/server';
import { closeAllEditors, extensionApi, fileOpener, hoverTitle, pointAt, stopLocalServer, storeKeyFor, waitFor, workspaceRoot } from './support';

const PLAIN = /^[A-Za-z][A-Za-z ,'-]*$/;
const FOLDER = 'service-link-tests';
const openNew = fileOpener(FOLDER);

function markdownOf(hover: vscode.Hover): string {
  return hover.contents.map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
}

/** Our hover in the middle of `url`'s first occurrence, or undefined when there is none. */
async function hoverOver(document: vscode.TextDocument, url: string): Promise<string | undefined> {
  const at = document.getText().indexOf(url);
  assert.ok(at >= 0, 'the URL is in the document');
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, document.positionAt(at + Math.floor(url.length / 2)));
  return hovers.map(markdownOf).find((text) => /command:stockMedia\.copyCredit|Could not look up/.test(text));
}

const creditDiagnostics = (uri: vscode.Uri): vscode.Diagnostic[] => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Stock Media');

describe('links under the configured service URL with a path (real VS Code)', function () {
  this.timeout(60_000);
  let server: ApiServer;
  let serviceUrl: string;
  let inside: Photo;
  let other: Photo;

  before(async () => {
    server = await startApiServer({ pagePrefix: '/library' });
    serviceUrl = `${server.origin}/library`;
    await pointAt(server);
    await vscode.workspace.getConfiguration('stockMedia').update('serviceUrl', serviceUrl, vscode.ConfigurationTarget.Global);
    const api = await extensionApi();
    await waitFor(() => api.services.config.serviceUrl === serviceUrl, 'the extension to read the service URL');
    await storeKeyFor(server, server.keys.alice);
    await api.services.refreshKeyState();
    const plain = server.library.photos.filter((p) => PLAIN.test(p.photographer.name));
    const [a, b] = [plain[3], plain[4]];
    assert.ok(a && b);
    inside = await api.client.getPhoto(a.id);
    other = await api.client.getPhoto(b.id);
    api.client.clearCache();
    server.clearLog();
  });

  after(async () => {
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
    await stopLocalServer(server);
  });

  afterEach(closeAllEditors);

  const requestsFor = (photo: Photo): number => server.apiRequestCount((e) => e.path.endsWith(`/photos/${photo.id}`));

  it('the library writes its page links under its path', () => {
    assert.ok(inside.url.startsWith(`${serviceUrl}/photo/`), inside.url);
    assert.ok(other.url.startsWith(`${serviceUrl}/photo/`), other.url);
  });

  it('hover: a page link under the path is the photo; the same link beside the path is nothing, and asks nothing', async () => {
    const beside = other.url.replace(`${serviceUrl}/`, `${server.origin}/`);
    assert.notEqual(beside, other.url);
    const editor = await openNew('notes.txt', `In the library: ${inside.url}\nBeside it: ${beside}\n`);
    const hover = await hoverOver(editor.document, inside.url);
    assert.ok(hover, 'a hover over the page link under the path');
    assert.ok(hover.includes(hoverTitle(inside)), hover);
    // Its one way to the service: Open on … for this photo (the page's address is not a second link).
    const open = /\(command:stockMedia\.openOnService\?([^)\s]+)\)/.exec(hover);
    assert.ok(open?.[1] && decodeURIComponent(open[1]).includes(`"id":${inside.id}`), `Open on the service opens this photo: ${hover}`);
    assert.ok(!hover.includes(`](${inside.url})`), 'no second link to the same page');
    assert.equal(await hoverOver(editor.document, beside), undefined, 'no hover beside the path');
    assert.equal(requestsFor(inside), 1);
    assert.equal(requestsFor(other), 0, 'nothing asked for the link beside the path');
  });

  it('the credit check in Markdown: a diagnostic for the uncredited page link under the path only', async () => {
    const beside = inside.url.replace(`${serviceUrl}/`, `${server.origin}/`);
    const editor = await openNew('page.md', `# Notes\n\n[A photo](${other.url})\n\n[Not one](${beside})\n`);
    const uri = editor.document.uri;
    await waitFor(() => creditDiagnostics(uri).length > 0, 'the credit diagnostic', 15_000);
    // Settled: the one link it found has been looked up.
    await waitFor(() => requestsFor(other) === 1, 'the look-up of the page under the path', 15_000);
    assert.deepEqual(
      creditDiagnostics(uri).map((d) => editor.document.getText(d.range)),
      [other.url],
    );
  });
});
