// Text from the service (alt texts, names) is untrusted: it may hold newlines, control
// characters, bidirectional overrides that make inserted source read differently from
// what it does ("Trojan Source"), or run to thousands of characters. Every text that is
// inserted goes through cleanText first; the per-language escaping comes after.

import { stripInvisible } from '../invisible';

/** Longest alt text kept; longer ones are cut at a word boundary and end in "…". */
export const ALT_MAX = 500;
/** Longest photographer or videographer name kept. */
export const NAME_MAX = 120;

// C0 and C1 controls and the line and paragraph separators become spaces (a newline or tab
// between two words keeps them apart); then every invisible or direction-changing
// character goes (stripInvisible: Unicode Cf, the bidi marks, overrides and isolates,
// zero-width spaces, the BOM…, but the joiners ZWJ and ZWNJ, which scripts and emoji
// need). Decoding strips service text the same way; this also covers what is not
// decoded, such as the service's name from the settings.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** One line of plain text: no controls, no bidi tricks, single spaces, at most `max` code points. */
export function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const flat = stripInvisible(value.replace(CONTROL, ' ')).replace(/\s+/g, ' ').trim();
  return truncate(flat, max);
}

/** Cuts to at most `max` code points (never splitting a surrogate pair), preferring a word boundary. */
export function truncate(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  const head = points.slice(0, Math.max(1, max - 1)).join('');
  const space = head.lastIndexOf(' ');
  const cut = space > head.length * 0.6 ? head.slice(0, space) : head;
  return `${cut.trimEnd()}…`;
}
