// The search grid (issue 5): its commands, the panel serializer that brings the grid back
// after a reload, and (in test runs only) a command that reports the grid's state.
import * as vscode from 'vscode';
import { GRID_VIEW_TYPE } from '../../shared/protocol';
import { CommandId } from '../commandIds';
import type { Services } from '../services';
import { GridPanel } from './gridPanel';
import type { TargetEditorTracker } from './gridPanel';
import { RecentSearches } from './recentSearches';
import {
  clearRecentSearchesCommand,
  openMediaCommand,
  searchCommand,
  showCuratedCommand,
  showPopularCommand,
} from './searchCommands';
import type { GridCommandDeps } from './searchCommands';

/** Registered only when the extension runs under tests (ExtensionMode.Test). */
export const GRID_TEST_COMMAND = 'stockMedia.test.grid';

/** Documents that are not an insert target even when their editor is active. */
const NOT_TARGETS = new Set(['output', 'debug', 'vscode-settings', 'git', 'search-editor']);

/** Remembers the text editor the user was last in: where the grid inserts. */
class EditorTracker implements TargetEditorTracker, vscode.Disposable {
  private uri: vscode.Uri | undefined;
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.note(vscode.window.activeTextEditor);
    this.subscription = vscode.window.onDidChangeActiveTextEditor((editor) => this.note(editor));
  }

  private note(editor: vscode.TextEditor | undefined): void {
    if (editor && !NOT_TARGETS.has(editor.document.uri.scheme)) this.uri = editor.document.uri;
  }

  get lastUri(): string | undefined {
    // A closed document is no target any more.
    const uri = this.uri;
    if (!uri) return undefined;
    const open = vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString());
    return open ? uri.toString() : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

export function registerGrid(services: Services): vscode.Disposable[] {
  const tracker = new EditorTracker();
  const deps: GridCommandDeps = { services, tracker, recent: new RecentSearches(services.context.globalState) };
  const disposables: vscode.Disposable[] = [
    tracker,
    vscode.commands.registerCommand(CommandId.search, (args?: unknown) => searchCommand(deps, 'photos', args)),
    vscode.commands.registerCommand(CommandId.searchVideos, (args?: unknown) => searchCommand(deps, 'videos', args)),
    vscode.commands.registerCommand(CommandId.showCurated, () => showCuratedCommand(deps)),
    vscode.commands.registerCommand(CommandId.showPopularVideos, (args?: unknown) => showPopularCommand(deps, args)),
    vscode.commands.registerCommand(CommandId.openMedia, (args?: unknown) => openMediaCommand(deps, args)),
    vscode.commands.registerCommand(CommandId.clearRecentSearches, () => clearRecentSearchesCommand(deps)),
    vscode.window.registerWebviewPanelSerializer(GRID_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => {
        GridPanel.revive(services, tracker, panel, state);
        return Promise.resolve();
      },
    }),
    { dispose: () => GridPanel.instance?.dispose() },
  ];
  if (services.context.extensionMode === vscode.ExtensionMode.Test) {
    disposables.push(vscode.commands.registerCommand(GRID_TEST_COMMAND, (args?: unknown) => gridTestCommand(deps, args)));
  }
  return disposables;
}

/**
 * Tests read the grid through this: `{op: 'state'}` (the host's view), `{op: 'snapshot'}`
 * (what the webview shows, asked over the protocol), `{op: 'receive', message}` (a
 * message as if from the webview), `{op: 'loadMore'}`, `{op: 'settle'}`, `{op: 'recent'}`, `{op: 'reveal'}`, `{op: 'close'}`.
 */
async function gridTestCommand(deps: GridCommandDeps, args: unknown): Promise<unknown> {
  const op = typeof args === 'object' && args !== null ? (args as Record<string, unknown>).op : undefined;
  const grid = GridPanel.instance;
  switch (op) {
    case 'state':
      return grid?.state;
    case 'snapshot':
      return grid?.requestSnapshot();
    case 'receive':
      grid?.receiveForTest((args as Record<string, unknown>).message);
      await grid?.whenSettled();
      return grid?.state;
    case 'loadMore':
      await grid?.loadMore();
      return grid?.state;
    case 'settle':
      await grid?.whenSettled();
      return grid?.state;
    case 'recent':
      return deps.recent.list();
    case 'reveal':
      grid?.panel.reveal(grid.panel.viewColumn, false);
      return grid?.state;
    case 'close':
      grid?.dispose();
      return undefined;
    default:
      throw new Error(`${GRID_TEST_COMMAND}: unknown op ${String(op)}`);
  }
}
