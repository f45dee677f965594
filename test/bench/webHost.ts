// The packaged extension in the browser's web worker extension host (its `browser` entry,
// as on vscode.dev and github.dev): the time from its activation to the first painted grid.
//
// The Node agent (test/bench/vscode/index.ts) cannot run there (no Node), so a small probe
// takes its place: VS Code runs it as the extension's tests, in the host the extension runs
// in, which needs it inside the extension's folder (a copy of the unpacked VSIX). It tells
// the runner what happened with a plain cross-origin POST (text/plain: no preflight).
// Each load of the page is a new web worker host: the probe waits for VS Code to activate
// the extension (onStartupFinished, key stored), notes the moment, and at once searches
// through the extension's command. The grid's page carries a paint probe from before its
// own scripts (an init script in every frame, webview.ts earlyPaintProbe), so its first
// paint is seen too.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { VIEWPORT } from '../host/browser';
import { appendLine } from '../host/fileTail';
import type { PreparedHost } from '../host/prepare';
import { WEB_WORKER_HOST_SETTINGS, startServer } from '../host/server';
import { createWorkspace } from '../host/workspace';
import type { ApiServer, RequestLogEntry } from '../server/server';
import { withTimeout } from './controlServer';
import { epochNow } from './gridBench';
import { clockOffset, earlyPaintProbe, gridFrame, paintSamples } from './webview';

export interface WebPaintOptions {
  readonly host: PreparedHost;
  readonly browser: Browser;
  readonly api: ApiServer;
  /** When the local server sent each answer, epoch ms (run.ts's onRequest hook). */
  readonly sentAt: ReadonlyMap<RequestLogEntry, number>;
  /** The unpacked VSIX. */
  readonly extensionPath: string;
  /** One search per load of the page, each a new web worker host. */
  readonly queries: readonly string[];
  readonly logDir: string;
  readonly log: (line: string) => void;
}

export interface WebPaintRun {
  /** End of activate() (noticed by the probe) → the grid's first rendered frame with tiles. */
  readonly activationToPaintMs: number;
  /** The server sent the search's answer → that frame. */
  readonly responseToPaintMs: number;
  /** Whether VS Code activated the extension (onStartupFinished) rather than the probe. */
  readonly byVsCode: boolean;
  /** Whether it was active before the probe first looked (then the start is when the probe looked). */
  readonly activeAtStart: boolean;
  readonly results: number;
  readonly tiles: number;
}

export interface WebPaintFigures {
  readonly runs: readonly WebPaintRun[];
  /** What the probe found beside the extension: no `process` object in a web worker host. */
  readonly hostKind: string;
}

/** What the probe posts. */
type Report =
  | { phase: 'key'; saved: boolean; reason?: string; hostKind: string }
  | { phase: 'search'; byVsCode: boolean; activeAtStart: boolean; activatedEpoch: number; result: unknown; hostKind: string }
  | { phase: 'error'; error: string };

const EXTENSION_ID = 'stockmedia.stock-media';
const LOAD_TIMEOUT_MS = 120_000;

