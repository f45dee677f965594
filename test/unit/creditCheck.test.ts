// The credit check's rule (src/core/creditCheck.ts): which credit lines count for which
// media, and where a missing one goes; the credits checked are the ones the insert command
// writes (credit.ts), in English and German, and hand-written ones.
import assert from 'node:assert/strict';
import { CreditContext, creditInsertText, visibleText } from '../../src/core/creditCheck';
import { creditPlacement, hasCreditNear } from './creditRule';
import { creditHtml, creditMarkdown } from '../../src/core/insert/credit';
import { CREDIT_WORDS } from '../../src/core/insert/creditWords';
import type { CreditFacts } from '../../src/core/insert/facts';
import type { FormatFamily } from '../../src/core/insert/languages';
import { findMediaRefs } from '../../src/core/mediaRefs';

const options = { serviceUrl: 'https://www.pexels.com', trustedUrls: [] };
const image = 'https://images.pexels.com/photos/2014422/pexels-photo-2014422.jpeg?w=1260';
const names = { author: 'José Müller', serviceName: 'Pexels' };

function facts(author: string, words = CREDIT_WORDS.en): CreditFacts {
  return {
    kind: 'photo',
    author,
    authorUrl: 'https://www.pexels.com/@jose',
    pageUrl: 'https://www.pexels.com/photo/rocks-2014422/',
    serviceName: 'Pexels',
    serviceUrl: 'https://www.pexels.com',
    words,
  };
}

function credited(text: string, family: FormatFamily, who = names): boolean {
  const [ref] = findMediaRefs(text, options);
  assert.ok(ref, 'the test text holds a media URL');
  return hasCreditNear(text, ref, family, who);
}

/** The text with the credit added where the quick fix adds it. */
function fixed(text: string, family: FormatFamily, credit: string): string {
  const [ref] = findMediaRefs(text, options);
  assert.ok(ref);
  const placement = creditPlacement(text, ref, family);
  return text.slice(0, placement.offset) + creditInsertText(placement, credit, family, '\n') + text.slice(placement.offset);
}

describe('credit check: Markdown', () => {
  it('counts the credit the insert command writes, in English and German, with the name escaped', () => {
    for (const words of [CREDIT_WORDS.en, CREDIT_WORDS.de]) {
      const text = `# Trip\n\n![Rocks](${image})\n\n${creditMarkdown(facts('José Müller', words))}\n\nMore text.\n`;
      assert.ok(credited(text, 'markdown'));
    }
    const odd = 'Ann *Star* [x](y) <b>';
    const text = `![Rocks](${image})\n\n${creditMarkdown(facts(odd))}\n`;
    assert.ok(text.includes('\\*Star\\*'), 'the name is escaped in the source');
    assert.ok(credited(text, 'markdown', { author: odd, serviceName: 'Pexels' }));
  });

  it('counts a hand-written credit in the same paragraph, ignoring case and accents', () => {
    assert.ok(credited(`![Rocks](${image}) Photo by jose muller.\n`, 'markdown'));
    assert.ok(credited(`![Rocks](${image})\n_Photo by JOSÉ MÜLLER_\n`, 'markdown'));
  });

  it('does not count the name in the alt text, in a URL, in another paragraph or as part of a word', () => {
    assert.ok(!credited(`![Photo by José Müller](${image})\n`, 'markdown'));
    assert.ok(!credited(`![Rocks](${image})\n\nSome text.\n\nPhoto by José Müller\n`, 'markdown'), 'two paragraphs away');
    assert.ok(!credited(`![Rocks](${image})\n\nJosé Müller was there.\n`, 'markdown'), 'the next paragraph is no credit line');
    assert.ok(!credited(`![Rocks](${image}) [link](https://example.com/José-Müller)\n`, 'markdown'));
    assert.ok(!credited(`![Rocks](${image}) by Ann\n`, 'markdown', { author: 'An', serviceName: 'Pexels' }));
  });

  it('credits a photo without a photographer by the service name', () => {
    assert.ok(credited(`![Rocks](${image})\n\nPhoto on Pexels\n`, 'markdown', { author: '', serviceName: 'Pexels' }));
    assert.ok(!credited(`![Rocks](${image})\n`, 'markdown', { author: '', serviceName: 'Pexels' }));
  });

  it('adds the credit as a paragraph of its own after the image, and then counts it', () => {
    const text = `Intro.\n\n![Rocks](${image})\nStill the same paragraph.\n\nNext.\n`;
    const after = fixed(text, 'markdown', creditMarkdown(facts('José Müller')));
    assert.equal(after, `Intro.\n\n![Rocks](${image})\nStill the same paragraph.\n\nPhoto by [José Müller](https://www.pexels.com/@jose) on [Pexels](https://www.pexels.com/photo/rocks-2014422/)\n\nNext.\n`);
    assert.ok(credited(after, 'markdown'));
  });
});

