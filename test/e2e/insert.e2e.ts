// Inserting from the search grid with the keyboard, as a person would: open a Markdown
// file, search, move to a photo with the arrow keys, press Enter; the photo and its credit
// land in the file, the cursor is on the alt text (typing replaces it), and one undo takes
// the insert back.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { startApiServer } from '../server/server';
import { screenshot, startWorkbenchWithKey, webview } from './harness';
import type { Workbench } from './harness';


describe('insert from the grid (e2e)', function () {
  this.timeout(180_000);
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;
  let grid: FrameLocator;

  const editorLines = (): ReturnType<Page['locator']> => page.locator('.editor-instance .monaco-editor .view-lines').first();
  /** The file on disk (Monaco's DOM holds only the lines in view, in no set order). */
  const readme = (): string => readFileSync(join(workbench.workspace.path, 'README.md'), 'utf8');
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  async function save(): Promise<void> {
    const before = readme();
    await page.keyboard.press('Control+S');
    // Saving is asynchronous (and slow on a busy machine); wait until the file changed.
    const until = Date.now() + 15_000;
    while (readme() === before && Date.now() < until) await page.waitForTimeout(50);
    await page.waitForTimeout(150);
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

  it('Enter on a tile inserts the photo and its credit into the Markdown file; typing replaces the alt text; one undo removes it', async () => {
    // The Markdown file, cursor at its end on a new line.
    await page.keyboard.press('Control+P');
    const quickInput = page.locator('.quick-input-widget .quick-input-box input');
    await quickInput.waitFor({ state: 'visible', timeout: 10_000 });
    await quickInput.fill('README.md');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'README.md' }).first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await editorLines().waitFor({ state: 'visible', timeout: 10_000 });
    const fixture = readme();
    await editorLines().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nPhotos:\n');
    await save();
    const original = readme();
    assert.equal(original, `${fixture}\nPhotos:\n`);

    // Search from the command palette; the grid opens.
    // F1 and the command's title, then the search's own input replaces the palette's.
    await page.keyboard.press('F1');
    await quickInput.fill('>Stock Media: Search Photos…');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Stock Media: Search Photos…' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget .quick-input-box input[placeholder^="Type what you are looking for"]').waitFor();
    await quickInput.pressSequentially('morning', { delay: 40 });
    await page.keyboard.press('Enter');
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
});
