// The key and quota commands (Show Log is the activation bundle's own: extension.ts).
import type * as vscode from 'vscode';
import type { ClientSource } from '../client';
import { CommandId } from '../commandIds';
import type { CommandRegistry } from '../commandRegistry';
import type { Shell } from '../shell';
import { checkApiKey, clearApiKey, setApiKey, showQuota } from './apiKey';

export function registerKeyCommands(shell: Shell, api: ClientSource, commands: CommandRegistry): vscode.Disposable[] {
  return [
    commands.registerCommand(CommandId.setApiKey, (args?: unknown) => setApiKey(shell, api, args)),
    commands.registerCommand(CommandId.checkApiKey, () => checkApiKey(shell, api)),
    commands.registerCommand(CommandId.clearApiKey, () => clearApiKey(shell, api)),
    commands.registerCommand(CommandId.showQuota, () => showQuota(shell)),
  ];
}
