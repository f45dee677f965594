// Hostile input in the workbench, as a person meets it: the local server in
// hostile mode (every payload tries `alert(1)` and sets `window.__pwned`), a second server
// at the "other origin" its links point to. The sidebar tree and its hovers, the grid and
// its preview, the grid's error state and a notification built from a hostile error body.
// No dialog may open, no frame may carry the marker, the grid's document may hold no
// event-handler attribute and no script but its own, and the key never goes to the other
// origin. Screenshots are for looking at: long strings must not break the layout.
import * as assert from 'node:assert/strict';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { PWNED_MARKER } from '../server/hostile';
import type { ApiServer } from '../server/server';
import { startApiServer } from '../server/server';
import { QUOTA_ITEM, activityBarItem, apiSettings, notifications, runCommand, screenshot, setApiKey, sideBar, startWorkbench, statusBarEntry, webview } from './harness';
import type { Workbench } from './harness';


interface WebviewReport {
  handlers: string[];
  cspNonce: string | null;
  scripts: { nonced: boolean; type: string; src: string; text: string; payload: boolean }[];
  embedded: string[];
  urls: string[];
  marker: unknown;
}

/** Everything in the grid's own document that a payload could have made. */
function inspectWebview(grid: FrameLocator): Promise<WebviewReport> {
  return grid.locator('body').evaluate((_body, marker) => {
    const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;
    const all = [...document.querySelectorAll('*')];
    return {
      handlers: all.filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name))).map((el) => el.outerHTML.slice(0, 120)),
      cspNonce: nonce,
      scripts: [...document.querySelectorAll('script')].map((s) => ({
        nonced: nonce !== null && s.nonce === nonce,
        type: s.type,
        src: s.src,
        text: (s.textContent ?? '').slice(0, 200),
        payload: (s.textContent ?? '').includes(marker) || /alert\(/.test(s.textContent ?? ''),
      })),
      // VS Code adds one style element of its own (the theme's defaults) to every webview.
      // The grid's own icons are SVGs inside span.codicon (src/webview/codicons.ts); any other SVG counts.
      embedded: [...document.querySelectorAll('iframe, frame, object, embed, svg:not(span.codicon > svg), base, form, style:not(#_defaultStyles), link:not([rel="stylesheet"])')].map(
        (el) => el.outerHTML.slice(0, 120),
      ),
      urls: all.flatMap((el) => ['src', 'href', 'poster', 'srcset', 'action'].map((a) => el.getAttribute(a)).filter((v): v is string => v !== null)),
      marker: (window as unknown as Record<string, unknown>)[marker],
    };
  }, PWNED_MARKER);
}

/** The marker in every frame of the page: the workbench, its webview hosts, the grid. */
async function markersSet(page: Page): Promise<{ found: string[]; frames: number }> {
  const found: string[] = [];
  let frames = 0;
  for (const frame of page.frames()) {
    const value = await frame.evaluate((marker) => (window as unknown as Record<string, unknown>)[marker], PWNED_MARKER).then(
      (v) => {
        frames += 1;
        return v;
      },
      () => undefined,
    );
    if (value !== undefined) found.push(`${frame.url().slice(0, 80)}: ${String(value)}`);
  }
  return { found, frames };
}

/** A row of the sidebar's tree by its label. */
function row(page: Page, label: string | RegExp): Locator {
  return sideBar(page).locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: label }) }).first();
}

