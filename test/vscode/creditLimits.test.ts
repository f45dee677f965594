// The credit check's look-ups are what is on screen, within a budget: a Markdown file with
// twice as many photos as the hourly budget allows (40), nobody has looked them up yet, opened in
// a real VS Code against the local server. And the large pages of issue 32 (2,000 identical
// credit lines, a front matter of 400 images), which froze the extension host for minutes:
// their diagnostics appear.
// Only the photos in the editor's visible ranges are asked for (read from the server's log),
// scrolling asks for the ones that come into view, and however far the user scrolls the
// requests stay within the hourly budget; what is already known costs nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Photo } from '../../src/core/model';
import { BACKGROUND_HOURLY_BUDGET } from '../../src/host/credits/lookup';
import type { LibraryPhoto } from '../server/library';
import { creditLines, galleryPage } from '../unit/creditPages';
import { closeAllEditors, extensionApi, fileOpener, hideWorkspaceMedia, useApiServer, waitFor, workspaceRoot } from './support';

const FOLDER = 'credit-limit-tests';
const openNew = fileOpener(FOLDER);
const SOURCE = 'Stock Media';
// Twice the budget: more photos come into view than it allows, and a screen at a time the rest of
// the file is scrolled with the budget spent (each screen waits for the check after it).
const MEDIA = 2 * BACKGROUND_HOURLY_BUDGET;
const CREDIT_CHECK_HOOK = 'stockMedia.test.creditCheck';
// A page's address as the local server writes it (test/server/urls.ts, which the web bundle cannot load).
const photoPageUrl = (origin: string, p: LibraryPhoto): string => `${origin}/photo/${p.slug}-${p.id}/`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When a check of the watched document last finished and when its editor last scrolled (epoch
 * ms). The watcher checks a moment after the last scroll, and every finished check sets the
 * document's diagnostics, which VS Code announces (about 50 ms later) even when they are the
 * same: a check that finished after the last scroll has asked for all it will ask for there.
 */
function watchChecks(): { readonly watch: (uri: vscode.Uri) => void; readonly checkedSince: (since: number, what: string) => Promise<void>; readonly dispose: () => void } {
  let watched = '';
  let checkedAt = 0;
  let scrolledAt = 0;
  const subscriptions = [
    vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((uri) => uri.toString() === watched)) checkedAt = Date.now();
    }),
    vscode.window.onDidChangeTextEditorVisibleRanges((e) => {
      if (e.textEditor.document.uri.toString() === watched) scrolledAt = Date.now();
    }),
  ];
  return {
    watch: (uri) => {
      watched = uri.toString();
      checkedAt = 0;
      scrolledAt = 0;
    },
    checkedSince: (since, what) => waitFor(() => checkedAt > Math.max(since, scrolledAt), what, 20_000).then(() => undefined),
    dispose: () => subscriptions.forEach((s) => s.dispose()),
  };
}

/** One photo per section, with enough text around it that a screen shows only a few (six lines a section). */
function documentOf(urls: readonly string[]): string {
  return urls.map((url, i) => `## Place ${i + 1}\n\n${url}\n\nThe end of the section.\n`).join('\n');
}

