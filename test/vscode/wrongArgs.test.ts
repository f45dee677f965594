// Commands called with the wrong argument (real VS Code, both hosts): another extension or a
// keybinding can run any of the extension's commands with anything. Every command in
// package.json's contributes.commands is called with a table of such arguments, each as the
// first argument and again as the second (the tree's multi-selection) after an absent first,
// wherever its handler can read that argument (see parametersRead: a handler never sees an
// argument past the parameters it declares, so there a sample of the table stands for it).
// Each call must settle without an exception (a rejected command is an error in the
// extension host's log), change no document, open no new one, write no file, copy nothing,
// open no link (Get a Free API Key opens only the service's key page, its purpose), send the
// API no request with garbage in its path or query, and show at most one notification, a
// sentence. A command that asks (a quick pick or an input box) sees the user press Escape at
// once, as a command run from the palette and cancelled.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ApiServer, RequestLogEntry } from '../server/server';
import { catchEscapes } from './hosts';
import type { Shown } from './support';
import { closeAllEditors, extensionApi, fileOpener, filesBelow, recordUi, storeKeyFor, useApiServer, workspaceRoot } from './support';

const FOLDER = 'wrong-args-tests';
const openNew = fileOpener(FOLDER);
const GRID = 'stockMedia.test.grid';
const ONE_MB = 'a'.repeat(1024 * 1024);
const CLIPBOARD_SENTINEL = 'clipboard before the wrong-argument call';

type Fn = (...args: unknown[]) => unknown;

/** What the table's arguments may point at. */
interface Context {
  /** The open document's URI, as text. */
  readonly doc: string;
  /** A photo of the local library, complete: the base that the look-alikes spoil. */
  readonly photo: Record<string, unknown>;
}

/** A complete photo as the service sends it, for the look-alikes below. */
function photoOf(server: ApiServer): Record<string, unknown> {
  const p = server.library.photos[0];
  assert.ok(p);
  const src = Object.fromEntries(['original', 'large2x', 'large', 'medium', 'small', 'portrait', 'landscape', 'tiny'].map((k) => [k, `${server.origin}/files/${p.id}.jpeg`]));
  return {
    id: p.id,
    width: 4000,
    height: 3000,
    url: `${server.origin}/photo/x-${p.id}/`,
    photographer: 'Someone',
    photographer_url: `${server.origin}/@someone`,
    alt: 'A look-alike',
    src,
  };
}

