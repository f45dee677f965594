// The key and quota commands.
import * as vscode from 'vscode';
import { CommandId } from '../commandIds';
import type { Services } from '../services';
import { clearApiKey, setApiKey, showQuota } from './apiKey';

export function registerKeyCommands(services: Services): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(CommandId.setApiKey, (args?: unknown) => setApiKey(services, args)),
    vscode.commands.registerCommand(CommandId.clearApiKey, () => clearApiKey(services)),
    vscode.commands.registerCommand(CommandId.showQuota, () => showQuota(services)),
    vscode.commands.registerCommand(CommandId.showLog, () => services.log.show()),
  ];
}
