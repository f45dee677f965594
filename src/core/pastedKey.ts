// A key as people paste it: copied from a web page or a terminal it often comes with spaces,
// a line break or the quotes it was shown in ("abc123", 'abc123', `abc123`, “abc123”). Those
// are removed, and the caller says so; what is left is a key only if nothing blank is inside
// and it can go into a request's header: at most KEY_MAX visible ASCII characters (a 1 MB
// text or a word in another script, as a wrong command argument may give, is never sent).

/** The longest key accepted (the service's keys are 56 characters). */
export const KEY_MAX = 256;

export interface PastedKey {
  /** The key without what surrounded it. */
  key: string;
  /** Whether anything was removed (the user is told). */
  trimmed: boolean;
  /** Empty, blank characters inside, longer than KEY_MAX or not visible ASCII: not a key. */
  valid: boolean;
}

/** Opening quote → its closing quote. */
const QUOTES: Readonly<Record<string, string>> = { '"': '"', "'": "'", '`': '`', '“': '”', '„': '“', '‘': '’', '«': '»' };

export function cleanPastedKey(raw: string): PastedKey {
  let key = raw.trim();
  // Quotes inside quotes ("'abc'") come off one pair at a time, with blanks between them.
  for (;;) {
    const close = QUOTES[key.charAt(0)];
    if (key.length < 2 || close === undefined || !key.endsWith(close)) break;
    key = key.slice(1, -1).trim();
  }
  return { key, trimmed: key !== raw, valid: key.length <= KEY_MAX && /^[\x21-\x7e]+$/.test(key) };
}
