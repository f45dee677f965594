// Responsive inserts (stockMedia.insert.responsive), read back the way a browser (parse5)
// and the TypeScript compiler read them: srcset candidates made from the original (the
// service's query for a width, as the local image server's model serves it), a sizes, the
// average colour as background, and nothing a hostile answer could add.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import type * as TS from 'typescript';
import { photoJson } from '../generated/arbitraries';
import { parseSrcset } from '../generated/parseBack';
import { HOSTILE_STRINGS } from '../server/hostile';
import { planInsert, renderPlan } from '../../src/core/insert/plan';
import { isLoopbackHost } from '../../src/core/urls';
import type { InsertSettings, LocalAssets } from '../../src/core/insert/plan';
import { toPlainText, toSnippet } from '../../src/core/insert/pieces';
import { insertableUrl } from '../../src/core/insert/links';
import { photo as photoSchema } from '../../src/core/model';
import type { MediaItem, Photo } from '../../src/core/model';
import { MediaError } from '../../src/core/errors';
import { isInsertError } from '../../src/core/insert/insertError';
import { SERVICE, SETTINGS, parseSnippet, photo, photoItem, videoItem } from './insertFixtures';
import { imageSize } from '../server/images';

const ts = createRequire(__filename)('typescript') as typeof TS;

function insert(media: MediaItem, languageId: string, settings: Partial<InsertSettings> = {}, local: LocalAssets = {}): string {
  const plan = planInsert({ media, languageId, ...SERVICE, settings: { ...SETTINGS, responsive: true, ...settings } });
  const pieces = renderPlan(plan, local);
  // The snippet the editor gets reads back to the same text.
  assert.equal(parseSnippet(toSnippet(pieces)).text, toPlainText(pieces));
  return toPlainText(pieces);
}

type Element = DefaultTreeAdapterMap['element'];

/** Every element of an HTML fragment, as a browser parses it. */
function htmlElements(source: string): Element[] {
  const found: Element[] = [];
  const visit = (node: DefaultTreeAdapterMap['node']): void => {
    if ('tagName' in node) found.push(node);
    for (const child of 'childNodes' in node ? node.childNodes : []) visit(child);
  };
  visit(parseFragment(source) as DefaultTreeAdapterMap['node']);
  return found;
}

function attributesOf(element: Element): Record<string, string> {
  return Object.fromEntries(element.attrs.map((a) => [a.name, a.value]));
}

/** The one `<img>` of an HTML insert, its attributes by name. */
function htmlImg(source: string): Record<string, string> {
  const imgs = htmlElements(source).filter((e) => e.tagName === 'img');
  assert.equal(imgs.length, 1, source);
  return attributesOf(imgs[0] as Element);
}

/** Candidates as `{ url, width }`, each URL a valid https URL and each descriptor one `Nw`. */
function srcsetWidths(value: string): { url: string; width: number }[] {
  return parseSrcset(value).map(({ url, descriptors }) => {
    assert.doesNotThrow(() => new URL(url), `srcset URL ${url}`);
    const parsed = new URL(url);
    // https, or http to this computer (the local test library; any of 127.0.0.0/8, as urls.ts allows).
    assert.ok(parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)), url);
    assert.equal(descriptors.length, 1, `descriptors of ${url}: ${descriptors.join(' ')}`);
    const m = /^([1-9]\d*)w$/.exec(descriptors[0] ?? '');
    assert.ok(m, `descriptor ${descriptors[0]}`);
    return { url, width: Number(m[1]) };
  });
}

/** A CSS declaration list as `property → value`. */
function styleOf(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of (value ?? '').split(';')) {
    const at = declaration.indexOf(':');
    if (at > 0) out[declaration.slice(0, at).trim()] = declaration.slice(at + 1).trim();
  }
  return out;
}

