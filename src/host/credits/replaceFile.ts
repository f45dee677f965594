// Writing the credits file whole or not at all, and the sentence for when it could not be.
import * as vscode from 'vscode';
import { inert } from '../../core/inert';
import { writeProblem } from '../insert/writeFailure';

/** What the credits file is written through: `workspace.fs`, or a test's stand-in. */
export type CreditsFs = Pick<vscode.FileSystem, 'stat' | 'writeFile' | 'rename' | 'delete'>;

/**
 * Writes `text` as the file at `uri`, whole or not at all: into a hidden temporary file beside
 * it first, which then takes its place. `previous` is the file's text before (undefined: there
 * was none). A symbolic link at the name is written through, not replaced: it stays a link.
 */
export async function replaceFile(fs: CreditsFs, uri: vscode.Uri, text: string, previous: string | undefined): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  const current = await Promise.resolve(fs.stat(uri)).catch(() => undefined);
  if (current && (current.type & vscode.FileType.SymbolicLink) !== 0) {
    await fs.writeFile(uri, bytes);
    return;
  }
  if (current && (current.type & vscode.FileType.File) === 0) throw vscode.FileSystemError.FileIsADirectory(uri);
  const name = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  const temp = vscode.Uri.joinPath(uri, '..', `.${name}.${Math.random().toString(16).slice(2, 14)}.part`);
  try {
    await fs.writeFile(temp, bytes);
  } catch (error) {
    await Promise.resolve(fs.delete(temp, { useTrash: false })).catch(() => undefined);
    throw error;
  }
  try {
    await fs.rename(temp, uri, { overwrite: true });
  } catch (error) {
    // VS Code removes the old file before it renames: if the rename failed after that, the old text goes back.
    const gone = await Promise.resolve(fs.stat(uri)).then(
      () => false,
      () => true,
    );
    if (gone && previous !== undefined) await Promise.resolve(fs.writeFile(uri, new TextEncoder().encode(previous))).catch(() => undefined);
    await Promise.resolve(fs.delete(temp, { useTrash: false })).catch(() => undefined);
    throw error;
  }
}

/** Why the credits file could not be written, and that the previous one (if any) was kept. */
export function notWritten(label: string, error: unknown, hadFile: boolean): string {
  const full = writeProblem(error) === 'full';
  const reason = inert((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '', 200);
  if (full) {
    return hadFile
      ? vscode.l10n.t('There is not enough space on the disk to write {0}, so the previous file was kept as it was.', label)
      : vscode.l10n.t('There is not enough space on the disk to write {0}, so nothing was written.', label);
  }
  return hadFile
    ? vscode.l10n.t('{0} could not be written ({1}), so the previous file was kept as it was.', label, reason)
    : vscode.l10n.t('{0} could not be written ({1}), so nothing was written.', label, reason);
}
