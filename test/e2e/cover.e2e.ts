// Covers and sizes as a person sees them: a right-click on a grid tile sets a Hugo PaperMod
// post's cover in its commented YAML front matter (the notification says so, one Ctrl+Z takes
// it back); an insert at `stockMedia.insert.size: 1280` shows in VS Code's Markdown preview as
// a 1280-wide image; a responsive insert into an HTML file claims widths in its `srcset` that
// its candidates really have. The local library is https: the preview shows images only from
// https (its default security, `img-src https: data:`), so no preview setting is changed.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { parse as parseYaml } from 'yaml';
import { escapeGoldmarkText } from '../../src/core/insert/escape';
import type { LibraryPhoto } from '../server/library';
import type { ApiServer } from '../server/server';
import { AGENT_STAND_IN, clickMenuItem, naturalSize, notifications, openFile, runCommand, saveEditor, screenshot, searchFromPalette, useApiServer, useWorkbench, webview } from './harness';
import type { Workbench } from './harness';

const POST = [
  '---',
  '# The post, as the archetype wrote it',
  'title: "Autumn walk" # shown in lists',
  "date: '2026-11-20'",
  'tags: [walks, autumn]',
  '---',
  '',
  'A walk by the lake.',
  '',
].join('\n');

describe('covers and sizes in the workbench (e2e)', function () {
  this.timeout(180_000);
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;
  let grid: FrameLocator;
  let photo: LibraryPhoto;

  /** The editor's lines as it shows them, top to bottom (Monaco keeps them in no set order). */
  const shownText = (): Promise<string> =>
    page.evaluate(() =>
      [...(document.querySelector('.editor-instance .monaco-editor .view-lines')?.querySelectorAll<HTMLElement>('.view-line') ?? [])]
        .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
        .map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' '))
        .join('\n'),
    );
  const waitForText = async (test: (text: string) => boolean, what: string): Promise<string> => {
    const until = Date.now() + 20_000;
    for (;;) {
      const text = await shownText();
      if (test(text)) return text;
      if (Date.now() > until) throw new Error(`The editor never showed ${what}:\n${text}`);
      await page.waitForTimeout(100);
    }
  };
  /** The tile of `photo` in the grid. */
  const tile = () => grid.locator(`.tile[data-key="photo:${photo.id}"]`);

  const opened = useWorkbench(
    'cover',
    {
      // One view line per line of the file (the editor's text is read from them).
      '[markdown]': { 'editor.wordWrap': 'off' },
      'stockMedia.cover.preset': 'hugo-papermod',
      'stockMedia.insert.size': 1280,
      '[html]': { 'stockMedia.insert.responsive': true },
    },
    { api: useApiServer({ https: true }), withKey: true, https: true, extensions: [AGENT_STAND_IN] },
  );
  before(() => {
    ({ api, workbench, page } = opened());
    // Before the first Quick Open, which lists the workspace's files once.
    writeFileSync(join(workbench.workspace.path, 'post.md'), POST);
    writeFileSync(join(workbench.workspace.path, 'sized.md'), '# Sized\n\n');
    writeFileSync(join(workbench.workspace.path, 'hero.html'), '');
  });

  it('Set as Cover Image from a tile’s menu writes cover.image/alt/caption into the commented front matter, says so, and one Ctrl+Z restores the post', async () => {
    const lines = await openFile(page, 'post.md');
    await searchFromPalette(page, 'morning');
    grid = webview(page);
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 30_000 });
    // A tile whose photo is wide enough for every size this file asks of it (1280 wide, srcset to 1920).
    const keys = await grid.locator('.tile').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-key') ?? ''));
    const found = keys.map((k) => api.library.photos.find((p) => `photo:${p.id}` === k)).find((p) => p !== undefined && p.width >= 1920);
    assert.ok(found, `a photo at least 1920 wide among the tiles (${keys.join(', ')})`);
    photo = found;

    await tile().click({ button: 'right', position: { x: 30, y: 30 } });
    const menu = page.locator('.context-view .monaco-menu');
    await menu.waitFor({ state: 'visible', timeout: 10_000 });
    await clickMenuItem(page, menu, menu.locator('.action-label', { hasText: /^Set as Cover Image$/ }));

    const shown = await waitForText((t) => t.includes('caption:'), 'the cover');
    // The notification: a toast, or in the notification centre where the headless workbench keeps toasts hidden.
    const told = /Set the cover of “post\.md”: cover\.image, cover\.alt, cover\.caption\./;
    const toast = notifications(page).filter({ hasText: told }).first();
    const inCentre = !(await toast.isVisible());
    if (inCentre) await runCommand(page, 'Notifications: Show Notifications');
    await page.locator('.notification-list-item', { hasText: told }).first().waitFor({ state: 'visible', timeout: 10_000 });
    console.log(`      screenshot: ${await screenshot(page, 'cover-set')}`);
    const [, block, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(shown) ?? [];
    assert.ok(block !== undefined && body !== undefined, shown);
    assert.equal(body.trimEnd(), POST.split('---\n')[2]?.trimEnd(), 'the body is as it was');
    for (const line of POST.split('\n').slice(1, 5)) assert.ok(block.split('\n').includes(line), `kept: ${line}\n${block}`);
    const data = parseYaml(block) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data), ['title', 'date', 'tags', 'cover']);
    const cover = data['cover'] as Record<string, string>;
    assert.deepEqual(Object.keys(cover), ['image', 'alt', 'caption']);
    // The cover's size: the preset's 1200×630, cut from the original.
    const image = new URL(cover['image'] ?? '');
    assert.equal(`${image.origin}${image.pathname}`, `${api.origin}/media/photos/${photo.id}/pexels-photo-${photo.id}.png`);
    assert.deepEqual([image.searchParams.get('fit'), image.searchParams.get('w'), image.searchParams.get('h')], ['crop', '1200', '630']);
    assert.equal(cover['alt'], photo.alt);
    // PaperMod's caption is Goldmark (Hugo's Markdown): a name such as "Zoë O'Brien" is escaped for it.
    assert.ok(cover['caption']?.startsWith(`Photo by [${escapeGoldmarkText(photo.photographer.name)}](`), cover['caption']);

    if (inCentre) await runCommand(page, 'Notifications: Hide Notifications');

    // Back in the post: one undo.
    await lines.click();
    await page.keyboard.press('Control+Z');
    // Not an empty editor: under load the lines are drawn a frame or more after the undo.
    assert.equal(await waitForText((t) => !t.includes('cover:') && t.trim() !== '', 'the post without its cover'), POST);
  });

  it('Set as Cover Image… on a post that has a cover asks “replace?” first, then the size in the cover’s words; Escape changes nothing', async () => {
    const lines = await openFile(page, 'post.md');
    const menuItem = async (label: RegExp): Promise<void> => {
      await tile().click({ button: 'right', position: { x: 30, y: 30 } });
      const menu = page.locator('.context-view .monaco-menu');
      await menu.waitFor({ state: 'visible', timeout: 10_000 });
      await clickMenuItem(page, menu, menu.locator('.action-label', { hasText: label }));
    };
    await menuItem(/^Set as Cover Image$/);
    const withCover = await waitForText((t) => t.includes('caption:'), 'the cover');

    await menuItem(/^Set as Cover Image…$/);
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.filter({ hasText: /already has a cover \(cover\.image, cover\.alt, cover\.caption\)/ }).waitFor({ state: 'visible', timeout: 15_000 });
    const picker = page.locator('.quick-input-widget');
    assert.equal(await picker.isVisible(), false, 'nothing else asked before it');
    console.log(`      screenshot: ${await screenshot(page, 'cover-asks-replace-first')}`);
    await dialog.getByRole('button', { name: 'Replace Cover' }).click();
    await picker.locator('.quick-input-title', { hasText: 'The cover at which size?' }).waitFor({ state: 'visible', timeout: 15_000 });
    const start = picker.locator('.monaco-list-row', { hasText: '1200x630' }).first();
    await start.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await start.innerText(), /the cover’s size/);
    assert.equal(await picker.locator('.monaco-list-row', { hasText: 'your setting' }).count(), 0, 'no setting claimed');
    console.log(`      screenshot: ${await screenshot(page, 'cover-size-picker')}`);
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden', timeout: 10_000 });
    assert.equal(await shownText(), withCover, 'nothing changed');

    await lines.click();
    await page.keyboard.press('Control+Z');
    assert.equal(await waitForText((t) => !t.includes('cover:') && t.trim() !== '', 'the post without its cover'), POST);
  });

  it('the Markdown preview shows an insert at 1280 wide as 1280 pixels; a responsive HTML insert’s srcset candidates load at the widths they claim', async () => {
    // The grid's tile, Enter: into the file last used (link mode, the size 1280; responsive in HTML).
    // At the end of the file, after its heading.
    await (await openFile(page, 'sized.md')).click();
    await page.keyboard.press('Control+End');
    await tile().click({ position: { x: 30, y: 30 } });
    await grid.locator('.tile:focus').waitFor();
    await page.keyboard.press('Enter');
    await waitForText((t) => /Photo by \[/.test(t), 'the insert');
    // Responsive (set for HTML): the same tile into hero.html, saved and read back.
    await openFile(page, 'hero.html');
    await tile().click({ position: { x: 30, y: 30 } });
    await grid.locator('.tile:focus').waitFor();
    await page.keyboard.press('Enter');
    await waitForText((t) => t.includes('srcset='), 'the responsive insert');
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    const file = join(workbench.workspace.path, 'hero.html');
    await saveEditor(page, file);
    const srcset = /srcset="([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1]?.replaceAll('&amp;', '&');
    assert.ok(srcset, readFileSync(file, 'utf8'));
    const candidates = srcset.split(', ').map((c) => {
      const [url = '', descriptor = ''] = c.split(' ');
      return { url, width: Number(/^(\d+)w$/.exec(descriptor)?.[1]) };
    });
    const expected = [640, 1280, 1920, 2560].filter((w) => w <= photo.width);
    if (photo.width < 2560 && !expected.includes(photo.width)) expected.push(photo.width);
    assert.deepEqual(candidates.map((c) => c.width), expected);
    // The preview beside the Markdown file (over the grid, which is done).
    const tab = page.locator('.tabs-container .tab', { hasText: 'sized.md' }).first();
    await tab.click();
    await page.locator('.tabs-container .tab.active', { hasText: 'sized.md' }).waitFor();
    await runCommand(page, 'Markdown: Open Preview to the Side');
    const preview = webview(page, 0, 'vscode.markdown-language-features');
    const img = preview.locator(`img[src^="${api.origin}/media/photos/${photo.id}/"]`).first();
    await img.waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(new URL((await img.getAttribute('src')) ?? '').searchParams.get('w'), '1280');
    const natural = await naturalSize(img);
    assert.deepEqual(natural, { width: 1280, height: Math.round((1280 * photo.height) / photo.width) }, 'the preview’s image, loaded');
    console.log(`      screenshot: ${await screenshot(page, 'cover-preview-1280')}`);

    // Each candidate loaded as an image in the preview (its CSP and the browser's trust: what the
    // preview of a page with this srcset would fetch).
    const loaded = await preview.locator('body').evaluate(
      (_, urls) =>
        Promise.all(
          urls.map(
            (url) =>
              new Promise<number>((resolve) => {
                const image = new Image();
                image.onload = () => resolve(image.naturalWidth);
                image.onerror = () => resolve(0);
                image.src = url;
              }),
          ),
        ),
      candidates.map((c) => c.url),
    );
    console.log(`      srcset: ${candidates.map((c, i) => `${c.width}w → ${loaded[i]} px`).join(', ')}`);
    assert.deepEqual(loaded, candidates.map((c) => c.width));
  });
});
