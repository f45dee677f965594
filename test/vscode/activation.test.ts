// Runs first (files run in name order): activation loads the Node host's entry (the test's,
// package.json `main`, and the product's dist/node.js it requires) and not the extension's
// bundle (dist/extension.js); the features come from that bundle with their first use, once.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { StockMediaApi } from './underTest';
import { NODE_BUNDLES, describeInNode } from './hosts';

const EXTENSION_ID = 'stockmedia.stock-media';

function loadedModules(extensionPath: string): string[] {
  const dist = join(extensionPath, 'dist');
  return Object.keys(require.cache)
    .filter((id) => id.startsWith(dist))
    .sort();
}

/** The files of dist/ named. */
const files = (extension: vscode.Extension<unknown>, ...names: string[]): string[] => names.map((name) => join(extension.extensionPath, 'dist', name)).sort();

/** What the Node host loads at activation: the entries, which hold what activation runs. */
const atActivation = (extension: vscode.Extension<unknown>): string[] => files(extension, 'underTest.js', 'node.js');

/** …and with a feature's first use, the extension's one bundle, which holds the features. */
const afterFirstUse = (extension: vscode.Extension<unknown>): string[] => files(extension, 'underTest.js', 'node.js', 'extension.js');

describeInNode(NODE_BUNDLES, 'activation', () => {
  let extension: vscode.Extension<StockMediaApi>;
  let api: StockMediaApi;

  before(async () => {
    const found = vscode.extensions.getExtension<StockMediaApi>(EXTENSION_ID);
    assert.ok(found, `${EXTENSION_ID} is not loaded`);
    extension = found;
    api = await extension.activate();
  });

  it('loads the Node entry alone, not the extension’s bundle, and leaves the features unmade', function () {
    if (api.featuresMade.length > 0) {
      // Only when something outside the tests used a feature first (the view left open).
      this.skip();
    }
    assert.deepEqual(loadedModules(extension.extensionPath), atActivation(extension));
    assert.deepEqual(api.featuresMade, []);
    // What exists from activation on works without the features.
    assert.equal(typeof api.services.hasKey, 'boolean');
    assert.ok(api.statusBar);
  });

  it('shows the log without loading anything more', async function () {
    if (api.featuresMade.length > 0) this.skip();
    await vscode.commands.executeCommand('stockMedia.showLog');
    assert.deepEqual(loadedModules(extension.extensionPath), atActivation(extension));
  });

  it('makes the features with the first command, once, from the extension’s bundle then loaded', async () => {
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'state' });
    assert.ok(api.featuresMade.includes('grid'), `made: ${api.featuresMade.join(', ')}`);
    assert.deepEqual(loadedModules(extension.extensionPath), afterFirstUse(extension));
    const first = api.container.grid;
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'state' });
    assert.equal(api.container.grid, first, 'made again');
    assert.deepEqual(loadedModules(extension.extensionPath), afterFirstUse(extension));
  });
});