describe('credit check: HTML', () => {
  it('counts the figure and paragraph credits the insert command writes, in both languages', () => {
    for (const words of [CREDIT_WORDS.en, CREDIT_WORDS.de]) {
      const credit = creditHtml(facts('José <Müller> & Co', words));
      const who = { author: 'José <Müller> & Co', serviceName: 'Pexels' };
      assert.ok(credited(`<figure>\n\t<img src="${image}" alt="x">\n\t<figcaption>${credit}</figcaption>\n</figure>\n`, 'html', who));
      assert.ok(credited(`<img src="${image}" alt="x">\n<p class="credit">${credit}</p>\n`, 'html', who));
    }
  });

  it('does not count a credit outside the figure, in an attribute, or in a later paragraph', () => {
    assert.ok(!credited(`<figure><img src="${image}" alt="Photo by José Müller"></figure>\n<p>Photo by José Müller</p>`, 'html'));
    assert.ok(!credited(`<img src="${image}" title="José Müller">\n`, 'html'));
    assert.ok(!credited(`<img src="${image}">\n\n<p>Text</p>\n\n<p>Photo by José Müller</p>\n`, 'html'));
    assert.ok(credited(`<img src="${image}">\n\n<p><small>Photo by José Müller</small></p>\n`, 'html'), 'the next paragraph is a credit line');
  });

  it('adds a figcaption to a figure without one, and a credit paragraph after an element', () => {
    const credit = creditHtml(facts('José Müller'));
    const figure = `  <figure>\n    <img src="${image}" alt="x">\n  </figure>\n`;
    const withCaption = fixed(figure, 'html', credit);
    assert.equal(withCaption, `  <figure>\n    <img src="${image}" alt="x">\n  \t<figcaption>${credit}</figcaption>\n  </figure>\n`);
    assert.ok(credited(withCaption, 'html'));
    const video = `<video controls>\n\t<source src="https://videos.pexels.com/video-files/856971/856971-hd_1920_1080_30fps.mp4">\n</video>\n<p>Next</p>`;
    const afterVideo = fixed(video, 'html', credit);
    assert.ok(afterVideo.includes(`</video>\n<p class="credit">${credit}</p>\n<p>Next</p>`), afterVideo);
    assert.ok(credited(afterVideo, 'html'));
  });
});

describe('credit check: helpers', () => {
  it('reads credit lines in English and German and hand-written forms', () => {
    const isCreditLike = (line: string): boolean => new CreditContext(line, 'markdown').isCreditLike(0, line.length);
    for (const line of ['Photo by A', 'Foto von A auf B', '*Video by A*', '<small>Credit: A</small>', '© A', 'Bild: A']) assert.ok(isCreditLike(line), line);
    for (const line of ['Photographs are nice', 'Ann took this', 'Photos-only']) assert.equal(isCreditLike(line), line === 'Photos-only', line);
  });

  it('reads what a reader sees: escapes and references resolved, tags and alt texts gone', () => {
    assert.equal(visibleText('A \\*b\\* &amp; &#233;', 'markdown').trim(), 'A *b* & é');
    assert.equal(visibleText('<a href="https://x/ann">Ann</a>', 'html').trim(), 'Ann');
  });
});
