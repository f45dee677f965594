// The collections tree as a person uses it: open the Stock Media sidebar from the activity
// bar, set a key from the welcome, expand Featured and a collection, hover a photo.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { activityBarItem, AGENT_STAND_IN, naturalSize, runCommand, screenshot, sideBar, statusBarItem, useApiServer, useWorkbench, webview } from './harness';
import type { Workbench } from './harness';

/** A row of the sidebar's tree by its label (the start of its accessible name). */
function row(page: Page, label: string): Locator {
  return sideBar(page).locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: label }) }).first();
}

function mediaRows(page: Page): Locator {
  return sideBar(page).locator('.monaco-list-row[aria-level="3"]');
}

describe('collections sidebar', () => {
  let api: ApiServer;
  let workbench: Workbench;

  // https: the workbench shows hover images only from https (its CSP: img-src https: data:).
  const opened = useWorkbench('collections', {}, { api: useApiServer({ https: true }), https: true, extensions: [AGENT_STAND_IN] });
  before(() => ({ api, workbench } = opened()));

  it('opens from the activity bar and welcomes a user without a key', async () => {
    const { page } = workbench;
    await activityBarItem(page, 'Stock Media').click();
    const button = sideBar(page).locator('.welcome-view-content a.monaco-button', { hasText: 'Set API Key' });
    await button.waitFor({ state: 'visible', timeout: 20_000 });
    const getKey = sideBar(page).locator('.welcome-view-content a.monaco-button', { hasText: 'Get a Free API Key' });
    assert.equal(await getKey.isVisible(), true);
    const walkthrough = sideBar(page).locator('.welcome-view-content a', { hasText: 'Open the Walkthrough' });
    assert.equal(await walkthrough.isVisible(), true);
    console.log(`      screenshot: ${await screenshot(page, 'collections-welcome')}`);
    assert.equal(api.apiRequestCount(), 0, 'nothing is fetched before there is a key');
  });

  it('sets the key from the welcome and shows the two roots, still without fetching', async () => {
    const { page } = workbench;
    await sideBar(page).locator('.welcome-view-content a.monaco-button', { hasText: 'Set API Key' }).click();
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(api.keys.alice);
    await page.keyboard.press('Enter');
    await statusBarItem(page, /20,000|20000/).waitFor({ timeout: 20_000 });
    await row(page, 'Featured').waitFor({ timeout: 20_000 });
    await row(page, 'My Collections').waitFor({ timeout: 20_000 });
    // The key check is the only request so far.
    assert.equal(api.apiRequestCount(), 1);
  });

  it('expands Featured and a collection and shows its photos and videos', async () => {
    const { page } = workbench;
    api.clearLog();
    await row(page, 'Featured').click();
    const cats = row(page, 'Cats of the World');
    await cats.waitFor({ timeout: 20_000 });
    assert.match(await cats.innerText(), /19 photos · 5 videos/);
    await row(page, 'Ocean Moods').waitFor();
    await cats.click();
    await mediaRows(page).first().waitFor({ timeout: 20_000 });
    // The sidebar is short: at least a screenful of media rows, with their authors.
    const shown = await mediaRows(page).count();
    assert.ok(shown >= 5, `media rows are shown (${shown})`);
    const first = await mediaRows(page).first().innerText();
    assert.ok(first.trim().length > 0);
    assert.equal(api.apiRequestCount((e) => e.path.startsWith('/v1/collections/featured')), 1);
    assert.equal(api.apiRequestCount((e) => /^\/v1\/collections\/[a-z0-9]+\/?$/.test(e.path) && !e.path.includes('featured')), 1);
    // Media rows have an inline Insert button (contributed for media nodes).
    await mediaRows(page).first().hover();
    console.log(`      screenshot: ${await screenshot(page, 'collections-expanded')}`);
  });

  it('shows a hover with the thumbnail and the credit', async () => {
    const { page } = workbench;
    const media = mediaRows(page).first();
    await page.mouse.move(0, 0);
    await media.locator('.label-name').hover();
    const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: /Photo by|Video by/ }).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 });
    const text = await hover.innerText();
    assert.match(text, /(Photo|Video) by .+ on Pexels/);
    // The thumbnail is the photo's tiny variant (or a video picture) from the service, and
    // it shows: loaded, with the picture's own size (280 x 200 for the tiny variant).
    const img = hover.locator('img').first();
    await img.waitFor({ state: 'attached', timeout: 10_000 });
    const src = (await img.getAttribute('src')) ?? '';
    assert.ok(src.startsWith(`${api.origin}/media/`), src);
    assert.match(src, /h=200&w=280|\/pictures\/preview-0\.png/);
    const natural = await naturalSize(img);
    assert.ok(natural.width > 0 && natural.height > 0, `the hover's image did not load: ${JSON.stringify(natural)} from ${src}`);
    console.log(`      screenshot: ${await screenshot(page, 'collections-hover')}`);
  });

  it('filters a collection to videos from its inline filter button', async () => {
    const { page } = workbench;
    const cats = row(page, 'Cats of the World');
    await cats.hover();
    await cats.locator('.actions .action-label[aria-label^="Show Photos, Videos or All"]').click();
    const pick = page.locator('.quick-input-widget');
    await pick.waitFor({ state: 'visible', timeout: 10_000 });
    // The current choice is marked.
    assert.match(await pick.locator('.monaco-list-row', { hasText: 'Photos and Videos' }).innerText(), /current/);
    console.log(`      screenshot: ${await screenshot(page, 'collections-filter-pick')}`);
    await pick.locator('.monaco-list-row', { hasText: 'Videos Only' }).click();
    await pick.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.waitForFunction(
      () => document.querySelectorAll('#workbench\\.parts\\.sidebar .monaco-list-row[aria-level="3"]').length === 5,
      undefined,
      { timeout: 10_000 },
    );
    assert.match(await row(page, 'Cats of the World').innerText(), /videos only/);
    assert.equal(api.apiRequestCount((e) => e.query['type'] === 'videos'), 1);
    console.log(`      screenshot: ${await screenshot(page, 'collections-filtered')}`);
  });

  it('collapsing and expanding again asks the server nothing', async () => {
    const { page } = workbench;
    const before = api.apiRequestCount();
    const cats = row(page, 'Cats of the World');
    await cats.click();
    await page.waitForTimeout(300);
    assert.equal(await mediaRows(page).count(), 0);
    await cats.click();
    await mediaRows(page).first().waitFor({ timeout: 10_000 });
    assert.equal(api.apiRequestCount(), before);
  });

  it('drags a photo from the tree into a Markdown file, which inserts it with its credit', async () => {
    const { page } = workbench;
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill('README.md');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'README.md' }).first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible', timeout: 10_000 });
    // Only this collection open, so its first row is a photo (it holds no videos).
    await row(page, 'Cats of the World').click();
    await page.waitForTimeout(300);
    assert.equal(await mediaRows(page).count(), 0);
    await row(page, 'Minimal Desk Setups').click();
    const photo = mediaRows(page).first();
    await photo.waitFor({ timeout: 20_000 });
    const box = await editor.boundingBox();
    assert.ok(box);
    // Below the last line: the drop lands at the end of the file.
    await photo.dragTo(editor, { targetPosition: { x: 60, y: Math.max(40, box.height - 60) } });
    const lines = editor.locator('.view-lines');
    await page.waitForFunction(
      () => /!\[/.test(document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? ''),
      undefined,
      { timeout: 15_000 },
    );
    // Monaco renders spaces as no-break spaces.
    const text = ((await lines.textContent()) ?? '').replace(/\u00a0/g, ' ');
    assert.match(text, /!\[[^\]]+\]\(https:\/\/127\.0\.0\.1:\d+\/media\/photos\//);
    assert.match(text, /Photo by \[[^\]]+\]\(/);
    assert.ok(text.startsWith('# Stock Media test workspace'), 'the file’s own text is untouched');
    console.log(`      screenshot: ${await screenshot(page, 'collections-dragged')}`);
  });

  it('shows the inserted photo in the Markdown preview (https, as the preview requires)', async () => {
    const { page } = workbench;
    await runCommand(page, 'Markdown: Open Preview to the Side');
    // The preview is the Markdown extension's webview.
    const preview = webview(page, 0, 'vscode.markdown-language-features');
    const img = preview.locator(`img[src^="${api.origin}/media/photos/"]`).first();
    await img.waitFor({ state: 'visible', timeout: 20_000 });
    const natural = await naturalSize(img);
    // The large variant: at most 940 x 650.
    assert.ok(natural.width > 0 && natural.width <= 940 && natural.height <= 650, `the preview's image did not load: ${JSON.stringify(natural)}`);
    console.log(`      screenshot: ${await screenshot(page, 'collections-markdown-preview')}`);
  });
});
