// `npm run bench`: measures the packaged extension in the real VS Code host and
// Chromium, and prints one table of figures, each the median of several runs, beside its
// target. It reports; it is not a test: a missed target still exits 0, but a figure that
// could not be measured exits 1.
//
// What runs: the VSIX from `npm run package`, unpacked; a local API server with a larger
// library (6,400 photos, so one query has over 1,000 results); five fresh VS Code servers,
// each opened once without a key (activation), given the key and reloaded (activation with
// a key stored: requests counted); the grid figures in the last of those windows. Beside the
// extension each window loads an empty one (test/bench/emptyExtension.ts), second in odd
// launches and first in even ones, as the yardstick for activation. An agent
// in the extension host (test/bench/vscode/index.ts) runs commands and reads the heap; the
// webview is scrolled with the mouse wheel and probed from Playwright (test/bench/webview.ts).
// One more VS Code server runs the extension in the browser's web worker extension host
// (its `browser` entry) for the time from activation to the first painted grid there
// (test/bench/webHost.ts).
// First, before any of that, the generated-input properties run with more cases than the
// unit suite's (test/bench/generated.ts), and the service's real answers in ../shared/real-responses
// are read, when that folder is there (test/bench/realAnswers.ts). `npm run bench -- --only
// real-answers` prints only those rows (no VS Code, no server); `--only bundle` only the
// bundle's load in bare Node beside DevStock's (test/bench/bundleBench.ts: the VSIX packaged, no
// VS Code). Then the bytes of a cover at each preset's default size against the original, from
// a local library of its own (test/bench/covers.ts); `--only covers` prints only those rows (no
// VS Code). Last, in windows of their own on generated workspaces, In This Workspace (`--only workspace-media`), Write
// Credits File on 1,000 and 10,000 files, every media known (test/bench/writeCreditsBench.ts,
// `--only write-credits`) and the ignored workspace of 10,000 files
// (test/bench/ignoredWorkspaceBench.ts, `--only ignored-workspace`): each of those options
// prints only its rows; `--only tree` the tree's 5,000-media collection rows alone
// (test/bench/loadBench.ts). `--only credit-check` prints the credit check rows of the load
// figures alone, in a window of their own (with STOCK_MEDIA_BENCH_SNAPSHOTS=1, heap snapshots
// before and after in test-output/bench).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_LONGEST_WRITE_WAIT_MS } from '../../src/core/answerStore';
import { BACKGROUND_HOURLY_BUDGET } from '../../src/host/credits/lookup';
import type { SetApiKeyResult } from '../../src/host/key/apiKey';
import { launchBrowser } from '../host/browser';
import type { BrowserSession } from '../host/browser';
import { CODE_SERVER_VERSION, prepare } from '../host/prepare';
import { repoRoot } from '../host/workspace';
import type { Library } from '../server/library';
import { photoMatches } from '../server/search';
import type { ApiServer, RequestLogEntry } from '../server/server';
import { startApiServer } from '../server/server';
import type { ActivationFigures, CoverSeenFigures, FeaturesSetUpFigures, FirstCommandFigures, InARowFigures } from './control';
import { ControlServer } from './controlServer';
import { coverBytesRows, runCoverBytesBench } from './covers';
import type { CoverBytesResult } from './covers';
import { generatedRows, runGeneratedBench } from './generated';
import { realAnswersRows, runRealAnswersBench } from './realAnswers';
import type { RealAnswersResult } from '../realAnswers/read';
import type { RunResult } from '../generated/properties';
import { GridDriver, epochNow, measureBrowse, measureDom, measureHeap, measurePaint } from './gridBench';
import { describeMachine, machineLines } from './machine';
import { median, renderTable } from './table';
import type { Row } from './table';
import { ExtensionPairs } from './emptyExtension';
import { kb, packageExtension } from './vsix';
import type { PackagedExtension } from './vsix';
import { measureWebPaint } from './webHost';
import { CHECK_FILES, CHECK_KEYS, LOAD_DISTINCT, LOAD_FILES, LOAD_MEDIA, TREE_KEYS, measureCreditCheck, measureLoad, measureTreeOnly } from './loadBench';
import type { LoadContext } from './loadBench';
import { BenchWindow } from './workbench';
import { WORKSPACE_MEDIA_KEYS, measureWorkspaceMedia, workspaceMediaRows } from './workspaceMediaBench';
import { LARGE_FILES, WRITE_CREDITS_KEYS, measureWriteCredits, writeCreditsRows } from './writeCreditsBench';
import { IGNORED_FILES, IGNORED_KEYS, ignoredWorkspaceRows, measureIgnoredWorkspace } from './ignoredWorkspaceBench';
import { AGENT_KEYS, AGENT_PAGES, agentRows, measureAgent } from './agentBench';
import { BUNDLE_KEYS, bundleRows, measureBareLoads } from './bundleBench';

/** The most the VSIX may weigh. */
const VSIX_MAX_KB = 250;

/** `--only real-answers` or `--only covers`: only those rows, computed without VS Code (see the top). */
const ONLY = ((i) => (i >= 0 ? process.argv[i + 1] : undefined))(process.argv.indexOf('--only'));
if (ONLY !== undefined && !['real-answers', 'covers', 'bundle', 'workspace-media', 'ignored-workspace', 'agent', 'credit-check', 'tree', 'write-credits'].includes(ONLY)) {
  throw new Error(`--only takes real-answers, covers, bundle, workspace-media, ignored-workspace, agent, credit-check, tree or write-credits, not ${ONLY}`);
}

/** Fresh VS Code servers for the activation figures (STOCK_MEDIA_BENCH_LAUNCHES for a quick look). */
const LAUNCHES = Math.max(1, Number(process.env['STOCK_MEDIA_BENCH_LAUNCHES']) || 5);
/**
 * Both bundles of the production build at 0b72a7c, the code before the seam, the domain
 * types and the schema were reworked (dist/extension.js 17,515 + dist/features.js 138,741 bytes).
 */
const BASELINE = { commit: '0b72a7c', bytes: 17_515 + 138_741 };
const PHOTO_COUNT = 6_400;
const BROWSE_RESULTS = 200;
const BROWSE_QUERIES = ['ocean', 'forest', 'coffee'];
const PAINT_QUERIES = ['city', 'cat', 'dog', 'mountain', 'flowers'];
/** One load of the web worker host per query: activation → first painted grid. */
const WEB_PAINT_QUERIES = ['sunset', 'beach', 'snow', 'bicycle', 'books'];
const DOM_RESULTS = 1_000;
const DOM_QUERY = 'nature';
const DOM_RUNS = 3;
const HEAP_RUNS = 3;
const HEAP_SEARCHES = 50;
/** After activation with a key stored: how long to watch for requests nobody asked for. */
const QUIET_MS = 3_000;
const WATCHDOG_MIN = 60;
/** The first feature command timed: no request, no window; it makes the grid (and Recent and Starred). */
const FIRST_COMMAND = 'stockMedia.clearRecentSearches';

