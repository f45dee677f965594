// Is a service media item in a document credited? The rule (the hover and the credit check
// both ask it):
//
// A media URL is credited when its photographer's name stands in the text near it:
// - Markdown (and any format but HTML): the paragraph the URL is in (lines up to a blank
//   line), or the paragraph right after it when that one reads as a credit line (it starts,
//   after any emphasis or tags, with a credit word: "Photo", "Foto", "Video", "Credit",
//   "Bild", "Image", "©", "Source", "Quelle"…), which is where the insert command and most
//   people put it.
// - HTML family: the `<figure>` the URL is in, when it is in one; otherwise the paragraph
//   rule above (an `<img>` with its `<p class="credit">` on the next line is one paragraph).
// The name counts only in what a reader sees: not inside a URL, not in an image's alt text
// (the insert's fallback alt is "Photo by <name>"), not inside an HTML tag (attributes, a
// profile link). Markdown escapes and HTML character references are read as the characters
// they stand for, and the comparison ignores case, accents and runs of white space, and
// needs the name as a whole word. A photo without a photographer is credited when the
// service's name stands there instead ("Photo on <service>").
//
// Front matter (a page's cover, cover/frontMatterCredit.ts), in any format: a media URL in
// a front matter block that parses is credited by the block's values a reader can see (a
// caption, a `credit` field; not alt texts, not image addresses), or by the body's first
// paragraph when it reads as a credit line: that is the paragraph "right after" the media's,
// as in the rule above, with the front matter in the place of the media's paragraph. The
// missing credit goes there, at the top of the body, never into the front matter. A media
// URL in the body is never credited by the front matter's text.
//
// A document is read once: CreditContext holds its text with what the rule asks of it (its
// paragraphs, figures, front matter, what a reader sees in each scope) computed once and
// kept, so asking for every link of a page costs about as much as reading the page once
// (issue 32: a page of 2,000 credit lines took minutes when each link read it again).
import { findFrontMatter } from './cover/frontMatter';
import type { FrontMatterBlock } from './cover/frontMatter';
import { frontMatterCredit } from './cover/frontMatterCredit';
import type { FrontMatterCredit } from './cover/frontMatterCredit';
import type { FormatFamily } from './insert/languages';
import type { CreditNames } from './creditNames';
import { FoldedText, creditName } from './creditNames';
import type { TextSpan } from './textIndex';
import { TextIndex } from './textIndex';

export type { TextSpan } from './textIndex';
export type { CreditNames } from './creditNames';
export type { CreditPlacement } from './creditPlacement';
export { creditInsertText, creditPlacementIn } from './creditPlacement';

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', lbrace: '{', rbrace: '}', commat: '@' };

