// Saving a large download straight to disk (Node, `file:` workspaces), so a video is never
// held in memory whole. The body goes into a hidden temporary file in the destination
// folder, which then gets the file's name by a hard link: that fails if the name exists
// (a file, a folder, a symbolic link, or one made meanwhile), so nothing is overwritten and
// no link is followed. An identical file already there is reused. Where hard links are
// not supported, a checked rename does the same. A download that breaks off, a full disk or a
// cancel removes the temporary file: nothing half-written is left under any name (the
// folders made for it are the inserter's to remove, writtenFiles.ts). No 'vscode' here:
// plain-Node testable.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { numberedFileName } from '../../../core/insert/naming';
import { l10n } from '../../../core/l10n';
import type { OpenDownload } from '../../../api/download';
import type { StreamSaved } from '../types';

const MAX_NUMBERED = 500;
const COMPARE_BLOCK = 1024 * 1024;

function code(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Whether `candidate` is a regular file (not a link to one) with the same bytes as `temp`. */
async function sameFile(candidate: string, temp: string, size: number): Promise<boolean> {
  const info = await fs.lstat(candidate).catch(() => undefined);
  if (!info?.isFile() || info.size !== size) return false;
  let a: FileHandle | undefined;
  let b: FileHandle | undefined;
  try {
    a = await fs.open(candidate, 'r');
    b = await fs.open(temp, 'r');
    const bufA = Buffer.alloc(COMPARE_BLOCK);
    const bufB = Buffer.alloc(COMPARE_BLOCK);
    for (let position = 0; position < size; position += COMPARE_BLOCK) {
      const [ra, rb] = await Promise.all([a.read(bufA, 0, COMPARE_BLOCK, position), b.read(bufB, 0, COMPARE_BLOCK, position)]);
      if (ra.bytesRead !== rb.bytesRead || !bufA.subarray(0, ra.bytesRead).equals(bufB.subarray(0, rb.bytesRead))) return false;
    }
    return true;
  } catch {
    return false;
  } finally {
    await a?.close().catch(() => undefined);
    await b?.close().catch(() => undefined);
  }
}

/** Gives `temp` the name `candidate` unless that name is taken; false when it is. */
async function claim(temp: string, candidate: string): Promise<boolean> {
  try {
    await fs.link(temp, candidate);
    await fs.unlink(temp);
    return true;
  } catch (error) {
    if (code(error) === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'].includes(code(error) ?? '')) throw error;
  }
  // No hard links on this file system: rename, after checking the name is free.
  if (await fs.lstat(candidate).then(() => true, () => false)) return false;
  await fs.rename(temp, candidate);
  return true;
}

/** Reads the download into `folder` (created as needed) as `name`, or the next free numbered name. */
export async function saveStream(folder: string, name: string, body: Pick<OpenDownload, 'read'>): Promise<StreamSaved> {
  await fs.mkdir(folder, { recursive: true });
  const temp = join(folder, `.${name}.${randomBytes(6).toString('hex')}.part`);
  // `wx`: created new, never an existing file or a link.
  const handle = await fs.open(temp, 'wx');
  let bytes: number;
  try {
    try {
      bytes = await body.read(async (chunk) => {
        let written = 0;
        while (written < chunk.byteLength) written += (await handle.write(chunk, written)).bytesWritten;
      });
    } catch (error) {
      // The download's failure (or the disk's) is the one reported, not a failure to close.
      await handle.close().catch(() => undefined);
      throw error;
    }
    // Some file systems (network disks) report a full disk only here.
    await handle.close();
    for (let n = 1; n <= MAX_NUMBERED; n++) {
      const candidate = join(folder, numberedFileName(name, n));
      if (await claim(temp, candidate)) return { path: candidate, reused: false, bytes };
      if (await sameFile(candidate, temp, bytes)) {
        await fs.unlink(temp);
        return { path: candidate, reused: true, bytes };
      }
    }
    throw new Error(l10n.t('{0} files named like {1} already exist in {2}.', MAX_NUMBERED, name, folder));
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined);
    throw error;
  }
}
