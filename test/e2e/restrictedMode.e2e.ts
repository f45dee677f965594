// Restricted Mode as a person meets it (issue 32, "Writes stay inside"): a cloned repository
// whose `.vscode/settings.json` points the credits file at `.git/config` and the saved media's
// folder and name outside, opened with workspace trust on (the other e2e files turn it off).
// The workbench opens it in Restricted Mode and says so in the status bar; Write Credits File
// then warns that it writes nothing there, with Manage Workspace Trust (which opens the Workspace
// Trust editor), and the folder is byte for byte as it was; the workspace's settings editor shows
// the repository's `.git/config` as requiring trust, its value not applied. The agent's writing
// tools (called by the agent's stand-in, harness AGENT_STAND_IN) refuse and write nothing, and
// ask nothing of the service. Trusted afterwards
// (the status bar entry, then Trust), the command still refuses `.git/config`, by its own message.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import type { ApiServer } from '../server/server';
import { startApiServer } from '../server/server';
import { photoFileUrl } from '../server/urls';
import { AGENT_STAND_IN, actUntilShown, apiSettings, runCommand, screenshot, shownNotification, startWorkbench, statusBarItem } from './harness';
import type { Workbench } from './harness';

/** The repository's own settings: the credits file in `.git`, saved media outside the folder. */
const HOSTILE_SETTINGS = {
  'stockMedia.creditsFile.path': '.git/config',
  'stockMedia.insert.siteFolder': '../../outside',
  'stockMedia.insert.fileName': '../.git/hooks/post-checkout',
};

const GIT_CONFIG = [
  '[core]',
  '\trepositoryformatversion = 0',
  '\tfilemode = true',
  '\tbare = false',
  '\tlogallrefupdates = true',
  '[remote "origin"]',
  '\turl = https://example.invalid/someone/site.git',
  '\tfetch = +refs/heads/*:refs/remotes/origin/*',
  '[branch "main"]',
  '\tremote = origin',
  '\tmerge = refs/heads/main',
  '',
].join('\n');

/** Every file under `dir` (`.git` included), by its relative path, with its bytes' SHA-256. */
function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return files;
}

