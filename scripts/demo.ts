// `npm run demo`: the extension working in a real VS Code against the local sandbox
// library, as a person who installed it would see it. Starts the local API server (https,
// with a certificate made for this run: the workbench shows only https pictures in hovers and
// Markdown previews) and the VS Code server with this repo installed as an extension (linked
// into the profile's extensions folder; no smoke-test driver, so notifications show), opens a
// sample workspace, and prints the URL and the demo API key. When there is a display it also
// opens Chromium on the URL, trusting that one certificate. The local server is configured
// where a person would configure it: in the remote's machine settings (the base URLs are
// machine-scoped). Ctrl+C stops everything. The sample workspace is kept between runs in the
// cache folder (~/.cache/stock-media-vscode/demo-workspace), with the pictures saved and the
// CREDITS.md written there; `-- --fresh` starts it over from test/fixtures/demo.
//
// `npm run demo -- --web`: the same, with the extension in the browser's web worker
// extension host (its `browser` entry), as on vscode.dev and github.dev.
// `-- --no-browser`: only print the URL.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE_NAME } from '../test/server/pages';
import { startApiServer } from '../test/server/server';
import { localCertificate } from '../test/server/tls';
import { CHROMIUM_ARGS } from '../test/host/browser';
import { cacheRoot, prepare } from '../test/host/prepare';
import { chromiumPath } from '../test/host/prerequisites';
import { LOCAL_CERTIFICATE_SETTINGS, QUIET_WORKBENCH_SETTINGS, WEB_WORKER_HOST_SETTINGS, startServer } from '../test/host/server';
import { repoRoot } from '../test/host/workspace';

function parseArgs(argv: readonly string[]): { web: boolean; browser: boolean; fresh: boolean } {
  let web = false;
  let browser = true;
  let fresh = false;
  for (const arg of argv) {
    if (arg === '--web') web = true;
    else if (arg === '--no-browser') browser = false;
    else if (arg === '--fresh') fresh = true;
    else throw new Error(`Unknown argument ${arg}. Usage: npm run demo [-- [--web] [--no-browser] [--fresh]]`);
  }
  return { web, browser, fresh };
}

/**
 * The demo's sample workspace, kept between runs in the cache folder so the pictures saved and
 * the CREDITS.md written in one run are still there in the next; made from test/fixtures/demo
 * when it is missing or `fresh` is asked for.
 */
function demoWorkspace(fresh: boolean): { path: string; created: boolean } {
  const path = join(cacheRoot(), 'demo-workspace');
  if (fresh) rmSync(path, { recursive: true, force: true, maxRetries: 3 });
  const created = !existsSync(path);
  if (created) cpSync(join(repoRoot(), 'test', 'fixtures', 'demo'), path, { recursive: true });
  // realpath: the workbench and the extension host compare paths; the cache may be behind a symlink.
  return { path: realpathSync(path), created };
}

/** Chromium in its own throwaway profile, trusting only the demo's certificate; none without a display. */
function openBrowser(url: string, spki: string): { child: ChildProcess; profile: string } | undefined {
  if (!process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) return undefined;
  const profile = mkdtempSync(join(tmpdir(), 'stock-media-demo-chromium-'));
  const args = [...CHROMIUM_ARGS, `--user-data-dir=${profile}`, `--ignore-certificate-errors-spki-list=${spki}`, '--no-default-browser-check', url];
  const child = spawn(chromiumPath(), args, { stdio: 'ignore' });
  child.on('error', () => undefined);
  return { child, profile };
}

async function main(): Promise<void> {
  const { web, browser, fresh } = parseArgs(process.argv.slice(2));
  const apiPort = Number(process.env['STOCK_MEDIA_DEMO_API_PORT'] || 0);
  // prepare() says what it does when it has to build (the first time only), and installs
  // what the demo needs from Debian (Chromium, openssl) where it may.
  const host = await prepare({ browser: true, log: (line) => console.log(`[demo] ${line}`) });
  const certificate = localCertificate();
  const api = await startApiServer({ port: apiPort, https: true });
  const workspace = demoWorkspace(fresh);
  const vscodeServer = await startServer(host, {
    smokeTestDriver: false,
    extensions: [repoRoot()],
    // The workbench opens the library's pages (the key page, Open on the Service, the credit
    // links) through the server's `/proxy/<port>/`: the front door passes them to the library.
    forwardPorts: [{ port: Number(new URL(api.origin).port), httpsCa: certificate.cert }],
    // The Node extension host trusts the local library's certificate (and only it in addition);
    // see LOCAL_CERTIFICATE_SETTINGS.
    env: { NODE_EXTRA_CA_CERTS: certificate.certFile },
    machineSettings: {
      'stockMedia.apiBaseUrl': api.baseUrl,
      'stockMedia.videoBaseUrl': api.videoBaseUrl,
      'stockMedia.serviceName': SITE_NAME,
      'stockMedia.serviceUrl': api.origin,
    },
    userSettings: { ...QUIET_WORKBENCH_SETTINGS, ...LOCAL_CERTIFICATE_SETTINGS, ...(web ? WEB_WORKER_HOST_SETTINGS : {}) },
  });
  const url = vscodeServer.workbenchUrl(workspace.path);
  const opened = browser ? openBrowser(url, certificate.spki) : undefined;

  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log('\n[demo] Stopping…');
    opened?.child.kill();
    await Promise.allSettled([vscodeServer.close(), api.close()]);
    console.log(`[demo] The sample workspace stays in ${workspace.path} (npm run demo -- --fresh starts it over).`);
    if (opened) rmSync(opened.profile, { recursive: true, force: true, maxRetries: 3 });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const where = web
    ? `The extension runs in the browser's web worker extension host (its browser entry, dist/extension.js),
  as on vscode.dev and github.dev.`
    : `The extension runs in the VS Code server's Node extension host (npm run demo -- --web: in the browser's web worker).`;
  const how = opened
    ? `Chromium is opening it; or open it in another Chromium-based browser:`
    : `Open in a Chromium-based browser:`;
  console.log(`
Stock Media demo is running.

  ${where}

  ${how}
    ${url}
  The pictures come from ${api.origin} over https with a certificate made for this run:
  ${opened ? 'the Chromium started here trusts it; in another browser,' : 'in your browser,'} open ${api.origin}/ once and accept it,
  or the thumbnails stay empty; or start Chromium trusting only it:
    chromium --user-data-dir=$(mktemp -d) --ignore-certificate-errors-spki-list=${certificate.spki} '${url}'

  Then run "Stock Media: Set API Key…" (F1) and paste the demo key:
    ${api.keys.alice}

  Sample workspace (${workspace.created ? 'new' : 'kept from the last run'}; -- --fresh starts it over):
    ${workspace.path}

Press Ctrl+C to stop.`);
}

main().catch((error: unknown) => {
  console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
