// Where a missing credit goes (the credit check's quick fix, creditCheck.ts has the rule):
// where the insert command would have put it, and the text inserted there. The document is
// read once (creditCheck.ts CreditContext), so adding the credits of every link of a page
// does not read the page again for each.
import type { FrontMatterCredit } from './cover/frontMatterCredit';
import type { FormatFamily } from './insert/languages';
import type { TextIndex, TextSpan } from './textIndex';

/** What placing a credit reads of a document (creditCheck.ts CreditContext). */
export interface PlacementText {
  readonly text: string;
  readonly family: FormatFamily;
  readonly index: TextIndex;
  frontMatterAt(offset: number): FrontMatterCredit | undefined;
  figureAround(span: TextSpan): TextSpan | undefined;
  /** The end of `span` without its trailing white space. */
  trimEnd(span: TextSpan): number;
}

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

function lineIndentAt(credit: PlacementText, offset: number): string {
  const lineStart = credit.index.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(credit.text.slice(lineStart))?.[0] ?? '';
}

function lineEndAt(credit: PlacementText, offset: number): number {
  const newline = credit.index.indexOf('\n', offset);
  const end = newline < 0 ? credit.text.length : newline;
  return end > 0 && credit.text[end - 1] === '\r' ? end - 1 : end;
}

/** Elements whose content belongs to the media (a credit goes after their end tag). */
const WRAPPING_TAGS = ['video', 'picture', 'audio', 'a'];

/** The end of the HTML element the URL at `span` belongs to. */
function elementEnd(credit: PlacementText, span: TextSpan): number {
  const { index, text } = credit;
  const tagOpen = index.lastIndexOf('<', span.start, true);
  const tagClose = index.lastIndexOf('>', span.start, true);
  if (tagOpen < 0 || tagClose > tagOpen) {
    // Not inside a tag (a URL in text): after it.
    return span.end;
  }
  for (const name of WRAPPING_TAGS) {
    const open = index.lastIndexOf(`<${name}`, span.start, true);
    if (open < 0 || !/[\s>/]/.test(index.lower.charAt(open + name.length + 1))) continue;
    const close = index.indexOf(`</${name}`, span.end, true);
    const closedBefore = index.indexOf(`</${name}`, open, true);
    if (close >= 0 && (closedBefore < 0 || closedBefore >= span.start)) {
      const end = index.indexOf('>', close, true);
      return end < 0 ? text.length : end + 1;
    }
  }
  const end = index.indexOf('>', span.end, true);
  return end < 0 ? text.length : end + 1;
}

/** creditPlacement in a document read once (the quick fix for every link of a page). */
export function creditPlacementIn(credit: PlacementText, span: TextSpan): CreditPlacement {
  const { text } = credit;
  const front = credit.frontMatterAt(span.start);
  if (front) return { kind: 'afterFrontMatter', offset: front.block.end, lineBreak: text.charAt(front.block.end - 1) !== '\n' };
  switch (credit.family) {
    case 'markdown':
      return { kind: 'paragraph', offset: credit.trimEnd(credit.index.paragraphAt(span.start)) };
    case 'html':
    case 'jsx': {
      const figure = credit.figureAround(span);
      if (figure) {
        const inside = text.slice(figure.start, figure.end).toLowerCase();
        const closeTag = figure.start + inside.lastIndexOf('</figure');
        if (!inside.includes('<figcaption')) {
          return { kind: 'figcaption', offset: credit.trimEnd({ start: figure.start, end: closeTag }), indent: lineIndentAt(credit, figure.start) };
        }
        return { kind: 'creditParagraph', offset: figure.end, indent: lineIndentAt(credit, figure.start) };
      }
      const end = elementEnd(credit, span);
      return { kind: 'creditParagraph', offset: end, indent: lineIndentAt(credit, end) };
    }
    case 'css': {
      const close = credit.index.indexOf(')', span.end);
      return { kind: 'inline', offset: close < 0 ? span.end : close + 1 };
    }
    case 'plain':
      return { kind: 'line', offset: lineEndAt(credit, span.end) };
  }
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
