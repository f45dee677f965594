// Where the key may go, in a real VS Code: the base URLs and the service's name and home
// page are machine-scoped, so a (trusted) folder's .vscode/settings.json cannot point the
// extension at another server or rename the service; and the key is bound to the origins it
// was checked with, so a base URL changed in the user's own settings gets no key until the
// user checks it there ("Check Key with …" in the grid and the tree). Each server's request
// log is the witness of where the key went.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { CheckApiKeyResult, SetApiKeyResult } from '../../src/host/key/apiKey';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import type { CollectionsNode, RootNode } from '../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../src/host/collections/collectionsProvider';
import { startApiServer } from '../server/server';
import type { GridTold } from './hooks';
import type { Shown } from './support';
import { closeAllEditors, extensionApi, pointAt, recordUi, useApiServer, waitFor } from './support';
import { gridTold, openGridState } from './support';

const GRID = 'stockMedia.test.grid';
const HOSTILE_NAME = 'Evil [Renew your key](command:stockMedia.clearApiKey)';

async function tree(): Promise<CollectionsProvider> {
  const value = await vscode.commands.executeCommand<{ provider: CollectionsProvider } | undefined>('stockMedia.collections.testHook');
  assert.ok(value, 'the collections test hook is registered');
  return value.provider;
}

async function featuredRoot(provider: CollectionsProvider): Promise<RootNode> {
  const top = await provider.getChildren();
  const featured = top[0];
  assert.ok(featured?.type === 'root', 'the Featured root');
  return featured;
}

function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

const gridState = openGridState;

/** What the grid's webview was told, once its search has the answer `status` says. */
const webview = (status: 'loaded' | 'failed'): Promise<GridTold> => gridTold(`the webview told ${status}`, (t) => t.status === status);

/** A refusal for `origin` (the extension's bundle has its own MediaError class, so by its fields). */
function refusedFor(origin: string): (e: unknown) => boolean {
  return (e) => {
    const error = e as { kind?: unknown; origin?: unknown };
    return error.kind === 'keyNotForOrigin' && error.origin === origin;
  };
}

function workspaceSettingsFile(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'the tests run in a folder');
  return vscode.Uri.joinPath(folder, '.vscode', 'settings.json');
}

/** Written through workspace.fs, as an editor or a `git pull` would change it (any host). */
async function writeText(file: vscode.Uri, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
}

