// Why a downloaded file could not be written into the workspace, as one sentence: a full
// disk, a folder that may not be written to, or anything else with the system's own words.
// Node's fs errors carry a `code` (ENOSPC…); `workspace.fs` errors carry VS Code's code
// (NoPermissions…) and the provider's text, which names the system's code where there is one.
// No 'vscode' here (core's l10n.t is vscode.l10n.t at run time): plain-Node testable.
import { MediaError } from '../../core/errors';
import { InsertError } from '../../core/insert/insertError';
import { l10n } from '../../core/l10n';

export type WriteProblem = 'full' | 'readOnly' | 'other';

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

function textOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What kind of failure to write `error` is. */
export function writeProblem(error: unknown): WriteProblem {
  const code = codeOf(error) ?? '';
  const text = textOf(error);
  if (['ENOSPC', 'EDQUOT'].includes(code) || /\b(ENOSPC|EDQUOT)\b|no space left|quota exceeded/i.test(text)) return 'full';
  if (['EACCES', 'EPERM', 'EROFS', 'NoPermissions'].includes(code) || /\b(EACCES|EPERM|EROFS)\b|read-only file system|permission denied/i.test(text)) {
    return 'readOnly';
  }
  return 'other';
}

/** A cancelled download or save: not a failure to write. */
function isCancel(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'Canceled' || error.message === 'Canceled');
}

/**
 * The sentence for a failure while saving into `folder` (as the user knows it, relative to
 * the workspace folder). A download's own failure (an InsertError or MediaError) and a cancel pass as they are.
 */
export function writeFailure(error: unknown, folder: string): unknown {
  if (error instanceof InsertError || error instanceof MediaError || isCancel(error)) return error;
  switch (writeProblem(error)) {
    case 'full':
      return new InsertError(() => l10n.t('There is not enough space on the disk for the file in “{0}”, so nothing was saved or inserted.', folder), {
        offerLink: true,
      });
    case 'readOnly':
      return new InsertError(() => l10n.t('The folder “{0}” cannot be written to ({1}), so nothing was saved or inserted.', folder, shortReason(error)), {
        offerLink: true,
      });
    case 'other':
      return new InsertError(() => l10n.t('The file could not be written into “{0}” ({1}), so nothing was saved or inserted.', folder, shortReason(error)), {
        offerLink: true,
      });
  }
}

/** The system's words, first line, bounded (a path in them can be long). */
function shortReason(error: unknown): string {
  const line = textOf(error).split('\n')[0]?.trim() ?? '';
  const text = line || codeOf(error) || 'unknown error';
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}
