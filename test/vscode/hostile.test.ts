// Hostile input in a real VS Code: the local server in hostile mode (script and
// markup in every text, unsafe and foreign URLs, hostile error bodies) and with each failure
// switch, driven through every surface: the collections tree, the grid, insert into
// Markdown, HTML, TSX and CSS, copy and open. What comes out is parsed the way its reader
// would parse it. A second server stands at the "other origin" the hostile links point to;
// its log is the witness that the key never goes there.
//
// The extension and this suite share one `vscode` API object (the suite lives inside the
// extension's folder), so the notifications the extension shows and the links it opens are
// recorded by replacing those functions for the duration of the suite.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { stripInvisible } from '../../src/core/invisible';
import type { MediaItem, Photo, Video } from '../../src/core/model';
import { ALT_MAX, NAME_MAX, cleanText } from '../../src/core/insert/text';
import { plainInert } from '../../src/core/insert/escape';
import { isLoopbackHost, safeLinkUrl } from '../../src/core/urls';
import type { GridPanelState, GridTold } from './hooks';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import { MediaInserter } from '../../src/host/insert/inserter';
import type { InsertOutcome } from '../../src/host/insert/inserter';
import type { CollectionsNode, CollectionNode, LoadMoreNode, MediaNode, RootNode } from '../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../src/host/collections/collectionsProvider';
import { HOSTILE_ERROR_TEXT, HOSTILE_STRINGS, mediaUrlSpoil } from '../server/hostile';
import type { ApiServer, RequestLogEntry, ServerSwitches } from '../server/server';
import { startApiServer } from '../server/server';
import {
  assertClearMessage,
  assertPlainLine,
  checkCss,
  checkHtml,
  checkTsx,
  markdownImageAlts,
  renderMarkdown,
  renderMarkdownWithoutHtml,
} from './hostileChecks';
import { IN_WEB_WORKER_HOST, OWN_HTTP_SERVER, catchEscapes, itInNode } from './hosts';
import type { Shown } from './support';
import { closeAllEditors, cspAdmits, extensionApi, recordUi, setRequestTimeout, stopLocalServer, useLocalServer, waitFor, mediaArgs } from './support';
import { gridTold, openGridState } from './support';

const GRID = 'stockMedia.test.grid';
const MARKUP_TAGS = new Set(['p', 'img', 'a', 'strong', 'em', 'h1', 'figure', 'figcaption', 'video', 'source', 'br', 'html', 'head', 'body']);
const TSX_TAGS = new Set(['', 'img', 'figure', 'figcaption', 'p', 'a', 'video', 'source']);

function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

async function hook(): Promise<{ provider: CollectionsProvider }> {
  const value = await vscode.commands.executeCommand<{ provider: CollectionsProvider } | undefined>('stockMedia.collections.testHook');
  assert.ok(value, 'the collections test hook is registered');
  return value;
}

const gridState = openGridState;

/** What the grid's webview was told, once its search has the answer `status` says. */
const told = (status: GridTold['status']): Promise<GridTold> => gridTold(`the webview told ${status}`, (t) => t.status === status);

function mediaOf(item: MediaItem): Photo | Video {
  return item.kind === 'photo' ? item.photo : item.video;
}

function scratchFolder(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests run in a folder');
  return vscode.Uri.joinPath(folder.uri, 'hostile-tests');
}

let scratchCount = 0;
/**
 * A new file (its language from its name) with the cursor at `cursor` (offset in
 * `content`). Files, not untitled documents: VS Code may hand back a closed untitled
 * document's old text under a reused name.
 */
