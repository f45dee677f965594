// The grid's figures, taken in a real workbench: searches go through the extension's own
// command (with an argument object, as a keybinding would send), the result list is
// scrolled with the mouse wheel in the webview, requests are read from the local API
// server's log, and the paint and DOM figures come from inside the webview.
import type { Frame, Page } from 'playwright-core';
import type { GridPanelState } from '../vscode/hooks';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import type { ApiServer, RequestLogEntry } from '../server/server';
import type { HeapFigures } from './control';
import type { ControlServer } from './controlServer';
import { clockOffset, domCounts, gridFrame, installPaintProbe, paintSamples, wheel } from './webview';
import type { DomCounts } from './webview';

const GRID_TEST_COMMAND = 'stockMedia.test.grid';

/** Epoch ms with sub-millisecond resolution, the same clock the webview's probe reads. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/**
 * How far one turn of the wheel scrolls: `screens` times the result area's height. Each
 * turn is let come to rest (the wheel scrolls smoothly) before the next, so the figures
 * do not depend on how fast the bench scrolls.
 */
export interface ScrollPace {
  readonly screens: number;
}
/** Reading through results: three screens (about 9 rows) at a time, well under the rows one page of 80 adds. */
export const READING: ScrollPace = { screens: 3 };
/** Hurrying to the end: most of a page of 80 results per turn, never more. */
export const HURRYING: ScrollPace = { screens: 6 };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class GridDriver {
  constructor(
    private readonly page: Page,
    private readonly control: ControlServer,
    private readonly api: ApiServer,
    /** When the local server sent each answer (its onRequest hook), epoch ms. */
    private readonly sentAt: ReadonlyMap<RequestLogEntry, number>,
  ) {}

  /** Search Photos through the command, as a keybinding or another extension would run it. */
  async search(query: string): Promise<Extract<GridCommandResult, { shown: true }>> {
    const result = await this.control.call<GridCommandResult>({ op: 'command', command: 'stockMedia.search', args: { query } });
    if (!result.shown || result.status !== 'loaded') throw new Error(`Search "${query}" did not load: ${JSON.stringify(result)}`);
    return result;
  }

  async state(): Promise<GridPanelState> {
    const state = await this.control.call<GridPanelState | null>({ op: 'command', command: GRID_TEST_COMMAND, args: { op: 'state' } });
    if (!state) throw new Error('The grid is not open');
    return state;
  }

  /** Waits until the page or request under way has been handled. */
  async settle(): Promise<void> {
    await this.control.call({ op: 'command', command: GRID_TEST_COMMAND, args: { op: 'settle' } });
  }

  /** The webview's page once it shows tiles. */
  async frame(): Promise<Frame> {
    const frame = await gridFrame(this.page);
    await frame.locator('.tile').first().waitFor({ state: 'attached', timeout: 30_000 });
    return frame;
  }

  /** Scrolls down with the wheel until at least `count` results are loaded; returns how many are. */
  async scrollUntil(count: number, pace: ScrollPace, timeoutMs = 120_000): Promise<number> {
    const until = Date.now() + timeoutMs;
    let frame = await this.frame();
    for (;;) {
      const { session } = await this.state();
      const loaded = session.itemKeys.length;
      if (loaded >= count) return loaded;
      if (!session.hasMore && session.more !== 'loading') throw new Error(`Only ${loaded} results exist for this search; ${count} were wanted`);
      if (session.more === 'failed') throw new Error(`Loading more failed: ${session.moreFailure?.message ?? 'unknown'}`);
      if (Date.now() > until) throw new Error(`Only ${loaded} of ${count} results loaded after ${timeoutMs / 1000} s of scrolling`);
      if (session.more !== 'loading') {
        try {
          await wheel(this.page, frame, pace.screens);
        } catch {
          // The page may have been loaded again (new media origins): find it again.
          frame = await this.frame();
        }
      } else {
        await sleep(100);
      }
    }
  }

  /** API requests (not images) the server has logged since `mark` (an index into its log). */
  requestsSince(mark: number): RequestLogEntry[] {
    return this.api.log.slice(mark);
  }

  get logMark(): number {
    return this.api.log.length;
  }

  sentTime(entry: RequestLogEntry): number | undefined {
    return this.sentAt.get(entry);
  }
}

