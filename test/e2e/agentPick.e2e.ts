// The agent's stockMedia_pickMedia as the person meets it: the grid opens on the agent's search
// with the agent's prompt above it (as text, markup and all), the person chooses a tile with the
// keyboard and the tool answers with it; closing the grid or Escape answers that nothing was
// chosen; a tile's right-click menu has Choose first. The workbench has no chat model and no
// command that runs a language model tool, so a test-only extension (test/e2e/agentHelper,
// installed beside this one) stands in for the agent: its command calls the tool through
// vscode.lm.invokeTool and shows the answer in a notification.
import * as assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { AGENT_STAND_IN, clickMenuItem, runCommand, screenshot, shownNotification, useApiServer, useWorkbench, webview } from './harness';

const PROMPT = 'A cover for the post about mornings <img src=x onerror=alert(1)>';
const PICK = 'Agent Stand-in: Pick Stock Media';

describe('the agent lets the person pick (e2e)', function () {
  this.timeout(120_000);
  let api: ApiServer;
  let page: Page;
  let grid: FrameLocator;

  const opened = useWorkbench('agentPick', {}, { api: useApiServer({ https: true }), withKey: true, https: true, extensions: [AGENT_STAND_IN] });
  before(() => ({ api, page } = opened()));

  /** Starts the tool as the agent would; resolves once the grid shows its tiles and the prompt. */
  async function startPick(): Promise<void> {
    await runCommand(page, PICK);
    grid = webview(page);
    await grid.locator('.choose-prompt').waitFor({ state: 'visible', timeout: 30_000 });
    await grid.locator('.tile').first().waitFor({ state: 'visible', timeout: 30_000 });
  }

  const gridClosed = (): Promise<void> => page.locator('iframe.webview').waitFor({ state: 'detached', timeout: 15_000 });

  it('shows the prompt above the grid as text; the tile chosen with the keyboard is the answer, and the grid closes', async () => {
    api.clearLog();
    await startPick();
    const prompt = grid.locator('.choose-prompt');
    assert.equal(await prompt.locator('.choose-prompt-text').textContent(), PROMPT);
    assert.equal(await prompt.locator('img').count(), 0, 'the markup is text, not an element');
    assert.match(await prompt.innerText(), /Choose for the agent:/);
    const promptBox = await prompt.boundingBox();
    const toolbarBox = await grid.locator('.toolbar').first().boundingBox();
    assert.ok(promptBox && toolbarBox && promptBox.y + promptBox.height <= toolbarBox.y + 1, 'the prompt is above the toolbar');
    assert.equal(await grid.getByRole('searchbox').inputValue(), 'morning');
    // Each tile offers Choose first, and the keyboard hint says Enter chooses.
    await grid.locator('.tile[tabindex="0"] [data-command="choose"]').waitFor({ state: 'attached' });
    assert.match((await grid.locator('.grid .visually-hidden').textContent()) ?? '', /Enter chooses/);
    console.log(`      screenshot: ${await screenshot(page, 'agent-pick')}`);

    // The results have the keyboard (the grid took it when it opened): one to the right, Enter.
    await grid.locator('.tile[data-index="0"]:focus').waitFor({ timeout: 10_000 });
    await page.keyboard.press('ArrowRight');
    const focused = grid.locator('.tile[data-index="1"]:focus');
    await focused.waitFor({ timeout: 10_000 });
    const key = await focused.getAttribute('data-key');
    assert.match(key ?? '', /^photo:\d+$/);
    await page.keyboard.press('Enter');
    const answer = await shownNotification(page, /Tool answer: The person chose photo:\d+/);
    const text = await answer.locator('.notification-list-item-message').innerText();
    assert.ok(text.includes(`The person chose ${key ?? ''}:`), text);
    await gridClosed();
    assert.equal(api.log.filter((e) => e.path === '/v1/search').length, 1, 'one search');
  });

  it('a tile’s right-click menu offers Choose first while the agent waits; choosing there is the answer', async () => {
    await runCommand(page, 'Notifications: Clear All Notifications');
    await startPick();
    const tile = grid.locator('.tile[data-index="2"]');
    const key = await tile.getAttribute('data-key');
    assert.match(key ?? '', /^photo:\d+$/);
    await tile.click({ button: 'right', position: { x: 30, y: 30 } });
    const items = page.locator('.context-view .monaco-menu .action-item:not(.disabled) .action-label:not(.separator)');
    await items.first().waitFor({ state: 'visible', timeout: 10_000 });
    const labels = (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
    assert.equal(labels[0], 'Choose', labels.join(', '));
    assert.ok(labels.includes('Insert into Editor'), 'the tile’s other actions are still there');
    await clickMenuItem(page, page.locator('.context-view .monaco-menu'), items.first());
    const answer = await shownNotification(page, /Tool answer: The person chose photo:\d+/);
    const text = await answer.locator('.notification-list-item-message').innerText();
    assert.ok(text.includes(`The person chose ${key ?? ''}:`), text);
    await gridClosed();
    await runCommand(page, 'Notifications: Clear All Notifications');
  });

  it('a second pick: closing the grid answers that nothing was chosen; so does Escape', async () => {
    await startPick();
    await runCommand(page, 'View: Close Editor');
    await gridClosed();
    await shownNotification(page, /Tool answer: The person closed the grid without choosing\./);
    await runCommand(page, 'Notifications: Clear All Notifications');

    await startPick();
    await grid.locator('.tile[data-index="0"]:focus').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await gridClosed();
    await shownNotification(page, /Tool answer: The person closed the grid without choosing\./);
  });
});
