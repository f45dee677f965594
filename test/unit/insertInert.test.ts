// Service text in the style sheet and plain-text formats: SCSS, Sass and Less never
// start interpolation from it, and the plain credit holds no shell, TeX or template syntax.
import * as assert from 'node:assert/strict';
import { escapeCssComment, escapeCssString, isPlainInertUrl, plainInert } from '../../src/core/insert/escape';
import { toPlainText } from '../../src/core/insert/pieces';
import { planInsert, renderPlan } from '../../src/core/insert/plan';
import type { InsertSettings } from '../../src/core/insert/plan';
import type { MediaItem } from '../../src/core/model';
import { SERVICE, SETTINGS, photoItem } from './insertFixtures';

function render(media: MediaItem, languageId: string, settings: Partial<InsertSettings> = {}, serviceName = SERVICE.serviceName): string {
  return toPlainText(renderPlan(planInsert({ media, languageId, serviceName, serviceUrl: SERVICE.serviceUrl, settings: { ...SETTINGS, ...settings } })));
}

const INTERPOLATING = 'Ann #{$x} @{y} #{ z } @@{w} ${v}';
/** Shell, TeX, printf and template syntax a name could carry. */
const SHELLISH = 'Ann $(id) `id` ${HOME} $HOME \\input{x} 100% {{ x }} {% x %} <% x %> #{x} <b>';
const PLAIN_FORBIDDEN = ['$', '`', '\\', '%', '{{', '{%', '<%', '#{', '${', '{', '}', '<', '>'];

/** The text of each `/* … *\/` comment, and the CSS with comments taken out. */
function comments(css: string): { comments: string[]; rest: string } {
  const found: string[] = [];
  const rest = css.replace(/\/\*([\s\S]*?)\*\//g, (_m, body: string) => {
    found.push(body);
    return '';
  });
  return { comments: found, rest };
}

/** The contents of each double-quoted CSS string (escapes resolved the CSS way). */
function strings(css: string): string[] {
  return [...css.matchAll(/"((?:[^"\\\n]|\\.|\\[0-9a-fA-F]{1,6} ?)*)"/g)].map((m) =>
    (m[1] ?? '').replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_e, hex: string | undefined, c: string | undefined) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : (c ?? ''),
    ),
  );
}

describe('insert: inert in style sheets and plain text', () => {
  describe('SCSS, Sass and Less', () => {
    it('the credit comment holds no #{ or @{ from a name or the service name', () => {
      for (const language of ['scss', 'sass', 'less', 'css']) {
        const css = render(photoItem({ photographer: INTERPOLATING }), language, {}, 'Stock #{svc} @{svc}');
        const { comments: found, rest } = comments(css);
        assert.equal(found.length, 1, css);
        assert.doesNotMatch(found[0] ?? '', /[#@]\{/, language);
        assert.match(rest, /^url\("https:\/\/[^"]+"\) $/, 'nothing outside the url() and the comment');
        assert.ok((found[0] ?? '').includes('Ann'), 'the name is still there');
      }
    });

    it('template values in a string and in a comment: no interpolation, a space after # and @', () => {
      const template = '.hero {{ content: "{photographer}"; }} /* {photographer} on {serviceName} */';
      const css = render(photoItem({ photographer: INTERPOLATING }), 'scss', { templates: { scss: template } }, 'Svc @{a}');
      assert.doesNotMatch(css, /[#@]\{/, css);
      const { comments: found } = comments(css);
      // The template names the photographer, so no credit is appended: its own comment only.
      assert.equal(found.length, 1, css);
      assert.equal(found[0], ' Ann # {$x} @ {y} # { z } @@ {w} ${v} on Svc @ {a} ');
      assert.deepEqual(strings(comments(css).rest), ['Ann # {$x} @ {y} # { z } @@ {w} ${v}']);
    });

    it('escapeCssComment and escapeCssString', () => {
      assert.equal(escapeCssComment('a #{b} @{c} */ /* d'), 'a # {b} @ {c} * / / * d');
      assert.equal(escapeCssString('a #{b} @{c} "q" \\'), 'a #\\7b b} @\\7b c} \\"q\\" \\\\');
    });
  });

  describe('languages without a format', () => {
    it('the credit line has none of $ ` \\ % {{ {% <% #{ ${ from names, the service name or addresses', () => {
      for (const language of ['plaintext', 'shellscript', 'latex', 'python', 'yaml']) {
        const text = render(photoItem({ photographer: SHELLISH, photographer_url: 'https://www.pexels.com/@ann%20$x' }), language, {}, 'Svc ${x} 50%');
        const [url, credit, ...more] = text.split('\n');
        assert.equal(more.length, 0, text);
        assert.match(url ?? '', /^https:\/\/images\.pexels\.com\//);
        for (const bad of PLAIN_FORBIDDEN) assert.ok(!(credit ?? '').includes(bad), `${language}: ${bad} in ${credit}`);
        assert.match(credit ?? '', /^Photo by Ann /);
        // The profile address held % and $, so it is left out; the photo page is kept.
        assert.ok(!(credit ?? '').includes('@ann'), credit);
        assert.ok((credit ?? '').includes('(https://www.pexels.com/photo/'), credit);
      }
    });

    it('template values in plain languages follow the same rule', () => {
      const text = render(photoItem({ photographer: SHELLISH, alt: 'A `b` $c' }), 'shellscript', {
        templates: { shellscript: '# {photographer}: {alt}' },
        credit: false,
      });
      for (const bad of PLAIN_FORBIDDEN) assert.ok(!text.includes(bad), `${bad} in ${text}`);
      assert.equal(text, '# Ann (id) id HOME HOME input x 100 x x x # x b: A b c');
    });

    it('plainInert and isPlainInertUrl', () => {
      assert.equal(plainInert('Zoë $mith {{x}}'), 'Zoë mith x');
      assert.equal(plainInert('Jean-Luc O’Neil & Co.'), 'Jean-Luc O’Neil & Co.');
      assert.ok(isPlainInertUrl('https://www.pexels.com/@joey'));
      assert.ok(!isPlainInertUrl('https://www.pexels.com/caf%C3%A9'));
      assert.ok(!isPlainInertUrl('https://x.example/?a=$b'));
    });
  });
});
