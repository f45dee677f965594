// Service text in Markdown stays text wherever a template puts it: in a link title, at
// the start of a line, and where a renderer links bare addresses. Read back with markdown-it.
import * as assert from 'node:assert/strict';
import { readMarkdown } from '../generated/parseBack';
import { planInsert, renderPlan } from '../../src/core/insert/plan';
import { toPlainText } from '../../src/core/insert/pieces';
import { SERVICE, SETTINGS, photoItem, videoItem } from './insertFixtures';
import { escapeGoldmarkText, escapeKramdownText, escapeMarkdownImageAlt, escapeMarkdownText } from '../../src/core/insert/escape';
import { markdownImageAltPlaceholders, parseTemplate } from '../../src/core/insert/template';
import type { MediaItem } from '../../src/core/model';

/** Texts that markdown-it's linkify (fuzzy links and e-mails on) and GFM's autolinks would link. */
const ADDRESSES = 'https://evil.example/x HTTP://EVIL.COM //localhost/x ftp://a.example www.evil.com bücher.de a.b@evil.com mailto:me@x.org';

function insertItem(media: MediaItem, settings: { credit?: boolean; templates?: Record<string, string> } = {}): string {
  return toPlainText(renderPlan(planInsert({ media, languageId: 'markdown', ...SERVICE, settings: { ...SETTINGS, credit: true, ...settings } })));
}

/** The texts a reader sees, with bare addresses linked, and the links. */
function linkified(markdown: string): { texts: string[]; links: string[] } {
  const reading = readMarkdown(markdown, true);
  return { texts: reading.segments, links: reading.urls.filter((u) => !u.startsWith('https://www.pexels.com/') && !u.startsWith('https://images.pexels.com/') && !u.startsWith('https://videos.pexels.com/')) };
}

function insert(template: string, photographer: string): string {
  const plan = planInsert({ media: photoItem({ photographer }), languageId: 'markdown', ...SERVICE, settings: { ...SETTINGS, credit: false, templates: { markdown: template } } });
  return toPlainText(renderPlan(plan));
}