/** The wrong arguments: what each is, and the value (made fresh for every call). */
const ARGUMENTS: readonly (readonly [string, (c: Context) => unknown])[] = [
  ['the number 0', () => 0],
  ['the number -1', () => -1],
  ['the number 1.5', () => 1.5],
  ['NaN', () => NaN],
  ['Infinity', () => Infinity],
  ['true', () => true],
  ['null', () => null],
  ['a bigint', () => 10n ** 30n],
  ['a symbol', () => Symbol('wrong')],
  ['a function', () => () => 'called'],
  ['an empty string', () => ''],
  ['a blank string', () => ' \n\t '],
  ['a 1 MB string', () => ONE_MB],
  ['javascript: text', () => 'javascript:alert(document.domain)'],
  ['a command: URI as text', () => 'command:workbench.action.openSettings?%5B%22stockMedia%22%5D'],
  ['a file URI as text', () => 'file:///etc/passwd'],
  ['a file Uri', () => vscode.Uri.parse('file:///etc/passwd')],
  ['a command Uri', () => vscode.Uri.parse('command:stockMedia.clearApiKey')],
  ['an empty array', () => []],
  ['an array of numbers', () => [1, 2, 3]],
  ['nested arrays', (c) => [[{ media: { kind: 'photo', photo: c.photo } }], [[]], [null]]],
  ['an empty object', () => ({})],
  ['a photo without its fields', () => ({ kind: 'photo', photo: { id: '1' } })],
  ['media with only a kind', () => ({ media: { kind: 'photo' } })],
  ['media of an unknown kind', (c) => ({ media: { kind: 'constructor', photo: c.photo } })],
  ['media of kind __proto__', (c) => ({ media: { kind: '__proto__', photo: c.photo } })],
  ['a photo without src', (c) => ({ media: { kind: 'photo', photo: { ...c.photo, src: undefined } } })],
  ['a photo with id NaN and extra fields', (c) => ({ media: { kind: 'photo', photo: { ...c.photo, id: NaN, extra: { deep: [1] } } }, extra: true })],
  ['a photo with a text id', (c) => ({ media: { kind: 'photo', photo: { ...c.photo, id: '1' } } })],
  ['a video without files', () => ({ media: { kind: 'video', video: { id: 1, url: 'javascript:alert(1)' } } })],
  ['media inherited through the prototype', (c) => Object.create({ media: { kind: 'photo', photo: c.photo } }) as unknown],
  ['media under __proto__ in JSON', (c) => JSON.parse(`{"__proto__":{"media":{"kind":"photo","photo":${JSON.stringify(c.photo)}}}}`) as unknown],
  ['a photo inherited by the media', (c) => ({ media: Object.create({ kind: 'photo', photo: c.photo }) as unknown })],
  ['media under constructor.prototype', (c) => ({ constructor: { prototype: { media: { kind: 'photo', photo: c.photo } } } })],
  ['a getter that throws', () => ({ get media(): never { throw new Error('a getter that throws') } })],
  ['a grid tile that is not shown', () => ({ webview: 'stockMedia.grid', webviewSection: 'tile', key: 'photo:999999999' })],
  ['a grid tile with a bad key', () => ({ webview: 'stockMedia.grid', webviewSection: 'tile', key: 'photo:NaN' })],
  ['a hover link with id NaN', () => ({ ref: { kind: 'photo', id: NaN } })],
  ['a hover link with a text id', () => ({ ref: { kind: 'video', id: '7' } })],
  ['a hover link with id 1e21', () => ({ ref: { kind: 'photo', id: 1e21 } })],
  ['a search with an object query', () => ({ query: { toString: () => 'object' } })],
  ['a search with a number query', () => ({ query: 42 })],
  ['a search with a 1 MB query', () => ({ query: ONE_MB })],
  ['a search with lists for its fields', () => ({ query: ['cats'], orientation: ['landscape'], size: {}, locale: 1, color: [], min_width: {} })],
  ['a search with javascript: values', () => ({ query: ' ', orientation: 'javascript:alert(1)', locale: 'command:x' })],
  ['an open link with a javascript: url', () => ({ url: 'javascript:alert(1)' })],
  ['an open link with id NaN', () => ({ kind: 'photo', id: NaN })],
  ['an open link with id -5', () => ({ kind: 'video', id: -5 })],
  ['an open link with an object id', () => ({ kind: 'photo', id: {} })],
  ['a key that is a number', () => ({ key: 42 })],
  ['a key with spaces', () => ({ key: 'not a key' })],
  ['a 1 MB key', () => ({ key: ONE_MB })],
  ['a tree item of another extension', () => new vscode.TreeItem('Another extension', vscode.TreeItemCollapsibleState.Collapsed)],
  ['a collection node look-alike with an object id', () => ({ type: 'collection', id: 'featured/x', collection: { id: {} } })],
  ['a collection node look-alike without its collection', () => ({ type: 'collection', id: 'featured/x' })],
  ['a load-more node look-alike', () => ({ type: 'loadMore', id: 'x/more', branch: {} })],
  ['an error node look-alike', () => ({ type: 'error', id: 'x/error' })],
  ['a root node look-alike', () => ({ type: 'root', id: 'featured', root: 'featured' })],
  ['a credit line for a file outside the workspace', () => ({ uri: 'file:///etc/passwd', kind: 'photo', id: 1, offset: 0 })],
  ['a credit line for a new untitled document', () => ({ uri: 'untitled:Injected.md', kind: 'photo', id: 1, offset: 0 })],
  ['a credit line with an empty uri', () => ({ uri: '', kind: 'photo', id: 1, offset: 0 })],
  ['a credit line with a command uri', () => ({ uri: 'command:stockMedia.clearApiKey', kind: 'photo', id: 1, offset: 0 })],
  ['a credit line with id and offset NaN', (c) => ({ uri: c.doc, kind: 'photo', id: NaN, offset: NaN })],
  ['a credit line with a negative offset', (c) => ({ uri: c.doc, kind: 'photo', id: -1, offset: -10 })],
];

