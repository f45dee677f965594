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

export interface StockMediaApi {
  /** For tests: the live services and the status bar. */
  readonly services: Services;
  readonly statusBar: QuotaStatusBar;
}

export function activate(context: vscode.ExtensionContext): StockMediaApi {
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
  render();
  void services.refreshKeyState().then(render, (error: unknown) => services.logger.error(String(error)));
  return { services, statusBar };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
