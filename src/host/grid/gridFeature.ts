// The search grid: what its commands need (searchCommands.ts takes `deps`), and bringing the
// grid back after a reload (the serializer is registered at activation and calls `revive`).
import type * as vscode from 'vscode';
import type { ClientSource } from '../client/client';
import type { IDisposable } from '../common/dispose';
import type { Services } from '../services';
import type { SearchSpec } from '../../core/search';
import type { GridLists } from './searchSession';
import { GridGroup } from './gridGroup';
import { GridPanel } from './gridPanel';
import type { GridDeps } from './gridPanel';
import { RecentSearches } from './recentSearches';
import { show } from './searchCommands';
import type { TileFeatures } from './tileActions';

/** `tiles`: the feature functions a tile's actions call; `lists`: the user's starred media (the grid's `starred` mode). */
export function createGridFeature(services: Services, api: ClientSource, tiles: TileFeatures, lists?: GridLists) {
  const recent = new RecentSearches(services.globalState);
  const open: GridDeps['open'] = { current: undefined };
  const group = new GridGroup(() => open.current !== undefined);
  const deps: GridDeps = { services, api, recent, open, group, tiles, ...(lists ? { lists } : {}) };
  const disposables: IDisposable[] = [{ dispose: () => deps.open.current?.dispose() }, group];
  return {
    /** What the search commands work with. */
    deps,
    /** Brings back a grid VS Code restored after a reload (the panel serializer's work). */
    revive: (panel: vscode.WebviewPanel, state: unknown): void => void GridPanel.revive(deps, panel, state),
    /** The open grid, if any. */
    current: (): GridPanel | undefined => deps.open.current,
    /** Opens the grid on a search (a collection from the Collections view). */
    show: (spec: SearchSpec) => show(deps, spec),
    recent,
    disposables,
  };
}
