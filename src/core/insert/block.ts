// Where an insert sits in the document's text. A Markdown insert is a block of its own:
// blank lines around it as needed, so the image never joins the paragraph above and the
// credit never joins the paragraph below, and none where there already is a blank line
// or the document starts or ends. HTML and JSX markup that spans lines starts on a line
// of its own and takes that line's indentation; on an empty line (no whitespace), the indentation of the
// element it goes into (one level inside an element opened above, level with the element
// above otherwise). CSS and plain text go where the cursor is.
import type { FormatFamily } from './languages';
import type { Piece } from './pieces';
import { text, toSnippet } from './pieces';

/** The text around one cursor (or selection, which the insert replaces). */
export interface LineContext {
  /** The cursor's line from its start to the cursor (the selection's start). */
  readonly lineBefore: string;
  /** The cursor's line from the cursor (the selection's end) to its end. */
  readonly lineAfter: string;
  /** The line above the cursor's line; undefined on the document's first line. */
  readonly previousLine: string | undefined;
  /** The line below the cursor's (the selection end's) line; undefined on the last line. */
  readonly nextLine: string | undefined;
  /** The nearest line above the cursor's with text on it; undefined when there is none. */
  readonly textAbove?: string | undefined;
  /** The nearest line below the cursor's with text on it; undefined when there is none. */
  readonly textBelow?: string | undefined;
  /** One level of indentation in this document (the editor's tab size or a tab). */
  readonly indentUnit?: string | undefined;
}

export interface BlockPadding {
  /** Text to add right before the insert (line breaks and the indentation of the new line). */
  readonly before: string;
  /** Text to add right after it. */
  readonly after: string;
  /** The indentation every further line of the insert gets. */
  readonly indent: string;
}

const NONE: BlockPadding = { before: '', after: '', indent: '' };

const blank = (line: string | undefined): boolean => line !== undefined && line.trim() === '';
const leadingWhitespace = (line: string): string => /^[ \t]*/.exec(line)?.[0] ?? '';

/**
 * Markdown: the column a list item's content starts at (`- `, `1. `), so an insert on a
 * list item's line stays inside that item; otherwise the line's own indentation.
 */
function markdownIndent(line: string): string {
  const item = /^([ \t]*)([-*+]|\d{1,9}[.)])( {1,4}|\t)(?=\S)/.exec(line);
  if (item?.[1] !== undefined && item[2] !== undefined && item[3] !== undefined) {
    return `${item[1]}${' '.repeat(item[2].length + (item[3] === '\t' ? 1 : item[3].length))}`;
  }
  return leadingWhitespace(line);
}

function markdownPadding(ctx: LineContext): BlockPadding {
  const textBefore = ctx.lineBefore.trim() !== '';
  const textAfter = ctx.lineAfter.trim() !== '';
  const indent = textBefore ? markdownIndent(ctx.lineBefore) : ctx.lineBefore;
  let before = '';
  if (textBefore) before = `\n\n${indent}`;
  else if (ctx.previousLine !== undefined && !blank(ctx.previousLine)) before = `\n${indent}`;
  let after = '';
  if (textAfter) after = `\n\n${indent}`;
  else if (ctx.nextLine !== undefined && !blank(ctx.nextLine)) after = '\n';
  return { before, after, indent };
}

/** Elements that never have content, so a line holding one opens nothing. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** The line opens an element that it does not close (`<main>`, `<section class="a">`). */
function opensElement(line: string): boolean {
  const open = /^<([A-Za-z][\w:.-]*)(?:\s[^<>]*)?>$/.exec(line.trim());
  const name = open?.[1];
  if (!open || name === undefined || open[0].endsWith('/>')) return false;
  return !VOID_ELEMENTS.has(name.toLowerCase());
}

/**
 * The indentation markup gets on an empty line: one level inside an element opened on the
 * line of text above, level with that line otherwise; with nothing above, one level inside
 * an element closed below, else level with it. Undefined without text around.
 */
