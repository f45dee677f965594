// Invisible and direction-changing characters in text the service sends: format characters
// (Unicode general category Cf: bidi overrides and isolates, zero-width spaces, soft
// hyphens, BOMs, tag characters…) and the C1 controls. They can make a name display
// reversed or hide text from the reader, so they are removed before anything is shown or
// inserted. ZWJ (U+200D) and ZWNJ (U+200C) stay: emoji sequences and several scripts
// (Persian, Indic) need them to render correctly. Ordinary whitespace is left as it is.

const INVISIBLE = /[\p{Cf}\u0080-\u009f]/gu;
const JOINERS = new Set(['\u200c', '\u200d']);

/** `text` without invisible and direction-changing characters (ZWJ and ZWNJ kept). */
export function stripInvisible(text: string): string {
  if (!/[\p{Cf}\u0080-\u009f]/u.test(text)) return text;
  return text.replace(INVISIBLE, (ch) => (JOINERS.has(ch) ? ch : ''));
}
