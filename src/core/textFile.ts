// A text file the extension rewrites whole (the credits file): read as UTF-8 only when its
// bytes are UTF-8 and carry no byte order mark, since what is written back is UTF-8 without
// one. Anything else (Latin-1, UTF-16, a BOM) would come back changed, so it is not rewritten.

/** Why a file's bytes are not rewritten: a BOM (UTF-8 or UTF-16/32), or bytes that are not UTF-8. */
export type NotPlainUtf8 = 'utf8Bom' | 'utf16Bom' | 'notUtf8';

/** The file's text, or why it must not be rewritten. */
export function plainUtf8(bytes: Uint8Array): { readonly text: string } | { readonly problem: NotPlainUtf8 } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { problem: 'utf8Bom' };
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) return { problem: 'utf16Bom' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return { problem: 'notUtf8' };
  }
}