describe('Markdown escaping of service text in templates', () => {
  it('a name with quotes, apostrophes and parentheses stays inside a "…" image title', () => {
    const text = insert('![{alt}]({url} "{creditText}")', 'Dwayne "The Rock" (J) \'x\'');
    const reading = readMarkdown(text);
    assert.deepEqual(reading.shape.filter((s) => !s.startsWith('#text') && !s.startsWith('src=')), ['paragraph_open:p', 'image(', ')image', 'image title', 'paragraph_close:p']);
    assert.equal(reading.segments[1], 'Photo by Dwayne "The Rock" (J) \'x\' (https://www.pexels.com/@joey) on Pexels (https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/)');
  });

  for (const name of ['# Heading', '- item', '+ item', '1. item', '2) item', '===', '---', '> quote']) {
    it(`a name starting a line as "${name}" is one paragraph of text`, () => {
      const reading = readMarkdown(`Above.\n\n${insert('{photographer}\n{alt}', name)}\n`);
      assert.deepEqual(reading.shape, ['paragraph_open:p', '#text', 'paragraph_close:p', 'paragraph_open:p', '#text', 'softbreak', '#text', 'paragraph_close:p']);
      assert.equal(reading.segments[1], name);
    });
  }

  describe('bare addresses in names and alt texts', () => {
    it('a name in the credit and in template text links nowhere, and reads as the service wrote it', () => {
      const noUrl = photoItem({ photographer: ADDRESSES, photographer_url: 'javascript:x' });
      for (const text of [insertItem(noUrl), insertItem(photoItem({ photographer: ADDRESSES }), { templates: { markdown: '{photographer} took this: {alt}' } })]) {
        const { texts, links } = linkified(text);
        assert.deepEqual(links, [], text);
        assert.ok(texts.some((t) => t.includes(ADDRESSES)), `${JSON.stringify(texts)} from ${text}`);
      }
    });

    it('escapes the : of ://, a / before another, a . before a letter or digit, and @', () => {
      assert.equal(escapeMarkdownText('https://a.example//x a@b.c Mr. Smith 3.5'), 'https\\:\\//a\\.example\\//x a\\@b\\.c Mr. Smith 3\\.5');
      assert.equal(escapeMarkdownText('1.5 stars'), '1\\.5 stars', 'one escape, not a list and an escaped escape');
      assert.equal(escapeMarkdownText('1. stars'), '1\\. stars');
      assert.equal(escapeMarkdownText('^note'), '\\^note', 'no footnote reference after a bracket');
    });

    it('an image’s alt text escapes only the : of ://, so markdown-it’s alt attribute keeps the rest', () => {
      assert.equal(escapeMarkdownImageAlt('Mr. Smith at www.example.com, me@example.com, https://example.com'), 'Mr. Smith at www.example.com, me@example.com, https\\://example.com');
      const text = insertItem(photoItem({ alt: ADDRESSES }), { credit: false });
      assert.ok(text.startsWith(`![${ADDRESSES.replace(/:(?=\/\/)/g, '\\:')}](`), text);
      const { texts, links } = linkified(text);
      assert.deepEqual(links, []);
      assert.equal(texts[0], ADDRESSES);
      const video = insertItem(videoItem({ url: 'https://www.pexels.com/video/see-www-evil-com-1/' }), { credit: false });
      assert.deepEqual(linkified(video).links, []);
    });

    it('templates: the alt text of a well-formed image is an image alt; anywhere else it is text', () => {
      const at = (template: string): number[] => [...markdownImageAltPlaceholders(parseTemplate(template, () => 'x'))];
      assert.deepEqual(at('![{alt}]({url})'), [1]);
      assert.deepEqual(at('[![{alt} by {photographer}]({poster})]({pageUrl})'), [1, 3]);
      assert.deepEqual(at('![{alt}]({url} "{creditText}")\n\n{alt}'), [1]);
      assert.deepEqual(at('![{alt}] by {photographer}'), [], 'no destination: not an image');
      assert.deepEqual(at('![{alt}]({url} by {photographer})'), [], 'a destination with spaces: not an image');
      assert.deepEqual(at('\\![{alt}]({url})'), [], 'an escaped !');
      assert.deepEqual(at('{alt}'), []);
      const text = insertItem(photoItem({ alt: ADDRESSES }), { templates: { markdown: '![{alt}]({url})\n\n{alt}' }, credit: false });
      const { texts, links } = linkified(text);
      assert.deepEqual(links, []);
      assert.deepEqual(texts, [ADDRESSES, ADDRESSES]);
      assert.ok(text.includes('www.evil.com'), 'the image alt keeps its dots');
      assert.ok(text.includes('www\\.evil\\.com'), 'the paragraph escapes them');
    });
  });

  // Read back by the generators themselves in coverGenerators.test.ts (Hugo, kramdown).
  it('kramdown: only the escapes kramdown reads, `&` and `~` as entities (a cover caption under Jekyll)', () => {
    assert.equal(escapeKramdownText("O'Brien & Sons"), "O\\'Brien &amp; Sons");
    assert.equal(escapeKramdownText('a~~b~~ &amp; @x /y %z ^w'), 'a&#126;&#126;b&#126;&#126; &amp;amp; @x /y %z ^w');
    assert.equal(escapeKramdownText('\\ . * _ + - ` ( ) [ ] { } # ! : | " \' $ = < >'), '\\\\ \\. \\* \\_ \\+ \\- \\` \\( \\) \\[ \\] \\{ \\} \\# \\! \\: \\| \\" \\\' \\$ \\= \\< \\>');
  });

  it('Goldmark: CommonMark’s escapes and what Hugo’s typographer would change, each character escaped once', () => {
    assert.equal(escapeGoldmarkText("O'Brien & Sons"), "O\\'Brien \\& Sons");
    assert.equal(escapeGoldmarkText('--x --- a...b'), '\\--x \\-\\-- a\\.\\.\\.b');
    assert.equal(escapeGoldmarkText('-x'), '\\-x');
    assert.equal(escapeGoldmarkText('www.evil.example'), escapeMarkdownText('www.evil.example'));
  });
});
