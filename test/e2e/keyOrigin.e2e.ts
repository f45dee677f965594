// Where the key goes, as a person sees it in the workbench: a trusted folder whose
// .vscode/settings.json points the base URLs at another server (and renames the service)
// changes nothing; a base URL changed in the machine settings gets no key, and the grid
// offers "Check Key with …", whose click checks the key there and brings the results.
// Each local server's request log is the witness of where the key went.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import type { FrameLocator, Page } from 'playwright-core';
import type { ApiServer, RequestLogEntry } from '../server/server';
import { startApiServer } from '../server/server';
import { apiSettings, runPickerCommand, screenshot, useApiServer, useWorkbench, webview } from './harness';
import type { Workbench } from './harness';

describe('the key and the API origin (e2e)', function () {
  this.timeout(120_000);
  let api: ApiServer;
  let second: ApiServer;
  let evil: ApiServer;
  let workbench: Workbench;
  let page: Page;
  let grid: FrameLocator;

  const apiRequests = (server: ApiServer): RequestLogEntry[] => server.log.filter((e) => e.path.startsWith('/v1') || e.path.startsWith('/videos'));

  before(async () => {
    [second, evil] = await Promise.all([startApiServer(), startApiServer()]);
  });
  // The folder's settings, as a cloned repository would ship them; the user's server is in
  // the machine settings (useWorkbench), where the key is then set and checked.
  const opened = useWorkbench(
    'key-origin',
    () => ({
      'stockMedia.apiBaseUrl': evil.baseUrl,
      'stockMedia.videoBaseUrl': evil.videoBaseUrl,
      'stockMedia.serviceName': 'Evil [Renew your key](command:stockMedia.clearApiKey)',
      'stockMedia.serviceUrl': `${evil.origin}/renew`,
    }),
    { api: useApiServer(), withKey: true },
  );
  before(() => ({ api, workbench, page } = opened()));

  after(async () => {
    await Promise.all([second?.close(), evil?.close()]);
  });

  it('a trusted folder that points the base URLs elsewhere gets nothing: the key check and the search go to the user’s server', async () => {
    await runPickerCommand(page, 'Stock Media: Search Photos…', /Type what you are looking for/);
    await page.locator('.quick-input-widget .quick-input-box input').pressSequentially('morning', { delay: 40 });
    await page.keyboard.press('Enter');
    grid = webview(page);
    await grid.locator('.tile').first().waitFor({ state: 'visible', timeout: 30_000 });
    const attribution = await grid.locator('.attribution').innerText();
    assert.match(attribution, /Pexels/);
    assert.doesNotMatch(attribution, /Evil/);
    assert.equal(evil.log.length + evil.mediaLog.length, 0, `nothing reached the folder's server: ${evil.log.map((e) => e.path).join(', ')}`);
    const sent = apiRequests(api);
    assert.ok(sent.some((e) => e.path === '/v1/curated') && sent.some((e) => e.path === '/v1/search'), 'the key check and the search');
    assert.ok(sent.every((e) => e.key === api.keys.alice));
    console.log(`      screenshot: ${await screenshot(page, 'key-origin-folder-ignored')}`);
  });

  it('a new base URL in the machine settings gets no key; "Check Key with …" checks it there and the results come from there', async () => {
    const before = apiRequests(api).length;
    writeFileSync(workbench.server.machineSettingsFile, JSON.stringify(apiSettings(second), null, 2));
    const label = `Check Key with ${second.origin}`;
    const button = grid.locator('.message button', { hasText: label });
    await button.waitFor({ state: 'visible', timeout: 30_000 });
    const message = await grid.locator('.message').innerText();
    assert.match(message, new RegExp(`was not sent to ${second.origin.replace(/[.]/g, '\\.')}`));
    console.log(`      screenshot: ${await screenshot(page, 'key-origin-check-key')}`);
    assert.equal(second.log.length, 0, `no request reached the new server: ${second.log.map((e) => e.path).join(', ')}`);

    await button.click();
    await grid.locator('.tile').first().waitFor({ state: 'visible', timeout: 30_000 });
    const there = apiRequests(second);
    assert.equal(there[0]?.path, '/v1/curated', 'first the key check');
    assert.ok(there.some((e) => e.path === '/v1/search' && e.query['query'] === 'morning'), 'then the search');
    assert.ok(there.every((e) => e.key === api.keys.alice));
    assert.equal(apiRequests(api).length, before, 'the old server was asked nothing more');
    assert.equal(evil.log.length, 0);
    console.log(`      screenshot: ${await screenshot(page, 'key-origin-rebound')}`);
  });
});