/** HTML character references as the characters they stand for (unknown ones stay as written). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Words a credit line starts with, in the languages of creditWords.ts and as people write them. */
export const CREDIT_LEAD = /^(?:photos?|photograph|photography|foto|fotos|video|videos|image|images|bild|bilder|credits?|source|quelle|aufnahme|picture|©|\(c\))(?![\p{L}\p{N}])/iu;
/** What a credit line may start with before its word: markup and white space (tags are skipped whole). */
const LEAD_MARKUP = /[\s>*_#~`|-]/;
/** Enough of the text after the markup for CREDIT_LEAD: its longest word and the character after it. */
const LEAD_WINDOW = 24;

/** What a reader sees of a stretch of source: no URLs, alt texts or tags; escapes resolved. */
export function visibleText(source: string, family: FormatFamily): string {
  let text = source;
  if (family === 'html' || family === 'jsx') {
    text = text.replace(/<[^>]*>/g, ' ');
  } else {
    // Markdown (and anything else): image alt texts, then link destinations, then tags.
    text = text
      .replace(/(?<!\\)!\[(?:\\.|[^\]\\\n])*\]/g, ' ')
      .replace(/(?<!\\)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '] ')
      .replace(/(?<!\\)<[^>]*>/g, ' ')
      .replace(/\\([!-/:-@[-`{-~])/g, '$1');
  }
  return decodeEntities(text).replace(/https?:\/\/\S+/gi, ' ');
}

/**
 * Front matter larger than this (in UTF-16 units) is not parsed for the credit rule, and its
 * media read as in front matter that does not parse: the parsers read about 1 to 2 MB a
 * second here, in one step that cannot yield, and a gallery of 2,000 images is about 270 KB.
 */
export const FRONT_MATTER_READ_MAX = 512 * 1024;

/** What a reader sees in one scope, and its folded form once a name is looked for in it. */
interface SeenScope {
  readonly text: string;
  folded?: FoldedText;
}

/**
 * One document's text as the credit rule reads it (the rule at the top of this file): every
 * question about one of its media costs O(log n) on top of what the document costs once.
 */
export class CreditContext {
  readonly index: TextIndex;
  private block: FrontMatterBlock | null | undefined;
  private front: FrontMatterCredit | null | undefined;
  private frontSeen: SeenScope[] | undefined;
  private readonly seen = new Map<string, SeenScope>();
  /** From each offset, where a credit line's word would start: past markup and whole tags (leadStops). */
  private stops: Int32Array | undefined;
  private readonly trimmed = new Map<number, number>();

  constructor(
    readonly text: string,
    readonly family: FormatFamily,
  ) {
    this.index = new TextIndex(text);
  }

  /** The front matter block, found once. */
  private frontMatterBlock(): FrontMatterBlock | undefined {
    if (this.block === undefined) this.block = findFrontMatter(this.text) ?? null;
    return this.block ?? undefined;
  }

  /** Where the front matter ends (past its closing line), or 0 without one: text before it is not a body paragraph. */
  bodyStart(): number {
    return this.frontMatterBlock()?.end ?? 0;
  }

  /** The front matter `offset` is in, when it parses as a map of keys, with the values that can credit a media there (parsed once). */
  frontMatterAt(offset: number): FrontMatterCredit | undefined {
    const block = this.frontMatterBlock();
    if (!block || offset < block.contentStart || offset >= block.contentEnd) return undefined;
    if (this.front === undefined) {
      this.front = block.contentEnd - block.contentStart <= FRONT_MATTER_READ_MAX ? (frontMatterCredit(this.text, block) ?? null) : null;
    }
    return this.front ?? undefined;
  }

  /** The `<figure>` element around `span`, if any. */
  figureAround(span: TextSpan): TextSpan | undefined {
    const open = this.index.lastIndexOf('<figure', span.start, true);
    if (open < 0) return undefined;
    const closedBetween = this.index.indexOf('</figure', open, true);
    if (closedBetween >= 0 && closedBetween < span.start) return undefined;
    const close = this.index.indexOf('</figure', span.end, true);
    if (close < 0) return undefined;
    const closeEnd = this.index.indexOf('>', close, true);
    return { start: open, end: closeEnd < 0 ? this.text.length : closeEnd + 1 };
  }

  /** The paragraph after `span`, if there is one. */
  private nextParagraph(span: TextSpan): TextSpan | undefined {
    const first = this.index.nextNonSpace(span.end);
    return first < 0 ? undefined : this.index.paragraphAt(first);
  }

  /** The stretches of text where a credit for the media at `span` counts (the rule above; a media in front matter: frontMatterScope). */
  scope(span: TextSpan): TextSpan[] {
    if (this.family === 'html' || this.family === 'jsx') {
      const figure = this.figureAround(span);
      if (figure) return [figure];
    }
    const paragraph = this.index.paragraphAt(span.start);
    // The body's paragraphs start after the front matter: its alt texts credit nobody there.
    const bodyStart = this.bodyStart();
    const own = span.start >= bodyStart ? { start: Math.max(paragraph.start, bodyStart), end: paragraph.end } : paragraph;
    const next = this.nextParagraph(own);
    return next && this.isCreditLike(next.start, next.end) ? [own, next] : [own];
  }

  /** The body's first paragraph after the front matter, when it reads as a credit line. */
  private creditLineAfter(front: FrontMatterCredit): TextSpan | undefined {
    const first = this.index.nextNonSpace(front.block.end);
    if (first < 0) return undefined;
    const found = this.index.paragraphAt(first);
    const paragraph = { start: Math.max(found.start, front.block.end), end: found.end };
    return this.isCreditLike(paragraph.start, paragraph.end) ? paragraph : undefined;
  }

  /** The texts that credit a media at `offset` in front matter (its visible values, a credit line under it), or undefined when `offset` is not in front matter that parses. */
  frontMatterScope(offset: number): string[] | undefined {
    const front = this.frontMatterAt(offset);
    if (!front) return undefined;
    const line = this.creditLineAfter(front);
    return line ? [front.values, this.text.slice(line.start, line.end)] : [front.values];
  }

  /** What a reader sees in each scope of the media at `span`; the same scope is read once. */
  private seenScopes(span: TextSpan): SeenScope[] {
    if (this.frontMatterAt(span.start)) {
      // Front matter values are Markdown or plain text (a caption, a credit field), whatever the page's format.
      this.frontSeen ??= (this.frontMatterScope(span.start) ?? []).map((scope) => ({ text: visibleText(scope, 'markdown') }));
      return this.frontSeen;
    }
    return this.scope(span).map((scope) => {
      const key = `${scope.start}:${scope.end}`;
      let seen = this.seen.get(key);
      if (!seen) this.seen.set(key, (seen = { text: visibleText(this.text.slice(scope.start, scope.end), this.family) }));
      return seen;
    });
  }

  /** What a reader sees where a credit for the media at `span` counts (the rule at the top of this file): kept by In This Workspace, asked once the name is known. */
  texts(span: TextSpan): string[] {
    return this.seenScopes(span).map((s) => s.text);
  }

  /** Whether the media at `span` is credited (the rule at the top of this file). */
  credited(span: TextSpan, names: CreditNames): boolean {
    const name = creditName(names);
    return this.seenScopes(span).some((s) => (s.folded ??= new FoldedText(s.text)).has(name));
  }

  /**
   * Whether `text.slice(start, end)` reads as a credit line (after markup and tags it starts
   * with a word of CREDIT_LEAD), without reading it: the markup before the credit word is
   * skipped once for the whole text (leadStops), then a few characters are read.
   */
  isCreditLike(start: number, end: number): boolean {
    const lead = this.leadStops()[start] as number;
    // The markup runs to the end (or a tag closes past it: then the lead starts with `<`).
    if (lead >= end) return false;
    let window = '';
    for (let at = lead; at < end && window.length < LEAD_WINDOW; ) {
      if (this.text.charCodeAt(at) === 0x3c /* < */) {
        const close = this.index.indexOf('>', at + 1);
        if (close >= 0 && close < end) {
          window += ' ';
          at = close + 1;
          continue;
        }
      }
      window += this.text.charAt(at);
      at += 1;
    }
    return CREDIT_LEAD.test(window);
  }

  /**
   * For each offset, where the text from there stops being markup a credit line may start
   * with (LEAD_MARKUP, and tags `<…>` skipped whole, as isCreditLike skips them): one pass
   * from the end.
   */
  private leadStops(): Int32Array {
    if (this.stops) return this.stops;
    const text = this.text;
    const stops = new Int32Array(text.length + 1);
    stops[text.length] = text.length;
    let nextClose = -1;
    for (let at = text.length - 1; at >= 0; at--) {
      const code = text.charCodeAt(at);
      if (code === 0x3e /* > */) {
        stops[at] = stops[at + 1] as number;
        nextClose = at;
      } else if (code === 0x3c /* < */) stops[at] = nextClose >= 0 ? (stops[nextClose + 1] as number) : at;
      else stops[at] = isLeadMarkup(code) ? (stops[at + 1] as number) : at;
    }
    return (this.stops = stops);
  }

  /** The end of `span` without its trailing white space. */
  trimEnd(span: TextSpan): number {
    let end = this.trimmed.get(span.end);
    if (end === undefined) {
      end = span.end;
      while (end > 0 && /\s/.test(this.text.charAt(end - 1))) end -= 1;
      this.trimmed.set(span.end, end);
    }
    return Math.max(end, span.start);
  }
}

/** Whether the UTF-16 unit is one LEAD_MARKUP matches (white space, `>*_#~`|-`). */
function isLeadMarkup(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0x3e || code === 0x2a || code === 0x5f || code === 0x23 || code === 0x7e || code === 0x60 || code === 0x7c || code === 0x2d;
  return LEAD_MARKUP.test(String.fromCharCode(code));
}
