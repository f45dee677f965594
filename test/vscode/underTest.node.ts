// The Node extension host's entry of the extension under test (out/under-test/dist/node.js, its
// package.json `main`; see underTest.ts): as src/node.ts does, it requires the extension's
// bundle beside it (./extension.js, built from src/extension.ts) and activates it with Node's
// platform, and it notes when that bundle started and ended evaluating, for the bench. The
// bench puts this file beside the packaged extension's bundle (test/bench/vsix.ts).
import type * as vscode from 'vscode';
import { useVsCodeTranslator } from '../../src/host/common/translator';
import { platform } from '../../src/host/platform/node';
import { activateUnderTest } from './underTest';
import type { StockMediaApi } from './underTest';

// This bundle's copy of core/l10n (Node's platform, the hooks) speaks the display language too.
useVsCodeTranslator();

const loadStart = performance.now();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const product = require('./extension.js') as typeof import('../../src/extension');
const load = { start: loadStart, end: performance.now() };

export function activate(context: vscode.ExtensionContext): StockMediaApi {
  return activateUnderTest(context, () => product.activateShared(context, platform), load);
}

export const deactivate = product.deactivate;
