// Which test files a workbench runs when n workbenches share a VS Code suite (run.js --shard
// <i>/<n>; both mocha entries, test/vscode/index.ts and test/vscode-web/index.ts). The machine
// is CPU-bound, so the step ends when its longest workbench does: the files are dealt out by
// weight, heaviest first, each to the part with the least weight so far (the same split on every
// run, whatever order the files are listed in). The weights are each file's seconds (tests and
// hooks) in each host, as the end of a run prints them ("Time per test file"), rounded: measured
// with npm test's four workbenches side by side on a loaded 2-core machine (2026-11-26), so only
// their proportions matter; a file not in the table counts DEFAULT_SECONDS until it is added.
// The files issue 32 grew (creditsFile, cover, creditLimits, insertAs, insertSizes) were
// measured again on 2026-11-28 on a machine about three times as loaded, and scaled down by
// the files that did not change (insert, pasteCode).

/** Seconds per file: the Node host's, then the web worker host's. */
const SECONDS: Readonly<Record<string, readonly [node: number, web: number]>> = {
  'activation.test.ts': [0, 0],
  'collections.test.ts': [73, 60],
  'cover.test.ts': [65, 65],
  'creditLimits.test.ts': [85, 70],
  'credits.test.ts': [22, 18],
  'creditsFile.test.ts': [120, 95],
  'firstRun.test.ts': [6, 6],
  'grid.test.ts': [20, 23],
  'gridComplete.test.ts': [6, 6],
  'hostile.test.ts': [79, 52],
  'hostileService.test.ts': [23, 18],
  'hostileSettings.test.ts': [18, 16],
  'hostileText.test.ts': [12, 8],
  'insert.test.ts': [67, 65],
  'insertAs.test.ts': [25, 35],
  'insertBlocks.test.ts': [35, 29],
  'insertDestination.test.ts': [21, 15],
  'insertFaults.test.ts': [28, 37],
  'insertInARow.test.ts': [25, 27],
  'insertResponsive.test.ts': [19, 17],
  'insertSizes.test.ts': [35, 50],
  'l10n.test.ts': [9, 13],
  'mediaLists.test.ts': [21, 21],
  'offline.test.ts': [16, 18],
  'oldEnvelopes.test.ts': [4, 6],
  'paste.test.ts': [24, 25],
  'pasteCode.test.ts': [90, 80],
  'reach.test.ts': [9, 11],
  'serviceLinks.test.ts': [7, 6],
  'shell.test.ts': [14, 9],
  'smoke.test.ts': [0, 0],
  'storedAnswers.test.ts': [16, 9],
  'walkthrough.test.ts': [2, 2],
  'workspaceMedia.test.ts': [14, 13],
  'wrongArgs.test.ts': [28, 24],
};

/** A file not measured yet. */
const DEFAULT_SECONDS = 20;

/** The shard `<i>/<n>` as numbers (1/1 when absent). */
export function parseShard(shard: string | undefined): { part: number; parts: number } {
  const [part = 1, parts = 1] = (shard ?? '1/1').split('/').map(Number);
  return { part, parts };
}

/** The files (names as `x.test.ts` or paths to them) of the `part`-th of `parts` workbenches, in name order. */
export function shardFiles<T extends string>(files: readonly T[], part: number, parts: number, host: 'node' | 'web'): T[] {
  if (parts <= 1) return [...files].sort();
  const weight = (file: string): number => SECONDS[file.replace(/^.*[\\/]/, '').replace(/\.js$/, '.ts')]?.[host === 'node' ? 0 : 1] ?? DEFAULT_SECONDS;
  const totals: number[] = Array.from({ length: parts }, () => 0);
  const mine: T[] = [];
  const heaviestFirst = [...files].sort((a, b) => weight(b) - weight(a) || (a < b ? -1 : a > b ? 1 : 0));
  for (const file of heaviestFirst) {
    const lightest = totals.indexOf(Math.min(...totals));
    totals[lightest] = (totals[lightest] ?? 0) + weight(file);
    if (lightest === part - 1) mine.push(file);
  }
  return mine.sort();
}
