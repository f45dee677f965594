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
import { frontMatterCreditAt, frontMatterEnd } from './cover/frontMatterCredit';
import type { FrontMatterCredit } from './cover/frontMatterCredit';
import type { FormatFamily } from './insert/languages';

export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/** Lower case, no accents, single spaces: how names are compared. */
export function foldName(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

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

const BLANK_LINE = /\n[ \t]*\r?\n/g;

/** The paragraph (lines between blank lines) around `offset`. */
export function paragraphAt(text: string, offset: number): TextSpan {
  let start = 0;
  let end = text.length;
  for (const match of text.matchAll(BLANK_LINE)) {
    const blankStart = match.index;
    const blankEnd = blankStart + match[0].length;
    if (blankEnd <= offset) start = blankEnd;
    else if (blankStart >= offset) {
      end = blankStart;
      break;
    } else {
      // The offset is inside the blank run itself.
      start = blankEnd;
    }
  }
  return { start, end };
}

/** The paragraph after `span`, if there is one. */
function nextParagraph(text: string, span: TextSpan): TextSpan | undefined {
  const rest = text.slice(span.end);
  const first = /\S/.exec(rest);
  if (!first) return undefined;
  return paragraphAt(text, span.end + first.index);
}

/** Words a credit line starts with, in the languages of creditWords.ts and as people write them. */
const CREDIT_LEAD = /^(?:photos?|photograph|photography|foto|fotos|video|videos|image|images|bild|bilder|credits?|source|quelle|aufnahme|picture|©|\(c\))(?![\p{L}\p{N}])/iu;

/** Whether a paragraph reads as a credit line. */
export function isCreditLike(paragraph: string): boolean {
  const lead = paragraph
    .replace(/<[^>]*>/g, ' ')
    .replace(/^[\s>*_#~`|-]+/, '')
    .trimStart();
  return CREDIT_LEAD.test(lead);
}

/** The `<figure>` element around `span`, if any. */
export function figureAround(text: string, span: TextSpan): TextSpan | undefined {
  const lower = text.toLowerCase();
  const open = lower.lastIndexOf('<figure', span.start);
  if (open < 0) return undefined;
  const closedBetween = lower.indexOf('</figure', open);
  if (closedBetween >= 0 && closedBetween < span.start) return undefined;
  const close = lower.indexOf('</figure', span.end);
  if (close < 0) return undefined;
  const closeEnd = lower.indexOf('>', close);
  return { start: open, end: closeEnd < 0 ? text.length : closeEnd + 1 };
}

/** The stretches of text where a credit for the media at `span` counts (the rule above; a media in front matter: see frontMatterScope). */
export function creditScope(text: string, span: TextSpan, family: FormatFamily): TextSpan[] {
  if (family === 'html' || family === 'jsx') {
    const figure = figureAround(text, span);
    if (figure) return [figure];
  }
  const paragraph = paragraphAt(text, span.start);
  // The body's paragraphs start after the front matter: its alt texts credit nobody there.
  const bodyStart = frontMatterEnd(text);
  const own = span.start >= bodyStart ? { start: Math.max(paragraph.start, bodyStart), end: paragraph.end } : paragraph;
  const next = nextParagraph(text, own);
  return next && isCreditLike(text.slice(next.start, next.end)) ? [own, next] : [own];
}

/** The body's first paragraph after the front matter, when it reads as a credit line. */
function creditLineAfter(text: string, front: FrontMatterCredit): TextSpan | undefined {
  const first = /\S/.exec(text.slice(front.block.end));
  if (!first) return undefined;
  const found = paragraphAt(text, front.block.end + first.index);
  const paragraph = { start: Math.max(found.start, front.block.end), end: found.end };
  return isCreditLike(text.slice(paragraph.start, paragraph.end)) ? paragraph : undefined;
}

/** The texts that credit a media at `offset` in front matter (its visible values, a credit line under it), or undefined when `offset` is not in front matter that parses. */
export function frontMatterScope(text: string, offset: number): string[] | undefined {
  const front = frontMatterCreditAt(text, offset);
  if (!front) return undefined;
  const line = creditLineAfter(text, front);
  return line ? [front.values, text.slice(line.start, line.end)] : [front.values];
}

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

/** Whether `name` (folded) stands in `text` (folded) as a whole word or words. */
export function containsName(text: string, name: string): boolean {
  const needle = foldName(name);
  if (needle === '') return false;
  const haystack = foldName(text);
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack.slice(0, at);
    const after = haystack.slice(at + needle.length);
    if (!/[\p{L}\p{N}]$/u.test(before) && !/^[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

export interface CreditNames {
  /** The photographer (or videographer) as the service names them; may be empty. */
  readonly author: string;
  readonly serviceName: string;
}

/** What a reader sees where a credit for the media at `span` counts (the rule at the top of this file): kept by In This Workspace, asked once the name is known. */
export function creditTexts(text: string, span: TextSpan, family: FormatFamily): string[] {
  // Front matter values are Markdown or plain text (a caption, a credit field), whatever the page's format.
  const front = frontMatterScope(text, span.start);
  if (front) return front.map((scope) => visibleText(scope, 'markdown'));
  return creditScope(text, span, family).map((scope) => visibleText(text.slice(scope.start, scope.end), family));
}

/** Whether one of `texts` (creditTexts) credits `names`. */
export function namesCredited(texts: readonly string[], names: CreditNames): boolean {
  const name = names.author.trim() !== '' ? names.author : names.serviceName;
  return texts.some((t) => containsName(t, name));
}

/** Whether the media at `span` in `text` is credited (the rule at the top of this file). */
export function hasCreditNear(text: string, span: TextSpan, family: FormatFamily, names: CreditNames): boolean {
  return namesCredited(creditTexts(text, span, family), names);
}

// ---- where a missing credit goes --------------------------------------------------------

export type CreditPlacement =
  /** Markdown: a paragraph of its own after the media's paragraph. */
  | { readonly kind: 'paragraph'; readonly offset: number }
  /** HTML/JSX in a figure without a caption: a `<figcaption>` before `</figure>`. */
  | { readonly kind: 'figcaption'; readonly offset: number; readonly indent: string }
  /** HTML/JSX: a `<p class="credit">` on the line after the element (or figure). */
  | { readonly kind: 'creditParagraph'; readonly offset: number; readonly indent: string }
  /** CSS: a comment right after the `url(…)`. */
  | { readonly kind: 'inline'; readonly offset: number }
  /** Anything else: the next line. */
  | { readonly kind: 'line'; readonly offset: number }
  /** A media in front matter: a credit line at the top of the body, right after the block (`lineBreak`: the block's closing line has no line end). */
  | { readonly kind: 'afterFrontMatter'; readonly offset: number; readonly lineBreak: boolean };

function lineIndentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

function lineEndAt(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  const end = newline < 0 ? text.length : newline;
  return end > 0 && text[end - 1] === '\r' ? end - 1 : end;
}

/** Elements whose content belongs to the media (a credit goes after their end tag). */
const WRAPPING_TAGS = ['video', 'picture', 'audio', 'a'];

/** The end of the HTML element the URL at `span` belongs to. */
function elementEnd(text: string, span: TextSpan): number {
  const lower = text.toLowerCase();
  const tagOpen = lower.lastIndexOf('<', span.start);
  const tagClose = lower.lastIndexOf('>', span.start);
  if (tagOpen < 0 || tagClose > tagOpen) {
    // Not inside a tag (a URL in text): after it.
    return span.end;
  }
  for (const name of WRAPPING_TAGS) {
    const open = lower.lastIndexOf(`<${name}`, span.start);
    if (open < 0 || !/[\s>/]/.test(lower.charAt(open + name.length + 1))) continue;
    const close = lower.indexOf(`</${name}`, span.end);
    const closedBefore = lower.indexOf(`</${name}`, open);
    if (close >= 0 && (closedBefore < 0 || closedBefore >= span.start)) {
      const end = lower.indexOf('>', close);
      return end < 0 ? text.length : end + 1;
    }
  }
  const end = lower.indexOf('>', span.end);
  return end < 0 ? text.length : end + 1;
}

/** Where the credit for the media at `span` goes, as the insert command would have put it. */
export function creditPlacement(text: string, span: TextSpan, family: FormatFamily): CreditPlacement {
  const front = frontMatterCreditAt(text, span.start);
  if (front) return { kind: 'afterFrontMatter', offset: front.block.end, lineBreak: !/\n$/.test(text.slice(0, front.block.end)) };
  switch (family) {
    case 'markdown':
      return { kind: 'paragraph', offset: trimEndOffset(text, paragraphAt(text, span.start)) };
    case 'html':
    case 'jsx': {
      const figure = figureAround(text, span);
      if (figure) {
        const inside = text.slice(figure.start, figure.end).toLowerCase();
        const closeTag = figure.start + inside.lastIndexOf('</figure');
        if (!inside.includes('<figcaption')) {
          return { kind: 'figcaption', offset: trimEndOffset(text, { start: figure.start, end: closeTag }), indent: lineIndentAt(text, figure.start) };
        }
        return { kind: 'creditParagraph', offset: figure.end, indent: lineIndentAt(text, figure.start) };
      }
      const end = elementEnd(text, span);
      return { kind: 'creditParagraph', offset: end, indent: lineIndentAt(text, end) };
    }
    case 'css': {
      const close = text.indexOf(')', span.end);
      return { kind: 'inline', offset: close < 0 ? span.end : close + 1 };
    }
    case 'plain':
      return { kind: 'line', offset: lineEndAt(text, span.end) };
  }
}

/** The end of `span` without its trailing white space. */
function trimEndOffset(text: string, span: TextSpan): number {
  let end = span.end;
  while (end > span.start && /\s/.test(text.charAt(end - 1))) end -= 1;
  return end;
}

/**
 * The text to insert at the placement: `credit` is the credit in the family's syntax
 * (credit.ts: creditMarkdown, creditHtml, …), `eol` the document's line end.
 */
export function creditInsertText(placement: CreditPlacement, credit: string, family: FormatFamily, eol: string): string {
  const classAttr = family === 'jsx' ? 'className' : 'class';
  switch (placement.kind) {
    case 'paragraph':
      return `${eol}${eol}${credit}`;
    case 'figcaption':
      return `${eol}${placement.indent}\t<figcaption>${credit}</figcaption>`;
    case 'creditParagraph':
      return `${eol}${placement.indent}<p ${classAttr}="credit">${credit}</p>`;
    case 'inline':
      return ` ${credit}`;
    case 'line':
      return `${eol}${credit}`;
    case 'afterFrontMatter': {
      const line = family === 'html' || family === 'jsx' ? `<p ${classAttr}="credit">${credit}</p>${eol}` : family === 'markdown' ? `${credit}${eol}${eol}` : `${credit}${eol}`;
      return placement.lineBreak ? `${eol}${line}` : line;
    }
  }
}
