// Localisation in a real VS Code, against the local server. The credit-language setting is
// checked in every run. The English block runs in the normal run; the German block runs
// when the workbench's display language is German:
//   npm run build:tests && node out/host/run.js --locale de --grep Localisation
// (run.ts presets the web workbench's language, since the offline server has no language
// pack; VS Code's own texts stay English, the extension host and its bundles are German).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaItem, Photo } from '../../src/core/model';
import { hiddenSnapshot } from '../../src/core/quota';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import type { GridPanelState, GridTold } from './hooks';
import type { InsertOutcome } from '../../src/host/insert/inserter';
import type { EmptyNode, RootNode } from '../../src/host/collections/collectionNodes';
import type { CollectionsProvider } from '../../src/host/collections/collectionsProvider';
import type { MediaLists } from '../../src/host/library/mediaLists';
import type { GridBoot } from '../../src/shared/protocol';
import { GRID_BOOT_ELEMENT_ID } from '../../src/shared/protocol';
import { photoMatches } from '../server/search';
import { refusal } from './agentSupport';
import { QUOTA_FIGURE, closeAllEditors, EXTENSION_ID, extensionApi, gridTold, plainPhoto, quotaShown, updateSetting, useApiServer, waitFor } from './support';
const GRID_TEST_COMMAND = 'stockMedia.test.grid';

/** The texts and the language the host gave the grid's webview: the JSON block of its HTML (gridHtml.ts). */
function gridBoot(html: string): GridBoot {
  const json = new RegExp(`<script type="application/json" id="${GRID_BOOT_ELEMENT_ID}"[^>]*>([^<]*)</script>`).exec(html)?.[1];
  assert.ok(json, 'the grid’s HTML has its boot block');
  return JSON.parse(json) as GridBoot;
}

function extensionRoot(): vscode.Uri {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension);
  return extension.extensionUri;
}

/** A file of the extension, through workspace.fs (the web host has no node:fs). */
async function readJson(path: string): Promise<Record<string, string>> {
  const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionRoot(), path));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, string>;
}

function folder(): vscode.Uri {
  const first = vscode.workspace.workspaceFolders?.[0];
  assert.ok(first, 'the tests run in a folder');
  return first.uri;
}

let counter = 0;
async function openMarkdown(): Promise<vscode.TextEditor> {
  counter += 1;
  const uri = vscode.Uri.joinPath(folder(), 'l10n-tests', `${counter}.md`);
  await vscode.workspace.fs.writeFile(uri, new Uint8Array());
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
}

async function setCreditLanguage(value: string | undefined): Promise<void> {
  await updateSetting('stockMedia.insert', 'creditLanguage', value);
}

/** A contributed title as the extension's manifest holds it: a string, or `{ value, original }` once localised. */
function titleText(title: unknown): string {
  if (typeof title === 'string') return title;
  if (typeof title === 'object' && title !== null && typeof (title as { value?: unknown }).value === 'string') return (title as { value: string }).value;
  return String(title);
}

