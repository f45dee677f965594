// `npm run screenshots`: the README's screenshots (media/screenshots/*.webp), taken the way a
// user sees the extension: the VSIX made by `npm run package`, installed into a fresh offline
// VS Code (--install-extension), not loaded in development mode, so the window title shows
// the workspace's name and no "[Extension Development Host]"; against the local sandbox
// library, with its key set through *Set API Key…*. Each picture is encoded as WebP by the
// same Chromium (canvas.toDataURL), a fraction of a PNG's size, so the VSIX can ship them.
// Each step waits for what a person would wait for and fails loudly when it does not come.
//
// Options: --only <name> (one picture); --png (also a PNG of each WebP as encoded, in
// test-output/screenshots/, to look at with tools that cannot open WebP);
// STOCK_MEDIA_SCREENSHOT_QUALITY (WebP quality, 0–1, default 0.8).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../test/host/browser';
import { repoRoot } from '../test/host/workspace';
import { startApiServer } from '../test/server/server';
import type { ApiServer } from '../test/server/server';
import { SCREENSHOT_DIR, activityBarItem, closeAll, openFile, runCommand, runPickerCommand, startWorkbenchWithKey, treeItems, webview } from '../test/e2e/harness';
import type { Workbench } from '../test/e2e/harness';

const OUT_DIR = join(repoRoot(), 'media', 'screenshots');
const QUALITY = Number(process.env['STOCK_MEDIA_SCREENSHOT_QUALITY'] || 0.8);

/** Encodes a PNG as WebP in Chromium (no image library needed). */
export async function pngToWebp(page: Page, png: Buffer, quality = QUALITY): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    async ({ base64, quality }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', quality);
    },
    { base64: png.toString('base64'), quality },
  );
  if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error('This Chromium cannot encode WebP');
  return Buffer.from(dataUrl.slice('data:image/webp;base64,'.length), 'base64');
}

/** Decodes a WebP back to PNG in Chromium: the picture as the README shows it, artefacts included. */
async function webpToPng(page: Page, webp: Buffer): Promise<Buffer> {
  const dataUrl = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/webp;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext('2d')?.drawImage(image, 0, 0);
    return canvas.toDataURL('image/png');
  }, webp.toString('base64'));
  return Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
}

/** Waits until every image in the grid's result area has loaded or failed. */
async function gridImagesSettled(page: Page): Promise<void> {
  const grid = webview(page);
  await grid.locator('.tile img').first().waitFor({ state: 'visible', timeout: 30_000 });
  await grid.locator('.scroller').evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const pending = [...el.querySelectorAll('img')].filter((img) => !img.complete);
        let left = pending.length;
        if (left === 0) resolve();
        for (const img of pending) {
          const done = (): void => {
            if (--left === 0) resolve();
          };
          img.addEventListener('load', done, { once: true });
          img.addEventListener('error', done, { once: true });
        }
        setTimeout(resolve, 15_000);
      }),
  );
  await page.waitForTimeout(300);
}

async function searchPhotos(page: Page, query: string): Promise<void> {
  await runPickerCommand(page, 'Stock Media: Search Photos…', /Type what you are looking for/);
  await page.locator('.quick-input-widget .quick-input-box input').pressSequentially(query, { delay: 20 });
  await page.keyboard.press('Enter');
  await gridImagesSettled(page);
}

/**
 * A photo inserted from the grid into a workspace file, as a person does it: the file opened,
 * the cursor put where it goes (`place`), a search, Enter on a tile; resolves once the credit
 * is in.
 */
async function insertInto(page: Page, file: string, place: () => Promise<void>, query: string): Promise<void> {
  await openFile(page, file);
  await place();
  await searchPhotos(page, query);
  await webview(page).locator('.tile').first().focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () => /Photo by /.test(document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ') ?? ''),
    undefined,
    { timeout: 20_000 },
  );
}

