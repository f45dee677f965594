// The grid's webview as Playwright sees it: VS Code puts a webview in `iframe.webview`
// and the extension's page in its inner `#active-frame`. Also the probe the bench puts
// into that page to time the first paint of a result list, without any help from the
// grid's own code: it listens to the same `message` events the grid does (capturing, so
// it hears each one first) and notes the first rendered frame after a loaded result list.
import type { Frame, Page } from 'playwright-core';

export interface PaintSample {
  /** This page's clock (performance.timeOrigin + performance.now()), epoch ms. */
  readonly arrivedEpoch: number;
  /** After the grid handled the message: its tiles are in the DOM. */
  readonly handledEpoch: number;
  /** After the next rendered frame: the tiles are painted. */
  readonly paintedEpoch: number;
  readonly results: number;
  /** Tiles in the DOM at that moment (the grid renders only the rows near the viewport). */
  readonly tiles: number;
}

interface ProbeWindow {
  __stockMediaBench?: { samples: PaintSample[] };
}

/** The inner frame of the grid's webview, once its page has started. */
export async function gridFrame(page: Page, timeoutMs = 30_000): Promise<Frame> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    for (const outer of await page.locator('iframe.webview').elementHandles()) {
      const outerFrame = await outer.contentFrame();
      const active = await outerFrame?.$('#active-frame');
      const inner = await active?.contentFrame();
      if (inner && (await inner.$('main.scroller').catch(() => null))) return inner;
    }
    if (Date.now() > until) throw new Error(`The grid's webview did not appear within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The probe itself, run in the grid's page by installPaintProbe (self-contained for that). */
export function paintProbe(): void {
  const w = window as unknown as ProbeWindow;
  if (w.__stockMediaBench) {
    w.__stockMediaBench.samples = [];
    return;
  }
  const state: { samples: PaintSample[] } = { samples: [] };
  w.__stockMediaBench = state;
  const epoch = (): number => performance.timeOrigin + performance.now();
  const isLoadedList = (data: unknown): number => {
    if (typeof data !== 'object' || data === null) return 0;
    const d = data as { type?: unknown; status?: unknown; items?: unknown };
    return d.type === 'session' && d.status === 'loaded' && Array.isArray(d.items) ? d.items.length : 0;
  };
  let current: { arrivedEpoch: number; handledEpoch: number; results: number } | undefined;
  // Capturing on window: runs before the grid's own (bubbling) listener.
  window.addEventListener(
    'message',
    (event: MessageEvent<unknown>) => {
      const results = isLoadedList(event.data);
      if (results > 0) current = { arrivedEpoch: epoch(), handledEpoch: 0, results };
    },
    true,
  );
  // Added after the grid's listener, so it runs after the grid has handled the message.
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const sample = current;
    if (!sample || isLoadedList(event.data) === 0) return;
    current = undefined;
    sample.handledEpoch = epoch();
    // A task posted from a frame callback runs once that frame has been rendered; a frame
    // without tiles yet (the grid not started) does not count.
    const afterFrame = (): void =>
      void requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          const tiles = document.querySelectorAll('.tile').length;
          if (tiles === 0) return afterFrame();
          state.samples.push({ ...sample, paintedEpoch: epoch(), tiles });
        };
        channel.port2.postMessage(null);
      });
    afterFrame();
  });
}

/**
 * The paint probe for a grid page that is not open yet, as an init script in every frame:
 * VS Code writes a webview's page into its frame with document.open(), which removes every
 * listener added before, but not the page's globals. So this wraps the `message` listeners
 * the page adds to its window from then on (the grid's own): the same samples as
 * paintProbe, the "handled" time taken after the grid's listener returned.
 */
export function earlyPaintProbe(): void {
  const w = window as unknown as ProbeWindow;
  if (w.__stockMediaBench) return;
  const state: { samples: PaintSample[] } = { samples: [] };
  w.__stockMediaBench = state;
  const epoch = (): number => performance.timeOrigin + performance.now();
  const isLoadedList = (data: unknown): number => {
    if (typeof data !== 'object' || data === null) return 0;
    const d = data as { type?: unknown; status?: unknown; items?: unknown };
    return d.type === 'session' && d.status === 'loaded' && Array.isArray(d.items) ? d.items.length : 0;
  };
  const painted = (sample: Omit<PaintSample, 'paintedEpoch' | 'tiles'>): void =>
    void requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        const tiles = document.querySelectorAll('.tile').length;
        if (tiles === 0) return painted(sample);
        state.samples.push({ ...sample, paintedEpoch: epoch(), tiles });
      };
      channel.port2.postMessage(null);
    });
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
    if (this !== window || type !== 'message' || typeof listener !== 'function') return add.call(this, type, listener, options);
    const own = listener;
    return add.call(
      this,
      type,
      function (this: unknown, event: Event) {
        const results = isLoadedList((event as MessageEvent<unknown>).data);
        const arrivedEpoch = epoch();
        own.call(this, event);
        if (results > 0) painted({ arrivedEpoch, handledEpoch: epoch(), results });
      },
      options,
    );
  };
}

/** Puts the paint probe into the grid's page (once per page load) and empties its samples. */
export async function installPaintProbe(frame: Frame): Promise<void> {
  await frame.evaluate(paintProbe);
}

export async function paintSamples(frame: Frame): Promise<PaintSample[]> {
  return frame.evaluate(() => (window as unknown as ProbeWindow).__stockMediaBench?.samples ?? []);
}

/**
 * The page's clock minus this process's, in ms, and how far off that estimate can be (half
 * the round trip). Both read the system clock; this catches any difference in their origins.
 */
export async function clockOffset(frame: Frame, now: () => number): Promise<{ offset: number; error: number }> {
  let best = { offset: 0, error: Infinity };
  for (let i = 0; i < 10; i++) {
    const before = now();
    const theirs = await frame.evaluate(() => performance.timeOrigin + performance.now());
    const after = now();
    const error = (after - before) / 2;
    if (error < best.error) best = { offset: theirs - (before + after) / 2, error };
  }
  return best;
}

export interface DomCounts {
  /** Elements in the grid's document (`querySelectorAll('*')`). */
  readonly nodes: number;
  readonly tiles: number;
  /** Tiles per row, and the result area's size in CSS pixels: the window the counts depend on. */
  readonly columns: number;
  readonly width: number;
  readonly height: number;
}

export async function domCounts(frame: Frame): Promise<DomCounts> {
  return frame.evaluate(() => {
    const tiles = [...document.querySelectorAll('.tile')];
    const scroller = document.querySelector('main.scroller');
    return {
      nodes: document.querySelectorAll('*').length,
      tiles: tiles.length,
      columns: new Set(tiles.map((t) => Math.round(t.getBoundingClientRect().left))).size,
      width: scroller?.clientWidth ?? 0,
      height: scroller?.clientHeight ?? 0,
    };
  });
}

/**
 * Turns the mouse wheel over the grid's result area by `screens` times its height, as a
 * person scrolling would, and waits until the (smooth) scroll has come to rest.
 */
export async function wheel(page: Page, frame: Frame, screens: number): Promise<void> {
  const scroller = frame.locator('main.scroller');
  const box = await scroller.boundingBox();
  if (!box) throw new Error('The grid has no result area to scroll');
  const before = await scroller.evaluate((el) => el.scrollTop);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, Math.round(box.height * screens));
  // In the page, to spare round trips: wait for the scroll to start (unless already at the
  // end), then for three frames without movement.
  await scroller.evaluate(
    (el, start) =>
      new Promise<void>((resolve) => {
        const began = performance.now();
        let last = el.scrollTop;
        let still = 0;
        const frame = (): void => {
          const now = el.scrollTop;
          const moving = now !== start || performance.now() - began > 500;
          still = moving && now === last ? still + 1 : 0;
          last = now;
          if (still >= 3 || performance.now() - began > 5_000) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    before,
  );
}