describe('Localisation (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let photo: Photo;
  let media: MediaItem;

  const image = (): string => `![${photo.alt ?? ''}](${photo.src.large})`;
  const english = (): string => `Photo by [${photo.photographer}](${photo.photographer_url}) on [Pexels](${photo.url})`;
  const german = (): string => `Foto von [${photo.photographer}](${photo.photographer_url}) auf [Pexels](${photo.url})`;

  async function insertIntoNewDocument(): Promise<string> {
    const editor = await openMarkdown();
    const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
    assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
    return editor.document.getText();
  }

  before(async () => {
    photo = await plainPhoto(server());
    media = { kind: 'photo', photo };
  });

  afterEach(async () => {
    await closeAllEditors();
    await setCreditLanguage(undefined);
  });

  after(async () => {
    await vscode.commands.executeCommand(GRID_TEST_COMMAND, { op: 'close' });
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder(), 'l10n-tests'), { recursive: true }).then(undefined, () => undefined);
  });

  describe('in any display language', () => {
    it('stockMedia.insert.creditLanguage "de" inserts "Foto von … auf …", "en" "Photo by … on …"', async () => {
      await setCreditLanguage('de');
      assert.equal(await insertIntoNewDocument(), `${image()}\n\n${german()}`);
      await setCreditLanguage('en');
      assert.equal(await insertIntoNewDocument(), `${image()}\n\n${english()}`);
    });

    it('Copy Credit follows the same setting', async () => {
      await setCreditLanguage('de');
      const credit = await vscode.commands.executeCommand<string>('stockMedia.copyCredit', { media });
      assert.equal(credit, `Foto von ${photo.photographer} (${photo.photographer_url}) auf Pexels (${photo.url})`);
      assert.equal(await vscode.env.clipboard.readText(), credit);
    });
  });

  describe('in English, the default display language', () => {
    before(function () {
      if (!vscode.env.language.startsWith('en')) this.skip();
    });

    it('VS Code loads no bundle, and texts are the English messages and package.nls.json', async () => {
      assert.equal(vscode.l10n.bundle, undefined);
      assert.equal(vscode.l10n.t('Retry'), 'Retry');
      const extension = vscode.extensions.getExtension(EXTENSION_ID);
      assert.equal(extension?.packageJSON.displayName, (await readJson('package.nls.json'))['displayName']);
    });

    it('the credit follows the display language by default: English', async () => {
      assert.equal(await insertIntoNewDocument(), `${image()}\n\n${english()}`);
    });
  });

  describe('in German (run.js --locale de)', () => {
    before(function () {
      if (vscode.env.language !== 'de') this.skip();
    });

    it('VS Code loads l10n/bundle.l10n.de.json and the German manifest (package.nls.de.json)', async () => {
      const bundle = await readJson('l10n/bundle.l10n.de.json');
      assert.ok(vscode.l10n.uri?.path.endsWith('/l10n/bundle.l10n.de.json'), String(vscode.l10n.uri));
      assert.deepEqual(Object.keys(vscode.l10n.bundle ?? {}).sort(), Object.keys(bundle).sort());
      assert.equal(vscode.l10n.t('Retry'), 'Wiederholen');
      assert.equal(vscode.l10n.t('{0} of {1} MB', '1,5', '3,0'), '1,5 von 3,0 MB');

      const nls = await readJson('package.nls.de.json');
      const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
        displayName: string;
        contributes: { commands: { command: string; title: unknown }[] };
      };
      assert.equal(manifest.displayName, nls['displayName']);
      const setKey = manifest.contributes.commands.find((c) => c.command === 'stockMedia.setApiKey');
      assert.equal(titleText(setKey?.title), 'API-Schlüssel festlegen…');
    });

    it('core and api sentences reach the user in German (core l10n.t is vscode.l10n.t)', async () => {
      const api = await extensionApi();
      const failure = await api.client.getPhoto(999_999_999).then(
        () => undefined,
        (error: unknown) => error,
      );
      assert.ok(failure instanceof Error);
      assert.equal(failure.message, 'Nicht gefunden: Es existiert nicht oder ist für Ihren Schlüssel nicht sichtbar.');
      // The same failure in the grid: the host's sentence, with the service name, in German.
      await vscode.commands.executeCommand('stockMedia.openMedia', { id: 999_999_999, kind: 'photo' });
      const failed = await gridTold('the grid to show the failure', (t: GridTold) => t.status === 'failed');
      const message = failed.failure?.message ?? '';
      assert.ok(message.includes('Nicht gefunden auf Pexels: Es existiert nicht oder ist für Ihren Schlüssel nicht sichtbar.'), message);
    });

    it('the status bar says in German that the quota is not visible in the browser, with the count of this hour', async () => {
      const api = await extensionApi();
      // What the client reports in the web worker host when the browser hides the quota headers.
      api.services.quota.update(hiddenSnapshot(api.services.quota.current, Date.now()));
      const count = api.services.quota.hourly.thisHour();
      const view = await waitFor(() => quotaShown(api)?.text.startsWith('$(cloud)') && quotaShown(api), 'the hidden state');
      const number = new Intl.NumberFormat('de').format(count);
      assert.equal(view.text, `$(cloud) Kontingent nicht sichtbar · ${number} ${count === 1 ? 'Anfrage' : 'Anfragen'} in dieser Stunde`);
      assert.match(view.tooltip, /^\*\*Pexels-Kontingent\*\*: im Browser nicht sichtbar\. Der Dienst lässt Browser die Kontingent-Header/);
      assert.match(view.tooltip, /Diese Erweiterung hat in dieser Stunde \S+ Anfragen? an die API gesendet \(seit /);
      await api.client.curatedPhotos({}, { fresh: true });
      await waitFor(() => QUOTA_FIGURE.test(quotaShown(api)?.text ?? ''), 'the figure after a readable answer');
    });

    it('the credit follows the display language by default: "Foto von … auf …"', async () => {
      assert.equal(await insertIntoNewDocument(), `${image()}\n\n${german()}`);
    });

    it('the insert commands speak German', async () => {
      const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', {});
      assert.equal(outcome.result, 'failed');
      assert.deepEqual(outcome.notes, ['Wählen Sie zuerst ein Foto oder Video aus: in der Ansicht „Stock Media“ oder in den Ergebnissen einer Suche.']);
    });

    it('a palette search with invalid arguments is refused in German, nothing sent', async () => {
      server().clearLog();
      const empty = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: '  ' });
      assert.deepEqual(empty, { shown: false, reason: 'invalid', message: 'Geben Sie einen Suchbegriff ein.' });
      const popular = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.showPopularVideos', { min_width: -5 });
      assert.deepEqual(popular, { shown: false, reason: 'invalid', message: 'Min. Breite muss eine ganze Zahl sein, 0 oder größer.' });
      const unknown = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'cat', size: 'huge' });
      assert.deepEqual(unknown, { shown: false, reason: 'invalid', message: 'Nicht gesucht: size hat einen Wert, den der Dienst nicht kennt.' });
      assert.deepEqual(server().log.filter((e) => /search|popular/.test(e.path)).map((e) => e.path), []);
    });

    it('the grid shows the host’s German texts and searches in de-DE', async () => {
      server().clearLog();
      const result = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'morning' });
      assert.ok(result.shown);
      assert.equal(result.spec.mode === 'photos' ? result.spec.locale : undefined, 'de-DE');
      const searches = server().log.filter((e) => e.path === '/v1/search');
      assert.equal(searches[0]?.query['locale'], 'de-DE');
      const state = await vscode.commands.executeCommand<GridPanelState>(GRID_TEST_COMMAND, { op: 'state' });
      assert.equal(state.title, 'Fotos: morning');
      const total = server().library.photos.filter((p) => photoMatches(p, { query: 'morning', orientation: null, size: null, color: null })).length;
      const shown = await gridTold('the grid to show results', (t) => t.status === 'loaded' && t.items.length > 0);
      assert.equal(shown.totalResults, total);
      // The webview counts in the language and with the texts it was given ("{0} results" filled: grid.e2e).
      const boot = gridBoot(state.html);
      assert.equal(boot.lang, 'de');
      assert.deepEqual([boot.strings.resultOne, boot.strings.resultsMany], ['{0} Ergebnis', '{0} Ergebnisse']);
    });

    it('the agent’s tools answer the model in English, the failures of the shared insert, cover and search steps too; the commands still say them in German', async () => {
      const editor = await openMarkdown();
      const path = vscode.workspace.asRelativePath(editor.document.uri);
      const ref = `photo:${photo.id}`;
      const withSetting = async (section: string, key: string, value: unknown, run: () => Promise<void>): Promise<void> => {
        await updateSetting(section, key, value);
        try {
          await run();
        } finally {
          await updateSetting(section, key, undefined);
        }
      };
      // The service's failure, a link of another site, a search filter.
      assert.equal(await refusal('stockMedia_insert', { ref: 'photo:999999999', file: path }), 'Not found on Pexels: it does not exist or is not visible to your key. (photo:999999999)');
      assert.match(await refusal('stockMedia_getMedia', { ref: 'https://evil.example/photo/x-1/' }), /^Only links to Pexels \(or to the configured API server\) can be opened\. Send a reference/);
      assert.equal(await refusal('stockMedia_search', { query: 'x', color: 'reddish' }), '“reddish” is not a colour: pick a swatch or type a hex code such as #1e90ff.');
      // The insert's own failures, from the settings: said where they are made, in English for the model.
      await withSetting('stockMedia.insert', 'templates', { markdown: '![{alt}]({url}) {nope}' }, async () => {
        assert.match(await refusal('stockMedia_insert', { ref, file: path }), /^In the stockMedia\.insert\.templates entry "markdown", \{nope\} is not a known placeholder\. Known: \{url\}/);
        // The Insert command says the same failure to the person in German.
        const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media });
        assert.equal(outcome.result, 'failed');
        assert.match(outcome.notes.join('\n'), /^In dem Eintrag „markdown“ von stockMedia\.insert\.templates ist \{nope\} kein bekannter Platzhalter\./);
      });
      await withSetting('stockMedia.insert', 'fileName', '{nope}', async () => {
        assert.match(await refusal('stockMedia_insert', { ref, file: path, save: true }), /^The setting stockMedia\.insert\.fileName has an unknown placeholder \{nope\}; it may use \{slug\}.* Nothing was written\. Send "save": false/);
      });
      await withSetting('stockMedia.insert', 'size', 'huge', async () => {
        assert.match(await refusal('stockMedia_insert', { ref, file: path }), /^The setting stockMedia\.insert\.size must be a size name \(original, /);
      });
      await withSetting('stockMedia.cover', 'fields', { 'cover.image': '{nope}' }, async () => {
        await updateSetting('stockMedia.cover', 'preset', 'custom');
        try {
          assert.match(await refusal('stockMedia_setCover', { ref, file: path }), /^In the cover field "cover\.image", \{nope\} is not a known placeholder\./);
        } finally {
          await updateSetting('stockMedia.cover', 'preset', undefined);
        }
      });
      assert.equal(editor.document.getText(), '', 'nothing was written');
    });

    it('Recent and Starred speak German: their rows, their empty texts, Star in the menus', async () => {
      const hook = await vscode.commands.executeCommand<{ provider: CollectionsProvider; lists: MediaLists }>('stockMedia.collections.testHook');
      await hook.lists.recent.clear();
      await hook.lists.starred.clear();
      const roots = (await hook.provider.getChildren()).filter((n): n is RootNode => n.type === 'root' && (n.root === 'recent' || n.root === 'starred'));
      assert.deepEqual(roots.map((r) => hook.provider.getTreeItem(r).label), ['Zuletzt verwendet', 'Markiert']);
      const empty = await Promise.all(roots.map(async (r) => ((await hook.provider.getChildren(r))[0] as EmptyNode | undefined)?.text));
      assert.deepEqual(empty, ['Noch nichts verwendet: Was Sie einfügen oder kopieren, erscheint hier', 'Noch nichts markiert: Markieren Sie Fotos und Videos über ihr Menü mit einem Stern']);
      const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { commands: { command: string; title: unknown }[] } };
      assert.equal(titleText(manifest.contributes.commands.find((c) => c.command === 'stockMedia.star')?.title), 'Mit Stern markieren');
    });
  });
});
