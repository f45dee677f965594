// "Bundle load alone, bare Node" beside DevStock 1.0.4's (devStock.ts): each bundle required in
// a fresh Node process of the extension host's version with `vscode` stubbed (bundleLoad.ts),
// ours and theirs taken in turns (ours, theirs, ours, theirs…) so a busy machine weighs on both
// alike, and the ratio of the two medians. Ours is the packaged dist/node.js, what the Node
// host loads at activation. `npm run bench -- --only bundle` prints these rows alone.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { DEVSTOCK_VERSION, devStockBundle } from './devStock';
import { median } from './table';
import type { Row } from './table';

export const BUNDLE_KEYS = ['bundleBare', 'bundleBareDevStock', 'bundleBareRatio'] as const;
export type BundleKey = (typeof BUNDLE_KEYS)[number];

/** Loads of each bundle, taken in turns. */
export const BARE_LOADS = 9;
/** The most this extension's load may be of DevStock's (issue 35). */
export const BARE_RATIO_MAX = 0.3;

export interface BundleSink {
  add(key: BundleKey, value: number): void;
  note(key: BundleKey, text: string): void;
  fail(keys: readonly BundleKey[], error: unknown): void;
}

/** Milliseconds to require the bundle in a new Node process (see bundleLoad.ts). */
function bareBundleLoad(node: string, bundle: string): number {
  const output = execFileSync(node, [join(__dirname, 'bundleLoad.js'), bundle], { encoding: 'utf8' });
  const { ms } = JSON.parse(output) as { ms: unknown };
  if (typeof ms !== 'number') throw new Error(`bundleLoad.js printed ${output}`);
  return ms;
}

/** `ours`: the packaged dist/node.js; `node`: the extension host's Node. */
export function measureBareLoads(node: string, ours: string, sink: BundleSink, log: (line: string) => void): void {
  let theirs: string | undefined;
  try {
    theirs = devStockBundle(log);
  } catch (error) {
    sink.fail(['bundleBareDevStock', 'bundleBareRatio'], error);
  }
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const mine: number[] = [];
  const others: number[] = [];
  try {
    for (let i = 0; i < BARE_LOADS; i++) {
      mine.push(bareBundleLoad(node, ours));
      if (theirs) others.push(bareBundleLoad(node, theirs));
    }
  } catch (error) {
    sink.fail(BUNDLE_KEYS, error);
    return;
  }
  for (const ms of mine) sink.add('bundleBare', ms);
  for (const ms of others) sink.add('bundleBareDevStock', ms);
  sink.note('bundleBare', `dist/node.js, what activation loads; a new Node ${version} process each run, \`vscode\` stubbed, in turns with DevStock's`);
  if (others.length === 0) return;
  sink.add('bundleBareRatio', median(mine) / median(others));
  const pairs = mine.map((ms, i) => ms / (others[i] ?? NaN));
  sink.note('bundleBareDevStock', `DevStock ${DEVSTOCK_VERSION}'s dist/extension.js, built with its own esbuild.js --production (test/bench/devStock.ts), the same processes' turns`);
  sink.note('bundleBareRatio', `medians of ${mine.length} loads each, same run, interleaved; per pair ${Math.min(...pairs).toFixed(2)}× – ${Math.max(...pairs).toFixed(2)}×`);
  log(`[bench] Bundle load, bare Node: ours ${median(mine).toFixed(1)} ms, DevStock ${median(others).toFixed(1)} ms`);
}

export function bundleRows(row: (key: BundleKey, base: Omit<Row, 'values' | 'error' | 'note'>, note?: string) => Row): Row[] {
  return [
    row('bundleBare', { measure: '  bundle load alone, bare Node', unit: 'ms', target: null }),
    row('bundleBareDevStock', { measure: `  DevStock ${DEVSTOCK_VERSION}'s bundle, the same`, unit: 'ms', target: null }),
    row('bundleBareRatio', { measure: `  ratio this / DevStock ${DEVSTOCK_VERSION}`, unit: 'ratio', target: { op: '<=', value: BARE_RATIO_MAX }, digits: 2 }),
  ];
}
