// Runs first (files run in name order): activation loads the Node host's bundle (package.json
// `main`) alone, and the features in it are set up with the first use, once, with no further
// file loaded.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { StockMediaApi } from './underTest';
import { NODE_BUNDLES, describeInNode } from './hosts';

const EXTENSION_ID = 'stockmedia.stock-media';

function loadedModules(extensionPath: string): string[] {
  const dist = join(extensionPath, 'dist');
  return Object.keys(require.cache).filter((id) => id.startsWith(dist));
}

/** What the Node host loads: its entry (Node's platform) and the extension's one bundle, which the entry requires. */
const bundles = (extension: vscode.Extension<unknown>): string[] => ['node.js', 'extension.js'].map((name) => join(extension.extensionPath, 'dist', name));

describeInNode(NODE_BUNDLES, 'activation', () => {
  let extension: vscode.Extension<StockMediaApi>;
  let api: StockMediaApi;

  before(async () => {
    const found = vscode.extensions.getExtension<StockMediaApi>(EXTENSION_ID);
    assert.ok(found, `${EXTENSION_ID} is not loaded`);
    extension = found;
    api = await extension.activate();
  });

  it('loads the Node entry and the extension’s bundle alone, and leaves the features unmade', function () {
    if (api.featuresMade.length > 0) {
      // Only when something outside the tests used a feature first (the view left open).
      this.skip();
    }
    assert.deepEqual(loadedModules(extension.extensionPath).sort(), bundles(extension).sort());
    assert.deepEqual(api.featuresMade, []);
    // What exists from activation on works without the features.
    assert.equal(typeof api.services.hasKey, 'boolean');
    assert.ok(api.statusBar);
  });

  it('makes the features with the first command, once, from the bundle already loaded', async () => {
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'state' });
    assert.ok(api.featuresMade.includes('grid'), `made: ${api.featuresMade.join(', ')}`);
    assert.deepEqual(loadedModules(extension.extensionPath).sort(), bundles(extension).sort());
    const first = api.container.grid;
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'state' });
    assert.equal(api.container.grid, first, 'made again');
  });

  it('shows the log without loading anything more', async () => {
    await vscode.commands.executeCommand('stockMedia.showLog');
    assert.deepEqual(loadedModules(extension.extensionPath).sort(), bundles(extension).sort());
  });
});
