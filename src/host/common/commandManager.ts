// Registers the contributed commands (each feature's commands file calls `register` for its
// own ids, as markdown-language-features' CommandManager does) and keeps each one's handler,
// so the extension's own tests can call a handler with arguments no menu would pass.
import * as vscode from 'vscode';
import type { CommandId } from './commandIds';
import type { IDisposable } from './dispose';

export type CommandHandler = (...args: unknown[]) => unknown;

export class CommandManager implements IDisposable {
  private readonly handlers = new Map<string, CommandHandler>();
  private readonly registrations: vscode.Disposable[] = [];

  register(id: (typeof CommandId)[keyof typeof CommandId], handler: CommandHandler): void {
    if (this.handlers.has(id)) throw new Error(`${id} is registered twice`);
    this.handlers.set(id, handler);
    this.registrations.push(vscode.commands.registerCommand(id, handler));
  }

  /** Each registered command's handler, by id. */
  table(): Record<string, CommandHandler> {
    return Object.fromEntries(this.handlers);
  }

  dispose(): void {
    for (const r of this.registrations.splice(0)) r.dispose();
    this.handlers.clear();
  }
}
