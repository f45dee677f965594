// The built-in insert formats, per document language, for photos and videos.
import * as assert from 'node:assert/strict';
import { planInsert, renderPlan } from '../../src/core/insert/plan';
import type { InsertSettings } from '../../src/core/insert/plan';
import { toPlainText, toSnippet } from '../../src/core/insert/pieces';
import { formatFamily } from '../../src/core/insert/languages';
import { isInsertError } from '../../src/core/insert/insertError';
import type { MediaItem } from '../../src/core/model';
import { SERVICE, SETTINGS, parseSnippet, photoItem, videoItem } from './insertFixtures';

function insert(media: MediaItem, languageId: string, settings: Partial<InsertSettings> = {}): { text: string; snippet: string } {
  const plan = planInsert({ media, languageId, ...SERVICE, settings: { ...SETTINGS, ...settings } });
  const pieces = renderPlan(plan);
  return { text: toPlainText(pieces), snippet: toSnippet(pieces) };
}

const IMG = 'https://images.pexels.com/photos/2014422/pexels-photo-2014422.jpeg';
const PAGE = 'https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/';
const LARGE = `${IMG}?auto=compress&cs=tinysrgb&h=650&w=940`;

describe('insert formats', () => {
  describe('language → format', () => {
    const byFamily: Record<string, string[]> = {
      markdown: ['markdown', 'mdx'],
      html: ['html', 'vue', 'svelte', 'astro', 'php', 'handlebars', 'nunjucks', 'liquid', 'erb', 'razor', 'jinja'],
      jsx: ['javascriptreact', 'typescriptreact'],
      css: ['css', 'scss', 'less', 'sass', 'stylus'],
      plain: ['plaintext', 'python', 'json'],
    };
    for (const [family, members] of Object.entries(byFamily)) {
      for (const language of members) it(`${language} → ${family}`, () => assert.equal(formatFamily(language), family));
    }
  });

  describe('photo', () => {
    it('Markdown: image with the alt text as the first tab stop, then the credit line', () => {
      const { text, snippet } = insert(photoItem(), 'markdown');
      assert.equal(
        text,
        `![Brown Rocks During Golden Hour](${LARGE})\n\nPhoto by [Joey Farina](https://www.pexels.com/@joey) on [Pexels](${PAGE})`,
      );
      const parsed = parseSnippet(snippet);
      assert.equal(parsed.text, text);
      assert.deepEqual(parsed.placeholders, ['Brown Rocks During Golden Hour']);
      assert.ok(snippet.startsWith('![${1:Brown Rocks During Golden Hour}]('));
    });

    it('MDX is Markdown', () => {
      assert.equal(insert(photoItem(), 'mdx').text, insert(photoItem(), 'markdown').text);
    });

    it('Markdown without credit: the image alone', () => {
      assert.equal(insert(photoItem(), 'markdown', { credit: false }).text, `![Brown Rocks During Golden Hour](${LARGE})`);
    });

    it('HTML: <img> with size, lazy loading and a <figure> caption', () => {
      const { text, snippet } = insert(photoItem(), 'html');
      const src = LARGE.replace(/&/g, '&amp;');
      assert.equal(
        text,
        '<figure>\n' +
          `\t<img src="${src}" alt="Brown Rocks During Golden Hour" width="650" height="650" loading="lazy" decoding="async">\n` +
          `\t<figcaption>Photo by <a href="https://www.pexels.com/@joey">Joey Farina</a> on <a href="${PAGE}">Pexels</a></figcaption>\n` +
          '</figure>',
      );
      assert.deepEqual(parseSnippet(snippet).placeholders, ['Brown Rocks During Golden Hour']);
    });

    it('HTML with the paragraph credit style', () => {
      const { text } = insert(photoItem(), 'html', { htmlCredit: 'paragraph' });
      assert.match(text, /^<img [^\n]+>\n<p class="credit">Photo by <a href="https:\/\/www\.pexels\.com\/@joey">Joey Farina<\/a> on <a href="[^"]+">Pexels<\/a><\/p>$/);
    });

    it('HTML without credit: the <img> alone', () => {
      const { text } = insert(photoItem(), 'html', { credit: false });
      assert.match(text, /^<img src="[^"]+" alt="Brown Rocks During Golden Hour" width="650" height="650" loading="lazy" decoding="async">$/);
    });

    it('template languages get HTML (vue, svelte, astro, php…)', () => {
      for (const language of ['vue', 'svelte', 'astro', 'php', 'handlebars', 'nunjucks', 'liquid', 'erb', 'jinja']) {
        assert.equal(insert(photoItem(), language).text, insert(photoItem(), 'html').text, language);
      }
    });

    it('Razor: @ in URLs becomes an entity, since Razor reads it as code', () => {
      const { text } = insert(photoItem(), 'razor');
      assert.ok(!text.includes('/@joey'), text);
      assert.ok(text.includes('https://www.pexels.com/&#64;joey'));
    });

    it('JSX: self-closing <img />, numeric sizes, className on the credit', () => {
      const { text } = insert(photoItem(), 'typescriptreact', { htmlCredit: 'paragraph' });
      assert.equal(
        text,
        `<img src="${LARGE}" alt="Brown Rocks During Golden Hour" width={650} height={650} loading="lazy" decoding="async" />\n` +
          `<p className="credit">Photo by <a href="https://www.pexels.com/@joey">Joey Farina</a> on <a href="${PAGE}">Pexels</a></p>`,
      );
      assert.equal(insert(photoItem(), 'javascriptreact').text, insert(photoItem(), 'typescriptreact').text);
    });

    it('CSS: url("…") with the credit as a comment', () => {
      for (const language of ['css', 'scss', 'less', 'sass', 'stylus']) {
        assert.equal(
          insert(photoItem(), language).text,
          `url("${LARGE}") /* Photo by Joey Farina (https://www.pexels.com/@joey) on Pexels (${PAGE}) */`,
          language,
        );
      }
      assert.equal(insert(photoItem(), 'css', { credit: false }).text, `url("${LARGE}")`);
    });

    it('anything else: the URL and a plain credit line', () => {
      assert.equal(insert(photoItem(), 'plaintext').text, `${LARGE}\nPhoto by Joey Farina (https://www.pexels.com/@joey) on Pexels (${PAGE})`);
      assert.equal(insert(photoItem(), 'python', { credit: false }).text, LARGE);
    });

    it('uses the chosen variant and its size', () => {
      const { text } = insert(photoItem({ width: 6000, height: 4000 }), 'html', { photoSize: { kind: 'variant', variant: 'large2x' }, credit: false });
      assert.ok(text.includes('dpr=2&amp;h=650&amp;w=940'), text);
      assert.ok(text.includes('width="940" height="627"'), text);
      const original = insert(photoItem({ width: 6000, height: 4000 }), 'html', { photoSize: { kind: 'variant', variant: 'original' }, credit: false }).text;
      assert.ok(original.includes(`src="${IMG}"`) && original.includes('width="6000" height="4000"'), original);
    });

    it('a photo without alt text (collection media) gets words from its page address', () => {
      const { text } = insert(photoItem({ alt: undefined }), 'markdown', { credit: false });
      assert.ok(text.startsWith('![Brown rocks during golden hour]('), text);
      const noPage = insert(photoItem({ alt: '', url: 'https://www.pexels.com/' }), 'markdown', { credit: false }).text;
      assert.ok(noPage.startsWith('![Photo by Joey Farina]('), noPage);
    });

    it('a photo whose image address is unsafe is refused with a clear message', () => {
      const p = photoItem();
      if (p.kind !== 'photo') throw new Error('photo');
      const media: MediaItem = { kind: 'photo', photo: { ...p.photo, src: { ...p.photo.src, large: 'javascript:alert(1)' } } };
      assert.throws(
        () => insert(media, 'markdown'),
        (e: unknown) => isInsertError(e) && /large image of photo 2014422 has no safe https address/.test(e.message),
      );
      const http: MediaItem = { kind: 'photo', photo: { ...p.photo, src: { ...p.photo.src, large: 'http://images.example.com/a.jpg' } } };
      assert.throws(() => insert(http, 'html'), isInsertError);
    });

    it('http to this computer is allowed (the local test server)', () => {
      const p = photoItem();
      if (p.kind !== 'photo') throw new Error('photo');
      const media: MediaItem = { kind: 'photo', photo: { ...p.photo, src: { ...p.photo.src, large: 'http://127.0.0.1:8080/a.png?h=650&w=940' } } };
      assert.ok(insert(media, 'markdown').text.includes('(http://127.0.0.1:8080/a.png?h=650&w=940)'));
    });

    it('an unsafe credit link is dropped, the name kept', () => {
      const { text } = insert(photoItem({ photographer_url: 'javascript:alert(1)', url: 'data:text/html,x' }), 'markdown');
      assert.ok(text.endsWith('\n\nPhoto by Joey Farina on [Pexels](https://www.pexels.com/)'), text);
      const html = insert(photoItem({ photographer_url: 'javascript:alert(1)' }), 'html').text;
      assert.ok(html.includes('Photo by Joey Farina on <a href='), html);
      assert.ok(!html.includes('javascript'), html);
    });

    it('no name: "Photo on Pexels"', () => {
      assert.ok(insert(photoItem({ photographer: '  ' }), 'markdown').text.endsWith(`\n\nPhoto on [Pexels](${PAGE})`));
    });
  });

  describe('video', () => {
    const VPAGE = 'https://www.pexels.com/video/ocean-waves-at-sunset-2499611/';
    const POSTER = 'https://images.pexels.com/videos/2499611/free-video-2499611.jpg?auto=compress&cs=tinysrgb&fit=crop&h=630&w=1200';
    const HD = 'https://videos.pexels.com/video-files/2499611/2499611-hd_1920_1080_25fps.mp4';

    it('Markdown: the poster linked to the video page, and "Video by"', () => {
      const { text, snippet } = insert(videoItem(), 'markdown');
      assert.equal(text, `[![Ocean waves at sunset](${POSTER})](${VPAGE})\n\nVideo by [Joey Farina](https://www.pexels.com/@joey) on [Pexels](${VPAGE})`);
      assert.deepEqual(parseSnippet(snippet).placeholders, ['Ocean waves at sunset']);
    });

    it('HTML: <video controls> with the poster and the chosen file as <source type>', () => {
      const { text } = insert(videoItem(), 'html');
      assert.equal(
        text,
        '<figure>\n' +
          `\t<video controls preload="metadata" poster="${POSTER.replace(/&/g, '&amp;')}" width="1920" height="1080" aria-label="Ocean waves at sunset">\n` +
          `\t\t<source src="${HD}" type="video/mp4">\n` +
          '\t</video>\n' +
          `\t<figcaption>Video by <a href="https://www.pexels.com/@joey">Joey Farina</a> on <a href="${VPAGE}">Pexels</a></figcaption>\n` +
          '</figure>',
      );
    });

    it('JSX video', () => {
      const { text } = insert(videoItem(), 'typescriptreact', { credit: false });
      assert.equal(
        text,
        `<video controls preload="metadata" poster="${POSTER}" width={1920} height={1080} aria-label="Ocean waves at sunset">\n\t<source src="${HD}" type="video/mp4" />\n</video>`,
      );
    });

    it('quality setting picks the file', () => {
      const pick = (videoQuality: InsertSettings['videoQuality']): string => insert(videoItem(), 'plaintext', { videoQuality, credit: false }).text;
      assert.equal(pick('hd'), HD);
      assert.match(pick('sd'), /sd_960_540/);
      assert.match(pick('smallest'), /sd_640_360/);
      assert.match(pick('largest'), /hd_3840_2160/);
      assert.match(pick('hls'), /\.m3u8$/);
      const hls = insert(videoItem(), 'html', { videoQuality: 'hls', credit: false }).text;
      assert.ok(hls.includes('type="application/x-mpegURL"') && hls.includes('width="3840" height="2160"'), hls);
    });

    it('CSS: the poster', () => {
      assert.equal(
        insert(videoItem(), 'css').text,
        `url("${POSTER}") /* Video by Joey Farina (https://www.pexels.com/@joey) on Pexels (${VPAGE}) */`,
      );
      assert.throws(() => insert(videoItem({ image: 'javascript:x', video_pictures: [] }), 'css'), isInsertError);
    });

    it('plain: the video file and the credit', () => {
      assert.equal(insert(videoItem(), 'plaintext').text, `${HD}\nVideo by Joey Farina (https://www.pexels.com/@joey) on Pexels (${VPAGE})`);
    });

    it('Markdown without a safe poster: a text link to the file', () => {
      const { text } = insert(videoItem({ image: 'ftp://x/y.jpg', video_pictures: [] }), 'markdown', { credit: false });
      assert.equal(text, `[Ocean waves at sunset](${HD})`);
    });

    it('no usable file: refused', () => {
      assert.throws(
        () => insert(videoItem({ video_files: [] }), 'html'),
        (e: unknown) => isInsertError(e) && /no video file with a safe https address/.test(e.message),
      );
    });
  });
});
