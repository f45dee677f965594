// Activation: the services (key, quota, settings, log), the container that makes each feature's
// parts on first use (host/container.ts), the status bar, and each feature's commands, views and
// providers, registered by the feature itself (its *Commands.ts file), and the agent's tools
// (host/agent/agentTools.ts). Activation does no network and no heavy work: a feature's modules
// are evaluated only when it is first used.
import * as vscode from 'vscode';
import { registerAgentTools } from './host/agent/agentTools';
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
import { Services } from './host/services';
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
export function activateShared(context: vscode.ExtensionContext, platform: HostPlatform): { services: Services; container: Container; statusBar: QuotaStatusBar } {
  useVsCodeTranslator();
  const services = new Services(context, platform);
  const container = new Container(services);
  const commands = new CommandManager();
  const statusBar = new QuotaStatusBar(
    services.quota,
    () => quotaFormat(services.config.serviceName, services.config.serviceUrl),
    () => services.config.statusBarVisible,
  );
  const render = (): void => statusBar.render(services.hasKey);
  context.subscriptions.push(
    services,
    container,
    commands,
    statusBar,
    services.quota.onDidChange(render),
    services.onDidChangeConnection(render),
    services.onDidChangeConfig(render),
  );
  registerKeyCommands(context, commands, container);
  registerGridCommands(context, commands, container);
  registerCollectionsCommands(context, commands, container);
  registerLibraryCommands(context, commands, container);
  registerInsertCommands(context, commands, container);
  registerCoverCommands(commands, container);
  registerCreditsCommands(context, commands, container);
  registerWorkspaceCommands(context, commands, container);
  registerAgentTools(context, container);
  // The first render formats numbers and dates (Intl's locale data loads then): done just
  // after activation, so VS Code is not kept waiting for it.
  setTimeout(render, 0);
  services.milestones.publish();
  void services.refreshKeyState().then(render, (error: unknown) => services.logger.error(String(error)));
  return { services, container, statusBar };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}

// The Node host's entry (src/node.ts) takes the features' modules from this bundle on first use.
export { firstUse } from './host/firstUse';
