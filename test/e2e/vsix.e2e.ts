// The extension as a user first meets it: the VSIX that `npm run package` makes, installed
// into a fresh workbench (--install-extension; no development path), and its page in the
// Extensions view. Packaged with a repository URL (here a local https server standing in for
// the published repository's raw files), the README must render there with its screenshots
// loaded from it, and no link may point to a file the VSIX leaves out.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { repoRoot } from '../host/workspace';
import { screenshot, startWorkbench, webview } from './harness';
import type { Workbench } from './harness';
import { serveOverHttps } from './httpsFiles';
import type { HttpsFiles } from './httpsFiles';

describe('the packaged VSIX (e2e)', function () {
  this.timeout(240_000);
  let workbench: Workbench;
  let page: Page;
  let repository: HttpsFiles;

  before(async function () {
    const root = repoRoot();
    repository = await serveOverHttps(root, ['media', 'CONTRIBUTING.md', 'BENCHMARKS.md']);
    const packaged = spawnSync(process.execPath, [join(root, 'out', 'scripts', 'package.js'), '--repository', repository.url], { cwd: root, encoding: 'utf8' });
    assert.equal(packaged.status, 0, `npm run package:\n${packaged.stdout}\n${packaged.stderr}`);
    assert.match(packaged.stdout, /VSIX: [\d.]+ KB/, 'npm run package prints the size');
    assert.match(packaged.stdout, /extension\/dist\/extension\.js/, 'and the file list');
    const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
    workbench = await startWorkbench({ vsix: join(root, `${name}-${version}.vsix`), trustedSpki: [repository.spki] });
    page = workbench.page;
  });

  after(async () => {
    await workbench?.close();
    await repository?.close();
  });

  it('is installed, not under development: the title has no "[Extension Development Host]"', async () => {
    const title = await page.locator('.command-center .search-label, .window-title').first().innerText();
    assert.ok(title.trim().length > 0, 'a title is shown');
    assert.doesNotMatch(title, /Extension Development Host/);
    assert.doesNotMatch(await page.title(), /Extension Development Host/);
  });

  it('shows the README with its images on the extension page', async () => {
    await page.keyboard.press('Control+Shift+X');
    // The view opens with its search box focused.
    const search = page.locator('.extensions-viewlet .suggest-input-container').first();
    await search.waitFor({ state: 'visible', timeout: 20_000 });
    await search.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('@installed Stock Media');
    const item = page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'Stock Media' }).first();
    await item.waitFor({ state: 'visible', timeout: 30_000 });
    await item.click();
    const editor = page.locator('.extension-editor');
    await editor.waitFor({ state: 'visible', timeout: 20_000 });
    assert.match(await editor.locator('.header .name').first().innerText(), /Stock Media/);

    // The README is shown by the workbench itself: its webview has no extension id.
    const readme: FrameLocator = webview(page, 0, '');
    await readme.locator('h1', { hasText: 'Stock Media' }).waitFor({ timeout: 30_000 });
    // Every image complete, and loaded (a broken one is complete with naturalWidth 0).
    const images = await readme.locator('body').evaluate(async (body) => {
      const imgs = [...body.querySelectorAll('img')];
      await Promise.all(imgs.map((img) => (img.complete ? undefined : new Promise((r) => ((img.onload = r), (img.onerror = r))))));
      return imgs.map((img) => ({ src: img.getAttribute('src') ?? '', alt: img.alt, width: img.naturalWidth, height: img.naturalHeight }));
    });
    console.log(`      images: ${images.map((i) => `${i.src.split('/').pop()} ${i.width}×${i.height}`).join(', ')}`);
    const shot = await screenshot(page, 'vsix-extension-page');
    console.log(`      screenshot: ${shot}`);
    assert.ok(images.length >= 3, `the README's screenshots are on the page (${images.length})`);
    for (const image of images) assert.ok(image.width > 0 && image.height > 0, `${image.alt} (${image.src}) loaded`);
    assert.ok(images.every((i) => i.src.startsWith(`${repository.url}/media/screenshots/`)), 'from the repository, over https');
    assert.ok(images.some((i) => /grid-photos-dark\.webp$/.test(i.src)), 'the grid screenshot is one of them');
    assert.ok(repository.requests.includes('media/screenshots/grid-photos-dark.webp'), 'the page asked the repository for it');

    // Links only to the web or within the page: none to a file the VSIX leaves out.
    const links = await readme.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    const bad = links.filter((href) => !/^(https:|mailto:|#)/.test(href));
    assert.deepEqual(bad, [], `links to files: ${bad.join(', ')}`);
    assert.ok(links.includes('https://www.pexels.com/api/'), 'the link to get a key');
    assert.ok(links.includes(`${repository.url}/CONTRIBUTING.md`), 'the contributors\' page, in the repository');
    // Readable: the commands table is there.
    await readme.locator('td code', { hasText: 'stockMedia.search' }).first().waitFor();
    // The page, scrolled to the screenshots table, for a person to look at.
    await readme.locator('img').nth(1).scrollIntoViewIfNeeded();
    console.log(`      screenshot: ${await screenshot(page, 'vsix-extension-page-images')}`);
  });
});
