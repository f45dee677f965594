// The search grid: its commands, bringing the grid back after a reload (the
// serializer is registered at activation and calls `revive`), and (in test runs only) a
// command that reports the grid's state.
import * as vscode from 'vscode';
import { CommandId, TestCommandId } from '../commandIds';
import type { CommandRegistry } from '../commandRegistry';
import type { TargetEditorTracker } from '../editorTracker';
import type { ClientSource } from '../client';
import type { Shell } from '../shell';
import { GridPanel } from './gridPanel';
import { RecentSearches } from './recentSearches';
import {
  clearRecentSearchesCommand,
  openMediaCommand,
  searchCommand,
  showCuratedCommand,
  showPopularCommand,
} from './searchCommands';
import type { GridDeps } from './gridPanel';

export interface GridFeature {
  /** Brings back a grid VS Code restored after a reload (the panel serializer's work). */
  revive(panel: vscode.WebviewPanel, state: unknown): void;
  readonly disposables: vscode.Disposable[];
}

export function registerGrid(shell: Shell, api: ClientSource, commands: CommandRegistry, tracker: TargetEditorTracker): GridFeature {
  const deps: GridDeps = { shell, api, tracker, recent: new RecentSearches(shell.context.globalState) };
  const disposables: vscode.Disposable[] = [
    commands.registerCommand(CommandId.search, (args?: unknown) => searchCommand(deps, 'photos', args)),
    commands.registerCommand(CommandId.searchVideos, (args?: unknown) => searchCommand(deps, 'videos', args)),
    commands.registerCommand(CommandId.showCurated, () => showCuratedCommand(deps)),
    commands.registerCommand(CommandId.showPopularVideos, (args?: unknown) => showPopularCommand(deps, args)),
    commands.registerCommand(CommandId.openMedia, (args?: unknown) => openMediaCommand(deps, args)),
    commands.registerCommand(CommandId.clearRecentSearches, () => clearRecentSearchesCommand(deps)),
    { dispose: () => GridPanel.instance?.dispose() },
  ];
  if (shell.context.extensionMode === vscode.ExtensionMode.Test) {
    disposables.push(commands.registerCommand(TestCommandId.grid, (args?: unknown) => gridTestCommand(deps, args)));
  }
  return { revive: (panel, state) => GridPanel.revive(deps, panel, state), disposables };
}

/**
 * Tests read the grid through this: `{op: 'state'}` (the host's view), `{op: 'snapshot'}`
 * (what the webview shows, asked over the protocol), `{op: 'receive', message}` (a
 * message as if from the webview), `{op: 'loadMore'}`, `{op: 'settle'}`, `{op: 'recent'}`, `{op: 'reveal'}`, `{op: 'close'}`.
 */
async function gridTestCommand(deps: GridDeps, args: unknown): Promise<unknown> {
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
      throw new Error(`${TestCommandId.grid}: unknown op ${String(op)}`);
  }
}