async function scratch(name: string, content: string, cursor: number): Promise<vscode.TextEditor> {
  scratchCount += 1;
  const uri = vscode.Uri.joinPath(scratchFolder(), String(scratchCount), name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  const at = doc.positionAt(cursor);
  editor.selection = new vscode.Selection(at, at);
  return editor;
}

describe('hostile input (real VS Code)', function () {
  this.timeout(120_000);
  let server: ApiServer;
  let foreign: ApiServer;
  const messages: Shown[] = [];
  const opened: string[] = [];
  const escaped: string[] = [];
  let restoreUi: () => void = () => undefined;
  let stopCatching: () => void = () => undefined;
  const onEscape = (error: unknown): void => {
    escaped.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  };

  /** Only the local servers' two origins: everything else in hostile output is unsafe. */
  const localUrl = (url: string): boolean => {
    const safe = safeLinkUrl(url);
    if (!safe) return false;
    const origin = new URL(safe).origin;
    return origin === server.origin || origin === foreign.origin;
  };
  const messagesSince = (n: number): Shown[] => messages.slice(n);

  before(async () => {
    stopCatching = catchEscapes(onEscape);
    server = await useLocalServer('alice');
    // The other origin of foreignNextPage, foreignRedirect and the foreign media URLs.
    foreign = await startApiServer({ host: '127.0.0.2', port: Number(new URL(server.origin).port) });
    restoreUi = recordUi(messages, opened);
    const { provider } = await hook();
    provider.refresh();
  });

  after(async () => {
    restoreUi();
    await vscode.commands.executeCommand(GRID, { op: 'close' });
    await closeAllEditors();
    await vscode.workspace.fs.delete(scratchFolder(), { recursive: true }).then(undefined, () => undefined);
    await vscode.workspace.getConfiguration('stockMedia').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Workspace);
    await stopLocalServer(server);
    await foreign?.close();
    stopCatching();
  });

  beforeEach(async () => {
    server.resetSwitches();
    server.resetQuotas();
    foreign.resetSwitches();
    (await extensionApi()).client.clearCache();
  });

  /** Hostile photos and videos as the extension's own client decodes them. */
  async function hostileMedia(): Promise<{ photos: MediaItem[]; videos: MediaItem[] }> {
    server.setSwitches({ hostile: true });
    const client = (await extensionApi()).client;
    const photos = (await client.curatedPhotos({ per_page: 80 }, { fresh: true })).photos;
    const videos = (await client.popularVideos({ per_page: 40 }, { fresh: true })).videos;
    return {
      photos: photos.map((photo): MediaItem => ({ kind: 'photo', photo })),
      videos: videos.map((video): MediaItem => ({ kind: 'video', video })),
    };
  }

  it('the recorders see what the extension shows and opens', async () => {
    const { photos } = await hostileMedia();
    const unsafe = photos.find((m) => m.kind === 'photo' && safeLinkUrl(m.photo.url) === undefined);
    assert.ok(unsafe, 'a photo whose page address is unsafe');
    const before = messages.length;
    assert.equal(await vscode.commands.executeCommand('stockMedia.openOnService', { media: unsafe }), false);
    assert.equal(messagesSince(before).length, 1, 'the extension’s warning went through the recorder');
    assert.deepEqual(opened, [], 'nothing was opened');
  });

  describe('collections tree', () => {
    it('shows hostile titles, descriptions and names as plain text; hovers render to safe text only', async () => {
      server.setSwitches({ hostile: true });
      const { provider } = await hook();
      provider.refresh();
      const [featured, mine] = (await provider.getChildren()) as RootNode[];
      assert.ok(featured && mine);
      const collections = [...(await provider.getChildren(featured)), ...(await provider.getChildren(mine))].filter(
        (n): n is CollectionNode => n.type === 'collection',
      );
      assert.equal(collections.length, server.library.featuredCollectionIds.length + server.library.collections.filter((c) => c.owner === 'alice').length);
      const nodes: CollectionsNode[] = [...collections];
      for (const c of collections.filter((n) => n.collection.media_count > 0).slice(0, 6)) nodes.push(...(await provider.getChildren(c)));
      const media = nodes.filter((n): n is MediaNode => n.type === 'media');
      assert.ok(media.length > 40, `${media.length} media nodes`);
      const labels: string[] = [];
      for (const node of nodes) {
        // A media item's hover is made when VS Code shows it (resolveTreeItem).
        const item = provider.resolveTreeItem(provider.getTreeItem(node), node);
        const label = labelOf(item);
        labels.push(label, String(item.description ?? ''));
        assertPlainLine(label, `label of ${node.id}`);
        assertPlainLine(String(item.description ?? ''), `description of ${node.id}`);
        assert.ok(label.length > 0 && label.length <= 121, `a bounded label (${label.length})`);
        if (node.type !== 'media' && node.type !== 'collection') continue;
        if (node.type === 'media') {
          // A click opens the item in the grid by its kind and numeric id: nothing the service wrote.
          const id = node.media.kind === 'photo' ? node.media.photo.id : node.media.video.id;
          assert.deepEqual({ command: item.command?.command, arguments: item.command?.arguments }, { command: 'stockMedia.openMedia', arguments: [{ kind: node.media.kind, id }] });
        } else {
          assert.equal(item.command, undefined, 'a click runs nothing');
        }
        assert.ok(item.tooltip instanceof vscode.MarkdownString, 'a Markdown hover');
        assert.equal(item.tooltip.isTrusted, false, 'no command links run from the hover');
        assert.equal(item.tooltip.supportHtml, false, 'no HTML in the hover');
        assert.notEqual(item.tooltip.supportThemeIcons, true);
        const html = renderMarkdownWithoutHtml(item.tooltip.value);
        const found = checkHtml(html, MARKUP_TAGS, localUrl, `hover of ${node.id}`);
        // Only the hover's own structure: a thumbnail, bold title, author and page links.
        assert.ok(found.tags.filter((t) => t === 'img').length <= 1);
        assert.ok(found.tags.filter((t) => t === 'a').length <= 2, `links in the hover of ${node.id}: ${found.urls.join(' ')}`);
        assert.ok(found.text.includes(label.replace(/…$/, '').slice(0, 40)), `the hover shows the title as text: ${label.slice(0, 40)}`);
        if (item.accessibilityInformation) assertPlainLine(item.accessibilityInformation.label, 'screen reader label');
      }
      // The hostile text is shown, as text, not dropped.
      assert.ok(labels.some((l) => l.includes('<img src=x onerror=')), 'markup shows as text');
      // A command link shows as its words, inert: its brackets turned into parentheses.
      assert.ok(labels.some((l) => l.includes('(Fix it)(command:')), 'a command link shows as inert text');
      // Thumbnails: only from safe addresses, and the unsafe ones are left out.
      const thumbs = media.map((n) => /^!\[[^\n]*\]\(([^)\s]+)\)/.exec((provider.resolveTreeItem(provider.getTreeItem(n), n).tooltip as vscode.MarkdownString).value)?.[1]);
      assert.ok(thumbs.filter(Boolean).length > 0 && thumbs.some((t) => t === undefined), 'some hovers have a thumbnail, the unsafe ones none');
      for (const t of thumbs) if (t) assert.ok(localUrl(t), t);
    });
  });

  describe('grid', () => {
    it('receives hostile results as inert view models; its CSP names only https and this computer', async () => {
      server.setSwitches({ hostile: true });
      const result = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.showCurated');
      assert.ok(result.shown && result.status === 'loaded' && result.count === 80, JSON.stringify(result));
      const state = await gridState();
      for (const credit of state.session.credits) assertPlainLine(credit, 'a credit');
      assert.ok(state.session.credits.some((c) => c.includes('</script><script>')), 'markup reaches the webview as text');
      for (const source of [...state.imgSources, ...state.mediaSources]) {
        // A scheme, or a host on any port: only https, and plain http only to this computer.
        assert.ok(source === 'https:' || (/^http:\/\/[^/]+:\*$/.test(source) && isLoopbackHost(new URL(source.replace(/:\*$/, '')).hostname)), source);
      }
      assert.ok(cspAdmits(state.imgSources, foreign.origin), 'the foreign images are allowed as images from this computer, nothing looser');
      // The webview is given them as they are; it shows them as text (hostile.e2e).
      const shown = await told('loaded');
      assert.deepEqual(shown.items.map((i) => i.credit), state.session.credits);
    });

    it('its tile actions never open or copy an unsafe address, and say so when they refuse', async () => {
      server.setSwitches({ hostile: true });
      await vscode.commands.executeCommand<GridCommandResult>('stockMedia.showCurated');
      const keys = (await gridState()).session.itemKeys.slice(0, 30);
      const before = messages.length;
      opened.length = 0;
      for (const key of keys) {
        for (const action of ['openOnService', 'openPhotographer', 'copyUrl'] as const) {
          await vscode.commands.executeCommand(GRID, { op: 'receive', message: { type: 'action', action, key } });
        }
      }
      // Let the actions (run without waiting for them) finish.
      await new Promise((r) => setTimeout(r, 500));
      assert.ok(opened.length > 0, 'safe pages and profiles open');
      for (const url of opened) assert.ok(localUrl(url), `opened ${url}`);
      const refusals = messagesSince(before);
      assert.ok(refusals.length > 0, 'unsafe ones are refused with a message');
      for (const m of refusals) assertClearMessage(m.message, 'a refusal');
      assert.ok(localUrl(await vscode.env.clipboard.readText()) || (await vscode.env.clipboard.readText()) === '', 'the clipboard holds a safe address');
    });
  });

  describe('insert, copy and open', () => {
    let photos: MediaItem[];
    let videos: MediaItem[];
    let insertable: MediaItem[];

    before(async () => {
      ({ photos, videos } = await hostileMedia());
      insertable = [
        ...photos.filter((m) => mediaUrlSpoil(mediaOf(m).id) !== 'unsafe'),
        ...videos.filter((m) => mediaUrlSpoil(mediaOf(m).id) !== 'unsafe').slice(0, 6),
      ];
      const alts = new Set(insertable.map((m) => (m.kind === 'photo' ? m.photo.alt : undefined)));
      // As decoded: without its invisible and direction-changing characters.
      for (const s of HOSTILE_STRINGS.map(stripInvisible)) assert.ok(alts.has(s), `a photo to insert with the alt text ${JSON.stringify(s.slice(0, 30))}`);
    });

    afterEach(closeAllEditors);

    const insertAll = async (editor: vscode.TextEditor): Promise<InsertOutcome> => {
      const [first] = insertable;
      assert.ok(first);
      const outcome = await vscode.commands.executeCommand<InsertOutcome>(
        'stockMedia.insert',
        { media: first, targetUri: editor.document.uri.toString() },
        insertable.map((media) => ({ media })),
      );
      assert.equal(outcome.result, 'inserted', outcome.notes.join(' '));
      return outcome;
    };
    const expectedAlts = (): string[] =>
      insertable.filter((m): m is Extract<MediaItem, { kind: 'photo' }> => m.kind === 'photo').map((m) => cleanText(m.photo.alt, ALT_MAX));

    it('Markdown: rendered even with raw HTML allowed, only our images and links come out', async () => {
      const before = '# Hostile\n\n';
      const editor = await scratch('page.md', `${before}\n`, before.length);
      await insertAll(editor);
      const text = editor.document.getText();
      assert.doesNotMatch(text, /(?<!\\)<(script|img|svg|iframe|a)\b/i, 'no raw tag');
      assert.doesNotMatch(text, /(?<!\\)\]\((?!http:\/\/127\.0\.0\.[12]:)/, 'every link destination is the local server');
      const found = checkHtml(renderMarkdown(text), MARKUP_TAGS, localUrl, 'rendered Markdown');
      assert.equal(found.tags.filter((t) => t === 'img').length, insertable.length, 'one image per item (a video: its poster)');
      assert.deepEqual(markdownImageAlts(text).slice(0, expectedAlts().length), expectedAlts(), 'each alt text reads back exactly');
    });

    it('HTML: parsed as a browser does, only the elements and attributes of the format', async () => {
      const before = '<!DOCTYPE html>\n<html><head><title>t</title></head><body>\n';
      const editor = await scratch('page.html', `${before}\n</body></html>\n`, before.length);
      await insertAll(editor);
      const found = checkHtml(editor.document.getText(), new Set([...MARKUP_TAGS, 'title']), localUrl, 'HTML', false);
      assert.deepEqual(found.imgAlts, expectedAlts());
      assert.equal(found.tags.filter((t) => t === 'video').length, insertable.filter((m) => m.kind === 'video').length);
    });

    it('TSX: the TypeScript parser finds only literal attributes and text, no code', async () => {
      const before = 'export const Page = () => (\n  <>\n    ';
      const editor = await scratch('Page.tsx', `${before}\n  </>\n);\n`, before.length);
      await insertAll(editor);
      const text = editor.document.getText();
      try {
        const found = checkTsx(text, TSX_TAGS, localUrl);
        assert.deepEqual(found.alts, expectedAlts());
      } catch (error) {
        console.log(`      the TSX document (${editor.document.languageId}):\n${text.slice(0, 3000)}`);
        throw error;
      }
    });

    it('CSS: comments end where they should, and only safe url() values', async () => {
      const before = '.hero {\n  background-image: ';
      const after = ';\n}\n';
      const editor = await scratch('site.css', `${before}${after}`, before.length);
      await insertAll(editor);
      const urls = checkCss(editor.document.getText(), before, after, localUrl);
      assert.equal(urls.length, insertable.length);
    });

    it('media with no safe file address: nothing inserted, one clear message', async () => {
      const spoiled = (list: MediaItem[]): MediaItem[] => list.filter((m) => mediaUrlSpoil(mediaOf(m).id) === 'unsafe').slice(0, 2);
      const unsafe = [...spoiled(photos), ...spoiled(videos)];
      assert.equal(unsafe.length, 4, 'two photos and two videos without a safe file');
      const editor = await scratch('untouched.md', 'untouched\n', 0);
      for (const media of unsafe) {
        const before = messages.length;
        const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media, targetUri: editor.document.uri.toString() });
        assert.equal(outcome.result, 'failed');
        const shown = messagesSince(before);
        assert.equal(shown.length, 1, JSON.stringify(shown));
        assert.equal(shown[0]?.level, 'error');
        assertClearMessage(shown[0]?.message ?? '', 'the insert failure');
        assert.match(shown[0]?.message ?? '', /safe https/);
      }
      assert.equal(editor.document.getText(), 'untouched\n');
    });

    itInNode(OWN_HTTP_SERVER, 'a file server answering with a hostile content type: quoted as plain text, no link, nothing saved', async () => {
      // Photo files come from any host the service names; its headers are as untrusted as its JSON.
      const files = createServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html; q=[Fix it](command:stockMedia.clearApiKey)' });
        res.end('<script>window.__pwned=1</script>');
      });
      await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
      const first = photos.find((m): m is Extract<MediaItem, { kind: 'photo' }> => m.kind === 'photo');
      assert.ok(first);
      const src = Object.fromEntries(Object.keys(first.photo.src).map((k) => [k, `${base}/photo.png`])) as Photo['src'];
      const media: MediaItem = { kind: 'photo', photo: { ...first.photo, src } };
      const editor = await scratch('download.md', '', 0);
      const inserter = new MediaInserter((await extensionApi()).services, { isTrusted: () => true, fetch: (i, init) => fetch(i, init), now: () => new Date() });
      try {
        const before = messages.length;
        const outcome = await inserter.insert(mediaArgs({ media, targetUri: editor.document.uri.toString() }), { mode: 'download' });
        assert.equal(outcome.result, 'failed');
        const shown = messagesSince(before).filter((m) => m.level === 'error');
        assert.equal(shown.length, 1, JSON.stringify(messagesSince(before)));
        assertClearMessage(shown[0]?.message ?? '', 'the download failure');
        assert.match(shown[0]?.message ?? '', /text\/html/, 'the type the server sent is named');
        assert.equal(editor.document.getText(), '', 'nothing inserted');
      } finally {
        inserter.dispose();
        files.close();
      }
    });

    it('copy URL and copy credit: only safe addresses, one clean line of text', async () => {
      for (const media of [...photos.slice(0, 30), ...videos.slice(0, 10)]) {
        const before = messages.length;
        const url = await vscode.commands.executeCommand<string | undefined>('stockMedia.copyUrl', { media });
        if (url === undefined) {
          assert.equal(mediaUrlSpoil(mediaOf(media).id), 'unsafe', `only media without a safe file fail (${media.kind} ${mediaOf(media).id})`);
          assertClearMessage(messagesSince(before)[0]?.message ?? '', 'copy URL failure');
        } else {
          assert.ok(localUrl(url), url);
          assert.equal(await vscode.env.clipboard.readText(), url);
        }
        const credit = await vscode.commands.executeCommand<string>('stockMedia.copyCredit', { media });
        assert.equal(await vscode.env.clipboard.readText(), credit);
        assertPlainLine(credit, 'the credit');
        // The name is the name, as text without services, TeX or template syntax (plainInert);
        // every address the credit adds is a safe one.
        const name = plainInert(cleanText(media.kind === 'photo' ? media.photo.photographer : media.video.user.name, NAME_MAX));
        const rest = name ? credit.replace(name, ' ') : credit;
        for (const [url] of rest.matchAll(/[a-z][\w+.-]*:\/\/[^\s)]+/gi)) assert.ok(localUrl(url), `an address in the credit: ${url}`);
        assert.doesNotMatch(rest, /javascript:|data:|command:/i, credit);
      }
    });

    it('open on the service: unsafe pages are never opened, the command says false and why', async () => {
      opened.length = 0;
      let refused = 0;
      for (const media of [...photos.slice(0, 30), ...videos.slice(0, 10)]) {
        const before = messages.length;
        const page = mediaOf(media).url;
        const result = await vscode.commands.executeCommand<boolean>('stockMedia.openOnService', { media });
        if (safeLinkUrl(page) === undefined) {
          refused += 1;
          assert.equal(result, false);
          assertClearMessage(messagesSince(before)[0]?.message ?? '', 'open refusal');
        } else {
          assert.equal(result, true);
          assert.equal(opened.at(-1), safeLinkUrl(page));
        }
      }
      assert.ok(refused > 10, `${refused} unsafe pages refused`);
      for (const url of opened) assert.ok(localUrl(url), url);
    });
  });

  describe('failures turn into clear messages everywhere', () => {
    interface Case {
      readonly name: string;
      readonly switches: Partial<ServerSwitches>;
      readonly expect: RegExp;
      readonly setup?: () => Promise<void>;
      readonly teardown?: () => Promise<void>;
    }
    const cases: Case[] = [
      { name: 'a body that is not JSON', switches: { malformedJson: true }, expect: /sent an answer this extension cannot read.*not valid JSON/ },
      {
        name: 'a plain-text 429',
        switches: { plainText429: true },
        expect: /rate limit or monthly quota is used up/,
        setup: async () => server.setQuota(server.keys.alice, { monthlyRemaining: 0 }),
      },
      { name: 'an HTML 500', switches: { failStatus: 500 }, expect: /had a problem \(HTTP 500\)/ },
      { name: 'a hostile error body', switches: { failStatus: 503, hostile: true }, expect: /had a problem \(HTTP 503\).*The service said/ },
      {
        name: 'an answer slower than the timeout setting',
        switches: { delayMs: 2_500 },
        expect: /did not answer in time/,
        setup: () => setRequestTimeout(1),
        teardown: () => setRequestTimeout(undefined),
      },
      { name: 'a dropped connection', switches: { dropConnection: true }, expect: /Could not reach/ },
    ];

    for (const c of cases) {
      it(`${c.name}: an error node, a failed grid and a notification, nothing thrown`, async () => {
        const api = await extensionApi();
        await c.setup?.();
        try {
          server.setSwitches(c.switches);
          // The tree: an error node whose label is the message.
          const { provider } = await hook();
          provider.refresh();
          const [featured] = (await provider.getChildren()) as RootNode[];
          assert.ok(featured);
          const children = await provider.getChildren(featured);
          assert.equal(children.length, 1);
          const failed = children[0];
          assert.equal(failed?.type, 'error');
          const item = provider.getTreeItem(failed);
          const label = labelOf(item);
          assertClearMessage(label, 'the error node');
          assert.match(label, c.expect);
          assert.equal(item.command?.command !== undefined, true, 'the node offers its fix (retry, quota, key or settings)');
          checkHtml(renderMarkdownWithoutHtml((item.tooltip as vscode.MarkdownString).value), MARKUP_TAGS, localUrl, 'error hover');

          // The grid: a failed state with the same kind of message.
          api.client.clearCache();
          const result = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.showCurated');
          assert.ok(result.shown && result.status === 'failed', JSON.stringify(result));
          const failure = (await gridState()).session.failure;
          assert.ok(failure);
          assertClearMessage(failure.message, 'the grid');
          assert.match(failure.message, c.expect);
          assert.ok(failure.actions.length > 0 || failure.kind === 'invalidRequest', 'a way forward');
          await told('failed');

          // A notification: setting the key checks it against the failing service.
          const before = messages.length;
          const set = await vscode.commands.executeCommand<{ saved: boolean }>('stockMedia.setApiKey', { key: server.keys.alice });
          const shown = messagesSince(before);
          assert.equal(shown.length, 1, JSON.stringify(shown));
          assertClearMessage(shown[0]?.message ?? '', 'the notification');
          if (!set.saved) assert.match(shown[0]?.message ?? '', c.expect);
          if (c.switches.hostile) assert.ok(!(shown[0]?.message ?? '').includes(HOSTILE_ERROR_TEXT.slice(0, 16)), 'the server’s link is broken up');
        } finally {
          server.resetSwitches();
          server.resetQuotas();
          await c.teardown?.();
        }
        // Recovers: the retry on the error node loads the list.
        const { provider } = await hook();
        const [featured] = (await provider.getChildren()) as RootNode[];
        const failed = (await provider.getChildren(featured)).find((n) => n.type === 'error');
        await vscode.commands.executeCommand('stockMedia.collections.retry', failed);
        const recovered = await provider.getChildren(featured);
        assert.equal(recovered.filter((n) => n.type === 'collection').length, server.library.featuredCollectionIds.length);
      });
    }

    it('a failing next page keeps what was shown and says why', async () => {
      await vscode.commands.executeCommand<GridCommandResult>('stockMedia.showCurated');
      server.setSwitches({ failStatus: 500 });
      const state = await vscode.commands.executeCommand<GridPanelState>(GRID, { op: 'loadMore' });
      assert.equal(state.session.itemKeys.length, 80, 'nothing shown is lost');
      assert.equal(state.session.more, 'failed');
      assert.ok(state.session.moreFailure);
      assertClearMessage(state.session.moreFailure.message, 'the next page');
      assert.match(state.session.moreFailure.message, /HTTP 500/);
    });
  });

  describe('the key never reaches another origin', () => {
    const withKey = (log: readonly RequestLogEntry[]): RequestLogEntry[] => log.filter((e) => e.hadKey);

    it('paging the tree and the grid through foreign next_page links, foreign images, a foreign download and a redirect', async () => {
      server.setSwitches({ foreignNextPage: true, hostile: true });
      server.clearLog();
      // The foreign log is kept from the start: the webview's images come from its cache now.
      // The tree: the large collection, page by page to its end.
      const { provider } = await hook();
      provider.refresh();
      const [featured] = (await provider.getChildren()) as RootNode[];
      const id = server.library.largeFeaturedCollectionId;
      const node = (await provider.getChildren(featured)).find((n): n is CollectionNode => n.type === 'collection' && n.collection.id === id);
      assert.ok(node);
      let children = await provider.getChildren(node);
      for (let i = 0; i < 5; i++) {
        const more = children.find((n): n is LoadMoreNode => n.type === 'loadMore');
        if (!more) break;
        await vscode.commands.executeCommand('stockMedia.collections.loadMore', more);
        children = await provider.getChildren(node);
      }
      const library = server.library.collectionById.get(id);
      assert.equal(children.filter((n) => n.type === 'media').length, library?.media.length);
      const pages = server.log.filter((e) => e.path === `/v1/collections/${id}`);
      assert.deepEqual(pages.map((e) => e.query.page), ['1', '2', '3'], 'every page from the configured server');
      assert.ok(pages.every((e) => e.key === server.keys.alice));

      // The grid: curated to its end; its tiles load images from the foreign origin.
      await vscode.commands.executeCommand<GridCommandResult>('stockMedia.showCurated');
      await vscode.commands.executeCommand(GRID, { op: 'loadMore' });
      const state = await gridState();
      assert.equal(state.session.itemKeys.length, server.library.curatedPhotoIds.length);
      assert.deepEqual(server.log.filter((e) => e.path === '/v1/curated').map((e) => e.query.page), ['1', '2']);
      await told('loaded');
      await waitFor(() => foreign.mediaLog.some((e) => e.path.startsWith('/media/photos/')), 'the webview to load tile images from the foreign origin', 15_000);

      // Saving a photo whose file is on the foreign origin downloads it from there.
      const client = (await extensionApi()).client;
      const photo = (await client.curatedPhotos({ per_page: 80 })).photos.find((p) => mediaUrlSpoil(p.id) === 'foreign');
      assert.ok(photo && photo.src.large.startsWith(foreign.origin));
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder);
      const target = vscode.Uri.joinPath(folder.uri, 'hostile-tests', 'saved.md');
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(''));
      const saved: vscode.Uri[] = [];
      const inserter = new MediaInserter((await extensionApi()).services, { isTrusted: () => true, fetch: (i, init) => fetch(i, init), now: () => new Date() });
      try {
        await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(target));
        const outcome = await inserter.insert(mediaArgs({ media: { kind: 'photo', photo } }), { mode: 'download' });
        if (IN_WEB_WORKER_HOST) {
          // The web worker host's content security policy lets fetch reach https and plain
          // http only on localhost and 127.0.0.1, so the other origin (http://127.0.0.2) is
          // refused before any request: the user is told, and nothing is saved or inserted.
          assert.equal(outcome.result, 'failed', outcome.notes.join(' '));
          assert.match(outcome.notes.join(' '), new RegExp(new URL(foreign.origin).host.replace(/\./g, '\\.')));
          assert.deepEqual(outcome.files ?? [], []);
        } else {
          assert.equal(outcome.result, 'inserted', outcome.notes.join(' '));
          assert.equal(outcome.files?.length, 1);
          saved.push(...(outcome.files ?? []).map((f) => f.uri));
          assert.ok(foreign.mediaLog.some((e) => e.path.startsWith(`/media/photos/${photo.id}/`)), 'downloaded from the foreign origin');
        }
      } finally {
        inserter.dispose();
        for (const uri of saved) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
        await closeAllEditors();
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, 'hostile-tests'), { recursive: true }).then(undefined, () => undefined);
      }

      // A redirect to the foreign origin: reported, not followed.
      server.setSwitches({ foreignNextPage: false, hostile: false, foreignRedirect: true });
      provider.refresh();
      const [again] = (await provider.getChildren()) as RootNode[];
      const refused = await provider.getChildren(again);
      assert.equal(refused[0]?.type, 'error');
      assertClearMessage(labelOf(provider.getTreeItem(refused[0])), 'after a redirect');
      assert.match(labelOf(provider.getTreeItem(refused[0])), /redirect/i, 'the message says it was a redirect');

      assert.deepEqual(withKey([...foreign.log, ...foreign.mediaLog]).map((e) => e.path), [], 'no request to the other origin carried a key');
      assert.deepEqual(withKey(server.mediaLog).map((e) => e.path), [], 'images and files never carry the key either');
    });
  });

  describe('at the end', () => {
    it('nothing escaped: no uncaught exception or unhandled rejection in the extension host', () => {
      assert.deepEqual(escaped, []);
    });
  });
});
