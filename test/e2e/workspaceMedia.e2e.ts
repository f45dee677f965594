// In This Workspace as a person meets it: opened from its header in the Stock Media sidebar, it
// welcomes a workspace without media; then a page using two photos of the service, one without
// its credit; the Stock Media sidebar lists both under In This Workspace, the uncredited one
// marked (its row and its use say so); its menu's Add Missing Credits writes the credit into
// the page, which the editor shows, and the row no longer says a credit is missing.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { photoFileUrl } from '../server/urls';
import { activityBarItem, clickMenuItem, openFile, screenshot, treeItems, view, useApiServer, useWorkbench } from './harness';
import type { Workbench } from './harness';

const VIEW = 'In This Workspace';

describe('In This Workspace (e2e)', function () {
  this.timeout(180_000);
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;

  // One screen line per line of the page: the editor's lines read as the file's.
  const opened = useWorkbench('workspaceMedia', { '[markdown]': { 'editor.wordWrap': 'off' } }, { api: useApiServer(), withKey: true });
  before(() => ({ api, workbench, page } = opened()));

  const row = (text: string | RegExp): Locator => treeItems(page, VIEW).filter({ hasText: text }).first();

  it('welcomes a workspace that uses no media yet', async () => {
    await activityBarItem(page, 'Stock Media').click();
    // Collapsed at first (the collections keep the room): its header opens it, and its files are read then.
    const header = view(page, VIEW).locator('.pane-header');
    await header.waitFor({ state: 'visible', timeout: 20_000 });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await view(page, VIEW).locator('.welcome-view-content', { hasText: 'No file of this workspace uses a photo or video' }).waitFor({ timeout: 20_000 });
    console.log(`      screenshot: ${await screenshot(page, 'workspace-media-welcome')}`);
  });

  it('lists the media the page uses, the missing credit marked, and Add Missing Credits fixes the page', async () => {
    const [credited, missing] = api.library.photos.filter((p) => /^[A-Za-z][A-Za-z ]*$/.test(p.photographer.name) && /^[A-Za-z][A-Za-z ,-]*$/.test(p.alt)).slice(0, 2);
    assert.ok(credited && missing);
    const page1 = [
      '# Trip',
      '',
      `![Hills](${photoFileUrl(api.origin, credited, 'medium')})`,
      '',
      `Photo by ${credited.photographer.name} on Pexels`,
      '',
      `![Coast](${photoFileUrl(api.origin, missing, 'medium')})`,
      '',
      'The end.',
      '',
    ].join('\n');
    // Written on disk while the view is open: it lists the page once the file is there.
    writeFileSync(join(workbench.workspace.path, 'trip.md'), page1);
    const editor = await openFile(page, 'trip.md');
    // The uncredited photo: its alt text, one use, one without credit, listed first.
    const marked = row('1 without credit');
    await marked.waitFor({ timeout: 30_000 });
    assert.match(await marked.innerText(), new RegExp(missing.alt.slice(0, 20)));
    assert.match(await treeItems(page, VIEW).first().innerText(), /1 without credit/);
    assert.equal(await marked.locator('.codicon-warning').count(), 1, 'a warning icon on the row');
    const fine = row(credited.alt.slice(0, 20));
    await fine.waitFor({ timeout: 10_000 });
    assert.match(await fine.innerText(), /1 use/);
    assert.doesNotMatch(await fine.innerText(), /without credit/);
    // Its use: the file and line, said to have no credit.
    await marked.click();
    const use = row('trip.md:7');
    await use.waitFor({ timeout: 10_000 });
    assert.match(await use.innerText(), /no credit/);
    console.log(`      screenshot: ${await screenshot(page, 'workspace-media-marked')}`);

    // The media's menu: Add Missing Credits.
    await marked.click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    await menu.waitFor({ state: 'visible', timeout: 10_000 });
    const labels = (await menu.locator('.action-item:not(.disabled) .action-label:not(.separator)').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    for (const expected of ['Add Missing Credits', 'Open in Grid', 'Insert into Editor', 'Copy Credit', 'Open on the Service']) {
      assert.ok(labels.includes(expected), `${expected} in ${labels.join(', ')}`);
    }
    await clickMenuItem(page, menu, menu.locator('.action-label', { hasText: /^Add Missing Credits$/ }));
    // The page in the editor: the credit under the photo (the editor draws spaces as no-break spaces, hence \s).
    const credit = new RegExp(`Photo\\sby\\s\\[${missing.photographer.name.replace(/ /g, '\\s')}\\]`);
    await editor
      .filter({ hasText: credit })
      .waitFor({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        console.log(`      screenshot: ${await screenshot(page, 'workspace-media-not-fixed')}`);
        throw error;
      });
    // The editor's lines top to bottom (it reuses their elements, so the DOM's order is not the screen's).
    const lines = await editor.locator('.view-line').evaluateAll((elements) =>
      elements
        .map((e) => ({ top: parseFloat((e as HTMLElement).style.top), text: (e as HTMLElement).innerText.replace(/\u00a0/g, ' ') }))
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text),
    );
    const coast = lines.findIndex((l) => l.startsWith('![Coast]'));
    assert.ok(coast >= 0, lines.join('\n'));
    assert.equal(lines[coast + 1], '');
    assert.match(lines[coast + 2] ?? '', /^Photo by \[/);
    // The row no longer says a credit is missing.
    await row(missing.alt.slice(0, 20)).filter({ hasNotText: 'without credit' }).waitFor({ timeout: 15_000 });
    await row('trip.md:7').filter({ hasText: 'credited' }).waitFor({ timeout: 15_000 });
    console.log(`      screenshot: ${await screenshot(page, 'workspace-media-fixed')}`);
    // One undo in the editor takes the page back, and the view marks the missing credit again.
    await editor.click();
    await page.keyboard.press('Control+Z');
    await editor.filter({ hasText: credit }).waitFor({ state: 'detached', timeout: 10_000 });
    await row('trip.md:7').filter({ hasText: 'no credit' }).waitFor({ timeout: 15_000 });
  });
});
