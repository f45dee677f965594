// Readers for what the hostile suite finds in documents, tooltips and messages: each text
// is parsed the way the program that will read it does (a Markdown renderer that lets raw
// HTML through, an HTML parser, the TypeScript parser for TSX, a CSS comment reader), and
// what it sees is held against an allow-list. Pure Node: no 'vscode' here.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { parse, parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import type * as TS from 'typescript';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

interface MarkdownToken {
  readonly type: string;
  readonly content: string;
  readonly children: MarkdownToken[] | null;
}

interface MarkdownIt {
  render(text: string): string;
  parse(text: string, env: object): MarkdownToken[];
}

// Loaded at run time: typescript is large, and markdown-it (here through @vscode/vsce and
// @vscode/l10n-dev) ships no types.
const load = createRequire(__filename);
const ts = load('typescript') as typeof TS;
const markdownIt = load('markdown-it') as (options: { html: boolean; linkify: boolean }) => MarkdownIt;

/** Where a link or image in hostile output may point: the local server's origins only. */
export type UrlCheck = (url: string) => boolean;

export interface Found {
  /** Elements by tag name, in document order. */
  readonly tags: string[];
  readonly imgAlts: string[];
  readonly urls: string[];
  readonly text: string;
}

const EVENT_ATTRIBUTE = /^on/i;
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'srcset', 'action', 'formaction', 'xlink:href', 'data']);

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function walk(node: Node, visit: (el: Element) => void): void {
  if (isElement(node)) visit(node);
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) walk(child, visit);
  if (isElement(node) && node.tagName === 'template' && 'content' in node) walk(node.content as Node, visit);
}

function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return String(node.value);
  const children = 'childNodes' in node ? node.childNodes : [];
  return children.map(textOf).join('');
}

/**
 * Parses HTML as a browser would and checks it: only `allowedTags`, no event handler
 * attributes, every URL attribute passes `urlOk`. Returns what it found.
 */
export function checkHtml(html: string, allowedTags: ReadonlySet<string>, urlOk: UrlCheck, what: string, fragment = true): Found {
  const root = (fragment ? parseFragment(html) : parse(html)) as Node;
  const found: Found = { tags: [], imgAlts: [], urls: [], text: textOf(root) };
  walk(root, (el) => {
    found.tags.push(el.tagName);
    assert.ok(allowedTags.has(el.tagName), `${what}: no <${el.tagName}> may come out of API text`);
    for (const attr of el.attrs) {
      assert.doesNotMatch(attr.name, EVENT_ATTRIBUTE, `${what}: an event handler attribute ${attr.name}="${attr.value.slice(0, 60)}"`);
      if (URL_ATTRIBUTES.has(attr.name)) {
        assert.ok(urlOk(attr.value), `${what}: unsafe ${attr.name}="${attr.value.slice(0, 80)}"`);
        found.urls.push(attr.value);
      }
    }
    if (el.tagName === 'img') found.imgAlts.push(el.attrs.find((a) => a.name === 'alt')?.value ?? '');
  });
  return found;
}

/** Markdown as a renderer that lets raw HTML through (the worst case) turns it into HTML. */
export function renderMarkdown(markdown: string): string {
  return markdownIt({ html: true, linkify: false }).render(markdown);
}

/**
 * The alt texts of the images in Markdown, as CommonMark reads them (backslash escapes
 * applied). markdown-it's own HTML drops escaped characters from alt attributes, so the
 * tokens are read instead.
 */
export function markdownImageAlts(markdown: string): string[] {
  const alts: string[] = [];
  const visit = (tokens: readonly MarkdownToken[]): void => {
    for (const token of tokens) {
      if (token.type === 'image') {
        alts.push((token.children ?? []).filter((c) => c.type === 'text' || c.type === 'text_special').map((c) => c.content).join(''));
      } else if (token.children) {
        visit(token.children);
      }
    }
  };
  visit(markdownIt({ html: true, linkify: false }).parse(markdown, {}));
  return alts;
}

/** Markdown as VS Code renders a MarkdownString with supportHtml off. */
export function renderMarkdownWithoutHtml(markdown: string): string {
  return markdownIt({ html: false, linkify: false }).render(markdown);
}

export interface JsxFound {
  readonly tags: string[];
  readonly alts: string[];
  readonly urls: string[];
}

/**
 * Parses TSX with the TypeScript parser: no syntax errors, only `allowedTags`, no event
 * handler or dangerouslySetInnerHTML attributes, attribute values that are literals,
 * expressions in children that are string literals only, every URL passes `urlOk`.
 */
