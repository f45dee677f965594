// Bytes without Node's Buffer, so the same code runs in the Node extension host and in the
// web worker extension host (a browser has no Buffer). `crypto` is the Web Crypto object,
// a global in both. And a size for a sentence.
import { l10n } from './l10n';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 (RFC 4648, with `=` padding). */
export function toBase64(bytes: Uint8Array): string {
  const digit = (n: number, shift: number): string => ALPHABET.charAt((n >> shift) & 63);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const left = bytes.length - i;
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += digit(n, 18) + digit(n, 12) + (left > 1 ? digit(n, 6) : '=') + (left > 2 ? digit(n, 0) : '=');
  }
  return out;
}

/** A script nonce for a webview: 16 random bytes, base64 (24 characters). */
export function randomNonce(): string {
  return toBase64(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

/** The pieces of a body as one array of `size` bytes (the sum of their lengths). */
export function concatBytes(chunks: readonly Uint8Array[], size = chunks.reduce((sum, c) => sum + c.byteLength, 0)): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A size for a sentence: whole kilobytes below a megabyte, else megabytes with one decimal, in `locale`'s number format. */
export function formatSize(bytes: number, locale = 'en'): string {
  const number = (value: number, digits: number): string => {
    try {
      return value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch {
      // A locale id Intl does not know (VS Code's pseudo-locale): English digits.
      return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
  };
  if (bytes < 1024 * 1024) return l10n.t('{0} KB', number(Math.ceil(bytes / 1024), 0));
  return l10n.t('{0} MB', number(bytes / (1024 * 1024), 1));
}
