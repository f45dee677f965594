// Names in a credit (the credit check's rule, creditCheck.ts): compared folded (no case,
// accents or runs of white space), as whole words. FoldedText folds a text once and finds
// many names in it by their first word, so a front matter naming hundreds of photographers
// is not read again for each.

/** Lower case, no accents, single spaces: how names are compared. */
export function foldName(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
const LEADING_WORD = /^[\p{L}\p{N}]+/u;
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether the character (code point) that ends just before `at` is a letter or digit. */
function wordCharBefore(text: string, at: number): boolean {
  if (at <= 0) return false;
  let start = at - 1;
  const low = text.charCodeAt(start);
  if (low >= 0xdc00 && low <= 0xdfff && start > 0) {
    const high = text.charCodeAt(start - 1);
    if (high >= 0xd800 && high <= 0xdbff) start -= 1;
  }
  return WORD_CHAR.test(text.slice(start, at));
}

/** Whether the character (code point) at `at` is a letter or digit. */
function wordCharAt(text: string, at: number): boolean {
  const code = text.codePointAt(at);
  return code !== undefined && WORD_CHAR.test(String.fromCodePoint(code));
}

/** Whether `needle` stands in `haystack` (both folded) as a whole word or words. */
function holdsWords(haystack: string, needle: string): boolean {
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (!wordCharBefore(haystack, at) && !wordCharAt(haystack, at + needle.length)) return true;
  }
  return false;
}

/**
 * A text folded once (foldName), in which many names are looked for: a name is looked up by
 * its first word among the text's words, so each costs what its matches cost, not a reading
 * of the text (a gallery's front matter names hundreds of photographers). A name stands in it
 * as a whole word or words, both folded.
 */
export class FoldedText {
  private readonly folded: string;
  private words: Map<string, number[]> | undefined;

  constructor(text: string) {
    this.folded = foldName(text);
  }

  has(name: string): boolean {
    const needle = foldName(name);
    if (needle === '') return false;
    const first = LEADING_WORD.exec(needle)?.[0];
    // A name that does not start with a letter or digit (or holds half a character) is looked for the long way.
    if (first === undefined || LONE_SURROGATE.test(needle)) return holdsWords(this.folded, needle);
    for (const at of this.wordStarts().get(first) ?? []) {
      if (this.folded.startsWith(needle, at) && !wordCharAt(this.folded, at + needle.length)) return true;
    }
    return false;
  }

  /** Where each word (a run of letters and digits) starts, by word. */
  private wordStarts(): Map<string, number[]> {
    if (!this.words) {
      this.words = new Map();
      for (const match of this.folded.matchAll(/[\p{L}\p{N}]+/gu)) {
        const list = this.words.get(match[0]);
        if (list) list.push(match.index);
        else this.words.set(match[0], [match.index]);
      }
    }
    return this.words;
  }
}

export interface CreditNames {
  /** The photographer (or videographer) as the service names them; may be empty. */
  readonly author: string;
  readonly serviceName: string;
}

/** The name a credit must hold: the author, or the service's name for media without one. */
export function creditName(names: CreditNames): string {
  return names.author.trim() !== '' ? names.author : names.serviceName;
}
