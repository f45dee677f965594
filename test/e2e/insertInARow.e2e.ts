// Two inserts in a row from the grid, as a new user makes them: click a tile, press Enter
// (the photo and its credit land in the Markdown file, the alt text selected), click the
// next tile, press Enter: the second photo and credit land after the first, which stays
// intact; typing then replaces the second's alt text.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { startApiServer } from '../server/server';
import { openFile, screenshot, searchFromPalette, startWorkbenchWithKey, webview } from './harness';
import type { Workbench } from './harness';

describe('inserts in a row from the grid (e2e)', function () {
  this.timeout(180_000);
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;
  let grid: FrameLocator;

  const editorText = (): Promise<string> =>
    page.evaluate(() => (document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' '));
  /** The file on disk (Monaco's DOM holds only the lines in view, in no set order). */
  const readme = (): string => readFileSync(join(workbench.workspace.path, 'README.md'), 'utf8');
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  async function save(): Promise<void> {
    const before = readme();
    await page.keyboard.press('Control+S');
    const until = Date.now() + 15_000;
    while (readme() === before && Date.now() < until) await page.waitForTimeout(50);
    await page.waitForTimeout(150);
  }

  async function waitForText(what: string): Promise<void> {
    const until = Date.now() + 20_000;
    while (!(await editorText()).includes(what) && Date.now() < until) await page.waitForTimeout(100);
    assert.ok((await editorText()).includes(what), `the editor shows “${what}”`);
  }

  before(async function () {
    this.timeout(240_000);
    api = await startApiServer();
    workbench = await startWorkbenchWithKey(api, { 'editor.wordWrap': 'on' });
    page = workbench.page;
  });

  after(async () => {
    await workbench?.close();
    await api?.close();
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
});
