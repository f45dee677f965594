// Recent searches, kept in globalState so they survive restarts (never in settings: they
// are the user's history, not configuration).
import type * as vscode from 'vscode';
import type { RecentSearch } from '../../core/searchRecent';
import { addRecent, removeRecent, reviveRecent } from '../../core/searchRecent';

const STATE_KEY = 'stockMedia.recentSearches';

export class RecentSearches {
  constructor(private readonly state: vscode.Memento) {}

  list(kind?: RecentSearch['kind']): RecentSearch[] {
    const all = reviveRecent(this.state.get<unknown>(STATE_KEY));
    return kind ? all.filter((r) => r.kind === kind) : all;
  }

  async add(entry: RecentSearch): Promise<void> {
    await this.state.update(STATE_KEY, addRecent(this.list(), entry));
  }

  async remove(entry: RecentSearch): Promise<void> {
    await this.state.update(STATE_KEY, removeRecent(this.list(), entry));
  }

  async clear(): Promise<void> {
    await this.state.update(STATE_KEY, []);
  }
}
