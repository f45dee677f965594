// "Insert as…": the alt text and the saved file's name, shown filled in and editable before
// anything is written. Escape in either box cancels the whole insert.
import * as vscode from 'vscode';
import type { FileNameProblem } from '../../core/insert/edit';
import { STEM_BYTES_MAX, fileNameProblem, stemRange, typedStem, utf8Length } from '../../core/insert/edit';
import { askText } from '../common/inputBox';

/**
 * The alt text to insert, or undefined when the user pressed Escape. An emptied box is
 * kept as '' on purpose: an empty alt marks a decorative image, and the prefill is never
 * empty, so '' is always the user's choice.
 */
export function askAltText(kind: 'photo' | 'video', prefill: string, purpose: 'insert' | 'cover' = 'insert'): Promise<string | undefined> {
  return askText({
    title: purpose === 'cover' ? vscode.l10n.t('Alt text of the cover') : kind === 'photo' ? vscode.l10n.t('Alt text of the photo') : vscode.l10n.t('Accessible label of the video'),
    prompt:
      purpose === 'cover'
        ? vscode.l10n.t('Describe what it shows. Leave it empty only for a decorative image. Escape cancels the cover.')
        : vscode.l10n.t('Describe what it shows. Leave it empty only for a decorative image. Escape cancels the insert.'),
    value: prefill,
    selection: [0, prefill.length],
  });
}

function problemText(problem: FileNameProblem, typed: string): string {
  switch (problem) {
    case 'empty':
      return vscode.l10n.t('Type a file name.');
    case 'folder':
      return vscode.l10n.t('A file name cannot contain “/” or “\\”: the file goes into the folder for saved files.');
    case 'dots':
      return vscode.l10n.t('“.” and “..” are not file names.');
    case 'control':
      return vscode.l10n.t('The name contains invisible or control characters.');
    case 'reserved':
      return vscode.l10n.t('A file name cannot contain < > : | ? * or quotation marks, nor be a device name such as CON or NUL.');
    case 'edge':
      return vscode.l10n.t('A file name cannot start with a dot or end with a dot or a space.');
    case 'tooLong':
      // The stem as it is saved (a media extension typed is replaced), in the bytes a file system counts.
      return vscode.l10n.t(
        'The name is too long: {0} bytes in UTF-8 before the extension, at most {1} are possible (“é” takes 2 bytes, “漢” 3, an emoji 4).',
        utf8Length(typedStem(typed)),
        STEM_BYTES_MAX,
      );
  }
}

/**
 * The file name to save under, or undefined when the user pressed Escape. `where` is the
 * check the destination gives a typed name (it stays in the folder for saved files), with a
 * message when it does not.
 */
export async function askFileName(prefill: string, folderLabel: string, where: (name: string) => string | undefined): Promise<string | undefined> {
  const typed = await askText({
    title: vscode.l10n.t('Save as'),
    prompt: vscode.l10n.t('File name in {0}. The extension follows the type of the file the server sends. Escape cancels the insert.', folderLabel),
    value: prefill,
    selection: stemRange(prefill),
    check: (value) => {
      const problem = fileNameProblem(value);
      return problem ? problemText(problem, value) : where(value);
    },
  });
  return typed === undefined ? undefined : typed.trim();
}
