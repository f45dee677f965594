// `npm run demo`: the extension working in a real VS Code against the local sandbox
// library. Starts the local API server and the VS Code server with the extension loaded
// from this repo, opens a sample workspace, and prints the URL to open in a browser and the
// demo API key. The local server is configured where a person would configure it: in the
// remote's machine settings (the base URLs are machine-scoped). Ctrl+C stops both.
//
// `npm run demo -- --web`: the same, with the extension in the browser's web worker
// extension host (its `browser` entry), as on vscode.dev and github.dev.
import { join } from 'node:path';
import { startApiServer } from '../test/server/server';
import { prepare } from '../test/host/prepare';
import { WEB_WORKER_HOST_SETTINGS, startServer } from '../test/host/server';
import { createWorkspace, repoRoot } from '../test/host/workspace';

function parseArgs(argv: readonly string[]): { web: boolean } {
  let web = false;
  for (const arg of argv) {
    if (arg === '--web') web = true;
    else throw new Error(`Unknown argument ${arg}. Usage: npm run demo [-- --web]`);
  }
  return { web };
}

async function main(): Promise<void> {
  const { web } = parseArgs(process.argv.slice(2));
  const apiPort = Number(process.env['STOCK_MEDIA_DEMO_API_PORT'] || 0);
  console.log('[demo] Preparing the offline VS Code (the first time takes a few minutes)…');
  const host = await prepare((line) => console.log(`[demo] ${line}`));
  const api = await startApiServer({ port: apiPort });
  const workspace = createWorkspace({
    fixture: join(repoRoot(), 'test', 'fixtures', 'demo'),
    settings: {
      'workbench.startupEditor': 'none',
      'chat.disableAIFeatures': true,
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
    },
  });
  const vscodeServer = await startServer(host, {
    machineSettings: {
      'stockMedia.apiBaseUrl': api.baseUrl,
      'stockMedia.videoBaseUrl': api.videoBaseUrl,
      'stockMedia.serviceName': 'Sandbox Library',
      'stockMedia.serviceUrl': api.origin,
    },
    ...(web ? { userSettings: WEB_WORKER_HOST_SETTINGS } : {}),
  });
  const url = vscodeServer.workbenchUrl(workspace.path, [
    ['extensionDevelopmentPath', vscodeServer.remoteUri(repoRoot())],
    ['skipWelcome', 'true'],
  ]);

  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log('\n[demo] Stopping…');
    await Promise.allSettled([vscodeServer.close(), api.close()]);
    workspace.dispose();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const where = web
    ? `The extension runs in the browser's web worker extension host (its browser entry, dist/web/extension.js),
  as on vscode.dev and github.dev ("Developer: Show Running Extensions" says "web worker").`
    : `The extension runs in the VS Code server's Node extension host (npm run demo -- --web: in the browser's web worker).`;
  console.log(`
Stock Media demo is running.

  ${where}

  Open in a browser (Chromium/Chrome):
    ${url}

  Then run "Stock Media: Set API Key…" (F1) and paste the demo key:
    ${api.keys.alice}
  (another user: ${api.keys.bob})

  Local API server: ${api.baseUrl}  ${api.videoBaseUrl}
  Sample workspace: ${workspace.path}

Press Ctrl+C to stop.`);
}

main().catch((error: unknown) => {
  console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
