// The web worker extension host's entry of the extension under test (out/under-test/dist/web.js,
// its package.json `browser`; see underTest.ts): one bundle of the extension (src/extension.ts)
// and the test hooks, activated with the web platform as the product's `browser` entry is.
import type * as vscode from 'vscode';
import { activateShared, deactivate } from '../../src/extension';
import { webPlatform } from '../../src/host/platform';
import { activateUnderTest } from './underTest';
import type { StockMediaApi } from './underTest';

export function activate(context: vscode.ExtensionContext): StockMediaApi {
  return activateUnderTest(context, () => activateShared(context, webPlatform));
}

export { deactivate };
