// The insert commands: insert, insert as…, save into the workspace and insert,
// copy the address or the credit, open on the service; and dropping media into editors
// (the provider is registered at activation and hands drops of media to `drop`).
import type * as vscode from 'vscode';
import { CommandId } from '../commandIds';
import type { CommandRegistry } from '../commandRegistry';
import type { Shell } from '../shell';
import { MediaDropProvider } from './drop';
import { MediaInserter } from './inserter';

export interface InsertFeature {
  readonly drop: vscode.DocumentDropEditProvider;
  readonly disposables: vscode.Disposable[];
}

export function registerInsert(shell: Shell, commands: CommandRegistry): InsertFeature {
  const inserter = new MediaInserter(shell);
  const disposables = [
    inserter,
    commands.registerCommand(CommandId.insert, (arg?: unknown, selection?: unknown) => inserter.insert(arg, selection)),
    commands.registerCommand(CommandId.insertAs, (arg?: unknown, selection?: unknown) => inserter.insert(arg, selection, { pick: true })),
    commands.registerCommand(CommandId.saveAndInsert, (arg?: unknown, selection?: unknown) =>
      inserter.insert(arg, selection, { mode: 'download' }),
    ),
    commands.registerCommand(CommandId.copyUrl, (arg?: unknown) => inserter.copyUrl(arg)),
    commands.registerCommand(CommandId.copyCredit, (arg?: unknown) => inserter.copyCredit(arg)),
    commands.registerCommand(CommandId.openOnService, (arg?: unknown) => inserter.openOnService(arg)),
  ];
  return { drop: new MediaDropProvider(inserter), disposables };
}