/** The grid left open and the media looked up before a restart (a subject no other figure searches for alone). */
const RESTART_QUERY = 'bird';
const RESTART_LOOKUPS = 10;
/** Photos of that grid set as a cover, and pasted as a link, each. */
const COVER_MEDIA = 5;
/** How long the bench waits for VS Code to bring the grid back after the reload. */
const RESTORE_TIMEOUT_MS = 30_000;
const GRID_KEYS = ['browse', 'browseRepeat', 'paint', 'paintWebview', 'dom', 'heap', 'inARow', 'inARowAborted'];
/** Eight searches fired in a row (a query typed letter by letter and sent each time), against an API answering in 200 ms. */
const IN_A_ROW_QUERIES = ['w', 'wa', 'wat', 'wate', 'water', 'water s', 'water st', 'water sto'];
const IN_A_ROW_DELAY_MS = 200;
const IN_A_ROW_RUNS = 3;
const OUTPUT = join(repoRoot(), 'test-output', 'bench');
/** STOCK_MEDIA_BENCH_ONLY=load: only the load figures (a quick look while working on them). */
const ONLY_LOAD = process.env['STOCK_MEDIA_BENCH_ONLY'] === 'load';
const startedAt = Date.now();
const log = (line: string): void => console.log(line.replace(/^\[bench\]/, `[bench ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(3)} s]`));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** Collected figures, one array per row; `errors` says why a row is incomplete. */
class Figures {
  readonly values = new Map<string, number[]>();
  readonly notes = new Map<string, string>();
  readonly errors = new Map<string, string>();

  add(key: string, value: number): void {
    const list = this.values.get(key) ?? [];
    list.push(value);
    this.values.set(key, list);
  }

  fail(keys: readonly string[], error: unknown): void {
    for (const key of keys) if (!this.errors.has(key)) this.errors.set(key, message(error));
    log(`[bench] ✗ ${keys.join(', ')}: ${message(error)}`);
  }

  get(key: string): number[] {
    return this.values.get(key) ?? [];
  }
}

/** Two-word searches with results: 50 new requests per heap run, none repeated. */
function heapQueries(library: Library, count: number): string[] {
  const subjects = ['cat', 'dog', 'mountain', 'ocean', 'forest', 'city', 'coffee', 'flowers', 'beach', 'snow', 'sunset', 'bicycle', 'books', 'food', 'bird', 'desk'];
  const settings = ['sunrise', 'morning', 'rain', 'weather', 'sky', 'blue', 'fog', 'light', 'night', 'dark', 'autumn', 'fall', 'aerial', 'drone', 'monochrome'];
  const queries: string[] = [];
  for (const setting of settings) {
    for (const subject of subjects) {
      const query = `${subject} ${setting}`;
      const hits = library.photos.filter((p) => photoMatches(p, { query, orientation: null, size: null, color: null })).length;
      if (hits > 0) queries.push(query);
      if (queries.length === count) return queries;
    }
  }
  throw new Error(`Only ${queries.length} two-word searches have results; ${count} are needed`);
}

interface Context {
  readonly figures: Figures;
  readonly api: ApiServer;
  readonly control: ControlServer;
  readonly browser: BrowserSession;
  readonly extension: PackagedExtension;
  /** Where each launch's folder of the two extensions (this one and the empty one) goes. */
  readonly pairs: ExtensionPairs;
  readonly sentAt: Map<RequestLogEntry, number>;
  readonly machine: ReturnType<typeof describeMachine>;
  /** Every window still open, so an interrupted run can close them. */
  readonly windows: Set<BenchWindow>;
}

/** One fresh VS Code server: activation without a key, then with one after a reload. */
async function launch(ctx: Context, index: number, keepOpen: boolean): Promise<BenchWindow | undefined> {
  const { figures, api, control } = ctx;
  const host = await prepare({ browser: true });
  const window = await BenchWindow.open({
    host,
    browser: ctx.browser.browser,
    control,
    // This extension and the empty one; which of the two is loaded first alternates.
    extensionPath: ctx.pairs.pair(`launch-${index}`, ctx.extension.path, index % 2 === 0),
    machineSettings: { 'stockMedia.apiBaseUrl': api.baseUrl, 'stockMedia.videoBaseUrl': api.videoBaseUrl, 'stockMedia.serviceUrl': api.origin },
    logDir: OUTPUT,
    name: `launch-${index}`,
  });
  ctx.windows.add(window);
  try {
    const hello = await window.load();
    ctx.machine.vscode = hello.vscodeVersion;
    ctx.machine.extensionHostNode = hello.node;
    const fresh = await control.call<ActivationFigures>({ op: 'activation' });
    if (fresh.loadAndActivateMs === null) throw new Error('The bundle has no load timestamp (not started through test/vscode/underTest.node.ts?)');
    figures.add('loadAndActivate', fresh.loadAndActivateMs);
    figures.add('activatedByVsCode', fresh.byVsCode ? 1 : 0);
    figures.add('activate', fresh.activationMs);
    figures.add('featuresAtActivation', fresh.featuresMade.length);
    if (fresh.loadToActivatedMs !== null) figures.add('loadToActivated', fresh.loadToActivatedMs);
    if (!fresh.empty) throw new Error('The empty extension was not loaded beside this one');
    figures.add('emptyLoadAndActivate', fresh.empty.loadAndActivateMs);
    figures.add('emptyActivatedByVsCode', fresh.empty.byVsCode ? 1 : 0);
    figures.add('emptyLoadedFirst', fresh.empty.loadedFirst ? 1 : 0);
    figures.add('emptyLoadToActivated', fresh.empty.loadToActivatedMs);
    figures.add('bundleInHost', await control.call<number>({ op: 'bundleLoad' }));
    figures.notes.set('bundleInHost', `a second copy, compiled anew, after activation; Node's fetch ${hello.fetchLoadedBefore ? 'was' : 'was not'} loaded before the extension`);
    // The first feature command, timed from outside: through vscode.commands to its result.
    const first = await control.call<FirstCommandFigures>({ op: 'firstCommand', command: FIRST_COMMAND });
    if (first.madeBefore.length > 0) throw new Error(`Features made before the first command: ${first.madeBefore.join(', ')}`);
    if (first.made.length === 0) throw new Error(`${FIRST_COMMAND} made no feature`);
    figures.add('firstCommand', first.firstMs);
    figures.add('firstCommandAgain', first.againMs);
    figures.notes.set('firstCommand', `through vscode.commands to its result, in a host that has made no feature; it made ${first.made.join(' and ')}`);

    api.resetQuotas();
    const saved = await control.call<SetApiKeyResult>({ op: 'command', command: 'stockMedia.setApiKey', args: { key: api.keys.alice } });
    if (!saved.saved) throw new Error(`The key was not saved: ${saved.reason}`);
    const code = await window.endSession();
    if (code !== 0) throw new Error(`The first session ended with code ${code}`);

    // Reload: a new extension host, the same profile and browser storage (key kept).
    const mark = api.log.length;
    await window.load();
    const reloaded = await control.call<ActivationFigures>({ op: 'activation' });
    if (!reloaded.hasKey) throw new Error('The key was not there after the reload');
    figures.add('featuresAtActivation', reloaded.featuresMade.length);
    await sleep(QUIET_MS);
    figures.add('requestsAtActivation', api.log.length - mark);
    // Every feature made at once in a host that has made none: what activation would cost more without first use.
    const setUp = await control.call<FeaturesSetUpFigures>({ op: 'featuresSetUp' });
    if (setUp.madeBefore.length > 0) throw new Error(`Features made before they were set up: ${setUp.madeBefore.join(', ')}`);
    figures.add('featuresSetUp', setUp.parts.reduce((sum, p) => sum + p.ms, 0));
    for (const p of setUp.parts) figures.add(`featuresSetUp.${p.name}`, p.ms);
    if (reloaded.loadAndActivateMs !== null) figures.add('loadAndActivateReloaded', reloaded.loadAndActivateMs);
    log(
      `[bench] Launch ${index}: activation ${fresh.loadAndActivateMs.toFixed(1)} ms (activate() ${fresh.activationMs.toFixed(1)} ms, ` +
        `empty extension ${fresh.empty.loadAndActivateMs.toFixed(2)} ms, loaded ${fresh.empty.loadedFirst ? 'first' : 'second'}; ` +
        `bundle ${figures.get('bundleInHost').at(-1)?.toFixed(1) ?? '?'} ms); ` +
        `after reload with key ${reloaded.loadAndActivateMs?.toFixed(1) ?? '?'} ms, ${api.log.length - mark} requests`,
    );
    if (keepOpen) return window;
    await window.endSession();
  } catch (error) {
    figures.fail(
      ['loadAndActivate', 'emptyLoadAndActivate', 'activate', 'bundleInHost', 'requestsAtActivation', 'featuresAtActivation', 'firstCommand', 'firstCommandAgain', 'featuresSetUp'],
      new Error(`launch ${index}: ${message(error)}`),
    );
  }
  ctx.windows.delete(window);
  await window.close();
  return undefined;
}