interface Shot {
  readonly name: string;
  /** The library served over https: the workbench shows images in hovers only from https. */
  readonly https?: boolean;
  /** Workspace settings for this picture. */
  readonly settings?: Readonly<Record<string, unknown>>;
  take(workbench: Workbench, api: ApiServer): Promise<void>;
}

const SHOTS: readonly Shot[] = [
  {
    name: 'grid-photos-dark',
    async take({ page }) {
      await searchPhotos(page, 'morning');
      await webview(page).locator('.tile').first().hover();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'collections-expanded',
    async take({ page }) {
      await activityBarItem(page, 'Stock Media').click();
      const rows = treeItems(page, 'Collections');
      await rows.filter({ hasText: 'Featured' }).first().click();
      const collection = rows.filter({ hasText: 'Cats of the World' }).first();
      await collection.waitFor({ timeout: 20_000 });
      await collection.click();
      const media = rows.filter({ has: page.locator('.codicon-insert, .action-label') });
      await media.nth(2).waitFor({ timeout: 20_000 });
      await media.nth(1).hover();
      await page.waitForTimeout(500);
    },
  },
  {
    name: 'insert-from-grid',
    async take({ page }) {
      await runCommand(page, 'View: Close Primary Side Bar').catch(() => undefined);
      await page.keyboard.press('Control+P');
      await page.locator('.quick-input-widget .quick-input-box input').fill('README.md');
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'README.md' }).first().click();
      await page.locator('.editor-instance .monaco-editor').first().waitFor();
      await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('\n## Photos\n\n');
      await searchPhotos(page, 'morning');
      const tiles = webview(page).locator('.tile');
      await tiles.first().focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => /Photo by \[/.test(document.querySelector('.editor-instance .monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ') ?? ''),
        undefined,
        { timeout: 20_000 },
      );
      // Away from the buttons, so no tooltip shows.
      await page.mouse.move(300, 600);
      await page.waitForTimeout(800);
    },
  },
  {
    // HTML, not Markdown: in Markdown VS Code's own image preview comes first and fills the
    // hover's height, so the extension's part (photographer, credit status, actions) lies
    // below the fold. The library over https: the workbench shows hover images only from https.
    name: 'credit-hover',
    https: true,
    // The <img> line whole on screen, not scrolled sideways.
    settings: { 'editor.wordWrap': 'on' },
    async take({ page }) {
      await insertInto(
        page,
        'index.html',
        async () => {
          // Into the empty <main>: the end of its opening tag's line, a new line.
          await page.keyboard.press('Control+G');
          await page.keyboard.type('9');
          await page.keyboard.press('Enter');
          await page.keyboard.press('End');
          await page.keyboard.press('Enter');
        },
        'heron',
      );
      // The page alone in the editor area: the grid beside it closed.
      await page.locator('.tabs-container .tab', { hasText: 'index.html' }).first().click();
      await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
      await runCommand(page, 'View: Close Editors in Other Groups');
      await page.locator('.tabs-container .tab', { hasText: 'Photos:' }).waitFor({ state: 'detached', timeout: 10_000 });
      const image = page.locator('.editor-instance .monaco-editor .view-lines span', { hasText: /\/media\/photos\/\d+\// }).first();
      await image.waitFor({ timeout: 20_000 });
      await image.hover();
      const hover = page.locator('.monaco-hover').filter({ hasText: 'A credit line names them nearby.' }).first();
      await hover.waitFor({ state: 'visible', timeout: 15_000 });
      const picture = hover.locator('img').first();
      await picture.waitFor({ state: 'visible', timeout: 15_000 });
      await picture.evaluate((img: HTMLImageElement) => img.complete || new Promise((resolve) => img.addEventListener('load', resolve, { once: true })));
      if ((await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)) === 0) throw new Error('The hover’s picture did not load');
      await page.waitForTimeout(500);
    },
  },
  {
    name: 'walkthrough',
    async take({ page }) {
      // Done first, as a newcomer might: the key (startWorkbenchWithKey), a search, an insert.
      await insertInto(page, 'README.md', () => page.keyboard.press('Control+End'), 'morning');
      await runCommand(page, 'View: Close All Editors');
      await runPickerCommand(page, 'Welcome: Open Walkthrough...', /walkthrough/i);
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Get Started with Stock Media' }).first().click();
      const container = page.locator('.gettingStartedContainer');
      const step = (id: string) => container.locator(`[data-step-id$="#${id}"]`).first();
      await step('getKey').waitFor({ state: 'visible', timeout: 20_000 });
      // The next step to do open, with its picture.
      await step('cover').click();
      const ticked = ['getKey', 'setKey', 'search', 'insert'];
      for (const until = Date.now() + 10_000; ; await page.waitForTimeout(250)) {
        let done = 0;
        for (const id of ticked) if ((await step(id).getAttribute('aria-checked')) === 'true') done++;
        if (done === ticked.length) break;
        if (Date.now() > until) throw new Error(`Only ${done} of ${ticked.length} steps show done`);
      }
      await page.mouse.move(5, 400);
      await page.waitForTimeout(800);
    },
  },
];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const png = args.includes('--png');
  const shots = SHOTS.filter((s) => !only || s.name === only);
  if (shots.length === 0) throw new Error(`No screenshot named ${only}; there are: ${SHOTS.map((s) => s.name).join(', ')}`);
  // The sandbox's photographers include Chinese, Japanese and Korean names: without a CJK font they show as boxes.
  const cjk = spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' });
  if (cjk.status === 0 && cjk.stdout.trim() === '') console.warn('[screenshots] No CJK font (apt-get install fonts-noto-cjk): Chinese, Japanese and Korean names will show as boxes.');
  const root = repoRoot();
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
  const packaged = spawnSync(process.execPath, [join(root, 'out', 'scripts', 'package.js')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (packaged.status !== 0) throw new Error('npm run package failed');
  const vsix = join(root, `${name}-${version}.vsix`);
  const encoder = await launchBrowser();
  mkdirSync(OUT_DIR, { recursive: true });
  try {
    for (const shot of shots) {
      // A fresh workbench for each picture: nothing of the one before shows.
      const api = await startApiServer({ https: shot.https });
      try {
        // The secondary side bar (empty here) would take a fifth of the picture.
        const workbench = await startWorkbenchWithKey(api, { 'workbench.secondarySideBar.defaultVisibility': 'hidden', ...shot.settings }, { vsix, https: shot.https });
        try {
          await runCommand(workbench.page, 'View: Hide Secondary Side Bar').catch(() => undefined);
          await shot.take(workbench, api).catch(async (error: unknown) => {
            // What the workbench showed when the step failed, to see why.
            mkdirSync(SCREENSHOT_DIR, { recursive: true });
            const failed = join(SCREENSHOT_DIR, `${shot.name}-failed.png`);
            await workbench.page.screenshot({ path: failed }).catch(() => undefined);
            console.error(`[screenshots] ${shot.name} failed; the workbench then: ${failed}`);
            throw error;
          });
          const title = await workbench.page.locator('.window-title, .command-center .search-label').first().innerText().catch(() => '');
          if (/Extension Development Host/.test(title)) throw new Error(`The title still reads "${title}"`);
          const webp = await pngToWebp(encoder.page, await workbench.page.screenshot());
          const path = join(OUT_DIR, `${shot.name}.webp`);
          writeFileSync(path, webp);
          console.log(`[screenshots] ${path}: ${(webp.length / 1024).toFixed(1)} KB (title: ${title.trim() || '?'})`);
          if (png) {
            mkdirSync(SCREENSHOT_DIR, { recursive: true });
            const copy = join(SCREENSHOT_DIR, `${shot.name}.png`);
            writeFileSync(copy, await webpToPng(encoder.page, webp));
            console.log(`[screenshots] ${copy}: a PNG copy to look at`);
          }
        } finally {
          await workbench.close();
        }
      } finally {
        await api.close();
      }
    }
  } finally {
    await encoder.close();
    await closeAll();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`[screenshots] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}
