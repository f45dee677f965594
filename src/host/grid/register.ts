// The search grid: its commands, and bringing the grid back after a reload (the
// serializer is registered at activation and calls `revive`).
import type * as vscode from 'vscode';
import { CommandId } from '../commandIds';
import type { CommandRegistry } from '../commandRegistry';
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
  readonly recent: RecentSearches;
  readonly disposables: vscode.Disposable[];
}

export function registerGrid(shell: Shell, api: ClientSource, commands: CommandRegistry): GridFeature {
  const deps: GridDeps = { shell, api, recent: new RecentSearches(shell.context.globalState) };
  const disposables: vscode.Disposable[] = [
    commands.registerCommand(CommandId.search, (args?: unknown) => searchCommand(deps, 'photos', args)),
    commands.registerCommand(CommandId.searchVideos, (args?: unknown) => searchCommand(deps, 'videos', args)),
    commands.registerCommand(CommandId.showCurated, () => showCuratedCommand(deps)),
    commands.registerCommand(CommandId.showPopularVideos, (args?: unknown) => showPopularCommand(deps, args)),
    commands.registerCommand(CommandId.openMedia, (args?: unknown) => openMediaCommand(deps, args)),
    commands.registerCommand(CommandId.clearRecentSearches, () => clearRecentSearchesCommand(deps)),
    { dispose: () => GridPanel.instance?.dispose() },
  ];
  return { revive: (panel, state) => GridPanel.revive(deps, panel, state), recent: deps.recent, disposables };
}
