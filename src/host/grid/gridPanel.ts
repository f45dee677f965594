// The grid webview panel: one, reused and revealed. It owns a SearchSession and forwards
// its messages; it checks every message from the webview before acting; it runs the
// insert/copy/open commands of the contract with the service's own object (the webview
// only names a tile by key, so it can neither forge media nor choose a URL to open).
//
// State: retainContextWhenHidden is off (heavy). The webview keeps its toolbar, scroll
// position and focus with setState; when it is shown again it says `ready` and this
// panel sends the whole session back (no request: the items are held here). After a
// window reload the serializer revives the panel from that state and runs its search
// again (from the client cache when it is still fresh).
//
// CSP media sources: fixed for one HTML load, so they are computed before loading it
// from the configured API hosts, the service's known media hosts and every origin the
// session's results point to. When a new page brings an origin not allowed yet, the HTML
// is loaded again with it added; the webview restores itself from its state and gets the
// session back through the ready handshake. Only https origins (http only to this
// computer) are ever added.
import * as vscode from 'vscode';
import { randomNonce } from '../../core/bytes';
import type { MediaError } from '../../core/errors';
import type { MediaItem } from '../../core/model';
import { defaultLocale } from '../../core/locale';
import type { SearchSpec } from '../../core/search';
import { specKey } from '../../core/search';
import { defaultForm, formFromSpec } from '../../core/searchForm';
import { itemOrigins } from '../../core/tiles';
import { cleanText } from '../../core/insert/text';
import type { GridFailure } from '../../core/tiles';
import { safeLinkUrl, tryParseUrl } from '../../core/urls';
import type { FromWebview, GridViewState, HostCommand, TileAction, ToWebview } from '../../shared/protocol';
import { isFromWebview, isGridViewState } from '../../shared/protocol';
import type { ClientSource } from '../client';
import { CommandId, GRID_VIEW_TYPE } from '../commandIds';
import { Disposable } from '../dispose';
import { describeFailure, runErrorAction } from '../errorActions';
import type { Shell } from '../shell';
import type { RecentSearches } from './recentSearches';
import { cspOrigins, renderGridHtml } from './gridHtml';
import { gridStrings } from './gridStrings';
import { SearchSession } from './searchSession';
import type { SessionState } from './searchSession';

/** Where the real service serves images and video files (the defaults' results point there). */
export const SERVICE_IMAGE_ORIGINS = ['https://images.pexels.com'];
export const SERVICE_VIDEO_ORIGINS = ['https://videos.pexels.com', 'https://player.vimeo.com', 'https://vod-progressive.akamaized.net'];
/** Bounds the CSP when results keep pointing at new hosts. */
const MAX_EXTRA_ORIGINS = 24;

/** What the grid works with: the shell (where it inserts: shell.tracker), the client and the recent searches. */
export interface GridDeps {
  readonly shell: Shell;
  readonly api: ClientSource;
  readonly recent: RecentSearches;
}

export interface GridState {
  open: boolean;
  visible: boolean;
  ready: boolean;
  session: Omit<SessionState, 'items'> & { itemKeys: string[]; credits: string[] };
  imgSources: string[];
  mediaSources: string[];
  targetUri: string | undefined;
  title: string;
}

export class GridPanel extends Disposable {
  private static current: GridPanel | undefined;

  static get instance(): GridPanel | undefined {
    return GridPanel.current;
  }

  /** Opens (or reveals) the grid and shows `spec` in it. */
  static show(deps: GridDeps, spec: SearchSpec): Promise<GridPanel> {
    let grid = GridPanel.current;
    if (grid) {
      grid.panel.reveal(grid.panel.viewColumn, false);
    } else {
      const column = vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
      const panel = vscode.window.createWebviewPanel(
        GRID_VIEW_TYPE,
        gridTitle(spec),
        { viewColumn: column, preserveFocus: false },
        webviewOptions(deps.shell.context.extensionUri),
      );
      grid = new GridPanel(deps, panel, initialViewState(spec));
    }
    const shown = grid;
    return shown.start(spec, true).then(() => shown);
  }

  /** A panel VS Code restores after a reload (registerWebviewPanelSerializer). */
  static revive(deps: GridDeps, panel: vscode.WebviewPanel, state: unknown): GridPanel {
    GridPanel.current?.panel.dispose();
    panel.webview.options = webviewOptions(deps.shell.context.extensionUri);
    const restored = isGridViewState(state) ? state : initialViewState(undefined);
    return new GridPanel(deps, panel, restored);
  }

  private readonly session: SearchSession;
  private readonly extraImg = new Set<string>();
  private readonly extraMedia = new Set<string>();
  private ready = false;
  private renderedInputs = '';
  private readonly rendered = this._register(new vscode.EventEmitter<void>());
  private readonly received = this._register(new vscode.EventEmitter<FromWebview>());
  /** The webview's HTML was loaded (again): it starts over and says ready. */
  readonly onDidRender = this.rendered.event;
  /** A checked message from the webview, before the grid acts on it. */
  readonly onDidReceive = this.received.event;
  private viewState: GridViewState;

