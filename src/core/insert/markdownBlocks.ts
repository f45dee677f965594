// Markdown's code blocks, for codeContext.ts: fenced and indented code (inside blockquotes
// and list items too) and link definitions, read line by line; then the inline reading of
// what lies outside them (markdownInline.ts).
import type { Region } from './codeRegion';
import { inlineRegions } from './markdownInline';

interface Line {
  readonly start: number;
  /** The end of its text (before the line break). */
  readonly end: number;
  readonly text: string;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  const pattern = /\r\n|\r|\n/g;
  let start = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    lines.push({ start, end: match.index, text: text.slice(start, match.index) });
    start = match.index + match[0].length;
  }
  lines.push({ start, end: text.length, text: text.slice(start) });
  return lines;
}

/** The columns `whitespace` takes (a tab goes to the next multiple of four). */
function columns(whitespace: string, from = 0): number {
  let column = from;
  for (const ch of whitespace) column = ch === '\t' ? column + 4 - (column % 4) : column + 1;
  return column - from;
}

/** The blockquote markers at the start of a line: how many, and where the rest starts. */
function quotePrefix(line: string): { depth: number; length: number } {
  let depth = 0;
  let length = 0;
  for (;;) {
    const match = /^ {0,3}> ?/.exec(line.slice(length));
    if (!match) return { depth, length };
    depth += 1;
    length += match[0].length;
  }
}

const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
const LIST_ITEM = /^([ \t]*)([-+*]|\d{1,9}[.)])([ \t]+|$)/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const THEMATIC_BREAK = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})$/;
const LINK_DEFINITION = /^ {0,3}\[[^\]\n]+\]:/;

interface OpenFence {
  readonly char: string;
  readonly length: number;
  readonly depth: number;
  /** Where the region starts (just inside the fence's first character). */
  readonly start: number;
  /** The list item's content column it belongs to. */
  readonly itemIndent: number;
}

export function markdownRegions(text: string): Region[] {
  const lines = splitLines(text);
  const regions: Region[] = [];
  /** 1 for every character that is inside a code block (the inline reading skips them). */
  const masked = new Uint8Array(text.length);
  const mask = (start: number, end: number): void => void masked.fill(1, Math.max(0, start), Math.min(text.length, end));

  let fence: OpenFence | undefined;
  /** An indented code block being read: its start, and the end of its last code line. */
  let indented: { start: number; end: number; depth: number } | undefined;
  let paragraph = false;
  /** The content column of the list item the lines belong to (0 outside lists). */
  let itemIndent = 0;

  const closeIndented = (): void => {
    if (!indented) return;
    regions.push({ start: indented.start - 1, end: indented.end + 1, kind: 'indented' });
    mask(indented.start, indented.end);
    indented = undefined;
  };

  for (const line of lines) {
    const quote = quotePrefix(line.text);
    const content = line.text.slice(quote.length);
    const contentStart = line.start + quote.length;

    if (fence) {
      // A fence ends at its closing line, or where its blockquote ends.
      if (quote.depth < fence.depth) {
        regions.push({ start: fence.start, end: line.start, kind: 'fence' });
        mask(fence.start, line.start);
        fence = undefined;
      } else {
        const indentMatch = /^[ \t]*/.exec(content)?.[0] ?? '';
        const rest = content.slice(indentMatch.length);
        const closing = new RegExp(`^${fence.char === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
        if (columns(indentMatch) - fence.itemIndent < 4 && closing.test(rest)) {
          regions.push({ start: fence.start, end: line.end, kind: 'fence' });
          mask(fence.start, line.end);
          fence = undefined;
          paragraph = false;
        }
        continue;
      }
    }

    const blank = content.trim() === '';
    const whitespace = /^[ \t]*/.exec(content)?.[0] ?? '';
    const indent = columns(whitespace);

    if (blank) {
      paragraph = false;
      // A blank line inside an indented block belongs to it only if more code follows.
      continue;
    }

    // Leaving a list: a line less indented than the item's content that is not a
    // paragraph's lazy continuation.
    const item = LIST_ITEM.exec(content);
    // A blockquote's marker counts where it stands, not what follows it.
    const lineIndent = quote.depth > 0 ? columns(/^[ \t]*/.exec(line.text)?.[0] ?? '') : indent;
    if (lineIndent < itemIndent && !item && !paragraph) itemIndent = 0;
    const relative = indent - itemIndent;

    if (indented) {
      if (relative >= 4 && quote.depth === indented.depth) {
        indented.end = line.end;
        continue;
      }
      closeIndented();
    }

    if (relative >= 4 && !paragraph) {
      indented = { start: line.start, end: line.end, depth: quote.depth };
      continue;
    }

    const opener = FENCE_OPEN.exec(content);
    const openerIndent = opener ? columns(opener[1] ?? '') - itemIndent : 0;
    if (opener && openerIndent < 4 && !(opener[2]?.startsWith('`') && opener[3]?.includes('`'))) {
      const marker = opener[2] ?? '```';
      fence = {
        char: marker[0] ?? '`',
        length: marker.length,
        depth: quote.depth,
        start: contentStart + (opener[1]?.length ?? 0),
        itemIndent,
      };
      paragraph = false;
      continue;
    }

    if (item && !THEMATIC_BREAK.test(content)) {
      const markerEnd = columns(item[1] ?? '') + (item[2]?.length ?? 1);
      const rest = content.slice(item[0].length);
      const spaces = columns(item[3] ?? '', markerEnd);
      // An empty item, or content five or more columns in (indented code): the content column is one past the marker.
      itemIndent = markerEnd + (rest.trim() === '' || spaces >= 5 ? 1 : spaces);
      paragraph = rest.trim() !== '';
      // The item's own first line may open a fence: `- ```js`.
      const inner = FENCE_OPEN.exec(rest);
      if (inner && !(inner[2]?.startsWith('`') && inner[3]?.includes('`'))) {
        const marker = inner[2] ?? '```';
        fence = { char: marker[0] ?? '`', length: marker.length, depth: quote.depth, start: contentStart + item[0].length + (inner[1]?.length ?? 0), itemIndent };
        paragraph = false;
      }
      continue;
    }

    paragraph = !(ATX_HEADING.test(content) || THEMATIC_BREAK.test(content));
    if (LINK_DEFINITION.test(content)) {
      regions.push({ start: contentStart, end: line.end + 1, kind: 'link' });
      paragraph = false;
    }
  }
  closeIndented();
  // An unclosed fence runs to the end of the document.
  if (fence) {
    regions.push({ start: fence.start, end: text.length + 1, kind: 'fence' });
    mask(fence.start, text.length);
  }
  return [...regions, ...inlineRegions(text, masked)];
}
