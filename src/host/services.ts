// What the extension needs from the moment it is active: settings, the key, the quota and
// the log. It is made at activation; the features (grid, tree, insert) work on it
// when first used (see extension.ts and host/container.ts).
import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import { SettledStore } from '../core/settledStore';
import type { ClientSource } from './client/client';
import type { HostPlatform } from './platform';
import { ContextKey } from './common/commandIds';
import type { StockMediaConfig } from './common/config';
import { CONFIG_SECTION, readConfig } from './common/config';
import { Disposable } from './common/dispose';
import { EditorTracker } from './common/editorTracker';
import { Milestones } from './walkthrough/milestones';
import { QuotaStore, quotaFormat } from './status/quota';
import { ApiKeyStore } from './key/secrets';

export class Services extends Disposable {
  readonly keys: ApiKeyStore;
  /** The profile's globalState, each write checked once it has settled (core/settledStore.ts): what the features keep. */
  readonly globalState: SettledStore;
  readonly quota: QuotaStore;
  /** The editor the grid and the palette insert into. */
  readonly tracker: EditorTracker;
  /** What the user has done in this profile (the walkthrough's ticks). */
  readonly milestones: Milestones;
  private apiSource: ClientSource | undefined;
  private logChannel: vscode.LogOutputChannel | undefined;
  private loggerInstance: Logger | undefined;
  private configSnapshot: StockMediaConfig;
  private readonly keyChanged = new vscode.EventEmitter<void>();
  private readonly connectionChanged = new vscode.EventEmitter<void>();
  private readonly configChanged = new vscode.EventEmitter<StockMediaConfig>();
  private hasKeyValue = false;

  /**
   * The stored key was set or cleared: fired at once, before `onDidChangeConnection`, so
   * whatever caches answers (the client) can drop them before anything reloads.
   */
  readonly onDidChangeKey = this.keyChanged.event;
  /** The key or a base URL changed: whatever shows data from the service should reload. */
  readonly onDidChangeConnection = this.connectionChanged.event;
  /** Any stockMedia.* setting changed. */
  readonly onDidChangeConfig = this.configChanged.event;

  /** `platform`: what this extension host can do (Node's or the web worker's; platform/). */
  constructor(
    readonly context: vscode.ExtensionContext,
    readonly platform: HostPlatform,
  ) {
    super();
    this.keys = new ApiKeyStore(context.secrets);
    this.globalState = new SettledStore(context.globalState);
    this.quota = new QuotaStore(this.globalState);
    this.milestones = new Milestones(this.globalState, context.extension.id);
    this.configSnapshot = readConfig((message) => this.logger.warn(message));
    this._register(this.keys);
    this._register(this.quota);
    this.tracker = this._register(new EditorTracker());
    this._register(this.keyChanged);
    this._register(this.connectionChanged);
    this._register(this.configChanged);
    this._register(this.keys.onDidChange((hasKey) => this.onKeyChanged(hasKey)));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(CONFIG_SECTION)) this.onConfigChanged();
      }),
    );
  }

  /** The output channel, made when something is first logged or shown. */
  get log(): vscode.LogOutputChannel {
    if (!this.logChannel) {
      this.logChannel = this._register(vscode.window.createOutputChannel('Stock Media', { log: true }));
    }
    return this.logChannel;
  }

  get logger(): Logger {
    this.loggerInstance ??= channelLogger(this.log);
    return this.loggerInstance;
  }

  get config(): StockMediaConfig {
    return this.configSnapshot;
  }

  /** Whether a key is stored (kept current by refreshKeyState and key changes). */
  get hasKey(): boolean {
    return this.hasKeyValue;
  }

  /** A point in time as the user reads dates (the quota's reset, a rate limit's end). */
  formatTime(ms: number): string {
    return quotaFormat(this.config.serviceName, this.config.serviceUrl).dateTime(ms);
  }

  /**
   * The one client every feature uses, made the first time it is read (its module, with ky, is
   * evaluated then: never at activation).
   */
  get api(): ClientSource {
    if (!this.apiSource) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the client's modules are evaluated on first use
      const { ClientSource } = require('./client/client') as typeof import('./client/client');
      this.apiSource = this._register(new ClientSource(this));
    }
    return this.apiSource;
  }

  async refreshKeyState(): Promise<boolean> {
    this.hasKeyValue = await this.keys.hasKey();
    await vscode.commands.executeCommand('setContext', ContextKey.hasApiKey, this.hasKeyValue);
    if (this.hasKeyValue) this.milestones.reach('keyStored');
    return this.hasKeyValue;
  }

  /**
   * All at once: between the caches dropping the old key's answers and the views reloading
   * nothing may ask the service, or what it asked is asked again by the reloaded views.
   */
  private onKeyChanged(hasKey: boolean): void {
    this.hasKeyValue = hasKey;
    this.keyChanged.fire();
    this.connectionChanged.fire();
    void vscode.commands.executeCommand('setContext', ContextKey.hasApiKey, hasKey);
    if (hasKey) this.milestones.reach('keyStored');
  }

  private onConfigChanged(): void {
    const before = this.configSnapshot;
    const after = readConfig((message) => this.logger.warn(message));
    this.configSnapshot = after;
    this.configChanged.fire(after);
    if (before.apiBaseUrl !== after.apiBaseUrl || before.videoBaseUrl !== after.videoBaseUrl) {
      this.logger.info('API base URL changed; reloading.');
      this.connectionChanged.fire();
    }
  }

}

/** The one output channel, handed to core and api as a Logger. */
function channelLogger(channel: vscode.LogOutputChannel): Logger {
  return {
    trace: (m) => channel.trace(m),
    debug: (m) => channel.debug(m),
    info: (m) => channel.info(m),
    warn: (m) => channel.warn(m),
    error: (m) => channel.error(m),
  };
}
