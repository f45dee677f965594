// The hooks the extension's own tests and the bench read and drive it through: commands that the
// extension under test (underTest.ts) registers on what the product's activation made (its
// container) and on the command handlers it registered. Everything here works on the features through their general
// seams (the container's parts, the grid's state and receive) and on what VS Code gives the
// product (the grid's webview panel: what the host posts to it and hears from it); the product
// holds none of it.
import * as vscode from 'vscode';
import type { SearchSpec } from '../../src/core/search';
import type { GridItem } from '../../src/core/tiles';
import { GRID_VIEW_TYPE } from '../../src/host/common/commandIds';
import type { Container } from '../../src/host/container';
import type { GridPanel, GridState } from '../../src/host/grid/gridPanel';
import type { MediaPasteEdit } from '../../src/host/insert/paste';
import { pasteProvider as makePasteProvider } from '../../src/host/insert/insertCommands';
import type { SearchProgress, ToWebview } from '../../src/shared/protocol';
import { isFromWebview, isToWebview } from '../../src/shared/protocol';
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
  /** The credit check's background budget: `{op: 'budget'}` reads it, `{op: 'resetBudget'}` refills it; `{op: 'check', uri}` checks a document; `{op: 'kept', uri}`: 1 when the check keeps anything for it. */
  creditCheck: 'stockMedia.test.creditCheck',
  /** Each contributed command's one handler, by id. */
  commands: 'stockMedia.test.commands',
  /** Returns `{ provider, treeView }` of In This Workspace. */
  workspaceMedia: 'stockMedia.test.workspaceMedia',
} as const;

/** How long `settle` waits for the grid's search (or next page) to have its answer. */
const SETTLE_TIMEOUT_MS = 30_000;

/** `{op: 'state'}`: the grid's state, and the HTML its webview was last given (each load has its own nonce). */
/**
 * `{op: 'state'}`: the grid's own state, and what the hooks read of its panel: whether it is
 * open and visible, its title, the document it inserts into, its HTML as last set and the
 * sources its CSP admits for images and media besides the webview's own resources.
 */
export type GridPanelState = GridState & {
  open: boolean;
  visible: boolean;
  title: string;
  targetUri: string | undefined;
  html: string;
  imgSources: string[];
  mediaSources: string[];
};

