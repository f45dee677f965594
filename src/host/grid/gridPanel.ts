// The grid webview panel: one, reused and revealed. It owns a SearchSession and forwards
// its messages; it checks every message from the webview before acting; a tile's buttons
// run through tileActions.ts with the media the session holds for the tile's key.
//
// State: retainContextWhenHidden is off (heavy). The webview keeps its toolbar, scroll
// position and focus with setState; when it is shown again it says `ready` and this
// panel sends the whole session back (no request: the items are held here). After a
// window reload the serializer revives the panel from that state and runs its search
// again (from the client cache when it is still fresh).
//
// CSP: fixed (gridHtml.ts), so the HTML is loaded again only when a text it holds changes.
//
// Choose mode (the agent's stockMedia_pickMedia): gridChoice.ts.
import * as vscode from 'vscode';
import { randomNonce } from '../../core/bytes';
import type { MediaError } from '../../core/errors';
import type { MediaItem } from '../../core/model';
import { defaultLocale } from '../../core/locale';
import type { SearchSpec } from '../../core/search';
import { specKey } from '../../core/search';
import { defaultForm, formFromSpec } from '../../core/searchForm';
import type { GridFailure } from '../../core/tiles';
import { safeLinkUrl } from '../../core/urls';
import type { FromWebview, GridViewState, HostCommand, TileAction, ToWebview } from '../../shared/protocol';
import { isFromWebview, isGridViewState } from '../../shared/protocol';
import type { ClientSource } from '../client/client';
import { GRID_VIEW_TYPE } from '../common/commandIds';
import { GridChoice } from './gridChoice';
import { Disposable } from '../common/dispose';
import { describeFailure } from '../key/errorActions';
import { runErrorAction } from '../key/failureNotice';
import type { Services } from '../services';
import type { RecentSearches } from './recentSearches';
import { renderGridHtml } from './gridHtml';
import type { GridGroup } from './gridGroup';
import { gridStrings } from './gridStrings';
import { gridTitle } from './gridTitle';
import { SearchSession } from './searchSession';
import type { GridLists, SessionState } from './searchSession';
import { openExternalLink, runTileAction } from './tileActions';
import type { TileFeatures } from './tileActions';

/** The one grid, while it is open: set when a panel is made, cleared when it closes. */
export interface GridHolder {
  current: GridPanel | undefined;
}

/** What the grid works with: the services (where it inserts: services.tracker), the client, the recent searches and the open grid. */
export interface GridDeps {
  readonly services: Services;
  readonly api: ClientSource;
  readonly recent: RecentSearches;
  readonly open: GridHolder;
  /** The user's starred media (Show Starred in Grid). */
  readonly lists?: GridLists;
  /** Where the grid sits when no editor is open (gridGroup.ts). */
  readonly group: GridGroup;
  /** What a tile's actions call: the features' own functions. */
  readonly tiles: TileFeatures;
}

export interface GridState {
  /** Whether the webview takes messages (a hidden one is gone until it says ready again). */
  ready: boolean;
  session: Omit<SessionState, 'items'> & { itemKeys: string[]; credits: string[] };
}

export class GridPanel extends Disposable {
  /** Opens (or reveals) the grid and shows `spec` in it. */
  static async show(deps: GridDeps, spec: SearchSpec): Promise<GridPanel> {
    let grid = deps.open.current;
    let locking: Promise<void> | undefined;
    if (grid) {
      grid.panel.reveal(grid.panel.viewColumn, false);
    } else {
      // Beside whatever the active group shows (a document, the Welcome page, a preview); in it
      // only when it is empty. Its group is locked while the grid is alone in it (gridGroup.ts):
      // the next document opens beside the grid.
      const column = vscode.window.tabGroups.activeTabGroup.tabs.length > 0 ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
      const panel = vscode.window.createWebviewPanel(
        GRID_VIEW_TYPE,
        gridTitle(spec),
        { viewColumn: column, preserveFocus: false },
        webviewOptions(deps.services.context.extensionUri),
      );
      grid = new GridPanel(deps, panel, initialViewState(spec));
      locking = deps.group.lockWhenAlone(panel);
    }
    // Started before the lock is awaited: a search asked for meanwhile (found the grid open)
    // starts after this one, so the grid ends on the last asked for.
    const run = grid.start(spec, true);
    await locking;
    await run;
    return grid;
  }

  /**
   * A panel VS Code restores after a reload (registerWebviewPanelSerializer). A grid a search
   * opened meanwhile is the newer one: it stays, and the restored panel closes.
   */
  static revive(deps: GridDeps, panel: vscode.WebviewPanel, state: unknown): GridPanel | undefined {
    if (deps.open.current) {
      panel.dispose();
      return undefined;
    }
    deps.group.revived();
    panel.webview.options = webviewOptions(deps.services.context.extensionUri);
    const restored = isGridViewState(state) ? state : initialViewState(undefined);
    return new GridPanel(deps, panel, restored);
  }

