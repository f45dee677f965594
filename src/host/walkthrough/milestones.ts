// What the user has done with the extension in this profile: a key stored, a search that had
// its answer, a photo or video inserted, a cover set, the collections opened. The walkthrough
// shows these steps done, whenever it is opened:
//
// - VS Code makes its walkthroughs service on first use, which is when the Welcome page or a
//   walkthrough is first opened in a window; it hears no event from before, and an `onContext:`
//   expression that already holds when it registers the steps never completes its step (it
//   counts as this session's event without progressing). So a step done before is told to it
//   once, when done, with its own `welcome.markStepComplete` command: that stores the progress
//   in the profile, where the walkthrough reads it when it registers the steps.
// - While the walkthrough is open, the context keys (`onContext:` completion events) tick the
//   step at once.
//
// Kept in globalState (the profile), not per window. Activation only reads it and sets the
// context keys: no request, no feature loaded, and the walkthroughs service is not made.
import * as vscode from 'vscode';
import { ContextKey } from '../common/commandIds';

/** A step of the walkthrough the extension keeps track of itself. */
export type Milestone = 'keyStored' | 'searched' | 'inserted' | 'coverSet' | 'collectionsOpened';

/** The walkthrough (package.json contributes.walkthroughs) and the steps each milestone completes. */
const WALKTHROUGH_ID = 'stockMedia.start';
const STEPS: Readonly<Record<Milestone, { readonly steps: readonly string[]; readonly contextKey?: string }>> = {
  // The key's context key is set by `Services`: it says whether a key is stored now.
  keyStored: { steps: ['getKey', 'setKey'] },
  searched: { steps: ['search'], contextKey: ContextKey.hasSearched },
  inserted: { steps: ['insert'], contextKey: ContextKey.hasInserted },
  coverSet: { steps: ['cover'], contextKey: ContextKey.hasSetCover },
  collectionsOpened: { steps: ['collections'] },
};

const STATE_KEY = 'stockMedia.milestones';

export class Milestones {
  private readonly reached: Set<Milestone>;

  /** `extensionId`: the walkthrough's steps are `<extension id>#<walkthrough id>#<step id>`. */
  constructor(
    private readonly state: vscode.Memento,
    private readonly extensionId: string,
  ) {
    const stored = state.get<unknown>(STATE_KEY);
    this.reached = new Set(Array.isArray(stored) ? stored.filter((m): m is Milestone => typeof m === 'string' && m in STEPS) : []);
  }

  has(milestone: Milestone): boolean {
    return this.reached.has(milestone);
  }

  /** The context keys for what was reached before this window: called at activation. */
  publish(): void {
    for (const milestone of this.reached) {
      const key = STEPS[milestone].contextKey;
      if (key) void vscode.commands.executeCommand('setContext', key, true);
    }
  }

  /** Done: the context key set and the walkthrough told, once per profile (later calls cost nothing). */
  reach(milestone: Milestone): void {
    if (this.reached.has(milestone)) return;
    this.reached.add(milestone);
    void this.state.update(STATE_KEY, [...this.reached]);
    const { steps, contextKey } = STEPS[milestone];
    if (contextKey) void vscode.commands.executeCommand('setContext', contextKey, true);
    for (const step of steps) {
      // Before the walkthrough has registered its steps in this window the command stores the
      // progress and then fails to find the step (nothing for the user to see): ignored.
      vscode.commands.executeCommand('welcome.markStepComplete', `${this.extensionId}#${WALKTHROUGH_ID}#${step}`).then(undefined, () => undefined);
    }
  }
}