/** The probe: plain JavaScript, run by the web worker host's `require('vscode')`-only loader. */
const probeScript = (report: string, key: string, queries: readonly string[]): string => `"use strict";
const vscode = require("vscode");
const REPORT = ${JSON.stringify(report)};
const KEY = ${JSON.stringify(key)};
const QUERIES = ${JSON.stringify(queries)};
const epoch = () => performance.timeOrigin + performance.now();
const post = (body) => fetch(REPORT, { method: "POST", headers: { "Content-Type": "text/plain" }, body: JSON.stringify(body) });
// No Node here: the web worker host has no process object.
const hostKind = typeof process === "undefined" ? "web worker (no process object)" : "node " + process.versions.node;
exports.run = async function () {
  try {
    const extension = vscode.extensions.getExtension(${JSON.stringify(EXTENSION_ID)});
    if (!extension) throw new Error("${EXTENSION_ID} is not loaded");
    // Already active when first looked at: the moment below is later than activation.
    const activeAtStart = extension.isActive;
    const until = Date.now() + 30000;
    // Polled every millisecond or so: the moment activate() has returned.
    while (!extension.isActive && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 1));
    const byVsCode = extension.isActive;
    const activatedEpoch = epoch();
    await extension.activate();
    // The extension's activate() returns nothing: the runner says whether the key session was done.
    if ((await (await fetch(REPORT + "keySaved")).text()) !== "1") {
      const saved = await vscode.commands.executeCommand("stockMedia.setApiKey", { key: KEY });
      await post({ phase: "key", saved: Boolean(saved && saved.saved), reason: saved && saved.reason, hostKind });
    } else {
      const count = Number(await (await fetch(REPORT + "count")).text());
      const query = QUERIES[count % QUERIES.length];
      const result = await vscode.commands.executeCommand("stockMedia.search", { query });
      await post({ phase: "search", byVsCode, activeAtStart, activatedEpoch, result, hostKind });
      // The runner reads the grid's paint before it goes.
      await fetch(REPORT + "measured");
    }
    // The next load must not restore this grid: its restored page would paint first.
    await vscode.commands.executeCommand("workbench.action.closeAllEditors");
  } catch (error) {
    await post({ phase: "error", error: String(error && error.stack || error) });
  }
};
`;

