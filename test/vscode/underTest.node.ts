// The Node extension host's entry of the extension under test (out/under-test/dist/underTest.js,
// its package.json `main`; see underTest.ts): it requires the product's Node entry beside it
// (./node.js, built from src/node.ts, which takes what is used first from ./extension.js) and
// activates it with Node's platform as that entry's `activate` does, and it notes when that
// bundle started and ended evaluating, for the bench. The bench puts this file beside the
// packaged extension's bundles (test/bench/vsix.ts).
import type * as vscode from 'vscode';
import { useVsCodeTranslator } from '../../src/host/common/translator';
import { activateUnderTest } from './underTest';
import type { StockMediaApi } from './underTest';

// This bundle's copy of core/l10n (the hooks) speaks the display language too.
useVsCodeTranslator();

const loadStart = performance.now();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const product = require('./node.js') as typeof import('../../src/node');
const load = { start: loadStart, end: performance.now() };

export function activate(context: vscode.ExtensionContext): StockMediaApi {
  return activateUnderTest(context, () => product.activateShared(context, product.platform), load);
}

export const deactivate = product.deactivate;
