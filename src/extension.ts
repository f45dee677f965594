// Activation: the shell (key, quota, settings, log), the container that makes each feature's
// parts on first use (host/container.ts), the status bar, and each feature's commands, views and
// providers, registered by the feature itself (its *Commands.ts file). Activation does no network
// and no heavy work: a feature's modules are evaluated only when it is first used.
import * as vscode from 'vscode';
import { registerKeyCommands } from './host/key/keyCommands';
import { CommandManager } from './host/common/commandManager';
import { Container } from './host/container';
import { registerCoverCommands } from './host/cover/coverCommands';
import { registerCreditsCommands } from './host/credits/creditsCommands';
import { registerGridCommands } from './host/grid/gridCommands';
import { registerInsertCommands } from './host/insert/insertCommands';
import type { HostPlatform } from './host/platform';
import { webPlatform } from './host/platform';
import { QuotaStatusBar, quotaFormat } from './host/status/quota';
import { Shell } from './host/shell';
import { useVsCodeTranslator } from './host/common/translator';
import { registerCollectionsCommands } from './host/collections/collectionsCommands';
import { registerLibraryCommands } from './host/library/libraryCommands';
import { registerWorkspaceCommands } from './host/workspaceMedia/workspaceCommands';

/** The web worker host's entry (package.json `browser`): this bundle, with the web platform. */
export function activate(context: vscode.ExtensionContext): void {
  activateShared(context, webPlatform);
}

/**
 * Activation in either host, with what that host can do (the Node host's entry, src/node.ts,
 * gives Node's). Returns what it made; the entries keep nothing of it (it lives on in
 * `context.subscriptions`).
 */
export function activateShared(context: vscode.ExtensionContext, platform: HostPlatform): { shell: Shell; container: Container; statusBar: QuotaStatusBar } {
  useVsCodeTranslator();
  const shell = new Shell(context, platform);
  const container = new Container(shell);
  const commands = new CommandManager();
  const statusBar = new QuotaStatusBar(
    shell.quota,
    () => quotaFormat(shell.config.serviceName, shell.config.serviceUrl),
    () => shell.config.statusBarVisible,
  );
  const render = (): void => statusBar.render(shell.hasKey);
  context.subscriptions.push(
    shell,
    container,
    commands,
    statusBar,
    shell.quota.onDidChange(render),
    shell.onDidChangeConnection(render),
    shell.onDidChangeConfig(render),
  );
  registerKeyCommands(context, commands, container);
  registerGridCommands(context, commands, container);
  registerCollectionsCommands(context, commands, container);
  registerLibraryCommands(context, commands, container);
  registerInsertCommands(context, commands, container);
  registerCoverCommands(commands, container);
  registerCreditsCommands(context, commands, container);
  registerWorkspaceCommands(context, commands, container);
  // The first render formats numbers and dates (Intl's locale data loads then): done just
  // after activation, so VS Code is not kept waiting for it.
  setTimeout(render, 0);
  shell.milestones.publish();
  void shell.refreshKeyState().then(render, (error: unknown) => shell.logger.error(String(error)));
  return { shell, container, statusBar };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
