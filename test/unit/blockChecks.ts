// Reading a Markdown or HTML document back the way a renderer does, to compare its blocks
// before and after an insert. Pure Node: used by the unit tests and the VS Code tests.
import { createRequire } from 'node:module';
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

interface MarkdownToken {
  readonly type: string;
  readonly content: string;
  readonly children: MarkdownToken[] | null;
}

interface MarkdownIt {
  parse(text: string, env: object): MarkdownToken[];
}

// markdown-it ships no types; it is loaded at run time as the hostile suite does.
const load = createRequire(__filename);
const markdownIt = load('markdown-it') as (options: { html: boolean }) => MarkdownIt;
const md = markdownIt({ html: true });

/**
 * The document's paragraphs (and raw HTML blocks, headings), each as its text with the
 * containers it is in, e.g. `li > p: Second item`. Inline line breaks become spaces.
 */
export function markdownBlocks(text: string): string[] {
  const out: string[] = [];
  const open: string[] = [];
  const tokens = md.parse(text, {});
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') open.push('list');
    else if (token.type === 'list_item_open') open.push('li');
    else if (token.type === 'blockquote_open') open.push('quote');
    else if (token.type === 'list_item_close' || token.type === 'bullet_list_close' || token.type === 'ordered_list_close' || token.type === 'blockquote_close') {
      open.pop();
    } else if (token.type === 'paragraph_open' || token.type === 'heading_open') {
      const inline = tokens[i + 1];
      const kind = token.type === 'paragraph_open' ? 'p' : 'h';
      out.push(`${[...open.filter((o) => o === 'li' || o === 'quote'), kind].join(' > ')}: ${(inline?.content ?? '').replace(/\s*\n\s*/g, ' ')}`);
    } else if (token.type === 'html_block' || token.type === 'code_block' || token.type === 'fence') {
      out.push(`${[...open.filter((o) => o === 'li' || o === 'quote'), token.type].join(' > ')}: ${token.content.trim()}`);
    }
  }
  return out;
}

/** The inline tokens of the paragraph whose text is `content` (e.g. to see it is one image). */
export function inlineTypes(text: string, content: string): string[] | undefined {
  const tokens = md.parse(text, {});
  const inline = tokens.find((t) => t.type === 'inline' && t.content.replace(/\s*\n\s*/g, ' ') === content);
  return inline?.children?.map((c) => c.type);
}

type Node = DefaultTreeAdapterMap['node'];

/** HTML elements in document order, each as `tag` with its attributes' names. */
export function htmlElements(text: string): string[] {
  const out: string[] = [];
  const walk = (node: Node): void => {
    if ('tagName' in node) out.push([node.tagName, ...node.attrs.map((a) => a.name)].join(' '));
    if ('childNodes' in node) for (const child of node.childNodes) walk(child);
  };
  walk(parseFragment(text) as unknown as Node);
  return out;
}
