// Reading the credits file before it is rewritten, writing it whole or not at all, and the
// sentences for when it may not or could not be. Only a file that is not there counts as
// absent: any other failure to read it (an I/O error, a cloud placeholder not downloaded, a
// folder under the name) stops the write, and so does text that would not come back as it was
// (not UTF-8, or with a byte order mark): the user's own text around the block is never lost.
import * as vscode from 'vscode';
import { inert } from '../../core/inert';
import { plainUtf8 } from '../../core/textFile';
import { writeProblem } from '../insert/writeFailure';

/** What the credits file is read and written through: `workspace.fs`, or a test's stand-in. */
export type CreditsFs = Pick<vscode.FileSystem, 'stat' | 'readFile' | 'writeFile' | 'rename' | 'delete'>;

/** The file is not there (vscode.FileSystemError FileNotFound; EntryNotFound is the provider's name for it). */
function notThere(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'FileNotFound' || code === 'EntryNotFound';
}

/**
 * The credits file's text (undefined: there is none), or the sentence saying why it is left as
 * it is: it could not be read, or its bytes would not survive being rewritten as UTF-8.
 */
export async function readExisting(fs: CreditsFs, uri: vscode.Uri, label: string): Promise<{ readonly text: string | undefined } | { readonly refused: string }> {
  let bytes: Uint8Array;
  try {
    bytes = await fs.readFile(uri);
  } catch (error) {
    if (notThere(error)) return { text: undefined };
    const reason = inert((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '', 200);
    return { refused: vscode.l10n.t('{0} could not be read ({1}), so it was left as it is and nothing was written.', label, reason) };
  }
  const decoded = plainUtf8(bytes);
  if ('text' in decoded) return { text: decoded.text };
  switch (decoded.problem) {
    case 'utf8Bom':
      return { refused: vscode.l10n.t('{0} starts with a byte order mark, which rewriting it would drop, so it was left as it is and nothing was written. Save it as UTF-8 without one, then try again.', label) };
    case 'utf16Bom':
      return { refused: vscode.l10n.t('{0} is saved as UTF-16, and rewriting it as UTF-8 would change it, so it was left as it is and nothing was written. Save it as UTF-8, then try again.', label) };
    case 'notUtf8':
      return { refused: vscode.l10n.t('{0} is not UTF-8 text (perhaps Latin-1), and rewriting it would damage its characters, so it was left as it is and nothing was written. Save it as UTF-8, then try again.', label) };
  }
}

/**
 * Writes `text` as the file at `uri`, whole or not at all: into a hidden temporary file beside
 * it first, which then takes its place. `previous` is the file's text before (undefined: there
 * was none). Never through a symbolic link at the name: writeCredits.ts passes a link's target
 * (checked to stay in the workspace folder and out of `.git`), so the link stays a link.
 */
export async function replaceFile(fs: CreditsFs, uri: vscode.Uri, text: string, previous: string | undefined): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  const current = await Promise.resolve(fs.stat(uri)).catch(() => undefined);
  if (current && (current.type & vscode.FileType.SymbolicLink) !== 0) throw vscode.FileSystemError.NoPermissions(uri);
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
