// A user's first minutes in a real VS Code against the local server: no status bar item until
// a key is set (stockMedia.statusBar.visible changes that at once), "Get a Free API Key" on
// every key problem, opening the service's page, and a key pasted with quotes or spaces
// saved without them, the user told so.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SetApiKeyResult } from '../../src/host/key/apiKey';
import type { GridPanelState } from './hooks';
import type { Shown } from './support';
import { QUOTA_FIGURE, asNew, closeAllEditors, extensionApi, quotaShown, recordUi, updateSetting, useApiServer, waitFor } from './support';

async function setVisibility(value: 'always' | 'withKey' | 'never' | undefined): Promise<void> {
  await updateSetting('stockMedia', 'statusBar.visible', value, vscode.ConfigurationTarget.Global);
}

describe('first run', function () {
  this.timeout(30_000);
  const server = useApiServer(null);
  const shown: Shown[] = [];
  const opened: string[] = [];
  let restore: () => void = () => undefined;

  // One server for the suite; each test starts from it as new, with no key.
  beforeEach(async () => {
    await asNew(server(), null);
    shown.length = 0;
    opened.length = 0;
  });
  afterEach(async () => {
    restore();
    restore = () => undefined;
    await setVisibility(undefined);
  });

  it('status bar: no item without a key; the quota once a key is set; the setting applies at once', async () => {
    const api = await extensionApi();
    const exists = (): boolean => quotaShown(api) !== undefined;
    assert.equal(api.services.hasKey, false);
    await waitFor(() => !exists(), 'no status bar item without a key (default: withKey)');

    await setVisibility('always');
    await waitFor(() => exists(), 'the item, once the setting says always');
    assert.equal(quotaShown(api)?.text, '$(key) Set API key');
    assert.equal(quotaShown(api)?.command, 'stockMedia.setApiKey');

    await setVisibility('withKey');
    await waitFor(() => !exists(), 'no item again');

    restore = recordUi(shown, opened);
    server().setQuota(server().keys.alice, { monthlyRemaining: 19805, monthlyLimit: 20000 });
    const result = await vscode.commands.executeCommand<SetApiKeyResult>('stockMedia.setApiKey', { key: server().keys.alice });
    assert.equal(result.saved, true);
    await waitFor(() => QUOTA_FIGURE.test(quotaShown(api)?.text ?? ''), 'the quota once the key is set');
    assert.match(quotaShown(api)?.text ?? '', /19[,.]?804 \/ 20[,.]?000/);

    await setVisibility('never');
    await waitFor(() => !exists(), 'no item with never, even with a key');
    const told = await vscode.commands.executeCommand<string>('stockMedia.showQuota');
    assert.match(told, /19[,.]?804/, 'the figure is still known: Show Request Quota tells it');

    await setVisibility(undefined);
    await waitFor(() => exists(), 'the quota back with the default');
    await vscode.commands.executeCommand('stockMedia.clearApiKey');
    await waitFor(() => !exists(), 'no item once the key is cleared');
  });

  it('a key pasted with quotes, spaces and a line break is saved without them, and the user is told', async () => {
    const api = await extensionApi();
    restore = recordUi(shown, opened);
    const result = await vscode.commands.executeCommand<SetApiKeyResult>('stockMedia.setApiKey', { key: ` "${server().keys.alice}"\n` });
    assert.deepEqual(result.saved && result.trimmed, true);
    assert.equal((await api.services.keys.stored())?.key, server().keys.alice);
    assert.equal(server().apiRequestCount((e) => e.key === server().keys.alice), 1, 'the key was checked as trimmed');
    const saved = await waitFor(() => shown.find((s) => s.level === 'info'), 'the saved message');
    assert.match(saved.message, /API key saved\..*Removed surrounding spaces or quotes from the key\./);

    shown.length = 0;
    const plain = await vscode.commands.executeCommand<SetApiKeyResult>('stockMedia.setApiKey', { key: server().keys.alice });
    assert.deepEqual(plain.saved && plain.trimmed, false);
    const again = await waitFor(() => shown.find((s) => s.level === 'info'), 'the saved message');
    assert.doesNotMatch(again.message, /Removed/);
  });

  it('a refused key offers Get a Free API Key, which opens the service’s key page', async () => {
    restore = recordUi(shown, opened, (s) => (s.buttons.includes('Get a Free API Key') ? 'Get a Free API Key' : undefined));
    const result = await vscode.commands.executeCommand<SetApiKeyResult>('stockMedia.setApiKey', { key: "'not-a-real-key'" });
    assert.deepEqual(result, { saved: false, reason: 'forbidden' });
    const error = await waitFor(() => shown.find((s) => s.level === 'error'), 'the error');
    assert.match(error.message, /did not accept this API key.*Removed surrounding spaces or quotes/);
    assert.deepEqual(error.buttons, ['Set API Key', 'Get a Free API Key']);
    await waitFor(() => opened.length > 0, 'the page to open');
    assert.deepEqual(opened, [`${server().origin}/api/new/`]);
  });

  it('the Get a Free API Key command opens the page of the configured service', async () => {
    restore = recordUi(shown, opened);
    await vscode.commands.executeCommand('stockMedia.getApiKey');
    assert.deepEqual(opened, [`${server().origin}/api/new/`]);
  });

  it('a search without a key fails with Set API Key and Get a Free API Key, not a request', async () => {
    try {
      await vscode.commands.executeCommand('stockMedia.search', { query: 'lake' });
      const state = await waitFor(async () => {
        const now = await vscode.commands.executeCommand<GridPanelState | undefined>('stockMedia.test.grid', { op: 'state' });
        return now?.session.failure ? now : undefined;
      }, 'the grid to fail');
      assert.equal(state.session.failure?.kind, 'missingKey');
      assert.deepEqual(state.session.failure?.actions, ['setApiKey', 'getApiKey']);
      assert.equal(server().apiRequestCount(), 0);
    } finally {
      await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'close' });
      await closeAllEditors();
      // The query is remembered like any other; later suites expect an empty list to start with.
      await vscode.commands.executeCommand('stockMedia.clearRecentSearches');
    }
  });
});
