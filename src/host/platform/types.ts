// What the Node extension host can do that the web worker extension host (vscode.dev,
// github.dev, a Codespace in a browser tab) cannot, as one interface: platform/node/ (handed
// over by the Node entry, src/node.ts) and platform/web.ts (the default). Everything else is
// the same code in both hosts.
import type { OpenDownload } from '../../api/download';

/** A download saved piece by piece into a local folder (platform/node/saveStream.ts). */
export interface StreamSaved {
  /** The file's path (in the folder). */
  readonly path: string;
  /** True when an identical file was already there and the download was dropped. */
  readonly reused: boolean;
  readonly bytes: number;
}

/** A file's size and time of change (milliseconds), as `workspace.fs.stat` gives them. */
export interface FileStamp {
  readonly mtime: number;
  readonly size: number;
}

/** A searched file read whole from the local disk, with its stamp when read. */
export interface SourceRead {
  readonly bytes: Uint8Array;
  readonly stamp: FileStamp;
}

/** A folder's entry: its name and what it is ('other': a link, not followed, or neither a file nor a folder). */
export type FolderEntry = readonly [name: string, kind: 'file' | 'folder' | 'other'];

/** Local files, reached through Node's own file system module. */
export interface LocalDisk {
  /** The most saved piece by piece. */
  readonly maxStreamBytes: number;
  /** `path` (a file or folder, made as needed) as it really is below `root` (`/`-separated), or undefined when it leaves it: real paths compared. */
  realPathInRoot(path: string, root: string): Promise<string | undefined>;
  /** Reads the download into `folder` (made as needed) as `name`, or the next free numbered name. */
  saveStream(folder: string, name: string, body: Pick<OpenDownload, 'read'>): Promise<StreamSaved>;
  /** The stamp of a regular file (a link followed), at once (synchronously: the media scan calls it in slices); undefined when there is none. */
  fileStamp(path: string): FileStamp | undefined;
  /** A regular file's bytes (a link followed), at once, when it is at most `maxBytes`: 'tooLarge' when it is over; undefined when it cannot be read. */
  readSourceFile(path: string, maxBytes: number): SourceRead | 'tooLarge' | undefined;
  /** A folder's entries (links not followed), read as they are asked for; throws when the folder cannot be read. */
  folderEntries(path: string): Iterable<FolderEntry>;
}

export interface HostPlatform {
  /** `web`: the browser's web worker extension host, where every request is cross-origin (CORS decides which answer headers are readable). */
  readonly name: 'node' | 'web';
  /** How downloads meet redirects (api/download.ts, `DownloadOptions.redirects`). */
  readonly downloadRedirects: 'manual' | 'follow';
  /** The most a download held in memory (before `workspace.fs.writeFile`) may be. */
  readonly maxDownloadBytes: number;
  /** Local files (`file:` URIs) outside `workspace.fs`; undefined where the host has no such access (the web). */
  readonly disk: LocalDisk | undefined;
}
