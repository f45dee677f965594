// A download that breaks off, as a person meets it: with `insert.mode: download`, Enter on a
// tile of the grid while the file server drops the connection half-way. The notification
// says what happened and offers Retry and Insert as Link Instead; nothing is in the
// workspace and the document is as it was. Once the file server works again, Retry saves the
// image and inserts it where it was going.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { notifications, openFile, runCommand, saveEditor, screenshot, searchFromPalette, webview, useApiServer, useWorkbench } from './harness';
import type { Workbench } from './harness';
import { savedStem } from '../vscode/savedNames';

/** Every file below `dir`, relative to it: what the Explorer would list. */
function filesBelow(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesBelow(join(dir, entry.name), root) : [relative(root, join(dir, entry.name))]))
    .sort();
}

describe('a download that breaks off (e2e)', function () {
  this.timeout(180_000);
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;

  const readme = (): string => readFileSync(join(workbench.workspace.path, 'README.md'), 'utf8');
  const editorText = (): Promise<string> =>
    page.evaluate(() => (document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' '));

  const save = (expected?: string): Promise<void> => saveEditor(page, join(workbench.workspace.path, 'README.md'), expected);

  /**
   * The notification whose text matches, in the notification centre: the headless workbench may
   * keep toasts hidden, so the centre is opened at once and lists it when it comes (waiting for a
   * toast that never showed took 30 s). A toast already showing is taken as it is.
   */
  async function notification(text: RegExp): Promise<Locator> {
    const toast = notifications(page).filter({ hasText: text }).first();
    if (await toast.isVisible()) return toast;
    if (!(await page.locator('.notifications-center.visible').isVisible())) await runCommand(page, 'Notifications: Show Notifications');
    const item = page.locator('.notification-list-item', { hasText: text }).first();
    await item.waitFor({ state: 'visible', timeout: 30_000 });
    return item;
  }

  const opened = useWorkbench('insertFaults', { 'stockMedia.insert.mode': 'download' }, { api: useApiServer(), withKey: true });
  before(() => ({ api, workbench, page } = opened()));

  it('a dropped connection: the notification with Retry and Insert as Link Instead, no file; Retry once it works saves and inserts the image', async () => {
    const fixture = readme();
    const lines = await openFile(page, 'README.md');
    await lines.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nPhotos:\n');
    await save(`${fixture}\nPhotos:\n`);
    const original = readme();
    const files = filesBelow(workbench.workspace.path);

    // A search; the tiles are shown before the file server starts to fail.
    await searchFromPalette(page, 'morning');
    const grid = webview(page);
    const tiles = grid.locator('.tile');
    await tiles.first().waitFor({ state: 'visible', timeout: 30_000 });
    await tiles.first().focus();
    const alt = ((await tiles.first().locator('img').getAttribute('alt')) ?? '').trim();
    const photographer = ((await tiles.first().locator('.credit').innerText()) ?? '').trim();
    const photo = api.library.photos.find((p) => p.alt === alt && p.photographer.name === photographer);
    assert.ok(photo, `the tile’s photo (${alt} by ${photographer}) is in the library`);

    api.setSwitches({ mediaFault: 'dropMidBody' });
    await page.keyboard.press('Enter');
    const message = /The connection to 127\.0\.0\.1:\d+ broke off after \d+(\.\d)? (KB|MB) of \d+(\.\d)? (KB|MB), so nothing was saved or inserted\./;
    const shown = await notification(message);
    const buttons = (await shown.locator('.monaco-button').allInnerTexts()).map((b) => b.trim()).filter(Boolean);
    assert.deepEqual(buttons, ['Retry', 'Insert as Link Instead']);
    console.log(`      screenshot: ${await screenshot(page, 'insert-download-broke-off')}`);
    assert.deepEqual(filesBelow(workbench.workspace.path), files, 'no file, no partial or temporary file, no images folder');
    assert.equal(readme(), original);
    assert.doesNotMatch(await editorText(), /Photo by/, 'nothing inserted');

    // The file server works again; Retry.
    api.resetSwitches();
    await shown.locator('.monaco-button', { hasText: 'Retry' }).click();
    const name = `${savedStem(photo, 'large')}.png`;
    const saved = join(workbench.workspace.path, 'images', name);
    const until = Date.now() + 30_000;
    while (!existsSync(saved) && Date.now() < until) await page.waitForTimeout(100);
    assert.ok(existsSync(saved), `${name} is saved`);
    // The file as the service links it (its large size, the insert's default).
    const served = await fetch(`${api.baseUrl}/photos/${photo.id}`, { headers: { authorization: api.keys.alice } })
      .then((r) => r.json() as Promise<{ src: { large: string } }>)
      .then(async ({ src }) => Buffer.from(await (await fetch(src.large)).arrayBuffer()));
    assert.ok(readFileSync(saved).equals(served), 'the whole file');
    await page.waitForFunction(() => /Photo by \[/.test(document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ') ?? ''), undefined, {
      timeout: 20_000,
    });
    await page.keyboard.press('Escape');
    await save();
    const [lead, image, blank, credit, ...rest] = readme().slice(original.length).split('\n');
    assert.equal(lead, '');
    assert.equal(image, `![${alt}](images/${name})`);
    assert.equal(blank, '');
    assert.match(credit ?? '', new RegExp(`^Photo by \\[${photographer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\]`));
    assert.deepEqual(rest, []);
    assert.deepEqual(filesBelow(workbench.workspace.path), [...files, join('images', name)].sort());
    console.log(`      screenshot: ${await screenshot(page, 'insert-download-retried')}`);
  });
});
