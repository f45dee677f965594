// Recent searches, kept in globalState so they survive restarts (never in settings: they
// are the user's history, not configuration).
import type * as vscode from 'vscode';
import type { RecentSearch } from '../../core/searchRecent';
import { addRecent, removeRecent, reviveRecent } from '../../core/searchRecent';

const STATE_KEY = 'stockMedia.recentSearches';

/** Read from globalState once, then kept here and written through (see CollectionFilterStore for why). */
export class RecentSearches {
  private entries: RecentSearch[] | undefined;

  constructor(private readonly state: vscode.Memento) {}

  list(kind?: RecentSearch['kind']): RecentSearch[] {
    const all = (this.entries ??= reviveRecent(this.state.get<unknown>(STATE_KEY)));
    return kind ? all.filter((r) => r.kind === kind) : [...all];
  }

  add(entry: RecentSearch): Promise<void> {
    return this.store(addRecent(this.list(), entry));
  }

  remove(entry: RecentSearch): Promise<void> {
    return this.store(removeRecent(this.list(), entry));
  }

  clear(): Promise<void> {
    return this.store([]);
  }

  private async store(entries: RecentSearch[]): Promise<void> {
    this.entries = entries;
    await this.state.update(STATE_KEY, entries);
  }
}
