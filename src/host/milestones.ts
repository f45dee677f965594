// What the user has done with the extension in this profile: a key stored, a search run, a
// photo or video inserted, a cover set. The walkthrough's steps complete on these context keys
// (`onContext:` completion events), so a user who did a step before opening the walkthrough
// sees it ticked, and a step done while it is open ticks at once (VS Code re-evaluates the
// expressions whenever a key changes). Kept in globalState, not per window; read at activation
// (no request, no feature loaded) and set again on change.
import * as vscode from 'vscode';
import { ContextKey } from './commandIds';

/** A step of the walkthrough the extension keeps track of itself (the key is the shell's). */
export type Milestone = 'searched' | 'inserted' | 'coverSet';

const CONTEXT_KEYS: Readonly<Record<Milestone, string>> = {
  searched: ContextKey.hasSearched,
  inserted: ContextKey.hasInserted,
  coverSet: ContextKey.hasSetCover,
};

const STATE_KEY = 'stockMedia.milestones';

export class Milestones {
  private readonly reached: Set<Milestone>;

  constructor(private readonly state: vscode.Memento) {
    const stored = state.get<unknown>(STATE_KEY);
    this.reached = new Set(Array.isArray(stored) ? stored.filter((m): m is Milestone => typeof m === 'string' && m in CONTEXT_KEYS) : []);
  }

  has(milestone: Milestone): boolean {
    return this.reached.has(milestone);
  }

  /** The context keys for what was reached before this window: called at activation. */
  publish(): void {
    for (const milestone of this.reached) void vscode.commands.executeCommand('setContext', CONTEXT_KEYS[milestone], true);
  }

  /** Done (once per profile: later calls cost nothing). */
  reach(milestone: Milestone): void {
    if (this.reached.has(milestone)) return;
    this.reached.add(milestone);
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS[milestone], true);
    void this.state.update(STATE_KEY, [...this.reached]);
  }

  /** Back to a profile that has done nothing (for tests: the next window reads the same). */
  async forget(): Promise<void> {
    for (const milestone of this.reached) void vscode.commands.executeCommand('setContext', CONTEXT_KEYS[milestone], false);
    this.reached.clear();
    await this.state.update(STATE_KEY, []);
  }
}
