// The search grid as a person uses it: search from the command palette, look at the
// tiles and their photographers, scroll to the next page, change a filter, switch to
// videos, repeat the first search (from the cache), move with the keyboard and preview,
// type a bad colour; in the dark, light and high-contrast themes; what it says in place of
// tiles and above them. The local server's log is the witness for every request the grid
// makes (and does not make). The VS Code suites check what the host tells the webview
// (test/vscode/hooks.ts `told`); how the webview draws it is checked here.
import * as assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { photoMatches } from '../server/search';
import type { ApiServer, RequestLogEntry } from '../server/server';
import { activityBarItem, runCommand, runPickerCommand, screenshot, sideBar, waitForWorkbench, webview, useApiServer, useWorkbench } from './harness';

/** A little more than the grid's typing debounce (600 ms). */
const SETTLE_MS = 1_200;

describe('search grid (e2e)', function () {
  this.timeout(120_000);
  let api: ApiServer;
  let page: Page;
  let grid: FrameLocator;

  const apiRequests = (): RequestLogEntry[] => api.log.filter((e) => e.path.startsWith('/v1') || e.path.startsWith('/videos'));
  const lastRequest = (): RequestLogEntry | undefined => apiRequests().at(-1);
  const tiles = () => grid.locator('.tile');

  /** Waits for the n-th request to arrive, then makes sure no other one follows. */
  async function expectRequests(n: number, what: string): Promise<void> {
    const until = Date.now() + 15_000;
    while (apiRequests().length < n && Date.now() < until) await page.waitForTimeout(50);
    await page.waitForTimeout(300);
    assert.equal(apiRequests().length, n, what);
  }

  async function shot(name: string, settle = true): Promise<void> {
    // The tiles on screen with their images loaded (or given up on), as a person would see them.
    if (settle) await settleImages();
    console.log(`      screenshot: ${await screenshot(page, name)}`);
  }

  async function settleImages(): Promise<void> {
    await grid
      .locator('.tile')
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 })
      .catch(() => undefined);
    await grid
      .locator('.scroller')
      .evaluate(
        (el) =>
          new Promise<void>((resolve) => {
            // Only the images on screen: a lazy one below the fold loads when scrolled to, and
            // until then fires neither load nor error (waiting for it waited out the timer).
            const view = el.getBoundingClientRect();
            const onScreen = (img: HTMLImageElement): boolean => {
              const box = img.getBoundingClientRect();
              return box.bottom > view.top && box.top < view.bottom && box.right > view.left && box.left < view.right;
            };
            const pending = [...el.querySelectorAll('img')].filter((img) => !img.complete && onScreen(img));
            if (pending.length === 0) return resolve();
            let left = pending.length;
            const done = (): void => {
              if (--left === 0) resolve();
            };
            for (const img of pending) {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            }
            setTimeout(resolve, 15_000);
          }),
      )
      .catch(() => undefined);
    await page.waitForTimeout(250);
  }

  /** Whether Search Photos… offers `query` among its recent searches (the picker is closed again). */
  async function recentOffered(query: string): Promise<boolean> {
    await runPickerCommand(page, 'Stock Media: Search Photos…', /Type what you are looking for/);
    const rows = page.locator('.quick-input-widget .monaco-list-row');
    await rows.first().waitFor({ state: 'visible' });
    const labels = await rows.locator('.label-name').allInnerTexts();
    await page.keyboard.press('Escape');
    await page.locator('.quick-input-widget .quick-input-box input').waitFor({ state: 'hidden' });
    return labels.some((label) => label.trim() === query);
  }

  async function setTheme(name: string): Promise<void> {
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await runPickerCommand(page, 'Preferences: Color Theme', /Color Theme/);
    await input.fill(name);
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().click();
    await input.waitFor({ state: 'hidden' });
    await page.waitForTimeout(800);
  }

  const opened = useWorkbench('grid', {}, { api: useApiServer(), withKey: true });
  before(() => ({ api, page } = opened()));

  it('searches photos from the command palette and shows tiles with photographer names', async () => {
    api.clearLog();
    await runPickerCommand(page, 'Stock Media: Search Photos…', /Type what you are looking for/);
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.pressSequentially('morning', { delay: 40 });
    await page.keyboard.press('Enter');
    grid = webview(page);
    await tiles().first().waitFor({ state: 'visible', timeout: 30_000 });
    const total = api.library.photos.filter((p) => photoMatches(p, { query: 'morning', orientation: null, size: null, color: null })).length;
    await grid.locator('.total', { hasText: `${total} results` }).waitFor();
    const credits = await grid.locator('.tile .credit').allInnerTexts();
    assert.ok(credits.length > 4 && credits.every((c) => c.trim().length > 0), `photographers under the tiles: ${credits.slice(0, 5).join(', ')}`);
    const names = new Set(api.library.photos.map((p) => p.photographer.name));
    assert.ok(credits.every((c) => names.has(c.trim())));
    // Each tile in the DOM is the result of its place, in the service's order: its key (only) as
    // its right-click menu's context, its photographer as text, its alt text as its title.
    const morning = api.library.photos.filter((p) => photoMatches(p, { query: 'morning', orientation: null, size: null, color: null }));
    const inDom = await tiles().evaluateAll((all) =>
      all
        .map((t) => ({ index: Number(t.getAttribute('data-index')), context: t.getAttribute('data-vscode-context') ?? '', credit: t.querySelector('.credit')?.textContent ?? '', title: (t as HTMLElement).title }))
        .sort((a, b) => a.index - b.index),
    );
    assert.deepEqual(inDom.map((t) => t.index), [...inDom.keys()], 'the first results');
    for (const tile of inDom) {
      const photo = morning[tile.index];
      assert.ok(photo, `result ${tile.index}`);
      assert.deepEqual(JSON.parse(tile.context), { webviewSection: 'tile', key: `photo:${photo.id}`, preventDefaultContextMenuItems: true });
      assert.deepEqual([tile.credit, tile.title], [photo.photographer.name, photo.alt], `tile ${tile.index}`);
    }
    // The toolbar shows the search the palette ran.
    assert.equal(await grid.getByRole('searchbox').inputValue(), 'morning');
    // Every tile image is a light variant, lazily loaded, with its alt text.
    const img = grid.locator('.tile img').first();
    assert.equal(await img.getAttribute('loading'), 'lazy');
    assert.match((await img.getAttribute('src')) ?? '', /h=350$/);
    assert.ok(((await img.getAttribute('alt')) ?? '').length > 0);
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 15_000 });
    // The link back to the service is on screen.
    assert.match(await grid.locator('a.attribution').innerText(), /Photos and videos provided by Pexels/);
    assert.equal(apiRequests().length, 1);
    assert.deepEqual(lastRequest()?.query, { query: 'morning', locale: 'en-US', page: '1', per_page: '80' });
    // Only the rows near the viewport are in the DOM.
    assert.ok((await tiles().count()) < 80, `tiles in the DOM: ${await tiles().count()}`);
    await page.mouse.move(10, 10);
    await shot('grid-photos-dark');
  });

  it('loads page 2 when scrolled to the end, and no more after the last page', async () => {
    await grid.locator('.scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await grid.locator('.footer', { hasText: 'That is everything.' }).waitFor({ timeout: 20_000 });
    await grid.locator('.scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.waitForTimeout(500);
    assert.equal(apiRequests().length, 2, 'exactly two requests: page 1 and page 2');
    assert.equal(lastRequest()?.query['page'], '2');
    assert.ok((await tiles().count()) < 85, 'still a bounded number of tiles');
    await shot('grid-photos-end');
  });

  it('runs a new search when the orientation changes', async () => {
    await grid.getByLabel('Orientation').selectOption('portrait');
    await expectRequests(3, 'one request for the new orientation');
    assert.equal(lastRequest()?.query['orientation'], 'portrait');
    assert.equal(lastRequest()?.query['query'], 'morning');
  });

  it('does not search while the user is still typing, and refuses a bad colour inline', async () => {
    const query = grid.getByRole('searchbox');
    await query.click();
    await query.press('End');
    await query.pressSequentially(' fog', { delay: 150 });
    assert.equal(apiRequests().length, 3, 'no request while typing');
    await expectRequests(4, 'one request once the typing stopped');
    assert.equal(lastRequest()?.query['query'], 'morning fog');

    const hex = grid.getByLabel('Colour as a hex code');
    await hex.fill('#12');
    await page.waitForTimeout(SETTLE_MS);
    const error = grid.locator('.form-error');
    await error.waitFor({ state: 'visible' });
    assert.match(await error.innerText(), /“#12” is not a colour/);
    assert.equal(await hex.getAttribute('aria-invalid'), 'true');
    assert.equal(apiRequests().length, 4, 'no request for a bad value');
    await shot('grid-bad-colour');
    await hex.fill('#ffb400');
    await expectRequests(5, 'one request for a good colour');
    assert.equal(lastRequest()?.query['color'], '#ffb400');
    await hex.fill('');
    await page.waitForTimeout(SETTLE_MS);
    // A query typed and left to rest is searched but not remembered; Enter remembers it.
    assert.equal(await recentOffered('morning fog'), false, 'a paused typing is not a recent search');
    await query.fill('morning fog');
    await query.press('Enter');
    await query.fill('morning');
    await query.press('Enter');
    // Both searches were shown before: they come from the cache.
    await expectRequests(5, 'no request for searches already shown (cache)');
    assert.equal(await recentOffered('morning fog'), true, 'Enter in the grid makes a recent search');
  });

  it('switches to videos and shows duration badges', async () => {
    const before = apiRequests().length;
    await grid.getByRole('radio', { name: 'Videos' }).click();
    await grid.locator('.tile-video').first().waitFor({ timeout: 20_000 });
    assert.equal(lastRequest()?.path, '/videos/search');
    assert.equal(lastRequest()?.query['query'], 'morning');
    assert.ok(apiRequests().length > before);
    const badges = await grid.locator('.tile .badge.duration').allInnerTexts();
    assert.ok(badges.length > 0 && badges.every((b) => /^\d+:\d\d$/.test(b.trim())), `duration badges: ${badges.join(', ')}`);
    await tiles().first().hover();
    await page.waitForTimeout(300);
    await shot('grid-videos-dark');
    // The preview plays the video: the local library serves real (small) MP4s.
    await tiles().first().click({ position: { x: 20, y: 20 } });
    await page.keyboard.press(' ');
    const dialog = grid.locator('dialog.preview');
    await dialog.waitFor({ state: 'visible' });
    const video = dialog.locator('video.preview-video');
    await video.waitFor({ state: 'attached', timeout: 10_000 });
    const playing = await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<{ readyState: number; videoWidth: number; error: string | null }>((resolve) => {
          const done = (): void => resolve({ readyState: el.readyState, videoWidth: el.videoWidth, error: el.error?.message ?? null });
          if (el.readyState >= 2) return done();
          el.addEventListener('loadeddata', done, { once: true });
          el.addEventListener('error', done, { once: true });
          setTimeout(done, 10_000);
        }),
    );
    assert.ok(playing.readyState >= 2 && playing.videoWidth > 0, `the preview's video cannot play: ${JSON.stringify(playing)}`);
    await page.waitForTimeout(500);
    await shot('grid-video-preview-dark');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('repeating the first search asks the server nothing (cache)', async () => {
    const before = apiRequests().length;
    await runPickerCommand(page, 'Stock Media: Search Photos…', /Type what you are looking for/);
    const recent = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'morning' }).first();
    await recent.waitFor({ state: 'visible' });
    await shot('grid-recent-searches', false);
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.fill('morning');
    await page.keyboard.press('Enter');
    await grid.locator('.tile-photo').first().waitFor({ timeout: 20_000 });
    await grid.locator('.scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await grid.locator('.footer', { hasText: 'That is everything.' }).waitFor({ timeout: 20_000 });
    assert.equal(apiRequests().length, before, 'both pages came from the cache');
    assert.equal(await grid.getByLabel('Orientation').inputValue(), '', 'the command palette search has no orientation');
  });

  it('moves between tiles with the arrow keys and previews with Space', async () => {
    await grid.locator('.scroller').evaluate((el) => el.scrollTo({ top: 0 }));
    const first = tiles().first();
    await first.click({ position: { x: 20, y: 20 } });
    await page.keyboard.press('ArrowRight');
    const focused = grid.locator('.tile:focus');
    assert.equal(await focused.getAttribute('data-index'), '1');
    assert.equal(await focused.getAttribute('tabindex'), '0');
    assert.equal(await grid.locator('.tile[tabindex="0"]').count(), 1, 'one tab stop (roving tabindex)');
    // One toolbar at a time: the pointer over another tile, only that tile's toolbar shows.
    await tiles().nth(3).hover({ position: { x: 20, y: 20 } });
    const shownToolbars = async (): Promise<string[]> =>
      grid.locator('.grid').evaluate((el) =>
        [...el.querySelectorAll('.tile')].filter((t) => Number(getComputedStyle(t.querySelector('.tile-actions') ?? t).opacity) > 0.5 && t.querySelector('.tile-actions')).map((t) => t.getAttribute('data-index') ?? ''),
      );
    let toolbars = await shownToolbars();
    for (let i = 0; i < 20 && toolbars.join() !== '3'; i++) {
      // The toolbars fade in and out (0.1 s).
      await page.waitForTimeout(50);
      toolbars = await shownToolbars();
    }
    assert.deepEqual(toolbars, ['3'], 'the hovered tile’s toolbar alone, not the focused one’s too');
    await page.keyboard.press('ArrowDown');
    const columns = await grid.locator('.tile:focus').getAttribute('data-index');
    assert.ok(Number(columns) > 1, `ArrowDown moved to ${columns}; active: ${await grid.locator('body').evaluate(() => document.activeElement?.outerHTML.slice(0, 160))}`);
    await page.keyboard.press(' ');
    const dialog = grid.locator('dialog.preview');
    await dialog.waitFor({ state: 'visible' });
    assert.match(await dialog.locator('.preview-meta').innerText(), /\d+ × \d+/);
    assert.match(await dialog.locator('.preview-credit').innerText(), /Photo by .+/);
    await dialog.locator('img.preview-image').waitFor();
    await page.waitForTimeout(500);
    await shot('grid-preview-dark');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await grid.locator('.tile:focus').getAttribute('data-index'), columns, 'focus back on the tile');
  });

  it('shows hostile API text as plain text and drops unsafe links', async () => {
    api.setSwitches({ hostile: true });
    try {
      const query = grid.getByRole('searchbox');
      await query.fill('kitten');
      await query.press('Enter');
      await grid.locator('.total', { hasText: /results/ }).waitFor({ timeout: 20_000 });
      await grid.locator('.tile .credit', { hasText: /[<>"]/ }).first().waitFor({ timeout: 20_000 });
      const texts = await grid.locator('.tile .credit').allInnerTexts();
      assert.ok(texts.some((t) => /<(img|svg|script|b)\b|<\/script>/.test(t)), `markup shows as text: ${texts.slice(0, 6).join(' | ')}`);
      const found = await grid.locator('body').evaluate(() => ({
        handlers: [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
        svgs: document.querySelectorAll('svg:not(span.codicon > svg)').length,
        // VS Code adds a script of its own to every webview; none may carry API text.
        scripts: [...document.querySelectorAll('script')].filter((el) => /alert\(/.test(el.textContent ?? '')).length,
        unsafeLinks: [...document.querySelectorAll('a[href]')].filter((a) => !/^https?:/.test(a.getAttribute('href') ?? '')).length,
      }));
      assert.deepEqual(found, { handlers: 0, svgs: 0, scripts: 0, unsafeLinks: 0 });
      // A long name is cut with an ellipsis instead of breaking the grid.
      await shot('grid-hostile');
    } finally {
      api.setSwitches({ hostile: false });
    }
    // Back to the search of before (from the cache).
    const query = grid.getByRole('searchbox');
    await query.fill('morning');
    await query.press('Enter');
    await grid.locator('.tile .credit', { hasText: /[<>"]/ }).first().waitFor({ state: 'detached', timeout: 20_000 });
  });

  it('browses popular videos with its four filters, refusing a negative one inline', async () => {
    await grid.getByRole('radio', { name: 'Videos' }).click();
    await grid.locator('.tile-video').first().waitFor({ timeout: 20_000 });
    const before = apiRequests().length;
    const searchBox = grid.getByRole('searchbox');
    const searched = await searchBox.inputValue();
    assert.notEqual(searched, '', 'the video search of before shows its query');
    await grid.getByRole('button', { name: 'Popular' }).click();
    await expectRequests(before + 1, 'one request for popular videos');
    assert.equal(lastRequest()?.path, '/videos/popular');
    await grid.locator('.total', { hasText: /Popular videos · \d+ results/ }).waitFor();
    assert.equal(await searchBox.inputValue(), '', 'popular videos answer no query: the box is empty');
    const minDuration = grid.getByLabel('Min duration');
    await minDuration.fill('-5');
    await page.waitForTimeout(SETTLE_MS);
    assert.match(await grid.locator('.form-error').innerText(), /Min duration must be a whole number, 0 or more/);
    assert.equal(apiRequests().length, before + 1, 'no request for a negative duration');
    await shot('grid-popular-bad-filter');
    // The width first, while the duration is still refused: the search waits for both (filled one
    // after the other, a busy machine could let the first rest alone and search without the second).
    await grid.getByLabel('Min width').fill('1920');
    await page.waitForTimeout(SETTLE_MS);
    assert.equal(apiRequests().length, before + 1, 'no request while the duration is refused');
    await minDuration.fill('10');
    await expectRequests(before + 2, 'one request once both fields are right');
    assert.deepEqual(lastRequest()?.query, { min_width: '1920', min_duration: '10', page: '1', per_page: '80' });
    await grid.locator('.form-error').waitFor({ state: 'hidden' });
    await shot('grid-popular-dark');
    // Back to the photo search of before (both from the cache), its query back in the box.
    await grid.getByRole('button', { name: 'Popular' }).click();
    assert.equal(await searchBox.inputValue(), searched);
    await grid.getByRole('radio', { name: 'Photos' }).click();
    await grid.locator('.tile-photo').first().waitFor({ timeout: 20_000 });
    await expectRequests(before + 2, 'searches already shown come from the cache');
  });

  it('looks native in the light and high-contrast themes', async () => {
    await setTheme('Light Modern');
    await page.mouse.move(10, 10);
    await tiles().first().waitFor({ state: 'visible' });
    await shot('grid-photos-light');
    await grid.getByRole('radio', { name: 'Videos' }).click();
    await grid.locator('.tile-video').first().waitFor({ timeout: 20_000 });
    await shot('grid-videos-light');
    await setTheme('Dark High Contrast');
    await shot('grid-videos-hc');
    await grid.getByRole('radio', { name: 'Photos' }).click();
    await grid.locator('.tile-photo').first().waitFor({ timeout: 20_000 });
    await tiles().first().click({ position: { x: 20, y: 20 } });
    await shot('grid-photos-hc');
    await setTheme('Dark Modern');
  });

  it('comes back after a window reload with its search, the key kept and the answer from the persistent cache', async () => {
    api.clearLog();
    // As a person reloads: the workbench's command, which stores the views' state before it goes
    // (a bare page reload can leave the last seconds of it unstored on a busy machine).
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await runCommand(page, 'Developer: Reload Window');
    await reloaded;
    await waitForWorkbench(page);
    grid = webview(page);
    const setKey = grid.locator('.message button', { hasText: 'Set API Key' });
    await Promise.race([tiles().first().waitFor({ state: 'visible', timeout: 60_000 }), setKey.waitFor({ state: 'visible', timeout: 60_000 })]);
    // The panel is restored by its serializer, with the toolbar as it was.
    assert.equal(await grid.getByRole('searchbox').inputValue(), 'morning');
    assert.equal(await grid.getByRole('radio', { name: 'Photos' }).getAttribute('aria-checked'), 'true');
    // The workbench's secret storage survives a reload (the server answers its mint-key request).
    assert.equal(await setKey.isVisible(), false, 'the API key survived the reload');
    await tiles().first().waitFor({ state: 'visible', timeout: 30_000 });
    // The answers were written to the persistent cache before the reload (a day's TTL): no request.
    await page.waitForTimeout(1_000);
    assert.equal(apiRequests().filter((e) => e.path === '/v1/search').length, 0, 'the restored search comes from the persistent cache');
    await shot('grid-restored');
  });
  it('a tile’s menus: right-click and Shift+F10 open VS Code’s with every action, its … button its own with the rest; the alt text is the tile’s title', async () => {
    await runPickerCommand(page, 'Stock Media: Search Photos…', /Type what you are looking for/);
    await page.locator('.quick-input-widget .quick-input-box input').fill('morning');
    await page.keyboard.press('Enter');
    grid = webview(page);
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 30_000 });
    const first = tiles().first();
    // The title is the alt text, as text (once the tile has its item: tiles are reused as results change).
    const titleAndAlt = async (): Promise<[string | null, string | null]> => [await first.getAttribute('title'), await first.locator('img').getAttribute('alt')];
    let [title, alt] = await titleAndAlt();
    for (let i = 0; i < 50 && title !== alt; i++) {
      await page.waitForTimeout(100);
      [title, alt] = await titleAndAlt();
    }
    assert.equal(title, alt);
    const menu = page.locator('.context-view .monaco-menu');
    const expected = ['Insert into Editor', 'Insert as…', 'Save into Workspace and Insert', 'Set as Cover Image', 'Set as Cover Image…', 'Copy URL', 'Copy Credit', 'Open on the Service', 'Star'];
    const menuLabels = async (): Promise<string[]> => {
      // Its items laid out, not only its box: the first enabled label shown.
      const labels = menu.locator('.action-item:not(.disabled) .action-label:not(.separator)');
      await labels.first().waitFor({ state: 'visible', timeout: 10_000 }).catch(async () => assert.fail(`no enabled item in the menu shown: “${(await menu.innerText().catch(() => 'none')).trim()}”`));
      return (await labels.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    };
    const closeMenu = async (): Promise<void> => {
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden', timeout: 10_000 });
    };

    await first.click({ button: 'right', position: { x: 30, y: 30 } });
    assert.deepEqual(await menuLabels(), expected, 'right-click');
    await page.waitForTimeout(300);
    await shot('grid-tile-menu', false);
    await closeMenu();

    // The keyboard: the tile with focus, Shift+F10.
    await first.click({ position: { x: 30, y: 30 } });
    await grid.locator('.tile:focus').waitFor();
    await page.keyboard.press('Shift+F10');
    assert.deepEqual(await menuLabels(), expected, 'Shift+F10');
    await closeMenu();

    // The tile's … button, reached with Tab and pressed with Enter: the actions its toolbar
    // does not show, in a menu inside the tile, the first item focused.
    const more = first.locator('button[data-command="menu"]');
    assert.equal(await more.getAttribute('aria-label'), 'More Actions…');
    // From the tile, Tab on to its … button.
    await first.click({ position: { x: 30, y: 30 } });
    await grid.locator('.tile:focus').waitFor();
    const moreFocused = grid.locator('.tile button[data-command="menu"]:focus');
    for (let tabs = 0; tabs < 8 && !(await moreFocused.count()); tabs++) await page.keyboard.press('Tab');
    await moreFocused.waitFor({ timeout: 5_000 });
    assert.equal(await moreFocused.evaluate((button) => button.closest('.tile') !== null), true);
    await page.keyboard.press('Enter');
    const own = first.locator('.tile-menu[role="menu"]');
    await own.waitFor({ state: 'visible', timeout: 10_000 });
    const ownLabels = async (): Promise<string[]> => (await own.locator('[role="menuitem"]').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(await ownLabels(), ['Insert as…', 'Save into Workspace and Insert', 'Set as Cover Image', 'Set as Cover Image…', 'Star']);
    assert.equal(await more.getAttribute('aria-expanded'), 'true');
    assert.equal(await own.locator('[role="menuitem"]:focus').innerText(), 'Insert as…', 'the first item has the focus');
    assert.equal(await menu.isVisible(), false, 'no VS Code menu besides');
    await shot('grid-tile-menu-keyboard', false);
    // Down, Up (wrapping), Escape: back on the … button, the menu closed.
    await page.keyboard.press('ArrowUp');
    assert.equal(await own.locator('[role="menuitem"]:focus').innerText(), 'Star', 'Up from the first wraps to the last');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await own.waitFor({ state: 'detached', timeout: 5_000 });
    await moreFocused.waitFor({ timeout: 5_000 });
    // Enter again, and Enter on the first item: Insert as… runs on this tile and asks for the size first.
    await page.keyboard.press('Enter');
    await own.locator('[role="menuitem"]:focus', { hasText: 'Insert as…' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await own.waitFor({ state: 'detached', timeout: 5_000 });
    const pick = page.locator('.quick-input-widget');
    await pick.locator('.monaco-list-row').first().waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(await pick.innerText(), /Insert the photo at which size\?/);
    await page.keyboard.press('Escape');
    await pick.waitFor({ state: 'hidden' });
    // Star, the menu's last item: from then on both menus offer Unstar; Unstar puts it back.
    /** Opens the … menu until its last item is `label` (it is made when it opens, from what the host last said is starred). */
    const openEndingWith = async (label: string): Promise<void> => {
      for (let tries = 0; ; tries++) {
        await more.click();
        await own.waitFor({ state: 'visible', timeout: 10_000 });
        const labels = await ownLabels();
        if (labels.at(-1) === label) return;
        assert.ok(tries < 20, `the … menu still ends with ${labels.at(-1)}, not ${label}`);
        await page.keyboard.press('Escape');
        await own.waitFor({ state: 'detached', timeout: 5_000 });
        await page.waitForTimeout(250);
      }
    };
    const choose = async (label: string): Promise<void> => {
      await own.locator('[role="menuitem"]', { hasText: new RegExp(`^${label}$`) }).click();
      await own.waitFor({ state: 'detached', timeout: 5_000 });
    };
    await openEndingWith('Star');
    await choose('Star');
    await openEndingWith('Unstar');
    await page.keyboard.press('Escape');
    await own.waitFor({ state: 'detached', timeout: 5_000 });
    await first.click({ button: 'right', position: { x: 30, y: 30 } });
    assert.deepEqual(await menuLabels(), [...expected.slice(0, -1), 'Unstar'], 'right-click on a starred tile');
    await closeMenu();
    await openEndingWith('Unstar');
    await choose('Unstar');
    await openEndingWith('Star');
    await page.keyboard.press('Escape');
    await own.waitFor({ state: 'detached', timeout: 5_000 });
    // The preview's … button opens VS Code's menu, as a right-click does.
    await first.click({ position: { x: 30, y: 30 } });
    await page.keyboard.press(' ');
    const dialog = grid.locator('dialog.preview');
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('button[aria-label="More Actions… (Shift+F10)"]').click();
    assert.deepEqual(await menuLabels(), expected, 'the preview’s … button');
    await closeMenu();
    // The menu took the focus into the workbench: the dialog's own close button.
    await dialog.locator('button.preview-close').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('a tile’s … menu covers no other tile: first, middle and last column, last row, and a tile at the bottom of the view', async () => {
    interface Box { left: number; top: number; right: number; bottom: number }
    const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const inside = (a: Box, b: Box): boolean => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
    /** Opens the … menu of the tile of `index` with the mouse and measures it against the other tiles' images. */
    const check = async (index: number, where: string, shotName?: string): Promise<void> => {
      const tile = grid.locator(`.tile[data-index="${index}"]`);
      await tile.hover({ position: { x: 20, y: 20 } });
      await tile.locator('button[data-command="menu"]').click();
      const own = tile.locator('.tile-menu');
      await own.waitFor({ state: 'visible', timeout: 5_000 });
      await page.waitForTimeout(200);
      // From the boxes the webview lays out (its own viewport: the grid's scrolling box, in the window).
      const facts = await tile.evaluate((el) => {
        const box = (e: Element): Box => {
          const r = e.getBoundingClientRect();
          return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        const found = el.querySelector('.tile-menu');
        const scroller = el.closest('.scroller');
        return {
          menu: found ? box(found) : null,
          items: [...el.querySelectorAll('.tile-menu-item')].map(box),
          view: scroller ? box(scroller) : null,
          window: { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight },
          others: [...(el.parentElement?.querySelectorAll('.tile') ?? [])].filter((t) => t !== el).map((t) => box(t.querySelector('.thumb') ?? t)),
        };
      });
      if (shotName) await shot(shotName, false);
      const { menu: menuBox, items, view } = facts;
      assert.ok(menuBox && view, `${where}: the menu and the view have boxes`);
      assert.equal(items.length, 5, `${where}: five items (the last Star)`);
      assert.ok(facts.others.length > 0, `${where}: other tiles to compare with`);
      const covered = facts.others.filter((other) => overlaps(menuBox, other));
      assert.deepEqual(covered, [], `${where}: the menu ${JSON.stringify(menuBox)} covers no other tile's image`);
      for (const item of items) {
        assert.ok(inside(item, view) && inside(item, facts.window), `${where}: the item ${JSON.stringify(item)} shows in the view ${JSON.stringify(view)}`);
      }
      await page.keyboard.press('Escape');
      await own.waitFor({ state: 'detached', timeout: 5_000 });
    };

    // Nine results: two rows of six columns, the second row short.
    await runPickerCommand(page, 'Stock Media: Search Photos…', /Type what you are looking for/);
    await page.locator('.quick-input-widget .quick-input-box input').fill('heron');
    await page.keyboard.press('Enter');
    grid = webview(page);
    await grid.locator('.total', { hasText: /^9 results/ }).waitFor({ timeout: 30_000 });
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 30_000 });
    const columns = await grid.locator('.tile').evaluateAll((all) => new Set(all.map((t) => Math.round(t.getBoundingClientRect().left))).size);
    assert.ok(columns >= 3 && columns < 9, `several columns and a second row (${columns} columns)`);
    await check(0, 'first column, first row');
    await check(1, 'second column, first row');
    await check(columns - 1, 'last column, first row', 'grid-tile-menu-last-column');
    await check(columns, 'first column, last row');
    await check(8, 'last tile, last row', 'grid-tile-menu-last-row');

    // Many results: a tile whose row starts just above the bottom of the view.
    await runPickerCommand(page, 'Stock Media: Search Photos…', /Type what you are looking for/);
    await page.locator('.quick-input-widget .quick-input-box input').fill('morning');
    await page.keyboard.press('Enter');
    await grid.locator('.total', { hasText: /results/ }).waitFor({ timeout: 30_000 });
    await grid.locator('.tile img.loaded').first().waitFor({ timeout: 30_000 });
    const low = await grid.locator('.scroller').evaluate((scroller) => {
      const view = scroller.getBoundingClientRect();
      const tiles = [...scroller.querySelectorAll<HTMLElement>('.tile')];
      // The last column's tile whose top is nearest 60 px above the view's bottom, once scrolled there.
      const rowTops = [...new Set(tiles.map((t) => Math.round(t.getBoundingClientRect().top - view.top + scroller.scrollTop)))].sort((a, b) => a - b);
      const target = rowTops.find((top) => top > view.height) ?? rowTops.at(-1) ?? 0;
      scroller.scrollTop = Math.max(0, target - (view.height - 60));
      const columnCount = new Set(tiles.map((t) => Math.round(t.getBoundingClientRect().left))).size;
      const row = rowTops.indexOf(target);
      return row * columnCount + columnCount - 1;
    });
    await page.waitForTimeout(300);
    await check(low, 'last column, at the bottom of the view', 'grid-tile-menu-bottom');
  });

  it('opens a collection in the grid from the Collections view, with its images loaded', async () => {
    await activityBarItem(page, 'Stock Media').click();
    const row = (label: string) => sideBar(page).locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: label }) }).first();
    await row('Featured').waitFor({ timeout: 20_000 });
    if ((await row('Featured').getAttribute('aria-expanded')) !== 'true') await row('Featured').click();
    const cats = row('Cats of the World');
    await cats.waitFor({ timeout: 20_000 });
    api.clearLog();
    await cats.hover();
    await cats.locator('.actions .action-label[aria-label^="Open in Grid"]').click();
    grid = webview(page);
    await grid.locator('.total', { hasText: 'Collection “Cats of the World” · 24 results' }).waitFor({ timeout: 30_000 });
    await page.locator('.tab', { hasText: 'Collection: Cats of the World' }).first().waitFor();
    const id = api.library.collections.find((c) => c.title === 'Cats of the World')?.id;
    assert.ok(id);
    assert.deepEqual(apiRequests().map((e) => e.path), [`/v1/collections/${id}`]);
    assert.equal(await grid.locator('.tile-photo').count() > 0 && (await grid.locator('.tile-video').count()) > 0, true, 'photos and videos');
    await settleImages();
    await page.mouse.move(10, 10);
    await shot('grid-collection');
    // Every tile image on screen has loaded (those below are lazy and load when scrolled to).
    const images = await grid.locator('.tile img').evaluateAll((imgs) =>
      imgs.map((img) => {
        const box = img.getBoundingClientRect();
        return { width: (img as HTMLImageElement).naturalWidth, onScreen: box.bottom > 0 && box.top < window.innerHeight, kind: img.closest('.tile')?.className ?? '' };
      }),
    );
    const onScreen = images.filter((i) => i.onScreen);
    assert.ok(onScreen.length >= 6, `${onScreen.length} tile images on screen`);
    assert.ok(onScreen.every((i) => i.width > 0), `every tile image on screen loaded: ${JSON.stringify(images)}`);
  });
  it('under reduced motion a video’s preview waits, with its controls and poster, and tiles play nothing on hover', async () => {
    const videoState = () =>
      grid.locator('dialog.preview video.preview-video').evaluate((v) => {
        const video = v as HTMLVideoElement;
        return { autoplay: video.autoplay, paused: video.paused, controls: video.controls, poster: video.poster !== '' };
      });
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await runPickerCommand(page, 'Stock Media: Search Videos…', /Type what you are looking for/);
      await page.locator('.quick-input-widget .quick-input-box input').fill('morning');
      await page.keyboard.press('Enter');
      grid = webview(page);
      const first = grid.locator('.tile-video').first();
      await first.waitFor({ timeout: 30_000 });
      await first.hover();
      await page.waitForTimeout(500);
      assert.equal(await first.locator('video').count(), 0, 'no hover video');
      await first.click({ position: { x: 30, y: 30 } });
      await page.keyboard.press(' ');
      await grid.locator('dialog.preview video.preview-video').waitFor({ timeout: 10_000 });
      await page.waitForTimeout(800);
      assert.deepEqual(await videoState(), { autoplay: false, paused: true, controls: true, poster: true });
      await shot('grid-preview-reduced-motion', false);
      await page.keyboard.press('Escape');
      await grid.locator('dialog.preview').waitFor({ state: 'hidden' });
    } finally {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
    }
    // Without it the preview plays by itself, as before.
    await page.waitForTimeout(500);
    await grid.locator('.tile:focus').waitFor();
    await page.keyboard.press(' ');
    await grid.locator('dialog.preview video.preview-video').waitFor({ timeout: 10_000 });
    assert.equal((await videoState()).autoplay, true);
    await page.keyboard.press('Escape');
  });

  it('says what it has in place of tiles and above them: nothing found (Reset Filters only when filters narrowed it), results it could not show, results without a total, nothing starred, a used-up quota; one photo opens large', async () => {
    grid = webview(page);
    const query = grid.getByRole('searchbox');
    const orientation = grid.getByLabel('Orientation');
    const message = grid.locator('.message');
    const buttons = async (): Promise<string[]> => (await message.locator('button').allInnerTexts()).map((b) => b.trim());
    const search = async (text: string): Promise<void> => {
      await query.fill(text);
      await query.press('Enter');
    };
    const matching = (text: string, f: 'square' | null): number => api.library.photos.filter((p) => photoMatches(p, { query: text, orientation: f, size: null, color: null })).length;
    await grid.getByRole('radio', { name: 'Photos' }).click();

    // A search the orientation narrows to nothing: said so, with Reset Filters, which searches without it.
    const words = [...new Set(api.library.photos.flatMap((p) => p.alt.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 3))];
    const word = words.find((w) => matching(w, null) > 0 && matching(w, 'square') === 0);
    assert.ok(word, 'a word none of whose photos is square');
    await orientation.selectOption('square');
    await search(word);
    await message.locator('h2', { hasText: `Nothing found for “${word}”.` }).waitFor({ timeout: 20_000 });
    assert.deepEqual(await buttons(), ['Reset Filters']);
    await shot('grid-nothing-found-filtered', false);
    api.clearLog();
    await message.getByRole('button', { name: 'Reset Filters' }).click();
    await tiles().first().waitFor({ timeout: 20_000 });
    assert.equal(await orientation.inputValue(), '', 'the filter is cleared');
    assert.equal(await query.inputValue(), word, 'the query stays');
    assert.equal(await message.isVisible(), false);
    assert.deepEqual(apiRequests().map((e) => e.query), [{ query: word, locale: 'en-US', page: '1', per_page: '80' }], 'searched again without the filter');

    // Nothing found with no filter: no button that would do nothing.
    await search('qqqzzzxxx');
    await message.locator('h2', { hasText: 'Nothing found for “qqqzzzxxx”.' }).waitFor({ timeout: 20_000 });
    assert.deepEqual(await buttons(), []);

    // Two results of the page the service sent unreadable: the others shown, the two counted above them.
    api.setSwitches({ badItems: true });
    try {
      await search('forest');
      await grid.locator('.skipped', { hasText: '2 results could not be shown' }).waitFor({ timeout: 20_000 });
    } finally {
      api.setSwitches({ badItems: false });
    }

    // An answer without a total: only what is shown is counted.
    api.setSwitches({ oldEnvelopes: true });
    try {
      await search('bird');
      await grid.locator('.total', { hasText: new RegExp(`^${Math.min(80, matching('bird', null))} results? shown$`) }).waitFor({ timeout: 20_000 });
    } finally {
      api.setSwitches({ oldEnvelopes: false });
    }

    // Nothing starred (the tile starred above was unstarred).
    await runCommand(page, 'Stock Media: Show Starred in Grid');
    await message.locator('p', { hasText: 'Nothing starred yet' }).waitFor({ timeout: 20_000 });

    // The monthly quota used up: said so, with when it resets, and the failure's own button.
    api.setQuota(api.keys.alice, { monthlyLimit: 20_000, monthlyRemaining: 0 });
    try {
      await search('quota test');
      await message.locator('h2', { hasText: 'Rate limit or monthly quota used up' }).waitFor({ timeout: 20_000 });
      assert.match(await message.locator('p').innerText(), /resets/);
      assert.deepEqual(await buttons(), ['Show Quota']);
      await shot('grid-quota-used-up', false);
    } finally {
      api.resetQuotas();
    }

    // One photo, opened from the Collections view: shown large at once.
    const row = (label: string) => sideBar(page).locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: label }) }).first();
    const cats = row('Cats of the World');
    // The view is still open from the collection above: a click on its activity bar item would close it.
    if (!(await cats.isVisible())) await activityBarItem(page, 'Stock Media').click();
    await cats.waitFor({ timeout: 20_000 });
    if ((await cats.getAttribute('aria-expanded')) !== 'true') await cats.click();
    const media = sideBar(page).locator('.monaco-list-row[aria-level="3"]').first();
    await media.waitFor({ timeout: 20_000 });
    await media.click();
    grid = webview(page);
    await grid.locator('dialog.preview').waitFor({ state: 'visible', timeout: 20_000 });
    await page.keyboard.press('Escape');
  });
});