describe('credit check: look-ups only for what is on screen, within the hourly budget (real VS Code)', function () {
  this.timeout(120_000);
  const server = useApiServer();
  let photos: LibraryPhoto[];
  const checks = watchChecks();

  const photoRequests = (): number[] =>
    server().log.flatMap((e) => {
      const match = /\/photos\/(\d+)$/.exec(e.path);
      return match ? [Number(match[1])] : [];
    });
  const diagnostics = (uri: vscode.Uri): vscode.Diagnostic[] => vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
  /** The photos whose link is (at least partly) in the editor's visible ranges now. */
  const onScreen = (editor: vscode.TextEditor): Set<number> => {
    const text = editor.document.getText();
    const shown = new Set<number>();
    for (const photo of photos) {
      const url = photoPageUrl(server().origin, photo);
      const start = text.indexOf(url);
      const range = new vscode.Range(editor.document.positionAt(start), editor.document.positionAt(start + url.length));
      if (editor.visibleRanges.some((visible) => visible.intersection(range) !== undefined)) shown.add(photo.id);
    }
    return shown;
  };
  /** How many of `urls` are (at least partly) on screen. */
  const onScreenUrls = (editor: vscode.TextEditor, urls: readonly string[]): number => {
    const text = editor.document.getText();
    return urls.filter((url) => {
      const start = text.indexOf(url);
      const range = new vscode.Range(editor.document.positionAt(start), editor.document.positionAt(start + url.length));
      return editor.visibleRanges.some((visible) => visible.intersection(range) !== undefined);
    }).length;
  };
  /**
   * Waits until the diagnostics are those of `ids` (or, given `seen`, of `ids` and at most other
   * photos that were on screen), and a check has finished since the editor last scrolled.
   */
  const settledOn = async (editor: vscode.TextEditor, ids: ReadonlySet<number>, seen?: ReadonlySet<number>): Promise<void> => {
    const urlOf = (id: number): string => photoPageUrl(server().origin, photos.find((p) => p.id === id) as LibraryPhoto);
    // Given `seen`, what is on screen is read at each look (the editor may still be settling on
    // its size, showing a line more or less than at first).
    const want = (): string[] => [...(seen ? onScreen(editor) : ids)].map(urlOf);
    await waitFor(() => {
      const got = diagnostics(editor.document.uri).map((d) => editor.document.getText(d.range));
      const allowed = new Set([...(seen ?? ids)].map(urlOf));
      return want().every((url) => got.includes(url)) && got.every((url) => allowed.has(url));
    }, `diagnostics on the photos on screen (${ids.size} at first)${seen ? `, and at most those that were (${seen.size})` : ''}`, 20_000);
    await checks.checkedSince(0, 'a check after the last scroll');
  };

  before(async () => {
    photos = server().library.photos.slice(0, MEDIA);
    assert.equal(photos.length, MEDIA);
    // The credit check alone: In This Workspace, visible, would look up the file's photos too.
    await hideWorkspaceMedia();
    await vscode.commands.executeCommand(CREDIT_CHECK_HOOK, { op: 'resetBudget' });
  });

  after(async () => {
    checks.dispose();
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
    // The suites after this one start with a whole hour's budget.
    await vscode.commands.executeCommand(CREDIT_CHECK_HOOK, { op: 'resetBudget' });
  });

  it(`a file with ${MEDIA} unknown photos: only those on screen are looked up; scrolling to the end stays within ${BACKGROUND_HOURLY_BUDGET} requests`, async () => {
    const text = documentOf(photos.map((p) => photoPageUrl(server().origin, p)));
    // Every photo that is on screen at any moment, as the editor reports its visible ranges: on a
    // busy machine the editor can settle on its size a moment after it opened, and the check may
    // have looked up what the first size showed.
    const seen = new Set<number>();
    const seeing = vscode.window.onDidChangeTextEditorVisibleRanges(({ textEditor }) => {
      if (textEditor.document.uri.path.endsWith('/places.md')) for (const id of onScreen(textEditor)) seen.add(id);
    });
    const editor = await openNew('places.md', text);
    for (const id of onScreen(editor)) seen.add(id);
    // Its first check comes a moment after it shows (the watcher's debounce).
    checks.watch(editor.document.uri);
    const first = onScreen(editor);
    assert.ok(first.size > 0 && first.size < BACKGROUND_HOURLY_BUDGET, `a screen shows a few of the photos (${first.size})`);
    try {
      await settledOn(editor, first, seen);
    } finally {
      seeing.dispose();
    }
    const firstAsked = photoRequests();
    assert.equal(new Set(firstAsked).size, firstAsked.length, 'no photo asked for twice');
    for (const id of onScreen(editor)) assert.ok(firstAsked.includes(id), `photo ${id}, on screen, is looked up`);
    assert.deepEqual(firstAsked.filter((id) => !seen.has(id)), [], 'none that was not on screen is looked up');

    // Scrolling down a screen at a time: what comes into view is looked up, until the budget is spent.
    let reachedTheEnd = false;
    while (!reachedTheEnd) {
      const top = editor.visibleRanges[0]?.start.line ?? 0;
      const bottom = editor.visibleRanges.at(-1)?.end.line ?? 0;
      const line = Math.min(editor.document.lineCount - 1, bottom + 1);
      const scrolled = Date.now();
      editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.AtTop);
      await waitFor(() => (editor.visibleRanges[0]?.start.line ?? 0) > top && onScreen(editor), 'the editor to scroll');
      for (const id of onScreen(editor)) seen.add(id);
      reachedTheEnd = (editor.visibleRanges.at(-1)?.end.line ?? 0) >= editor.document.lineCount - 2;
      // The check runs a moment after scrolling stops; the editor may report its last position
      // after the first change event, so what is on screen then counts as seen too.
      await checks.checkedSince(scrolled, 'the check after scrolling');
      for (const id of onScreen(editor)) seen.add(id);
      const asked = photoRequests();
      assert.ok(asked.length <= BACKGROUND_HOURLY_BUDGET, `${asked.length} requests, over the budget of ${BACKGROUND_HOURLY_BUDGET}`);
      const unseen = asked.filter((id) => !seen.has(id));
      assert.deepEqual(unseen, [], `only photos that were on screen were looked up (seen: ${[...seen].join(', ')})`);
    }
    assert.ok(seen.size > BACKGROUND_HOURLY_BUDGET, `more photos than the budget came into view (${seen.size})`);
    await waitFor(() => photoRequests().length === BACKGROUND_HOURLY_BUDGET, `the budget of ${BACKGROUND_HOURLY_BUDGET} to be spent`, 20_000);
    // The check that sent the last request has finished, with all it queued.
    await checks.checkedSince(Math.max(...server().log.map((e) => e.time)), 'the check that spent the budget to finish');
    const asked = photoRequests();
    assert.equal(asked.length, BACKGROUND_HOURLY_BUDGET, 'not one request over the budget');
    assert.equal(new Set(asked).size, asked.length, 'no photo asked for twice');
    assert.equal(await vscode.commands.executeCommand<number>(CREDIT_CHECK_HOOK, { op: 'budget' }), BACKGROUND_HOURLY_BUDGET);

    // Back at the top: the photos looked up there keep their diagnostics and cost nothing more.
    const back = Date.now();
    editor.revealRange(new vscode.Range(0, 0, 0, 0), vscode.TextEditorRevealType.AtTop);
    await waitFor(() => editor.visibleRanges[0]?.start.line === 0, 'the editor to scroll back');
    await checks.checkedSince(back, 'the check after scrolling back');
    assert.equal(photoRequests().length, BACKGROUND_HOURLY_BUDGET, 'scrolling back sent nothing');
    const flagged = new Set(diagnostics(editor.document.uri).map((d) => editor.document.getText(d.range)));
    for (const id of firstAsked) assert.ok(flagged.has(photoPageUrl(server().origin, photos.find((p) => p.id === id) as LibraryPhoto)), `photo ${id} keeps its diagnostic`);
  });

  it('a photo known from a search costs no request, on screen or not, with the budget spent', async () => {
    const api = await extensionApi();
    // Known from a list answer (the grid's search would have brought the same).
    const listed = await api.client.searchPhotos({ query: 'cat', per_page: 80 });
    const known = listed.photos.filter((p) => !photos.some((q) => q.id === p.id)).slice(0, 3);
    assert.equal(known.length, 3);
    const mark = server().log.length;
    assert.equal(await vscode.commands.executeCommand<number>(CREDIT_CHECK_HOOK, { op: 'budget' }), BACKGROUND_HOURLY_BUDGET, 'the budget is spent');
    // Far below the first screen: known media are checked wherever they are.
    const filler = Array.from({ length: 200 }, (_, i) => `Line ${i + 1} of the introduction.\n`).join('\n');
    const editor = await openNew('known.md', `${filler}\n${documentOf(known.map((p) => p.url))}`);
    checks.watch(editor.document.uri);
    assert.equal(onScreenUrls(editor, known.map((p) => p.url)), 0, 'none of them is on screen');
    await waitFor(() => diagnostics(editor.document.uri).length === known.length, 'a diagnostic on each known photo', 20_000);
    await checks.checkedSince(0, 'a check after the last scroll');
    assert.equal(server().log.length, mark, 'no request');
    const names = diagnostics(editor.document.uri).map((d) => d.message);
    for (const photo of known) assert.ok(names.some((m) => m.includes(photo.photographer)), `the diagnostic names ${photo.photographer}`);
  });
});