export function markupIndentOnEmptyLine(ctx: LineContext): string | undefined {
  const unitFor = (line: string): string => ctx.indentUnit ?? (leadingWhitespace(line).includes('\t') ? '\t' : '  ');
  if (ctx.textAbove !== undefined) {
    const indent = leadingWhitespace(ctx.textAbove);
    return opensElement(ctx.textAbove) ? `${indent}${unitFor(ctx.textAbove)}` : indent;
  }
  if (ctx.textBelow !== undefined) {
    const indent = leadingWhitespace(ctx.textBelow);
    return /^<\/[A-Za-z]/.test(ctx.textBelow.trim()) ? `${indent}${unitFor(ctx.textBelow)}` : indent;
  }
  return undefined;
}

function markupPadding(ctx: LineContext, multiLine: boolean): BlockPadding {
  const textBefore = ctx.lineBefore.trim() !== '';
  if (ctx.lineBefore === '' && ctx.lineAfter === '') {
    // An empty line: the indentation of the element the insert goes into (on a line of
    // whitespace, that whitespace is the line's indentation, the user's or the editor's).
    const wanted = markupIndentOnEmptyLine(ctx);
    if (wanted) return { before: wanted, after: '', indent: wanted };
  }
  const indent = textBefore ? leadingWhitespace(ctx.lineBefore) : ctx.lineBefore;
  // One line of markup (an <img> alone) is inline content and stays where the cursor is.
  if (!multiLine) return { ...NONE, indent };
  return {
    before: textBefore ? `\n${indent}` : '',
    after: ctx.lineAfter.trim() !== '' ? `\n${indent}` : '',
    indent,
  };
}

/** What to add around an insert of `family` at a cursor; `multiLine`: the insert spans lines. */
export function blockPadding(family: FormatFamily, ctx: LineContext, multiLine: boolean): BlockPadding {
  switch (family) {
    case 'markdown':
      return markdownPadding(ctx);
    case 'html':
    case 'jsx':
      return markupPadding(ctx, multiLine);
    case 'css':
    case 'plain':
      return NONE;
  }
}

/** Every line of `value` after its first gets `indent` in front (empty lines stay empty). */
export function indentFollowingLines(value: string, indent: string): string {
  return indent ? value.replace(/\n(?=[^\r\n])/g, `\n${indent}`) : value;
}

/**
 * The insert laid out at one cursor, as the document will hold it: the padding, then the
 * pieces with every further line indented. `lineIndent` is what the editor itself puts in
 * front of each further line of a snippet (the cursor line's whitespace up to the
 * cursor; '' when nothing does), so it is left out here.
 */
export function layoutBlock(pieces: readonly Piece[], family: FormatFamily, ctx: LineContext, lineIndent = ''): Piece[] {
  const multiLine = pieces.some((p) => ('text' in p ? p.text : p.tabStop).includes('\n'));
  const padding = blockPadding(family, ctx, multiLine);
  const own = (value: string): string => {
    const lines = value.split('\n');
    return lines.map((line, i) => (i > 0 && line.startsWith(lineIndent) ? line.slice(lineIndent.length) : line)).join('\n');
  };
  const extra = padding.indent.startsWith(lineIndent) ? padding.indent.slice(lineIndent.length) : padding.indent;
  const body: Piece[] = [];
  // A line may start in the next piece (the figure's `\n` then its `\t<img`).
  let lineStart = false;
  for (const p of pieces) {
    const value = 'text' in p ? p.text : p.tabStop;
    if (lineStart && extra && value !== '' && !value.startsWith('\n')) body.push(text(extra));
    body.push('text' in p ? text(indentFollowingLines(p.text, extra)) : p);
    if (value !== '') lineStart = value.endsWith('\n');
  }
  return [text(own(padding.before)), ...body, text(own(padding.after))].filter((p) => !('text' in p) || p.text !== '');
}

/**
 * Several inserts (one per photo, joined by `separator`) laid out as one snippet at one
 * place, as layoutBlock does; each keeps its own tab stop number, 1, 2, … in order.
 */
export function layoutSnippet(
  items: readonly (readonly Piece[])[],
  separator: string,
  family: FormatFamily,
  ctx: LineContext,
  lineIndent = '',
): string {
  const all = items.flatMap((pieces, i) => (i === 0 ? [...pieces] : [text(separator), ...pieces]));
  const owners = items.flatMap((pieces, i) => pieces.filter((p) => 'tabStop' in p).map(() => i + 1));
  let stop = 0;
  return layoutBlock(all, family, ctx, lineIndent)
    .map((p) => toSnippet([p], 'tabStop' in p ? (owners[stop++] ?? 1) : 1))
    .join('');
}
