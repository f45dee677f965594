// The extension in the browser's web worker extension host, as on vscode.dev and
// github.dev, used as a person would: the workbench shows where it runs, the key is set
// from the command palette, a search fills the grid with images, a photo is saved into the
// workspace and linked from a Markdown file, and one undo takes the insert back.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import {
  QUOTA_ITEM,
  actUntilShown,
  runCommand,
  runningExtensionNote,
  saveEditor,
  screenshot,
  setApiKey,
  statusBarEntry,
  useApiServer,
  useWorkbench,
  webview,
} from './harness';
import type { Workbench } from './harness';
import { savedStem } from '../vscode/savedNames';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('web worker extension host (e2e)', function () {
  this.timeout(120_000);
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;
  let grid: FrameLocator;

  const quickInput = (): ReturnType<Page['locator']> => page.locator('.quick-input-widget .quick-input-box input');
  const editorText = (): Promise<string> =>
    page.evaluate(() => (document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' '));
  /** The file on disk (Monaco's DOM holds only the lines in view, in no set order). */
  const readme = (): string => readFileSync(join(workbench.workspace.path, 'README.md'), 'utf8');
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  /** Search Photos… from the command palette, and `query` typed into its input. */
  async function searchPhotos(query: string): Promise<void> {
    // F1 can arrive while the workbench moves focus (a notification, the grid's webview):
    // pressed again when the palette did not open.
    await actUntilShown(() => page.keyboard.press('F1'), quickInput(), async () => undefined, 3_000);
    await quickInput().fill('>Stock Media: Search Photos…');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Stock Media: Search Photos…' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget .quick-input-box input[placeholder^="Type what you are looking for"]').waitFor();
    await quickInput().fill('');
    await quickInput().pressSequentially(query, { delay: 40 });
    await page.keyboard.press('Enter');
  }

  const save = (): Promise<void> => saveEditor(page, join(workbench.workspace.path, 'README.md'));

  const opened = useWorkbench(
    'web',
    {
      'workbench.colorTheme': 'Default Dark Modern',
      'editor.wordWrap': 'on',
      // Save into the workspace (images/ beside the document) and link the saved file.
      'stockMedia.insert.mode': 'download',
    },
    { api: useApiServer(), web: true },
  );
  before(async () => {
    ({ api, workbench, page } = opened());
    await runCommand(page, 'View: Close Primary Side Bar').catch(() => undefined);
  });

  it('runs in the browser’s web worker: Show Running Extensions says “web worker”', async () => {
    const { note, shot } = await runningExtensionNote(page, 'stockmedia.stock-media', 'web-running-extensions');
    console.log(`      Running Extensions: “${note}”; screenshot: ${shot}`);
    assert.match(note, /web worker/);
    assert.doesNotMatch(note, /127\.0\.0\.1/, 'not in the server’s extension host');
  });

  it('the key set from the command palette; the status bar shows the quota', async () => {
    await setApiKey(page, api.keys.alice);
    const item = statusBarEntry(page, QUOTA_ITEM);
    await item.filter({ hasText: /20,000/ }).waitFor({ timeout: 30_000 });
    // The key went to the API (cross-origin from the worker: preflighted, then answered).
    assert.ok(api.apiRequestCount() >= 1, 'the key was checked against the API');
    console.log(`      status bar: “${(await item.innerText()).trim()}”`);
    console.log(`      screenshot: ${await screenshot(page, 'web-key-set')}`);
  });

  it('Search Photos fills the grid with images that loaded', async () => {
    // The Markdown file first, cursor at its end on a new line: the grid inserts there.
    await page.keyboard.press('Control+P');
    await quickInput().waitFor({ state: 'visible', timeout: 10_000 });
    await quickInput().fill('README.md');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'README.md' }).first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    const lines = page.locator('.editor-instance .monaco-editor .view-lines').first();
    await lines.waitFor({ state: 'visible', timeout: 10_000 });
    await lines.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nPhotos:\n');
    await save();

    await searchPhotos('morning');
    grid = webview(page);
    const tiles = grid.locator('.tile');
    await tiles.first().waitFor({ state: 'visible', timeout: 30_000 });
    // Every image on screen has arrived from the local server and been decoded (those of
    // the rows kept below the fold load lazily, when scrolled to).
    const images = grid.locator('.tile img');
    const until = Date.now() + 20_000;
    let widths: number[];
    for (;;) {
      widths = await images.evaluateAll((imgs) =>
        (imgs as HTMLImageElement[])
          .filter((img) => {
            const box = img.getBoundingClientRect();
            return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
          })
          .map((img) => (img.complete ? img.naturalWidth : -1)),
      );
      if (widths.length > 0 && widths.every((w) => w > 0)) break;
      if (Date.now() > until) break;
      await page.waitForTimeout(200);
    }
    console.log(`      ${widths.length} images on screen, natural widths ${Math.min(...widths)}–${Math.max(...widths)} px`);
    console.log(`      screenshot: ${await screenshot(page, 'web-grid')}`);
    assert.ok(widths.length >= 4, `at least a row of images on screen (saw ${widths.length})`);
    assert.ok(widths.every((w) => w > 0), `every image loaded (natural widths: ${widths.join(', ')})`);
  });

  it('Enter on a tile saves the photo into the workspace and links it from the Markdown file; one undo takes the insert back', async () => {
    const original = readme();
    const tiles = grid.locator('.tile');
    await tiles.first().focus();
    await page.keyboard.press('ArrowRight');
    const focused = grid.locator('.tile:focus');
    assert.equal(await focused.getAttribute('data-index'), '1');
    const photographer = (await focused.locator('.credit').innerText()).trim();
    const alt = ((await focused.locator('img').getAttribute('alt')) ?? '').trim();
    const photo = api.library.photos.find((p) => p.alt === alt && p.photographer.name === photographer);
    assert.ok(photo, `the focused tile’s photo (${alt} by ${photographer}) is in the library`);
    const mediaMark = api.mediaLog.length;
    await page.keyboard.press('Enter');

    // The insert, as the editor shows it: an image linking the saved file, and the credit.
    const link = `images/${savedStem(photo, 'large')}.png`;
    await page.waitForFunction(
      (expected) => (document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' ').includes(expected),
      `](${link})`,
      { timeout: 30_000 },
    );
    const shown = await editorText();
    assert.ok(shown.includes(`![${alt}](${link})`), `the editor shows the image linking the saved file: ${shown}`);
    assert.ok(shown.includes(`Photo by [${photographer}](`), 'and the credit');
    console.log(`      screenshot: ${await screenshot(page, 'web-insert-saved')}`);

    // The saved file is in the workspace folder on disk: a PNG, the bytes the server sent.
    const saved = join(workbench.workspace.path, link);
    assert.ok(existsSync(saved), `${link} exists in the workspace folder`);
    const bytes = readFileSync(saved);
    assert.deepEqual([...bytes.subarray(0, 8)], PNG_SIGNATURE, 'the saved file is a PNG');
    // The request the download made (the grid's thumbnails are other sizes), asked again here.
    const download = api.mediaLog
      .slice(mediaMark)
      .find((e) => e.path === `/media/photos/${photo.id}/pexels-photo-${photo.id}.png` && e.query['w'] === '940' && e.status === 200);
    assert.ok(download, 'the local server served the large variant to the download');
    const served = await fetch(`${api.origin}${download.path}?${new URLSearchParams(download.query).toString()}`);
    assert.equal(served.status, 200);
    assert.ok(Buffer.from(await served.arrayBuffer()).equals(bytes), 'the saved bytes are those the local server serves for it');

    // Saved to disk, the document says the same as the editor.
    await page.keyboard.press('Escape');
    await save();
    const inserted = readme().slice(original.length);
    assert.ok(readme().startsWith(original), 'the file’s own text is untouched');
    assert.match(inserted, new RegExp(`^\\n!\\[${escape(alt)}\\]\\(${escape(link)}\\)\\n\\nPhoto by \\[${escape(photographer)}\\]`));

    // One undo: the whole insert is gone.
    await page.keyboard.press('Control+Z');
    await save();
    assert.equal(readme(), original);
    assert.ok(!(await editorText()).includes(link), 'the editor no longer shows the link');
    console.log(`      screenshot: ${await screenshot(page, 'web-undone')}`);
  });

  it('where the service hides the quota headers from browsers, the status bar says so and counts this hour’s requests', async () => {
    // The headers are still sent; only Access-Control-Expose-Headers no longer lists them.
    api.setSwitches({ quotaHeadersExposed: false });
    await searchPhotos('forest');
    await grid.locator('.tile').first().waitFor({ state: 'visible', timeout: 30_000 });

    // What the extension sent this UTC hour, as the local server saw it (preflights aside).
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const item = statusBarEntry(page, QUOTA_ITEM);
    await item.filter({ hasText: /Quota not visible/ }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500);
    const sent = api.log.filter((e) => e.method !== 'OPTIONS' && e.time >= hour).length;
    const text = (await item.innerText()).trim();
    console.log(`      status bar: “${text}” (the server logged ${sent} requests this hour)`);
    console.log(`      screenshot: ${await screenshot(page, 'web-quota-not-visible')}`);
    assert.match(text, new RegExp(`Quota not visible · ${sent} requests? this hour`));
    assert.doesNotMatch(text, /20,000/, 'no stale figure beside it');
  });
});