describe('credit check: a link being typed is looked up once, when the cursor leaves it (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();

  before(async () => {
    await hideWorkspaceMedia();
    await vscode.commands.executeCommand(CREDIT_CHECK_HOOK, { op: 'resetBudget' });
  });

  after(async () => {
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
    await vscode.commands.executeCommand(CREDIT_CHECK_HOOK, { op: 'resetBudget' });
  });

  it('typing a page link with pauses sends no request for the ids on the way; moving the cursor off it sends one', async () => {
    const photo = server().library.photos.find((p) => String(p.id).length >= 3);
    assert.ok(photo);
    const url = photoPageUrl(server().origin, photo);
    const editor = await openNew('typed.md', '# Notes\n\n');
    editor.selection = new vscode.Selection(2, 0, 2, 0);
    server().clearLog();
    // Typed as a person types it, with pauses longer than the check's debounce in the id.
    const idAt = url.lastIndexOf(String(photo.id));
    await vscode.commands.executeCommand('type', { text: url.slice(0, idAt) });
    for (const ch of `${photo.id}/`) {
      await vscode.commands.executeCommand('type', { text: ch });
      await sleep(600);
    }
    assert.equal(editor.document.getText(), `# Notes\n\n${url}`);
    assert.deepEqual(server().log.map((e) => e.path), [], 'nothing asked while the cursor is at the end of the link');
    // The person moves on: clicks on the heading.
    await vscode.commands.executeCommand('hideSuggestWidget');
    editor.selection = new vscode.Selection(0, 2, 0, 2);
    await waitFor(() => vscode.languages.getDiagnostics(editor.document.uri).some((d) => d.source === SOURCE), 'the diagnostic of the typed link', 20_000);
    await sleep(800);
    assert.deepEqual(
      server().log.map((e) => e.path),
      [`/v1/photos/${photo.id}`],
      'one Get Photo, for the whole id',
    );
  });
});

