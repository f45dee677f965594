// Wiring only. Activation does no network and no heavy work: it shows the last known
// quota and registers what the extension contributes; everything else happens on use.
import * as vscode from 'vscode';
import { registerKeyCommands } from './host/commands/register';
import { registerCollectionsView } from './host/views/register';
import { registerGrid } from './host/grid/register';
import { registerInsert } from './host/insert/register';
import { QuotaStatusBar, quotaFormat } from './host/quota';
import { Services } from './host/services';
import { setTranslator } from './core/l10n';

/** Set by the bundle's first and last lines (esbuild.mjs banner and footer); absent when not bundled that way. */
declare const __stockMediaLoadStart: number | undefined;
declare const __stockMediaLoadEnd: number | undefined;

export interface StockMediaApi {
  /** For tests: the live services and the status bar. */
  readonly services: Services;
  readonly statusBar: QuotaStatusBar;
  /** How long activate() took, in milliseconds (for the benchmark). */
  readonly activationMs: number;
  /** Evaluating the bundle plus activate(): the extension's own cost, in milliseconds. */
  readonly loadAndActivateMs: number | undefined;
  /** From the bundle's first line to the end of activate(), VS Code's set-up in between included. */
  readonly loadToActivatedMs: number | undefined;
}

export function activate(context: vscode.ExtensionContext): StockMediaApi {
  const started = performance.now();
  setTranslator((message, ...args) => vscode.l10n.t(message, ...args));
  const services = new Services(context);
  const statusBar = new QuotaStatusBar(services.quota, () =>
    quotaFormat(services.config.serviceName, services.config.serviceUrl),
  );
  const render = (): void => statusBar.render(services.hasKey);
  context.subscriptions.push(
    services,
    statusBar,
    ...registerKeyCommands(services),
    ...registerCollectionsView(services),
    ...registerGrid(services),
    ...registerInsert(services),
    services.quota.onDidChange(render),
    services.onDidChangeConnection(render),
    services.onDidChangeConfig(render),
  );
  // The first render formats numbers and dates (Intl's locale data loads then): done just
  // after activation, so VS Code is not kept waiting for it.
  setTimeout(render, 0);
  void services.refreshKeyState().then(render, (error: unknown) => services.logger.error(String(error)));
  const ended = performance.now();
  const loadStart = typeof __stockMediaLoadStart === 'number' ? __stockMediaLoadStart : undefined;
  const loadEnd = typeof __stockMediaLoadEnd === 'number' ? __stockMediaLoadEnd : undefined;
  const activationMs = ended - started;
  return {
    services,
    statusBar,
    activationMs,
    loadAndActivateMs: loadStart === undefined || loadEnd === undefined ? undefined : loadEnd - loadStart + activationMs,
    loadToActivatedMs: loadStart === undefined ? undefined : ended - loadStart,
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
