// The insert commands (issue 6): insert, insert as…, save into the workspace and insert,
// copy the address or the credit, open on the service; and dropping media into editors.
import * as vscode from 'vscode';
import { CommandId } from '../commandIds';
import type { Services } from '../services';
import { MediaDropProvider } from './drop';
import { MediaInserter } from './inserter';

export function registerInsert(services: Services): vscode.Disposable[] {
  const inserter = new MediaInserter(services);
  return [
    inserter,
    vscode.commands.registerCommand(CommandId.insert, (arg?: unknown, selection?: unknown) => inserter.insert(arg, selection)),
    vscode.commands.registerCommand(CommandId.insertAs, (arg?: unknown, selection?: unknown) => inserter.insert(arg, selection, { pick: true })),
    vscode.commands.registerCommand(CommandId.saveAndInsert, (arg?: unknown, selection?: unknown) =>
      inserter.insert(arg, selection, { mode: 'download' }),
    ),
    vscode.commands.registerCommand(CommandId.copyUrl, (arg?: unknown) => inserter.copyUrl(arg)),
    vscode.commands.registerCommand(CommandId.copyCredit, (arg?: unknown) => inserter.copyCredit(arg)),
    vscode.commands.registerCommand(CommandId.openOnService, (arg?: unknown) => inserter.openOnService(arg)),
    vscode.languages.registerDocumentDropEditProvider('*', new MediaDropProvider(inserter)),
  ];
}
