// The newcomer who does things first and opens the walkthrough later: the key set from the
// palette, a search, an insert into a Markdown file; then *Get Started with Stock Media* shows
// those steps done. On the way, the hover over the inserted image: one picture (VS Code's own
// Markdown preview), the credit status in view without scrolling.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { startApiServer } from '../server/server';
import { openFile, runPickerCommand, screenshot, searchFromPalette, startWorkbenchWithKey, webview } from './harness';
import type { Workbench } from './harness';

const STEPS = ['getKey', 'setKey', 'search', 'insert', 'cover', 'collections'] as const;

describe('walkthrough after the fact (e2e)', function () {
  this.timeout(240_000);
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;

  before(async function () {
    this.timeout(240_000);
    api = await startApiServer();
    workbench = await startWorkbenchWithKey(api);
    page = workbench.page;
  });

  after(async () => {
    await workbench?.close();
    await api?.close();
  });

  it('search and insert first: the image goes into the Markdown file with its credit', async () => {
    await openFile(page, 'README.md');
    await page.keyboard.press('Control+End');
    await searchFromPalette(page, 'heron');
    const tile = webview(page).locator('.tile').first();
    await tile.waitFor({ state: 'visible', timeout: 30_000 });
    await tile.focus();
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab', { hasText: 'README.md' }).first().click();
    // The address as the editor shows it (a wrapped line may start after its first slash).
    const image = page.locator('.editor-instance .monaco-editor .view-lines span', { hasText: /media\/photos\/\d+\/[^)\s]*\.png/ }).last();
    try {
      await image.waitFor({ timeout: 20_000 });
    } catch (error) {
      throw new Error(`No inserted image in README.md (screenshot: ${await screenshot(page, 'walkthrough-state-no-insert')})`, { cause: error });
    }
  });

  it('the hover over the inserted image: one picture (VS Code’s), the photographer and the credit status in view', async () => {
    const image = page.locator('.editor-instance .monaco-editor .view-lines span', { hasText: /media\/photos\/\d+\/[^)\s]*\.png/ }).last();
    await image.hover();
    const hover = page.locator('.monaco-hover').filter({ hasText: 'A credit line names them nearby.' }).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 });
    // Both hovers are in: VS Code's preview comes from the Markdown language server, which may answer later.
    await hover.locator('img').first().waitFor({ state: 'attached', timeout: 15_000 });
    await page.waitForTimeout(500);
    const shot = await screenshot(page, 'walkthrough-state-hover');
    assert.equal(await hover.locator('img').count(), 1, `one picture in the hover (screenshot: ${shot})`);
    assert.match(await hover.innerText(), /Photo \d+ by /);
    // Seen without scrolling: the status lies inside the hover's visible box.
    const status = hover.getByText('A credit line names them nearby.');
    const [box, inner] = [await hover.boundingBox(), await status.boundingBox()];
    assert.ok(box && inner && inner.y >= box.y && inner.y + inner.height <= box.y + box.height, `the credit status in view: ${JSON.stringify({ box, inner })} (screenshot: ${shot})`);
    await page.keyboard.press('Escape');
  });

  it('then the walkthrough: the key, the search and the insert show done', async () => {
    await runPickerCommand(page, 'Welcome: Open Walkthrough...', /walkthrough/i);
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Get Started with Stock Media' }).first().click();
    const container = page.locator('.gettingStartedContainer');
    const step = (id: string) => container.locator(`[data-step-id$="#${id}"]`).first();
    await step('getKey').waitFor({ state: 'visible', timeout: 20_000 });
    const expected = ['getKey', 'setKey', 'search', 'insert'];
    let done: string[] = [];
    for (const until = Date.now() + 10_000; Date.now() < until; await page.waitForTimeout(250)) {
      done = [];
      for (const id of STEPS) if ((await step(id).getAttribute('aria-checked')) === 'true') done.push(id);
      if (done.join() === expected.join()) break;
    }
    console.log(`      done: ${done.join(', ') || '(none)'}; screenshot: ${await screenshot(page, 'walkthrough-state-ticks')}`);
    assert.deepEqual(done, expected);
  });
});
