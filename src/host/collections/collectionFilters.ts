// The type filter (all / photos / videos) chosen for each collection, remembered across
// sessions and workspaces: a collection is the same everywhere the user opens it.
import * as vscode from 'vscode';
import type { CollectionFilter } from '../../core/collectionsText';
import { collectionTitle, filterChoices, reviveFilters } from '../../core/collectionsText';
import type { Collection } from '../../core/model';
import { showFocused } from '../common/inputBox';

const STORAGE_KEY = 'stockMedia.collections.filters';

/**
 * Read from globalState once, then kept here and written through: in the web worker
 * extension host, globalState can hand back an older value for a while after an update
 * (a storage-change report of an earlier write replaces the newer one), so this store's
 * own copy is what it answers from.
 */
export class CollectionFilterStore {
  private filters: Record<string, CollectionFilter> | undefined;

  constructor(private readonly memento: vscode.Memento) {}

  get(collectionId: string): CollectionFilter {
    return this.all()[collectionId] ?? 'all';
  }

  async set(collectionId: string, filter: CollectionFilter): Promise<void> {
    const all = { ...this.all() };
    if (filter === 'all') delete all[collectionId];
    else all[collectionId] = filter;
    this.filters = all;
    await this.memento.update(STORAGE_KEY, Object.keys(all).length > 0 ? all : undefined);
  }

  private all(): Record<string, CollectionFilter> {
    return (this.filters ??= reviveFilters(this.memento.get<unknown>(STORAGE_KEY)));
  }
}

interface FilterPickItem extends vscode.QuickPickItem {
  readonly filter: CollectionFilter;
}

/** Asks which media to show; the current choice is marked and selected. */
export function pickFilter(collection: Collection, current: CollectionFilter, locale: string): Promise<CollectionFilter | undefined> {
  const items: FilterPickItem[] = filterChoices(collection, current, locale).map((choice) => ({
    filter: choice.filter,
    label: choice.label,
    description: choice.current ? vscode.l10n.t('{0} (current)', choice.description) : choice.description,
    iconPath: new vscode.ThemeIcon(choice.current ? 'check' : 'blank'),
  }));
  const pick = vscode.window.createQuickPick<FilterPickItem>();
  pick.title = vscode.l10n.t('Show in “{0}”', collectionTitle(collection));
  pick.placeholder = vscode.l10n.t('Show photos, videos or both');
  pick.items = items;
  pick.activeItems = items.filter((i) => i.filter === current);
  return new Promise((resolve) => {
    let chosen: CollectionFilter | undefined;
    pick.onDidAccept(() => {
      chosen = pick.selectedItems[0]?.filter;
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(chosen);
    });
    showFocused(pick);
  });
}
