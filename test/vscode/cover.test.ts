// Set as Cover Image in a real VS Code against the local library: a page's front matter gets
// exactly its theme's fields (YAML with comments, TOML as Hugo writes it, Jekyll, Astro, a
// page with none), nothing else in the file changes, one undo takes it back, the credit check
// counts the cover's credit, a cover already set is replaced only when the user says so, and a
// saved cover is a file of exactly the cover's size that the front matter's link reaches; the
// front matter reads back in YAML 1.1 as libyaml (Jekyll, Hugo) reads it, a noncharacter in
// the alt text and a key given twice (PaperMod's FAQ post) included; JSON front matter keeps its
// other members' text, a TOML table's replacement the comments above the next table, and a
// YAML flow map is edited in place.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { escapeGoldmarkText } from '../../src/core/insert/escape';
import type { MediaItem, Photo } from '../../src/core/model';
import type { CoverOutcome } from '../../src/host/cover/setCover';
import { setCover as setCoverImage } from '../../src/host/cover/setCover';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import type { GridPanelState } from './hooks';
import { MediaInserter } from '../../src/host/insert/inserter';
import { readYaml11 } from '../generated/frontMatterReaders';
import { PAPERMOD_FAQ } from '../generated/sitePages';
import type { Shown } from './support';
import { acceptQuickInput, acceptSearchBox, closeAllEditors, extensionApi, fileOpener, hoverTitle, mediaArgs, recordQuickInputs, recordUi, updateSetting, useApiServer, waitFor, workspaceRoot } from './support';

const FOLDER = 'cover-tests';
const SOURCE = 'Stock Media';
const openNew = fileOpener(FOLDER);

function creditDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
}

/** The front matter's text between its fences, and the rest of the file. */
function split(text: string, fence: string): { block: string; body: string } {
  const open = `${fence}\n`;
  assert.ok(text.startsWith(open), text.slice(0, 80));
  const end = text.indexOf(`\n${fence}\n`, open.length);
  assert.ok(end > 0, 'the block is closed');
  return { block: text.slice(open.length, end + 1), body: text.slice(end + fence.length + 2) };
}

/** Every line of `before` is in `after`, in the same order: nothing was taken out or changed. */
function keepsLines(before: string, after: string): void {
  const lines = after.split('\n');
  let at = 0;
  for (const line of before.split('\n')) {
    const found = lines.indexOf(line, at);
    assert.ok(found >= 0, `kept: ${JSON.stringify(line)}\n--- in ---\n${after}`);
    at = found + 1;
  }
}

