// Whether a place in a document is code, or part of a link or a tag, where a pasted or
// dropped link must stay the text it is: never image markup. Read the way the built-in
// Markdown paste decides whether a URL may become a link (fenced and indented code blocks,
// inline code, a link's text or target, an autolink, a link definition), plus HTML's own
// code: <code>, <pre>, <script>, <style>, <textarea>, comments, the inside of a tag (its
// attribute values) and template tags (<?…?>, <%…%>, {{…}}, {%…%}).
//
// A light reading, line by line, not a full CommonMark parser: it leans to "code" where
// the two could disagree, since a link pasted as text is never wrong, and image markup in
// a code block is.
import type { FormatFamily } from './languages';

export type CodeContext =
  /** A fenced code block (``` or ~~~), its info string included. */
  | 'fence'
  /** An indented code block (four spaces or a tab). */
  | 'indented'
  /** Inline code: `…`, ``…``. */
  | 'inline'
  /** Inside <code>, <pre>, <samp>, <kbd>, <script>, <style> or <textarea>. */
  | 'html'
  /** A template language's tag: <?…?>, <%…%>, {{…}}, {%…%}. */
  | 'template'
  /** An HTML comment. */
  | 'comment'
  /** Inside an HTML tag: its name or attributes (`<img src="|">`). */
  | 'tag'
  /** A Markdown link's text or target (`[x](|)`, `![](|)`), an autolink or a link definition. */
  | 'link';

interface Region {
  /** The place is inside when `start < offset < end`. */
  readonly start: number;
  readonly end: number;
  readonly kind: CodeContext;
}

/** What is at `offset` of `text`, in a document of `family`; undefined where an insert may go. */
export function codeContextAt(text: string, offset: number, family: FormatFamily): CodeContext | undefined {
  return regionAt(codeRegions(text, family), offset);
}

/**
 * The same for a selection (`start`..`end`): code when either end is. A selection that
 * holds a whole code block is replaced, as any selection is.
 */
export function codeContextOfRange(text: string, start: number, end: number, family: FormatFamily): CodeContext | undefined {
  return codeContextOfRanges(text, [{ start, end }], family);
}

/** The first code context among several selections (several cursors), the document read once. */
export function codeContextOfRanges(text: string, ranges: readonly { readonly start: number; readonly end: number }[], family: FormatFamily): CodeContext | undefined {
  const regions = codeRegions(text, family);
  for (const { start, end } of ranges) {
    const found = regionAt(regions, start) ?? (end === start ? undefined : regionAt(regions, end));
    if (found) return found;
  }
  return undefined;
}

function regionAt(regions: readonly Region[], offset: number): CodeContext | undefined {
  return regions.find((r) => r.start < offset && offset < r.end)?.kind;
}

function codeRegions(text: string, family: FormatFamily): Region[] {
  switch (family) {
    case 'markdown':
      return markdownRegions(text);
    case 'html':
      return htmlRegions(text, new Uint8Array(text.length), true);
    default:
      return [];
  }
}

// ---- Markdown: blocks ----------------------------------------------------------------------

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

function markdownRegions(text: string): Region[] {
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

// ---- Markdown: inline ----------------------------------------------------------------------

/**
 * Code spans, HTML and links in the text outside the code blocks (`masked`), left to
 * right as CommonMark reads them: whichever starts first wins.
 */
function inlineRegions(text: string, masked: Uint8Array): Region[] {
  const regions: Region[] = [];
  const spans = new Uint8Array(masked);
  let i = 0;
  while (i < text.length) {
    if (masked[i]) {
      i += 1;
      continue;
    }
    const ch = text[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '`') {
      const run = backtickRun(text, i);
      const close = closingRun(text, i + run, run, masked);
      if (close === undefined) {
        // Between the backticks of an empty pair (`` with the cursor in it, as the editor
        // closes a typed backtick): code being written.
        if (run > 1) regions.push({ start: i, end: i + run, kind: 'inline' });
        i += run;
        continue;
      }
      regions.push({ start: i, end: close + run, kind: 'inline' });
      spans.fill(1, i, close + run);
      i = close + run;
      continue;
    }
    i += 1;
  }
  // HTML and links in what is left.
  regions.push(...htmlRegions(text, spans, false));
  const withHtml = new Uint8Array(spans);
  for (const r of regions) withHtml.fill(1, Math.max(0, r.start), Math.min(text.length, r.end));
  regions.push(...linkRegions(text, withHtml));
  return regions;
}

const BLANK_LINE_AHEAD = /(?:\r\n|\r|\n)[ \t>]*(?:\r\n|\r|\n|$)/y;

function backtickRun(text: string, at: number): number {
  let n = 0;
  while (text[at + n] === '`') n += 1;
  return n;
}

/** Where the backtick run of exactly `length` that closes a code span starts; undefined at a blank line or a code block. */
function closingRun(text: string, from: number, length: number, masked: Uint8Array): number | undefined {
  let i = from;
  while (i < text.length) {
    if (masked[i]) return undefined;
    if (text[i] === '\n' || text[i] === '\r') {
      // A blank line ends the paragraph, and with it any code span.
      BLANK_LINE_AHEAD.lastIndex = i;
      if (BLANK_LINE_AHEAD.test(text)) return undefined;
    }
    if (text[i] === '`') {
      const run = backtickRun(text, i);
      if (run === length) return i;
      i += run;
      continue;
    }
    i += 1;
  }
  return undefined;
}

const LINK_PATTERNS: readonly RegExp[] = [
  // [text](target), ![alt](target), [text][ref]: the whole of it.
  /!?\[[^[\]\r\n]*\](?:\([^()\r\n]*(?:\([^()\r\n]*\)[^()\r\n]*)*\)|\[[^[\]\r\n]*\])/g,
  // A target after any bracket (a linked image's outer link: `[![alt](src)](|)`).
  /\]\([^()\r\n]*(?:\([^()\r\n]*\)[^()\r\n]*)*\)/g,
  // Autolinks: <https://…>, <mailto:…>.
  /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*>/g,
];

