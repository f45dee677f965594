// The e2e test files (out/e2e/*.e2e.js), for their runner (run.ts) and for `npm test`, which
// runs them beside the VS Code suites (test/host/stages.ts): which run together in one workbench.
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
 * Files that run one after another in one mocha run, where the workbench their set-up shares
 * (useWorkbench in harness.ts) starts once, each writing its own folder settings and starting
 * with the workbench as a fresh one of its set-up: no editor, notification or panel open, the
 * group unlocked, Recent Media and the recent searches empty, the workspace's files the
 * fixture's; the key set or cleared as the file asks. The first is the one whose start matters.
 * keyOrigin needs its own: its folder settings must be there when the key is checked, and it
 * points the machine settings at another server.
 */
export const TOGETHER: readonly (readonly string[])[] = [
  // alice's key, the library over http; walkthroughState first, as it reads the walkthrough of a fresh workbench.
  ['walkthroughState', 'mediaLists', 'offline', 'hostileText', 'workspaceMedia', 'grid'].map((name) => `${name}.e2e.js`),
  // The library over http as well; walkthrough first, as it reads the walkthrough of a fresh workbench.
  ['walkthrough', 'statusbar', 'workbench', 'insert', 'insertFaults', 'paste'].map((name) => `${name}.e2e.js`),
  // The library over https (the workbench shows hover images only from https), with the agent's
  // stand-in (harness AGENT_STAND_IN) installed; collections first, without a key.
  ['collections', 'credits', 'cover', 'agentPick'].map((name) => `${name}.e2e.js`),
];

/** The runs of `files`: each group of TOGETHER (those of its files there, in its order), then each other file alone. */
export function e2eRuns(files: readonly string[]): string[][] {
  const grouped = TOGETHER.map((group) => group.filter((file) => files.includes(file))).filter((group) => group.length > 0);
  return [...grouped, ...files.filter((file) => !grouped.some((group) => group.includes(file))).map((file) => [file])];
}

/** The built e2e files (all, or those of `only`, in its order), by name. */
export function e2eFiles(only: readonly string[] = []): string[] {
  const extension = join(repoRoot(), 'dist', 'extension.js');
  if (!existsSync(extension)) throw new Error(`Not built: ${extension}. Run \`node esbuild.mjs --tests\` first.`);
  const built = existsSync(E2E_DIR) ? readdirSync(E2E_DIR).filter((name) => name.endsWith('.e2e.js')).sort() : [];
  const files = only.length === 0 ? built : only.filter((name) => built.includes(name));
  if (files.length === 0) throw new Error(`No *.e2e.js files in ${E2E_DIR}; was the test build run?`);
  return files;
}
