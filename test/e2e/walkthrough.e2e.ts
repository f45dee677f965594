// The walkthrough as a new user meets it: no key, the Welcome page's "Get Started with Stock
// Media", and each step done by its own button (get a key, set it, search, insert into a new
// Markdown file, browse collections). Each step shows as done on its own, in order.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { QUOTA_ITEM, runPickerCommand, screenshot, sideBar, statusBarEntry, webview, useApiServer, useWorkbench } from './harness';

const STEPS = ['getKey', 'setKey', 'search', 'insert', 'collections'] as const;

describe('walkthrough (e2e)', function () {
  this.timeout(240_000);
  let api: ApiServer;
  let page: Page;

  const container = (): Locator => page.locator('.gettingStartedContainer');
  const step = (id: (typeof STEPS)[number]): Locator => container().locator(`[data-step-id$="#${id}"], [data-step-id="${id}"]`).first();
  /** The steps the page shows as done, in the walkthrough's order. */
  async function doneSteps(): Promise<string[]> {
    const done: string[] = [];
    for (const id of STEPS) if ((await step(id).getAttribute('aria-checked')) === 'true') done.push(id);
    return done;
  }
  /**
   * The walkthrough in view: the Welcome tab, opened again from the palette when the page has
   * gone back to its start (it does when another window, such as the key page, took focus).
   */
  async function showWalkthrough(): Promise<void> {
    // A fresh Welcome page each time: in this headless browser the page does not redraw after
    // another window (the key page) took the focus, so it is closed and opened again.
    const tab = page.locator('.tabs-container .tab', { hasText: /Welcome|Get Started/ }).first();
    if (await tab.isVisible()) {
      // The tab's own close button (Ctrl+F4 reaches no editor in this browser: the tab stayed,
      // and the wait for it to go took its whole 5 s each time).
      await tab.hover();
      await tab.locator('.tab-actions .action-label').first().click();
      await tab.waitFor({ state: 'hidden', timeout: 5_000 });
    }
    await runPickerCommand(page, 'Welcome: Open Walkthrough...', /walkthrough/i);
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Get Started with Stock Media' }).first().click();
    await step('getKey').waitFor({ state: 'visible', timeout: 20_000 });
    await page.waitForTimeout(800);
  }
  async function waitDone(ids: readonly string[], shot: string): Promise<void> {
    await showWalkthrough();
    const until = Date.now() + 20_000;
    let now = await doneSteps();
    while (now.join() !== ids.join() && Date.now() < until) {
      await page.waitForTimeout(250);
      now = await doneSteps();
    }
    console.log(`      done: ${now.join(', ') || '(none)'}; screenshot: ${await screenshot(page, shot)}`);
    assert.deepEqual(now, [...ids]);
  }
  /** Back to the walkthrough's tab, the step opened, its button clicked. */
  async function clickStepButton(id: (typeof STEPS)[number], button: string): Promise<void> {
    await showWalkthrough();
    // The step rows carry `disabled` while another is expanded (the workbench's own markup); a
    // person's click opens them all the same.
    await step(id).click({ force: true });
    await step(id).evaluate((el) => el.classList.contains('expanded') || new Promise((r) => setTimeout(r, 500)));
    const target = container().getByRole('button', { name: button, exact: true }).filter({ visible: true }).first();
    try {
      await target.click({ timeout: 10_000 });
    } catch (error) {
      throw new Error(`No “${button}” button in step ${id} (screenshot: ${await screenshot(page, `walkthrough-no-${id}-button`)})`, { cause: error });
    }
  }

  /**
   * Types into the quick input box that just opened as a person would, with the keyboard, not
   * into the element: what is typed lands in the box only if the box has the focus (the
   * Welcome page is the active editor, and its step row takes the focus a moment after its
   * button was clicked).
   */
  async function typeInto(input: Locator, text: string): Promise<void> {
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.type(text, { delay: 20 });
    assert.equal(await input.inputValue(), text, 'what was typed is in the box (the box has the focus)');
  }
  /** Enter, with the keyboard: the box accepts it and closes. */
  async function pressEnter(): Promise<void> {
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
  }

  const opened = useWorkbench('walkthrough', { 'workbench.colorTheme': 'Default Dark Modern' }, { api: useApiServer() });
  before(() => ({ api, page } = opened()));

  it('opens from the Welcome page with no step done', async () => {
    await runPickerCommand(page, 'Welcome: Open Walkthrough...', /walkthrough/i);
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Get Started with Stock Media' }).first().click();
    await container().getByText('Get Started with Stock Media').first().waitFor({ timeout: 20_000 });
    for (const id of STEPS) await step(id).waitFor({ timeout: 10_000 });
    await waitDone([], 'walkthrough-0-start');
    assert.equal(await statusBarEntry(page, QUOTA_ITEM).count(), 0, 'no status bar item without a key');
  });

  it('1. Get a Free API Key opens the service’s key page, and the step is done', async () => {
    const popup = page.context().waitForEvent('page', { timeout: 15_000 });
    await clickStepButton('getKey', 'Get a Free API Key');
    const opened = await popup;
    const url = opened.url();
    await opened.close();
    await page.bringToFront();
    console.log(`      opened: ${url}`);
    // The workbench sends a loopback address through its own port forwarding (/proxy/<port>/).
    const port = new URL(api.origin).port;
    assert.ok(url === `${api.origin}/api/new/` || url.endsWith(`/proxy/${port}/api/new/`), url);
    await waitDone(['getKey'], 'walkthrough-1-get-key');
  });

  it('2. Set API Key: the key (pasted with quotes) is saved, the step is done and the quota shows', async () => {
    await clickStepButton('setKey', 'Set API Key');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    // The box's own button for a free key, beside the title.
    await page.locator('.quick-input-widget .quick-input-titlebar [aria-label="Get a Free API Key"], .quick-input-widget [title="Get a Free API Key"]').first().waitFor({ timeout: 5_000 });
    // Typed (pasted with quotes) while the Welcome page is the active editor: the box has the focus.
    await typeInto(input, ` "${api.keys.alice}" `);
    await page.locator('.quick-input-widget', { hasText: 'The spaces or quotes around the key will be removed.' }).waitFor({ timeout: 5_000 });
    console.log(`      screenshot: ${await screenshot(page, 'walkthrough-2-key-box')}`);
    await pressEnter();
    await statusBarEntry(page, QUOTA_ITEM).filter({ hasText: /20,000/ }).waitFor({ timeout: 30_000 });
    await waitDone(['getKey', 'setKey'], 'walkthrough-2-set-key');
  });

  it('3. Search Photos: the search runs and the step is done', async () => {
    await clickStepButton('search', 'Search Photos');
    const input = page.locator('.quick-input-widget .quick-input-box input[placeholder^="Type what you are looking for"]');
    await typeInto(input, 'morning');
    await pressEnter();
    await page.locator('.tabs-container .tab', { hasText: 'Photos: morning' }).first().waitFor({ timeout: 10_000 });
    await webview(page).locator('.tile').first().waitFor({ state: 'visible', timeout: 30_000 });
    await waitDone(['getKey', 'setKey', 'search'], 'walkthrough-3-search');
  });

  it('4. Insert into a new Markdown file: Enter on a photo inserts it with its credit; the step is done', async () => {
    await clickStepButton('insert', 'Open a New Markdown File');
    const editor = page.locator('.editor-instance .monaco-editor .view-lines').first();
    await editor.waitFor({ state: 'visible', timeout: 10_000 });
    // The grid (its tab) and Enter on the first photo: it goes into the Markdown file, the last editor used.
    await page.locator('.tabs-container .tab', { hasText: /morning|Stock Media|Photos/ }).first().click();
    const tile = webview(page).locator('.tile').first();
    await tile.waitFor({ state: 'visible', timeout: 20_000 });
    await tile.focus();
    await page.keyboard.press('Enter');
    // The grid stays in front; the Markdown file's tab shows what went in: the image and its credit
    // (the editor draws spaces as no-break spaces, hence \s).
    await page.locator('.tabs-container .tab', { hasText: 'Untitled-1' }).first().click();
    const markdown = page.locator('.editor-instance .monaco-editor .view-lines', { hasText: /Photo\sby/ }).filter({ hasText: /!\[[^\]]*\]\(http/ });
    await markdown.first().waitFor({ timeout: 20_000 });
    console.log(`      screenshot: ${await screenshot(page, 'walkthrough-4-inserted')}`);
    await waitDone(['getKey', 'setKey', 'search', 'insert'], 'walkthrough-4-insert');
  });

  it('5. Show Collections opens the view, and every step is done', async () => {
    await clickStepButton('collections', 'Show Collections');
    // The view shows its tree's rows (the container also has In This Workspace, so each view has its header).
    await sideBar(page).locator('.monaco-list-row .label-name', { hasText: 'Featured' }).first().waitFor({ timeout: 15_000 });
    await waitDone([...STEPS], 'walkthrough-5-all-done');
  });
});
