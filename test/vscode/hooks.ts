// The hooks the extension's own tests and the bench read and drive it through: commands that the
// extension under test (underTest.ts) registers on what the product's activation made (its
// container) and on the command handlers it registered. Everything here works on the features through their general
// seams (the container's parts, the grid's receive/post/onDidRender/onDidReceive); the product
// holds none of it.
import * as vscode from 'vscode';
import type { Container } from '../../src/host/container';
import type { GridPanel, GridState } from '../../src/host/grid/gridPanel';
import type { MediaPasteEdit } from '../../src/host/insert/paste';
import { pasteProvider as makePasteProvider } from '../../src/host/insert/insertCommands';
import type { GridSnapshot } from '../../src/shared/protocol';
import { HourlyCounter } from '../../src/core/quota';
import { BACKGROUND_COUNT_KEY } from '../../src/host/credits/lookup';

/** The commands the hooks answer to. */
export const TestCommandId = {
  /** Returns `{ provider, treeView, dragAndDropController, lists }` of the collections tree (lists: Recent and Starred). */
  collections: 'stockMedia.collections.testHook',
  /** Reports and drives the grid. */
  grid: 'stockMedia.test.grid',
  /** Pastes text into the active editor through the paste provider. */
  paste: 'stockMedia.test.paste',
  /** The credit check's background budget: `{op: 'budget'}` reads it, `{op: 'resetBudget'}` refills it; `{op: 'check', uri}` checks a document. */
  creditCheck: 'stockMedia.test.creditCheck',
  /** Each contributed command's one handler, by id. */
  commands: 'stockMedia.test.commands',
  /** Returns `{ provider, treeView }` of In This Workspace. */
  workspaceMedia: 'stockMedia.test.workspaceMedia',
} as const;

/** How long a snapshot request waits for the webview's answer. */
const SNAPSHOT_TIMEOUT_MS = 5_000;

/** `{op: 'state'}`: the grid's state, and how often its HTML was loaded since the hooks first saw it. */
export type GridPanelState = GridState & { htmlLoads: number };

