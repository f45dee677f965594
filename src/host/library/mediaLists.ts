// The user's Recent and Starred media, kept in globalState (this machine's profile; Starred
// also synced to the user's other machines through Settings Sync). The lists hold the media's
// public fields (core/mediaLists.ts), so the tree and the grid show them with no request.
import * as vscode from 'vscode';
import { RECENT_MAX, STARRED_MAX, addToFront, listable, removeKey, reviveList, toStored } from '../../core/mediaLists';
import type { MediaItem, MediaKind } from '../../core/model';
import { mediaKey } from '../../core/tiles';
import { ContextKey } from '../common/commandIds';
import { Disposable } from '../common/dispose';

export const RECENT_STATE_KEY = 'stockMedia.recentMedia';
export const STARRED_STATE_KEY = 'stockMedia.starredMedia';
/** How long after its own write a window trusts its copy over what globalState says. */
const OWN_WRITE_MS = 5_000;

/**
 * One list, read from globalState once and then kept here and written through: in the web
 * worker extension host, globalState can hand back an older value for a while after an update,
 * so this copy is what it answers from.
 */
export class StoredMediaList extends Disposable {
  private items: MediaItem[] | undefined;
  private writtenAt = Number.NEGATIVE_INFINITY;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly key: string,
    private readonly max: number,
  ) {
    super();
  }

  /** Newest first. */
  list(): readonly MediaItem[] {
    return (this.items ??= reviveList(this.memento.get<unknown>(this.key), this.max));
  }

  has(kind: MediaKind, id: number): boolean {
    const key = `${kind}:${id}`;
    return this.list().some((item) => mediaKey(item) === key);
  }

  /** Puts `media` first (newest first); what is not of the service's shape is left out. */
  add(media: readonly MediaItem[]): Promise<void> {
    const kept = listable(media);
    return kept.length === 0 ? Promise.resolve() : this.set(addToFront(this.list(), kept, this.max));
  }

  remove(key: string): Promise<void> {
    const next = removeKey(this.list(), key);
    return next.length === this.list().length ? Promise.resolve() : this.set(next);
  }

  clear(): Promise<void> {
    return this.set([]);
  }

  /** Reads the stored list again (tests: a value written to globalState by someone else). */
  reload(): void {
    this.items = undefined;
    this.changed.fire();
  }

  /**
   * Takes what another window or Settings Sync stored meanwhile (the window came back into
   * focus); not right after this window's own write, which globalState may not answer with yet.
   */
  refresh(now = Date.now()): void {
    if (this.items === undefined || now - this.writtenAt < OWN_WRITE_MS) return;
    const stored = reviveList(this.memento.get<unknown>(this.key), this.max);
    const keys = (list: readonly MediaItem[]): string => list.map(mediaKey).join();
    if (keys(stored) === keys(this.items)) return;
    this.items = stored;
    this.changed.fire();
  }

  private async set(items: MediaItem[]): Promise<void> {
    this.items = items;
    this.writtenAt = Date.now();
    this.changed.fire();
    try {
      await this.memento.update(this.key, items.length > 0 ? toStored(items) : undefined);
    } catch {
      // Storage refused the write: the list holds for this session.
    }
  }
}

export class MediaLists extends Disposable {
  readonly recent: StoredMediaList;
  readonly starred: StoredMediaList;

  constructor(globalState: vscode.Memento & { setKeysForSync(keys: readonly string[]): void }) {
    super();
    this.recent = this._register(new StoredMediaList(globalState, RECENT_STATE_KEY, RECENT_MAX));
    this.starred = this._register(new StoredMediaList(globalState, STARRED_STATE_KEY, STARRED_MAX));
    // Starred follows the user to their other machines; Recent is this machine's.
    globalState.setKeysForSync([STARRED_STATE_KEY]);
    this.publishStarred();
    this._register(this.starred.onDidChange(() => this.publishStarred()));
    // Another window (or Settings Sync) may have changed them while this one was in the background.
    this._register(
      vscode.window.onDidChangeWindowState((state) => {
        if (!state.focused) return;
        this.recent.refresh();
        this.starred.refresh();
      }),
    );
  }

  /** The whole starred list (the grid's `starred` mode). */
  starredMedia(): readonly MediaItem[] {
    return this.starred.list();
  }

  starredKeys(): readonly string[] {
    return this.starred.list().map(mediaKey);
  }

  /** The media used (inserted, set as cover, saved, copied): Recent, newest first. */
  used(media: readonly MediaItem[]): void {
    void this.recent.add(media);
  }

  /** Which keys are starred, for the grid tile menu's `when` (`key in stockMedia.starredKeys`). */
  private publishStarred(): void {
    const keys = Object.fromEntries(this.starredKeys().map((key) => [key, true]));
    void vscode.commands.executeCommand('setContext', ContextKey.starredKeys, keys);
  }
}
