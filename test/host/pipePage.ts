// The VS Code suites' workbench page: Debian's headless Chromium driven over the DevTools
// protocol through a pipe (--remote-debugging-pipe), with only what run.ts needs: an init
// script, two functions the workbench calls, its console, a navigation and a screenshot.
//
// Not Playwright, because Playwright turns on the protocol's Network domain for every page, and
// Chromium then copies each WebSocket message to it: all the traffic between the workbench and
// the remote extension host, encoded, sent down the pipe and parsed again in this process.
// The e2e tests, which need Playwright's locators and input, keep it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { CHROMIUM_ARGS, VIEWPORT } from './browser';
import { checkPrerequisites, chromiumPath } from './prerequisites';
import { killGroupNow } from './server';

/** A message from the page: a console call or an uncaught error (`type` 'pageerror'). */
export interface PageMessage {
  readonly type: string;
  readonly text: string;
}

export interface PipePage {
  /** Runs `source` in every new document of the page before its own scripts. */
  addInitScript(source: string): Promise<void>;
  /** Makes `window[name](...args)` call `handler` with the arguments (as JSON values). */
  exposeFunction(name: string, handler: (...args: unknown[]) => void): Promise<void>;
  /** Loads `url`; resolves when the document's DOMContentLoaded fired. */
  goto(url: string, timeoutMs: number): Promise<void>;
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

interface Pending {
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
}

export async function launchPipePage(onMessage: (message: PageMessage) => void): Promise<PipePage> {
  checkPrerequisites({ build: false, browser: true });
  const profile = mkdtempSync(join(tmpdir(), 'stock-media-chromium-'));
  const child: ChildProcess = spawn(
    chromiumPath(),
    [
      ...CHROMIUM_ARGS,
      // As Playwright launches it: a page's timers and rendering never slowed down as if it were in the background.
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      '--headless',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      `--window-size=${VIEWPORT.width},${VIEWPORT.height}`,
      '--mute-audio',
      'about:blank',
    ],
    // Its own process group, so close() also ends the renderers and the GPU process it started.
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true },
  );
  const killGroup = (): void => killGroupNow(child);
  process.once('exit', killGroup);
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  fromBrowser.setEncoding('utf8');
  // The end of Chromium's own output, for the message when it exits early.
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => (stderr = (stderr + text).slice(-2000)));

  let nextId = 1;
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, (params: Record<string, unknown>) => void>();
  let buffered = '';
  fromBrowser.on('data', (text: string) => {
    const parts = (buffered + text).split('\0');
    buffered = parts.pop() ?? '';
    for (const part of parts) {
      const message = JSON.parse(part) as { id?: number; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: { message: string } };
      if (message.id !== undefined) {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result ?? {});
      } else if (message.method) {
        listeners.get(message.method)?.(message.params ?? {});
      }
    }
  });
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void gone.then(() => {
    for (const waiting of pending.values()) waiting.reject(new Error(`Chromium exited: ${stderr.slice(-500)}`));
    pending.clear();
  });

  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      toBrowser.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    });

  const close = async (): Promise<void> => {
    await Promise.race([send('Browser.close').then(() => gone, () => undefined), gone, delay(5000, undefined, { ref: false })]);
    // The browser may be gone while its children linger: always sweep.
    killGroup();
    process.removeListener('exit', killGroup);
    await Promise.race([gone, delay(2000, undefined, { ref: false })]);
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.warn(`[vscode] Could not remove ${profile}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  try {
    const { targetInfos } = (await send('Target.getTargets')) as { targetInfos: Array<{ targetId: string; type: string }> };
    const target = targetInfos.find((t) => t.type === 'page');
    if (!target) throw new Error('Chromium opened no page');
    const { sessionId } = (await send('Target.attachToTarget', { targetId: target.targetId, flatten: true })) as { sessionId: string };
    const page = (method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>> => send(method, params, sessionId);

    const bindings = new Map<string, (...args: unknown[]) => void>();
    listeners.set('Runtime.bindingCalled', (params) => {
      const handler = bindings.get(String(params['name']));
      if (handler) handler(...(JSON.parse(String(params['payload'])) as unknown[]));
    });
    listeners.set('Runtime.consoleAPICalled', (params) => {
      const args = (params['args'] ?? []) as Array<{ value?: unknown; description?: string }>;
      onMessage({ type: String(params['type']), text: args.map((a) => (a.value !== undefined ? String(a.value) : (a.description ?? ''))).join(' ') });
    });
    listeners.set('Runtime.exceptionThrown', (params) => {
      const details = params['exceptionDetails'] as { text?: string; exception?: { description?: string } };
      onMessage({ type: 'pageerror', text: details.exception?.description ?? details.text ?? '' });
    });
    // As Playwright does: the page behaves as focused (headless, it may not be), so focus moves
    // within it (into a webview, say) as they do in a window a person works in.
    await Promise.all([page('Page.enable'), page('Runtime.enable'), page('Emulation.setFocusEmulationEnabled', { enabled: true })]);

    return {
      addInitScript: async (source) => {
        await page('Page.addScriptToEvaluateOnNewDocument', { source });
      },
      exposeFunction: async (name, handler) => {
        const binding = `__stockMedia_${name}`;
        bindings.set(binding, handler);
        await page('Runtime.addBinding', { name: binding });
        // A binding takes one string: the page's function passes its arguments as JSON.
        await page('Page.addScriptToEvaluateOnNewDocument', {
          source: `globalThis[${JSON.stringify(name)}] = (...args) => globalThis[${JSON.stringify(binding)}](JSON.stringify(args));`,
        });
      },
      goto: (url, timeoutMs) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${url} did not load within ${timeoutMs / 1000} s`)), timeoutMs);
          const fail = (error: Error): void => {
            clearTimeout(timer);
            reject(error);
          };
          listeners.set('Page.domContentEventFired', () => {
            clearTimeout(timer);
            resolve();
          });
          page('Page.navigate', { url }).then((result) => result['errorText'] && fail(new Error(`Cannot open ${url}: ${String(result['errorText'])}`)), fail);
        }),
      screenshot: async (path) => {
        const { data } = (await page('Page.captureScreenshot', { format: 'png' })) as { data: string };
        writeFileSync(path, Buffer.from(data, 'base64'));
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

