// The Write Credits File figures (issue 35): the load bench's generated workspace (1,000
// Markdown files naming 300 distinct media, loadBench.ts) and one ten times its size (10,000
// files naming 1,000 media), each in a window of its own, every media known first (looked up
// through the extension's client, as a search or an insert would have made them known). Write
// Credits File is then run as the load bench runs it (control.ts `writeCredits`: Continue
// answered, its notifications closed): first on a workspace the extension has not read, then
// again (nothing changed: the files' stamps are looked at, none read again), each timed from
// the command to its outcome, with the API requests it cost (0 expected). `npm run bench --
// --only write-credits` prints these rows alone.
import type { WriteCreditsFigures } from './control';
import type { LoadContext } from './loadBench';
import { LOAD_DISTINCT, LOAD_FILES, closeLoadWindow, openLoadWindow, writeLoadWorkspace } from './loadBench';
import type { Row } from './table';
import type { BenchWindow } from './workbench';
import { loadMedia } from './workspaceMediaBench';

/** The larger workspace: ten times the files, a thousand media. */
export const LARGE_FILES = 10_000;
export const LARGE_DISTINCT = 1_000;
/** Runs after the first, nothing changed. */
const AGAIN_RUNS = 2;

const SIZES = { small: { files: LOAD_FILES, distinct: LOAD_DISTINCT, target: 1_000 }, large: { files: LARGE_FILES, distinct: LARGE_DISTINCT, target: 5_000 } } as const;
type Size = keyof typeof SIZES;
const FIGURES = ['Ms', 'AgainMs', 'Requests'] as const;
export const WRITE_CREDITS_KEYS = (Object.keys(SIZES) as Size[]).flatMap((size) => FIGURES.map((figure) => `wc-${size}${figure}`));

export interface WriteCreditsSink {
  add(key: string, value: number): void;
  note(key: string, text: string): void;
  fail(keys: readonly string[], error: unknown): void;
}

async function measureSize(ctx: LoadContext, sink: WriteCreditsSink, size: Size): Promise<void> {
  const { api, control, log } = ctx;
  const { files, distinct } = SIZES[size];
  const key = (figure: (typeof FIGURES)[number]): string => `wc-${size}${figure}`;
  const workspace = writeLoadWorkspace(api.library, api.origin, files, distinct);
  let window: BenchWindow | undefined;
  try {
    window = await openLoadWindow(ctx, `write-credits-${size}`, workspace.path);
    api.resetQuotas();
    api.setQuota(api.keys.alice, { hourlyLimit: 5_000, hourlyRemaining: 5_000 });
    await control.call({ op: 'command', command: 'stockMedia.setApiKey', args: { key: api.keys.alice } });
    const media = loadMedia(api.library, distinct);
    const found = await control.call<number>({ op: 'lookUpMedia', media }, 10 * 60_000);
    if (found !== media.length) throw new Error(`${found} of ${media.length} media looked up`);
    const again: number[] = [];
    for (let run = 0; run <= AGAIN_RUNS; run++) {
      const mark = api.log.length;
      const profileDir = process.env['STOCK_MEDIA_BENCH_PROFILE'];
      const r = await control.call<WriteCreditsFigures>({ op: 'writeCredits', ...(profileDir ? { profileDir } : {}) }, 15 * 60_000);
      const requests = api.log.length - mark;
      const expected = run === 0 ? 'written' : 'unchanged';
      if (r.result !== expected) throw new Error(`Write Credits File, run ${run + 1}: ${r.result} (${expected} expected): ${r.message}`);
      if (r.media !== distinct) throw new Error(`Write Credits File listed ${r.media} media, not ${distinct}`);
      sink.add(key('Requests'), requests);
      if (run === 0) {
        sink.add(key('Ms'), r.ms);
        sink.note(key('Ms'), `the first run on the workspace: ${r.media} media, ${r.requests} not known before; ${r.progressReports} progress reports`);
      } else {
        sink.add(key('AgainMs'), r.ms);
        again.push(r.ms);
      }
      log(`[bench] Write Credits File, ${files} files, run ${run + 1}: ${(r.ms / 1000).toFixed(2)} s, ${r.result}, ${requests} requests`);
    }
    sink.note(key('AgainMs'), `median of ${again.length}: ${again.map((ms) => ms.toFixed(0)).join(', ')} ms; nothing changed, the files' stamps looked at, none read again`);
  } catch (error) {
    sink.fail(FIGURES.map(key), error);
  } finally {
    await closeLoadWindow(ctx, window, workspace);
  }
}

export async function measureWriteCredits(ctx: LoadContext, sink: WriteCreditsSink): Promise<void> {
  for (const size of Object.keys(SIZES) as Size[]) await measureSize(ctx, sink, size);
}

export function writeCreditsRows(row: (key: string, base: Omit<Row, 'values' | 'error' | 'note'>, note?: string) => Row): Row[] {
  return (Object.keys(SIZES) as Size[]).flatMap((size) => {
    const { files, distinct, target } = SIZES[size];
    return [
      row(`wc-${size}Ms`, { measure: `Write Credits File: ${files.toLocaleString('en')} files, ${distinct.toLocaleString('en')} media, all known`, unit: 'ms', target: { op: '<=', value: target } }),
      row(`wc-${size}AgainMs`, { measure: '  again, nothing changed', unit: 'ms', target: null }),
      row(`wc-${size}Requests`, { measure: '  requests, every media known', unit: 'requests', target: { op: '<=', value: 0, everyRun: true } }),
    ];
  });
}

