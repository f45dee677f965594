// "Insert as…" lets the user change the alt text and the saved file's name before anything
// is written. The name the user types is checked here: one plain file name (no folder, no
// `..`, nothing a file system on Windows, macOS or Linux refuses), and its extension is always
// the one the server's type decides when the file arrives (naming.ts), never the one typed.
import { stripInvisible } from '../invisible';

/** Longest file name accepted (most file systems allow 255 bytes; room is left for `-2` and an extension). */
export const FILE_NAME_MAX = 120;

export type FileNameProblem = 'empty' | 'folder' | 'dots' | 'reserved' | 'control' | 'tooLong' | 'edge';

/** Characters Windows refuses in names (the other systems refuse `/` and NUL, covered too). */
const RESERVED_CHARS = /[<>:"|?*]/;
/** Device names Windows refuses with any extension (`con.jpg`). */
const DEVICE_NAMES = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?:\..*)?$/i;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The extensions saved files get (naming.ts): one of these typed at the end is replaced, not kept. */
const MEDIA_EXTENSION = /\.(?:jpe?g|png|webp|gif|avif|mp4|webm|mov)$/i;

/** Why `typed` cannot be the name of a saved file, or undefined when it can. */
export function fileNameProblem(typed: string): FileNameProblem | undefined {
  const name = typed.trim();
  if (name === '') return 'empty';
  if (name.includes('/') || name.includes('\\')) return 'folder';
  if (/^\.+$/.test(name)) return 'dots';
  if (CONTROL.test(name) || stripInvisible(name) !== name) return 'control';
  if (RESERVED_CHARS.test(name) || DEVICE_NAMES.test(name)) return 'reserved';
  // A leading dot hides the file; a trailing dot or space is dropped by Windows.
  if (name.startsWith('.') || /[. ]$/.test(name)) return 'edge';
  if (Array.from(name).length > FILE_NAME_MAX) return 'tooLong';
  return undefined;
}

/**
 * The name to save under: what the user typed (checked with fileNameProblem first), with
 * `extension` (from the server's type) in place of any media extension typed.
 */
export function savedFileName(typed: string, extension: string): string {
  const stem = typed.trim().replace(MEDIA_EXTENSION, '');
  return `${stem}.${extension}`;
}

/** The range of `name` before its extension, for selecting it in an input box. */
export function stemRange(name: string): [number, number] {
  const dot = name.lastIndexOf('.');
  return [0, dot > 0 ? dot : name.length];
}

/**
 * The name of a further file saved with the main one (a video's poster): the edited name's
 * stem, the file's role and its own extension (`my-clip-poster.jpg`).
 */
export function companionFileName(typed: string, role: string, extension: string): string {
  return savedFileName(`${typed.trim().replace(MEDIA_EXTENSION, '')}-${role}`, extension);
}
