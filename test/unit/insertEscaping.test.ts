// Hostile alt texts, names and addresses against every format: each output is read back
// with a parser for its language and must hold exactly the structure meant, with the
// hostile text as inert text, and the snippet must read back to the same text.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type * as TS from 'typescript';
import { HOSTILE_STRINGS, HOSTILE_URLS } from '../server/hostile';
import { planInsert, renderPlan } from '../../src/core/insert/plan';
import type { InsertSettings } from '../../src/core/insert/plan';
import { toPlainText, toSnippet } from '../../src/core/insert/pieces';
import { ALT_MAX, NAME_MAX, cleanText } from '../../src/core/insert/text';
import { escapeCssComment, escapeSnippet, isPlainInertUrl, plainInert } from '../../src/core/insert/escape';
import { insertableUrl } from '../../src/core/insert/links';
import { altFromPageUrl } from '../../src/core/insert/facts';
import type { MediaItem } from '../../src/core/model';
import { SERVICE, SETTINGS, parseSnippet, photo } from './insertFixtures';

// Loaded at run time so the compiler is not bundled into the test.
const ts = createRequire(__filename)('typescript') as typeof TS;

const HOSTILE_TEXTS: readonly string[] = [
  ...HOSTILE_STRINGS,
  '<script>alert(1)</script>',
  '](javascript:alert(1))',
  '![x](https://evil.example/x.png)',
  'C:\\new\\table \\ end\\',
  'line one\nline two\r\n\tline three\u2028four',
  '[a] (b) {c} <d> *e* _f_ `g` |h| ~i~ &amp; $j',
  'She said "hi" and \'bye\'',
  'comment */ end /* again',
  '${1:evil} $0 ${TM_FILENAME} \\$ }',
  '{{ constructor.constructor("alert(1)")() }} {% raw %} @if (x) {} @Html.Raw("<b>")',
  '\u202Eevil\u202C \u2066isolate\u2069 \u200Fmark',
  'x'.repeat(5000),
  'word '.repeat(1000),
  '   ',
  '😀 family 👨‍👩‍👧 ok',
];

const HOSTILE_LINKS: readonly string[] = [
  ...HOSTILE_URLS,
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'vbscript:msgbox',
  'http://evil.example/profile',
  'https://user:pass@evil.example/',
  '//evil.example/x',
  'https://www.pexels.com/@a b(c)"d\'e<f>`g{h}|',
  'https://www.pexels.com/photo/x-1/")](javascript:alert(1))',
  'not a url',
];

function hostileMedia(altOrName: string, link: string): MediaItem {
  return {
    kind: 'photo',
    photo: photo({ alt: altOrName, photographer: altOrName, photographer_url: link, url: link }),
  };
}

function render(media: MediaItem, languageId: string, settings: Partial<InsertSettings> = {}): { text: string; snippet: string } {
  const pieces = renderPlan(planInsert({ media, languageId, ...SERVICE, settings: { ...SETTINGS, ...settings } }));
  return { text: toPlainText(pieces), snippet: toSnippet(pieces) };
}

function expectedAlt(input: string, link: string): string {
  const name = cleanText(input, NAME_MAX);
  return cleanText(input, ALT_MAX) || cleanText(altFromPageUrl(link), ALT_MAX) || (name ? `Photo by ${name}` : 'Photo 2014422');
}

// ---- Markdown reader: link text with backslash escapes, destination without spaces ----

