// Runs first (files run in name order): activation loads only the activation bundle, and
// the features bundle comes with the first use, once.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { StockMediaApi } from '../../src/extension';
import { NODE_BUNDLES, describeInNode } from './hosts';

const EXTENSION_ID = 'stockmedia.stock-media';

function loadedModules(extensionPath: string): string[] {
  const dist = join(extensionPath, 'dist');
  return Object.keys(require.cache).filter((id) => id.startsWith(dist));
}

describeInNode(NODE_BUNDLES, 'activation', () => {
  let extension: vscode.Extension<StockMediaApi>;
  let api: StockMediaApi;

  before(async () => {
    const found = vscode.extensions.getExtension<StockMediaApi>(EXTENSION_ID);
    assert.ok(found, `${EXTENSION_ID} is not loaded`);
    extension = found;
    api = await extension.activate();
  });

  it('loads the activation bundle alone', function () {
    if (api.featuresLoaded) {
      // Only when something outside the tests used a feature first (the view left open).
      this.skip();
    }
    assert.deepEqual(loadedModules(extension.extensionPath), [join(extension.extensionPath, 'dist', 'extension.js')]);
    assert.equal(api.featuresLoadMs, undefined);
    // What exists from activation on works without the features.
    assert.equal(typeof api.shell.hasKey, 'boolean');
    assert.ok(api.statusBar);
  });

  it('loads the features bundle with the first command, once', async () => {
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'state' });
    assert.equal(api.featuresLoaded, true);
    assert.equal(typeof api.featuresLoadMs, 'number');
    const features = join(extension.extensionPath, 'dist', 'features.js');
    assert.deepEqual(loadedModules(extension.extensionPath).sort(), [join(extension.extensionPath, 'dist', 'extension.js'), features].sort());
    const first = api.featuresLoadMs;
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'state' });
    assert.equal(api.featuresLoadMs, first, 'loaded again');
  });

  it('shows the log without loading anything more', async () => {
    await vscode.commands.executeCommand('stockMedia.showLog');
    assert.equal(loadedModules(extension.extensionPath).length, 2);
  });
});
