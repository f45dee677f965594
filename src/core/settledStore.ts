// globalState with each write checked once it has settled. VS Code's extension host keeps the
// extension's whole globalState in one object and writes it a moment after `update`; the
// workbench echoes every change of it back, and an echo replaces that object. An echo of an
// earlier write that arrives after a later `update` (and before it is sent) takes the later
// value back, in memory and then on disk: a count written three times in quick succession is
// stored as 2 (microsoft/vscode#171827 is the same symptom). So, a moment after its last write,
// a key that holds one of this window's own earlier values is written again. A value no write
// of this window made (another window's) is left as it is: last writer wins, as before.
import type { SmallStore } from './quota';

/** How long after a write its key is looked at again. */
export const SETTLE_MS = 1_000;
/** Writes again of one key before it is left as it is (a store that never keeps it). */
const RETRIES = 5;
/** This window's earlier values of a key remembered while it settles. */
const HISTORY = 20;

/** A memento as VS Code's globalState is (the part used here). */
export interface StateStore extends SmallStore {
  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  keys(): readonly string[];
  setKeysForSync(keys: readonly string[]): void;
}

/** A timer's scheduling, replaceable in tests. */
export type Later = (run: () => void, ms: number) => void;

const systemLater: Later = (run, ms) => {
  const timer = setTimeout(run, ms);
  // A check pending is no reason to keep a process alive (unit tests, the bench).
  (timer as { unref?: () => void }).unref?.();
};

/** A value as stored (globalState keeps JSON): `undefined` removes the key. */
const stored = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

interface Written {
  /** The last value written, as stored. */
  readonly last: unknown;
  /** The key's earlier values since it last settled (the one before the first write, then this window's), as stored. */
  readonly earlier: Set<string>;
  retries: number;
}

export class SettledStore implements StateStore {
  private readonly written = new Map<string, Written>();
  private checking = false;

  constructor(
    private readonly inner: StateStore,
    private readonly later: Later = systemLater,
  ) {}

  get<T>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    return defaultValue === undefined ? this.inner.get<T>(key) : this.inner.get<T>(key, defaultValue);
  }

  keys(): readonly string[] {
    return this.inner.keys();
  }

  setKeysForSync(keys: readonly string[]): void {
    this.inner.setKeysForSync(keys);
  }

  async update(key: string, value: unknown): Promise<void> {
    const before = this.written.get(key);
    // What the key held before: what this window read, or wrote last.
    const earlier = before?.earlier ?? new Set<string>();
    earlier.add(stored(before ? before.last : this.inner.get(key)));
    if (earlier.size > HISTORY) earlier.delete(earlier.values().next().value as string);
    this.written.set(key, { last: value, earlier, retries: 0 });
    await this.inner.update(key, value);
    this.checkLater();
  }

  private checkLater(): void {
    if (this.checking) return;
    this.checking = true;
    this.later(() => {
      this.checking = false;
      this.check();
    }, SETTLE_MS);
  }

  private check(): void {
    for (const [key, w] of this.written) {
      const now = stored(this.inner.get(key));
      if (now === stored(w.last) || !w.earlier.has(now) || w.retries >= RETRIES) {
        // Kept, or another window's value, or a store that will not keep it: left as it is.
        this.written.delete(key);
        continue;
      }
      // One of this window's own earlier values came back: the last one is written again.
      w.retries++;
      void Promise.resolve(this.inner.update(key, w.last)).then(() => this.checkLater());
    }
  }
}
