// Positions in one text, found once and then asked in O(log n): where its lines and
// paragraphs start and end, where a string occurs, where the next non-space is. The credit
// rule (creditCheck.ts) asks these for every media link of a document; scanning the text
// again for each link made a page of a few thousand links take minutes (issue 32).

export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/** The position of the last of the ascending `values` that is at most `at`, or -1. */
function lastAtOrBefore(values: readonly number[], at: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((values[mid] as number) <= at) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

const BLANK_LINE = /\n[ \t]*\r?\n/g;

export class TextIndex {
  private starts: number[] | undefined;
  /** The blank line runs (paragraph breaks): their starts, and their ends at the same index. */
  private blanks: { starts: number[]; ends: number[] } | undefined;
  private lowered: string | undefined;
  private readonly found = new Map<string, number[]>();
  private readonly nonSpace = new Map<number, number>();

  constructor(readonly text: string) {}

  /** The text in lower case (as `text.toLowerCase()`; its offsets are the text's unless lower-casing changed a length). */
  get lower(): string {
    return (this.lowered ??= this.text.toLowerCase());
  }

  /** The offsets at which each line starts. */
  lineStarts(): readonly number[] {
    if (!this.starts) {
      this.starts = [0];
      for (let at = this.text.indexOf('\n'); at >= 0; at = this.text.indexOf('\n', at + 1)) this.starts.push(at + 1);
    }
    return this.starts;
  }

  /** The zero-based line `offset` is on. */
  lineOf(offset: number): number {
    return Math.max(0, lastAtOrBefore(this.lineStarts(), offset));
  }

  /** The paragraph (lines between blank lines) around `offset`; inside a blank run, the paragraph after it. */
  paragraphAt(offset: number): TextSpan {
    if (!this.blanks) {
      const starts: number[] = [];
      const ends: number[] = [];
      for (const match of this.text.matchAll(BLANK_LINE)) {
        starts.push(match.index);
        ends.push(match.index + match[0].length);
      }
      this.blanks = { starts, ends };
    }
    // The last blank run starting before the offset ends the paragraph's start; the next one starts its end.
    const before = lastAtOrBefore(this.blanks.starts, offset - 1);
    const start = before >= 0 ? (this.blanks.ends[before] as number) : 0;
    const end = before + 1 < this.blanks.starts.length ? (this.blanks.starts[before + 1] as number) : this.text.length;
    return { start, end };
  }

  /** The first non-white-space character at or after `from`, or -1. */
  nextNonSpace(from: number): number {
    let at = this.nonSpace.get(from);
    if (at === undefined) {
      const pattern = /\S/g;
      pattern.lastIndex = from;
      at = pattern.exec(this.text)?.index ?? -1;
      this.nonSpace.set(from, at);
    }
    return at;
  }

  /** Where `needle` starts in the text (or in its lower case), every place, ascending. */
  private occurrences(needle: string, lower: boolean): number[] {
    const key = `${lower ? 'l' : 't'}${needle}`;
    let list = this.found.get(key);
    if (!list) {
      const source = lower ? this.lower : this.text;
      list = [];
      for (let at = source.indexOf(needle); at >= 0; at = source.indexOf(needle, at + 1)) list.push(at);
      this.found.set(key, list);
    }
    return list;
  }

  /** As `text.indexOf(needle, from)` (of the lower case text when `lower`). */
  indexOf(needle: string, from: number, lower = false): number {
    const list = this.occurrences(needle, lower);
    const next = lastAtOrBefore(list, Math.max(0, from) - 1) + 1;
    return next < list.length ? (list[next] as number) : -1;
  }

  /** As `text.lastIndexOf(needle, at)` (of the lower case text when `lower`). */
  lastIndexOf(needle: string, at: number, lower = false): number {
    const list = this.occurrences(needle, lower);
    const last = lastAtOrBefore(list, Math.max(0, at));
    return last >= 0 ? (list[last] as number) : -1;
  }
}
