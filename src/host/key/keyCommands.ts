// The key's and the quota's commands: Set API Key…, Check API Key, Clear API Key, Get a Free API
// Key, Show Quota, Show Log. The key commands' work is apiKey.ts, loaded on first use.
import type * as vscode from 'vscode';
import { keyArg } from '../common/commandArgs';
import { CommandId } from '../common/commandIds';
import type { CommandManager } from '../common/commandManager';
import type { Container } from '../container';
import { getApiKey } from './keyPage';

export function registerKeyCommands(_context: vscode.ExtensionContext, commands: CommandManager, container: Container): void {
  const { services } = container;
  commands.register(CommandId.setApiKey, async (arg) => (await import('./apiKey')).setApiKey(services, container.api, keyArg(arg)));
  commands.register(CommandId.checkApiKey, async () => (await import('./apiKey')).checkApiKey(services, container.api));
  commands.register(CommandId.clearApiKey, async () => (await import('./apiKey')).clearApiKey(services, container.api));
  commands.register(CommandId.showQuota, async () => (await import('./apiKey')).showQuota(services));
  commands.register(CommandId.getApiKey, () => getApiKey(services));
  commands.register(CommandId.showLog, () => services.log.show());
}
