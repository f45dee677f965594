// What every feature needs from the host, made when the first feature is used: the Shell's
// settings, key, quota and log, plus the client (created on first request) and one way to
// show an error. Lives in the on-use bundle (features.ts).
import * as vscode from 'vscode';
import { MediaClient } from '../api/client';
import type { ErrorAction, ErrorDescription } from '../core/describe';
import { describeError } from '../core/describe';
import { toMediaError } from '../core/errors';
import { keyForOrigin } from '../core/keyBinding';
import type { Logger } from '../core/logger';
import { CommandId } from './commandIds';
import type { StockMediaConfig } from './config';
import { quotaFormat } from './quota';
import type { QuotaStore } from './quota';
import type { ApiKeyStore } from './secrets';
import type { Shell } from './shell';

/** The button text of an error action; `origin` names the server of `checkKey`. */
export function actionLabel(action: ErrorAction, origin = ''): string {
  switch (action) {
    case 'setApiKey':
      return vscode.l10n.t('Set API Key');
    case 'retry':
      return vscode.l10n.t('Retry');
    case 'openSettings':
      return vscode.l10n.t('Open Settings');
    case 'showQuota':
      return vscode.l10n.t('Show Quota');
    case 'checkKey':
      return vscode.l10n.t('Check Key with {0}', origin);
  }
}

export class Services implements vscode.Disposable {
  private clientInstance: MediaClient | undefined;
  /** The settings the client was made or last updated with. */
  private clientConfig: StockMediaConfig | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(readonly shell: Shell) {
    // Before anything reloads for the new key: no answer got with the old key is reused,
    // and what is still on its way for the old key is stopped and never delivered.
    this.disposables.push(
      shell.onDidChangeKey(() => {
        this.clientInstance?.abortAll();
        this.clientInstance?.clearCache();
      }),
    );
  }

  get context(): vscode.ExtensionContext {
    return this.shell.context;
  }

  get log(): vscode.LogOutputChannel {
    return this.shell.log;
  }

  get logger(): Logger {
    return this.shell.logger;
  }

  get keys(): ApiKeyStore {
    return this.shell.keys;
  }

  get quota(): QuotaStore {
    return this.shell.quota;
  }

  get config(): StockMediaConfig {
    return this.shell.config;
  }

  /** Whether a key is stored (kept current by refreshKeyState and key changes). */
  get hasKey(): boolean {
    return this.shell.hasKey;
  }

  /** The key or a base URL changed: whatever shows data from the service should reload. */
  get onDidChangeConnection(): vscode.Event<void> {
    return this.shell.onDidChangeConnection;
  }

  /** Any stockMedia.* setting changed. */
  get onDidChangeConfig(): vscode.Event<StockMediaConfig> {
    return this.shell.onDidChangeConfig;
  }

  refreshKeyState(): Promise<boolean> {
    return this.shell.refreshKeyState();
  }

  /**
   * The client, created on first use; it always runs with the current settings (checked
   * here, so no listener order can let a request go out with the old ones).
   */
  get client(): MediaClient {
    const cfg = this.shell.config;
    if (!this.clientInstance) {
      const client = new MediaClient({
        baseUrl: cfg.apiBaseUrl,
        videoBaseUrl: cfg.videoBaseUrl,
        // The key only for an origin it was checked with; any other is refused before sending.
        keyProvider: { getKey: async (origin) => keyForOrigin(await this.shell.keys.stored(), origin) },
        logger: this.shell.logger,
        cacheTtlMs: cfg.cacheTtlMs,
        timeoutMs: cfg.timeoutMs,
      });
      client.seedQuota(this.shell.quota.current);
      this.disposables.push(client.onQuota((snapshot) => this.shell.quota.update(snapshot)));
      this.clientInstance = client;
    } else if (this.clientConfig !== cfg) {
      this.clientInstance.updateOptions({
        baseUrl: cfg.apiBaseUrl,
        videoBaseUrl: cfg.videoBaseUrl,
        cacheTtlMs: cfg.cacheTtlMs,
        timeoutMs: cfg.timeoutMs,
      });
    }
    this.clientConfig = cfg;
    return this.clientInstance;
  }

  formatTime(ms: number): string {
    const cfg = this.shell.config;
    return quotaFormat(cfg.serviceName, cfg.serviceUrl).dateTime(ms);
  }

  describe(error: unknown): ErrorDescription {
    return describeError(toMediaError(error), {
      serviceName: this.shell.config.serviceName,
      formatTime: (ms) => this.formatTime(ms),
      now: Date.now(),
    });
  }

  /** Shows a failure as one clear message with the buttons that can fix it. */
  async showError(error: unknown, retry?: () => unknown): Promise<void> {
    const mediaError = toMediaError(error);
    if (mediaError.kind === 'cancelled') return;
    this.logger.warn(`${mediaError.kind}: ${mediaError.message}`);
    const { message, actions, origin } = this.describe(mediaError);
    const usable = actions.filter((a) => a !== 'retry' || retry !== undefined);
    const picked = await vscode.window.showErrorMessage(message, ...usable.map((a) => actionLabel(a, origin)));
    const action = usable.find((a) => actionLabel(a, origin) === picked);
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
      case 'checkKey':
        await vscode.commands.executeCommand(CommandId.checkApiKey);
        break;
      case undefined:
        break;
    }
  }

  dispose(): void {
    for (const d of this.disposables.splice(0).reverse()) d.dispose();
  }
}