/** The one `<img />` of a TSX insert: string attributes, number attributes and a style object of string literals. */
function tsxImg(inserted: string): Record<string, string | Record<string, string>> {
  const source = `export const Inserted = () => (<>\n${inserted}\n</>);\n`;
  const diagnostics = ts.transpileModule(source, { reportDiagnostics: true, fileName: 'a.tsx', compilerOptions: { jsx: ts.JsxEmit.Preserve } }).diagnostics ?? [];
  assert.deepEqual(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')), [], inserted);
  const file = ts.createSourceFile('a.tsx', source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TSX);
  const imgs: TS.JsxSelfClosingElement[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isJsxSelfClosingElement(node) && node.tagName.getText(file) === 'img') imgs.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  assert.equal(imgs.length, 1, inserted);
  const out: Record<string, string | Record<string, string>> = {};
  for (const attr of (imgs[0] as TS.JsxSelfClosingElement).attributes.properties) {
    assert.ok(ts.isJsxAttribute(attr), `spread attribute in ${inserted}`);
    const name = attr.name.getText(file);
    const init = attr.initializer;
    if (init && ts.isStringLiteral(init)) out[name] = init.text;
    else if (init && ts.isJsxExpression(init) && init.expression && ts.isNumericLiteral(init.expression)) out[name] = init.expression.text;
    else if (init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteral(init.expression)) out[name] = init.expression.text;
    else if (init && ts.isJsxExpression(init) && init.expression && ts.isObjectLiteralExpression(init.expression)) {
      const style: Record<string, string> = {};
      for (const p of init.expression.properties) {
        assert.ok(ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer), `style member ${p.getText(file)}`);
        style[p.name.getText(file)] = p.initializer.text;
      }
      out[name] = style;
    } else assert.fail(`code in ${name}: ${init?.getText(file) ?? ''}`);
  }
  return out;
}

// A 6000×4000 photo: 640, 1280, 1920 and 2560 wide, each the original asked for that width.
const WIDE = photo({ width: 6000, height: 4000 });
const ORIGINAL = WIDE.src.original;
const widthUrl = (original: string, w: number): string => `${original}?auto=compress&cs=tinysrgb&w=${w}`;
const WIDE_WIDTHS = [640, 1280, 1920, 2560].map((width) => ({ url: widthUrl(ORIGINAL, width), width }));
const HTML_ATTRIBUTES = ['alt', 'decoding', 'height', 'loading', 'sizes', 'src', 'srcset', 'style', 'width'];