  private readonly session: SearchSession;
  private ready = false;
  private renderedInputs = '';
  private viewState: GridViewState;
  /** The tile with the keyboard focus, as the webview last said. */
  private activeKey: string | null = null;
  /** The agent waiting for the person to choose. */
  private readonly choice = new GridChoice((message) => this.post(message));

  private readonly services: Services;
  private readonly recent: RecentSearches;
  private readonly open: GridHolder;
  private readonly lists: GridLists | undefined;
  private readonly tiles: TileFeatures;

  private constructor(
    deps: GridDeps,
    readonly panel: vscode.WebviewPanel,
    viewState: GridViewState,
  ) {
    super();
    const { services, api } = deps;
    this.services = services;
    this.recent = deps.recent;
    this.open = deps.open;
    this.lists = deps.lists;
    this.tiles = deps.tiles;
    this.open.current = this;
    this.viewState = viewState;
    this.session = new SearchSession({
      client: () => api.client,
      describe: (error) => this.describe(error),
      post: (message) => this.post(message),
      ...(deps.lists ? { lists: deps.lists } : {}),
    });
    panel.iconPath = vscode.Uri.joinPath(services.context.extensionUri, 'media', 'stock-media.svg');
    this._register(panel.onDidDispose(() => this.dispose()));
    this._register(panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)));
    this._register(
      panel.onDidChangeViewState(({ webviewPanel }) => {
        // A hidden webview without retainContextWhenHidden is gone; it says ready again when shown.
        if (!webviewPanel.visible) this.ready = false;
      }),
    );
    this._register(services.onDidChangeConnection(() => this.onConnectionChanged()));
    this._register(services.onDidChangeConfig(() => this.renderIfChanged()));
    this.render();
  }

  /**
   * Runs `spec` from its first page; resolves when it has loaded or failed. `fresh`
   * (a retry or refresh) asks the service again and never joins a request under way.
   */
  start(spec: SearchSpec, fromCommand: boolean, fresh = false): Promise<void> {
    this.panel.title = gridTitle(spec);
    this.viewState = { ...this.viewState, spec, ...(fromCommand ? { form: formFromSpec(spec, this.viewState.form), scrollTop: 0, focusKey: null } : {}) };
    const run = this.session.start(spec, { syncForm: fromCommand, fresh });
    if (fromCommand) this.post({ type: 'focus' });
    // The walkthrough's search step: done once a search (or a browse) has had its answer.
    return run.then(() => {
      const { status, items, spec: shown } = this.session.state;
      if (status !== 'loaded' || !shown || specKey(shown) !== specKey(spec)) return;
      this.services.milestones.reach('searched');
      // One media: titled by what it shows, now that its answer is here.
      const media = spec.mode === 'single' && items[0] ? this.session.mediaFor(items[0].key) : undefined;
      if (media && !this.isDisposed) this.panel.title = gridTitle(spec, media);
    });
  }

  /**
   * Choose mode: `prompt` above the grid and a Choose action on each tile, until the person
   * chooses (the media), stops (Escape, Cancel), closes the grid or `token` is cancelled (undefined).
   * A second call ends the first as stopped.
   */
  choose(prompt: string, token: vscode.CancellationToken): Promise<MediaItem | undefined> {
    return this.isDisposed ? Promise.resolve(undefined) : this.choice.start(prompt, token);
  }

  /** Whether the agent is waiting for the person to choose. */
  get isChoosing(): boolean {
    return this.choice.active;
  }

  get state(): GridState {
    const { items, ...session } = this.session.state;
    return {
      ready: this.ready,
      session: { ...session, itemKeys: items.map((i) => i.key), credits: items.map((i) => i.credit) },
    };
  }

  /** What the HTML depends on besides the session: the service's name and address in its texts. */
  private htmlInputs(): string {
    const cfg = this.services.config;
    return JSON.stringify([cfg.serviceName, cfg.serviceUrl]);
  }

  /** Loads the HTML again only when a setting it depends on changed (a reload costs a flicker). */
  private renderIfChanged(): void {
    if (this.htmlInputs() !== this.renderedInputs) this.render();
  }

  private render(): void {
    if (this.isDisposed) return;
    this.renderedInputs = this.htmlInputs();
    const webview = this.panel.webview;
    const root = vscode.Uri.joinPath(this.services.context.extensionUri, 'dist', 'webview');
    const cfg = this.services.config;
    this.ready = false;
    webview.html = renderGridHtml({
      cspSource: webview.cspSource,
      nonce: randomNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'main.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'grid.css')).toString(),
      strings: gridStrings(cfg.serviceName, safeLinkUrl(cfg.serviceUrl) ?? 'https://www.pexels.com'),
      initialState: this.viewState,
      lang: vscode.env.language,
      startFailedText: vscode.l10n.t('Stock Media: the grid could not start (its start-up data is missing or damaged). Close it and search again.'),
    });
  }

  /** Sends `message` to the webview (dropped until the webview is ready: it gets the whole session then). */
  post(message: ToWebview): void {
    if (this.isDisposed || !this.ready) return;
    void this.panel.webview.postMessage(message);
  }

  /** Handles a message from the webview: checked first, then acted on. */
  receive(raw: unknown): void {
    if (this.isDisposed) return;
    if (!isFromWebview(raw)) {
      this.services.logger.warn('Grid: ignored a malformed message from the webview.');
      return;
    }
    this.handle(raw);
  }

  private handle(message: FromWebview): void {
    switch (message.type) {
      case 'ready':
        this.onReady(message.state);
        return;
      case 'search': {
        const { spec: current, status } = this.session.state;
        const again = current !== null && specKey(current) === specKey(message.spec);
        // Asked for again before the webview heard it is under way (its typing pause, then
        // Enter, on a busy machine): the answer on its way serves both.
        if (again && status === 'loading') return;
        // The search already shown, asked for again (the webview's Retry): a refresh.
        void this.start(message.spec, false, again);
        return;
      }
      case 'remember':
        void this.recent.add({ query: message.query, kind: message.kind });
        return;
      case 'loadMore':
        void this.session.loadMore(message.generation);
        return;
      case 'action':
        void this.runAction(message.action, message.key);
        return;
      case 'command':
        void this.runHostCommand(message.command);
        return;
      case 'openService':
        void openExternalLink(this.services.config.serviceUrl);
        return;
      case 'active':
        this.activeKey = message.key;
        return;
      case 'chosen':
        this.chosen(message.key);
        return;
      default: {
        const never: never = message;
        this.services.logger.warn(`Grid: unhandled message ${JSON.stringify(never)}`);
      }
    }
  }

  private onReady(state: GridViewState | null): void {
    this.ready = true;
    if (state) this.viewState = state;
    const current = this.session.state;
    if (current.spec) {
      const same = state?.spec ? specKey(state.spec) === specKey(current.spec) : false;
      this.post(this.session.snapshot(!same));
    } else if (state?.spec) {
      void this.start(state.spec, false);
    } else {
      this.post(this.session.snapshot(false));
    }
    this.postStarred();
    this.choice.repost();
  }

  /** The person chose a tile (`key`: its Choose button, Enter, its menu's Choose) or stopped choosing (null); ignored when no one waits (a late click). */
  chosen(key: string | null): void {
    if (!this.choice.active) return;
    if (key === null) return this.choice.end(undefined);
    const media = this.session.mediaFor(key);
    if (media) this.choice.end(media);
    else this.post({ type: 'actionDone', ok: false, message: vscode.l10n.t('That result is no longer shown; search again.') });
  }

  /** Tells the webview which media are starred (after a star or unstar anywhere, and when it is ready). */
  postStarred(): void {
    if (this.lists && this.ready) this.post({ type: 'starred', keys: [...this.lists.starredKeys()] });
  }

  /** The media of the tile with the keyboard focus (what a command from the palette acts on), if it is still shown. */
  activeMedia(): MediaItem | undefined {
    return this.activeKey === null ? undefined : this.session.mediaFor(this.activeKey);
  }

  /** The media of a tile the grid shows now, by its key (`photo:<id>`); undefined once it is gone. */
  mediaFor(key: string): MediaItem | undefined {
    return this.session.mediaFor(key);
  }

  private async runAction(action: TileAction, key: string): Promise<void> {
    const media = this.session.mediaFor(key);
    const reply = (ok: boolean, message: string | null): void => this.post({ type: 'actionDone', ok, message });
    if (!media) {
      reply(false, vscode.l10n.t('That result is no longer shown; search again.'));
      return;
    }
    try {
      await runTileAction(action, media, this.services.tracker.lastUri, this.tiles);
      reply(true, null);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.services.logger.warn(`Grid: ${action} failed: ${text}`);
      reply(false, text);
    }
  }

  /** An error action's button: the command the tree runs for the same action. */
  private async runHostCommand(command: HostCommand): Promise<void> {
    await runErrorAction(this.services, command);
  }

  private describe(error: MediaError): GridFailure {
    const { message, actions, origin } = describeFailure(this.services, error);
    return origin === undefined ? { kind: error.kind, message, actions } : { kind: error.kind, message, actions, origin };
  }

  private onConnectionChanged(): void {
    // New key or base URL: show the current search from the new source.
    const spec = this.session.state.spec;
    if (spec) void this.session.start(spec, { syncForm: false, fresh: true });
  }

  override dispose(): void {
    if (this.isDisposed) return;
    // First, so that nothing below (the session stopping, the panel closing) reaches a disposed grid.
    super.dispose();
    this.choice.end(undefined);
    if (this.open.current === this) this.open.current = undefined;
    this.session.dispose();
    this.panel.dispose();
  }
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist', 'webview')],
  };
}

function initialViewState(spec: SearchSpec | undefined): GridViewState {
  const base = defaultForm(defaultLocale(vscode.env.language));
  return { v: 1, form: spec ? formFromSpec(spec, base) : base, spec: spec ?? null, scrollTop: 0, focusKey: null };
}
