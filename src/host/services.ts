// What every feature needs from the host, made once at activation: settings, the key,
// the client (created on first use), the quota, the log, and one way to show an error.
import * as vscode from 'vscode';
import { MediaClient } from '../api/client';
import type { ErrorAction, ErrorDescription } from '../core/describe';
import { describeError } from '../core/describe';
import { toMediaError } from '../core/errors';
import type { Logger } from '../core/logger';
import { CommandId, ContextKey } from './commandIds';
import type { StockMediaConfig } from './config';
import { CONFIG_SECTION, readConfig } from './config';
import { channelLogger } from './log';
import { QuotaStore, quotaFormat } from './quota';
import { ApiKeyStore } from './secrets';

function actionLabel(action: ErrorAction): string {
  switch (action) {
    case 'setApiKey':
      return vscode.l10n.t('Set API Key');
    case 'retry':
      return vscode.l10n.t('Retry');
    case 'openSettings':
      return vscode.l10n.t('Open Settings');
    case 'showQuota':
      return vscode.l10n.t('Show Quota');
  }
}

export class Services implements vscode.Disposable {
  readonly log: vscode.LogOutputChannel;
  readonly logger: Logger;
  readonly keys: ApiKeyStore;
  readonly quota: QuotaStore;
  private configSnapshot: StockMediaConfig;
  private clientInstance: MediaClient | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly connectionChanged = new vscode.EventEmitter<void>();
  private readonly configChanged = new vscode.EventEmitter<StockMediaConfig>();
  private hasKeyValue = false;

  /** The key or a base URL changed: whatever shows data from the service should reload. */
  readonly onDidChangeConnection = this.connectionChanged.event;
  /** Any stockMedia.* setting changed. */
  readonly onDidChangeConfig = this.configChanged.event;

  constructor(readonly context: vscode.ExtensionContext) {
    this.log = vscode.window.createOutputChannel('Stock Media', { log: true });
    this.logger = channelLogger(this.log);
    this.keys = new ApiKeyStore(context.secrets);
    this.quota = new QuotaStore(context.globalState);
    this.configSnapshot = readConfig();
    this.disposables.push(
      this.log,
      this.keys,
      this.quota,
      this.connectionChanged,
      this.configChanged,
      this.keys.onDidChange(() => void this.onKeyChanged()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(CONFIG_SECTION)) this.onConfigChanged();
      }),
    );
  }

  get config(): StockMediaConfig {
    return this.configSnapshot;
  }

  /** Whether a key is stored (kept current by refreshKeyState and key changes). */
  get hasKey(): boolean {
    return this.hasKeyValue;
  }

  /** The client, created on first use so activation costs nothing. */
  get client(): MediaClient {
    if (!this.clientInstance) {
      const cfg = this.configSnapshot;
      const client = new MediaClient({
        baseUrl: cfg.apiBaseUrl,
        videoBaseUrl: cfg.videoBaseUrl,
        keyProvider: this.keys,
        logger: this.logger,
        cacheTtlMs: cfg.cacheTtlMs,
        timeoutMs: cfg.timeoutMs,
      });
      client.seedQuota(this.quota.current);
      this.disposables.push(client.onQuota((snapshot) => this.quota.update(snapshot)));
      this.clientInstance = client;
    }
    return this.clientInstance;
  }

  async refreshKeyState(): Promise<boolean> {
    this.hasKeyValue = await this.keys.hasKey();
    await vscode.commands.executeCommand('setContext', ContextKey.hasApiKey, this.hasKeyValue);
    return this.hasKeyValue;
  }

  private async onKeyChanged(): Promise<void> {
    this.clientInstance?.clearCache();
    await this.refreshKeyState();
    this.connectionChanged.fire();
  }

  private onConfigChanged(): void {
    const before = this.configSnapshot;
    const after = readConfig();
    this.configSnapshot = after;
    this.clientInstance?.updateOptions({
      baseUrl: after.apiBaseUrl,
      videoBaseUrl: after.videoBaseUrl,
      cacheTtlMs: after.cacheTtlMs,
      timeoutMs: after.timeoutMs,
    });
    this.configChanged.fire(after);
    if (before.apiBaseUrl !== after.apiBaseUrl || before.videoBaseUrl !== after.videoBaseUrl) {
      this.logger.info('API base URL changed; reloading.');
      this.connectionChanged.fire();
    }
  }

  formatTime(ms: number): string {
    return quotaFormat(this.configSnapshot.serviceName, this.configSnapshot.serviceUrl).dateTime(ms);
  }

  describe(error: unknown): ErrorDescription {
    return describeError(toMediaError(error), {
      serviceName: this.configSnapshot.serviceName,
      formatTime: (ms) => this.formatTime(ms),
    });
  }

  /** Shows a failure as one clear message with the buttons that can fix it. */
  async showError(error: unknown, retry?: () => unknown): Promise<void> {
    const mediaError = toMediaError(error);
    if (mediaError.kind === 'cancelled') return;
    this.logger.warn(`${mediaError.kind}: ${mediaError.message}`);
    const { message, actions } = this.describe(mediaError);
    const usable = actions.filter((a) => a !== 'retry' || retry !== undefined);
    const picked = await vscode.window.showErrorMessage(message, ...usable.map(actionLabel));
    const action = usable.find((a) => actionLabel(a) === picked);
    switch (action) {
      case 'setApiKey':
        await vscode.commands.executeCommand(CommandId.setApiKey);
        break;
      case 'retry':
        await retry?.();
        break;
      case 'openSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'stockMedia.apiBaseUrl');
        break;
      case 'showQuota':
        await vscode.commands.executeCommand(CommandId.showQuota);
        break;
      case undefined:
        break;
    }
  }

  dispose(): void {
    for (const d of this.disposables.splice(0).reverse()) d.dispose();
  }
}
