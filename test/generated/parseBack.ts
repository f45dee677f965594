// Reads an inserted text back the way the program that will open the document does, and
// reduces what that program sees to a Reading: the structure (elements, attributes, links,
// code, comments, in document order), the texts a reader sees (text runs and non-URL
// attribute values, entities and escapes decoded) and the link targets. Two readings of
// one format, one made with harmless marker texts and one with the service's texts, must
// have the same structure and the same links; the texts differ only where the markers
// stood (see properties.ts). Pure Node: no 'vscode' here.
import { createRequire } from 'node:module';
import { decodeHTML } from 'entities';
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import postcss from 'postcss';
import type { ChildNode, Root } from 'postcss';
import postcssScss from 'postcss-scss';
import type * as TS from 'typescript';

interface MarkdownToken {
  readonly type: string;
  readonly tag: string;
  readonly markup: string;
  readonly content: string;
  readonly attrs: [string, string][] | null;
  readonly children: MarkdownToken[] | null;
}

interface MarkdownIt {
  parse(text: string, env: object): MarkdownToken[];
  normalizeLink(url: string): string;
}

// Loaded at run time: typescript is large (and external to the test bundles), markdown-it
// and postcss-less ship no types.
const load = createRequire(__filename);
const ts = load('typescript') as typeof TS;
const markdownItFactory = load('markdown-it') as (options: { html: boolean; linkify: boolean }) => MarkdownIt;
const postcssLess = load('postcss-less') as { parse: (css: string) => Root };

export interface Reading {
  /** Structure, in document order: `#text` for a text run, `<img alt src=…>`, `link href=…`, … */
  readonly shape: string[];
  /** The texts a reader sees, one per `#text` (and per non-URL attribute or comment) in shape. */
  readonly segments: string[];
  /** What each segment is: `#text`, `@alt` (an attribute), a comment, … */
  readonly labels: string[];
  /** Every link target: href, src, poster, url(). */
  readonly urls: string[];
}

class ReadingBuilder {
  readonly shape: string[] = [];
  readonly segments: string[] = [];
  readonly labels: string[] = [];
  readonly urls: string[] = [];
  private run: string | undefined;

  text(value: string): void {
    this.run = (this.run ?? '') + value;
  }

  /** A structural mark (an element, a token type). */
  mark(value: string): void {
    this.flush();
    this.shape.push(value);
  }

  /** A text that is not part of a run: an attribute value, a comment. */
  value(label: string, value: string): void {
    this.flush();
    this.shape.push(label);
    this.segments.push(value);
    this.labels.push(label);
  }

  url(label: string, value: string): void {
    this.flush();
    this.shape.push(`${label}=${value}`);
    this.urls.push(value);
  }

  done(): Reading {
    this.flush();
    return { shape: this.shape, segments: this.segments, labels: this.labels, urls: this.urls };
  }

  private flush(): void {
    if (this.run === undefined) return;
    this.shape.push('#text');
    this.segments.push(this.run);
    this.labels.push('#text');
    this.run = undefined;
  }
}

/** Attributes whose value is a link target, in HTML and JSX. */
export const URL_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'src', 'poster', 'action', 'formaction', 'xlink:href', 'data', 'background', 'cite']);
/** Attributes whose value is a list of image candidates (`url 940w, …`); React spells it `srcSet`. */
const SRCSET_ATTRIBUTES: ReadonlySet<string> = new Set(['srcset', 'srcSet']);

/**
 * A srcset as the HTML standard's parser splits it: leading white space and commas skipped,
 * the URL up to white space (trailing commas cut, then no descriptors), the descriptors up
 * to the next comma.
 */
export function parseSrcset(value: string): { url: string; descriptors: string[] }[] {
  const candidates: { url: string; descriptors: string[] }[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value.charAt(i))) i += 1;
    if (i >= value.length) break;
    let url = '';
    while (i < value.length && !/\s/.test(value.charAt(i))) url += value.charAt(i++);
    let descriptors: string[] = [];
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      let rest = '';
      while (i < value.length && value.charAt(i) !== ',') rest += value.charAt(i++);
      descriptors = rest.trim().split(/\s+/).filter((d) => d !== '');
    }
    candidates.push({ url, descriptors });
  }
  return candidates;
}

/** Each candidate's URL is a link; its descriptors are structure. */
function readSrcset(name: string, value: string, out: ReadingBuilder): void {
  for (const { url, descriptors } of parseSrcset(value)) {
    out.url(name, url);
    out.mark(`${name} descriptors ${descriptors.join(' ')}`);
  }
}

// ---- Markdown: markdown-it (CommonMark), raw HTML on -----------------------------------------

const markdownParsers = new Map<boolean, MarkdownIt>();

function markdownIt(linkify: boolean): MarkdownIt {
  let md = markdownParsers.get(linkify);
  if (!md) {
    md = markdownItFactory({ html: true, linkify });
    markdownParsers.set(linkify, md);
  }
  return md;
}

/** The link form markdown-it gives a destination, to compare with the URL that was inserted. */
export function markdownLinkForm(url: string): string {
  return markdownIt(false).normalizeLink(url);
}

