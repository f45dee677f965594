// Where a VS Code suite's time went, printed at the end of a run by the mocha entry
// (test/vscode/index.ts, in both hosts): each test file's total (tests and hooks), and the
// slowest tests and hooks, so a slow one stays visible.

export interface Timing {
  readonly title: string;
  /** The test file (its name, `x.test.ts`), '' when mocha does not know it. */
  readonly file: string;
  readonly ms: number;
}

export function timing(runnable: Mocha.Runnable): Timing {
  let suite = runnable.parent;
  while (suite?.parent && !suite.parent.root) suite = suite.parent;
  const file = suite?.file ?? runnable.file ?? '';
  return { title: runnable.fullTitle(), file: file.replace(/^.*[\\/]/, '').replace(/\.js$/, '.ts'), ms: runnable.duration ?? 0 };
}

export function printTimes(times: readonly Timing[], log: (...args: unknown[]) => void): void {
  const byFile = new Map<string, number>();
  for (const { file, ms } of times) byFile.set(file, (byFile.get(file) ?? 0) + ms);
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  log('\n  Time per test file (tests and hooks):');
  for (const [file, ms] of [...byFile].sort((a, b) => b[1] - a[1])) log(`    ${seconds(ms).padStart(8)}  ${file || '(file unknown)'}`);
  log('\n  Slowest tests and hooks:');
  for (const { title, ms } of [...times].sort((a, b) => b.ms - a.ms).slice(0, 20)) log(`    ${seconds(ms).padStart(8)}  ${title}`);
}
