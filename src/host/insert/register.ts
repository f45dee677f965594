// The insert feature: the inserter (the insert, copy and open commands' work, and the pipeline
// every writer shares), dropping media into editors (the provider is registered at activation
// and hands drops of media to `drop`) and pasting a link of the service's media (activation
// hands such pastes to `paste`; `pasteAlso`: the other edits it offers, the page's cover).
import type * as vscode from 'vscode';
import type { ClientSource } from '../client/client';
import type { IDisposable } from '../common/dispose';
import type { Shell } from '../shell';
import { MediaDropProvider } from './drop';
import { MediaInserter } from './inserter';
import { MediaPasteProvider } from './paste';
import type { PasteAlternative } from './paste';

export function registerInsert(shell: Shell, api: ClientSource, pasteAlso: readonly PasteAlternative[]) {
  const inserter = new MediaInserter(shell);
  const drop: vscode.DocumentDropEditProvider = new MediaDropProvider(inserter, () => shell.config.serviceName);
  const paste = new MediaPasteProvider(shell, api, inserter, pasteAlso);
  const disposables: IDisposable[] = [inserter];
  return { inserter, drop, paste, disposables };
}
