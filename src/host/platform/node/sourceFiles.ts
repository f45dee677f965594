// The workspace's searched files read straight from the local disk (Node, `file:` folders),
// for the media scan (host/credits/sourceAccess.ts): a folder's entries as they are asked for, a
// file's stamp, a page's bytes. Each is a few system calls made at once, synchronously, where
// `workspace.fs` would make several round trips through the extension host's thread pool; the
// scan calls them in slices of a few milliseconds and lets the host run between them. As
// `workspace.fs` does, a link to a file is followed and only a regular file is read (a FIFO or a
// device named `page.md` is opened O_NONBLOCK, then left unread); a listing names a link as
// neither a file nor a folder.
import { closeSync, constants, fstatSync, lstatSync, opendirSync, openSync, readSync, statSync } from 'node:fs';
import type { Dirent, Stats } from 'node:fs';
import { join } from 'node:path';
import type { FileStamp, FolderEntry, SourceRead } from '../types';

/** What an entry is, as the walk needs it: a link is 'other' (not followed). */
function kindOf(entry: Dirent | Stats): FolderEntry[1] {
  return entry.isSymbolicLink() ? 'other' : entry.isFile() ? 'file' : entry.isDirectory() ? 'folder' : 'other';
}

/**
 * A folder's entries, read from the disk as they are asked for (a few dozen at a time), so a
 * folder of a million files is read no further than the walk's cap. Throws when the folder
 * cannot be opened, at the first entry asked for.
 */
export function* folderEntries(path: string): Generator<FolderEntry> {
  const dir = opendirSync(path);
  try {
    for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
      const known = entry.isFile() || entry.isDirectory() || entry.isSymbolicLink();
      // Some file systems do not say what an entry is in the listing: asked for it.
      yield [entry.name, known ? kindOf(entry) : kindOf(lstatSync(join(path, entry.name)))];
    }
  } finally {
    dir.closeSync();
  }
}

function stampOf(stats: Stats): FileStamp {
  // Whole milliseconds, as `workspace.fs.stat` gives them.
  return { mtime: Math.trunc(stats.mtimeMs), size: stats.size };
}

/** The file's size and time of change, or undefined when it is not there or not a regular file. */
export function fileStamp(path: string): FileStamp | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stampOf(stats) : undefined;
  } catch {
    return undefined;
  }
}

/** The bytes of a regular file of at most `maxBytes`; 'tooLarge' over that; undefined when it cannot be read. */
export function readSourceFile(path: string, maxBytes: number): SourceRead | 'tooLarge' | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    if (stats.size > maxBytes) return 'tooLarge';
    // One byte more than its size: a file that grew since is read to maxBytes + 1 at most.
    const bytes = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let length = 0;
    for (let n; length < bytes.length && (n = readSync(fd, bytes, length, bytes.length - length, null)) > 0; ) length += n;
    if (length > maxBytes) return 'tooLarge';
    return { bytes: bytes.subarray(0, length), stamp: stampOf(stats) };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // Read already, or failed already: nothing more to say.
      }
    }
  }
}