/**
 * Markdown as markdown-it reads it with raw HTML allowed (the worst case); `linkify` as
 * renderers that turn bare addresses into links (VS Code's preview setting, GitHub).
 * An image's alt text is text to every renderer (markdown-it renders its tokens as text,
 * cmark-gfm and micromark take the label's characters): a bare address that linkify
 * marks as a link there is read as the text it is; any other markup in it still counts.
 */
export function readMarkdown(source: string, linkify = false): Reading {
  const out = new ReadingBuilder();
  const visit = (tokens: readonly MarkdownToken[], inImage = false): void => {
    for (const token of tokens) {
      if (inImage && (token.type === 'link_open' || token.type === 'link_close') && token.markup === 'linkify') continue;
      switch (token.type) {
        case 'inline':
          visit(token.children ?? [], inImage);
          break;
        case 'text':
        case 'text_special':
          out.text(token.content);
          break;
        case 'softbreak':
        case 'hardbreak':
          out.mark(token.type);
          break;
        case 'image': {
          const src = token.attrs?.find(([name]) => name === 'src')?.[1] ?? '';
          out.mark('image(');
          out.url('src', src);
          visit(token.children ?? [], true);
          out.mark(')image');
          const title = token.attrs?.find(([name]) => name === 'title')?.[1];
          if (title !== undefined) out.value('image title', title);
          break;
        }
        case 'link_open': {
          out.mark('link(');
          out.url('href', token.attrs?.find(([name]) => name === 'href')?.[1] ?? '');
          const title = token.attrs?.find(([name]) => name === 'title')?.[1];
          if (title !== undefined) out.value('link title', title);
          break;
        }
        case 'code_inline':
        case 'code_block':
        case 'fence':
        case 'html_inline':
        case 'html_block':
          out.value(`${token.type}:${token.content}`, token.content);
          break;
        default:
          out.mark(`${token.type}${token.tag ? `:${token.tag}` : ''}`);
      }
    }
  };
  visit(markdownIt(linkify).parse(source, {}));
  return out.done();
}

// ---- HTML: parse5, as a browser parses a fragment ------------------------------------------

type HtmlNode = DefaultTreeAdapterMap['node'];

export function readHtml(source: string): Reading {
  const out = new ReadingBuilder();
  const visit = (node: HtmlNode): void => {
    if (node.nodeName === '#text' && 'value' in node) {
      out.text(node.value);
      return;
    }
    if (node.nodeName === '#comment' && 'data' in node) {
      // Template placeholders in a comment arrive entity-escaped; that the comment ends
      // where the template ends it is the structure that matters.
      out.value('<!--comment-->', decodeHTML(node.data));
      return;
    }
    if ('tagName' in node) {
      const attrs = [...node.attrs].sort((a, b) => a.name.localeCompare(b.name));
      out.mark(`<${node.tagName} ${attrs.map((a) => a.name).join(' ')}>`);
      for (const attr of attrs) {
        if (URL_ATTRIBUTES.has(attr.name)) out.url(attr.name, attr.value);
        else if (SRCSET_ATTRIBUTES.has(attr.name)) readSrcset(attr.name, attr.value, out);
        else out.value(`@${attr.name}`, attr.value);
      }
    }
    const children = 'childNodes' in node ? node.childNodes : [];
    for (const child of children) visit(child);
    if ('tagName' in node && node.tagName === 'template' && 'content' in node) visit(node.content as HtmlNode);
    if ('tagName' in node) out.mark(`</${node.tagName}>`);
  };
  visit(parseFragment(source) as HtmlNode);
  return out.done();
}

// ---- JSX: the TypeScript parser --------------------------------------------------------------

/** JSX text as React reads it: lines trimmed, lines that are only white space dropped. */
function jsxTextValue(raw: string): string {
  const lines = raw.split(/\r\n|\n|\r/);
  let result = '';
  lines.forEach((line, i) => {
    let trimmed = line.replace(/\t/g, ' ');
    if (i !== 0) trimmed = trimmed.replace(/^[ ]+/, '');
    if (i !== lines.length - 1) trimmed = trimmed.replace(/[ ]+$/, '');
    if (trimmed) {
      if (result && i !== 0) result += ' ';
      result += trimmed;
    }
  });
  return decodeHTML(result);
}

/**
 * TSX as the TypeScript compiler reads it, the insert placed in a fragment. Syntax errors,
 * spread attributes and any expression but a string literal are structure (so they differ
 * from the harmless reading).
 */
