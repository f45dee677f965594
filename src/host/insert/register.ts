// The insert commands: insert, insert as…, save into the workspace and insert,
// copy the address or the credit, open on the service; and dropping media into editors
// (the provider is registered at activation and hands drops of media to `drop`); pasting a
// link of the service's media (activation hands such pastes to `paste`).
import type * as vscode from 'vscode';
import type { ClientSource } from '../client';
import { CommandId } from '../commandIds';
import type { IDisposable } from '../dispose';
import type { Shell } from '../shell';
import { MediaDropProvider } from './drop';
import { MediaInserter } from './inserter';
import { MediaPasteProvider } from './paste';

export function registerInsert(shell: Shell, api: ClientSource) {
  const inserter = new MediaInserter(shell);
  const drop: vscode.DocumentDropEditProvider = new MediaDropProvider(inserter, () => shell.config.serviceName);
  const paste = new MediaPasteProvider(shell, api, inserter);
  const disposables: IDisposable[] = [inserter];
  return {
    /** The handlers, by command id (host/contributions.ts registers the commands). */
    commands: {
      [CommandId.insert]: (arg?: unknown, selection?: unknown) => inserter.insert(arg, selection),
      [CommandId.insertAs]: (arg?: unknown, selection?: unknown) => inserter.insert(arg, selection, { pick: true }),
      [CommandId.saveAndInsert]: (arg?: unknown, selection?: unknown) => inserter.insert(arg, selection, { mode: 'download' }),
      [CommandId.copyUrl]: (arg?: unknown) => inserter.copyUrl(arg),
      [CommandId.copyCredit]: (arg?: unknown) => inserter.copyCredit(arg),
      [CommandId.openOnService]: (arg?: unknown) => inserter.openOnService(arg),
    },
    drop,
    paste,
    disposables,
  };
}