function linkRegions(text: string, masked: Uint8Array): Region[] {
  const regions: Region[] = [];
  for (const pattern of LINK_PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      // Only where every character is outside code: `[x](y)` inside a code span is code.
      if (masked.subarray(start, end).some((m) => m === 1)) {
        pattern.lastIndex = start + 1;
        continue;
      }
      regions.push({ start, end, kind: 'link' });
    }
  }
  return regions;
}

// ---- HTML ----------------------------------------------------------------------------------

/** Elements whose content is code or preformatted text. */
const CODE_ELEMENTS = new Set(['code', 'pre', 'samp', 'kbd', 'tt', 'var', 'listing', 'xmp', 'plaintext']);
/** Elements whose content is raw text: no tags inside until the end tag. */
const RAW_ELEMENTS = new Set(['script', 'style', 'textarea', 'title']);

const TAG = /^<(\/?)([A-Za-z][A-Za-z0-9:-]*)(?:\s+(?:[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]*))?)|\s*\/)*\s*>/;
const TEMPLATE_TAGS: readonly (readonly [string, string])[] = [
  ['<?', '?>'],
  ['<%', '%>'],
  ['{{', '}}'],
  ['{%', '%}'],
];

/**
 * Comments, tags, template tags and the content of code elements in `text`, skipping what
 * `masked` marks. `templates`: read template tags (HTML documents; in Markdown `{{` is text).
 */
function htmlRegions(text: string, masked: Uint8Array, templates: boolean): Region[] {
  const regions: Region[] = [];
  /** Open code elements: name and where their content starts. */
  const open: { name: string; start: number }[] = [];
  let i = 0;
  while (i < text.length) {
    if (masked[i]) {
      i += 1;
      continue;
    }
    if (templates) {
      const template = TEMPLATE_TAGS.find(([opening]) => text.startsWith(opening, i));
      if (template) {
        const close = text.indexOf(template[1], i + template[0].length);
        const end = close < 0 ? text.length + 1 : close + template[1].length;
        regions.push({ start: i, end, kind: 'template' });
        i = Math.max(end, i + 1);
        continue;
      }
    }
    if (text[i] !== '<') {
      i += 1;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      const end = close < 0 ? text.length + 1 : close + 3;
      regions.push({ start: i, end, kind: 'comment' });
      i = Math.min(end, text.length);
      continue;
    }
    if (text.startsWith('<!', i) || (!templates && text.startsWith('<?', i))) {
      const close = text.indexOf('>', i);
      const end = close < 0 ? text.length + 1 : close + 1;
      regions.push({ start: i, end, kind: 'tag' });
      i = Math.min(end, text.length);
      continue;
    }
    const tag = TAG.exec(text.slice(i, i + 4096));
    if (!tag) {
      const unfinished = unfinishedTag(text, i);
      if (unfinished) regions.push({ start: i, end: i + unfinished + 1, kind: 'tag' });
      i += Math.max(1, unfinished ?? 1);
      continue;
    }
    const end = i + tag[0].length;
    regions.push({ start: i, end, kind: 'tag' });
    const closing = tag[1] === '/';
    const name = (tag[2] ?? '').toLowerCase();
    if (!closing && RAW_ELEMENTS.has(name)) {
      const close = text.toLowerCase().indexOf(`</${name}`, end);
      regions.push({ start: end - 1, end: close < 0 ? text.length + 1 : close + 1, kind: 'html' });
      i = close < 0 ? text.length : close;
      continue;
    }
    if (CODE_ELEMENTS.has(name) && !tag[0].endsWith('/>')) {
      if (!closing) open.push({ name, start: end });
      else {
        const at = open.map((o) => o.name).lastIndexOf(name);
        if (at >= 0) {
          const [outer] = open.splice(at);
          if (outer) regions.push({ start: outer.start - 1, end: i + 1, kind: 'html' });
        }
      }
    }
    i = end;
  }
  // Unclosed code elements run to the end.
  const outer = open[0];
  if (outer) regions.push({ start: outer.start - 1, end: text.length + 1, kind: 'html' });
  return regions;
}

/**
 * A tag still being typed at the end of a line or the document (`<img src="|`): its length
 * up to the end of its line, so a place inside its attributes counts as the tag.
 */
function unfinishedTag(text: string, at: number): number | undefined {
  const match = /^<\/?[A-Za-z][A-Za-z0-9:-]*\s[^<>\r\n]*$/m.exec(text.slice(at, at + 4096));
  return match && /=\s*["']?[^\s"'<>]*$|=\s*["'][^"']*$/.test(match[0]) ? match[0].length : undefined;
}
