// As a person would: set the API key from the command palette and read the quota in the
// status bar; then use it up and see the exhausted state.
import * as assert from 'node:assert/strict';
import type { ApiServer } from '../server/server';
import { startApiServer } from '../server/server';
import type { Locator, Page } from 'playwright-core';
import { QUOTA_ITEM, apiSettings, runCommand, screenshot, setApiKey, startWorkbench, statusBarEntry } from './harness';
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

  before(async function () {
    this.timeout(180_000);
    api = await startApiServer();
    workbench = await startWorkbench({ machineSettings: apiSettings(api) });
  });

  after(async () => {
    await workbench?.close();
    await api?.close();
  });

  it('offers to set the key, and after it is set shows the server’s remaining / limit', async function () {
    this.timeout(60_000);
    const { page } = workbench;
    const item = statusBarEntry(page, QUOTA_ITEM);
    await item.filter({ hasText: 'Set API key' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'statusbar-no-key');

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