/**
 * The table's rows that stand for it where a handler cannot read the argument: each kind of
 * value once (a number, a symbol, a function, long text, a Uri, arrays, an object with media, one
 * that throws when read, one that hides media in its prototype). The handler never sees them, so
 * these calls prove what the whole table would: the command, run with anything there, settles
 * quietly and does only its own work, call after call.
 */
const SAMPLE = new Set([
  'NaN',
  'a symbol',
  'a function',
  'a 1 MB string',
  'a file Uri',
  'nested arrays',
  'a photo with id NaN and extra fields',
  'a getter that throws',
  'media under __proto__ in JSON',
  'a tree item of another extension',
]);

/**
 * How many arguments a handler can read: the parameters its source declares, when they are plain
 * names (no rest parameter, no default, no `arguments`); undefined (any number) otherwise, or when
 * the command is not in the features' table (Show Log, Get a Free API Key).
 */
function parametersRead(handler: Fn | undefined): number | undefined {
  if (typeof handler !== 'function') return undefined;
  const source = handler.toString();
  const declared = /^(?:async\s*)?\(([\w$\s,]*)\)\s*=>/.exec(source);
  if (!declared || /\barguments\b/.test(source)) return undefined;
  const names = (declared[1] ?? '').split(',').map((name) => name.trim()).filter((name) => name !== '');
  return names.length === handler.length ? names.length : undefined;
}

/** The calls for a handler that reads `read` arguments: the whole table where it reads one, the sample where it does not. */
function callsFor(read: number | undefined): { position: 'first' | 'second'; rows: typeof ARGUMENTS }[] {
  const sample = ARGUMENTS.filter(([what]) => SAMPLE.has(what));
  const rows = (position: number): typeof ARGUMENTS => (read === undefined || read >= position ? ARGUMENTS : sample);
  // A handler that reads nothing sees the same call whatever the argument and its position:
  // two calls show it settles quietly call after call (Write Credits File scans the workspace
  // and writes its file each time: ten calls cost 16 s and proved nothing more).
  if (read === 0) return [{ position: 'first', rows: sample.slice(0, 2) }];
  return [
    { position: 'first', rows: rows(1) },
    { position: 'second', rows: rows(2) },
  ];
}

/** Text in a request that only a wrong argument could have put there. */
const GARBAGE = /object|undefined|NaN|null|Infinity|javascript|command:|file:|__proto__|constructor|function|Symbol|\s=>/i;

/** A request of the service's API as the spec knows them, nothing in it from a wrong argument. */
function garbageIn(entry: RequestLogEntry): string | undefined {
  const known =
    /^\/v1\/(search|curated|collections(\/featured)?|photos\/[1-9]\d{0,14}|collections\/[A-Za-z0-9]{1,40})\/?$/.test(entry.path) ||
    /^\/videos\/(search|popular|videos\/[1-9]\d{0,14})\/?$/.test(entry.path);
  if (!known) return `${entry.method} ${entry.path}: not a request of the API`;
  for (const [name, value] of Object.entries(entry.query)) {
    if (value.length > 500 || GARBAGE.test(value)) return `${entry.method} ${entry.path}: ${name}=${value.slice(0, 60)}`;
  }
  if (entry.status === 400) return `${entry.method} ${entry.path}: the server called it a bad request`;
  return undefined;
}

/** A notification a person can read: one sentence or more, no code, no stack. */
function notSentence(message: string): string | undefined {
  const text = message.trim();
  if (text.length === 0) return 'empty';
  if (text.length > 1000) return `${text.length} characters long`;
  if (/^(undefined|null|\[object \w+\]|NaN)$/.test(text) || /\[object \w+\]|\bundefined\b/.test(text)) return 'prints a value, not words';
  if (/\n\s+at |(Type|Reference|Range|Syntax)Error\b/.test(text)) return 'a stack or an exception';
  if (!/^[\p{L}\p{N}“"'‘(]/u.test(text) || !/[.!?…)”"]$/u.test(text)) return 'not a sentence';
  return undefined;
}

