// Hostile text in VS Code's own UI (real VS Code): a service name set to a command link in
// the user's settings, and the local server's hostile mode (a command link, markup and bare
// URLs in photographer names, alt texts, collection titles and error bodies). Everything
// the extension shows through VS Code (notifications, quick picks, input boxes, progress
// titles, the status bar tooltip, tree hovers) is recorded and held against VS Code's own
// rules for making links and icons of text: no value may become one.
//
// The extension and this suite share one `vscode` API object, so the functions that show
// things are wrapped for the duration of the suite (notifications are recorded instead of
// shown; quick picks and progress are real and recorded).
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as vscode from 'vscode';
import { inert } from '../../src/core/inert';
import { usableVideoFiles } from '../../src/core/insert/variants';
import { isLoopbackHost, safeLinkUrl } from '../../src/core/urls';
import type { MediaItem } from '../../src/core/model';
import type { CollectionNode, CollectionsNode, MediaNode, RootNode } from '../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../src/host/collections/collectionsProvider';
import { HOSTILE_TEXT } from '../server/hostile';
import { assertInertText } from './linkRules';
import { QUOTA_FIGURE, closeAllEditors, extensionApi, quotaShown, useApiServer, waitFor } from './support';

/** The service name of the report: a notification would run the command behind it. */
const HOSTILE_NAME = 'Pexels [Renew your key](command:workbench.action.openSettings)';
const SHOWN_NAME = inert(HOSTILE_NAME);

interface MarkdownIt {
  render(text: string): string;
}
const load = createRequire(__filename);
/** Markdown as VS Code renders hovers (no HTML), but with every bare URL and `www.` linked too. */
const markdown = (load('markdown-it') as (o: { html: boolean; linkify: boolean }) => MarkdownIt)({ html: false, linkify: true });

interface Shown {
  readonly where: string;
  readonly text: string;
}

type Fn = (...args: unknown[]) => unknown;

/** Wraps what shows text; returns the undo. */
function recordUi(shown: Shown[], picks: vscode.QuickPick<vscode.QuickPickItem>[]): () => void {
  const window = vscode.window as unknown as Record<string, Fn>;
  const saved = new Map<string, Fn>();
  const replace = (name: string, fn: (original: Fn) => Fn): void => {
    const original = window[name];
    assert.ok(original, name);
    saved.set(name, original);
    window[name] = fn(original.bind(vscode.window));
  };
  for (const name of ['showErrorMessage', 'showWarningMessage', 'showInformationMessage']) {
    replace(name, () => (message: unknown) => {
      shown.push({ where: name, text: String(message) });
      return Promise.resolve(undefined);
    });
  }
  replace('showInputBox', () => (options: unknown) => {
    const o = (options ?? {}) as vscode.InputBoxOptions;
    for (const [key, value] of Object.entries({ title: o.title, prompt: o.prompt, placeHolder: o.placeHolder })) {
      if (value) shown.push({ where: `showInputBox ${key}`, text: value });
    }
    return Promise.resolve(undefined);
  });
  replace('withProgress', (original) => (options: unknown, task: unknown) => {
    const title = (options as vscode.ProgressOptions).title;
    if (title) shown.push({ where: 'withProgress title', text: title });
    return original(options, task);
  });
  replace('createQuickPick', (original) => () => {
    const pick = original() as vscode.QuickPick<vscode.QuickPickItem>;
    picks.push(pick);
    return pick;
  });
  return () => {
    for (const [name, fn] of saved) window[name] = fn;
  };
}

/** The texts of a quick pick, once it has items; then it is closed (the command sees a cancel). */
async function readAndClose(picks: vscode.QuickPick<vscode.QuickPickItem>[], from: number, what: string): Promise<Shown[]> {
  const pick = await waitFor(() => picks.slice(from).find((p) => p.items.length > 0), `${what}: a quick pick with items`, 10_000);
  const texts: Shown[] = [];
  const add = (where: string, text: string | undefined): void => {
    if (text) texts.push({ where: `${what} ${where}`, text });
  };
  add('title', pick.title);
  add('placeholder', pick.placeholder);
  for (const item of pick.items) {
    add('label', item.label);
    add('description', item.description);
    add('detail', item.detail);
  }
  pick.hide();
  return texts;
}

/** The links and images a Markdown hover renders to: `[href|src, text]`. */
function markdownTargets(value: string): { links: string[]; images: string[]; text: string } {
  const html = markdown.render(value);
  return {
    links: [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1] ?? ''),
    images: [...html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1] ?? ''),
    text: html.replace(/<[^>]*>/g, ''),
  };
}

async function hook(): Promise<{ provider: CollectionsProvider }> {
  const value = await vscode.commands.executeCommand<{ provider: CollectionsProvider } | undefined>('stockMedia.collections.testHook');
  assert.ok(value, 'the collections test hook is registered');
  return value;
}

