// The insert feature: the inserter (the insert, copy and open commands' work), dropping media
// into editors (the provider is registered at activation and hands drops of media to `drop`)
// and pasting a link of the service's media (activation hands such pastes to `paste`).
import type * as vscode from 'vscode';
import type { ClientSource } from '../client';
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
  return { inserter, drop, paste, disposables };
}