describe('commands with wrong arguments (real VS Code)', function () {
  this.timeout(300_000);
  const server = useApiServer();
  let editor: vscode.TextEditor;
  let context: Context;
  let keyPage = '';
  const shown: Shown[] = [];
  const opened: string[] = [];
  const escaped: string[] = [];
  const loggedErrors: string[] = [];
  /** How many quick picks and input boxes the commands opened (each closed at once). */
  let asked = 0;
  const undo: (() => void)[] = [];
  /** The features' handlers by command id (noted at activation, underTest.ts), to see what each reads. */
  let handlers: Record<string, Fn | undefined> = {};

  /** Replaces a `vscode.window` function for the suite. */
  function replace(name: string, make: (original: Fn) => Fn): void {
    const window = vscode.window as unknown as Record<string, Fn>;
    const original = window[name];
    assert.ok(original, name);
    window[name] = make(original.bind(vscode.window));
    undo.push(() => {
      window[name] = original;
    });
  }

  /**
   * A quick pick or input box that the user closes with Escape as soon as it shows: what the
   * command sets on it is kept, `show` counts that the command asked and hides it on the next
   * tick (no round trip to the workbench, so some 3,000 calls stay quick).
   */
  function escapedAtOnce(): unknown {
    const hidden = new vscode.EventEmitter<void>();
    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      hidden.fire();
      hidden.dispose();
    };
    const noEvent = (): vscode.Disposable => new vscode.Disposable(() => undefined);
    const fields: Record<string | symbol, unknown> = { value: '', items: [], activeItems: [], selectedItems: [], buttons: [] };
    return new Proxy(fields, {
      get: (target, key) => {
        if (key === 'show') {
          return () => {
            asked += 1;
            setTimeout(close, 0);
          };
        }
        if (key === 'hide') return close;
        if (key === 'dispose') return () => undefined;
        if (key === 'onDidHide') return hidden.event;
        if (typeof key === 'string' && key.startsWith('onDid')) return noEvent;
        return target[key];
      },
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    });
  }

  before(async () => {
    const api = await extensionApi();
    handlers = (await vscode.commands.executeCommand<Record<string, Fn> | undefined>('stockMedia.test.commands')) ?? {};
    const photo = photoOf(server());
    const text = `# Wrong arguments\n\nA photo: ![](${String((photo.src as Record<string, string>).large)})\n\nThe end.\n`;
    editor = await openNew('doc.md', text);
    context = { doc: editor.document.uri.toString(), photo };
    undo.push(recordUi(shown, opened));
    replace('showQuickPick', () => () => {
      asked += 1;
      return Promise.resolve(undefined);
    });
    replace('showInputBox', () => () => {
      asked += 1;
      return Promise.resolve(undefined);
    });
    replace('showOpenDialog', () => () => Promise.resolve(undefined));
    replace('showSaveDialog', () => () => Promise.resolve(undefined));
    replace('createQuickPick', () => escapedAtOnce);
    replace('createInputBox', () => escapedAtOnce);
    const logger = api.services.logger as unknown as Record<string, Fn>;
    const error = logger.error;
    assert.ok(error);
    logger.error = (message: unknown) => {
      loggedErrors.push(String(message));
      return error(message);
    };
    undo.push(() => {
      logger.error = error;
    });
    undo.push(catchEscapes((e) => escaped.push(e instanceof Error ? (e.stack ?? e.message) : String(e))));
    // What Get a Free API Key opens from the palette: its purpose, whatever the argument.
    await vscode.commands.executeCommand('stockMedia.getApiKey');
    keyPage = opened.pop() ?? '';
    assert.match(keyPage, /^https?:\/\//);
    shown.length = 0;
  });

  after(async () => {
    for (const u of undo.reverse()) u();
    await vscode.commands.executeCommand(GRID, { op: 'close' });
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
  });

  const commands = (): { command: string }[] => {
    const extension = vscode.extensions.getExtension('stockmedia.stock-media');
    assert.ok(extension);
    const contributed = (extension.packageJSON as { contributes: { commands: { command: string }[] } }).contributes.commands;
    assert.ok(contributed.length >= 20, 'package.json contributes the commands');
    return contributed;
  };

  // The test hooks (stockMedia.test.*, stockMedia.collections.testHook) are registered only
  // under the extension's own tests (ExtensionMode.Test): no other extension ever sees them, so
  // they are not in the table. Every other registered command is contributed (commandIds.ts
  // mirrors contributes.commands; a unit test compares the two).
  it('reads every contributed command from package.json', () => {
    const ids = commands().map((c) => c.command);
    assert.ok(ids.includes('stockMedia.insert') && ids.includes('stockMedia.addCreditLine') && ids.includes('stockMedia.collections.filter'));
  });

  // The handlers' declared parameters, which decide where the whole table is needed: checked
  // here against what each command is known to take, so a handler whose source stopped showing
  // its parameters (or a table that lost its handlers) fails loudly instead of being sampled.
  it('knows what each handler reads: the media commands two arguments, the search one, Check API Key none', () => {
    assert.equal(parametersRead(handlers['stockMedia.insert']), 2);
    assert.equal(parametersRead(handlers['stockMedia.collections.filter']), 2);
    assert.equal(parametersRead(handlers['stockMedia.search']), 1);
    assert.equal(parametersRead(handlers['stockMedia.showPopularVideos']), 1);
    assert.equal(parametersRead(handlers['stockMedia.checkApiKey']), 0);
    assert.equal(parametersRead(handlers['stockMedia.writeCreditsFile']), 0);
    assert.equal(parametersRead(handlers['stockMedia.showLog']), 0);
    assert.equal(parametersRead((...args: unknown[]) => args), undefined);
    assert.equal(parametersRead((a: unknown, b: unknown = 1) => [a, b]), undefined);
    const ids = commands().map((c) => c.command);
    const read = ids.filter((id) => parametersRead(handlers[id]) !== undefined);
    assert.equal(read.length, ids.length, `every command has a handler in the table: ${read.join(', ')}`);
  });

  for (const { command } of (vscode.extensions.getExtension('stockmedia.stock-media')?.packageJSON as { contributes: { commands: { command: string }[] } } | undefined)
    ?.contributes.commands ?? []) {
    it(`${command}: refuses wrong arguments or asks, and does nothing else`, async () => {
      const api = await extensionApi();
      const problems: string[] = [];
      const document = editor.document;
      const text = document.getText();
      let version = document.version;
      // New documents a command could have opened or made: in the workspace, untitled, or files
      // anywhere. VS Code's own settings files are not counted: the workbench loads them when a
      // setting was written (this suite's set-up writes the base URLs), at a moment of its choosing.
      const root = `${workspaceRoot().toString()}/`;
      const openDocuments = (): string[] =>
        vscode.workspace.textDocuments
          .map((d) => d.uri)
          .filter((uri) => uri.scheme === 'untitled' || uri.scheme === 'file' || uri.toString().startsWith(root))
          .filter((uri) => !/\/(User|Machine)\/settings\.json$/.test(uri.path))
          .map((uri) => uri.toString());
      const documentsBefore = new Set(openDocuments());
      const creditsFile = vscode.Uri.joinPath(workspaceRoot(), 'CREDITS.md');
      const filesBefore = new Set((await filesBelow(workspaceRoot())).map((u) => u.toString()));
      server().clearLog();
      await vscode.env.clipboard.writeText(CLIPBOARD_SENTINEL);
      let calls = 0;
      for (const { position, rows } of callsFor(parametersRead(handlers[command]))) {
        for (const [what, make] of rows) {
          calls += 1;
          const label = `${what} as the ${position} argument`;
          shown.length = 0;
          opened.length = 0;
          escaped.length = 0;
          loggedErrors.length = 0;
          const value = make(context);
          const args = position === 'first' ? [value] : [undefined, value];
          try {
            await vscode.commands.executeCommand(command, ...args);
          } catch (error) {
            problems.push(`${label}: threw ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
          }
          // What the command left queued settles: the UI it can reach is replaced by the fakes
          // above, which answer at once, so what follows an answer runs before a zero-delay timer.
          // Work that waits on a request or the workbench is caught by the checks after the loop.
          await new Promise((r) => setTimeout(r, 0));
          if (escaped.length > 0) problems.push(`${label}: unhandled ${escaped.join(' | ').slice(0, 300)}`);
          if (loggedErrors.length > 0) problems.push(`${label}: logged an error: ${loggedErrors.join(' | ').slice(0, 300)}`);
          if (shown.length > 1) problems.push(`${label}: ${shown.length} notifications: ${shown.map((s) => s.message.slice(0, 80)).join(' | ')}`);
          for (const s of shown) {
            const wrong = notSentence(s.message);
            if (wrong) problems.push(`${label}: the notification is ${wrong}: ${JSON.stringify(s.message.slice(0, 120))}`);
          }
          const wrongOpens = opened.filter((url) => !(command === 'stockMedia.getApiKey' && url === keyPage));
          if (wrongOpens.length > 0) problems.push(`${label}: opened ${wrongOpens.map((u) => u.slice(0, 80)).join(', ')}`);
          if (document.getText() !== text || document.version !== version) {
            problems.push(`${label}: changed the document`);
            // Back to the text before, so the next argument is judged on its own.
            const edit = new vscode.WorkspaceEdit();
            edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
            await vscode.workspace.applyEdit(edit);
            version = document.version;
          }
          const newDocuments = openDocuments().filter((uri) => !documentsBefore.has(uri) && uri !== creditsFile.toString());
          if (newDocuments.length > 0) problems.push(`${label}: opened ${newDocuments.join(', ')}`);
          for (const uri of newDocuments) documentsBefore.add(uri);
          if (command === 'stockMedia.clearApiKey') {
            // Its purpose is to remove the key, whatever the argument: put it back for the next call.
            await storeKeyFor(server(), server().keys.alice);
            await api.services.refreshKeyState();
          }
        }
      }
      // A round trip through the workbench: anything the last calls left running has had its turn.
      if ((await vscode.env.clipboard.readText()) !== CLIPBOARD_SENTINEL) problems.push('copied something to the clipboard');
      if (escaped.length > 0) problems.push(`after the calls: unhandled ${escaped.join(' | ').slice(0, 300)}`);
      if (loggedErrors.length > 0) problems.push(`after the calls: logged an error: ${loggedErrors.join(' | ').slice(0, 300)}`);
      if (shown.length > 1) problems.push(`the last call: ${shown.length} notifications: ${shown.map((s) => s.message.slice(0, 80)).join(' | ')}`);
      for (const s of shown) {
        const wrong = notSentence(s.message);
        if (wrong) problems.push(`the last call: the notification is ${wrong}: ${JSON.stringify(s.message.slice(0, 120))}`);
      }
      const lateOpens = opened.filter((url) => !(command === 'stockMedia.getApiKey' && url === keyPage));
      if (lateOpens.length > 0) problems.push(`after the calls: opened ${lateOpens.map((u) => u.slice(0, 80)).join(', ')}`);
      if ((await api.services.keys.stored())?.key !== server().keys.alice) {
        problems.push('the stored key changed');
        await storeKeyFor(server(), server().keys.alice);
        await api.services.refreshKeyState();
      }
      for (const entry of server().log) {
        const garbage = garbageIn(entry);
        if (garbage) problems.push(`request: ${garbage}`);
      }
      // The grid's pictures are the media requests a shown grid makes; none may carry garbage.
      for (const entry of server().mediaLog) {
        const where = `${entry.path}?${new URLSearchParams(entry.query).toString()}`;
        if (GARBAGE.test(where) || where.length > 2000) problems.push(`media request: ${where.slice(0, 100)}`);
      }
      // Write Credits File writes the credits file (its purpose); nothing else may appear.
      const newFiles = (await filesBelow(workspaceRoot())).map((u) => u.toString()).filter((u) => !filesBefore.has(u));
      if (command === 'stockMedia.writeCreditsFile' && newFiles.includes(creditsFile.toString())) {
        await vscode.workspace.fs.delete(creditsFile).then(undefined, () => undefined);
      }
      const unexpected = newFiles.filter((u) => !(command === 'stockMedia.writeCreditsFile' && u === creditsFile.toString()));
      if (unexpected.length > 0) problems.push(`wrote ${unexpected.join(', ')}`);
      assert.ok(calls >= (parametersRead(handlers[command]) === 0 ? 2 : SAMPLE.size), `${command}: ${calls} calls`);
      assert.deepEqual(problems, [], `${command} with wrong arguments, ${calls} calls (${asked} quick inputs closed at once so far)`);
    });
  }
});