describe('hostile text in VS Code’s own UI (real VS Code)', function () {
  this.timeout(120_000);
  const server = useApiServer();
  const shown: Shown[] = [];
  const picks: vscode.QuickPick<vscode.QuickPickItem>[] = [];
  let restoreUi: () => void = () => undefined;
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('stockMedia');

  /**
   * The links and images the extension itself builds go to the local servers' pages and
   * files (this computer); a hostile value's target (`command:`, evil.example) never does.
   */
  const ownLink = (url: string): boolean => {
    const safe = safeLinkUrl(url);
    return safe !== undefined && isLoopbackHost(new URL(safe).hostname);
  };

  before(async () => {
    // Where a user would set it: the user's settings (a workspace cannot set it).
    await config().update('serviceName', HOSTILE_NAME, vscode.ConfigurationTarget.Global);
    const api = await extensionApi();
    await waitFor(() => api.services.config.serviceName === HOSTILE_NAME, 'the service name setting');
    restoreUi = recordUi(shown, picks);
  });

  after(async () => {
    restoreUi();
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'close' });
    await closeAllEditors();
    await config().update('serviceName', undefined, vscode.ConfigurationTarget.Global);
  });

  beforeEach(async () => {
    server().resetSwitches();
    server().resetQuotas();
    (await extensionApi()).client.clearCache();
  });

  it('Show Quota names the service inert in every state, and a 429 is the rate limit or the monthly quota', async () => {
    const api = await extensionApi();
    const texts: string[] = [];
    const showQuota = async (): Promise<string> => {
      const from = shown.length;
      const text = await vscode.commands.executeCommand<string>('stockMedia.showQuota');
      const recorded = shown.slice(from).filter((s) => s.where === 'showInformationMessage');
      assert.deepEqual(recorded.map((s) => s.text), [text], 'the message the command returned is the one shown');
      texts.push(text);
      return text;
    };
    api.services.quota.update(undefined);
    assert.match(await showQuota(), /quota is not known yet/);
    await api.client.curatedPhotos({ per_page: 1 }, { fresh: true });
    assert.match(await showQuota(), /requests left this month/);
    server().setQuota(server().keys.alice, { monthlyRemaining: 0 });
    await assert.rejects(api.client.curatedPhotos({ per_page: 2 }, { fresh: true }), (e: { kind?: string }) => e.kind === 'rateLimited');
    assert.match(await showQuota(), /rate limit or monthly quota is used up/);
    for (const text of texts) {
      assertInertText(text, 'Show Quota');
      assert.ok(text.includes(SHOWN_NAME), `the name is shown, inert: ${text}`);
    }
  });

  it('the status bar tooltip has one link, the extension’s own, and the name as text', async () => {
    const api = await extensionApi();
    await api.client.curatedPhotos({ per_page: 1 }, { fresh: true });
    const view = await waitFor(() => QUOTA_FIGURE.test(quotaShown(api)?.text ?? '') && quotaShown(api), 'the quota in the status bar');
    const { links, images, text } = markdownTargets(view.tooltip);
    assert.deepEqual(links, [`${server().origin}/api/`], 'only the higher-limit page');
    assert.deepEqual(images, []);
    assert.ok(text.includes(SHOWN_NAME), `the name reads as text: ${text}`);
    // The item's own text is ours (an icon and the figures); no value reaches it.
    assert.doesNotMatch(view.text, /Renew|command:/, view.text);
  });

  it('notifications, prompts and progress titles quote the name and what the service said inert', async () => {
    const api = await extensionApi();
    const from = shown.length;
    // A key the service refuses; then a key check against a hostile error body.
    await vscode.commands.executeCommand('stockMedia.setApiKey', { key: 'not-a-real-key' });
    server().setSwitches({ failStatus: 503, hostile: true });
    await vscode.commands.executeCommand('stockMedia.setApiKey', { key: server().keys.bob });
    server().resetSwitches();
    // Open Media: a link to another site, and the input box.
    await vscode.commands.executeCommand('stockMedia.openMedia', { url: 'https://evil.example/photo/x-12/' });
    await vscode.commands.executeCommand('stockMedia.openMedia');
    const texts = shown.slice(from);
    const where = new Set(texts.map((t) => t.where));
    for (const expected of ['showErrorMessage', 'showWarningMessage', 'showInputBox prompt', 'showInputBox placeHolder', 'withProgress title']) {
      assert.ok(where.has(expected), `${expected} was recorded: ${[...where].join(', ')}`);
    }
    for (const t of texts) assertInertText(t.text, t.where);
    assert.ok(texts.filter((t) => t.text.includes(SHOWN_NAME)).length >= 4, 'the name is in most of them');
    assert.ok(texts.some((t) => t.text.includes('The service said') && t.text.includes('(Fix it)(command:')), 'the error body is quoted, inert');
    assert.equal(api.services.hasKey, true);
  });

  it('quick picks show recent searches and hostile video files inert', async () => {
    const api = await extensionApi();
    const query = `$(key) ${HOSTILE_TEXT.commandLink}`.slice(0, 200);
    await vscode.commands.executeCommand('stockMedia.search', { query });
    const fromSearch = picks.length;
    const searching = vscode.commands.executeCommand('stockMedia.search');
    const searchTexts = await readAndClose(picks, fromSearch, 'Search Photos');
    assert.deepEqual(await searching, { shown: false, reason: 'cancelled' });
    assert.ok(searchTexts.some((t) => t.text === inert(query)), `the recent search is an item: ${searchTexts.map((t) => t.text).join(' | ')}`);

    server().setSwitches({ hostile: true });
    const videos = (await api.client.popularVideos({ per_page: 40 }, { fresh: true })).videos;
    const video = videos.find((v) => usableVideoFiles(v).length > 1);
    assert.ok(video, 'a hostile video with files');
    const media: MediaItem = { kind: 'video', video };
    const fromInsert = picks.length;
    const inserting = vscode.commands.executeCommand('stockMedia.insertAs', { media });
    const insertTexts = await readAndClose(picks, fromInsert, 'Insert As');
    await inserting;
    // A collection's type filter: its title is the picker's title.
    const { provider } = await hook();
    provider.refresh();
    const roots = (await provider.getChildren()) as RootNode[];
    const collections: CollectionNode[] = [];
    for (const root of roots) collections.push(...(await provider.getChildren(root)).filter((n): n is CollectionNode => n.type === 'collection'));
    const hostile = collections.find((c) => /[[\]]/.test(c.collection.title)) ?? collections[0];
    assert.ok(hostile, 'a hostile collection');
    const fromFilter = picks.length;
    const filtering = vscode.commands.executeCommand('stockMedia.collections.filter', hostile);
    const filterTexts = await readAndClose(picks, fromFilter, 'Collection filter');
    await filtering;
    assert.ok(filterTexts.some((t) => t.where.endsWith('title') && t.text.includes(inert(hostile.collection.title, 120))), JSON.stringify(filterTexts));
    for (const t of [...searchTexts, ...insertTexts, ...filterTexts]) assertInertText(t.text, t.where);
  });

  it('tree tooltips and hovers: the name and hostile API text as text, links only where the extension makes them', async () => {
    server().setSwitches({ hostile: true });
    const { provider } = await hook();
    provider.refresh();
    const roots = (await provider.getChildren()) as RootNode[];
    const nodes: CollectionsNode[] = [];
    for (const root of roots) nodes.push(...(await provider.getChildren(root)));
    const collections = nodes.filter((n): n is CollectionNode => n.type === 'collection');
    for (const c of collections.filter((n) => n.collection.media_count > 0).slice(0, 4)) nodes.push(...(await provider.getChildren(c)));
    const media = nodes.filter((n): n is MediaNode => n.type === 'media');
    assert.ok(collections.length > 3 && media.length > 20, `${collections.length} collections, ${media.length} media`);
    let ownLinks = 0;
    let hostileShown = 0;
    for (const node of [...roots, ...nodes]) {
      // A media item's hover is made when VS Code shows it (resolveTreeItem).
      const item = provider.resolveTreeItem(provider.getTreeItem(node), node);
      const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
      assertInertText(label, `label of ${node.id}`);
      if (typeof item.description === 'string') assertInertText(item.description, `description of ${node.id}`);
      const tooltip = item.tooltip;
      if (typeof tooltip === 'string') {
        assertInertText(tooltip, `tooltip of ${node.id}`);
        continue;
      }
      if (!(tooltip instanceof vscode.MarkdownString)) continue;
      assert.equal(tooltip.isTrusted, false);
      assert.notEqual(tooltip.supportHtml, true);
      assert.notEqual(tooltip.supportThemeIcons, true);
      const { links, images, text } = markdownTargets(tooltip.value);
      for (const href of [...links, ...images]) assert.ok(ownLink(href), `hover of ${node.id}: a link or image to ${href}`);
      ownLinks += links.length;
      assert.doesNotMatch(text, /[[\]]/, `hover of ${node.id}: no bracket of a would-be link survives: ${text}`);
      if (text.includes('(Fix it)(command:') || text.includes(SHOWN_NAME)) hostileShown++;
    }
    assert.ok(ownLinks > 0, 'the hovers keep the author and page links the extension makes');
    assert.ok(hostileShown > 0, 'the hostile text is shown as text, not dropped');
    const featured = roots.find((r) => r.root === 'featured');
    assert.ok(featured);
    assert.ok(String(provider.getTreeItem(featured).tooltip).includes(SHOWN_NAME));
  });
});
