// The e2e test files (out/e2e/*.e2e.js), for their runner (run.ts) and for `npm test`, which
// runs each beside the VS Code suites (test/host/stages.ts).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../host/workspace';

export const E2E_DIR = join(repoRoot(), 'out', 'e2e');

/**
 * Files that must not run beside another: vsix.e2e packages the extension, which rebuilds dist/
 * and out/ (the production build) that the others load.
 */
export const ALONE = ['vsix.e2e.js'];

/**
 * Seconds per file (the "── file: passed in N s ──" lines of a run with --jobs 3, 2026-11-26;
 * restrictedMode.e2e: its runs alone, 44–52 s, 2026-11-28), for
 * the order of the queue (run.js --jobs, and `npm test`'s): the longest first, so the run does not
 * end with one long file running alone. A file not listed counts DEFAULT_SECONDS.
 */
const SECONDS: Readonly<Record<string, number>> = {
  'grid.e2e.js': 95,
  'mediaLists.e2e.js': 58,
  'walkthrough.e2e.js': 54,
  'restrictedMode.e2e.js': 50,
  'cover.e2e.js': 40,
  'hostile.e2e.js': 37,
  'paste.e2e.js': 37,
  'web.e2e.js': 32,
  'offline.e2e.js': 29,
  'newcomer.e2e.js': 27,
  'collections.e2e.js': 26,
  'insert.e2e.js': 40,
  'walkthroughState.e2e.js': 25,
  'insertFaults.e2e.js': 24,
  'workspaceMedia.e2e.js': 24,
  'keyOrigin.e2e.js': 22,
  'credits.e2e.js': 20,
  'hostileText.e2e.js': 20,
  'statusbar.e2e.js': 19,
  'workbench.e2e.js': 11,
};
const DEFAULT_SECONDS = 30;
export const e2eSeconds = (file: string): number => SECONDS[file] ?? DEFAULT_SECONDS;

/** The built e2e files (all, or those of `only`), by name. */
export function e2eFiles(only: readonly string[] = []): string[] {
  const extension = join(repoRoot(), 'dist', 'extension.js');
  if (!existsSync(extension)) throw new Error(`Not built: ${extension}. Run \`node esbuild.mjs --tests\` first.`);
  const files = existsSync(E2E_DIR)
    ? readdirSync(E2E_DIR).filter((name) => name.endsWith('.e2e.js') && (only.length === 0 || only.includes(name))).sort()
    : [];
  if (files.length === 0) throw new Error(`No *.e2e.js files in ${E2E_DIR}; was the test build run?`);
  return files;
}
