// The newcomer who does things first and opens the walkthrough later: the key set from the
// palette, a search, an insert into a Markdown file; then *Get Started with Stock Media* shows
// those steps done. On the way, the hover over the inserted image: one picture (VS Code's own
// Markdown preview), the credit status first and in view without scrolling.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { openFile, runPickerCommand, screenshot, searchFromPalette, webview, useApiServer, useWorkbench } from './harness';

const STEPS = ['getKey', 'setKey', 'search', 'insert', 'cover', 'collections'] as const;

describe('walkthrough after the fact (e2e)', function () {
  this.timeout(240_000);
  let page: Page;

  const opened = useWorkbench('walkthroughState', {}, { api: useApiServer(), withKey: true });
  before(() => ({ page } = opened()));

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

  it('the hover over the inserted image: one picture (VS Code’s), the photographer and the credit status first, in view', async () => {
    const image = page.locator('.editor-instance .monaco-editor .view-lines span', { hasText: /media\/photos\/\d+\/[^)\s]*\.png/ }).last();
    const hover = page.locator('.monaco-editor .monaco-hover:visible').filter({ hasText: 'A credit line names them nearby.' }).first();
    // A hover that VS Code dismissed before it filled (a busy machine: the look-up late, focus
    // moved) comes back only when the mouse comes back, as a person would move it again.
    for (let attempt = 1; ; attempt++) {
      await page.mouse.move(0, 0);
      await image.hover();
      try {
        await hover.waitFor({ state: 'visible', timeout: 15_000 });
        break;
      } catch (error) {
        if (attempt === 4) throw error;
      }
    }
    // Both hovers are in: VS Code's preview comes from the Markdown language server, which may answer later.
    const picture = hover.locator('img').first();
    await picture.waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForTimeout(500);
    const shot = await screenshot(page, 'walkthrough-state-hover');
    assert.equal(await hover.locator('img').count(), 1, `one picture in the hover (screenshot: ${shot})`);
    // Titled by what it shows, as the trees and the grid title it (not a number), then who made it.
    assert.match(await hover.innerText(), /^(?!Photo \d)[^\n]+ by [^\n]+ · /);
    // Seen without scrolling: the status line lies inside the part of the hover that shows (its
    // scrolling box, within the window), above VS Code's picture.
    const status = hover.getByText('A credit line names them nearby.');
    const [shown, line, pictureBox] = [await hover.locator('.monaco-scrollable-element').first().boundingBox(), await status.boundingBox(), await picture.boundingBox()];
    const viewport = page.viewportSize();
    assert.ok(shown && line && pictureBox && viewport, 'the hover, its status line and its picture have boxes');
    const facts = JSON.stringify({ shown, line, pictureBox });
    assert.ok(line.y >= shown.y && line.y + line.height <= shown.y + shown.height, `the credit status inside the hover's visible area: ${facts} (screenshot: ${shot})`);
    assert.ok(line.y >= 0 && line.y + line.height <= viewport.height, `the credit status inside the window: ${facts}`);
    assert.ok(line.y + line.height <= pictureBox.y, `the credit status above VS Code's picture: ${facts} (screenshot: ${shot})`);
    // Nothing was scrolled to get there.
    const scrolled = await hover.locator('.monaco-hover-content').first().evaluate((element) => element.scrollTop);
    assert.equal(scrolled, 0, 'the hover is not scrolled');
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