describe('responsive inserts', () => {
  it('HTML: srcset of widths from the original, sizes, width/height and the average colour', () => {
    const text = insert({ kind: 'photo', photo: WIDE }, 'html', { credit: false });
    const img = htmlImg(text);
    assert.deepEqual(Object.keys(img).sort(), HTML_ATTRIBUTES);
    assert.equal(img.src, WIDE.src.large);
    assert.deepEqual(srcsetWidths(img.srcset ?? ''), WIDE_WIDTHS);
    assert.equal(img.sizes, '(max-width: 940px) 100vw, 940px');
    assert.equal(img.width, '940');
    assert.equal(img.height, '627');
    const style = styleOf(img.style);
    assert.equal(style['background-color'], WIDE.avg_color);
    assert.equal(style['max-width'], '100%');
    assert.equal(style.height, 'auto');
  });

  it('HTML with the credit in a figure: the same img, the figure and caption unchanged', () => {
    const text = insert({ kind: 'photo', photo: WIDE }, 'html');
    assert.deepEqual(
      htmlElements(text).map((e) => e.tagName),
      ['figure', 'img', 'figcaption', 'a', 'a'],
    );
    assert.equal(parseSrcset(htmlImg(text).srcset ?? '').length, 4);
  });

  it('JSX and TSX: srcSet, sizes, numeric width/height and a style object with backgroundColor', () => {
    for (const language of ['javascriptreact', 'typescriptreact']) {
      const img = tsxImg(insert({ kind: 'photo', photo: WIDE }, language, { credit: false }));
      assert.deepEqual(Object.keys(img).sort(), ['alt', 'decoding', 'height', 'loading', 'sizes', 'src', 'srcSet', 'style', 'width']);
      assert.deepEqual(srcsetWidths(img.srcSet as string), WIDE_WIDTHS);
      assert.equal(img.sizes, '(max-width: 940px) 100vw, 940px');
      assert.equal(img.width, '940');
      assert.deepEqual(img.style, { maxWidth: '100%', height: 'auto', backgroundColor: WIDE.avg_color });
    }
  });

  it('the template languages of the HTML family get it too, @ kept text in Razor', () => {
    const at = photo({ width: 6000, height: 4000 });
    const src = Object.fromEntries(Object.entries(at.src).map(([k, v]) => [k, v.replace('/photos/', '/photos/@team/')])) as Photo['src'];
    for (const language of ['vue', 'svelte', 'astro', 'php', 'razor']) {
      const text = insert({ kind: 'photo', photo: { ...at, src } }, language, { credit: false });
      if (language === 'razor') assert.ok(!text.includes('@'), text);
      const img = htmlImg(text);
      assert.deepEqual(
        srcsetWidths(img.srcset ?? '').map((c) => c.url),
        WIDE_WIDTHS.map(({ width }) => widthUrl(src.original, width)),
        language,
      );
    }
  });

  it('the setting off: no srcset, sizes or style; Markdown and CSS never change', () => {
    const item: MediaItem = { kind: 'photo', photo: WIDE };
    const off = htmlImg(insert(item, 'html', { credit: false, responsive: false }));
    assert.deepEqual(Object.keys(off).sort(), ['alt', 'decoding', 'height', 'loading', 'src', 'width']);
    for (const language of ['markdown', 'mdx', 'css', 'plaintext']) {
      assert.equal(insert(item, language, { responsive: true }), insert(item, language, { responsive: false }), language);
    }
  });

  it('a hostile avg_color is never used: no background, no attribute added', () => {
    for (const hostile of ['#978E82" onerror="alert(1)', '#978E82;background:url(https://evil.example/x)', 'red', '#fff', 'expression(alert(1))', ...HOSTILE_STRINGS]) {
      const text = insert(photoItem({ width: 6000, height: 4000, avg_color: hostile }), 'html', { credit: false });
      const img = htmlImg(text);
      assert.deepEqual(Object.keys(img).sort(), HTML_ATTRIBUTES, hostile);
      assert.deepEqual(styleOf(img.style), { 'max-width': '100%', height: 'auto' }, hostile);
      const jsx = tsxImg(insert(photoItem({ width: 6000, height: 4000, avg_color: hostile }), 'typescriptreact', { credit: false }));
      assert.deepEqual(jsx.style, { maxWidth: '100%', height: 'auto' }, hostile);
    }
  });

  it('no srcset from an original whose address is unsafe or holds a comma; the variants’ own addresses do not matter', () => {
    for (const original of ['javascript:alert(1)//', 'http://evil.example/o.jpeg', 'https://images.pexels.com/photos/1/a,b.jpeg']) {
      const img = htmlImg(insert(photoItem({ width: 6000, height: 4000, src: { ...WIDE.src, original } }), 'html', { credit: false }));
      assert.equal(img.srcset, undefined, original);
      assert.equal(img.sizes, undefined, original);
      assert.equal(styleOf(img.style)['background-color'], WIDE.avg_color);
    }
    // Variants without a query: the candidates come from the original all the same.
    const bare = Object.fromEntries(Object.entries(WIDE.src).map(([k, v]) => [k, v.replace(/\?.*$/, '')])) as Photo['src'];
    assert.deepEqual(srcsetWidths(htmlImg(insert(photoItem({ width: 6000, height: 4000, src: bare }), 'html', { credit: false })).srcset ?? ''), WIDE_WIDTHS);
  });

  it('the service’s crops, a photo of unknown size and a saved file get no srcset', () => {
    const cropped = htmlImg(insert({ kind: 'photo', photo: WIDE }, 'html', { credit: false, photoSize: { kind: 'variant', variant: 'portrait' } }));
    assert.equal(cropped.srcset, undefined);
    assert.equal(cropped.width, '800');
    const unknown = htmlImg(insert(photoItem({ width: 0, height: 0 }), 'html', { credit: false }));
    assert.equal(unknown.srcset, undefined);
    const saved = htmlImg(insert({ kind: 'photo', photo: WIDE }, 'html', { credit: false }, { url: 'media/rocks.jpeg' }));
    assert.equal(saved.src, 'media/rocks.jpeg');
    assert.equal(saved.srcset, undefined);
    assert.equal(saved.sizes, undefined);
  });

  it('a width: src at that width from the original, the same srcset of widths, sizes at that width', () => {
    const img = htmlImg(insert({ kind: 'photo', photo: WIDE }, 'html', { credit: false, photoSize: { kind: 'width', width: 1280 } }));
    assert.equal(img.src, widthUrl(ORIGINAL, 1280));
    assert.equal(img.width, '1280');
    assert.equal(img.height, '853');
    assert.deepEqual(srcsetWidths(img.srcset ?? ''), WIDE_WIDTHS);
    assert.equal(img.sizes, '(max-width: 1280px) 100vw, 1280px');
  });

  it('a crop: the same crop at 1× and 2× while the original has the pixels, else none', () => {
    const crop = `${ORIGINAL}?auto=compress&cs=tinysrgb&fit=crop&h=630&w=1200`;
    const img = htmlImg(insert({ kind: 'photo', photo: WIDE }, 'html', { credit: false, photoSize: { kind: 'crop', width: 1200, height: 630 } }));
    assert.equal(img.src, crop);
    assert.deepEqual([img.width, img.height], ['1200', '630']);
    assert.deepEqual(srcsetWidths(img.srcset ?? ''), [
      { url: crop, width: 1200 },
      { url: `${ORIGINAL}?auto=compress&cs=tinysrgb&dpr=2&fit=crop&h=630&w=1200`, width: 2400 },
    ]);
    // 2000×1000 has not the 2400×1260 pixels a 2× crop needs: no srcset rather than an enlarged one.
    const narrow = htmlImg(insert(photoItem({ width: 2000, height: 1000 }), 'html', { credit: false, photoSize: { kind: 'crop', width: 1200, height: 630 } }));
    assert.equal(narrow.srcset, undefined);
  });

  it('a photo narrower than 2560: the widths up to it and its own width', () => {
    const small = photo({ width: 1500, height: 1000 });
    const img = htmlImg(insert({ kind: 'photo', photo: small }, 'html', { credit: false }));
    assert.deepEqual(srcsetWidths(img.srcset ?? ''), [640, 1280, 1500].map((width) => ({ url: widthUrl(small.src.original, width), width })));
    // 600 wide: one candidate (its own width) is no srcset.
    assert.equal(htmlImg(insert(photoItem({ width: 600, height: 400 }), 'html', { credit: false })).srcset, undefined);
  });

  it('videos: the poster as before, the style with the average colour only when it is a colour', () => {
    const el = htmlElements(insert(videoItem({ avg_color: '#102030' }), 'html', { credit: false }));
    const video = attributesOf(el.find((e) => e.tagName === 'video') as Element);
    assert.ok(video.poster?.startsWith('https://images.pexels.com/videos/'));
    assert.equal(video.srcset, undefined);
    assert.deepEqual(styleOf(video.style), { 'max-width': '100%', height: 'auto', 'background-color': '#102030' });
    const nullColour = htmlElements(insert(videoItem({ avg_color: null }), 'html', { credit: false }));
    assert.deepEqual(styleOf(attributesOf(nullColour.find((e) => e.tagName === 'video') as Element).style), { 'max-width': '100%', height: 'auto' });
  });

  describe('templates ask for it', () => {
    const TEMPLATE = '<img src="{url}" srcset="{srcset}" sizes="{sizes}" alt="{alt}" style="background-color: {avgColor}">';

    it('Markdown: {srcset}, {sizes} and {avgColor} in raw HTML, whatever the setting', () => {
      for (const responsive of [false, true]) {
        const text = insert({ kind: 'photo', photo: WIDE }, 'markdown', { credit: false, responsive, templates: { markdown: TEMPLATE } });
        const img = htmlImg(text);
        assert.deepEqual(srcsetWidths(img.srcset ?? ''), WIDE_WIDTHS);
        assert.equal(img.sizes, '(max-width: 940px) 100vw, 940px');
        assert.equal(styleOf(img.style)['background-color'], WIDE.avg_color);
      }
    });

    it('HTML: the values are attribute-escaped; videos and saved files have empty ones', () => {
      const img = htmlImg(insert({ kind: 'photo', photo: WIDE }, 'html', { credit: false, templates: { html: TEMPLATE } }));
      assert.equal(parseSrcset(img.srcset ?? '').length, 4);
      const saved = htmlImg(insert({ kind: 'photo', photo: WIDE }, 'html', { credit: false, templates: { html: TEMPLATE } }, { url: 'media/a.jpeg' }));
      assert.equal(saved.srcset, '');
      assert.equal(saved.sizes, '');
      const video = insert(videoItem(), 'plaintext', { credit: false, templates: { plaintext: '[{srcset}][{sizes}]' } });
      assert.equal(video, '[][]');
    });

    it('an unquoted {srcset} in a tag is refused', () => {
      assert.throws(
        () => insert({ kind: 'photo', photo: WIDE }, 'html', { templates: { html: '<img srcset={srcset}>' } }),
        (error: unknown) => isInsertError(error) && /srcset/.test(error.message),
      );
    });
  });

  describe('generated photos (fast-check)', () => {
    const decoded = photoJson
      .map((json) => {
        try {
          return photoSchema(json);
        } catch (error) {
          if (error instanceof MediaError) return undefined;
          throw error;
        }
      })
      .filter((p): p is Photo => p !== undefined);

    it('HTML and TSX: every srcset candidate is the original at a width the image server serves exactly, ascending; the colour is the avg_color or absent', () => {
      fc.assert(
        fc.property(decoded, fc.constantFrom('html', 'razor', 'vue', 'typescriptreact'), (p, language) => {
          let text: string;
          try {
            text = insert({ kind: 'photo', photo: p }, language, { credit: false });
          } catch (error) {
            if (isInsertError(error)) return; // no safe address for the chosen size: nothing inserted
            throw error;
          }
          const jsx = language === 'typescriptreact';
          const img = jsx ? tsxImg(text) : htmlImg(text);
          const names = Object.keys(img).sort();
          const srcset = (jsx ? img.srcSet : img.srcset) as string | undefined;
          const allowed = jsx ? ['alt', 'decoding', 'height', 'loading', 'sizes', 'src', 'srcSet', 'style', 'width'] : HTML_ATTRIBUTES;
          for (const name of names) assert.ok(allowed.includes(name), `attribute ${name}`);
          const original = new URL(insertableUrl(p.src.original) ?? 'https://invalid/');
          if (srcset !== undefined) {
            const candidates = srcsetWidths(srcset);
            assert.ok(candidates.length >= 2);
            for (const c of candidates) {
              const url = new URL(c.url);
              assert.equal(url.origin + url.pathname, original.origin + original.pathname, `candidate ${c.url} is the original`);
              // What the image server (its model in the local library) serves for that address is as wide as the descriptor says.
              assert.equal(imageSize({ width: p.width, height: p.height }, url.searchParams).width, c.width, c.url);
            }
            for (let i = 1; i < candidates.length; i++) assert.ok((candidates[i]?.width ?? 0) > (candidates[i - 1]?.width ?? 0));
            assert.equal(img.sizes, `(max-width: ${img.width}px) 100vw, ${img.width}px`);
          } else {
            assert.equal(img.sizes, undefined);
          }
          const colour = jsx ? (img.style as Record<string, string>).backgroundColor : styleOf(img.style as string)['background-color'];
          const valid = typeof p.avg_color === 'string' && /^#[0-9a-f]{6}$/i.test(p.avg_color);
          assert.equal(colour, valid ? p.avg_color?.toUpperCase() : undefined);
        }),
        { numRuns: 300 },
      );
    });
  });
});