export interface BrowseFigures {
  /** Requests to load `results` results the first time. */
  readonly first: number;
  /** Requests to do it again within the cache TTL. */
  readonly repeat: number;
  readonly results: number;
}

/** Search, scroll until `results` results are loaded; then the same again (within the TTL). */
export async function measureBrowse(grid: GridDriver, query: string, results: number): Promise<BrowseFigures> {
  const pass = async (): Promise<number> => {
    const mark = grid.logMark;
    await grid.search(query);
    await grid.scrollUntil(results, READING);
    await grid.settle();
    // Whatever scrolling set off would have arrived by now.
    await sleep(500);
    return grid.requestsSince(mark).length;
  };
  const first = await pass();
  const repeat = await pass();
  const loaded = (await grid.state()).session.itemKeys.length;
  return { first, repeat, results: loaded };
}

export interface PaintFigures {
  /** The server sent the first page's answer → the frame with its tiles was rendered. */
  readonly responseToPaintMs: number;
  /** The webview received the result list → that frame was rendered. */
  readonly messageToPaintMs: number;
  readonly results: number;
  readonly tiles: number;
  /** How uncertain the comparison of the two processes' clocks is, ms. */
  readonly clockError: number;
}

/** One uncached search: time from the server's answer to the painted tiles. */
export async function measurePaint(grid: GridDriver, query: string): Promise<PaintFigures> {
  const frame = await grid.frame();
  await installPaintProbe(frame);
  const mark = grid.logMark;
  const result = await grid.search(query);
  const until = Date.now() + 15_000;
  let samples = await paintSamples(frame);
  while (samples.length === 0) {
    if (Date.now() > until) throw new Error(`No painted result list was seen in the webview for "${query}"`);
    await sleep(50);
    samples = await paintSamples(frame);
  }
  const sample = samples[0];
  const requests = grid.requestsSince(mark).filter((e) => e.path === '/v1/search' && e.query['query'] === query);
  const sent = requests.length === 1 && requests[0] ? grid.sentTime(requests[0]) : undefined;
  if (!sample || sent === undefined) throw new Error(`Expected one request for "${query}", saw ${requests.length}`);
  if (sample.results !== result.count) throw new Error(`The webview painted ${sample.results} results, the command loaded ${result.count}`);
  const { offset, error } = await clockOffset(frame, epochNow);
  return {
    responseToPaintMs: sample.paintedEpoch - offset - sent,
    messageToPaintMs: sample.paintedEpoch - sample.arrivedEpoch,
    results: sample.results,
    tiles: sample.tiles,
    clockError: error,
  };
}

export interface DomFigures extends DomCounts {
  readonly results: number;
  readonly requests: number;
}

/** Scrolls one search until `results` results are loaded, then counts the webview's elements. */
export async function measureDom(grid: GridDriver, query: string, results: number): Promise<DomFigures> {
  const mark = grid.logMark;
  await grid.search(query);
  const loaded = await grid.scrollUntil(results, HURRYING);
  await grid.settle();
  await sleep(300);
  const counts = await domCounts(await grid.frame());
  return { ...counts, results: loaded, requests: grid.requestsSince(mark).length };
}

/** Heap of the extension host around `queries.length` searches, each a new request. */
export async function measureHeap(control: ControlServer, queries: readonly string[]): Promise<HeapFigures> {
  const figures = await control.call<HeapFigures>({ op: 'heap', queries }, 10 * 60_000);
  if (figures.failed > 0) throw new Error(`${figures.failed} of ${figures.searches} searches did not load`);
  return figures;
}