describe('Restricted Mode (e2e)', function () {
  this.timeout(180_000);
  let api: ApiServer;
  let workbench: Workbench;
  let page: Page;
  let folder: string;
  let before0: Record<string, string>;

  before(async function () {
    this.timeout(240_000);
    api = await startApiServer();
    workbench = await startWorkbench({
      workspaceTrust: true,
      // No trust dialog at start: the folder opens in Restricted Mode, its banner and status bar entry say so.
      userSettings: { 'security.workspace.trust.startupPrompt': 'never' },
      machineSettings: apiSettings(api),
      // (No colour theme here: the workbench rewrites a theme setting of an older name in the file.)
      settings: HOSTILE_SETTINGS,
      extensions: [AGENT_STAND_IN],
    });
    page = workbench.page;
    folder = workbench.workspace.path;
    // The rest of the clone: its Git folder, and a page using a photo of the library.
    const photo = api.library.photos[0];
    assert.ok(photo);
    mkdirSync(join(folder, '.git'));
    writeFileSync(join(folder, '.git', 'config'), GIT_CONFIG);
    writeFileSync(join(folder, 'trip.md'), `# Trip\n\n![The lake](${photoFileUrl(api.origin, photo, 'medium')})\n\nThe end.\n`);
    before0 = filesOf(folder);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) console.log(`      screenshot: ${await screenshot(page, `restricted-failed-${this.currentTest.title.slice(0, 40)}`)}`);
  });

  after(async () => {
    await workbench?.close();
    await api?.close();
  });

  /** The folder is byte for byte as it was, and no request was made for the page's photo. */
  function assertNothingWritten(): void {
    assert.deepEqual(filesOf(folder), before0);
    assert.equal(readFileSync(join(folder, '.git', 'config'), 'utf8'), GIT_CONFIG);
    assert.deepEqual(api.log.map((e) => e.path), [], 'no request to the service');
  }

  it('opens in Restricted Mode; Write Credits File writes nothing and offers Manage Workspace Trust; the setting is shown as not applied', async () => {
    await statusBarItem(page, 'Restricted Mode').waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator('#workbench\\.parts\\.banner', { hasText: 'Restricted Mode is intended for safe code browsing' }).waitFor({ state: 'visible', timeout: 10_000 });
    await runCommand(page, 'Stock Media: Write Credits File');
    const warning = await shownNotification(page, /This workspace is in Restricted Mode, so Write Credits File writes nothing into it/);
    const manage = warning.locator('.monaco-button', { hasText: /^Manage Workspace Trust$/ });
    await manage.waitFor({ state: 'visible', timeout: 10_000 });
    console.log(`      screenshot: ${await screenshot(page, 'restricted-write-credits')}`);
    assertNothingWritten();

    // The way the warning offers: the Workspace Trust editor.
    await manage.click();
    await page.locator('.workspace-trust-editor .workspace-trust-title', { hasText: /You are in Restricted Mode/ }).waitFor({ state: 'visible', timeout: 20_000 });
    console.log(`      screenshot: ${await screenshot(page, 'restricted-trust-editor')}`);

    // The workspace's settings editor shows the repository's value, not applied.
    await runCommand(page, 'Preferences: Open Workspace Settings');
    await page.locator('.settings-editor .settings-header').waitFor({ state: 'visible', timeout: 20_000 });
    await page.keyboard.type('@id:stockMedia.creditsFile.path');
    const setting = page.locator('.settings-editor .setting-item-contents[data-key="stockMedia.creditsFile.path"]');
    await setting.waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await setting.locator('input').inputValue(), '.git/config');
    const indicator = setting.locator('.setting-item-workspace-trust');
    await indicator.filter({ hasText: 'Requires workspace trust' }).waitFor({ state: 'visible', timeout: 10_000 });
    const hover = page.locator('.workbench-hover, .monaco-hover').filter({ hasText: /only be applied in a trusted workspace|setting value not applied/ }).first();
    await actUntilShown(() => indicator.hover(), hover, () => page.mouse.move(5, 5));
    console.log(`      screenshot: ${await screenshot(page, 'restricted-settings')}`);
    await page.mouse.move(5, 5);
    assertNothingWritten();
  });

  it('the agent’s writing tools refuse in Restricted Mode: nothing written, nothing asked of the service', async () => {
    for (const command of ['Agent Stand-in: Insert Stock Media', 'Agent Stand-in: Set Cover', 'Agent Stand-in: Add Missing Credits']) {
      await runCommand(page, command);
      const refused = await shownNotification(page, /Tool failed: This workspace is in Restricted Mode: the stock media tools write nothing here\./);
      console.log(`      ${command}: “${await refused.locator('.notification-list-item-message').innerText()}”; screenshot: ${await screenshot(page, `restricted-${command.replace(/\W+/g, '-').toLowerCase()}`)}`);
      // The next refusal reads the same: this one goes first.
      await runCommand(page, 'Notifications: Clear All Notifications');
      await page.locator('.notification-list-item', { hasText: 'Tool failed:' }).first().waitFor({ state: 'detached', timeout: 10_000 });
    }
    assertNothingWritten();
  });

  it('trusted, Write Credits File still refuses .git/config and leaves it as it was', async () => {
    // The status bar's Restricted Mode entry opens the Workspace Trust editor, whose Trust button trusts the folder.
    await statusBarItem(page, 'Restricted Mode').click();
    await page.locator('.workspace-trust-editor .workspace-trust-buttons-row .monaco-button', { hasText: /^Trust/ }).first().click();
    await statusBarItem(page, 'Restricted Mode').waitFor({ state: 'detached', timeout: 30_000 });
    await runCommand(page, 'Stock Media: Write Credits File');
    await shownNotification(page, /The setting stockMedia\.creditsFile\.path names a file in a \.git folder, which belongs to Git; nothing was written\./);
    console.log(`      screenshot: ${await screenshot(page, 'restricted-trusted-git-config')}`);
    assertNothingWritten();
  });
});