  private readonly shell: Shell;
  private readonly recent: RecentSearches;

  private constructor(
    deps: GridDeps,
    readonly panel: vscode.WebviewPanel,
    viewState: GridViewState,
  ) {
    super();
    const { shell, api } = deps;
    this.shell = shell;
    this.recent = deps.recent;
    GridPanel.current = this;
    this.viewState = viewState;
    this.session = new SearchSession({
      client: () => api.client,
      describe: (error) => this.describe(error),
      post: (message) => this.post(message),
    });
    panel.iconPath = vscode.Uri.joinPath(shell.context.extensionUri, 'media', 'stock-media.svg');
    this._register(panel.onDidDispose(() => this.dispose()));
    this._register(panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)));
    this._register(
      panel.onDidChangeViewState(({ webviewPanel }) => {
        // A hidden webview without retainContextWhenHidden is gone; it says ready again when shown.
        if (!webviewPanel.visible) this.ready = false;
      }),
    );
    this._register(shell.onDidChangeConnection(() => this.onConnectionChanged()));
    this._register(shell.onDidChangeConfig(() => this.renderIfChanged()));
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
    return run;
  }

  /** The next page, as when the user scrolls to the end. */
  loadMore(): Promise<void> {
    return this.session.loadMore(this.session.state.generation);
  }

  whenSettled(): Promise<void> {
    return this.session.whenSettled();
  }

  get state(): GridState {
    const { items, ...session } = this.session.state;
    return {
      open: !this.isDisposed,
      visible: this.panel.visible,
      ready: this.ready,
      session: { ...session, itemKeys: items.map((i) => i.key), credits: items.map((i) => i.credit) },
      imgSources: this.imgSources(),
      mediaSources: this.mediaSources(),
      targetUri: this.shell.tracker.lastUri,
      title: this.panel.title,
    };
  }

  private imgSources(): string[] {
    const cfg = this.shell.config;
    return cspOrigins([...SERVICE_IMAGE_ORIGINS, cfg.apiBaseUrl, cfg.videoBaseUrl, ...this.extraImg]);
  }

  private mediaSources(): string[] {
    const cfg = this.shell.config;
    return cspOrigins([...SERVICE_VIDEO_ORIGINS, cfg.apiBaseUrl, cfg.videoBaseUrl, ...this.extraMedia]);
  }

  /** What the HTML depends on besides the session: its texts and its CSP sources. */
  private htmlInputs(): string {
    const cfg = this.shell.config;
    return JSON.stringify([cfg.serviceName, cfg.serviceUrl, this.imgSources(), this.mediaSources()]);
  }

  /** Loads the HTML again only when a setting it depends on changed (a reload costs a flicker). */
  private renderIfChanged(): void {
    if (this.htmlInputs() !== this.renderedInputs) this.render();
  }

  private render(): void {
    if (this.isDisposed) return;
    this.renderedInputs = this.htmlInputs();
    const webview = this.panel.webview;
    const root = vscode.Uri.joinPath(this.shell.context.extensionUri, 'dist', 'webview');
    const cfg = this.shell.config;
    this.ready = false;
    webview.html = renderGridHtml({
      cspSource: webview.cspSource,
      nonce: randomNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'main.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, 'grid.css')).toString(),
      imgSources: this.imgSources(),
      mediaSources: this.mediaSources(),
      strings: gridStrings(cfg.serviceName, safeLinkUrl(cfg.serviceUrl) ?? 'https://www.pexels.com'),
      initialState: this.viewState,
      lang: vscode.env.language,
      startFailedText: vscode.l10n.t('Stock Media: the grid could not start (its start-up data is missing or damaged). Close it and search again.'),
    });
    this.rendered.fire();
  }

  /**
   * Adds the origins of new results to the CSP. Returns true when the HTML had to be
   * loaded again (the message at hand is then covered by the snapshot sent on ready).
   */
  private allowOriginsOf(message: ToWebview): boolean {
    if (message.type !== 'session' && message.type !== 'page') return false;
    const allowedImg = new Set(this.imgSources());
    const allowedMedia = new Set(this.mediaSources());
    const { img, media } = itemOrigins(message.items);
    let changed = false;
    const add = (origins: Set<string>, allowed: Set<string>, extra: Set<string>): void => {
      for (const origin of cspOrigins([...origins])) {
        if (allowed.has(origin) || extra.size >= MAX_EXTRA_ORIGINS) continue;
        extra.add(origin);
        changed = true;
      }
    };
    add(img, allowedImg, this.extraImg);
    add(media, allowedMedia, this.extraMedia);
    if (changed) {
      this.shell.logger.info(`Grid: allowing media from ${[...this.extraImg, ...this.extraMedia].join(', ')}.`);
      this.render();
    }
    return changed;
  }

  /** Sends `message` to the webview (widening the CSP first when it brings new origins; dropped until the webview is ready). */
  post(message: ToWebview): void {
    if (this.isDisposed) return;
    if (this.allowOriginsOf(message)) return;
    if (!this.ready) return;
    void this.panel.webview.postMessage(message);
  }

  /** Handles a message from the webview: checked first, then announced (onDidReceive) and acted on. */
  receive(raw: unknown): void {
    if (this.isDisposed) return;
    if (!isFromWebview(raw)) {
      this.shell.logger.warn('Grid: ignored a malformed message from the webview.');
      return;
    }
    this.received.fire(raw);
    this.handle(raw);
  }

  private handle(message: FromWebview): void {
    switch (message.type) {
      case 'ready':
        this.onReady(message.state);
        return;
      case 'search': {
        // The search already shown, asked for again (the webview's Retry): a refresh.
        const current = this.session.state.spec;
        const again = current !== null && specKey(current) === specKey(message.spec);
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
        void this.openExternal(this.shell.config.serviceUrl);
        return;
      case 'snapshot':
        // What the webview shows, for whoever asked (onDidReceive); the grid itself needs nothing from it.
        return;
      default: {
        const never: never = message;
        this.shell.logger.warn(`Grid: unhandled message ${JSON.stringify(never)}`);
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
      switch (action) {
        case 'insert': {
          const targetUri = this.shell.tracker.lastUri;
          await vscode.commands.executeCommand(CommandId.insert, targetUri ? { media, targetUri } : { media });
          break;
        }
        case 'copyUrl':
          await vscode.commands.executeCommand(CommandId.copyUrl, { media });
          break;
        case 'copyCredit':
          await vscode.commands.executeCommand(CommandId.copyCredit, { media });
          break;
        case 'openOnService':
          await vscode.commands.executeCommand(CommandId.openOnService, { media });
          break;
        case 'openPhotographer':
          await this.openExternal(media.kind === 'photo' ? media.photo.photographer_url : media.video.user.url);
          break;
        default: {
          const never: never = action;
          throw new Error(`Unknown action ${String(never)}`);
        }
      }
      reply(true, null);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.shell.logger.warn(`Grid: ${action} failed: ${text}`);
      reply(false, text);
    }
  }

  /** An error action's button: the command the tree runs for the same action. */
  private async runHostCommand(command: HostCommand): Promise<void> {
    const { failure, moreFailure } = this.session.state;
    const origin = (failure ?? moreFailure)?.origin ?? '';
    await runErrorAction(command, origin, (id, ...args) => vscode.commands.executeCommand(id, ...args));
  }

  /** Opens a link outside VS Code, only if it is https (or http to this computer). */
  private async openExternal(url: string | undefined): Promise<void> {
    const safe = safeLinkUrl(url);
    if (!safe || !tryParseUrl(safe)) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Stock Media did not open that link: it is not a secure web address.'));
      return;
    }
    await vscode.env.openExternal(vscode.Uri.parse(safe, true));
  }

  private describe(error: MediaError): GridFailure {
    const { message, actions, origin } = describeFailure(this.shell, error);
    return origin === undefined ? { kind: error.kind, message, actions } : { kind: error.kind, message, actions, origin };
  }

  private onConnectionChanged(): void {
    // New key or base URL: allow the new hosts and show the current search from the new source.
    this.renderIfChanged();
    const spec = this.session.state.spec;
    if (spec) void this.session.start(spec, { syncForm: false, fresh: true });
  }

  override dispose(): void {
    if (this.isDisposed) return;
    // First, so that nothing below (the session stopping, the panel closing) reaches a disposed grid.
    super.dispose();
    if (GridPanel.current === this) GridPanel.current = undefined;
    this.session.dispose();
    this.panel.dispose();
  }
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
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

export function gridTitle(spec: SearchSpec | undefined): string {
  if (!spec) return vscode.l10n.t('Stock Media');
  switch (spec.mode) {
    case 'photos':
      return vscode.l10n.t('Photos: {0}', spec.query);
    case 'videos':
      return vscode.l10n.t('Videos: {0}', spec.query);
    case 'curated':
      return vscode.l10n.t('Curated Photos');
    case 'popular':
      return vscode.l10n.t('Popular Videos');
    case 'single':
      return spec.kind === 'photo' ? vscode.l10n.t('Photo {0}', spec.id) : vscode.l10n.t('Video {0}', spec.id);
    case 'collection': {
      // The service's title, one line of plain text (a panel title shows no markup anyway).
      const title = cleanText(spec.title, 80) || spec.id;
      return spec.type === 'photos'
        ? vscode.l10n.t('Collection: {0} (photos)', title)
        : spec.type === 'videos'
          ? vscode.l10n.t('Collection: {0} (videos)', title)
          : vscode.l10n.t('Collection: {0}', title);
    }
    default: {
      const never: never = spec;
      return String(never);
    }
  }
}
