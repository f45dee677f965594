// Recent and Starred as a person uses them: insert three photos from the grid, reload the
// window: Recent lists them, newest first, with no request; star one from the grid tile's menu
// (which then offers Unstar): it shows under Starred, and still does after another reload.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import type { ApiServer, RequestLogEntry } from '../server/server';
import { activityBarItem, clickMenuItem, openFile, runCommand, saveEditor, screenshot, searchFromPalette, sideBar, waitForWorkbench, webview, useApiServer, useWorkbench } from './harness';

describe('Recent and Starred (e2e)', function () {
  this.timeout(240_000);
  let api: ApiServer;
  let page: Page;
  let workspace: string;
  let grid: FrameLocator;
  const inserted: string[] = [];

  const apiRequests = (): RequestLogEntry[] => api.log.filter((e) => e.path.startsWith('/v1') || e.path.startsWith('/videos'));

  /** A top row of the Stock Media view by its label. */
  const root = (label: string): Locator =>
    sideBar(page).locator('.monaco-list-row[aria-level="1"]').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) }).first();

  /** The labels of the rows under a root, in order, as the view shows them. */
  async function rowsUnder(label: string): Promise<string[]> {
    const rows = await sideBar(page)
      .locator('.monaco-list-row')
      .evaluateAll((els) => els.map((el) => ({ level: el.getAttribute('aria-level'), label: el.querySelector('.label-name')?.textContent?.trim() ?? '' })));
    const start = rows.findIndex((r) => r.level === '1' && r.label === label);
    if (start < 0) return [];
    const out: string[] = [];
    for (const r of rows.slice(start + 1)) {
      if (r.level === '1') break;
      out.push(r.label);
    }
    return out;
  }

  /** The root shown and expanded (a reload keeps its expansion: clicked only when collapsed). */
  async function expand(label: string): Promise<void> {
    const row = root(label);
    await row.waitFor({ timeout: 30_000 });
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    await page.waitForFunction((l) => {
      const rows = [...document.querySelectorAll('.part.sidebar .monaco-list-row')];
      const at = rows.findIndex((el) => el.getAttribute('aria-level') === '1' && el.querySelector('.label-name')?.textContent?.trim() === l);
      return at >= 0 && rows[at + 1]?.getAttribute('aria-level') === '2';
    }, label, { timeout: 20_000 });
  }

  async function openSidebar(): Promise<void> {
    // After a reload the view may be open already and still loading: clicking its icon then would
    // close it. Its tab says whether it is open (aria-expanded), however long its rows take.
    const item = activityBarItem(page, 'Stock Media');
    await item.waitFor({ timeout: 30_000 });
    const open = (await item.getAttribute('aria-expanded')) === 'true' && (await sideBar(page).isVisible());
    if (!open) await item.click();
    await root('Recent').waitFor({ timeout: 30_000 });
  }

  async function reload(): Promise<void> {
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await runCommand(page, 'Developer: Reload Window');
    await reloaded;
    await waitForWorkbench(page);
  }

  async function waitForRows(label: string, expected: string[]): Promise<void> {
    const until = Date.now() + 20_000;
    let shown = await rowsUnder(label);
    while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < until) {
      await page.waitForTimeout(200);
      shown = await rowsUnder(label);
    }
    assert.deepEqual(shown, expected, `the rows under ${label}`);
  }

  const opened = useWorkbench('mediaLists', {}, { api: useApiServer(), withKey: true });
  before(() => {
    const inWorkbench = opened();
    ({ api, page } = inWorkbench);
    workspace = inWorkbench.workbench.workspace.path;
  });

  it('insert three photos, reload the window: Recent lists them newest first, with no request', async () => {
    const lines = await openFile(page, 'README.md');
    await lines.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await searchFromPalette(page, 'morning');
    grid = webview(page);
    const tiles = grid.locator('.tile');
    await tiles.nth(2).waitFor({ state: 'visible', timeout: 30_000 });
    for (const n of [0, 1, 2]) {
      const tile = tiles.nth(n);
      await tile.locator('img').click({ position: { x: 8, y: 8 } });
      const alt = ((await tile.locator('img').getAttribute('alt')) ?? '').trim();
      assert.ok(alt.length > 0);
      await page.keyboard.press('Enter');
      const until = Date.now() + 20_000;
      // Wrapped lines are rows of their own: compared with the spacing made one.
      const shows = async (): Promise<boolean> => (await page.locator('.editor-instance .view-lines').first().innerText()).replace(/\s+/g, ' ').includes(alt.replace(/\s+/g, ' '));
      while (!(await shows()) && Date.now() < until) await page.waitForTimeout(100);
      assert.ok(await shows(), `the editor shows “${alt}”`);
      inserted.push(alt);
    }
    await saveEditor(page, join(workspace, 'README.md'));
    await openSidebar();
    await expand('Recent');
    await waitForRows('Recent', [...inserted].reverse());

    // Nothing else open after the reload (the page's credit check, the grid): any request would be Recent's.
    await runCommand(page, 'View: Close All Editors');
    api.clearLog();
    await reload();
    await openSidebar();
    await expand('Recent');
    await waitForRows('Recent', [...inserted].reverse());
    console.log(`      screenshot: ${await screenshot(page, 'recent-after-reload')}`);
    await page.waitForTimeout(500);
    assert.deepEqual(
      apiRequests().map((e) => e.path),
      [],
      'Recent is shown with no request',
    );
    // Opened from there, the newest shows in the grid from the answers kept when it was used:
    // still no request.
    const newest = inserted[inserted.length - 1] ?? '';
    await sideBar(page).locator('.monaco-list-row[aria-level="2"] .label-name', { hasText: newest }).first().click();
    await page.locator('.tabs-container .tab', { hasText: /^Photo: / }).first().waitFor({ timeout: 20_000 });
    await webview(page).locator('.tile img.loaded').first().waitFor({ timeout: 30_000 });
    assert.deepEqual(
      apiRequests().map((e) => e.path),
      [],
      'a photo opened from Recent after the reload costs no request',
    );
  });

  it('star a photo from the grid tile’s menu: Starred lists it, the menu then offers Unstar, and it survives a reload', async () => {
    await searchFromPalette(page, 'morning');
    grid = webview(page);
    const tile = grid.locator('.tile').nth(3);
    await tile.locator('img.loaded').waitFor({ timeout: 30_000 });
    const alt = ((await tile.locator('img').getAttribute('alt')) ?? '').trim();
    const menu = page.locator('.context-view .monaco-menu');
    const labels = async (): Promise<string[]> => {
      await menu.waitFor({ state: 'visible', timeout: 10_000 });
      return (await menu.locator('.action-item:not(.disabled) .action-label:not(.separator)').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    };
    await tile.click({ button: 'right', position: { x: 30, y: 30 } });
    const before = await labels();
    assert.ok(before.includes('Star') && !before.includes('Unstar'), before.join(', '));
    // A click while the menu is still laying itself out can go nowhere: clicked again then.
    const star = menu.locator('.action-item .action-label', { hasText: /^Star$/ });
    for (let i = 0; i < 3 && (await menu.isVisible()); i++) {
      await star.hover();
      await star.click();
      await menu.waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => undefined);
    }
    assert.equal(await menu.isVisible(), false, 'the menu closed on Star');
    // Said where it was done: a star on the tile, its label ends in "Starred", and the status bar says so.
    await tile.locator('.badge.star svg').waitFor({ state: 'visible', timeout: 10_000 });
    assert.match((await tile.getAttribute('aria-label')) ?? '', /, Starred$/);
    assert.equal(await grid.locator('.tile .badge.star').count(), 1, 'only the starred tile');
    await page.locator('.part.statusbar', { hasText: 'Starred' }).waitFor({ timeout: 10_000 });
    console.log(`      screenshot: ${await screenshot(page, 'starred-tile')}`);

    await openSidebar();
    await expand('Starred');
    await waitForRows('Starred', [alt]);
    // Starred once: the same tile's menu offers Unstar.
    await tile.click({ button: 'right', position: { x: 30, y: 30 } });
    const after = await labels();
    assert.ok(after.includes('Unstar') && !after.includes('Star'), after.join(', '));
    await page.keyboard.press('Escape');
    console.log(`      screenshot: ${await screenshot(page, 'starred')}`);

    await reload();
    await openSidebar();
    await expand('Starred');
    await waitForRows('Starred', [alt]);
    await expand('Recent');
    await waitForRows('Recent', [...inserted].reverse());

    // Unstarred from its row in the view: Starred is as a fresh profile's again (the file after
    // this one in a shared workbench, grid.e2e, reads "Nothing starred yet").
    const rows = sideBar(page).locator('.monaco-list-row');
    const at = await rows.evaluateAll((els, name) => {
      const label = (el: Element): string => el.querySelector('.label-name')?.textContent?.trim() ?? '';
      const start = els.findIndex((el) => el.getAttribute('aria-level') === '1' && label(el) === 'Starred');
      return els.findIndex((el, i) => i > start && label(el) === name);
    }, alt);
    assert.ok(at >= 0, 'the starred row');
    await rows.nth(at).click({ button: 'right' });
    await menu.waitFor({ state: 'visible', timeout: 10_000 });
    await clickMenuItem(page, menu, menu.locator('.action-item .action-label', { hasText: /^Unstar$/ }));
    const until = Date.now() + 20_000;
    while ((await rowsUnder('Starred')).includes(alt) && Date.now() < until) await page.waitForTimeout(200);
    assert.ok(!(await rowsUnder('Starred')).includes(alt), 'unstarred');
  });
});