/** The runner's end: takes the probe's reports (any origin may post; loopback only). */
class Reports {
  private waiting: ((report: Report) => void) | undefined;
  private searches = 0;
  /** Whether the first load saved the key (the later loads search). */
  private keySaved = false;
  private held: ServerResponse | undefined;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<Reports> {
    // eslint-disable-next-line prefer-const -- the handler below may run before it is set
    let reports: Reports | undefined;
    const server = createServer((req, res) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'GET' && req.url === '/keySaved') {
        res.end(reports?.keySaved ? '1' : '0');
        return;
      }
      if (req.method === 'GET' && req.url === '/count') {
        res.end(String(reports?.searches ?? 0));
        return;
      }
      if (req.method === 'GET' && req.url === '/measured') {
        // Held until the runner has read the grid (release()).
        if (reports) reports.held = res;
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        res.end();
        try {
          const report = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Report;
          if (report.phase === 'search' && reports) reports.searches++;
          if (report.phase === 'key' && report.saved && reports) reports.keySaved = true;
          reports?.waiting?.(report);
        } catch {
          // Not a report.
        }
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    reports = new Reports(server, `http://127.0.0.1:${port}/`);
    return reports;
  }

  next(): Promise<Report> {
    return withTimeout(new Promise<Report>((resolve) => (this.waiting = resolve)), LOAD_TIMEOUT_MS, 'the probe in the web worker host');
  }

  /** Lets the probe go on (it closes the grid and ends its session). */
  release(): void {
    this.held?.end();
    this.held = undefined;
  }

  close(): Promise<void> {
    this.release();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

/** One VS Code server with the extension in the web worker host: a key session, then one load per query. */
export async function measureWebPaint(options: WebPaintOptions): Promise<WebPaintFigures> {
  const { api, log } = options;
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'stock-media-bench-web-')));
  const extension = join(parent, 'stock-media');
  cpSync(options.extensionPath, extension, { recursive: true });
  const reports = await Reports.start();
  const probe = join(extension, 'bench-web', 'index.js');
  mkdirSync(join(extension, 'bench-web'));
  writeFileSync(probe, probeScript(reports.url, api.keys.alice, options.queries));
  const workspace = createWorkspace();
  const server = await startServer(options.host, {
    logFile: join(options.logDir, 'web-server.log'),
    machineSettings: { 'stockMedia.apiBaseUrl': api.baseUrl, 'stockMedia.videoBaseUrl': api.videoBaseUrl, 'stockMedia.serviceUrl': api.origin },
    userSettings: WEB_WORKER_HOST_SETTINGS,
  });
  const context = await options.browser.newContext({ viewport: VIEWPORT });
  try {
    // As BenchWindow does: extension secrets survive a reload only with code-server's key.
    const serverKey = randomBytes(32);
    await context.route(
      (url) => url.pathname.endsWith('/mint-key'),
      (route) => route.fulfill({ status: 200, contentType: 'application/octet-stream', body: serverKey }),
    );
    await context.addInitScript(earlyPaintProbe);
    const page = await context.newPage();
    const consoleLog = join(options.logDir, 'web-console.log');
    page.on('console', (message) => appendLine(consoleLog, `[${message.type()}] ${message.text()}`));
    let exited: ((code: number) => void) | undefined;
    await page.exposeFunction('codeAutomationExit', (code: unknown) => exited?.(typeof code === 'number' ? code : 1));
    const url = server.workbenchUrl(workspace.path, [
      ['extensionDevelopmentPath', server.remoteUri(extension)],
      ['extensionTestsPath', server.remoteUri(probe)],
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ]);
    const load = async (): Promise<{ report: Report; ended: Promise<number> }> => {
      const ended = new Promise<number>((resolve) => (exited = resolve));
      const report = reports.next();
      await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
      return { report: await report, ended };
    };
    const first = await load();
    if (first.report.phase !== 'key' || !first.report.saved) throw new Error(`The key was not saved in the web host: ${JSON.stringify(first.report)}`);
    if ((await withTimeout(first.ended, 30_000, 'the web host session to end')) !== 0) throw new Error('The web host key session failed');
    log(`[bench] Web host: key saved (${first.report.hostKind})`);
    let hostKind = first.report.hostKind;
    const runs: WebPaintRun[] = [];
    for (const query of options.queries) {
      const mark = api.log.length;
      const { report, ended } = await load();
      if (report.phase !== 'search') throw new Error(`The probe in the web host: ${JSON.stringify(report)}`);
      hostKind = report.hostKind;
      const result = report.result as { shown?: boolean; status?: string; count?: number };
      if (!result.shown || result.status !== 'loaded') throw new Error(`Search "${query}" did not load in the web host: ${JSON.stringify(result)}`);
      const frame = await gridFrame(page);
      const until = Date.now() + 15_000;
      let samples = await paintSamples(frame);
      while (samples.length === 0) {
        if (Date.now() > until) throw new Error(`No painted result list was seen in the web host's grid for "${query}"`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        samples = await paintSamples(frame);
      }
      const sample = samples[0];
      const requests = api.log.slice(mark).filter((e) => e.path === '/v1/search' && e.query['query'] === query);
      const sent = requests.length === 1 && requests[0] ? options.sentAt.get(requests[0]) : undefined;
      if (!sample || sent === undefined) throw new Error(`Expected one search request for "${query}", saw ${requests.length}`);
      // The webview's clock against this process's (the server's send time), as measurePaint does.
      const { offset } = await clockOffset(frame, epochNow);
      reports.release();
      const code = await withTimeout(ended, 30_000, 'the web host session to end');
      if (code !== 0) throw new Error(`The web host session ended with code ${code}`);
      const run: WebPaintRun = {
        activationToPaintMs: sample.paintedEpoch - report.activatedEpoch,
        responseToPaintMs: sample.paintedEpoch - offset - sent,
        byVsCode: report.byVsCode,
        activeAtStart: report.activeAtStart,
        results: sample.results,
        tiles: sample.tiles,
      };
      runs.push(run);
      log(
        `[bench] Web host, "${query}": activation → painted ${run.activationToPaintMs.toFixed(1)} ms, ` +
          `answer → painted ${run.responseToPaintMs.toFixed(1)} ms, ${run.results} results, ${run.tiles} tiles`,
      );
    }
    return { runs, hostKind };
  } finally {
    await context.close().catch(() => undefined);
    await server.close();
    await reports.close();
    workspace.dispose();
    rmSync(parent, { recursive: true, force: true, maxRetries: 3 });
  }
}