describe('hostile input (e2e)', function () {
  this.timeout(180_000);
  let api: ApiServer;
  let foreign: ApiServer;
  let workbench: Workbench;
  let page: Page;
  let grid: FrameLocator;
  const dialogs: string[] = [];

  /** No dialog, no marker anywhere, nothing in the grid a payload could have made. */
  async function expectNothingRan(where: string, checkGrid = true): Promise<void> {
    assert.deepEqual(dialogs, [], `${where}: no dialog opened`);
    const markers = await markersSet(page);
    assert.deepEqual(markers.found, [], `${where}: no frame has window.${PWNED_MARKER}`);
    if (!checkGrid) return;
    // The workbench, the webview's host frame and the grid's own frame, at least.
    assert.ok(markers.frames >= 3, `${where}: looked into ${markers.frames} frames`);
    const report = await inspectWebview(grid);
    assert.equal(report.marker, undefined);
    assert.deepEqual(report.handlers, [], `${where}: no event-handler attributes`);
    assert.deepEqual(report.embedded, [], `${where}: no frames, SVG, forms, styles or base elements`);
    assert.ok(report.cspNonce, 'the grid has its nonce CSP');
    // VS Code's own first script (acquireVsCodeApi), then ours: the JSON boot block and
    // the script, both with the CSP's nonce. Nothing else, and nothing with API text in it.
    const [vscodeOwn, ...ours] = report.scripts;
    assert.ok(vscodeOwn && !vscodeOwn.nonced && vscodeOwn.text.includes('acquireVsCodeApi'), `${where}: VS Code's script first: ${JSON.stringify(vscodeOwn)}`);
    assert.deepEqual(ours.map((s) => s.nonced), [true, true], `${where}: only the grid's two nonce'd scripts: ${JSON.stringify(ours)}`);
    assert.ok(report.scripts.every((s) => !s.payload), `${where}: API text in a script`);
    for (const url of report.urls) {
      assert.doesNotMatch(url, /^\s*(javascript|data|vbscript|command):/i, `${where}: ${url.slice(0, 80)}`);
      const parsed = new URL(url, 'https://relative.invalid/');
      const local = parsed.protocol === 'http:' && /^127\.0\.0\.[12]$/.test(parsed.hostname);
      assert.ok(parsed.protocol === 'https:' || local, `${where}: only https or this computer: ${url.slice(0, 80)}`);
    }
  }

  async function shot(name: string): Promise<void> {
    await page.waitForTimeout(400);
    console.log(`      screenshot: ${await screenshot(page, name)}`);
  }

  before(async function () {
    this.timeout(240_000);
    api = await startApiServer();
    foreign = await startApiServer({ host: '127.0.0.2', port: Number(new URL(api.origin).port) });
    workbench = await startWorkbench({
      machineSettings: apiSettings(api),
      settings: { 'workbench.colorTheme': 'Default Dark Modern' },
    });
    page = workbench.page;
    // Dialogs from any frame, the webviews' included, come here.
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss().catch(() => undefined);
    });
    await setApiKey(page, api.keys.alice);
    await statusBarEntry(page, QUOTA_ITEM).filter({ hasText: /20,000|20000/ }).waitFor({ timeout: 30_000 });
    api.setSwitches({ hostile: true });
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) console.log(`      screenshot: ${await screenshot(page, `hostile-failed-${this.currentTest.title.slice(0, 40)}`)}`);
  });

  after(async () => {
    await workbench?.close();
    await api?.close();
    await foreign?.close();
  });

  it('the tree shows hostile titles and names as text, and its hovers run nothing', async () => {
    await activityBarItem(page, 'Stock Media').click();
    await row(page, 'Featured').click();
    // Collection titles are hostile strings: the markup shows, as text.
    const hostileRow = sideBar(page).locator('.monaco-list-row[aria-level="2"]').first();
    await hostileRow.waitFor({ timeout: 20_000 });
    const titles = await sideBar(page).locator('.monaco-list-row[aria-level="2"] .label-name').allInnerTexts();
    assert.ok(titles.length >= 10, `featured collections listed: ${titles.length}`);
    assert.ok(titles.some((t) => /<(img|svg|iframe)|<\/script>|\[Fix it\]\(command:/.test(t)), `markup as text: ${titles.slice(0, 4).join(' | ')}`);
    // Open a collection with media and hover a media row and a collection row.
    const collection = sideBar(page).locator('.monaco-list-row[aria-level="2"]').filter({ hasText: /photos?|videos?/ }).first();
    await collection.click();
    const media = sideBar(page).locator('.monaco-list-row[aria-level="3"]');
    await media.first().waitFor({ timeout: 20_000 });
    await page.mouse.move(0, 0);
    await media.first().locator('.label-name').hover();
    const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: /Photo by|Video by/ }).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 });
    const inHover = await hover.evaluate((el) => ({
      handlers: [...el.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
      scripts: el.querySelectorAll('script, iframe, svg:not(span.codicon > svg)').length,
      links: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? a.getAttribute('data-href') ?? ''),
      images: [...el.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? ''),
    }));
    assert.equal(inHover.handlers, 0);
    assert.equal(inHover.scripts, 0);
    for (const link of inHover.links) assert.match(link, /^(https?:\/\/127\.0\.0\.[12]:\d+\/|$)/, `a hover link: ${link}`);
    for (const src of inHover.images) assert.match(src, /^http:\/\/127\.0\.0\.[12]:\d+\/media\//, `a hover image: ${src}`);
    await shot('hostile-tree-hover');
    await expectNothingRan('the tree', false);
  });

  it('the grid shows hostile results as text, and nothing in it runs', async () => {
    await page.mouse.move(0, 0);
    await runCommand(page, 'Stock Media: Browse Curated Photos');
    grid = webview(page);
    await grid.locator('.tile').first().waitFor({ state: 'visible', timeout: 30_000 });
    await grid.locator('.total', { hasText: /results/ }).waitFor({ timeout: 20_000 });
    const credits = await grid.locator('.tile .credit').allInnerTexts();
    assert.ok(credits.some((c) => /<img src=x onerror=|<\/script><script>|<svg onload=/.test(c)), `markup shows as text: ${credits.slice(0, 4).join(' | ')}`);
    // Let images load or fail (the unsafe ones never get a src), and hover videos start.
    await page.waitForTimeout(1_500);
    const tile = grid.locator('.tile').first();
    await tile.hover();
    await expectNothingRan('the grid');
    await shot('hostile-grid');

    // The preview of a tile whose description is a script.
    const scripted = grid.locator('.tile', { has: grid.locator('img[alt*="<script>"], img[alt*="onerror"]') }).first();
    await scripted.click();
    await page.keyboard.press(' ');
    const dialog = grid.locator('dialog.preview');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await dialog.innerText(), /<script>|onerror=/, 'the preview shows the description as text');
    await page.waitForTimeout(800);
    await expectNothingRan('the preview');
    await shot('hostile-grid-preview');
    await page.keyboard.press('Escape');
  });

  it('scrolling to the next page never takes the key to the other origin', async () => {
    api.setSwitches({ foreignNextPage: true });
    api.clearLog();
    await grid.locator('.scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await grid.locator('.footer .end').waitFor({ timeout: 20_000 });
    const pages = api.log.filter((e) => e.path === '/v1/curated');
    assert.deepEqual(pages.map((e) => e.query.page), ['2'], 'the second page, from the configured server');
    assert.ok(pages.every((e) => e.key === api.keys.alice));
    assert.ok(foreign.mediaLog.length > 0, 'the tiles did load images from the other origin');
    assert.deepEqual([...foreign.log, ...foreign.mediaLog].filter((e) => e.hadKey).map((e) => e.path), [], 'no key at the other origin');
    assert.deepEqual(api.mediaLog.filter((e) => e.hadKey).map((e) => e.path), [], 'no key on image requests');
    api.setSwitches({ foreignNextPage: false });
    await expectNothingRan('page 2');
    await shot('hostile-grid-end');
  });

  it('a hostile error body becomes a plain message in the grid, with no link', async () => {
    api.setSwitches({ failStatus: 503 });
    const query = grid.getByRole('searchbox');
    await query.fill('kitten');
    await query.press('Enter');
    const message = grid.locator('.message');
    await message.locator('p').waitFor({ state: 'visible', timeout: 30_000 });
    const text = await message.locator('p').innerText();
    assert.match(text, /had a problem \(HTTP 503\).*The service said/);
    assert.doesNotMatch(text, /<|\]\(/);
    assert.equal(await message.locator('a').count(), 0, 'no link in the message');
    await expectNothingRan('the error state');
    await shot('hostile-grid-error');
  });

  it('a notification built from a hostile error body holds no clickable command link', async () => {
    // Setting the key checks it with the (failing) service; the warning quotes what it said.
    // The grid goes first, so that no keystroke of the key's input box lands in it.
    await runCommand(page, 'View: Close All Editors');
    api.setSwitches({ hostile: true, failStatus: 503 });
    api.clearLog();
    await setApiKey(page, api.keys.alice);
    // The check retries a 503 twice; then the warning comes. The headless workbench may keep
    // toasts hidden: then it is read in the notification centre.
    const deadline = Date.now() + 20_000;
    while (api.log.filter((e) => e.status === 503).length < 3 && Date.now() < deadline) await page.waitForTimeout(100);
    await page.waitForTimeout(1_000);
    const warning = /could not be checked/;
    if (!(await notifications(page).filter({ hasText: warning }).first().isVisible())) {
      await runCommand(page, 'Notifications: Show Notifications');
    }
    const toast = page.locator('.notification-list-item', { hasText: warning }).first();
    try {
      await toast.waitFor({ state: 'visible', timeout: 15_000 });
    } catch (error) {
      const shown = await page.locator('.notification-list-item').allInnerTexts();
      throw new Error(`No warning; notifications: ${JSON.stringify(shown)}; requests: ${JSON.stringify(api.log.map((e) => [e.path, e.status]))}; ${String(error)}`, { cause: error });
    }
    const text = await toast.innerText();
    assert.match(text, /The service said/);
    const links = await toast.locator('.notification-list-item-message a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    assert.deepEqual(links, [], `no link in the message: ${text}`);
    await shot('hostile-notification');
    api.setSwitches({ failStatus: null });
    await page.keyboard.press('Escape');
    await expectNothingRan('the notification', false);
  });
});
