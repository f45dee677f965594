// The first test in a real VS Code: the extension is there and activates.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { IN_WEB_WORKER_HOST } from './hosts';

const EXTENSION_ID = 'stockmedia.stock-media';

describe('smoke', () => {
  it('runs in a real VS Code', () => {
    console.log(`      VS Code ${vscode.version} (${vscode.env.appHost}${vscode.env.remoteName ? `, remote ${vscode.env.remoteName}` : ''}), ${IN_WEB_WORKER_HOST ? 'web worker extension host' : `Node ${process.versions.node}`}`);
    assert.match(vscode.version, /^\d+\.\d+\.\d+/);
  });

  it(`finds and activates ${EXTENSION_ID}`, async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded; is extensionDevelopmentPath the repo root?`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });
});
