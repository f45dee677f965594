// Paste a link and the grid tiles' menu as a person uses them: Ctrl+V of a photo's page URL
// in the Markdown file (a real paste event, which is what asks the paste providers), and a
// right-click on a grid tile. The local server's log is the witness for the requests.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { openFile, runPickerCommand, saveEditor, screenshot, webview, useApiServer, useWorkbench } from './harness';
import type { Workbench } from './harness';

describe('paste a link and the tile menu (e2e)', function () {
  this.timeout(180_000);
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;

  const readme = (): string => readFileSync(join(workbench.workspace.path, 'README.md'), 'utf8');
  const editorText = (): Promise<string> =>
    page.evaluate(() => (document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' '));

  // The credit check (on for Markdown by default) looks up the links it sees: off, so the log holds the paste's requests alone.
  const opened = useWorkbench('paste', { 'editor.wordWrap': 'on', '[markdown]': { 'stockMedia.creditCheck.enabled': false } }, { api: useApiServer(), withKey: true });
  before(() => {
    ({ api, workbench, page } = opened());
    // Before the first Quick Open, which lists the workspace's files once.
    writeFileSync(join(workbench.workspace.path, 'code-fence.md'), '# Code\n\n```sh\n\n```\n');
  });

  it('Ctrl+V of a photo’s page URL in Markdown inserts the photo with its credit (one request); the paste menu offers the plain text', async () => {
    const photo = api.library.photos.find((p) => /^[A-Za-z ,'-]+$/.test(p.alt) && /^[A-Za-z ,'-]+$/.test(p.photographer.name));
    assert.ok(photo);
    const pageUrl = `${api.origin}/photo/${photo.slug}-${photo.id}/`;
    const lines = await openFile(page, 'README.md');
    await lines.click();
    await page.keyboard.press('Control+End');
    // The link onto the clipboard as a person copies it: typed, selected, cut.
    await page.keyboard.type(`\n\n${pageUrl}`);
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+X');
    api.clearLog();
    await page.keyboard.press('Control+V');
    // The paste resolves with a look-up (one request) and the insert's pipeline: on a loaded machine, seconds.
    await page.waitForFunction(() => /Photo by \[/.test(document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ') ?? ''), undefined, {
      timeout: 45_000,
    });
    await page.waitForTimeout(500);
    console.log(`      screenshot: ${await screenshot(page, 'paste-link-markdown')}`);
    assert.equal(api.log.filter((e) => e.path.startsWith('/v1/photos/')).length, 1);
    // The paste widget lets the user switch to the plain text.
    const widget = page.locator('.post-edit-widget');
    await widget.first().waitFor({ state: 'visible', timeout: 5_000 });
    await widget.locator('.monaco-button, a, button').first().click();
    const options = page.locator('.context-view .monaco-list-row, .action-widget .monaco-list-row');
    await options.first().waitFor({ state: 'visible', timeout: 5_000 });
    const labels = (await options.allInnerTexts()).map((t) => t.trim());
    console.log(`      paste options: ${labels.join(' | ')}`);
    console.log(`      screenshot: ${await screenshot(page, 'paste-link-options')}`);
    assert.ok(labels.some((l) => /Insert Photo with Credit/.test(l)), labels.join(' | '));
    assert.ok(labels.some((l) => /plain text/i.test(l)), labels.join(' | '));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await saveEditor(page, join(workbench.workspace.path, 'README.md'));
    const saved = readme();
    assert.ok(saved.includes(`Photo by [${photo.photographer.name}](${api.origin}/@${photo.photographer.slug}) on [Pexels](${pageUrl})`), saved.slice(-600));
    assert.ok(saved.includes(`![${photo.alt}](${api.origin}/media/photos/${photo.id}/`), saved.slice(-600));
    assert.ok(!(await editorText()).includes(`${pageUrl}${pageUrl}`));
  });

  it('Ctrl+V of a photo’s page URL inside a fenced code block pastes the link as text: no image, no request', async () => {
    const photo = api.library.photos.at(-1);
    assert.ok(photo);
    const pageUrl = `${api.origin}/photo/${photo.slug}-${photo.id}/`;
    const file = join(workbench.workspace.path, 'code-fence.md');
    const lines = await openFile(page, 'code-fence.md');
    await page.waitForFunction(() => /```sh/.test(document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? ''), undefined, { timeout: 10_000 });
    await lines.click();
    // The pointer away from the text, so no hover over the link asks for anything.
    await page.mouse.move(5, 5);
    // The empty line inside the fence (line 4).
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    // The link onto the clipboard as a person copies it: typed, selected, cut.
    await page.keyboard.type(pageUrl);
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Control+X');
    await page.waitForFunction((url) => !(document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? '').includes(url), pageUrl, { timeout: 5_000 });
    // Whatever looked at the link while it was typed has asked by now (the log stays still for a second).
    let count = -1;
    while (count !== api.log.length) {
      count = api.log.length;
      await page.waitForTimeout(1_000);
    }
    api.clearLog();
    await page.keyboard.press('Control+V');
    await page.waitForFunction((url) => (document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? '').includes(url), pageUrl, { timeout: 10_000 });
    // Time for any provider to have acted: the text stays the link.
    await page.waitForTimeout(1_500);
    console.log(`      screenshot: ${await screenshot(page, 'paste-link-code-fence')}`);
    const shown = await editorText();
    assert.ok(shown.includes(pageUrl), shown);
    assert.ok(!shown.includes('Photo by') && !shown.includes('!['), shown);
    assert.deepEqual(
      api.log.map((e) => e.path).filter((p) => p.startsWith('/v1/photos/')),
      [],
      'no look-up',
    );
    await saveEditor(page, file, `# Code\n\n\`\`\`sh\n${pageUrl}\n\`\`\`\n`);
  });

  it('a right-click on a grid tile shows Insert, Insert as…, Save into Workspace and Insert, Set as Cover Image(…), Copy URL, Copy Credit, Open on the Service, Star', async () => {
    await runPickerCommand(page, 'Stock Media: Search Photos…', /Type what you are looking for/);
    await page.locator('.quick-input-widget .quick-input-box input').pressSequentially('morning', { delay: 40 });
    await page.keyboard.press('Enter');
    const grid = webview(page);
    const tile = grid.locator('.tile').nth(1);
    await tile.waitFor({ state: 'visible', timeout: 30_000 });
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    await tile.click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    await menu.waitFor({ state: 'visible', timeout: 10_000 });
    const items = (await menu.locator('.action-label').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    console.log(`      tile menu: ${items.join(' | ')}`);
    // The menu fades in: the screenshot after it.
    await page.waitForTimeout(400);
    console.log(`      screenshot: ${await screenshot(page, 'grid-tile-menu')}`);
    assert.deepEqual(items, ['Insert into Editor', 'Insert as…', 'Save into Workspace and Insert', 'Set as Cover Image', 'Set as Cover Image…', 'Copy URL', 'Copy Credit', 'Open on the Service', 'Star']);
    await page.keyboard.press('Escape');
  });
});