/** Registers the hooks on the objects the extension's activation made. */
export function registerTestHooks({ container, handlers }: { container: Container; handlers: Readonly<Record<string, unknown>> }): vscode.Disposable[] {
  // The same provider the extension registers, made on its container.
  const pasteProvider: vscode.DocumentPasteEditProvider<MediaPasteEdit> = makePasteProvider(container);
  const htmlLoads = new WeakMap<GridPanel, number>();
  let nextRequestId = 1;

  /** The open grid, its HTML loads counted from the first time a hook sees it. */
  const currentGrid = (): GridPanel | undefined => {
    const grid = container.grid.current();
    if (grid && !htmlLoads.has(grid)) {
      htmlLoads.set(grid, 0);
      grid.onDidRender(() => htmlLoads.set(grid, (htmlLoads.get(grid) ?? 0) + 1));
    }
    return grid;
  };
  const stateOf = (grid: GridPanel | undefined): GridPanelState | undefined =>
    grid ? { ...grid.state, htmlLoads: htmlLoads.get(grid) ?? 0 } : undefined;

  /** What the webview itself shows, asked over the protocol; undefined when it is not ready, closes or does not answer. */
  const requestSnapshot = (grid: GridPanel): Promise<GridSnapshot | undefined> => {
    if (!grid.state.ready) return Promise.resolve(undefined);
    const id = nextRequestId++;
    return new Promise((resolve) => {
      const done = (snapshot: GridSnapshot | undefined): void => {
        clearTimeout(timer);
        answered.dispose();
        closed.dispose();
        resolve(snapshot);
      };
      const timer = setTimeout(() => done(undefined), SNAPSHOT_TIMEOUT_MS);
      const answered = grid.onDidReceive((message) => {
        if (message.type === 'snapshot' && message.inReplyTo === id) done(message.snapshot);
      });
      const closed = grid.panel.onDidDispose(() => done(undefined));
      grid.post({ type: 'snapshotRequest', id });
    });
  };

  /**
   * `{op: 'state'}` (the host's view), `{op: 'snapshot'}` (what the webview shows),
   * `{op: 'receive', message}` (a message as if from the webview), `{op: 'loadMore'}`,
   * `{op: 'press', action}` (a button of the webview's message clicked),
   * `{op: 'settle'}`, `{op: 'recent'}`, `{op: 'reveal'}`, `{op: 'close'}`.
   */
  const gridHook = async (args: unknown): Promise<unknown> => {
    const op = typeof args === 'object' && args !== null ? (args as Record<string, unknown>).op : undefined;
    const grid = currentGrid();
    switch (op) {
      case 'state':
        return stateOf(grid);
      case 'snapshot':
        return grid ? requestSnapshot(grid) : undefined;
      case 'receive':
        grid?.receive((args as Record<string, unknown>).message);
        await grid?.whenSettled();
        return stateOf(grid);
      case 'loadMore':
        await grid?.loadMore();
        return stateOf(grid);
      case 'press':
        grid?.post({ type: 'press', action: (args as Record<string, unknown>).action as 'resetFilters' | 'retry' });
        return stateOf(grid);
      case 'settle':
        await grid?.whenSettled();
        return stateOf(grid);
      case 'recent':
        return container.grid.recent.list();
      case 'reveal':
        grid?.panel.reveal(grid.panel.viewColumn, false);
        return stateOf(grid);
      case 'close':
        grid?.dispose();
        return undefined;
      default:
        throw new Error(`${TestCommandId.grid}: unknown op ${String(op)}`);
    }
  };

  /** The collections tree's live provider, view and drag controller. */
  const collectionsHook = (): unknown => {
    const { provider, dragAndDropController } = container.collections;
    return { provider, treeView: container.collectionsTree?.view, dragAndDropController, lists: container.lists };
  };

  /** A paste whose edits were offered but not yet applied (`{text, apply: false}`). */
  let pending: { editor: vscode.TextEditor; selections: readonly vscode.Selection[]; text: string; edits: readonly MediaPasteEdit[] } | undefined;

  /** Applies the first edit (or the one of `kind`, picked from the paste menu) as the workbench does (resolved first), else the text as it is. */
  const applyPaste = async (paste: NonNullable<typeof pending>, pick: 'edit' | 'text', kind?: unknown): Promise<void> => {
    const { editor, selections, text } = paste;
    const offered = pick !== 'edit' ? undefined : typeof kind === 'string' ? paste.edits.find((e) => e.kind?.value === kind) : paste.edits[0];
    if (!offered) {
      await editor.edit((b) => selections.forEach((s) => b.replace(s, text)));
      return;
    }
    const source = new vscode.CancellationTokenSource();
    const first = (await pasteProvider.resolveDocumentPasteEdit?.(offered, source.token)) ?? offered;
    source.dispose();
    if (typeof first.insertText !== 'string' || first.insertText !== '') {
      const snippet = typeof first.insertText === 'string' ? new vscode.SnippetString().appendText(first.insertText) : first.insertText;
      await editor.insertSnippet(snippet, selections, { undoStopBefore: true, undoStopAfter: true });
    }
    if (first.additionalEdit) await vscode.workspace.applyEdit(first.additionalEdit);
  };

  /**
   * `{text}`: a paste of `text` into the active editor as the workbench makes it from a paste
   * event: the provider VS Code registered is asked with the clipboard's data; its first edit
   * is resolved (`resolveDocumentPasteEdit`) and goes in at every selection as one edit (its
   * text, then its additional edit), else the text does. In the browser workbench the paste
   * command reads the clipboard and types the text without asking any provider (only a real
   * paste event does), so the suites paste through here.
   * `{text, apply: false}`: only asks for the edits (as before the user picks one);
   * `{op: 'apply'}` then applies the first, `{op: 'text'}` the text as it is instead;
   * `kind` (with `{text}` or `{op: 'apply'}`) picks the edit of that kind (`stockMedia.media.cover`).
   */
  const pasteHook = async (args: unknown): Promise<{ edits: { title: string; kind: string; yieldTo: string[] }[] } | undefined> => {
    const options = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
    if (options.op === 'apply' || options.op === 'text') {
      const waiting = pending;
      pending = undefined;
      if (waiting) await applyPaste(waiting, options.op === 'apply' ? 'edit' : 'text', options.kind);
      return waiting ? { edits: [] } : undefined;
    }
    const text = options.text;
    const editor = vscode.window.activeTextEditor;
    if (typeof text !== 'string' || !editor) return undefined;
    const dataTransfer = new vscode.DataTransfer();
    dataTransfer.set('text/plain', new vscode.DataTransferItem(text));
    const source = new vscode.CancellationTokenSource();
    const selections = editor.selections;
    const context = {
      only: undefined,
      triggerKind: options.pasteAs === true ? vscode.DocumentPasteTriggerKind.PasteAs : vscode.DocumentPasteTriggerKind.Automatic,
    };
    const edits = (await pasteProvider.provideDocumentPasteEdits?.(editor.document, selections, dataTransfer, context, source.token)) ?? [];
    source.dispose();
    pending = { editor, selections, text, edits };
    if (options.apply !== false) {
      const now = pending;
      pending = undefined;
      await applyPaste(now, 'edit', options.kind);
    }
    return { edits: edits.map((e) => ({ title: e.title ?? '', kind: e.kind?.value ?? '', yieldTo: (e.yieldTo ?? []).map((k) => k.value) })) };
  };

  /**
   * `{op: 'budget'}`: background requests the credit check sent this hour, as the profile keeps
   * the count; `{op: 'resetBudget'}`: a fresh hour's budget; `{op: 'check', uri}`.
   */
  const creditCheckHook = async (args: unknown): Promise<number> => {
    const op = typeof args === 'object' && args !== null ? (args as Record<string, unknown>).op : undefined;
    const lookup = container.credits.lookup;
    const profile = container.shell.context.globalState;
    if (op === 'check') {
      // `{op: 'check', uri}`: the check of an open document, now; resolves with its diagnostics' count.
      const uri = (args as Record<string, unknown>).uri;
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
      if (!document) throw new Error(`${TestCommandId.creditCheck}: ${String(uri)} is not open`);
      return container.credits.documents.check(document);
    }
    if (op === 'resetBudget') {
      // As a new profile starts: no count stored, and a budget that reads it (the lookup reads
      // its count once, when it is made; a new one is put in the place of the one it made).
      await profile.update(BACKGROUND_COUNT_KEY, undefined);
      if (!('budget' in lookup)) throw new Error(`${TestCommandId.creditCheck}: the lookup keeps its budget elsewhere now`);
      Object.assign(lookup, { budget: new HourlyCounter(profile, BACKGROUND_COUNT_KEY) });
      if (lookup.heldBack() === 'budget') throw new Error(`${TestCommandId.creditCheck}: the budget is still spent`);
    } else if (op !== 'budget') throw new Error(`${TestCommandId.creditCheck}: unknown op ${String(op)}`);
    // The profile's copy, written with each request counted.
    return new HourlyCounter(profile, BACKGROUND_COUNT_KEY).thisHour();
  };

  return [
    vscode.commands.registerCommand(TestCommandId.creditCheck, creditCheckHook),
    vscode.commands.registerCommand(TestCommandId.paste, pasteHook),
    vscode.commands.registerCommand(TestCommandId.grid, gridHook),
    vscode.commands.registerCommand(TestCommandId.collections, collectionsHook),
    vscode.commands.registerCommand(TestCommandId.workspaceMedia, () => ({ provider: container.workspace.provider, treeView: container.workspaceTree?.view })),
    // What each handler takes (test/vscode/wrongArgs.test.ts calls it with wrong arguments where it reads one).
    vscode.commands.registerCommand(TestCommandId.commands, () => ({ ...handlers })),
  ];
}
