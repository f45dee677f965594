// A service name that is a command link, set in the remote's settings as a person would (the
// Settings editor), then the status bar's quota item clicked: the notification that Show
// Quota opens is read from the workbench's DOM. VS Code makes `<a>` elements of
// `[label](command:…)` in a notification's text; the name must show as its words, with no
// link at all, least of all one that runs a command.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { QUOTA_ITEM, runCommand, screenshot, statusBarEntry, useApiServer, useWorkbench } from './harness';

const HOSTILE_NAME = 'Pexels [Renew your key](command:workbench.action.openSettings)';

/** The notification holding `text`: a toast, or (where toasts stay hidden) in the notification centre. */
async function notificationWith(page: Page, text: RegExp): Promise<Locator> {
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
  if (!(await toast.isVisible().catch(() => false)) && !(await page.locator('.notifications-center.visible').isVisible())) {
    await runCommand(page, 'Notifications: Show Notifications');
  }
  const item = page.locator('.notification-list-item', { hasText: text }).first();
  await item.waitFor({ state: 'visible', timeout: 10_000 });
  return item;
}

/** Every `<a>` in the workbench's notifications (toasts and centre): its href and text. */
function notificationAnchors(page: Page): Promise<{ href: string; text: string; inMessage: boolean }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.notifications-toasts a, .notifications-center a')].map((a) => ({
      href: a.getAttribute('href') ?? '',
      text: (a.textContent ?? '').trim(),
      inMessage: a.closest('.notification-list-item-message') !== null,
    })),
  );
}

/**
 * Sets a machine-scoped string setting through the Settings editor, as a person would in a
 * remote window: such settings are listed under the Remote tab, not the User tab.
 */
async function setRemoteSetting(page: Page, key: string, value: string): Promise<void> {
  await runCommand(page, 'Preferences: Open User Settings');
  const editor = page.locator('.settings-editor');
  await editor.waitFor({ state: 'visible', timeout: 15_000 });
  // The search box has focus when the editor opens.
  await page.keyboard.type(key);
  await editor.locator('.settings-tabs-widget .action-label', { hasText: /^Remote/ }).first().click();
  const input = editor.locator(`.setting-item-contents`).filter({ hasText: /Service Name/i }).locator('input').first();
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill(value);
  await input.press('Tab');
}

describe('hostile text in notifications (e2e)', function () {
  this.timeout(180_000);
  let page: Page;

  const opened = useWorkbench('hostile-text', {}, { api: useApiServer(), withKey: true });
  before(() => ({ page } = opened()));

  it('Show Quota, from the status bar, shows a command-link service name as text: no <a>, no command: link', async () => {
    await setRemoteSetting(page, 'stockMedia.serviceName', HOSTILE_NAME);
    await runCommand(page, 'View: Close All Editors');
    // The words of the name, its brackets turned into parentheses.
    const shownName = /Pexels \(Renew your key\)\(command:workbench\.action\.openSettings\)/;
    // The message once the setting has arrived, whatever became of the name's link.
    const named = /Renew your key/;
    const deadline = Date.now() + 20_000;
    let message: Locator | undefined;
    // The setting reaches the extension shortly after the editor writes it: click until it shows.
    while (!message && Date.now() < deadline) {
      await statusBarEntry(page, QUOTA_ITEM).click();
      message = await notificationWith(page, /requests left this month/)
        .then(async (item) => (named.test(await item.innerText()) ? item : undefined))
        .catch(() => undefined);
      if (!message) {
        await runCommand(page, 'Notifications: Clear All Notifications').catch(() => undefined);
        await page.waitForTimeout(500);
      }
    }
    assert.ok(message, 'Show Quota named the service from the user settings');
    const text = await message.innerText();
    const inMessage = await message.locator('.notification-list-item-message a').evaluateAll((as) => as.map((a) => a.outerHTML));
    assert.deepEqual(inMessage, [], `no <a> in the message: ${text}`);
    const anchors = await notificationAnchors(page);
    assert.deepEqual(anchors.filter((a) => /^\s*command:/i.test(a.href)), [], 'no command: link anywhere in the notifications');
    assert.deepEqual(anchors.filter((a) => a.inMessage), []);
    assert.match(text, shownName, 'the would-be link shows as its words');
    assert.match(text, /19,\d{3} of 20,000 requests left this month/);
    console.log(`      screenshot: ${await screenshot(page, 'hostile-text-show-quota')}`);
  });
});
