// The API key lives only in SecretStorage (the OS keychain where there is one), together
// with the API origins it was checked against (see core/keyBinding.ts): one secret, a small
// JSON object `{ key, origins }`.
import * as vscode from 'vscode';
import type { BoundKey } from '../../core/keyBinding';
import { parseBoundKey, serializeBoundKey } from '../../core/keyBinding';
import { Disposable } from '../common/dispose';

export const API_KEY_SECRET = 'stockMedia.apiKey';

/**
 * The stored key. The client gets it through ClientSource's key provider (host/client.ts), which hands it out only
 * for the origins it is bound to (there, among the features, so that the refusal is the
 * client's MediaError).
 */
export class ApiKeyStore extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<boolean>());
  /** Fires once when the key is set or cleared, in this window or another, with whether one is stored now. */
  readonly onDidChange = this.changed.event;
  /** The stored secret as last seen changing (null: no change seen yet). */
  private known: string | undefined | null = null;
  /** Counts this store's own completed writes: a read started before one says what the secret was. */
  private writes = 0;
  /**
   * The stored key as last read or written, kept in memory: every request and every cache
   * look-up asks for it (In This Workspace and Write Credits File ask for hundreds of known
   * media at once), and a read of SecretStorage is a round trip to the workbench (in the browser
   * too). Dropped when the secret changes elsewhere; replaced by this store's own writes.
   */
  private cached: Promise<BoundKey | undefined> | undefined;

  constructor(private readonly secrets: vscode.SecretStorage) {
    super();
    this._register(
      secrets.onDidChange((e) => {
        if (e.key !== API_KEY_SECRET) return;
        this.cached = undefined;
        const writes = this.writes;
        // A read that one of this store's writes overtook says what the secret was, not what it is.
        const settle = (value: string | undefined): void => {
          if (writes === this.writes) this.settle(value);
        };
        void this.secrets.get(API_KEY_SECRET).then(settle, () => settle(undefined));
      }),
    );
  }

  /**
   * A change is announced once, whichever comes first: this store's own set/clear, or
   * SecretStorage's event. In the web worker extension host that event can arrive well after
   * `store()` has resolved, when the new key's first requests are already on their way;
   * announcing it again then would abort them (ClientSource) and send them twice.
   */
  private settle(value: string | undefined): void {
    if (value === this.known) return;
    this.known = value;
    this.changed.fire(parseBoundKey(value) !== undefined);
  }

  /** The stored key with the origins it is bound to, whatever the configured base URLs. */
  stored(): Promise<BoundKey | undefined> {
    if (!this.cached) {
      const read = Promise.resolve(this.secrets.get(API_KEY_SECRET)).then(parseBoundKey);
      this.cached = read;
      // A failed read is not kept (the next asks again); a write of this store or a change elsewhere replaces it.
      read.catch(() => {
        if (this.cached === read) this.cached = undefined;
      });
    }
    return this.cached;
  }

  async hasKey(): Promise<boolean> {
    return (await this.stored()) !== undefined;
  }

  /** Stores the key bound to `origins` (the origins of the base URLs it was checked with). */
  async setKey(key: string, origins: readonly string[]): Promise<void> {
    const value = serializeBoundKey({ key, origins });
    await this.secrets.store(API_KEY_SECRET, value);
    this.writes += 1;
    this.cached = Promise.resolve(parseBoundKey(value));
    this.settle(value);
  }

  async clearKey(): Promise<void> {
    await this.secrets.delete(API_KEY_SECRET);
    this.writes += 1;
    this.cached = Promise.resolve(undefined);
    this.settle(undefined);
  }
}