describe('Hostile settings: the key goes only where the user said', function () {
  this.timeout(60_000);
  const server = useApiServer();
  const notifications: Shown[] = [];
  /** What was opened in the browser (openExternal). */
  const opened: string[] = [];
  let restoreNotifications: () => void = () => undefined;

  before(async () => {
    restoreNotifications = recordUi(notifications, opened);
  });

  after(async () => {
    restoreNotifications();
    await vscode.commands.executeCommand(GRID, { op: 'close' });
    await closeAllEditors();
  });

  beforeEach(() => {
    notifications.length = 0;
    opened.length = 0;
  });

  it('a trusted folder’s settings cannot move the key to another server nor rename the service', async () => {
    const api = await extensionApi();
    const evil = await startApiServer();
    const file = workspaceSettingsFile();
    const original = new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
    try {
      // As a cloned repository would ship it; requestTimeoutSeconds (a folder may set it)
      // shows when VS Code has read the file.
      await writeText(
        file,
        JSON.stringify(
          {
            ...(JSON.parse(original) as Record<string, unknown>),
            'stockMedia.apiBaseUrl': evil.baseUrl,
            'stockMedia.videoBaseUrl': evil.videoBaseUrl,
            'stockMedia.serviceName': HOSTILE_NAME,
            'stockMedia.serviceUrl': `${evil.origin}/renew-your-key`,
            'stockMedia.requestTimeoutSeconds': 17,
          },
          null,
          2,
        ),
      );
      await waitFor(() => api.services.config.timeoutMs === 17_000, 'VS Code to read the folder settings', 15_000);

      // The folder's values are ignored; the user's (here: the remote machine's) stand.
      const cfg = vscode.workspace.getConfiguration('stockMedia');
      assert.equal(cfg.get('apiBaseUrl'), server().baseUrl);
      assert.equal(cfg.get('videoBaseUrl'), server().videoBaseUrl);
      assert.equal(cfg.get('serviceUrl'), server().origin);
      assert.equal(cfg.get('serviceName'), 'Pexels');
      assert.deepEqual(
        [api.services.config.apiBaseUrl, api.services.config.videoBaseUrl, api.services.config.serviceName, api.services.config.serviceUrl],
        [server().baseUrl, server().videoBaseUrl, 'Pexels', server().origin],
      );

      // Everything that sends the key: the client, the key check, the grid, the tree.
      server().clearLog();
      await api.client.curatedPhotos({ per_page: 2 }, { fresh: true });
      await api.client.popularVideos({ per_page: 2 }, { fresh: true });
      const saved = await vscode.commands.executeCommand<SetApiKeyResult>('stockMedia.setApiKey', { key: server().keys.alice });
      assert.equal(saved.saved, true);
      assert.deepEqual((await api.services.keys.stored())?.origins, [server().origin], 'the key is bound to the user’s server');
      const searched = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'morning' });
      assert.equal(searched.shown && searched.status, 'loaded');
      const provider = await tree();
      provider.refresh();
      const featured = await provider.getChildren(await featuredRoot(provider));
      assert.ok(featured.length > 0 && featured.every((n: CollectionsNode) => n.type === 'collection'), 'the featured collections, from the user’s server');

      // The service's name the user sees is the user's, not the folder's.
      const quotaText = await vscode.commands.executeCommand<string>('stockMedia.showQuota');
      assert.match(quotaText, /^Pexels/);
      for (const n of notifications) assert.doesNotMatch(n.message, /Evil|command:|renew-your-key/, n.message);

      // Nor does "Get a Free API Key" go to the folder's page: people would paste a key there.
      opened.length = 0;
      await vscode.commands.executeCommand('stockMedia.getApiKey');
      assert.deepEqual(opened, [`${server().origin}/api/new/`]);

      assert.equal(evil.log.length, 0, `nothing reached the folder's server: ${evil.log.map((e) => e.path).join(', ')}`);
      assert.equal(evil.mediaLog.length, 0, 'not even a picture was asked of it');
      assert.ok(server().log.length >= 5, `the user's server answered: ${server().log.map((e) => e.path).join(', ')}`);
      assert.ok(server().log.every((e) => e.key === server().keys.alice));
    } finally {
      await writeText(file, original);
      await waitFor(() => api.services.config.timeoutMs !== 17_000, 'the folder settings to be restored', 15_000);
      await evil.close();
    }
  });

  it('a new base URL in the user’s settings gets no key until the user checks it there; then it does', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('stockMedia.setApiKey', { key: server().keys.alice });
    assert.deepEqual((await api.services.keys.stored())?.origins, [server().origin]);
    await vscode.commands.executeCommand('stockMedia.search', { query: 'forest' });
    await webview('loaded');
    const second = await startApiServer();
    try {
      server().clearLog();
      await pointAt(second);
      await waitFor(() => api.services.config.apiBaseUrl === second.baseUrl, 'the new base URL');
      // Written where a person sets it: a machine-scoped setting in the user (remote machine) settings.
      assert.equal(vscode.workspace.getConfiguration('stockMedia').inspect('apiBaseUrl')?.globalValue, second.baseUrl);

      // The client: refused before anything is sent.
      await assert.rejects(
        api.client.curatedPhotos({ per_page: 3 }, { fresh: true }),
        refusedFor(second.origin),
      );

      // The grid (which re-ran its search for the new server) is told the refusal and the action
      // (drawn as the message with "Check Key with …": keyOrigin.e2e).
      const label = `Check Key with ${second.origin}`;
      const failed = await webview('failed');
      assert.match(failed.failure?.message ?? '', new RegExp(`was not sent to ${second.origin.replace(/[.]/g, '\\.')}`));
      assert.deepEqual([failed.failure?.actions, failed.failure?.origin], [['checkKey', 'openSettings'], second.origin]);
      const state = await gridState();
      assert.equal(state.session.failure?.kind, 'keyNotForOrigin');
      assert.deepEqual(state.session.failure?.actions, ['checkKey', 'openSettings']);
      assert.equal(state.session.failure?.origin, second.origin);

      // The tree: an error node whose click runs the check.
      const provider = await tree();
      provider.refresh();
      const children = await provider.getChildren(await featuredRoot(provider));
      const errorNode = children[0];
      assert.ok(children.length === 1 && errorNode?.type === 'error', 'one error node');
      const item = provider.getTreeItem(errorNode);
      assert.match(labelOf(item), /^Your Pexels API key was not sent to http:\/\/127\.0\.0\.1:\d+: it was checked with another server\./);
      assert.equal(item.command?.command, 'stockMedia.checkApiKey');
      assert.equal(item.command?.title, label);

      assert.equal(second.log.length, 0, `no request reached the new server: ${second.log.map((e) => e.path).join(', ')}`);
      assert.equal(server().log.length, 0, 'nor the old one');

      // The grid's button, as the webview sends it: the key is checked with the new server and bound to it.
      await vscode.commands.executeCommand(GRID, { op: 'receive', message: { type: 'command', command: 'checkKey' } });
      await waitFor(async () => (await api.services.keys.stored())?.origins.includes(second.origin), 'the key to be bound to the new server', 15_000);
      assert.deepEqual((await api.services.keys.stored())?.origins, [second.origin]);
      assert.equal((await api.services.keys.stored())?.key, server().keys.alice, 'the same key');
      const check = second.log[0];
      assert.ok(check && check.path === '/v1/curated' && check.key === server().keys.alice, 'one request checked the key there');
      await waitFor(() => notifications.some((n) => n.level === 'info' && n.message === `Your API key works with ${second.origin}; it is now used there.`), 'the confirmation');

      // Now requests go there: the grid shows the search again, from the new server.
      const loaded = await webview('loaded');
      assert.ok(loaded.items.length > 0);
      assert.ok(second.log.some((e) => e.path === '/v1/search' && e.query['query'] === 'forest' && e.key === server().keys.alice), 'the search, at the new server');
      const page = await api.client.curatedPhotos({ per_page: 3 }, { fresh: true });
      assert.equal(page.photos.length, 3);
      assert.equal(server().log.length, 0, 'the old server saw nothing of this');

      // The command from the palette does the same; and the old server is now the foreign one.
      await pointAt(server());
      await waitFor(() => api.services.config.apiBaseUrl === server().baseUrl, 'the first base URL again');
      await assert.rejects(
        api.client.curatedPhotos({ per_page: 3 }, { fresh: true }),
        refusedFor(server().origin),
      );
      const rebound = await vscode.commands.executeCommand<CheckApiKeyResult>('stockMedia.checkApiKey');
      assert.equal(rebound.bound, true);
      assert.deepEqual((await api.services.keys.stored())?.origins, [server().origin]);
    } finally {
      await pointAt(server());
      await second.close();
    }
  });

  it('a key the new server does not accept stays unbound there', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('stockMedia.setApiKey', { key: server().keys.alice });
    // A server whose library has other keys: alice's key is unknown there.
    const stranger = await startApiServer({ seed: 4242 });
    try {
      assert.notEqual(stranger.keys.alice, server().keys.alice, 'another library, other keys');
      await pointAt(stranger);
      await waitFor(() => api.services.config.apiBaseUrl === stranger.baseUrl, 'the new base URL');
      const result = await vscode.commands.executeCommand<CheckApiKeyResult>('stockMedia.checkApiKey');
      assert.deepEqual(result, { bound: false, reason: 'forbidden' });
      assert.deepEqual((await api.services.keys.stored())?.origins, [server().origin], 'still bound to the first server only');
      const refused = notifications.find((n) => n.level === 'error');
      assert.equal(refused?.message, `${stranger.origin} did not accept your API key, so it is still not sent there.`);
      assert.deepEqual(refused?.buttons, ['Set API Key', 'Get a Free API Key']);
      await assert.rejects(api.client.curatedPhotos({ per_page: 3 }, { fresh: true }), refusedFor(stranger.origin));
      assert.equal(stranger.log.length, 1, 'only the check reached it');
    } finally {
      await pointAt(server());
      await stranger.close();
    }
  });
});
