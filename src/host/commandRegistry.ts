// Commands are registered with VS Code once, at activation, by the activation bundle; their
// handlers come with the features when first needed. The features add them here, through
// the same call shape as `vscode.commands.registerCommand`.
import type * as vscode from 'vscode';

export type CommandHandler = (...args: unknown[]) => unknown;

export interface CommandRegistry {
  registerCommand(id: string, handler: CommandHandler): vscode.Disposable;
}

/** The handlers the features registered, by command id. */
export class CommandTable implements CommandRegistry {
  private readonly handlers = new Map<string, CommandHandler>();

  registerCommand(id: string, handler: CommandHandler): vscode.Disposable {
    if (this.handlers.has(id)) throw new Error(`Command ${id} is already registered`);
    this.handlers.set(id, handler);
    return {
      dispose: () => {
        if (this.handlers.get(id) === handler) this.handlers.delete(id);
      },
    };
  }

  get(id: string): CommandHandler | undefined {
    return this.handlers.get(id);
  }
}
