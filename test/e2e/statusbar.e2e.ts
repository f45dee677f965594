// As a person would: set the API key from the command palette and read the quota in the
// status bar; then use it up and see the exhausted state.
import * as assert from 'node:assert/strict';
import type { ApiServer } from '../server/server';
import type { Locator, Page } from 'playwright-core';
import { QUOTA_ITEM, runCommand, screenshot, setApiKey, statusBar, statusBarEntry, useApiServer, useWorkbench } from './harness';
import type { Workbench } from './harness';

/**
 * A notification with this text, in a toast or (where the headless workbench keeps toasts
 * hidden) in the notification centre, which this opens.
 */
function notification(page: Page, text: string): Locator {
  void page
    .locator('.notifications-toasts .notification-toast', { hasText: text })
    .first()
    .isVisible()
    .then(async (visible) => {
      if (!visible && !(await page.locator('.notifications-center.visible').isVisible())) {
        await runCommand(page, 'Notifications: Show Notifications');
      }
    })
    .catch(() => undefined);
  return page.locator('.notification-list-item', { hasText: text }).first();
}

describe('status bar quota', () => {
  let api: ApiServer;
  let workbench: Workbench;

  const opened = useWorkbench('statusbar', {}, { api: useApiServer() });
  before(() => ({ api, workbench } = opened()));

  it('has no item without a key; the welcome view offers the key; once it is set, the server’s remaining / limit', async function () {
    this.timeout(90_000);
    const { page } = workbench;
    const item = statusBarEntry(page, QUOTA_ITEM);
    // The welcome view, not the status bar, leads the way: its buttons show once the extension
    // has read the key state (the "no key" context); the status bar has no item then.
    await runCommand(page, 'View: Show Stock Media');
    const welcome = page.locator('.welcome-view-content');
    await welcome.getByRole('button', { name: 'Get a Free API Key' }).waitFor({ timeout: 30_000 });
    await welcome.getByRole('button', { name: 'Set API Key' }).waitFor({ timeout: 5_000 });
    await page.waitForTimeout(1000);
    assert.equal(await item.count(), 0, 'no Stock Media item in the status bar without a key');
    assert.equal(await statusBar(page).getByText('Set API key').count(), 0);
    console.log(`      screenshot: ${await screenshot(page, 'statusbar-no-key')}`);

    api.setQuota(api.keys.alice, { monthlyRemaining: 19805, monthlyLimit: 20000 });
    await setApiKey(page, api.keys.alice);

    await item.filter({ hasText: '19,804 / 20,000' }).waitFor({ timeout: 20_000 });
    assert.equal(api.apiRequestCount(), 1, 'one request checked the key');
    await notification(page, 'API key saved').waitFor({ timeout: 10_000 });
    const shot = await screenshot(page, 'statusbar-quota');
    console.log(`      screenshot: ${shot}`);
  });

  it('clicking it shows the details', async function () {
    this.timeout(30_000);
    const { page } = workbench;
    await statusBarEntry(page, QUOTA_ITEM).click();
    const toast = notification(page, 'requests left this month');
    await toast.waitFor({ timeout: 10_000 });
    assert.match(await toast.innerText(), /19,804 of 20,000/);
  });
});