export function checkTsx(source: string, allowedTags: ReadonlySet<string>, urlOk: UrlCheck): JsxFound {
  const out = ts.transpileModule(source, {
    reportDiagnostics: true,
    fileName: 'Hostile.tsx',
    compilerOptions: { jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ES2022 },
  });
  assert.deepEqual(
    (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    [],
    'the TSX still parses',
  );
  const file = ts.createSourceFile('Hostile.tsx', source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TSX);
  const found: JsxFound = { tags: [], alts: [], urls: [] };
  const literal = (node: TS.Node | undefined): string | number | undefined => {
    if (!node) return undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isNumericLiteral(node)) return Number(node.text);
    if (ts.isJsxExpression(node)) return literal(node.expression);
    if (ts.isParenthesizedExpression(node)) return literal(node.expression);
    return undefined;
  };
  const visit = (node: TS.Node): void => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(file);
      found.tags.push(tag);
      assert.ok(allowedTags.has(tag), `no <${tag}> may come out of API text`);
      for (const attr of node.attributes.properties) {
        assert.ok(ts.isJsxAttribute(attr), `no spread attributes: ${attr.getText(file).slice(0, 60)}`);
        const name = attr.name.getText(file);
        assert.doesNotMatch(name, /^on|^dangerouslySetInnerHTML$/i, `attribute ${name}`);
        const value = attr.initializer === undefined ? true : literal(attr.initializer);
        assert.notEqual(value, undefined, `${name} is a literal, not code: ${attr.initializer?.getText(file).slice(0, 80)}`);
        if (name === 'alt') found.alts.push(String(value));
        if (URL_ATTRIBUTES.has(name)) {
          assert.ok(typeof value === 'string' && urlOk(value), `unsafe ${name}=${String(value).slice(0, 80)}`);
          found.urls.push(String(value));
        }
      }
    }
    if (ts.isJsxExpression(node) && !ts.isJsxAttribute(node.parent)) {
      // In children, only text written as a string literal: `{'…'}`.
      assert.ok(node.expression === undefined || typeof literal(node.expression) === 'string', `code in JSX: ${node.getText(file).slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * CSS: comments read the way a CSS parser reads them (`/*` to the first `*\/`), then
 * nothing but `url("…")` values, separators and the rule around them may be left, and
 * every URL passes `urlOk`. Returns the URLs.
 */
export function checkCss(css: string, before: string, after: string, urlOk: UrlCheck): string[] {
  assert.ok(css.startsWith(before) && css.endsWith(after), 'the rule around the insert is intact');
  const inserted = css.slice(before.length, css.length - after.length);
  const code = inserted.replace(/\/\*[\s\S]*?\*\//g, ' ');
  assert.ok(!code.includes('/*') && !code.includes('*/'), `every comment ends where it should: ${code.slice(0, 120)}`);
  const urls: string[] = [];
  const rest = code.replace(/url\("((?:[^"\\\n]|\\.)*)"\)/g, (_m, url: string) => {
    const value = url.replace(/\\(.)/g, '$1');
    assert.ok(urlOk(value), `unsafe url("${value.slice(0, 80)}")`);
    urls.push(value);
    return '';
  });
  assert.match(rest, /^[\s,]*$/, `nothing but url() values and separators: ${rest.slice(0, 120)}`);
  return urls;
}

/** No C0/C1 control characters and no bidi overrides, embeddings or isolates. */
export function assertPlainLine(text: string, what: string): void {
  assert.doesNotMatch(text, /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/, `${what}: one clean line`);
}

/**
 * A message a person reads: one line, a sentence of ours (the service name or a fixed
 * opening), no markup, no link a notification would make clickable, no programmer's
 * words, bounded.
 */
export function assertClearMessage(message: string, what: string): void {
  assert.ok(message.trim().length > 10, `${what}: a message, not "${message}"`);
  assert.ok(message.length < 400, `${what}: short enough to read (${message.length})`);
  assertPlainLine(message, what);
  assert.doesNotMatch(message, /[<>]/, `${what}: no markup in "${message}"`);
  assert.doesNotMatch(message, /\]\(/, `${what}: no link in "${message}"`);
  assert.doesNotMatch(message, /undefined|null\b|\[object |TypeError|SyntaxError|at .+:\d+:\d+|\bstack\b/, `${what}: no programmer's words in "${message}"`);
}
