// A newcomer's first links, as in `npm run demo`: the library behind the front door's
// `/proxy/<port>/` (test/host/frontDoor.ts), the key page from *Get a Free API Key*, a photo's
// page from *Open on the Service* and its photographer's page from there, each loading with
// status 200 and a title; an English search whose alt texts are English; the page opened next
// beside the grid, not over it; a collection photo titled the same in the tree and in the grid.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startApiServer } from '../server/server';
import type { ApiServer } from '../server/server';
import { localCertificate } from '../server/tls';
import { activityBarItem, apiSettings, openFile, runCommand, screenshot, searchFromPalette, setApiKey, sideBar, startWorkbench, statusBarItem, webview } from './harness';
import type { Workbench } from './harness';

/** Waits for the page a click opens in a new window, reloads it once loaded and returns its status and title. */
async function followPopup(page: Page, click: () => Promise<void>, path: RegExp): Promise<{ page: Page; status: number; title: string }> {
  const popup = page.context().waitForEvent('page', { timeout: 30_000 });
  await click();
  const opened = await popup;
  await opened.waitForURL(path, { timeout: 30_000 });
  const answer = await opened.reload({ waitUntil: 'domcontentloaded' });
  return { page: opened, status: answer?.status() ?? 0, title: await opened.title() };
}

describe('a newcomer’s links and texts', () => {
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;

  before(async function () {
    this.timeout(180_000);
    api = await startApiServer({ https: true });
    const forwardPorts = [{ port: Number(new URL(api.origin).port), httpsCa: localCertificate().cert }];
    workbench = await startWorkbench({ machineSettings: apiSettings(api), https: true, forwardPorts });
    page = workbench.page;
  });

  after(async () => {
    await workbench?.close();
    await api?.close();
  });

  it('Get a Free API Key opens the key page, with the demo key', async () => {
    const key = await followPopup(page, () => runCommand(page, 'Stock Media: Get a Free API Key'), /\/api\/new\/$/);
    console.log(`      opened: ${key.page.url()}`);
    assert.equal(key.status, 200);
    assert.match(key.title, /API Key/);
    assert.equal(await key.page.locator('#key').innerText(), api.keys.alice);
    await key.page.close();
    await page.bringToFront();
  });

  it('an English search shows English alt texts; Open on the Service and the photographer link load their pages', async () => {
    await setApiKey(page, api.keys.alice);
    await statusBarItem(page, /20,000|20000/).waitFor({ timeout: 30_000 });
    await searchFromPalette(page, 'bird');
    const grid = webview(page);
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 30_000 });
    const alts = await grid.locator('.tile img').evaluateAll((images) => images.map((i) => i.getAttribute('alt') ?? ''));
    assert.ok(alts.length >= 10, `${alts.length} tiles`);
    for (const alt of alts) assert.match(alt, /^[A-Z][a-z]+( [a-z]+)+$/, `an English alt text: ${alt}`);
    console.log(`      screenshot: ${await screenshot(page, 'newcomer-bird-search')}`);

    const first = grid.locator('.tile').first();
    const title = (await first.getAttribute('title')) ?? '';
    await first.hover();
    const button = first.locator('[data-command="openOnService"]');
    const photo = await followPopup(page, () => button.click(), /\/photo\/[a-z0-9-]+\/$/);
    assert.equal(photo.status, 200);
    assert.ok(photo.title.startsWith(title), `${photo.title} is the page of ${title}`);
    const byline = photo.page.locator('.by a');
    const name = await byline.innerText();
    const [profile] = await Promise.all([photo.page.waitForResponse((r) => r.url().includes('/@')), byline.click()]);
    assert.equal(profile.status(), 200);
    await photo.page.waitForLoadState('domcontentloaded');
    assert.ok((await photo.page.title()).startsWith(name), `the page of ${name}`);
    await photo.page.close();
    await page.bringToFront();
  });

  it('the page opened next goes beside the grid, which opened with no document: both on screen', async () => {
    const lines = await openFile(page, 'README.md');
    await lines.getByText('Stock Media test workspace').waitFor({ timeout: 10_000 });
    // Two groups side by side: the grid's, locked while the grid is in it, and the page's.
    const groups = page.locator('.editor-group-container');
    assert.equal(await groups.count(), 2, 'two editor groups');
    assert.equal(await page.locator('.editor-group-container.locked').count(), 1, 'the grid’s group is locked');
    const [left, right] = await Promise.all([groups.nth(0).boundingBox(), groups.nth(1).boundingBox()]);
    assert.ok(left && right && left.width > 200 && right.width > 200 && right.x >= left.x + left.width - 1, `side by side: ${JSON.stringify([left, right])}`);
    // The grid still shows its pictures (a hidden webview would be gone from the page).
    const image = webview(page).locator('.tile img.loaded').first();
    await image.waitFor({ state: 'visible', timeout: 15_000 });
    assert.ok((await image.evaluate((i: HTMLImageElement) => i.naturalWidth)) > 0, 'a tile’s image loaded');
    assert.ok(((await page.locator('iframe.webview').first().boundingBox())?.width ?? 0) > 200, 'the grid on screen');
    console.log(`      screenshot: ${await screenshot(page, 'newcomer-page-beside-grid')}`);
  });

  it('a collection photo has the same title in the tree and in the grid', async () => {
    await activityBarItem(page, 'Stock Media').click();
    const row = (label: string) => sideBar(page).locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: label }) }).first();
    await row('Featured').click();
    const desk = row('Minimal Desk Setups');
    await desk.click();
    const media = sideBar(page).locator('.monaco-list-row[aria-level="3"] .label-name');
    await media.first().waitFor({ timeout: 20_000 });
    const treeTitles = (await media.allInnerTexts()).map((t) => t.trim());
    await desk.hover();
    await desk.locator('.actions .action-label[aria-label^="Open in Grid"]').click();
    // The grid the collection opened in: the newest webview (the search's grid may still be there).
    const grid = page.locator('iframe.webview').last().contentFrame().locator('#active-frame').contentFrame();
    // The collection's tiles, not the search's the grid showed until their answer came.
    await grid.locator(`.tile[title=${JSON.stringify(treeTitles[0] ?? '')}] img.loaded`).first().waitFor({ timeout: 30_000 });
    const gridTitles = await grid.locator('.tile').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('title') ?? ''));
    // The grid draws only the rows on screen (results.ts), fewer in its half of the area than the tree lists.
    const shown = Math.min(treeTitles.length, gridTitles.length);
    assert.ok(shown >= 5, `${treeTitles.length} in the tree, ${gridTitles.length} in the grid`);
    assert.deepEqual(gridTitles.slice(0, shown), treeTitles.slice(0, shown));
    console.log(`      screenshot: ${await screenshot(page, 'newcomer-collection')}`);
  });
});
