// The key and quota commands (Show Log is the activation bundle's own: extension.ts).
import type * as vscode from 'vscode';
import { CommandId } from '../commandIds';
import type { CommandRegistry } from '../commandRegistry';
import type { Services } from '../services';
import { checkApiKey, clearApiKey, setApiKey, showQuota } from './apiKey';

export function registerKeyCommands(services: Services, commands: CommandRegistry): vscode.Disposable[] {
  return [
    commands.registerCommand(CommandId.setApiKey, (args?: unknown) => setApiKey(services, args)),
    commands.registerCommand(CommandId.checkApiKey, () => checkApiKey(services)),
    commands.registerCommand(CommandId.clearApiKey, () => clearApiKey(services)),
    commands.registerCommand(CommandId.showQuota, () => showQuota(services)),
  ];
}
