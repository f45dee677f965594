// The generated-input properties (test/generated/properties.ts) with more cases than the
// unit suite runs, as rows of the bench table: cases run, and cases that failed.
import { describeRun, runGenerated } from '../generated/properties';
import type { RunResult } from '../generated/properties';
import type { Row } from './table';

/** STOCK_MEDIA_BENCH_GENERATED_CASES / _SEED for another run; the seed is printed to repeat one. */
export const GENERATED_CASES = Math.max(1, Number(process.env['STOCK_MEDIA_BENCH_GENERATED_CASES']) || 10_000);
export const GENERATED_SEED = Number(process.env['STOCK_MEDIA_BENCH_GENERATED_SEED']) || 1_107;

export function runGeneratedBench(log: (line: string) => void): RunResult {
  const result = runGenerated({ seed: GENERATED_SEED, cases: GENERATED_CASES });
  for (const line of describeRun(result)) log(`[bench] ${line}`);
  return result;
}

export function generatedRows(result: RunResult | undefined, error?: string): Row[] {
  const expected = result?.tallies.filter((t) => t.failed > 0 && t.gap !== undefined) ?? [];
  const failing = result?.tallies.filter((t) => t.failed > 0 && t.gap === undefined) ?? [];
  const err = error ? { error } : {};
  return [
    {
      measure: 'Generated inputs: cases run',
      unit: 'cases',
      values: result ? [result.cases] : [],
      target: null,
      ...(result
        ? { note: `seed ${result.seed}: payloads through decode, grid tiles, tree hovers and ${result.inserts} inserts read back (Markdown, HTML, Razor, TSX, CSS/SCSS/Less, plain), ${result.refused} refused with a message; ${(result.ms / 1000).toFixed(1)} s` }
        : {}),
      ...err,
    },
    {
      measure: '  failures',
      unit: 'cases',
      values: result ? [result.failedCases] : [],
      target: { op: '<=', value: 0, everyRun: true },
      ...(result ? { note: failing.length ? failing.map((t) => `${t.name}: ${t.failed}`).join('; ') : 'every property holds' } : {}),
      ...err,
    },
    {
      measure: '  known gaps and open findings',
      unit: 'cases',
      values: result ? [result.gapCases] : [],
      target: null,
      ...(result ? { note: expected.length ? expected.map((t) => `${t.name}: ${t.failed}`).join('; ') : 'none' } : {}),
      ...err,
    },
  ];
}
