// "Insert as…" lets the user change the alt text and the saved file's name before anything
// is written. The name the user types is checked here: one plain file name (no folder, no
// `..`, nothing a file system on Windows, macOS or Linux refuses, not longer in UTF-8 bytes than
// a file system allows with the temporary `.part` name the download is written to first), and
// its extension is always the one the server's type decides when the file arrives (naming.ts),
// never the one typed.
import { stripInvisible } from '../invisible';

/** The most bytes (UTF-8) in one file name on the usual file systems (ext4, APFS; NTFS's 255 UTF-16 units are never more). */
export const NAME_BYTES_MAX = 255;
/** What a file's hidden temporary name adds while it is written: `.<name>.<12 hex digits>.part` (writeNewFile.ts, saveStream.ts, replaceFile.ts). */
export const PART_NAME_EXTRA = '..0123456789ab.part'.length;
/** The longest ending a saved file's stem gets: `-poster` (a video's poster saved under a typed name) and a four-letter extension. */
const LONGEST_ENDING = '-poster.webm'.length;
/**
 * The most bytes (UTF-8) in a saved file's stem, its name before the extension: with any
 * ending, a number (`-500`) and the temporary `.part` name, still at most NAME_BYTES_MAX.
 */
export const STEM_BYTES_MAX = NAME_BYTES_MAX - PART_NAME_EXTRA - LONGEST_ENDING;

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
  if (utf8Length(typedStem(name)) > STEM_BYTES_MAX) return 'tooLong';
  return undefined;
}

/** The length of `text` in UTF-8 bytes (what a file system counts in a name: `漢` is 3, an emoji 4). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Made when first needed: a segmenter loads the language data it needs (~25 ms), which activation must not pay. */
let graphemes: Intl.Segmenter | undefined;

/**
 * The longest start of `text` at most `max` bytes long in UTF-8, cut between two characters as
 * a reader sees them: never inside a surrogate pair or a UTF-8 sequence, nor between a letter
 * and its combining marks or inside an emoji sequence.
 */
export function cutToBytes(text: string, max: number): string {
  if (utf8Length(text) <= max) return text;
  let bytes = 0;
  let end = 0;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment, index } of graphemes.segment(text)) {
    bytes += utf8Length(segment);
    if (bytes > max) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** A typed name without the media extension savedFileName replaces. */
export function typedStem(typed: string): string {
  return typed.trim().replace(MEDIA_EXTENSION, '');
}

/**
 * The name to save under: what the user typed (checked with fileNameProblem first), with
 * `extension` (from the server's type) in place of any media extension typed.
 */
export function savedFileName(typed: string, extension: string): string {
  return `${typedStem(typed)}.${extension}`;
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
  return savedFileName(`${typedStem(typed)}-${role}`, extension);
}