describe('credit check: the large pages of issue 32 get their diagnostics without freezing the editor (real VS Code)', function () {
  this.timeout(180_000);
  useApiServer();
  let known: Photo[];
  /** How long a page's diagnostics may take: they took minutes before the check read a document once. */
  const WAIT_MS = 60_000;
  const diagnostics = (uri: vscode.Uri): vscode.Diagnostic[] => vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
  /**
   * Waits for a state, as waitFor, except that a state seen only after the deadline is late:
   * this test runs in the extension host the check runs in, so while a check blocks it the
   * test cannot look, and the first look after a freeze would otherwise find the state there.
   */
  const within = async <T>(check: () => T | false, what: string): Promise<T> => {
    const until = Date.now() + WAIT_MS;
    for (;;) {
      const late = Date.now() > until;
      const value = check();
      if (late) throw new Error(`Timed out waiting for ${what}${value === false ? '' : ' (it came, after the extension host was blocked past the wait)'}`);
      if (value !== false) return value;
      await sleep(50);
    }
  };

  before(async () => {
    const api = await extensionApi();
    // Known from list answers (as a search brings them): the check judges them without a request.
    known = [];
    for (let page = 1; page <= 2; page++) known.push(...(await api.client.curatedPhotos({ per_page: 80, page })).photos);
    assert.ok(known.length >= 40, `${known.length} photos known`);
  });

  after(async () => {
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
  });

  // 2,000 lines, and their bigger sibling: 10,000 (findMediaRefs reads the first 2,000 links), all one paragraph, the scope of each link.
  for (const lines of [2000, 10000]) {
    it(`${lines.toLocaleString('en')} identical credit lines naming someone else: a diagnostic on each link`, async () => {
      const photo = known[0] as Photo;
      const links = Math.min(lines, 2000);
      const editor = await openNew('lines.md', creditLines(lines, false, photo.url, 'Someone Else'));
      const flagged = await within(() => {
        const found = diagnostics(editor.document.uri);
        return found.length === links && found;
      }, `${links} diagnostics`);
      assert.ok(flagged.every((d) => editor.document.getText(d.range) === photo.url && d.message.includes(photo.photographer)));
      assert.deepEqual([...new Set(flagged.map((d) => d.range.start.line))].length, links, 'one on each line');
      await closeAllEditors();
    });
  }

  it('a gallery whose front matter lists 400 images, half of them credited in the captions: a diagnostic on each of the others', async () => {
    // Photographers whose names are not part of each other's, so which are credited is plain.
    const photos: Photo[] = [];
    for (const photo of known) {
      const name = photo.photographer.toLowerCase();
      if (!/^[a-z][a-z ,'-]*$/.test(name)) continue;
      if (photos.some((p) => p.photographer.toLowerCase().includes(name) || name.includes(p.photographer.toLowerCase()))) continue;
      photos.push(photo);
    }
    assert.ok(photos.length >= 10, `${photos.length} photographers to credit`);
    const group = photos.slice(0, 10);
    // Image i shows photo i mod 10; the even photos' captions name their photographer.
    const image = (i: number): Photo => group[i % group.length] as Photo;
    const credited = (photo: Photo): boolean => group.indexOf(photo) % 2 === 0;
    const page = galleryPage(400, (i) => ({ url: image(i).src.large, caption: credited(image(i)) ? `Photo by ${image(i).photographer} on Pexels` : 'A view of the harbour' }));
    const editor = await openNew('gallery.md', page);
    const missing = Array.from({ length: 400 }, (_, i) => image(i)).filter((photo) => !credited(photo));
    const flagged = await within(() => {
      const found = diagnostics(editor.document.uri);
      return found.length === missing.length && found;
    }, `${missing.length} diagnostics`);
    assert.deepEqual(
      flagged.map((d) => editor.document.getText(d.range)),
      missing.map((photo) => photo.src.large),
      'the uncredited images, in order',
    );
  });
});
