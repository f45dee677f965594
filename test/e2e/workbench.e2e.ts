// The workbench opens on the test workspace with the extension loaded, and looks right.
import * as assert from 'node:assert/strict';
import { activityBar, activityBarItem, runCommand, runningExtensionNote, screenshot, statusBar, useApiServer, useWorkbench } from './harness';
import type { Workbench } from './harness';

describe('workbench', () => {
  let workbench: Workbench;

  // The library over http, as the files it shares a workbench with (files.ts); no key.
  const opened = useWorkbench('workbench', {}, { api: useApiServer() });
  before(() => ({ workbench } = opened()));

  it('opens the test workspace', async () => {
    const { page } = workbench;
    await runCommand(page, 'View: Show Explorer');
    assert.equal(await activityBarItem(page, 'Explorer').getAttribute('aria-selected'), 'true');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'index.html' }).waitFor({ timeout: 20_000 });
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'README.md' }).waitFor({ timeout: 20_000 });
  });

  it('shows the activity bar and the status bar', async () => {
    const { page } = workbench;
    assert.equal(await activityBar(page).isVisible(), true);
    assert.equal(await statusBar(page).isVisible(), true);
    assert.equal(await activityBarItem(page, 'Stock Media').isVisible(), true);
    const path = await screenshot(page, 'workbench');
    console.log(`      screenshot: ${path}`);
  });

  it('runs the extension in the server’s extension host (not the web worker)', async () => {
    const { page } = workbench;
    // The counterpart of web.e2e.ts: the same view names the remote here.
    const { note } = await runningExtensionNote(page, 'stockmedia.stock-media');
    assert.match(note, /127\.0\.0\.1:\d+/);
    assert.doesNotMatch(note, /web worker/);
  });
});
