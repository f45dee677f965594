// Registers the contributed commands (each feature's commands file calls `register` for its
// own ids, as markdown-language-features' CommandManager does), each id once.
import * as vscode from 'vscode';
import type { CommandId } from './commandIds';
import type { IDisposable } from './dispose';

export type CommandHandler = (...args: unknown[]) => unknown;

export class CommandManager implements IDisposable {
  private readonly ids = new Set<string>();
  private readonly registrations: vscode.Disposable[] = [];

  register(id: (typeof CommandId)[keyof typeof CommandId], handler: CommandHandler): void {
    if (this.ids.has(id)) throw new Error(`${id} is registered twice`);
    this.ids.add(id);
    this.registrations.push(vscode.commands.registerCommand(id, handler));
  }

  dispose(): void {
    for (const r of this.registrations.splice(0)) r.dispose();
    this.ids.clear();
  }
}
