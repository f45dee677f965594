// In This Workspace's index (model.ts keeps one): each file's uses, which files use each media,
// and each media's row as last made from them. A change makes again only the rows of the media
// it touches (a file that uses them, their look-up's answer), not every row; a whole scan makes
// them all again.
import type { FoldedText } from '../../core/creditNames';
import type { CreditNames } from '../../core/creditCheck';
import type { MediaKind } from '../../core/model';
import type { FileUses, LabelledGroup, MediaGroup } from '../../core/workspaceMedia';
import { mediaGroups, sortGroups } from '../../core/workspaceMedia';

/** The most folded scope texts kept between whole scans (each is a short stretch of a page; edits add some). */
const MAX_FOLDED = 20_000;

/** What a media's row says of it: the names a credit must give, and its label. */
export interface RowFacts {
  namesOf(kind: MediaKind, id: number): CreditNames | undefined;
  labelOf(kind: MediaKind, id: number): string;
}

export class MediaIndex {
  private readonly files = new Map<string, FileUses>();
  /** The files that use each media, by media key: a change makes again only the groups it touches. */
  private readonly usedBy = new Map<string, Set<string>>();
  /** Each media's group as last made (mediaGroups), by key; `dirty` says which are out of date ('all' after a whole scan). */
  private readonly made = new Map<string, LabelledGroup>();
  private dirty: Set<string> | 'all' = 'all';
  /** The credit scopes' texts as folded for the search, by text (groupUses's): kept while the same uses are grouped again. */
  private readonly folded = new Map<string, FoldedText>();
  private grouped: MediaGroup[] | undefined;
  /** The groups by key (groups()'s). */
  private byKey: Map<string, MediaGroup> | undefined;
  private byKeyOf: MediaGroup[] | undefined;
  /** The media whose rows changed since the view was last told; undefined when the whole list did (a whole scan, a setting). */
  private changedKeys: Set<string> | undefined = new Set();

  constructor(private readonly facts: RowFacts) {}

  file(key: string): FileUses | undefined {
    return this.files.get(key);
  }

  /** Every file's uses as they are now (a whole scan keeps those of unchanged files). */
  snapshot(): Map<string, FileUses> {
    return new Map(this.files);
  }

  /** Forgets every file (a whole scan sets them again). */
  clear(): void {
    this.files.clear();
    this.usedBy.clear();
  }

  /** Sets a file's uses (undefined: none), and which media it uses; the groups it touches are made again. True when it had some. */
  setFile(key: string, uses: FileUses | undefined): boolean {
    const old = this.files.get(key);
    const touched = new Set<string>();
    for (const use of old?.uses ?? []) touched.add(`${use.kind}:${use.id}`);
    for (const media of touched) {
      const users = this.usedBy.get(media);
      users?.delete(key);
      if (users?.size === 0) this.usedBy.delete(media);
    }
    if (uses) {
      this.files.set(key, uses);
      for (const use of uses.uses) {
        const media = `${use.kind}:${use.id}`;
        touched.add(media);
        let users = this.usedBy.get(media);
        if (!users) this.usedBy.set(media, (users = new Set()));
        users.add(key);
      }
    } else this.files.delete(key);
    this.outdated(touched);
    return old !== undefined;
  }

  /** The groups of `keys` (or all) are made again when next asked for. */
  outdated(keys: Iterable<string> | 'all'): void {
    this.grouped = undefined;
    if (keys === 'all') this.changedKeys = undefined;
    else for (const key of keys) this.changedKeys?.add(key);
    if (keys === 'all' || this.dirty === 'all') this.dirty = 'all';
    else for (const key of keys) this.dirty.add(key);
  }

  /** The rows changed since the last call: the media's keys, or undefined for the whole list. */
  takeChanged(): readonly string[] | undefined {
    const keys = this.changedKeys;
    this.changedKeys = new Set();
    return keys && [...keys];
  }

  /** The groups in order, each made again only when a change touched it. */
  groups(): MediaGroup[] {
    this.grouped ??= this.regroup();
    return this.grouped;
  }

  group(key: string): MediaGroup | undefined {
    const groups = this.groups();
    if (!this.byKey || this.byKeyOf !== groups) {
      this.byKey = new Map(groups.map((g) => [g.key, g]));
      this.byKeyOf = groups;
    }
    return this.byKey.get(key);
  }

  /** The media the files use, by key. */
  usedMedia(): { key: string; kind: MediaKind; id: number }[] {
    return [...this.usedBy.keys()].map((key) => {
      const [kind, id] = key.split(':') as [MediaKind, string];
      return { key, kind, id: Number(id) };
    });
  }

  /** Drops the folded scopes no use has any more. */
  keepFoldedInUse(): void {
    const used = new Set<string>();
    for (const file of this.files.values()) for (const use of file.uses) for (const scope of use.scopes) used.add(scope);
    for (const scope of this.folded.keys()) if (!used.has(scope)) this.folded.delete(scope);
  }

  private regroup(): MediaGroup[] {
    // Scopes of files gone since stay until the next whole scan, within a bound.
    if (this.folded.size > MAX_FOLDED) this.folded.clear();
    const namesOf = (kind: MediaKind, id: number) => this.facts.namesOf(kind, id);
    const labelOf = (kind: MediaKind, id: number) => this.facts.labelOf(kind, id);
    if (this.dirty === 'all') {
      this.made.clear();
      for (const [key, group] of mediaGroups(this.files.values(), namesOf, labelOf, this.folded)) this.made.set(key, group);
    } else if (this.dirty.size > 0) {
      const users = new Set<FileUses>();
      for (const key of this.dirty) {
        this.made.delete(key);
        for (const file of this.usedBy.get(key) ?? []) users.add(this.files.get(file) as FileUses);
      }
      for (const [key, group] of mediaGroups(users, namesOf, labelOf, this.folded, this.dirty)) this.made.set(key, group);
    }
    this.dirty = new Set();
    return sortGroups(this.made.values());
  }
}
