// Inserting from the search grid as a person would, in one workbench. With the keyboard: open
// a Markdown file, search, move to a photo with the arrow keys, press Enter; the photo and its
// credit land in the file, the cursor is on the alt text (typing replaces it), and one undo
// takes the insert back. Two in a row, as a new user makes them: click a tile, press Enter,
// click the next tile, press Enter: the second photo and credit land after the first, which
// stays intact; typing then replaces the second's alt text.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { openFile, runCommand, saveEditor, screenshot, searchFromPalette, webview, useApiServer, useWorkbench } from './harness';
import type { Workbench } from './harness';

describe('insert from the grid (e2e)', function () {
  this.timeout(180_000);
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;
  let grid: FrameLocator;

  const editorLines = (): ReturnType<Page['locator']> => page.locator('.editor-instance .monaco-editor .view-lines').first();
  const editorText = (): Promise<string> =>
    page.evaluate(() => (document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' '));
  /** The file on disk (Monaco's DOM holds only the lines in view, in no set order). */
  const readme = (): string => readFileSync(join(workbench.workspace.path, 'README.md'), 'utf8');
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  const save = (): Promise<void> => saveEditor(page, join(workbench.workspace.path, 'README.md'));

  async function waitForText(what: string): Promise<void> {
    const until = Date.now() + 20_000;
    while (!(await editorText()).includes(what) && Date.now() < until) await page.waitForTimeout(100);
    assert.ok((await editorText()).includes(what), `the editor shows “${what}”`);
  }

  const opened = useWorkbench('insert', { 'editor.wordWrap': 'on' }, { api: useApiServer(), withKey: true });
  before(() => ({ api, workbench, page } = opened()));

  it('Enter on a tile inserts the photo and its credit into the Markdown file; typing replaces the alt text; one undo removes it', async () => {
    // The Markdown file, cursor at its end on a new line.
    await openFile(page, 'README.md');
    const fixture = readme();
    await editorLines().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nPhotos:\n');
    await save();
    const original = readme();
    assert.equal(original, `${fixture}\nPhotos:\n`);

    // Search from the command palette; the grid opens.
    await searchFromPalette(page, 'morning');
    grid = webview(page);
    const tiles = grid.locator('.tile');
    await tiles.first().waitFor({ state: 'visible', timeout: 30_000 });

    // Keyboard only from here: focus the first tile, move right, Enter.
    await tiles.first().focus();
    await page.keyboard.press('ArrowRight');
    const focused = grid.locator('.tile:focus');
    assert.equal(await focused.getAttribute('data-index'), '1');
    const photographer = ((await focused.locator('.credit').innerText()) ?? '').trim();
    const alt = ((await focused.locator('img').getAttribute('alt')) ?? '').trim();
    assert.ok(photographer.length > 0 && alt.length > 0);
    await page.keyboard.press('Enter');

    await page.waitForFunction(
      () => /Photo by \[/.test(document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ') ?? ''),
      undefined,
      { timeout: 20_000 },
    );
    console.log(`      screenshot: ${await screenshot(page, 'insert-from-grid')}`);
    const photo = api.library.photos.find((p) => p.alt === alt && p.photographer.name === photographer);
    assert.ok(photo, `the focused tile’s photo (${alt} by ${photographer}) is in the library`);
    const image = new RegExp(`^!\\[${escape(alt)}\\]\\(${escape(api.origin)}/media/photos/${photo.id}/pexels-photo-${photo.id}\\.png\\?[^)\\s]*h=650&w=940\\)$`);
    const credit = `Photo by [${photographer}](${api.origin}/@${photo.photographer.slug}) on [Pexels](${api.origin}/photo/${photo.slug}-${photo.id}/)`;

    // The cursor is on the alt text, selected: typing replaces it.
    await page.keyboard.type('A quiet morning');
    await page.waitForFunction(
      () => (document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' ').includes('A quiet morning'),
      undefined,
      { timeout: 10_000 },
    );
    await page.keyboard.press('Escape');
    await save();
    const typed = readme();
    assert.ok(typed.startsWith(original), 'the file’s own text is untouched');
    // A block of its own: a blank line after "Photos:", so the image does not join that paragraph.
    const [lead, imageLine, blank, creditLine, ...rest] = typed.slice(original.length).split('\n');
    assert.equal(lead, '');
    assert.match(imageLine ?? '', new RegExp(image.source.replace(escape(alt), 'A quiet morning')));
    assert.equal(blank, '');
    assert.equal(creditLine, credit);
    assert.deepEqual(rest, []);
    console.log(`      screenshot: ${await screenshot(page, 'insert-alt-typed')}`);

    // Undo the typing (the editor undoes it word by word) until the alt text is back…
    const firstLine = (): string => readme().slice(original.length).split('\n')[1] ?? '';
    for (let i = 0; i < 6 && !image.test(firstLine()); i++) {
      await page.keyboard.press('Control+Z');
      await save();
    }
    assert.match(firstLine(), image);
    // …then one more undo takes the whole insert back: the file is as it was.
    await page.keyboard.press('Control+Z');
    await save();
    assert.equal(readme(), original);
  });

  it('click a tile, Enter; click the next tile, Enter: both images and credits, one after the other, the first intact', async () => {
    // The Markdown file, cursor at its end on a new line.
    const lines = await openFile(page, 'README.md');
    await lines.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nPhotos:\n');
    await save();
    const original = readme();

    await searchFromPalette(page, 'morning');
    grid = webview(page);
    const tiles = grid.locator('.tile');
    await tiles.nth(1).waitFor({ state: 'visible', timeout: 30_000 });

    /** Clicks tile `n` (on its picture, away from its buttons) and presses Enter; returns what the tile shows. */
    async function insertTile(n: number): Promise<{ alt: string; photographer: string }> {
      const tile = tiles.nth(n);
      await tile.locator('img').click({ position: { x: 8, y: 8 } });
      assert.equal(await grid.locator('.tile:focus').getAttribute('data-index'), String(n));
      const photographer = ((await tile.locator('.credit').innerText()) ?? '').trim();
      const alt = ((await tile.locator('img').getAttribute('alt')) ?? '').trim();
      assert.ok(photographer.length > 0 && alt.length > 0);
      await page.keyboard.press('Enter');
      await waitForText(alt);
      return { alt, photographer };
    }

    const first = await insertTile(0);
    const second = await insertTile(1);
    await waitForText(second.photographer);
    console.log(`      screenshot: ${await screenshot(page, 'insert-in-a-row')}`);
    // The editor shows both images, the first's alt text and link whole.
    const shown = await editorText();
    assert.ok(shown.includes(`![${first.alt}](`) && shown.includes(`![${second.alt}](`), shown);

    const block = (tile: { alt: string; photographer: string }, alt = tile.alt): string => {
      const photo = api.library.photos.find((p) => p.alt === tile.alt && p.photographer.name === tile.photographer);
      assert.ok(photo, `the tile’s photo (${tile.alt} by ${tile.photographer}) is in the library`);
      const image = `!\\[${escape(alt)}\\]\\(${escape(api.origin)}/media/photos/${photo.id}/pexels-photo-${photo.id}\\.png\\?[^)\\s]*h=650&w=940\\)`;
      const credit = escape(`Photo by [${tile.photographer}](${api.origin}/@${photo.photographer.slug}) on [Pexels](${api.origin}/photo/${photo.slug}-${photo.id}/)`);
      return `${image}\\n\\n${credit}`;
    };
    // Focus is in the editor after an insert: save there and read the file.
    await save();
    assert.match(readme(), new RegExp(`^${escape(original)}\\n${block(first)}\\n\\n${block(second)}$`));

    // The second's alt text is selected: typing replaces it, the first stays as it is.
    await page.keyboard.type('Fog over the hills');
    await waitForText('Fog over the hills');
    await page.keyboard.press('Escape');
    await save();
    assert.match(readme(), new RegExp(`^${escape(original)}\\n${block(first)}\\n\\n${block(second, 'Fog over the hills')}$`));
  });

  it('the grid stays beside: a file opened with Quick Open while the grid has the focus goes to the page’s group, a second search shows the grid beside it, and Enter inserts where the person sees it', async () => {
    await runCommand(page, 'View: Close All Editor Groups');
    await openFile(page, 'README.md');
    await searchFromPalette(page, 'morning');
    grid = webview(page);
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 30_000 });
    const groups = page.locator('.part.editor .editor-group-container');
    /** Each group's tab labels, left to right, and whether the grid's picture is on screen. */
    const layout = async (): Promise<string[][]> => {
      const boxes = await groups.evaluateAll((all) =>
        all
          .map((g) => ({ x: g.getBoundingClientRect().x, tabs: [...g.querySelectorAll('.tabs-container .tab')].map((t) => (t.getAttribute('aria-label') ?? '').split(',')[0] ?? '') }))
          .sort((a, b) => a.x - b.x),
      );
      return boxes.map((b) => b.tabs);
    };
    const gridOnScreen = async (): Promise<void> => {
      const image = grid.locator('.tile img.loaded').first();
      await image.waitFor({ state: 'visible', timeout: 15_000 });
      assert.ok((await image.evaluate((i: HTMLImageElement) => i.naturalWidth)) > 0, 'a tile’s picture loaded');
      assert.ok(((await page.locator('iframe.webview').first().boundingBox())?.width ?? 0) > 200, 'the grid on screen');
    };
    let shown = await layout();
    assert.equal(shown.length, 2, `two groups: ${JSON.stringify(shown)}`);
    assert.ok(shown[0]?.includes('README.md') && !shown[1]?.includes('README.md'), `the page left, the grid beside it: ${JSON.stringify(shown)}`);
    const gridTab = shown[1]?.[0] ?? '';

    // The grid has the focus; Quick Open opens index.html: in the page's group, not over the grid.
    await grid.locator('.tile').first().focus();
    const lines = await openFile(page, 'index.html');
    await lines.getByText('Stock Media test page').first().waitFor({ timeout: 10_000 });
    shown = await layout();
    assert.deepEqual(shown[1], [gridTab], `the grid alone in its group: ${JSON.stringify(shown)}`);
    assert.ok(shown[0]?.includes('index.html'), `the file in the page’s group: ${JSON.stringify(shown)}`);
    await gridOnScreen();
    console.log(`      screenshot: ${await screenshot(page, 'grid-beside-quick-open')}`);

    // A second search from that file: the grid shows it beside the file, which stays in view.
    await searchFromPalette(page, 'sea');
    const box = grid.getByRole('searchbox');
    const until = Date.now() + 20_000;
    while ((await box.inputValue()) !== 'sea' && Date.now() < until) await page.waitForTimeout(100);
    assert.equal(await box.inputValue(), 'sea');
    await gridOnScreen();
    shown = await layout();
    assert.equal(shown.length, 2, JSON.stringify(shown));
    // index.html still in view: its editor's lines on screen (README's editor, behind it in the group, is not).
    await page.locator('.editor-instance .monaco-editor .view-lines', { hasText: 'Stock Media test page' }).first().waitFor({ state: 'visible', timeout: 10_000 });
    console.log(`      screenshot: ${await screenshot(page, 'grid-beside-second-search')}`);

    // Enter on a tile: the insert lands in index.html, in view, and the grid stays on screen.
    await grid.locator('.tile').first().focus();
    await page.keyboard.press('Enter');
    await page.locator('.editor-instance .monaco-editor .view-lines', { hasText: 'Stock Media test page' }).filter({ hasText: /<img\s/ }).first().waitFor({ state: 'visible', timeout: 20_000 });
    await gridOnScreen();
    assert.equal((await layout()).length, 2);
    console.log(`      screenshot: ${await screenshot(page, 'grid-beside-insert')}`);
    await runCommand(page, 'File: Revert File');
  });
});

