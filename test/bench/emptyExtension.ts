// The bench's yardstick: an extension that does nothing, loaded beside ours in the same
// workbench launches. Its bundle carries the same first and last lines as ours (esbuild.mjs:
// the time the bundle starts and ends evaluating) and its activate() returns the same
// figure, so "bundle load + activate()" of the two can be set side by side: what any
// extension costs VS Code's host at the least, and what this one adds to it.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Its id, `publisher.name`, as `vscode.extensions.getExtension` takes it. */
export const EMPTY_EXTENSION_ID = 'stockmedia-bench.empty';

export interface EmptyExtension {
  /** The extension's folder (what VS Code loads as a development extension). */
  readonly path: string;
  dispose(): void;
}

/** What the empty extension's activate() returns. */
export interface EmptyExtensionExports {
  readonly loadAndActivateMs: number;
  /** From its bundle's first line to the end of activate(): VS Code's work in between included. */
  readonly loadToActivatedMs: number;
}

const MANIFEST = {
  name: 'empty',
  displayName: 'Empty extension (bench)',
  publisher: 'stockmedia-bench',
  version: '0.0.1',
  license: 'MIT',
  engines: { vscode: '^1.95.0' },
  // Activated as ours is, at the same moment.
  activationEvents: ['onStartupFinished'],
  main: './extension.js',
};

// The first and the last line are the ones esbuild.mjs gives the extension's bundle.
const SCRIPT = `"use strict";var __stockMediaLoadStart = performance.now();
exports.activate = function () {
  var started = performance.now();
  var ended = performance.now();
  return { loadAndActivateMs: __stockMediaLoadEnd - __stockMediaLoadStart + (ended - started), loadToActivatedMs: ended - __stockMediaLoadStart };
};
exports.deactivate = function () {};
var __stockMediaLoadEnd = performance.now();
`;

/** Writes the empty extension into a new temporary folder. */
export function writeEmptyExtension(): EmptyExtension {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'stock-media-bench-empty-')));
  const path = join(parent, 'empty');
  mkdirSync(path);
  writeFileSync(join(path, 'package.json'), JSON.stringify(MANIFEST, null, 2) + '\n');
  writeFileSync(join(path, 'extension.js'), SCRIPT);
  return { path, dispose: () => rmSync(parent, { recursive: true, force: true, maxRetries: 3 }) };
}
