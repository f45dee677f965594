// Responsive inserts in a real VS Code (stockMedia.insert.responsive), in both extension
// hosts: the document's text read back as a browser reads it (parse5), each srcset
// candidate fetched from the local server to see that its width descriptor is the width
// of the image it serves, and the average colour as the background.
import * as assert from 'node:assert/strict';
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import * as vscode from 'vscode';
import type { MediaItem, Photo } from '../../src/core/model';
import { closeAllEditors, extensionApi, fileOpener, useApiServer, workspaceRoot } from './support';

const PLAIN = /^[A-Za-z][A-Za-z ,'-]*$/;
const openNew = fileOpener('responsive-tests');
type Element = DefaultTreeAdapterMap['element'];

async function setResponsive(value: boolean | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('stockMedia.insert').update('responsive', value, vscode.ConfigurationTarget.Workspace);
}

function imgAttributes(html: string): Record<string, string> {
  const imgs: Element[] = [];
  const visit = (node: DefaultTreeAdapterMap['node']): void => {
    if ('tagName' in node && node.tagName === 'img') imgs.push(node);
    for (const child of 'childNodes' in node ? node.childNodes : []) visit(child);
  };
  visit(parseFragment(html) as DefaultTreeAdapterMap['node']);
  assert.equal(imgs.length, 1, html);
  return Object.fromEntries((imgs[0] as Element).attrs.map((a) => [a.name, a.value]));
}

/** `url Nw, …` → candidates; each must be exactly one URL and one width descriptor. */
function candidates(srcset: string): { url: string; width: number }[] {
  return srcset.split(/,\s+/).map((candidate) => {
    const m = /^(\S+) ([1-9]\d*)w$/.exec(candidate.trim());
    assert.ok(m, `candidate ${candidate}`);
    return { url: new URL(m[1] ?? '').href, width: Number(m[2]) };
  });
}

/** The width in a PNG's header (IHDR), as served. */
async function servedPngWidth(url: string): Promise<number> {
  const response = await fetch(url);
  assert.equal(response.status, 200, url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  assert.deepEqual([...bytes.slice(1, 4)], [0x50, 0x4e, 0x47], `${url} is a PNG`);
  return new DataView(bytes.buffer, bytes.byteOffset).getUint32(16);
}

describe('responsive insert (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let photo: Photo;
  let media: MediaItem;

  before(async () => {
    // The smallest plain photo: its original is cheap to serve, and no escaping is needed.
    const candidate = server().library.photos
      .filter((p) => PLAIN.test(p.alt) && PLAIN.test(p.photographer.name))
      .sort((a, b) => a.width * a.height - b.width * b.height)[0];
    assert.ok(candidate);
    photo = await (await extensionApi()).client.getPhoto(candidate.id);
    media = { kind: 'photo', photo };
  });

  after(async () => {
    await closeAllEditors();
    await setResponsive(undefined);
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), 'responsive-tests'), { recursive: true }).then(undefined, () => undefined);
  });

  afterEach(closeAllEditors);

  it('HTML: srcset whose widths are the served images’ widths, sizes, width/height and avg_color as background', async () => {
    await setResponsive(true);
    const editor = await openNew('index.html', '<body>\n\n</body>\n');
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    await vscode.commands.executeCommand('stockMedia.insert', { media });
    const text = editor.document.getText();
    assert.match(text, /^<body>\n {4}<figure>\n {8}<img [^\n]+>\n {8}<figcaption>/);
    const img = imgAttributes(text);
    assert.equal(img.src, photo.src.large);
    const listed = candidates(img.srcset ?? '');
    // Widths made from the original: 640, 1280, 1920, 2560 as far as it is wide, and its own width below 2560.
    const original = new URL(photo.src.original);
    const expected = [640, 1280, 1920, 2560].filter((w) => w <= photo.width);
    if (photo.width < 2560 && !expected.includes(photo.width)) expected.push(photo.width);
    assert.deepEqual(listed.map((c) => c.width), expected, img.srcset);
    for (const { url, width } of listed) {
      assert.equal(new URL(url).origin + new URL(url).pathname, original.origin + original.pathname, `${url} is made from the original`);
      assert.equal(await servedPngWidth(url), width, `the served width of ${url}`);
    }
    assert.equal(img.sizes, `(max-width: ${img.width}px) 100vw, ${img.width}px`);
    const scale = Math.min(1, 940 / photo.width, 650 / photo.height);
    assert.equal(img.width, String(Math.round(photo.width * scale)));
    assert.equal(img.height, String(Math.round(photo.height * scale)));
    assert.equal(img.style, `max-width:100%;height:auto;background-color:${photo.avg_color ?? ''}`);
    assert.match(photo.avg_color ?? '', /^#[0-9A-F]{6}$/);
    // One insert, one undo step.
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), '<body>\n\n</body>\n');
  });

  it('TSX: srcSet and a style object; Markdown unchanged by the setting', async () => {
    await setResponsive(true);
    const tsx = await openNew('Hero.tsx', 'export const Hero = () => (\n  <div>\n    \n  </div>\n);\n');
    tsx.selection = new vscode.Selection(2, 4, 2, 4);
    await vscode.commands.executeCommand('stockMedia.insert', { media });
    const text = tsx.document.getText();
    assert.match(text, / srcSet="[^"]+ \d+w, [^"]+" sizes="\(max-width: \d+px\) 100vw, \d+px"/);
    assert.ok(text.includes(` style={{ maxWidth: '100%', height: 'auto', backgroundColor: '${photo.avg_color ?? ''}' }}`), text);

    const markdown = await openNew('page.md', '');
    await vscode.commands.executeCommand('stockMedia.insert', { media });
    const on = markdown.document.getText();
    await setResponsive(false);
    const again = await openNew('page.md', '');
    await vscode.commands.executeCommand('stockMedia.insert', { media });
    assert.equal(again.document.getText(), on);
    assert.ok(on.startsWith(`![${photo.alt ?? ''}](${photo.src.large})`), on);
  });
});
