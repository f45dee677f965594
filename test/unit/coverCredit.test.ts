// The credit check's front matter rule (src/core/creditCheck.ts, cover/frontMatterCredit.ts):
// a cover written by each preset is credited by its caption or credit field, an alt text is
// not a credit, the body's first paragraph can credit it, and the quick fix puts a missing
// credit at the top of the body, never inside the front matter. Also: the scanner the hover
// and Write Credits File use finds the cover's URLs in every syntax.
import assert from 'node:assert/strict';
import { creditInsertText } from '../../src/core/creditCheck';
import { creditPlacement, hasCreditNear } from './creditRule';
import { findFrontMatter, frontMatterData } from '../../src/core/cover/frontMatter';
import { COVER_PRESETS, PRESETS } from '../../src/core/cover/presets';
import { planCover } from '../../src/core/cover/setCover';
import { creditMarkdown, creditPlain } from '../../src/core/insert/credit';
import { CREDIT_WORDS } from '../../src/core/insert/creditWords';
import type { CreditFacts } from '../../src/core/insert/facts';
import type { FormatFamily } from '../../src/core/insert/languages';
import { findMediaRefs } from '../../src/core/mediaRefs';

const options = { serviceUrl: 'https://www.pexels.com', trustedUrls: [] };
const image = 'https://images.pexels.com/photos/2014422/pexels-photo-2014422.jpeg?auto=compress&cs=tinysrgb&fit=crop&h=630&w=1200';
const page = 'https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/';
const names = { author: 'José Müller', serviceName: 'Pexels' };
const facts: CreditFacts = { kind: 'photo', author: 'José Müller', authorUrl: 'https://www.pexels.com/@jose', pageUrl: page, serviceName: 'Pexels', serviceUrl: 'https://www.pexels.com', words: CREDIT_WORDS.en };
const VALUES = { url: image, alt: 'Photo by José Müller', credit: creditMarkdown(facts), creditText: creditPlain(facts), width: '1200', height: '630' };

/** Whether the first media URL of the text (the image, unless `url` says which) is credited. */
function credited(text: string, family: FormatFamily = 'markdown', url = image): boolean {
  const ref = findMediaRefs(text, options).find((r) => r.url === url);
  assert.ok(ref, `the text holds ${url}`);
  return hasCreditNear(text, ref, family, names);
}

function withCover(text: string, id: (typeof COVER_PRESETS)[number], values: Record<string, string> = VALUES): string {
  const plan = planCover(text, PRESETS[id].fields, values);
  assert.ok(plan.ok, plan.ok ? '' : plan.message);
  return text.slice(0, plan.edit.start) + plan.edit.newText + text.slice(plan.edit.end);
}