function unescapeMarkdown(s: string): string {
  return s.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

interface MdLink {
  text: string;
  dest: string;
  end: number;
}

function readMdLink(s: string, start: number): MdLink {
  assert.equal(s.charAt(start), '[', `expected [ at ${start} in ${s.slice(0, 200)}`);
  let i = start + 1;
  let raw = '';
  while (i < s.length && s.charAt(i) !== ']') {
    const c = s.charAt(i);
    if (c === '\\') {
      raw += s.slice(i, i + 2);
      i += 2;
      continue;
    }
    assert.ok(!'[<`*_{}|~&$!'.includes(c), `unescaped ${c} in link text: ${s.slice(start, i + 1)}`);
    raw += c;
    i++;
  }
  assert.equal(s.charAt(i), ']');
  assert.equal(s.charAt(i + 1), '(', 'the link text must be followed by its destination');
  const close = s.indexOf(')', i + 2);
  const dest = s.slice(i + 2, close);
  assert.doesNotMatch(dest, /[\s()<>"']/, `destination ${dest}`);
  assert.ok(dest === '' || insertableUrl(dest) === dest, `destination ${dest} is a safe URL as inserted`);
  return { text: unescapeMarkdown(raw), dest, end: close + 1 };
}

function checkMarkdown(text: string, input: string, link: string): void {
  assert.equal(text.charAt(0), '!');
  const image = readMdLink(text, 1);
  assert.equal(image.text, expectedAlt(input, link));
  assert.ok(image.dest.startsWith('https://images.pexels.com/'));
  const rest = text.slice(image.end);
  assert.ok(rest.startsWith('\n\nPhoto '), rest.slice(0, 40));
  const name = cleanText(input, NAME_MAX);
  let i = image.end + '\n\nPhoto '.length;
  if (name) {
    assert.equal(text.slice(i, i + 3), 'by ');
    i += 3;
    if (insertableUrl(link)) {
      const author = readMdLink(text, i);
      assert.equal(author.text, name);
      assert.equal(author.dest, insertableUrl(link));
      i = author.end;
    } else {
      // No link: the name is plain escaped text up to " on ".
      const end = text.lastIndexOf(' on ');
      assert.equal(unescapeMarkdown(text.slice(i, end)), name);
      i = end;
    }
    assert.equal(text.slice(i, i + 4), ' on ');
    i += 4;
  } else {
    assert.equal(text.slice(i, i + 3), 'on ');
    i += 3;
  }
  const service = readMdLink(text, i);
  assert.equal(service.text, 'Pexels');
  assert.equal(service.end, text.length, 'nothing after the credit');
}

// ---- HTML reader: the whole text must be tags with quoted attributes and inert text ----

function decodeEntities(s: string): string {
  return s.replace(/&(#\d+|amp|lt|gt|quot);/g, (_m, e: string) =>
    e.startsWith('#') ? String.fromCharCode(Number(e.slice(1))) : ({ amp: '&', lt: '<', gt: '>', quot: '"' } as Record<string, string>)[e] ?? '',
  );
}

interface Tag {
  name: string;
  attrs: Record<string, string>;
}

function readHtml(text: string): { tags: Tag[]; texts: string[] } {
  const tags: Tag[] = [];
  const texts: string[] = [];
  const tagRe = /<(\/?)([a-z]+)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*\/?>/gy;
  let i = 0;
  while (i < text.length) {
    if (text.charAt(i) === '<') {
      tagRe.lastIndex = i;
      const m = tagRe.exec(text);
      assert.ok(m, `not a well-formed tag at ${i}: ${text.slice(i, i + 80)}`);
      const attrs: Record<string, string> = {};
      for (const a of m[3].matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) attrs[a[1]] = decodeEntities(a[2] ?? '');
      if (!m[1]) tags.push({ name: m[2], attrs });
      for (const raw of m[3].matchAll(/="([^"]*)"/g)) assert.doesNotMatch(raw[1], /[{}'<>]/, 'attribute values hold no template syntax or quotes');
      i = tagRe.lastIndex;
    } else {
      const next = text.indexOf('<', i);
      const chunk = text.slice(i, next < 0 ? text.length : next);
      assert.doesNotMatch(chunk, /[>{}@]/, `inert text: ${chunk.slice(0, 80)}`);
      texts.push(decodeEntities(chunk));
      i = next < 0 ? text.length : next;
    }
  }
  return { tags, texts };
}

function checkHtml(text: string, input: string, link: string): void {
  const { tags, texts } = readHtml(text);
  assert.deepEqual(
    tags.map((t) => t.name),
    insertableUrl(link) && cleanText(input, NAME_MAX) ? ['figure', 'img', 'figcaption', 'a', 'a'] : ['figure', 'img', 'figcaption', 'a'],
  );
  const img = tags[1];
  assert.equal(img.attrs.alt, expectedAlt(input, link));
  assert.ok(img.attrs.src.startsWith('https://images.pexels.com/'));
  for (const a of tags.filter((t) => t.name === 'a')) assert.ok(insertableUrl(a.attrs.href) !== undefined, a.attrs.href);
  const caption = texts.join('').replace(/\s+/g, ' ').trim();
  const name = cleanText(input, NAME_MAX);
  assert.equal(caption, name ? `Photo by ${name} on Pexels` : 'Photo on Pexels');
}

// ---- JSX reader: the TypeScript compiler ---------------------------------------------

function jsxStringValue(init: TS.JsxAttributeValue | undefined): string {
  assert.ok(init);
  if (ts.isStringLiteral(init)) return init.text;
  assert.ok(ts.isJsxExpression(init) && init.expression && ts.isStringLiteral(init.expression), 'a string expression');
  return init.expression.text;
}

function checkJsx(text: string, input: string, link: string): void {
  const source = `const x = <>${text}</>;`;
  const out = ts.transpileModule(source, { fileName: 'x.tsx', reportDiagnostics: true, compilerOptions: { jsx: ts.JsxEmit.Preserve } });
  assert.deepEqual(out.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) ?? [], []);
  const file = ts.createSourceFile('x.tsx', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const elements: string[] = [];
  let alt: string | undefined;
  const hrefs: string[] = [];
  let caption = '';
  let inCaption = false;
  const visit = (node: TS.Node): void => {
    if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
      const name = node.tagName.getText(file);
      elements.push(name);
      for (const attr of node.attributes.properties) {
        assert.ok(ts.isJsxAttribute(attr), 'no spread attributes');
        const attrName = attr.name.getText(file);
        if (name === 'img' && attrName === 'alt') alt = jsxStringValue(attr.initializer);
        if (name === 'a' && attrName === 'href') hrefs.push(jsxStringValue(attr.initializer));
      }
    }
    if (ts.isJsxElement(node) && node.openingElement.tagName.getText(file) === 'figcaption') {
      inCaption = true;
      ts.forEachChild(node, visit);
      inCaption = false;
      return;
    }
    if (inCaption && ts.isJsxText(node)) caption += node.text;
    if (inCaption && ts.isJsxExpression(node) && node.expression) {
      assert.ok(ts.isStringLiteral(node.expression), 'only string expressions');
      caption += node.expression.text;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  assert.deepEqual(elements, insertableUrl(link) && cleanText(input, NAME_MAX) ? ['figure', 'img', 'figcaption', 'a', 'a'] : ['figure', 'img', 'figcaption', 'a']);
  assert.equal(alt, expectedAlt(input, link));
  for (const href of hrefs) assert.ok(insertableUrl(href) !== undefined, href);
  const name = cleanText(input, NAME_MAX);
  assert.equal(caption.replace(/\s+/g, ' ').trim(), name ? `Photo by ${name} on Pexels` : 'Photo on Pexels');
}

// ---- CSS reader -----------------------------------------------------------------------

function checkCss(text: string, input: string, link: string): void {
  const m = /^url\("((?:[^"\\\n]|\\.)*)"\) \/\*(.*)\*\/$/s.exec(text);
  assert.ok(m, text.slice(0, 200));
  assert.ok(!m[2].includes('*/'), 'the comment ends only once');
  assert.doesNotMatch(m[2], /[#@]\{/, 'no SCSS, Sass or Less interpolation in the comment');
  // The comment holds the plain credit: names without services, TeX or template syntax.
  const name = escapeCssComment(plainInert(cleanText(input, NAME_MAX)));
  if (name) assert.ok(m[2].includes(name), 'the name is in the comment');
  const url = insertableUrl(link);
  if (url && isPlainInertUrl(url)) assert.ok(m[2].includes(url));
}

describe('insert escaping against hostile text', () => {
  const cases: { input: string; link: string }[] = [];
  HOSTILE_TEXTS.forEach((input, i) => cases.push({ input, link: HOSTILE_LINKS[i % HOSTILE_LINKS.length] ?? '' }));
  HOSTILE_LINKS.forEach((link) => cases.push({ input: 'Jane Doe', link }));

  for (const { input, link } of cases) {
    const label = `${JSON.stringify(input.slice(0, 40))}${input.length > 40 ? `… (${input.length})` : ''} / ${JSON.stringify(link.slice(0, 40))}`;
    describe(label, () => {
      const media = hostileMedia(input, link);
      const outputs = (['markdown', 'html', 'typescriptreact', 'css', 'plaintext'] as const).map((lang) => ({ lang, ...render(media, lang) }));

      it('snippets read back to the text, with the alt text as the only placeholder', () => {
        for (const { lang, text, snippet } of outputs) {
          const parsed = parseSnippet(snippet);
          assert.equal(parsed.text, text, lang);
          assert.ok(parsed.placeholders.length <= 1, lang);
        }
      });

      it('no bidi controls, no raw newlines inside texts, bounded length', () => {
        for (const { lang, text } of outputs) {
          assert.doesNotMatch(text, /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u2028\u2029\r]/, lang);
          assert.ok(text.length < 3000, `${lang}: ${text.length} characters`);
        }
      });

      it('Markdown reads back as one image and the credit links', () => checkMarkdown(outputs[0].text, input, link));
      it('HTML reads back as the intended tags with the text inert', () => checkHtml(outputs[1].text, input, link));
      it('TSX compiles and holds the text as strings', () => checkJsx(outputs[2].text, input, link));
      it('CSS: one url() and one comment', () => checkCss(outputs[3].text, input, link));
      it('plain text: the image URL then the credit line', () => {
        const [url, credit, ...more] = outputs[4].text.split('\n');
        assert.equal(more.length, 0);
        assert.ok(url?.startsWith('https://images.pexels.com/'));
        assert.ok(credit?.startsWith('Photo '));
      });
      it('nothing unsafe is linked', () => {
        const linkStart: Record<string, RegExp> = {
          markdown: /(?<!\\)\]\((?!https:\/\/)/,
          html: /href="(?!https:\/\/)/,
          typescriptreact: /href="(?!https:\/\/)/,
          css: /url\("(?!https:\/\/)/,
        };
        for (const { lang, text } of outputs) {
          const re = linkStart[lang];
          if (re) assert.doesNotMatch(text, re, lang);
          assert.ok(!text.includes('user:pass@'), lang);
        }
      });
    });
  }

  it('alt texts are cut to a bounded length on a word boundary', () => {
    const long = cleanText('word '.repeat(1000), ALT_MAX);
    assert.ok(Array.from(long).length <= ALT_MAX);
    assert.ok(long.endsWith('word…'));
    const emoji = cleanText('😀'.repeat(600), ALT_MAX);
    assert.equal(Array.from(emoji).length, ALT_MAX);
    assert.doesNotMatch(emoji, /[\ud800-\udbff](?![\udc00-\udfff])/, 'no lone surrogate');
  });

  it('invisible and direction-changing characters leave every inserted text, the service name from the settings too; joiners stay', () => {
    const hidden = 'Pex\u200bels\u00ad \ufff9\u2060\u{e0041}Stock\u202e';
    assert.equal(cleanText(hidden, NAME_MAX), 'Pexels Stock');
    assert.equal(cleanText('a\u0085b\u2028c', NAME_MAX), 'a b c', 'line breaks keep words apart');
    assert.equal(cleanText('👨\u200d👩 \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645', NAME_MAX), '👨\u200d👩 \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645');
    for (const languageId of ['markdown', 'html', 'typescriptreact', 'css', 'plaintext']) {
      const plan = planInsert({ media: { kind: 'photo', photo: photo({}) }, languageId, serviceName: hidden, serviceUrl: SERVICE.serviceUrl, settings: SETTINGS });
      const text = toPlainText(renderPlan(plan));
      assert.doesNotMatch(text, /(?![\u200c\u200d])\p{Cf}/u, languageId);
      assert.ok(text.includes('Pexels Stock'), `${languageId}: ${text}`);
    }
  });

  it('snippet escaping: $, } and \\ only', () => {
    assert.equal(escapeSnippet('a$b}c\\d{e'), 'a\\$b\\}c\\\\d{e');
  });

  it('URLs: spaces, parentheses, quotes and brackets are percent-encoded', () => {
    assert.equal(insertableUrl("https://x.example/a b(c)'d\"e<f>`{g}|^\\h"), 'https://x.example/a%20b%28c%29%27d%22e%3Cf%3E%60%7Bg%7D%7C%5E/h');
    assert.equal(insertableUrl('https://x.example/?q=a b&c=(d)'), 'https://x.example/?q=a%20b&c=%28d%29');
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'file:///etc/passwd', 'http://example.com/', 'https://u:p@x.example/', '']) {
      assert.equal(insertableUrl(bad), undefined, bad);
    }
    assert.equal(insertableUrl('http://localhost:3000/a.png'), 'http://localhost:3000/a.png');
  });
});
