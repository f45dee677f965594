// The one table `npm run bench` prints: each figure with its target and a pass/fail mark.

export interface Target {
  /** `<`: the figure must stay under the value; `<=`: at most the value. */
  readonly op: '<' | '<=';
  readonly value: number;
  /** Judge on every run (worst) rather than the median: for counts that must always hold. */
  readonly everyRun?: boolean;
}

export interface Row {
  readonly measure: string;
  readonly unit: 'ms' | 'KB' | 'MB' | 'requests' | 'elements' | 'parts' | 'cases' | 'items' | 'ratio';
  /** One value per run; empty when it could not be measured. */
  readonly values: readonly number[];
  /** Null: shown for information, no target. */
  readonly target: Target | null;
  readonly note?: string;
  /** Why it could not be measured. */
  readonly error?: string;
  /** Decimals shown (default: 2 for MB, else 1). */
  readonly digits?: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

function formatValue(value: number, unit: Row['unit'], digits = unit === 'MB' ? 2 : 1): string {
  const n = Number.isInteger(value) ? String(value) : value.toFixed(digits);
  switch (unit) {
    case 'ms':
    case 'KB':
    case 'MB':
      return `${n} ${unit}`;
    case 'ratio':
      return `${value.toFixed(digits)}×`;
    case 'requests':
    case 'elements':
    case 'parts':
    case 'cases':
    case 'items':
      return Number.isInteger(value) ? String(value) : value.toFixed(1);
  }
}

function meets(value: number, target: Target): boolean {
  return target.op === '<' ? value < target.value : value <= target.value;
}

export type Verdict = 'pass' | 'FAIL' | 'info' | 'n/a';

export function verdict(row: Row): Verdict {
  if (row.values.length === 0) return 'n/a';
  if (!row.target) return 'info';
  const judged = row.target.everyRun ? Math.max(...row.values) : median(row.values);
  return meets(judged, row.target) ? 'pass' : 'FAIL';
}

const MARK: Record<Verdict, string> = { pass: '✓ pass', FAIL: '✗ FAIL', info: '  info', 'n/a': '? n/a' };

export function renderTable(rows: readonly Row[]): string {
  const header = ['Measure', 'Median', 'Target', 'Result', 'Runs', 'Range / note'];
  const lines = rows.map((row) => {
    const v = verdict(row);
    const target = row.target ? `${row.target.op === '<' ? '<' : '≤'} ${formatValue(row.target.value, row.unit)}${row.unit === 'requests' || row.unit === 'elements' || row.unit === 'parts' || row.unit === 'cases' || row.unit === 'items' ? ` ${row.unit}` : ''}` : '—';
    const value = row.values.length > 0 ? formatValue(median(row.values), row.unit, row.digits) : 'not measured';
    const range =
      row.values.length > 1 ? `${formatValue(Math.min(...row.values), row.unit, row.digits)} – ${formatValue(Math.max(...row.values), row.unit, row.digits)}` : '';
    const note = [range, row.note ?? '', row.error ? `error: ${row.error}` : ''].filter(Boolean).join('; ');
    return [row.measure, value, target, MARK[v], String(row.values.length), note];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  // The note column is last and left ragged: it can be long.
  const format = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  const rule = widths.map((w, i) => '─'.repeat(i === widths.length - 1 ? Math.min(w, 40) : w)).join('  ');
  return [format(header), rule, ...lines.map(format)].join('\n');
}