/**
 * Requests after a restart: Search Photos leaves a grid open and ten of its photos are looked
 * up (through the client's getPhoto: the hover is not on main yet); the bench waits for the
 * stored answers' debounced write, ends the session and reloads the window (a new extension
 * host, the same profile, as when VS Code is reopened). VS Code brings the grid back, which
 * runs its search again; then the same ten photos are looked up. Every request the local
 * server sees from the reload on is counted.
 */
async function restartFigures(ctx: Context, window: BenchWindow): Promise<void> {
  const { figures, api, control } = ctx;
  const grid = new GridDriver(window.page, control, api, ctx.sentAt);
  try {
    api.resetQuotas();
    const start = api.log.length;
    const shown = await grid.search(RESTART_QUERY);
    const ids = api.library.photos
      .filter((p) => photoMatches(p, { query: RESTART_QUERY, orientation: null, size: null, color: null }))
      .slice(0, RESTART_LOOKUPS)
      .map((p) => p.id);
    if (ids.length < RESTART_LOOKUPS) throw new Error(`"${RESTART_QUERY}" has only ${ids.length} results`);
    const searched = api.log.length;
    await control.call({ op: 'lookUp', photoIds: ids });
    const before = api.log.length;
    // Photos of the open grid's page: answered from the search's answer (client.ts seedFrom).
    figures.add('requestsForListed', before - searched);
    // Written debounced: a window closed this long after the last answer has written them.
    await sleep(DEFAULT_LONGEST_WRITE_WAIT_MS + 1000);
    const code = await window.endSession();
    if (code !== 0) throw new Error(`The session before the restart ended with code ${code}`);

    const mark = api.log.length;
    await window.load();
    let restored = true;
    const until = Date.now() + RESTORE_TIMEOUT_MS;
    for (;;) {
      const state = await grid.state().catch(() => undefined);
      if (state?.session.status === 'loaded' && state.session.spec?.mode === 'photos' && state.session.spec.query === RESTART_QUERY) break;
      if (Date.now() > until) {
        // Not brought back by VS Code: the user re-opens it from the recent searches.
        restored = false;
        await grid.search(RESTART_QUERY);
        break;
      }
      await sleep(200);
    }
    const found = await control.call<number>({ op: 'lookUp', photoIds: ids });
    await sleep(QUIET_MS);
    const requests = api.log.length - mark;
    figures.add('requestsAfterRestart', requests);
    figures.notes.set(
      'requestsAfterRestart',
      `window reloaded with the grid of "${RESTART_QUERY}" open (${shown.totalResults} results; ${restored ? 'brought back by VS Code' : 'not brought back, searched again'}) and ${found} photos looked up through the client's getPhoto (the hover is not on main yet); before the restart they cost ${before - start} requests${mark === before ? '' : `, and ${mark - before} more while closing`}`,
    );
    log(`[bench] Restart: ${requests} requests to re-open the grid (${restored ? 'restored' : 'searched again'}) and look up ${found} known photos`);
  } catch (error) {
    figures.fail(['requestsAfterRestart', 'requestsForListed'], error);
  }
}

/**
 * Requests per cover and per pasted link, for media already seen: photos of the open grid's
 * first page (the restart's search). Set as Cover Image (as the grid's menu runs it) on a new
 * Markdown page each; then each photo's page link pasted into a Markdown page with Ctrl+V, as a
 * person pastes it (typed, cut, pasted). The local server's log counts the requests.
 */