/** The PNG's pixel size, from its header. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('Set as Cover Image (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let photo: Photo;
  let media: MediaItem;
  let other: Photo;
  const shown: Shown[] = [];
  let answer: (s: Shown) => string | undefined = () => undefined;
  let restoreUi: (() => void) | undefined;

  const setCover = async (editor: vscode.TextEditor, command = 'stockMedia.setCoverImage'): Promise<CoverOutcome> => {
    const outcome = await vscode.commands.executeCommand<CoverOutcome>(command, { media, targetUri: editor.document.uri.toString() });
    assert.ok(outcome, 'the command answers');
    return outcome;
  };
  const undo = async (editor: vscode.TextEditor): Promise<void> => {
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
  };
  /** The cover's own image (1200×630 from the original, as the service's image server makes it). */
  const socialCard = (): string => {
    const url = new URL(photo.src.original);
    url.search = 'auto=compress&cs=tinysrgb&fit=crop&h=630&w=1200';
    return url.toString();
  };

  before(async () => {
    const api = await extensionApi();
    const [first, second] = server().library.photos;
    assert.ok(first && second);
    photo = await api.client.getPhoto(first.id);
    other = await api.client.getPhoto(second.id);
    media = { kind: 'photo', photo };
    restoreUi = recordUi(shown, [], (s) => answer(s));
  });

  beforeEach(() => {
    shown.length = 0;
    answer = () => undefined;
  });

  afterEach(async () => {
    await updateSetting('stockMedia.cover', 'preset', undefined);
    await updateSetting('stockMedia.insert', 'mode', undefined);
    await closeAllEditors();
  });

  after(async () => {
    restoreUi?.();
    for (const folder of [FOLDER, 'static']) {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), folder), { recursive: true }).then(undefined, () => undefined);
    }
  });

  it('Hugo PaperMod, YAML with comments: writes cover.image/alt/caption, keeps every other line, one undo restores; the credit check and the hover count the caption', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'hugo-papermod');
    // An uncredited photo in the body: the credit check runs on this page (it marks that one).
    const uncredited = other.src.large;
    const original = [
      '---',
      '# The post, as the archetype wrote it',
      'title: "Autumn walk" # shown in lists',
      "date: '2026-11-20'",
      'cover:',
      '  hidden: false # keep it on the page',
      'tags: [walks, autumn]',
      '---',
      '',
      'A walk by the lake.',
      '',
      `![Lake](${uncredited})`,
      '',
    ].join('\n');
    const editor = await openNew('post.md', original);
    const outcome = await setCover(editor);
    assert.equal(outcome.result, 'set', outcome.notes.join('\n'));
    const text = editor.document.getText();
    const { block, body } = split(text, '---');
    assert.equal(body, split(original, '---').body, 'the body is the same, byte for byte');
    keepsLines(split(original, '---').block, block);
    const data = parseYaml(block) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data), ['title', 'date', 'cover', 'tags']);
    const cover = data['cover'] as Record<string, unknown>;
    assert.equal(cover['hidden'], false);
    assert.equal(cover['image'], socialCard());
    assert.equal(cover['alt'], photo.alt);
    assert.ok(String(cover['caption']).startsWith(`Photo by [${escapeGoldmarkText(photo.photographer)}](`), String(cover['caption']));
    assert.ok(String(cover['caption']).includes(photo.url), 'the caption links the photo’s page');
    assert.ok(shown.some((s) => s.level === 'info' && /Set the cover of “post\.md”: cover\.image, cover\.alt, cover\.caption/.test(s.message)), JSON.stringify(shown));

    // The credit check: the body's photo is marked, the cover is not. Checked now, as the page is:
    // a check of the text before the cover (the editor opened) may still be shown until the edit's pause ends.
    await vscode.commands.executeCommand('stockMedia.test.creditCheck', { op: 'check', uri: editor.document.uri.toString() });
    const marked = await waitFor(() => {
      const found = creditDiagnostics(editor.document.uri);
      return found.length > 0 ? found : undefined;
    }, 'the credit check of the page', 15_000);
    const markedText = marked.map((d) => editor.document.getText(d.range));
    assert.deepEqual(markedText, [uncredited], 'only the body’s uncredited photo is marked');
    // The hover on the cover's address in the front matter: the photo, credited.
    const at = editor.document.getText().indexOf(socialCard());
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, editor.document.positionAt(at + 20));
    const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.ok(hoverText.includes(hoverTitle(photo)), hoverText);
    assert.match(hoverText, /A credit line names them nearby/, hoverText);

    await undo(editor);
    assert.equal(editor.document.getText(), original, 'one undo restores the file');
  });

  it('Hugo with TOML front matter: the [cover] table, before nothing else moves; one undo restores', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'hugo-papermod');
    const original = ['+++', 'title = "Harbour at dawn"', 'date = 2026-11-21T08:00:00Z', 'draft = false', '', '[[menu.main]]', '  name = "Harbour"', '  weight = 10', '+++', '', 'Boats.', ''].join('\n');
    const editor = await openNew('harbour.md', original);
    const outcome = await setCover(editor);
    assert.equal(outcome.result, 'set', outcome.notes.join('\n'));
    const text = editor.document.getText();
    const { block, body } = split(text, '+++');
    assert.equal(body, split(original, '+++').body);
    keepsLines(split(original, '+++').block, block);
    // Plain objects (the parser's tables have no prototype).
    const data = JSON.parse(JSON.stringify(parseToml(block))) as Record<string, unknown>;
    assert.equal(data['title'], 'Harbour at dawn');
    assert.deepEqual((data['menu'] as { main: unknown[] }).main, [{ name: 'Harbour', weight: 10 }]);
    const cover = data['cover'] as Record<string, unknown>;
    assert.deepEqual(Object.keys(cover).sort(), ['alt', 'caption', 'image']);
    assert.equal(cover['image'], socialCard());
    await undo(editor);
    assert.equal(editor.document.getText(), original);
  });

  it('Jekyll (jekyll-seo-tag) and Astro: exactly their fields', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'jekyll-seo');
    const jekyll = await openNew('2026-11-22-jekyll.md', '---\nlayout: post\ntitle: Fog\n---\nText.\n');
    assert.equal((await setCover(jekyll)).result, 'set');
    const jekyllData = parseYaml(split(jekyll.document.getText(), '---').block) as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(jekyllData), ['layout', 'title', 'image']);
    assert.deepEqual(Object.keys(jekyllData['image'] ?? {}).sort(), ['alt', 'credit', 'height', 'path', 'width']);
    assert.equal(jekyllData['image']?.['path'], socialCard());
    assert.equal(String(jekyllData['image']?.['width']), '1200');
    assert.equal(String(jekyllData['image']?.['height']), '630');

    await updateSetting('stockMedia.cover', 'preset', 'astro');
    const astro = await openNew('astro-post.md', "---\ntitle: 'Dunes'\npubDate: 'Nov 22 2026'\n---\n\nSand.\n");
    assert.equal((await setCover(astro)).result, 'set');
    const astroData = parseYaml(split(astro.document.getText(), '---').block) as Record<string, unknown>;
    assert.deepEqual(Object.keys(astroData), ['title', 'pubDate', 'heroImage', 'credit']);
    assert.match(String(astroData['heroImage']), /fit=crop&h=510&w=1020$/, 'Astro’s blog template shows its hero at 1020×510');
    assert.ok(String(astroData['credit']).includes(photo.photographer));
  });

  it('a U+FFFE in the alt text (which libyaml refuses): the front matter reads back in YAML 1.1 as libyaml reads it, the noncharacters dropped', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'hugo-papermod');
    const original = '---\ntitle: "Lake"\ndate: 2026-11-20\n---\nBody.\n';
    const editor = await openNew('nonchar.md', original);
    const hostile: Photo = { ...photo, alt: 'Lake\ufffe at dawn\uffff' };
    const outcome = await vscode.commands.executeCommand<CoverOutcome>('stockMedia.setCoverImage', { media: { kind: 'photo', photo: hostile }, targetUri: editor.document.uri.toString() });
    assert.equal(outcome.result, 'set', outcome.notes.join('\n'));
    const { block, body } = split(editor.document.getText(), '---');
    assert.equal(body, 'Body.\n');
    const data = readYaml11(block) as { title: string; cover: Record<string, string> };
    assert.equal(data.title, 'Lake');
    assert.equal(data.cover['alt'], 'Lake at dawn');
    assert.equal(data.cover['image'], socialCard());
  });

  it('a key given twice (PaperMod’s example FAQ post, aliases): the cover is set, the aliases lines and every other line unchanged', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'hugo-papermod');
    const original = PAPERMOD_FAQ;
    const editor = await openNew('papermod-faq.md', original);
    const outcome = await setCover(editor);
    assert.equal(outcome.result, 'set', outcome.notes.join('\n'));
    const text = editor.document.getText();
    const { block, body } = split(text, '---');
    assert.equal(body, split(original, '---').body);
    keepsLines(split(original, '---').block, block);
    assert.deepEqual(
      text.split('\n').filter((line) => line.startsWith('aliases:')),
      ['aliases: ["/papermod-how-to-guide"]', 'aliases: [/posts/papermod/papermod-how-to]'],
    );
    const data = readYaml11(block) as { aliases: string[]; cover: Record<string, string> };
    assert.deepEqual(data.aliases, ['/posts/papermod/papermod-how-to'], 'the last one, as Hugo reads it');
    assert.equal(data.cover['image'], socialCard());
    assert.equal(data.cover['alt'], photo.alt);
    await undo(editor);
    assert.equal(editor.document.getText(), original);
  });

  it('JSON front matter (issue 32): only the cover’s members are written, every other line byte for byte ("tags": ["json"] on one line); one undo restores', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'hugo-papermod');
    // Formatted by hand: the spacing, the one-line array and object are the author's.
    const last = '  "draft":false';
    const original = ['{', '  "title": "JSON post",', '  "date" : "2026-11-24",', '  "tags": ["json"],', '  "params": {"a": 1,   "b": [1, 2]},', last, '}', '', 'Body {not json}', ''].join('\n');
    const editor = await openNew('json-post.md', original);
    const outcome = await setCover(editor);
    assert.equal(outcome.result, 'set', outcome.notes.join('\n'));
    const text = editor.document.getText();
    const end = text.indexOf('\n}\n') + 3;
    assert.equal(text.slice(end), '\nBody {not json}\n', 'the body is the same, byte for byte');
    // The one change to a line of the author's: the comma the new member after it needs.
    keepsLines(original.replace(last, `${last},`), text);
    assert.ok(text.split('\n').includes('  "tags": ["json"],'), text);
    const data = JSON.parse(text.slice(0, end)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data), ['title', 'date', 'tags', 'params', 'draft', 'cover']);
    assert.deepEqual(data['params'], { a: 1, b: [1, 2] });
    const cover = data['cover'] as Record<string, unknown>;
    assert.deepEqual(Object.keys(cover), ['image', 'alt', 'caption']);
    assert.equal(cover['image'], socialCard());
    assert.equal(cover['alt'], photo.alt);
    assert.ok(String(cover['caption']).includes(photo.url), String(cover['caption']));
    await undo(editor);
    assert.equal(editor.document.getText(), original, 'one undo restores the file');
  });

  it('TOML with an old [image] table (issue 32): the table goes, the comment lines just above the next table stay there; one undo restores', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'docusaurus');
    const comments = ['# Links shown under the post', '# (one per line)', '[params]'];
    const original = ['+++', 'title = "Pier"', 'date = 2026-11-23', '', '[image]', '# the old cover', 'path = "old.jpg" # old', '', ...comments, 'links = ["a", "b"]', '+++', '', 'Body.', ''].join('\n');
    const editor = await openNew('pier.md', original);
    answer = (s) => (s.level === 'warning' ? 'Replace Cover' : undefined);
    const outcome = await setCover(editor);
    assert.equal(outcome.result, 'set', outcome.notes.join('\n'));
    const text = editor.document.getText();
    const { block, body } = split(text, '+++');
    assert.equal(body, '\nBody.\n');
    assert.ok(!text.includes('old.jpg') && !text.includes('# the old cover'), text);
    const lines = block.split('\n');
    const next = lines.indexOf('[params]');
    assert.deepEqual(lines.slice(next - 2, next + 1), comments, block);
    const data = JSON.parse(JSON.stringify(parseToml(block))) as Record<string, unknown>;
    assert.equal(data['title'], 'Pier');
    assert.equal(data['image'], socialCard());
    assert.deepEqual(data['params'], { links: ['a', 'b'] });
    await undo(editor);
    assert.equal(editor.document.getText(), original, 'one undo restores the file');
  });

  it('YAML front matter written as a flow map (issue 32): the cover is set in the map, which reads back in YAML 1.1 with its title', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'hugo-papermod');
    const original = '---\n{title: x, date: 2026-01-01}\n---\n\nBody.\n';
    const editor = await openNew('flow.md', original);
    const outcome = await setCover(editor);
    assert.equal(outcome.result, 'set', outcome.notes.join('\n'));
    const { block, body } = split(editor.document.getText(), '---');
    assert.equal(body, '\nBody.\n');
    assert.ok(block.startsWith('{title: x, date: 2026-01-01, cover: {'), block);
    const data = readYaml11(block) as { title: string; cover: Record<string, string> };
    assert.equal(data.title, 'x');
    assert.equal(data.cover['image'], socialCard());
    assert.equal(data.cover['alt'], photo.alt);
    await undo(editor);
    assert.equal(editor.document.getText(), original, 'one undo restores the file');
  });

  it(`each caption in its generator's Markdown: "O'Brien & Sons" escaped for kramdown under Minimal Mistakes (no \\&, which kramdown shows), for Goldmark under PaperMod`, async () => {
    const obrien: MediaItem = { kind: 'photo', photo: { ...photo, photographer: "O'Brien & Sons" } };
    const captionOf = async (preset: string, name: string, path: readonly string[]): Promise<string> => {
      await updateSetting('stockMedia.cover', 'preset', preset);
      const editor = await openNew(name, '---\ntitle: Fog\n---\nText.\n');
      const outcome = await vscode.commands.executeCommand<CoverOutcome>('stockMedia.setCoverImage', { media: obrien, targetUri: editor.document.uri.toString() });
      assert.equal(outcome?.result, 'set', outcome?.notes.join('\n'));
      const data = parseYaml(split(editor.document.getText(), '---').block) as Record<string, Record<string, unknown>>;
      return String(data[path[0] ?? '']?.[path[1] ?? '']);
    };
    const kramdown = await captionOf('minimal-mistakes', 'mm-caption.md', ['header', 'caption']);
    assert.ok(kramdown.startsWith("Photo by [O\\'Brien &amp; Sons]("), kramdown);
    const goldmark = await captionOf('hugo-papermod', 'papermod-caption.md', ['cover', 'caption']);
    assert.ok(goldmark.startsWith("Photo by [O\\'Brien \\& Sons]("), goldmark);
  });

  it('a page with no front matter gets one (YAML) at the top, the text below it unchanged; one undo restores', async () => {
    const original = '# Notes\n\nNothing here yet.\n';
    const editor = await openNew('notes.md', original);
    const outcome = await setCover(editor);
    assert.equal(outcome.result, 'set', outcome.notes.join('\n'));
    const { block, body } = split(editor.document.getText(), '---');
    assert.equal(body, original);
    // No site generator in this workspace: `auto` writes the most common key, `image`, with its credit.
    const data = parseYaml(block) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data), ['image', 'credit']);
    assert.equal(data['image'], socialCard());
    assert.ok(String(data['credit']).includes(photo.photographer));
    await undo(editor);
    assert.equal(editor.document.getText(), original);
  });

  it('a cover already set is replaced only when the user says so; the old fields go', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'hugo-papermod');
    const original = '---\ntitle: Old\ncover:\n  image: "old.jpg"\n  caption: "Old credit"\n---\nBody.\n';
    const editor = await openNew('again.md', original);
    answer = () => undefined;
    const kept = await setCover(editor);
    assert.equal(kept.result, 'cancelled');
    const asked = shown.find((s) => s.level === 'warning');
    assert.ok(asked && /already has a cover \(cover\.image, cover\.caption\)/.test(asked.message), JSON.stringify(shown));
    assert.equal(editor.document.getText(), original, 'nothing changed without a yes');

    answer = (s) => (s.level === 'warning' ? 'Replace Cover' : undefined);
    const replaced = await setCover(editor);
    assert.equal(replaced.result, 'set');
    const text = editor.document.getText();
    assert.ok(!text.includes('old.jpg') && !text.includes('Old credit'), text);
    assert.equal((parseYaml(split(text, '---').block) as { cover: { image: string } }).cover.image, socialCard());
  });

  it('Set as Cover Image…: "replace the existing cover?" comes first, before any size; a preset without an alt field asks only the size, in the cover’s words', async () => {
    const recorded = recordQuickInputs();
    try {
      await updateSetting('stockMedia.cover', 'preset', 'docusaurus');
      const original = '---\ntitle: Old\nimage: old.jpg\n---\nBody.\n';
      const editor = await openNew('asks.md', original);
      answer = () => undefined;
      const declined = await setCover(editor, 'stockMedia.setCoverImageAs');
      assert.equal(declined.result, 'cancelled');
      assert.match(shown.find((s) => s.level === 'warning')?.message ?? '', /already has a cover \(image\)/, JSON.stringify(shown));
      assert.equal(recorded.picks.length + recorded.boxes.length, 0, 'nothing else asked before it');
      assert.equal(editor.document.getText(), original);

      shown.length = 0;
      answer = (s) => (s.level === 'warning' ? 'Replace Cover' : undefined);
      const pending = setCover(editor, 'stockMedia.setCoverImageAs');
      const pick = await waitFor(() => recorded.picks[0], 'the size picker', 10_000);
      assert.equal(shown.filter((s) => s.level === 'warning').length, 1, 'replace was asked before the size');
      assert.equal(pick.title, 'The cover at which size?');
      await waitFor(() => pick.items.some((i) => i.picked), 'the sizes');
      const start = pick.items.find((i) => i.picked);
      assert.equal(start?.label, '1200x630', 'the preset’s size first');
      assert.match(start?.description ?? '', / · the cover’s size$/);
      assert.ok(!pick.items.some((i) => /your setting/.test(i.description ?? '')), 'nothing of the user’s settings is claimed');
      await acceptQuickInput();
      const outcome = await pending;
      assert.equal(outcome.result, 'set', JSON.stringify(outcome));
      assert.equal(recorded.boxes.length, 0, 'no alt text asked: the preset writes none');
      const data = parseYaml(split(editor.document.getText(), '---').block) as Record<string, unknown>;
      assert.equal(data['image'], socialCard());
    } finally {
      recorded.restore();
    }
  });

  it('saved (insert mode download): a 1200×630 file in the site’s static folder, linked site-absolute from the front matter; CREDITS.md lists it', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'hugo-papermod');
    await updateSetting('stockMedia.insert', 'mode', 'download');
    const editor = await openNew('saved.md', '---\ntitle: Saved\n---\nBody.\n');
    // The test host runs untrusted; a person saving trusts the folder.
    const inserter = new MediaInserter((await extensionApi()).services, { isTrusted: () => true, fetch: (i, init) => fetch(i, init), now: () => new Date() });
    try {
      const outcome = await setCoverImage(inserter.pipeline, mediaArgs({ media, targetUri: editor.document.uri.toString() }), {});
      assert.equal(outcome.result, 'set', outcome.notes.join('\n'));
    } finally {
      inserter.dispose();
    }
    const image = String((parseYaml(split(editor.document.getText(), '---').block) as { cover: { image: string } }).cover.image);
    assert.match(image, /^\/images\/[^/]+\.png$/, 'a site path: Hugo serves static/ at the root');
    const file = vscode.Uri.joinPath(workspaceRoot(), 'static', image);
    const bytes = await vscode.workspace.fs.readFile(file);
    assert.deepEqual(pngSize(bytes), { width: 1200, height: 630 });

    // Write Credits File lists the cover with the page that uses it (only this suite's files read).
    assert.ok(await editor.document.save());
    const exclude: Record<string, boolean> = {};
    for (const [name] of await vscode.workspace.fs.readDirectory(workspaceRoot())) if (name !== FOLDER) exclude[name] = true;
    await updateSetting('files', 'exclude', exclude);
    await updateSetting('stockMedia.creditsFile', 'path', `${FOLDER}/CREDITS.md`);
    answer = (s) => s.buttons[0];
    try {
      const written = await vscode.commands.executeCommand<{ result: string; message: string }>('stockMedia.writeCreditsFile');
      assert.equal(written?.result, 'written', written?.message);
      const credits = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(workspaceRoot(), FOLDER, 'CREDITS.md')));
      assert.ok(credits.includes(photo.photographer), credits);
      const page = vscode.workspace.asRelativePath(editor.document.uri, false);
      assert.ok(credits.replace(/\\/g, '').includes(page), `${page} in\n${credits}`);
    } finally {
      await updateSetting('files', 'exclude', undefined);
      await updateSetting('stockMedia.creditsFile', 'path', undefined);
    }
  });

  it('a pasted link of a photo’s page: the paste menu’s second entry sets the cover, the link does not go into the text; one undo', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'docusaurus');
    const original = '---\ntitle: Docs page\n---\n\nIntro.\n\n';
    const editor = await openNew('pasted.md', original);
    const end = editor.document.positionAt(original.length);
    editor.selection = new vscode.Selection(end, end);
    const pasted = await vscode.commands.executeCommand<{ edits: { kind: string; title: string }[] }>('stockMedia.test.paste', { text: photo.url, kind: 'stockMedia.media.cover' });
    assert.deepEqual(pasted?.edits.map((e) => e.kind), ['stockMedia.media', 'stockMedia.media.cover']);
    assert.match(pasted?.edits[1]?.title ?? '', /^Set as Cover Image \(.+\)$/);
    const text = editor.document.getText();
    const { block, body } = split(text, '---');
    assert.equal(body, '\nIntro.\n\n', 'the link went nowhere in the text');
    const data = parseYaml(block) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data), ['title', 'image', 'credit']);
    assert.equal(data['image'], socialCard());
    await undo(editor);
    assert.equal(editor.document.getText(), original);
  });

  it('run from the palette with a tile focused in the grid: that photo, into the page the grid was opened from', async () => {
    await updateSetting('stockMedia.cover', 'preset', 'docusaurus');
    const editor = await openNew('focused.md', '---\ntitle: Focus\n---\n');
    try {
      const searched = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'morning' });
      assert.ok(searched.shown && searched.count > 1, JSON.stringify(searched));
      const state = await vscode.commands.executeCommand<GridPanelState>('stockMedia.test.grid', { op: 'state' });
      const key = state.session.itemKeys[1];
      assert.ok(key);
      // What the webview says when a tile gets the keyboard focus.
      await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'receive', message: { type: 'active', key } });
      const outcome = await vscode.commands.executeCommand<CoverOutcome>('stockMedia.setCoverImage');
      assert.equal(outcome.result, 'set', outcome.notes.join('\n'));
      const data = parseYaml(split(editor.document.getText(), '---').block) as Record<string, unknown>;
      assert.ok(String(data['image']).includes(`/photos/${key.split(':')[1]}/`), String(data['image']));
    } finally {
      await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'close' });
    }
  });

  it('run from the palette with no photo chosen: the search opens with the page’s title', async () => {
    const editor = await openNew('titled.md', '---\ntitle: "Misty *lake* at dawn"\n---\n\nText.\n');
    await vscode.window.showTextDocument(editor.document);
    try {
      const result = await acceptSearchBox<GridCommandResult>('stockMedia.setCoverImage');
      assert.ok(result.shown, JSON.stringify(result));
      assert.equal(result.spec.mode === 'photos' ? result.spec.query : undefined, 'Misty lake at dawn');
      assert.ok(shown.some((s) => s.level === 'info' && /Pick a photo for the cover in the grid/.test(s.message)), JSON.stringify(shown));
    } finally {
      await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'close' });
    }
  });

  it('a photo with no safe address: a clear message, nothing written, no command error', async () => {
    const original = '---\ntitle: Unsafe\n---\nBody.\n';
    const editor = await openNew('unsafe.md', original);
    const unsafe = { ...photo, src: Object.fromEntries(Object.keys(photo.src).map((k) => [k, 'javascript:alert(1)'])) as Photo['src'] };
    const outcome = await vscode.commands.executeCommand<CoverOutcome>('stockMedia.setCoverImage', { media: { kind: 'photo', photo: unsafe }, targetUri: editor.document.uri.toString() });
    assert.equal(outcome.result, 'failed');
    assert.ok(shown.some((s) => s.level === 'error' && /no safe https address/.test(s.message)), JSON.stringify(shown));
    assert.equal(editor.document.getText(), original);
  });

  it('a page that is not Markdown or MDX: a clear message, nothing written', async () => {
    const editor = await openNew('page.html', '<p>Hi</p>\n');
    const outcome = await setCover(editor);
    assert.equal(outcome.result, 'failed');
    assert.match(outcome.notes.join('\n'), /front matter of a Markdown or MDX page/);
    assert.equal(editor.document.getText(), '<p>Hi</p>\n');
  });
});
