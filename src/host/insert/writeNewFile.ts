// Writing a downloaded file into the workspace through `vscode.workspace.fs`, so remote
// and virtual workspaces work too. A file is never overwritten: the same bytes under the
// name are reused, different bytes get the next free numbered name. What is written goes to a
// hidden temporary file first and then gets its name, so a failed write leaves nothing.
import * as vscode from 'vscode';
import { numberedFileName } from '../../core/insert/naming';
import { basename, dirname } from '../../core/insert/paths';

const MAX_NUMBERED = 500;

export interface SavedFile {
  readonly uri: vscode.Uri;
  /** True when an identical file was already there and nothing was written. */
  readonly reused: boolean;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

async function stat(uri: vscode.Uri): Promise<vscode.FileStat | undefined> {
  try {
    return await vscode.workspace.fs.stat(uri);
  } catch {
    return undefined;
  }
}

/** A name no one else picks: the hidden temporary file a download is written to before it gets its name. */
function tempName(name: string): string {
  return `.${name}.${Math.random().toString(16).slice(2, 14)}.part`;
}

/**
 * Writes `bytes` as `desired`, or the next free numbered name, or reuses an identical file.
 * The bytes go into a hidden temporary file first, which is then renamed (never over an
 * existing file): a write that fails part-way (a full disk) leaves no file under the name,
 * and the temporary file is removed.
 */
export async function writeNewFile(desired: vscode.Uri, bytes: Uint8Array, token?: vscode.CancellationToken): Promise<SavedFile> {
  const folder = desired.with({ path: dirname(desired.path) });
  const name = basename(desired.path);
  await vscode.workspace.fs.createDirectory(folder);
  let temp: vscode.Uri | undefined;
  try {
    for (let n = 1; n <= MAX_NUMBERED; n++) {
      if (token?.isCancellationRequested) throw new vscode.CancellationError();
      const uri = vscode.Uri.joinPath(folder, numberedFileName(name, n));
      const existing = await stat(uri);
      if (!existing) {
        if (!temp) {
          const writing = vscode.Uri.joinPath(folder, tempName(name));
          temp = writing;
          await vscode.workspace.fs.writeFile(writing, bytes);
        }
        if (token?.isCancellationRequested) throw new vscode.CancellationError();
        try {
          await vscode.workspace.fs.rename(temp, uri, { overwrite: false });
          temp = undefined;
          return { uri, reused: false };
        } catch (error) {
          // Taken meanwhile: the next name. Anything else is the file system's failure.
          if (await stat(uri)) continue;
          throw error;
        }
      }
      if ((existing.type & vscode.FileType.File) !== 0 && existing.size === bytes.byteLength) {
        const current = await vscode.workspace.fs.readFile(uri);
        if (sameBytes(current, bytes)) return { uri, reused: true };
      }
    }
    throw new Error(vscode.l10n.t('{0} files named like {1} already exist in {2}.', MAX_NUMBERED, name, folder.path));
  } finally {
    if (temp) await Promise.resolve(vscode.workspace.fs.delete(temp, { useTrash: false })).catch(() => undefined);
  }
}
