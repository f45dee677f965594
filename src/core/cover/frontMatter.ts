// Where a Markdown/MDX document's front matter is and what syntax it is in, as static site
// generators read it: YAML between `---` lines (Jekyll, Hugo, Astro, Docusaurus, Obsidian;
// Jekyll also ends it with `...`), TOML between `+++` lines (Hugo), and a JSON object at the
// very start (Hugo). A byte order mark may come first. Also the page's title, for a search.
import { parse as parseToml } from 'smol-toml';
import { parseDocument } from 'yaml';
import { parse as parseJson, parseTree } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';

export type FrontMatterSyntax = 'yaml' | 'toml' | 'json';

/**
 * A front matter block. `start`..`end` is the block with its fences, `end` past the closing
 * fence's line end (if it has one); `contentStart`..`contentEnd` is what the fences enclose:
 * for YAML and TOML the lines between them (ending with the last line's line end), for JSON
 * the object itself, braces included.
 */
export interface FrontMatterBlock {
  readonly syntax: FrontMatterSyntax;
  readonly start: number;
  readonly end: number;
  readonly contentStart: number;
  readonly contentEnd: number;
}

const BOM = '\ufeff';

/** Offset past the byte order mark, if the text has one. */
export function bodyStart(text: string): number {
  return text.startsWith(BOM) ? 1 : 0;
}

/** The end of the line at `from` (before its line end) and the start of the next line. */
function lineAt(text: string, from: number): { end: number; next: number } {
  const lf = text.indexOf('\n', from);
  if (lf < 0) return { end: text.length, next: text.length };
  return { end: text.charAt(lf - 1) === '\r' ? lf - 1 : lf, next: lf + 1 };
}

/** A fence line: the fence, then only spaces or tabs (not a regular expression: `/[ \t]+$/` takes quadratic time on a long run of spaces). */
function isFence(line: string, fences: readonly string[]): boolean {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
  return fences.includes(line.slice(0, end));
}

function fenced(text: string, from: number, syntax: 'yaml' | 'toml'): FrontMatterBlock | undefined {
  const open = lineAt(text, from);
  if (open.next === open.end) return undefined; // the opening fence must end its line
  const closers = syntax === 'yaml' ? ['---', '...'] : ['+++'];
  for (let at = open.next; at < text.length; ) {
    const line = lineAt(text, at);
    if (isFence(text.slice(at, line.end), closers)) {
      return { syntax, start: from, end: line.next, contentStart: open.next, contentEnd: at };
    }
    at = line.next;
  }
  return undefined;
}

/** The JSON object at `from`, if it is one, strict JSON, and its line ends right after it. */
function jsonBlock(text: string, from: number): FrontMatterBlock | undefined {
  // The first value's extent (what follows it is the body, which parseTree reports as an error).
  const root = parseTree(text.slice(from), [], { disallowComments: true });
  if (root?.type !== 'object') return undefined;
  const close = from + root.offset + root.length;
  const errors: ParseError[] = [];
  parseJson(text.slice(from, close), errors, { disallowComments: true, allowTrailingComma: false });
  const line = lineAt(text, close);
  if (errors.length > 0 || text.slice(close, line.end).trim() !== '') return undefined;
  return { syntax: 'json', start: from, end: line.next, contentStart: from, contentEnd: close };
}

export function findFrontMatter(text: string): FrontMatterBlock | undefined {
  const from = bodyStart(text);
  const first = text.slice(from, lineAt(text, from).end);
  if (isFence(first, ['---'])) return fenced(text, from, 'yaml');
  if (isFence(first, ['+++'])) return fenced(text, from, 'toml');
  if (text.charAt(from) === '{') return jsonBlock(text, from);
  return undefined;
}

/**
 * What the text starts with when it has no front matter that `findFrontMatter` accepts: an
 * opening fence without its closing one, or what looks like a JSON object with a key but
 * does not parse. A cover is not written there (a new YAML block above it would turn the
 * author's front matter into body text).
 */
export function unclosedFrontMatter(text: string): FrontMatterSyntax | undefined {
  const from = bodyStart(text);
  const first = text.slice(from, lineAt(text, from).end);
  if (isFence(first, ['---'])) return 'yaml';
  if (isFence(first, ['+++'])) return 'toml';
  if (/^\{\s*"/.test(text.slice(from))) return 'json';
  return undefined;
}

/** The line end the block uses (that of its first line; `\n` if it has none). */
export function lineEnding(text: string, from = 0): '\n' | '\r\n' {
  const lf = text.indexOf('\n', from);
  return lf > 0 && text.charAt(lf - 1) === '\r' ? '\r\n' : '\n';
}

/** The data of front matter content (between the fences; JSON: the object), or undefined when it does not parse or is not a map. */
export function parseFrontMatter(syntax: FrontMatterSyntax, content: string): Record<string, unknown> | undefined {
  try {
    let data: unknown;
    if (syntax === 'yaml') {
      // A key given twice is read as libyaml and go-yaml read it (Jekyll, Hugo): the last one wins.
      const doc = parseDocument(content, { uniqueKeys: false });
      if (doc.errors.length > 0) return undefined;
      data = doc.toJS() ?? {};
    } else if (syntax === 'toml') {
      data = parseToml(content);
    } else {
      const errors: ParseError[] = [];
      data = parseJson(content, errors, { disallowComments: true, allowTrailingComma: false });
      if (errors.length > 0) return undefined;
    }
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The front matter's data, or undefined when it does not parse (or is not a map). */
export function frontMatterData(text: string, block: FrontMatterBlock): Record<string, unknown> | undefined {
  return parseFrontMatter(block.syntax, text.slice(block.contentStart, block.contentEnd));
}

/** One line of text for a query: no control characters, spaces collapsed, at most 200 characters. */
function oneLine(value: string): string | undefined {
  const line = value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return line === '' ? undefined : line;
}

/** The first level-1 heading of Markdown text (ATX `# …` or setext `…\n===`), outside fenced code. */
function firstHeading(body: string): string | undefined {
  const lines = body.split(/\r?\n/);
  let fence = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker.charAt(0) === fence.charAt(0) && marker.length >= fence.length && line.trim() === marker) fence = '';
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const atx = /^ {0,3}#(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) {
      const heading = oneLine(atx[1] ?? '');
      if (heading) return heading;
      continue;
    }
    const next = lines[i + 1] ?? '';
    if (line.trim() !== '' && /^ {0,3}=+[ \t]*$/.test(next) && !/^ {0,3}([-*_>]|\d+[.)]|<)/.test(line)) {
      const heading = oneLine(line);
      if (heading) return heading;
    }
  }
  return undefined;
}

/** The page's title for a search query: front matter `title`, else the first `# heading` of the body; undefined if none. */
export function pageTitle(text: string): string | undefined {
  const block = findFrontMatter(text);
  if (block) {
    const title = frontMatterData(text, block)?.['title'];
    if (typeof title === 'string') {
      const line = oneLine(title);
      if (line) return line;
    }
  }
  return firstHeading(text.slice(block ? block.end : bodyStart(text)));
}