/** The sources of `directive` in the CSP of `html`, without the webview's own (`cspSource`). */
function cspSources(html: string, directive: string, cspSource: string): string[] {
  const attribute = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(html)?.[1] ?? '';
  const entities: Record<string, string> = { '&#39;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>', '&amp;': '&' };
  const csp = attribute.replace(/&#39;|&quot;|&lt;|&gt;|&amp;/g, (entity) => entities[entity] ?? entity);
  const part = csp.split(';').map((p) => p.trim()).find((p) => p.startsWith(`${directive} `));
  // The webview's own may be several sources ("'self' https://…" in the web worker host).
  const own = new Set(cspSource.split(/\s+/));
  return part ? part.split(/\s+/).slice(1).filter((source) => !own.has(source)) : [];
}

/**
 * `{op: 'told'}`: what the host told the grid's webview since the webview last said `ready` (it
 * starts over then), folded as the webview folds it (src/webview/gridApp.ts): the last session,
 * the pages of its search appended. How the webview draws it is proven where its code runs:
 * test/e2e (grid, offline, hostile).
 */
export interface GridTold extends SearchProgress {
  /** The search the session messages are about: a page or a next page's state of another is ignored. */
  generation: number;
  /** The spec the toolbar started from (`ready`) or a session set it to (`syncForm`): it shows it, unless the user changed it since. */
  toolbarSpec: SearchSpec | null;
  items: GridItem[];
  /** The starred keys: the tiles' menus offer Unstar for them. */
  starred: string[];
  /** Choose mode's prompt above the grid (the agent waits for the person), null: a normal grid. */
  choosing: string | null;
}

const NOTHING_TOLD: GridTold = {
  generation: -1,
  toolbarSpec: null,
  spec: null,
  status: 'idle',
  items: [],
  totalResults: 0,
  skipped: 0,
  hasMore: false,
  more: 'idle',
  failure: null,
  moreFailure: null,
  starred: [],
  choosing: null,
};

/** What the webview knows after `message`, as gridApp.ts takes it in. */
function fold(told: GridTold, message: ToWebview): GridTold {
  switch (message.type) {
    case 'session': {
      const { spec, status, totalResults, skipped, hasMore, more, failure } = message;
      return {
        ...told,
        toolbarSpec: message.syncForm && spec ? spec : told.toolbarSpec,
        spec,
        status,
        items: message.keepItems ? told.items : [...message.items],
        totalResults,
        skipped,
        hasMore,
        more,
        failure: status === 'failed' ? failure : null,
        moreFailure: status !== 'failed' && more === 'failed' ? failure : null,
        generation: message.generation,
      };
    }
    case 'page':
      if (message.generation !== told.generation) return told;
      return { ...told, items: [...told.items, ...message.items], totalResults: message.totalResults, skipped: message.skipped, hasMore: message.hasMore, more: 'idle', moreFailure: null };
    case 'more':
      if (message.generation !== told.generation) return told;
      return { ...told, more: message.status, moreFailure: message.status === 'failed' ? message.failure : null };
    case 'starred':
      return { ...told, starred: [...message.keys] };
    case 'choose':
      return { ...told, choosing: message.prompt };
    default:
      return told;
  }
}

/** Registers the hooks on the objects the extension's activation made. */
export function registerTestHooks({ container, handlers }: { container: Container; handlers: Readonly<Record<string, unknown>> }): vscode.Disposable[] {
  // The same provider the extension registers, made on its container.
  const pasteProvider: vscode.DocumentPasteEditProvider<MediaPasteEdit> = makePasteProvider(container);
  const told = new WeakMap<vscode.WebviewPanel, { now: GridTold }>();
  const disposed = new WeakSet<vscode.WebviewPanel>();

  /** Follows what the host posts to a grid panel's webview and when the webview starts over (says `ready`). */
  const watch = (panel: vscode.WebviewPanel): void => {
    if (told.has(panel)) return;
    const seen = { now: NOTHING_TOLD };
    told.set(panel, seen);
    panel.onDidDispose(() => disposed.add(panel));
    // Listening before the grid does (the panel is watched as it is made): `ready` starts over first.
    panel.webview.onDidReceiveMessage((message: unknown) => {
      // The toolbar starts from the state the webview was booted with (or had saved), which `ready` carries.
      if (isFromWebview(message) && message.type === 'ready') seen.now = { ...NOTHING_TOLD, toolbarSpec: message.state?.spec ?? null };
    });
    const post = panel.webview.postMessage.bind(panel.webview);
    panel.webview.postMessage = (message: unknown) => {
      if (isToWebview(message)) seen.now = fold(seen.now, message);
      return post(message);
    };
  };
  // Every grid panel from the moment it is made (its first message is sent once the webview is ready).
  const window = vscode.window as { createWebviewPanel: typeof vscode.window.createWebviewPanel };
  const createPanel = window.createWebviewPanel;
  window.createWebviewPanel = (...args: Parameters<typeof createPanel>): vscode.WebviewPanel => {
    const panel = createPanel.apply(vscode.window, args);
    if (args[0] === GRID_VIEW_TYPE) watch(panel);
    return panel;
  };

  /** The open grid (a panel VS Code restored after a reload is watched from when a hook first sees it). */
  const currentGrid = (): GridPanel | undefined => {
    const grid = container.grid.current();
    if (grid) watch(grid.panel);
    return grid;
  };
  const stateOf = (grid: GridPanel | undefined): GridPanelState | undefined => {
    if (!grid) return undefined;
    const { panel } = grid;
    // A disposed panel's webview throws when read.
    const open = !disposed.has(panel);
    const html = open ? panel.webview.html : '';
    const cspSource = open ? panel.webview.cspSource : '';
    return {
      ...grid.state,
      open,
      visible: open && panel.visible,
      title: open ? panel.title : '',
      targetUri: container.services.tracker.lastUri,
      html,
      imgSources: cspSources(html, 'img-src', cspSource),
      mediaSources: cspSources(html, 'media-src', cspSource),
    };
  };

  /** Resolves once the grid's search has its answer and no next page is loading, or the grid closed. */
  const settled = async (grid: GridPanel): Promise<void> => {
    const busy = (): boolean => {
      const { session } = grid.state;
      return !disposed.has(grid.panel) && (session.status === 'loading' || session.more === 'loading');
    };
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (busy()) {
      if (Date.now() > deadline) throw new Error(`${TestCommandId.grid}: the grid's search did not settle in ${SETTLE_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  /**
   * `{op: 'state'}` (the host's view), `{op: 'told'}` (what the host told the webview: GridTold),
   * `{op: 'receive', message}` (a message as the webview sends it, through the grid's own
   * receive: a click on a tile's action, on a message's Retry or Reset Filters…), `{op: 'loadMore'}`
   * (the webview's `loadMore`, as when the user scrolls to the end), `{op: 'settle'}`,
   * `{op: 'recent'}`, `{op: 'reveal'}`, `{op: 'close'}`. receive, loadMore and settle resolve
   * once the search (or next page) they started has its answer.
   */
  const gridHook = async (args: unknown): Promise<unknown> => {
    const op = typeof args === 'object' && args !== null ? (args as Record<string, unknown>).op : undefined;
    const grid = currentGrid();
    switch (op) {
      case 'state':
        return stateOf(grid);
      case 'told':
        return grid ? told.get(grid.panel)?.now : undefined;
      case 'receive':
        grid?.receive((args as Record<string, unknown>).message);
        if (grid) await settled(grid);
        return stateOf(grid);
      case 'loadMore':
        grid?.receive({ type: 'loadMore', generation: grid.state.session.generation });
        if (grid) await settled(grid);
        return stateOf(grid);
      case 'settle':
        if (grid) await settled(grid);
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
   * the count; `{op: 'resetBudget'}`: a fresh hour's budget; `{op: 'check', uri}`; `{op: 'kept', uri}`.
   */
  const creditCheckHook = async (args: unknown): Promise<number> => {
    const op = typeof args === 'object' && args !== null ? (args as Record<string, unknown>).op : undefined;
    const lookup = container.credits.lookup;
    // The profile as the extension writes it (Services.globalState): a reset written past it
    // would be taken for an echo of an earlier write and the old count written again.
    const profile = container.services.globalState;
    if (op === 'check') {
      // `{op: 'check', uri}`: the check of an open document, now; resolves with its diagnostics' count.
      const uri = (args as Record<string, unknown>).uri;
      const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
      if (!document) throw new Error(`${TestCommandId.creditCheck}: ${String(uri)} is not open`);
      return container.credits.documents.check(document);
    }
    if (op === 'kept') {
      // `{op: 'kept', uri}`: 1 when the check keeps anything for that document (its diagnostics, its last result, its generation), else 0.
      const uri = (args as Record<string, unknown>).uri;
      return container.credits.check.keeps(vscode.Uri.parse(String(uri))) ? 1 : 0;
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
    { dispose: () => (window.createWebviewPanel = createPanel) },
    vscode.commands.registerCommand(TestCommandId.creditCheck, creditCheckHook),
    vscode.commands.registerCommand(TestCommandId.paste, pasteHook),
    vscode.commands.registerCommand(TestCommandId.grid, gridHook),
    vscode.commands.registerCommand(TestCommandId.collections, collectionsHook),
    vscode.commands.registerCommand(TestCommandId.workspaceMedia, () => ({ provider: container.workspace.provider, treeView: container.workspaceTree?.view })),
    // What each handler takes (test/vscode/wrongArgs.test.ts calls it with wrong arguments where it reads one).
    vscode.commands.registerCommand(TestCommandId.commands, () => ({ ...handlers })),
  ];
}
