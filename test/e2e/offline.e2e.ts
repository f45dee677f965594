// Offline, as a person meets it (issue 20): results on screen, the library stops answering
// (it refuses connections), a new search typed in the grid's box. The grid says it cannot
// reach the service, above the results that were there (their pictures still loaded), with
// Retry; once the library listens again, Retry shows the new search's tiles. And an impatient
// person: five searches typed into the grid's box one after another while the library answers
// slowly; the grid ends on the last one, with no error and one request at most per query.
import * as assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { photoMatches } from '../server/search';
import type { ApiServer } from '../server/server';
import { runPickerCommand, screenshot, webview, useApiServer, useWorkbench } from './harness';

describe('offline (e2e)', function () {
  this.timeout(120_000);
  let api: ApiServer;
  let page: Page;
  let grid: FrameLocator;

  const opened = useWorkbench('offline', {}, { api: useApiServer(), withKey: true });
  before(() => ({ api, page } = opened()));

  /** The pictures of the tiles in the DOM that are loaded and drawn. */
  const loadedImages = (): Promise<number> =>
    grid.locator('.scroller').evaluate((el) => [...el.querySelectorAll('img')].filter((img) => img.complete && img.naturalWidth > 0).length);

  it('a new search without the service keeps the tiles under a notice; Retry once it is back shows the new ones', async () => {
    await runPickerCommand(page, 'Stock Media: Search Photos…', /Type what you are looking for/);
    await page.locator('.quick-input-widget .quick-input-box input').pressSequentially('morning', { delay: 30 });
    await page.keyboard.press('Enter');
    grid = webview(page);
    const morningTotal = api.library.photos.filter((p) => photoMatches(p, { query: 'morning', orientation: null, size: null, color: null })).length;
    await grid.locator('.total', { hasText: `${morningTotal} results` }).waitFor({ timeout: 30_000 });
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 15_000 });
    const morningCredits = await grid.locator('.tile .credit').allInnerTexts();
    const shownBefore = await loadedImages();
    assert.ok(shownBefore > 4, `${shownBefore} pictures loaded`);

    // The library stops answering; the user types a new search in the grid and presses Enter.
    api.setSwitches({ refuseConnections: true });
    api.clearLog();
    const box = grid.getByRole('searchbox');
    await box.fill('cat');
    await box.press('Enter');
    const notice = grid.locator('.notice');
    await notice.waitFor({ state: 'visible', timeout: 20_000 });
    const said = await notice.innerText();
    assert.match(said, /Cannot reach Pexels/);
    assert.match(said, /Could not reach Pexels: the connection was refused\. Check your connection and the API base URL setting\./);
    assert.match(said, /The results below are from your last search\./);
    assert.doesNotMatch(said, /fetch failed|TypeError|ECONNREFUSED/);
    // The tiles that were there are still there, their pictures still drawn.
    assert.deepEqual(await grid.locator('.tile .credit').allInnerTexts(), morningCredits);
    assert.ok((await loadedImages()) >= shownBefore, 'the pictures stay loaded');
    assert.ok(await grid.locator('.tile').first().isVisible());
    assert.equal(await grid.locator('.message').isVisible(), false, 'no message in place of the tiles');
    // Its buttons, in the host's order: Retry, then the settings where the address is.
    assert.deepEqual((await notice.getByRole('button').allInnerTexts()).map((t) => t.trim()), ['Retry', 'Open Settings']);
    console.log(`      screenshot: ${await screenshot(page, 'grid-offline')}`);

    // Back online: Retry runs the failed search, once.
    api.setSwitches({ refuseConnections: false });
    await notice.getByRole('button', { name: 'Retry' }).click();
    const catTotal = api.library.photos.filter((p) => photoMatches(p, { query: 'cat', orientation: null, size: null, color: null })).length;
    assert.ok(catTotal > 0);
    await grid.locator('.total', { hasText: new RegExp(`^${catTotal} results?$`) }).waitFor({ timeout: 20_000 });
    await notice.waitFor({ state: 'hidden' });
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 15_000 });
    const catCredits = await grid.locator('.tile .credit').allInnerTexts();
    assert.notDeepEqual(catCredits, morningCredits, 'new tiles');
    assert.deepEqual(
      api.log.filter((e) => e.path === '/v1/search').map((e) => e.query['query']),
      ['cat'],
      'one request, for the search that failed',
    );
    console.log(`      screenshot: ${await screenshot(page, 'grid-offline-retried')}`);
  });

  it('five searches typed one after another while the library is slow: the grid ends on the last, no error, one request at most per query', async () => {
    // The last query is new to this window (morning, searched above, is answered from the cache).
    const queries = ['sea', 'forest', 'bird', 'morning', 'city'];
    const total = (query: string): number => api.library.photos.filter((p) => photoMatches(p, { query, orientation: null, size: null, color: null })).length;
    for (const q of queries) assert.ok(total(q) > 0, `the library has photos for “${q}”`);
    grid = webview(page);
    await grid.locator('.tile').first().waitFor({ timeout: 15_000 });
    api.setSwitches({ delayMs: 600 });
    api.clearLog();
    const box = grid.getByRole('searchbox');
    for (const q of queries) {
      await box.fill(q);
      await box.press('Enter');
      await page.waitForTimeout(150);
    }
    const last = queries.at(-1) ?? '';
    await grid.locator('.total', { hasText: new RegExp(`^${total(last)} results?$`) }).waitFor({ timeout: 30_000 });
    // A moment for any late answer that must not be painted over it.
    await page.waitForTimeout(1_500);
    api.resetSwitches();
    assert.equal(await box.inputValue(), last);
    assert.match(await grid.locator('.total').innerText(), new RegExp(`^${total(last)} results?$`));
    assert.equal(await grid.locator('.notice').isVisible(), false, 'no notice');
    assert.equal(await grid.locator('.message').isVisible(), false, 'no error in place of the tiles');
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 15_000 });
    const asked = api.log.filter((e) => e.path === '/v1/search').map((e) => e.query['query'] ?? '');
    assert.equal(asked.at(-1), last, 'the last request is the last search');
    assert.equal(new Set(asked).size, asked.length, `one request at most per query: ${asked.join(', ')}`);
    assert.ok(asked.every((q) => queries.includes(q)));
    console.log(`      screenshot: ${await screenshot(page, 'grid-searches-in-a-row')}`);
  });
});