export function readTsx(inserted: string): Reading {
  const source = `export const Inserted = () => (<>\n${inserted}\n</>);\n`;
  const out = new ReadingBuilder();
  const diagnostics = ts.transpileModule(source, {
    reportDiagnostics: true,
    fileName: 'Inserted.tsx',
    compilerOptions: { jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ES2022 },
  }).diagnostics;
  for (const d of diagnostics ?? []) out.mark(`syntax error: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  const file = ts.createSourceFile('Inserted.tsx', source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TSX);
  const stringOf = (node: TS.Node | undefined): string | undefined => {
    if (node === undefined) return undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isParenthesizedExpression(node)) return stringOf(node.expression);
    return undefined;
  };
  const visit = (node: TS.Node): void => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(file);
      const attrs = node.attributes.properties;
      out.mark(`<${tag} ${attrs.map((a) => (ts.isJsxAttribute(a) ? a.name.getText(file) : `{…${a.getText(file)}}`)).join(' ')}>`);
      for (const attr of attrs) {
        if (!ts.isJsxAttribute(attr)) continue;
        const name = attr.name.getText(file);
        const init = attr.initializer;
        let value: string | undefined;
        if (init === undefined) value = 'true';
        else if (ts.isStringLiteral(init)) value = decodeHTML(init.text);
        else if (ts.isJsxExpression(init)) {
          value = stringOf(init.expression);
          if (value === undefined && init.expression && ts.isNumericLiteral(init.expression)) value = init.expression.text;
        }
        if (value === undefined) out.mark(`code in ${name}: ${init?.getText(file) ?? ''}`);
        else if (URL_ATTRIBUTES.has(name)) out.url(name, value);
        else if (SRCSET_ATTRIBUTES.has(name)) readSrcset(name, value, out);
        else out.value(`@${name}`, value);
      }
      if (ts.isJsxSelfClosingElement(node)) out.mark(`</${tag}>`);
      return;
    }
    if (ts.isJsxClosingElement(node)) {
      out.mark(`</${node.tagName.getText(file)}>`);
      return;
    }
    if (ts.isJsxOpeningFragment(node) || ts.isJsxClosingFragment(node)) {
      out.mark(node.getText(file));
      return;
    }
    if (ts.isJsxText(node)) {
      // White space between elements is no text at all in JSX.
      const value = jsxTextValue(node.text);
      if (value) out.text(value);
      return;
    }
    if (ts.isJsxExpression(node)) {
      const value = stringOf(node.expression);
      if (node.expression === undefined) out.mark('{}');
      else if (value === undefined) out.mark(`code: ${node.getText(file)}`);
      else out.text(value);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out.done();
}

// ---- CSS, SCSS and Less: postcss and its syntaxes -------------------------------------------

export type CssDialect = 'css' | 'scss' | 'less';

function parseCss(source: string, dialect: CssDialect): Root {
  switch (dialect) {
    case 'css':
      return postcss.parse(source);
    case 'scss':
      return postcssScss.parse(source);
    case 'less':
      return postcssLess.parse(source);
  }
}

/**
 * A declaration's value, token by token: strings (escapes decoded) are texts, or links
 * inside `url(`; comments are comments; everything else is structure as written.
 */
function readCssValue(value: string, out: ReadingBuilder): void {
  let i = 0;
  let code = '';
  const flushCode = (): void => {
    if (code.trim()) out.mark(`value:${code.replace(/\s+/g, ' ').trim()}`);
    code = '';
  };
  while (i < value.length) {
    const c = value.charAt(i);
    if (c === '/' && value.charAt(i + 1) === '*') {
      const end = value.indexOf('*/', i + 2);
      flushCode();
      if (end < 0) {
        out.mark('unclosed comment');
        return;
      }
      out.value('/*comment*/', value.slice(i + 2, end).trim());
      i = end + 2;
    } else if (c === '"' || c === "'") {
      let text = '';
      let j = i + 1;
      while (j < value.length && value.charAt(j) !== c) {
        if (value.charAt(j) === '\\') {
          text += value.charAt(j + 1);
          j += 2;
        } else if (value.charAt(j) === '\n') {
          break;
        } else {
          text += value.charAt(j);
          j += 1;
        }
      }
      if (value.charAt(j) !== c) out.mark('unclosed string');
      const inUrl = /url\(\s*$/i.test(code);
      flushCode();
      if (inUrl) out.url('url', text);
      else out.value('string', text);
      i = j + 1;
    } else {
      code += c;
      i += 1;
    }
  }
  flushCode();
}

/** CSS (or SCSS, Less) as postcss reads it. */
export function readCss(source: string, dialect: CssDialect): Reading {
  const out = new ReadingBuilder();
  let root: Root;
  try {
    root = parseCss(source, dialect);
  } catch (error) {
    out.mark(`syntax error: ${error instanceof Error ? error.message : String(error)}`);
    return out.done();
  }
  const visit = (node: ChildNode): void => {
    switch (node.type) {
      case 'comment':
        out.value('/*comment*/', node.text);
        return;
      case 'decl': {
        out.mark(`decl ${node.prop}`);
        const raw = (node.raws as { value?: { raw?: string } }).value?.raw ?? node.value;
        readCssValue(raw, out);
        if (node.important) out.mark('!important');
        return;
      }
      case 'rule':
        out.mark(`rule ${node.selector}`);
        node.each(visit);
        out.mark('end rule');
        return;
      case 'atrule':
        out.mark(`@${node.name} ${node.params}`);
        node.each?.(visit);
        out.mark('end at-rule');
        return;
    }
  };
  root.each(visit);
  return out.done();
}