async function coverAndPasteFigures(ctx: Context, window: BenchWindow): Promise<void> {
  const { figures, api, control } = ctx;
  const photos = api.library.photos.filter((p) => photoMatches(p, { query: RESTART_QUERY, orientation: null, size: null, color: null })).slice(0, COVER_MEDIA);
  try {
    const mark = api.apiRequestCount();
    const r = await control.call<CoverSeenFigures>({ op: 'coverSeen', photoIds: photos.map((p) => p.id) });
    if (r.set !== photos.length) throw new Error(`${r.set} of ${photos.length} covers were set`);
    const requests = api.apiRequestCount() - mark;
    figures.add('coverRequests', requests / photos.length);
    figures.notes.set('coverRequests', `Set as Cover Image for ${photos.length} photos of the grid of "${RESTART_QUERY}", each on a new Markdown page: ${requests} requests at the server, ${r.clientRequests} sent by the client`);
    log(`[bench] Covers: ${r.set} set, ${requests} requests (${r.clientRequests} from the client)`);
  } catch (error) {
    figures.fail(['coverRequests'], error);
  }
  try {
    const { page } = window;
    let pasted = 0;
    // The covers' pages closed: the paste goes into the new page, in the active group, of the
    // page in front (the clipboard is read by a focused document only).
    await control.call({ op: 'closePages' });
    await page.bringToFront();
    const mark = api.apiRequestCount();
    for (const photo of photos) {
      await control.call({ op: 'newMarkdown' });
      const lines = page.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines').first();
      await lines.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(`\n${api.origin}/photo/${photo.slug}-${photo.id}/`);
      // The whole line (Expand Line Selection; it is the last, so no line break): the link wraps
      // in the page beside the grid, and Shift+Home would select its last piece only.
      await page.keyboard.press('Control+L');
      await page.keyboard.press('Control+X');
      await page.keyboard.press('Control+V');
      // The paste resolves with the insert's pipeline: on a loaded machine, seconds (as in paste.e2e).
      await page
        .waitForFunction(() => /Photo by \[/.test(document.querySelector('.editor-group-container.active .editor-instance .monaco-editor .view-lines')?.textContent?.replace(/\u00a0/g, ' ') ?? ''), undefined, { timeout: 45_000 })
        .catch(async (error: unknown) => {
          const text = await lines.innerText().catch(() => '(unreadable)');
          await page.screenshot({ path: join(OUTPUT, 'paste-failed.png') }).catch(() => undefined);
          throw new Error(`photo ${photo.id}: no credit line 45 s after Ctrl+V; the editor shows “${JSON.stringify(text.slice(-300))}” (${String(error)}; test-output/bench/paste-failed.png)`);
        });
      pasted++;
    }
    await sleep(500);
    const requests = api.apiRequestCount() - mark;
    figures.add('pasteRequests', requests / photos.length);
    figures.notes.set('pasteRequests', `Ctrl+V of the page link of ${pasted} photos of the grid of "${RESTART_QUERY}" into a Markdown page (each inserted with its credit): ${requests} requests`);
    log(`[bench] Paste: ${pasted} links pasted, ${requests} requests`);
  } catch (error) {
    figures.fail(['pasteRequests'], error);
  } finally {
    await control.call({ op: 'closePages' }).catch(() => undefined);
  }
}

async function gridFigures(ctx: Context, window: BenchWindow): Promise<void> {
  const { figures, api, control } = ctx;
  const grid = new GridDriver(window.page, control, api, ctx.sentAt);
  // The grid's width decides its columns, and so how many tiles are in the DOM: the same
  // layout every run (the workbench sometimes restores the secondary side bar).
  try {
    await control.call({ op: 'command', command: 'workbench.action.closeAuxiliaryBar' });
    await control.call({ op: 'command', command: 'workbench.action.closePanel' });
  } catch (error) {
    figures.fail(GRID_KEYS, error);
    return;
  }

  try {
    for (const query of BROWSE_QUERIES) {
      api.resetQuotas();
      const r = await measureBrowse(grid, query, BROWSE_RESULTS);
      figures.add('browse', r.first);
      figures.add('browseRepeat', r.repeat);
      log(`[bench] Browse "${query}": ${r.first} requests for ${r.results} results, ${r.repeat} when repeated`);
    }
  } catch (error) {
    figures.fail(['browse', 'browseRepeat'], error);
  }

  try {
    api.resetQuotas();
    let tiles = 0;
    let clockError = 0;
    for (const query of PAINT_QUERIES) {
      const p = await measurePaint(grid, query);
      figures.add('paint', p.responseToPaintMs);
      figures.add('paintWebview', p.messageToPaintMs);
      tiles = Math.max(tiles, p.tiles);
      clockError = Math.max(clockError, p.clockError);
      log(`[bench] Paint "${query}": ${p.responseToPaintMs.toFixed(1)} ms from the answer (${p.messageToPaintMs.toFixed(1)} ms in the webview), ${p.results} results, ${p.tiles} tiles in the DOM`);
    }
    figures.notes.set('paint', `first page (80 results) laid out, ${tiles} tiles in the DOM; clocks compared within ±${clockError.toFixed(1)} ms`);
  } catch (error) {
    figures.fail(['paint', 'paintWebview'], error);
  }

  try {
    let detail = '';
    for (let run = 1; run <= DOM_RUNS; run++) {
      api.resetQuotas();
      const d = await measureDom(grid, DOM_QUERY, DOM_RESULTS);
      figures.add('dom', d.nodes);
      detail = `${d.results} results loaded, ${d.tiles} tiles in the DOM (${d.columns} columns, result area ${d.width}×${d.height} px)`;
      log(`[bench] DOM after ${d.results} results of "${DOM_QUERY}": ${d.nodes} elements, ${d.tiles} tiles, ${d.requests} requests`);
    }
    figures.notes.set('dom', detail);
    mkdirSync(OUTPUT, { recursive: true });
    await window.page.screenshot({ path: join(OUTPUT, 'grid-after-1000.png') });
  } catch (error) {
    figures.fail(['dom'], error);
  }

  try {
    let finals = '';
    for (let run = 0; run < IN_A_ROW_RUNS; run++) {
      api.resetQuotas();
      api.setSwitches({ delayMs: IN_A_ROW_DELAY_MS });
      const mark = api.log.length;
      let r: InARowFigures;
      try {
        r = await control.call<InARowFigures>({ op: 'searchesInARow', queries: IN_A_ROW_QUERIES });
      } finally {
        api.setSwitches({ delayMs: 0 });
      }
      const final = IN_A_ROW_QUERIES.at(-1);
      if (r.finalQuery !== final || r.status !== 'loaded' || r.refused > 0) {
        throw new Error(`The grid ended on "${r.finalQuery}" (${r.status}, ${r.refused} refused), not on "${final}"`);
      }
      const arrived = api.log.slice(mark).filter((e) => e.path === '/v1/search');
      // Requests whose answer was not wanted any more: another search had replaced theirs.
      const aborted = arrived.filter((e) => e.query['query'] !== final).length;
      figures.add('inARow', r.sent);
      figures.add('inARowAborted', aborted);
      finals = `the grid ended on "${r.finalQuery}" (${r.status}) every run, after ${r.ms.toFixed(0)} ms; ${arrived.length} reached the server`;
      log(`[bench] ${IN_A_ROW_QUERIES.length} searches in a row: ${r.sent} requests sent, ${aborted} of them for searches replaced before their answer; grid on "${r.finalQuery}" (${r.status})`);
    }
    figures.notes.set('inARow', `"${IN_A_ROW_QUERIES.join('", "')}" through stockMedia.search without waiting, the API answering in ${IN_A_ROW_DELAY_MS} ms, the client's cache emptied first; ${finals}`);
  } catch (error) {
    figures.fail(['inARow', 'inARowAborted'], error);
  }

  try {
    const queries = heapQueries(api.library, HEAP_RUNS * HEAP_SEARCHES);
    let method = '';
    for (let run = 0; run < HEAP_RUNS; run++) {
      api.resetQuotas();
      const h = await measureHeap(control, queries.slice(run * HEAP_SEARCHES, (run + 1) * HEAP_SEARCHES));
      figures.add('heap', (h.after - h.before) / 1024 ** 2);
      method = h.method;
      log(`[bench] Heap: ${(h.before / 1024 ** 2).toFixed(1)} → ${(h.after / 1024 ** 2).toFixed(1)} MB over ${h.searches} searches (${(h.ms / 1000).toFixed(1)} s, settled by ${h.method})`);
    }
    figures.notes.set('heap', `heapUsed of the whole extension host, settled by ${method}`);
  } catch (error) {
    figures.fail(['heap'], error);
  }
}

function rows(
  figures: Figures,
  extension: PackagedExtension | undefined,
  generated: RunResult | undefined,
  real: RealAnswersResult | undefined,
  covers: CoverBytesResult | undefined,
): Row[] {
  const row = rowOf(figures);
  if (ONLY_LOAD) return loadRows(row);
  const size = (bytes: (e: PackagedExtension) => number): number[] => (extension ? [bytes(extension) / 1024] : []);
  const vsix = extension ? [extension.vsixBytes / 1024] : [];
  const packaging = figures.errors.get('package');
  return [
    row('loadAndActivate', { measure: 'Activation: bundle load + activate()', unit: 'ms', target: { op: '<', value: 10 } }, `evaluating the bundle plus activate(); fresh VS Code server each run, activated by VS Code (onStartupFinished) in ${figures.get('activatedByVsCode').filter((v) => v === 1).length} of them; after a reload with the key: ${figures.get('loadAndActivateReloaded').length ? medianText(figures.get('loadAndActivateReloaded')) : 'n/a'}`),
    row('emptyLoadAndActivate', { measure: 'Empty extension, same launches', unit: 'ms', target: null, digits: 3 }, `bundle load + activate() of an extension that does nothing, loaded beside this one: first in ${figures.get('emptyLoadedFirst').filter((v) => v === 1).length} of the launches; activated by VS Code in ${figures.get('emptyActivatedByVsCode').filter((v) => v === 1).length}; load → activated ${figures.get('emptyLoadToActivated').length ? medianText(figures.get('emptyLoadToActivated')) : 'n/a'} (this one: ${figures.get('loadToActivated').length ? medianText(figures.get('loadToActivated')) : 'n/a'})`),
    ratioRow(figures),
    row('activate', { measure: '  activate() alone', unit: 'ms', target: null }),
    row('loadToActivated', { measure: '  load → activated, VS Code set-up incl.', unit: 'ms', target: null }, 'from requiring the bundle to the end of activate(); VS Code’s own work in between included'),
    row('bundleInHost', { measure: '  bundle load alone, in the host', unit: 'ms', target: null }),
    ...bundleRows(row),
    row('featuresAtActivation', { measure: 'Features set up at activation', unit: 'parts', target: { op: '<=', value: 0, everyRun: true } }, 'the container’s parts (lists, grid, collections, insert, cover, credits, workspace) made before anything used them; with and without a stored key'),
    row('firstCommand', { measure: `First feature command (${FIRST_COMMAND})`, unit: 'ms', target: null }),
    row('firstCommandAgain', { measure: '  the same command again', unit: 'ms', target: null }, 'its features made'),
    row('featuresSetUp', { measure: 'Every feature set up at once', unit: 'ms', target: null }, `what making the features on first use keeps out of activation: each part read from the container in a host (reloaded, key stored) that had made none; ${[...figures.values.keys()].flatMap((key) => (key.startsWith('featuresSetUp.') ? [`${key.slice('featuresSetUp.'.length)} ${medianText(figures.get(key))}`] : [])).join(', ')}`),
    row('requestsAtActivation', { measure: 'Requests at activation, key stored', unit: 'requests', target: { op: '<=', value: 0, everyRun: true } }, `window reloaded with the key, ${QUIET_MS / 1000} s watched`),
    { measure: 'Node host bundle', unit: 'KB', values: size((e) => e.nodeBundleBytes), target: null, note: 'dist/node.js in the VSIX (production, minified; package.json main: what activation loads) and the shared dist/extension.js it requires on first use (the features’ modules)', ...(packaging ? { error: packaging } : {}) },
    { measure: '  gzip', unit: 'KB', values: size((e) => e.nodeBundleGzipBytes), target: null, note: 'the same, gzip level 9', ...(packaging ? { error: packaging } : {}) },
    { measure: `  change since ${BASELINE.commit}`, unit: 'KB', values: size((e) => e.nodeBundleBytes - BASELINE.bytes), target: null, note: `against ${kb(BASELINE.bytes)} at ${BASELINE.commit} (two Node bundles, before the seam, the domain types and the schema were reworked; no web host then)`, ...(packaging ? { error: packaging } : {}) },
    { measure: 'Web worker host bundle', unit: 'KB', values: size((e) => e.webBundleBytes), target: null, note: 'dist/extension.js in the VSIX (production, minified; package.json browser): the same source without Node’s platform', ...(packaging ? { error: packaging } : {}) },
    { measure: '  gzip', unit: 'KB', values: size((e) => e.webBundleGzipBytes), target: null, note: 'the same, gzip level 9 (as a web server sends it to the web worker host)', ...(packaging ? { error: packaging } : {}) },
    { measure: 'VSIX', unit: 'KB', values: vsix, target: { op: '<=', value: VSIX_MAX_KB }, ...(extension ? { note: `${extension.files} files; webview script ${kb(extension.webviewScriptBytes)} (its codicons inlined)` } : {}), ...(packaging ? { error: packaging } : {}) },
    { measure: '  codicon font and CSS in it', unit: 'KB', values: extension ? [extension.codiconFontBytes / 1024] : [], target: { op: '<=', value: 0 }, note: 'the grid draws its 23 icons as inline SVGs (src/webview/codicons.ts); 155.8 KB (codicon.ttf + codicon.css) at 012696b', ...(packaging ? { error: packaging } : {}) },
    row('requestsAfterRestart', { measure: 'Requests after a restart: re-open the last grid, look up ten known media', unit: 'requests', target: { op: '<=', value: 0, everyRun: true } }),
    row('requestsForListed', { measure: 'Requests to look up ten photos shown in the grid', unit: 'requests', target: { op: '<=', value: 0, everyRun: true } }, `Get Photo (as a tree click, hover, credit check or credits file does) of ten photos on the first page of "${RESTART_QUERY}", answered from the search's answer`),
    row('coverRequests', { measure: 'Requests per cover of a media already seen', unit: 'requests', target: { op: '<=', value: 0, everyRun: true } }),
    ...agentRows(row),
    row('pasteRequests', { measure: 'Requests per pasted link of a media already seen', unit: 'requests', target: { op: '<=', value: 0, everyRun: true } }),
    row('browse', { measure: `Requests to browse ${BROWSE_RESULTS} results`, unit: 'requests', target: { op: '<=', value: 3, everyRun: true } }, 'search, then wheel-scroll the grid'),
    row('browseRepeat', { measure: 'Requests to browse them again (in TTL)', unit: 'requests', target: { op: '<=', value: 0, everyRun: true } }),
    row('paint', { measure: 'Response → 80 results painted', unit: 'ms', target: { op: '<', value: 100 } }),
    row('paintWebview', { measure: '  of which in the webview', unit: 'ms', target: null }, 'results message received → painted'),
    row('webPaint', { measure: 'Web host: activation → grid painted', unit: 'ms', target: null }),
    row('webResponsePaint', { measure: '  of which response → painted', unit: 'ms', target: null }, 'the search’s answer sent by the local server → the first rendered frame with tiles; the new grid’s page loads meanwhile'),
    row('dom', { measure: `DOM elements after ${DOM_RESULTS.toLocaleString('en')} results`, unit: 'elements', target: { op: '<', value: 600 } }),
    row('heap', { measure: `Extension-host heap growth, ${HEAP_SEARCHES} searches`, unit: 'MB', target: { op: '<', value: 20 } }),
    ...loadRows(row),
    row('inARow', { measure: `Requests for ${IN_A_ROW_QUERIES.length === 8 ? 'eight' : IN_A_ROW_QUERIES.length} searches in a row`, unit: 'requests', target: { op: '<=', value: IN_A_ROW_QUERIES.length, everyRun: true } }),
    row('inARowAborted', { measure: '  of which for searches replaced before their answer', unit: 'requests', target: null }, 'stopped (or their answer ignored), never shown'),
    ...generatedRows(generated, figures.errors.get('generated')),
    ...realAnswersRows(real, figures.errors.get('realAnswers')),
    ...coverBytesRows(covers, figures.errors.get('coverBytes')),
  ];
}

type RowOf = (key: string, base: Omit<Row, 'values' | 'error' | 'note'>, note?: string) => Row;

/** The credit check rows (loadBench.ts measureCreditCheckIn): 30 files of the 1,000-file workspace. */
function creditCheckRows(row: RowOf): Row[] {
  return [
    row('checkMs', { measure: `Credit check: a file shown → checked (${LOAD_FILES.toLocaleString('en')}-file workspace)`, unit: 'ms', target: { op: '<', value: 1000 } }),
    row('checkRequests', { measure: `  requests, ${CHECK_FILES} files`, unit: 'requests', target: { op: '<=', value: BACKGROUND_HOURLY_BUDGET, everyRun: true } }, `only media on screen, at most ${BACKGROUND_HOURLY_BUDGET} an hour (a tenth of the service's 200)`),
    row('checkHeap', { measure: '  extension-host heap growth', unit: 'MB', target: { op: '<', value: 20 } }),
  ];
}

/** The tree's rows (loadBench.ts measureTree): a 5,000-media collection, Load more… to the end. */
function treeRows(row: RowOf): Row[] {
  const media = LOAD_MEDIA.toLocaleString('en');
  const pages = Math.ceil(LOAD_MEDIA / 80);
  return [
    row('treeMs', { measure: `Tree: ${media} media, Load more… to the end`, unit: 'ms', target: null }),
    row('treeLoadMs', { measure: '  each Load more…, beyond the request', unit: 'ms', target: { op: '<=', value: 200 } }, 'median of the loads: Load more… pressed (at a person\'s pace, 250 ms or more after the last press) → its last item revealed in the view, less its command (the page requested, read and added)'),
    row('treeRequests', { measure: '  requests', unit: 'requests', target: { op: '<=', value: pages, everyRun: true } }, `one Get Collection Media page of 80 per load (${pages} pages); the client's cache emptied first`),
    row('treeHeap', { measure: '  extension-host heap growth', unit: 'MB', target: { op: '<', value: 20 } }),
  ];
}

/** The load figures (loadBench.ts): a 5,000-media collection in the tree and the grid, a 1,000-file workspace. */
function loadRows(row: RowOf): Row[] {
  const media = LOAD_MEDIA.toLocaleString('en');
  const pages = Math.ceil(LOAD_MEDIA / 80);
  return [
    ...treeRows(row),
    row('gridMs', { measure: `Grid: ${media} media scrolled to the end`, unit: 'ms', target: null }),
    row('gridRequests', { measure: '  requests', unit: 'requests', target: { op: '<=', value: pages, everyRun: true } }, `one page of 80 per load (${pages} pages); the client's cache emptied first (the tree had just loaded them)`),
    row('gridDom', { measure: '  DOM elements at the end', unit: 'elements', target: { op: '<', value: 600 } }),
    row('gridHeap', { measure: '  extension-host heap growth', unit: 'MB', target: { op: '<', value: 20 } }),
    ...creditCheckRows(row),
    row('creditsMs', { measure: `Write Credits File: ${LOAD_FILES.toLocaleString('en')} files, ${LOAD_DISTINCT} media`, unit: 'ms', target: null }),
    row('creditsRequests', { measure: '  requests', unit: 'requests', target: { op: '<=', value: LOAD_DISTINCT, everyRun: true } }, 'one Get Photo/Get Video per media not known yet'),
    row('creditsHeap', { measure: '  extension-host heap growth', unit: 'MB', target: { op: '<', value: 20 } }),
    ...writeCreditsRows(row),
    ...workspaceMediaRows(row),
    ...ignoredWorkspaceRows(row),
  ];
}

/** This extension's activation against the empty one's: the ratio of the medians of the same launches. */
function ratioRow(figures: Figures): Row {
  const ours = figures.get('loadAndActivate');
  const empty = figures.get('emptyLoadAndActivate');
  const base = { measure: '  ratio this / empty', unit: 'ratio', target: null } as const;
  const error = figures.errors.get('loadAndActivate') ?? figures.errors.get('emptyLoadAndActivate');
  if (ours.length === 0 || ours.length !== empty.length) return { ...base, values: [], error: error ?? 'the two were not measured in the same launches' };
  const perLaunch = ours.map((v, i) => v / (empty[i] ?? NaN));
  return {
    ...base,
    values: [median(ours) / median(empty)],
    note: `medians of ${ours.length} launches; per launch ${Math.min(...perLaunch).toFixed(0)}× – ${Math.max(...perLaunch).toFixed(0)}×`,
    ...(error ? { error } : {}),
  };
}

function medianText(values: readonly number[]): string {
  return `median ${median(values).toFixed(1)} ms`;
}

/** `--only real-answers`: those rows alone, nothing else started and test-output/bench left as it is. */
async function onlyRealAnswers(): Promise<number> {
  const figures = new Figures();
  let real: RealAnswersResult | undefined;
  try {
    real = await runRealAnswersBench(log);
  } catch (error) {
    figures.fail(['realAnswers'], error);
  }
  const table = realAnswersRows(real, figures.errors.get('realAnswers'));
  console.log('');
  console.log(table.length > 0 ? renderTable(table) : 'No real answers to read (../shared/real-responses is not there).');
  return table.some((r) => r.values.length === 0 || r.error) ? 1 : 0;
}

/** The cover bytes (covers.ts), from a local library started for them alone. */
async function coverBytes(figures: Figures): Promise<CoverBytesResult | undefined> {
  const api = await startApiServer();
  try {
    return await runCoverBytesBench(api, log);
  } catch (error) {
    figures.fail(['coverBytes'], error);
    return undefined;
  } finally {
    await api.close();
  }
}

/** `--only covers`: the cover bytes rows alone. */
async function onlyCovers(): Promise<number> {
  const figures = new Figures();
  const table = coverBytesRows(await coverBytes(figures), figures.errors.get('coverBytes'));
  console.log('');
  console.log(`Stock Media benchmark, cover bytes only, ${new Date().toISOString()}; load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  console.log(renderTable(table));
  return table.some((r) => r.values.length === 0 || r.error) ? 1 : 0;
}

/** A row of the table from the figures under `key`: their values, note and error. */
function rowOf(figures: Figures): RowOf {
  return (key, base, note) => {
    const error = figures.errors.get(key);
    const extra = figures.notes.get(key) ?? note;
    return { ...base, values: figures.get(key), ...(extra ? { note: extra } : {}), ...(error ? { error } : {}) };
  };
}

/** A sink for the rows measured in their own modules (bundleBench.ts, the windows' rows). */
function sinkOf(figures: Figures): { add(key: string, value: number): void; note(key: string, text: string): void; fail(keys: readonly string[], error: unknown): void } {
  return {
    add: (key, value) => figures.add(key, value),
    note: (key, text) => figures.notes.set(key, text),
    fail: (keys, error) => figures.fail(keys, error),
  };
}

/** `--only bundle`: the bare-Node bundle loads, ours (the packaged dist/node.js) in turns with DevStock's, and their ratio; no VS Code window. */
async function onlyBundle(): Promise<number> {
  const figures = new Figures();
  let extension: PackagedExtension | undefined;
  try {
    log('[bench] Packaging the extension (npm run package: production build + vsce)…');
    extension = packageExtension(log);
    const host = await prepare({});
    measureBareLoads(host.node, join(extension.path, 'dist', 'node.js'), sinkOf(figures), log);
  } catch (error) {
    figures.fail(BUNDLE_KEYS, error);
  } finally {
    extension?.dispose();
  }
  const row = rowOf(figures);
  const table = bundleRows(row);
  console.log('');
  console.log(`Stock Media benchmark, bundle load in bare Node only, ${new Date().toISOString()}; load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  console.log(renderTable(table));
  return table.some((r) => r.values.length === 0 || r.error) ? 1 : 0;
}

/** What `--only workspace-media` and `--only ignored-workspace` measure: rows made in one VS Code window of their own. */
interface WindowRows {
  readonly title: string;
  readonly keys: readonly string[];
  measure(ctx: LoadContext, sink: { add(key: string, value: number): void; note(key: string, text: string): void; fail(keys: readonly string[], error: unknown): void }): Promise<void>;
  rows(row: RowOf): Row[];
}

const WINDOW_ROWS: Readonly<Record<string, WindowRows>> = {
  'workspace-media': { title: 'In This Workspace', keys: WORKSPACE_MEDIA_KEYS, measure: measureWorkspaceMedia, rows: workspaceMediaRows },
  'ignored-workspace': { title: 'the ignored workspace', keys: IGNORED_KEYS, measure: measureIgnoredWorkspace, rows: ignoredWorkspaceRows },
  agent: { title: 'the agent', keys: AGENT_KEYS, measure: measureAgent, rows: agentRows },
  'credit-check': { title: 'the credit check', keys: CHECK_KEYS, measure: measureCreditCheck, rows: creditCheckRows },
  tree: { title: 'the tree', keys: TREE_KEYS, measure: measureTreeOnly, rows: treeRows },
  'write-credits': { title: 'Write Credits File', keys: WRITE_CREDITS_KEYS, measure: measureWriteCredits, rows: writeCreditsRows },
};

/** `--only workspace-media` or `--only ignored-workspace`: those rows alone (the VSIX packaged, one VS Code window on a generated workspace). */
async function onlyWindowRows(only: WindowRows): Promise<number> {
  mkdirSync(OUTPUT, { recursive: true });
  const figures = new Figures();
  const windows = new Set<BenchWindow>();
  let extension: PackagedExtension | undefined;
  let api: ApiServer | undefined;
  let control: ControlServer | undefined;
  let browser: BrowserSession | undefined;
  try {
    log('[bench] Packaging the extension (npm run package: production build + vsce)…');
    extension = packageExtension(log);
    api = await startApiServer({ photoCount: PHOTO_COUNT, largeCollection: LOAD_MEDIA });
    control = await ControlServer.start();
    browser = await launchBrowser();
    const sink = sinkOf(figures);
    await only.measure({ api, control, browser, extensionPath: extension.path, sentAt: new Map(), logDir: OUTPUT, log, windows }, sink);
  } catch (error) {
    figures.fail(only.keys, error);
  } finally {
    for (const window of windows) await window.close().catch(() => undefined);
    await browser?.close();
    await control?.close();
    await api?.close();
    extension?.dispose();
  }
  const row = rowOf(figures);
  const table = only.rows(row);
  console.log('');
  console.log(`Stock Media benchmark, ${only.title} only, ${new Date().toISOString()}; load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  console.log(renderTable(table));
  return table.some((r) => r.values.length === 0 || r.error) ? 1 : 0;
}

async function main(): Promise<number> {
  if (ONLY === 'real-answers') return onlyRealAnswers();
  if (ONLY === 'covers') return onlyCovers();
  if (ONLY === 'bundle') return onlyBundle();
  const windowRows = ONLY === undefined ? undefined : WINDOW_ROWS[ONLY];
  if (windowRows) return onlyWindowRows(windowRows);
  const started = startedAt;
  rmSync(OUTPUT, { recursive: true, force: true });
  mkdirSync(OUTPUT, { recursive: true });
  const machine = describeMachine();
  const figures = new Figures();
  let extension: PackagedExtension | undefined;
  let pairs: ExtensionPairs | undefined;
  let api: ApiServer | undefined;
  let control: ControlServer | undefined;
  let browser: BrowserSession | undefined;
  const windows = new Set<BenchWindow>();
  const cleanup = async (): Promise<void> => {
    for (const window of windows) await window.close().catch(() => undefined);
    windows.clear();
    await browser?.close();
    await control?.close();
    await api?.close();
    extension?.dispose();
    pairs?.dispose();
  };
  const watchdog = setTimeout(() => {
    console.error(`[bench] Gave up after ${WATCHDOG_MIN} min`);
    void cleanup().finally(() => process.exit(1));
  }, WATCHDOG_MIN * 60_000);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }

  // Pure computation, before any server or window is up.
  let real: RealAnswersResult | undefined;
  try {
    log('[bench] Real answers: every item of ../shared/real-responses through the client and the model…');
    real = await runRealAnswersBench(log);
  } catch (error) {
    figures.fail(['realAnswers'], error);
  }

  let generated: RunResult | undefined;
  try {
    log('[bench] Generated inputs: decode → grid tiles → every insert format, read back…');
    if (!ONLY_LOAD) generated = runGeneratedBench(log);
  } catch (error) {
    figures.fail(['generated'], error);
  }

  let covers: CoverBytesResult | undefined;
  if (!ONLY_LOAD) {
    log('[bench] Cover bytes: a cover at each preset’s default size against the original…');
    covers = await coverBytes(figures);
  }

  try {
    log('[bench] Packaging the extension (npm run package: production build + vsce)…');
    try {
      extension = packageExtension(log);
    } catch (error) {
      figures.fail(['package'], error);
    }
    if (extension) {
      const host = await prepare({ browser: true });
      log(`[bench] VS Code server from code-server ${CODE_SERVER_VERSION}, VS Code ${host.vscodeVersion}`);
      if (!ONLY_LOAD) measureBareLoads(host.node, join(extension.path, 'dist', 'node.js'), sinkOf(figures), log);
      const sentAt = new Map<RequestLogEntry, number>();
      api = await startApiServer({
        photoCount: PHOTO_COUNT,
        largeCollection: LOAD_MEDIA,
        onRequest: (entry, kind) => {
          if (kind === 'api') sentAt.set(entry, epochNow());
        },
      });
      control = await ControlServer.start();
      browser = await launchBrowser();
      machine.chromium = browser.browser.version();
      pairs = ExtensionPairs.create();
      const ctx: Context = { figures, api, control, browser, extension, pairs, sentAt, machine, windows };
      let gridWindow: BenchWindow | undefined;
      for (let i = 1; i <= (ONLY_LOAD ? 0 : LAUNCHES); i++) {
        log(`[bench] Launch ${i} of ${LAUNCHES}: fresh VS Code server…`);
        gridWindow = await launch(ctx, i, i === LAUNCHES);
      }
      // The web worker host (the `browser` entry) in a VS Code server of its own.
      if (!ONLY_LOAD) try {
        log('[bench] Web worker extension host: activation → first painted grid…');
        const web = await measureWebPaint({ host, browser: browser.browser, api, sentAt, extensionPath: extension.path, queries: WEB_PAINT_QUERIES, logDir: OUTPUT, log });
        for (const run of web.runs) {
          figures.add('webPaint', run.activationToPaintMs);
          figures.add('webResponsePaint', run.responseToPaintMs);
        }
        const tiles = Math.max(...web.runs.map((r) => r.tiles));
        figures.notes.set(
          'webPaint',
          `a new web worker host each run (${web.hostKind}), key stored, activated by VS Code (onStartupFinished) in ${web.runs.filter((r) => r.byVsCode).length}, ` +
            `already active when the probe first looked in ${web.runs.filter((r) => r.activeAtStart).length}; then Search Photos through its command: first page laid out, ${tiles} tiles in the DOM`,
        );
      } catch (error) {
        figures.fail(['webPaint', 'webResponsePaint'], error);
      }
      if (gridWindow) {
        log('[bench] A restart with a grid open…');
        await restartFigures(ctx, gridWindow);
        log('[bench] Covers and pasted links of media already seen…');
        await coverAndPasteFigures(ctx, gridWindow);
        log('[bench] Grid figures…');
        try {
          await gridFigures(ctx, gridWindow);
        } finally {
          await gridWindow.endSession().catch(() => undefined);
          windows.delete(gridWindow);
          await gridWindow.close();
        }
      } else if (!ONLY_LOAD) {
        figures.fail(GRID_KEYS, new Error('no VS Code window was left to measure the grid in'));
      }
      // Last, in a window of its own on a generated workspace.
      log(`[bench] Load: a ${LOAD_MEDIA.toLocaleString('en')}-media collection in the tree and the grid, a ${LOAD_FILES.toLocaleString('en')}-file workspace…`);
      api.resetQuotas();
      const sink = {
        add: (key: string, value: number) => figures.add(key, value),
        note: (key: string, text: string) => figures.notes.set(key, text),
        fail: (keys: readonly string[], error: unknown) => figures.fail(keys, error),
      };
      await measureLoad({ api, control, browser, extensionPath: extension.path, sentAt, logDir: OUTPUT, log, windows }, sink);
      log(`[bench] In This Workspace: the ${LOAD_FILES.toLocaleString('en')}-file workspace, every media known…`);
      api.resetQuotas();
      await measureWorkspaceMedia({ api, control, browser, extensionPath: extension.path, sentAt, logDir: OUTPUT, log, windows }, sink);
      log(`[bench] Write Credits File: the ${LOAD_FILES.toLocaleString('en')}-file workspace and one of ${LARGE_FILES.toLocaleString('en')} files, every media known…`);
      api.resetQuotas();
      await measureWriteCredits({ api, control, browser, extensionPath: extension.path, sentAt, logDir: OUTPUT, log, windows }, sink);
      log(`[bench] The ignored workspace: In This Workspace and Write Credits File on ${(LOAD_FILES + IGNORED_FILES).toLocaleString('en')} files, ${IGNORED_FILES.toLocaleString('en')} of them ignored…`);
      api.resetQuotas();
      await measureIgnoredWorkspace({ api, control, browser, extensionPath: extension.path, sentAt, logDir: OUTPUT, log, windows }, sink);
      log(`[bench] The agent: covers for ${AGENT_PAGES} pages…`);
      api.resetQuotas();
      await measureAgent({ api, control, browser, extensionPath: extension.path, sentAt, logDir: OUTPUT, log, windows }, sink);
    }
  } catch (error) {
    figures.fail(['run'], error);
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }

  machine.loadEnd = loadavg()[0] ?? 0;
  const table = rows(figures, extension, generated, real, covers);
  const missing = table.filter((r) => r.values.length === 0 || r.error).map((r) => r.measure.trim());
  const otherErrors = [...figures.errors.entries()].filter(([key]) => key === 'run');
  console.log('');
  console.log(`Stock Media benchmark, ${new Date().toISOString()}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const line of machineLines(machine)) console.log(line);
  console.log('');
  console.log(renderTable(table));
  console.log('');
  console.log('Medians of the runs; counts of requests must meet their target in every run. Raw figures: test-output/bench/results.json');
  writeFileSync(
    join(OUTPUT, 'results.json'),
    JSON.stringify({ at: new Date().toISOString(), machine, rows: table, generated, errors: Object.fromEntries(figures.errors) }, null, 2) + '\n',
  );
  if (missing.length > 0 || otherErrors.length > 0) {
    console.error(`[bench] Not measured (or incomplete): ${[...missing, ...otherErrors.map(([, e]) => e)].join('; ')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
