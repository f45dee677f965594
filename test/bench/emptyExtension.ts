// The bench's yardstick: an extension that does nothing, loaded beside ours in the same
// workbench launches. Its bundle carries the same first and last lines as ours (esbuild.mjs:
// the time the bundle starts and ends evaluating) and its activate() returns the same
// figure, so "bundle load + activate()" of the two can be set side by side: what any
// extension costs VS Code's host at the least, and what this one adds to it.
//
// The workbench takes one `extensionDevelopmentPath` from its URL, but that path may be a
// folder of extensions: VS Code loads each, sorted by folder name. Each launch gets such a
// folder holding a copy of the unpacked VSIX and the empty extension, in the order asked for.
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Its id, `publisher.name`, as `vscode.extensions.getExtension` takes it. */
export const EMPTY_EXTENSION_ID = 'stockmedia-bench.empty';

/** What the empty extension's activate() returns. */
export interface EmptyExtensionExports {
  readonly loadAndActivateMs: number;
  /** From its bundle's first line to the end of activate(): VS Code's work in between included. */
  readonly loadToActivatedMs: number;
  /** Whether this extension's bundle had not been loaded yet when the empty one was. */
  readonly loadedFirst: boolean;
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

/**
 * The first line and the timed last one are the ones esbuild.mjs gives the extension's
 * bundle. After them, outside the timed part: the require cache is Node's, shared by every
 * extension in the host, so it tells whether the other extension's bundle (in the folder
 * `ours` beside this one) was loaded before this one.
 */
const script = (ours: string): string => `"use strict";var __stockMediaLoadStart = performance.now();
exports.activate = function () {
  var started = performance.now();
  var ended = performance.now();
  return {
    loadAndActivateMs: __stockMediaLoadEnd - __stockMediaLoadStart + (ended - started),
    loadToActivatedMs: ended - __stockMediaLoadStart,
    loadedFirst: loadedFirst,
  };
};
exports.deactivate = function () {};
var __stockMediaLoadEnd = performance.now();
var loadedFirst = !(require("path").join(__dirname, "..", ${JSON.stringify(ours)}, "dist", "node.js") in require.cache);
`;

/** Temporary folders of extension pairs, one per launch; dispose() removes them all. */
export class ExtensionPairs {
  private constructor(private readonly parent: string) {}

  static create(): ExtensionPairs {
    return new ExtensionPairs(realpathSync(mkdtempSync(join(tmpdir(), 'stock-media-bench-pair-'))));
  }

  /**
   * A new folder `name` holding a copy of the extension at `extensionPath` and the empty
   * extension, the empty one first when `emptyFirst`; returns its path.
   */
  pair(name: string, extensionPath: string, emptyFirst: boolean): string {
    const folder = join(this.parent, name);
    const [ours, empty] = emptyFirst ? ['2-stock-media', '1-empty'] : ['1-stock-media', '2-empty'];
    cpSync(extensionPath, join(folder, ours), { recursive: true });
    mkdirSync(join(folder, empty), { recursive: true });
    writeFileSync(join(folder, empty, 'package.json'), JSON.stringify(MANIFEST, null, 2) + '\n');
    writeFileSync(join(folder, empty, 'extension.js'), script(ours));
    return folder;
  }

  dispose(): void {
    rmSync(this.parent, { recursive: true, force: true, maxRetries: 3 });
  }
}
