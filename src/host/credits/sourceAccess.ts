// How the media scan (scanWorkspace.ts) reaches the workspace's files: folders listed, files
// stat'ed and read. Through `workspace.fs` each of those is several round trips through the
// extension host's thread pool; on a busy machine a thousand small pages took seconds, most of
// them spent waiting. So in the Node extension host a `file:` folder is read straight from the
// disk (platform/node/sourceFiles.ts): each call a few system calls made at once, the scan's
// slices (Slices) letting the host run between them. A disk whose calls are slow (a network
// disk: most calls of a window of them took SLOW_DISK_MS or more, not one call held up by a busy
// machine or a garbage collection) is left to `workspace.fs` from then on, whose calls wait in
// parallel. The web worker host, and any other scheme, always use `workspace.fs`.
import * as vscode from 'vscode';
import type { FileStamp, FolderEntry, LocalDisk } from '../platform';
import type { Services } from '../services';
import type { Slices } from '../../core/slices';

/** A disk call this long, for most calls of a window of SLOW_WINDOW: the disk is slow. */
const SLOW_DISK_MS = 2;
const SLOW_WINDOW = 32;

const decoder = new TextDecoder();

/** A file's text, or undefined when it cannot be read (or is not UTF-8 enough to matter: decoded leniently). */
export async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return decoder.decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** A file read: its text and its stamp when read (undefined when only the stat before says it). */
export interface ReadText {
  readonly text: string;
  readonly stamp: FileStamp | undefined;
}

/** The scan's access to files, one per window (its pace is the disk's). */
export class SourceAccess {
  private calls = 0;
  private slowCalls = 0;
  private slowDisk = false;

  constructor(private readonly services: Services) {}

  /** Whether `uri` is read from the local disk: a read then says the file's size and stamp itself. */
  onDisk(uri: vscode.Uri): boolean {
    return this.disk(uri) !== undefined;
  }

  /** A file's size and time of change; undefined when it is not there (or, on the local disk, not a regular file). */
  async stat(uri: vscode.Uri): Promise<FileStamp | undefined> {
    const disk = this.disk(uri);
    if (disk) return this.timed(() => disk.fileStamp(uri.fsPath));
    return Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
  }

  /** When a file on the local disk last changed (milliseconds), at once; undefined elsewhere, or when it is not there. */
  changedAt(uri: vscode.Uri): number | undefined {
    const disk = this.disk(uri);
    return disk ? this.timed(() => disk.fileStamp(uri.fsPath))?.mtime : undefined;
  }

  /** A file's text, 'tooLarge' when it is over `maxBytes` (known only on the local disk: the caller stat'ed it), undefined when it cannot be read. */
  async read(uri: vscode.Uri, maxBytes: number): Promise<ReadText | 'tooLarge' | undefined> {
    const disk = this.disk(uri);
    if (!disk) {
      const text = await readText(uri);
      return text === undefined ? undefined : { text, stamp: undefined };
    }
    const read = this.timed(() => disk.readSourceFile(uri.fsPath, maxBytes));
    return read === 'tooLarge' || read === undefined ? read : { text: decoder.decode(read.bytes), stamp: read.stamp };
  }

  /**
   * A folder's entries, at most `limit` of them, and whether it has more: from the local disk as
   * they are read (the walk's slices go on meanwhile), else through `workspace.fs` (the whole
   * listing, then cut). A link is neither a file nor a folder: not followed.
   */
  async list(uri: vscode.Uri, limit: number, slices: Slices): Promise<{ listing: [string, vscode.FileType][]; more: boolean }> {
    const disk = this.disk(uri);
    if (!disk) {
      const listing = await Promise.resolve(vscode.workspace.fs.readDirectory(uri)).catch((): [string, vscode.FileType][] => []);
      return listing.length > limit ? { listing: listing.slice(0, limit), more: true } : { listing, more: false };
    }
    const listing: [string, vscode.FileType][] = [];
    const kinds = { file: vscode.FileType.File, folder: vscode.FileType.Directory, other: vscode.FileType.Unknown };
    let entries: Iterator<FolderEntry> | undefined;
    try {
      const opened = disk.folderEntries(uri.fsPath)[Symbol.iterator]();
      entries = opened;
      for (;;) {
        const step = this.timed(() => opened.next());
        if (step.done) return { listing, more: false };
        if (listing.length >= limit) return { listing, more: true };
        listing.push([step.value[0], kinds[step.value[1]]]);
        await slices.pauseIfDue();
      }
    } catch {
      // As readDirectory: a folder that cannot be read lists nothing (more).
      return { listing, more: false };
    } finally {
      entries?.return?.();
    }
  }

  /** The local disk, when `uri` is on it and it answers quickly; else undefined (`workspace.fs`). */
  private disk(uri: vscode.Uri): LocalDisk | undefined {
    return uri.scheme === 'file' && !this.slowDisk ? this.services.platform.disk : undefined;
  }

  /** `call` on the local disk, timed: a window of calls mostly slow turns the disk off. */
  private timed<T>(call: () => T): T {
    const started = performance.now();
    const result = call();
    if (performance.now() - started >= SLOW_DISK_MS) this.slowCalls += 1;
    if (++this.calls === SLOW_WINDOW) {
      if (this.slowCalls > SLOW_WINDOW / 2) {
        this.slowDisk = true;
        this.services.logger.info(`Media scan: ${this.slowCalls} of ${SLOW_WINDOW} calls on the disk took ${SLOW_DISK_MS} ms or more; files are read through VS Code from now on.`);
      }
      this.calls = 0;
      this.slowCalls = 0;
    }
    return result;
  }
}

const accesses = new WeakMap<Services, SourceAccess>();

/** The window's access to files. */
export function sourceAccess(services: Services): SourceAccess {
  let access = accesses.get(services);
  if (!access) accesses.set(services, (access = new SourceAccess(services)));
  return access;
}