describe('credit check: covers in front matter', () => {
  it('every preset’s cover is credited by what it writes, in YAML, TOML and JSON', () => {
    for (const id of COVER_PRESETS) {
      for (const text of ['---\ntitle: Rocks\n---\nBody\n', '+++\ntitle = "Rocks"\n+++\nBody\n', '{"title": "Rocks"}\nBody\n', 'Body\n']) {
        const after = withCover(text, id);
        assert.ok(credited(after), `${id}: ${after}`);
        // The credit's link to the photo's page is a media URL too, and credited the same way.
        assert.ok(credited(after, 'markdown', page), `${id} (page URL): ${after}`);
      }
    }
  });

  it('an alt text that names the photographer is not a credit; a caption or credit field is', () => {
    assert.equal(credited(`---\ncover:\n  image: "${image}"\n  alt: "Photo by José Müller"\n---\nBody\n`), false);
    assert.equal(credited(`---\nheroImage: "${image}"\nheroImageAlt: "Photo by José Müller"\n---\n`), false);
    assert.equal(credited(`---\nheader:\n  overlay_image: "${image}"\n  image_description: "José Müller"\n---\n`), false);
    assert.equal(credited(`---\ncover:\n  image: "${image}"\n  caption: "Photo by [José Müller](https://www.pexels.com/@jose)"\n---\n`), true);
    assert.equal(credited(`+++\nimages = ["${image}"]\ncredit = "Photo by JOSE MULLER on Pexels"\n+++\n`), true);
    assert.equal(credited(`---\nimage: "${image}"\ncredit: "Photo by someone else"\n---\n`), false);
  });

  it('the body’s first paragraph credits a cover when it reads as a credit line, blank line or not', () => {
    assert.equal(credited(`---\nimage: "${image}"\n---\nCover photo: José Müller on Pexels\n\nText\n`), false, 'not a credit line: it starts with "Cover"');
    assert.equal(credited(`---\nimage: "${image}"\n---\n\nPhoto by José Müller on Pexels\n\nText\n`), true);
    assert.equal(credited(`---\nimage: "${image}"\n---\n# Title\n\nPhoto by José Müller\n`), false, 'only the first paragraph');
    assert.equal(credited(`---\nimage: "${image}"\n---\n<p class="credit">Photo by José Müller</p>\n`, 'html'), true);
  });

  it('a media in the body is not credited by the front matter’s alt text above it', () => {
    assert.equal(credited(`---\ncover:\n  alt: "Photo by José Müller"\n---\n![Rocks](${image})\n`), false);
    assert.equal(credited(`---\ntitle: x\n---\n![Rocks](${image})\nPhoto by José Müller\n`), true);
  });

  it('front matter that does not parse (an Astro component script) keeps the paragraph rule', () => {
    assert.equal(credited(`---\nconst hero = "${image}"; // Photo by José Müller\n---\n<img src={hero}>\n`, 'html'), true);
  });

  it('the quick fix puts a missing credit at the top of the body: the block still parses and the cover is credited', () => {
    for (const [text, family] of [
      [`---\r\ncover:\r\n  image: "${image}"\r\n  alt: "Rocks"\r\n---\r\nBody\r\n`, 'markdown'],
      [`+++\nimages = ["${image}"]\n+++`, 'markdown'],
      [`---\nimage: "${image}"\n---\n<h1>x</h1>\n`, 'html'],
    ] as const) {
      const [ref] = findMediaRefs(text, options);
      assert.ok(ref);
      const placement = creditPlacement(text, ref, family);
      const eol = text.includes('\r\n') ? '\r\n' : '\n';
      const credit = family === 'html' ? 'Photo by <a href="https://www.pexels.com/@jose">José Müller</a>' : creditMarkdown(facts);
      const fixed = text.slice(0, placement.offset) + creditInsertText(placement, credit, family, eol) + text.slice(placement.offset);
      const block = findFrontMatter(fixed);
      assert.ok(block && frontMatterData(fixed, block), fixed);
      assert.ok(fixed.startsWith(text.slice(0, findFrontMatter(text)?.end)), 'the front matter is untouched');
      assert.ok(credited(fixed, family), fixed);
    }
  });

  it('the scanner (hover, Write Credits File) finds a cover’s file and page URLs in each syntax', () => {
    for (const text of ['---\n---\n', '+++\n+++\n', '{}\n']) {
      const after = withCover(text, 'hugo-papermod');
      assert.deepEqual(
        findMediaRefs(after, options).map((r) => [r.kind, r.id, r.url]),
        [
          ['photo', 2014422, image],
          ['photo', 2014422, page],
        ],
        after,
      );
    }
  });

  it(`a caption in each preset's Markdown (kramdown's entities and escapes, Goldmark's) credits the name it escapes: "O'Brien & Sons ~ -- Co."`, () => {
    const author = "O'Brien & Sons ~ -- Co.";
    const named: CreditFacts = { ...facts, author };
    for (const id of COVER_PRESETS) {
      const after = withCover('---\ntitle: Rocks\n---\nBody\n', id, { ...VALUES, credit: creditMarkdown(named, PRESETS[id].markdown), creditText: creditPlain(named) });
      const ref = findMediaRefs(after, options).find((r) => r.url === image);
      assert.ok(ref, after);
      assert.ok(hasCreditNear(after, ref, 'markdown', { author, serviceName: 'Pexels' }), `${id}: ${after}`);
    }
  });
});
