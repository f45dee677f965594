// What Set as Cover Image… asks, known before any image is chosen (core/cover/setCover.ts):
// whether the page has a cover already (asked first) and whether the preset writes an alt text.
import assert from 'node:assert/strict';
import { COVER_PRESETS, PRESETS } from '../../src/core/cover/presets';
import { coverKeysIn, coverUsesAlt } from '../../src/core/cover/setCover';

describe('Set as Cover Image… asks only what it uses', () => {
  it('the alt text is asked only for presets with an alt field', () => {
    const withAlt = COVER_PRESETS.filter((id) => coverUsesAlt(PRESETS[id].fields));
    assert.deepEqual(withAlt, ['hugo-papermod', 'jekyll-seo', 'minimal-mistakes']);
  });

  it('the cover keys a page has are found before any value is known, in YAML, TOML and JSON', () => {
    const fields = PRESETS['hugo-papermod'].fields;
    assert.deepEqual(coverKeysIn('---\ntitle: Trip\n---\nText\n', fields), []);
    assert.deepEqual(coverKeysIn('Text without front matter\n', fields), []);
    assert.deepEqual([...coverKeysIn('---\ntitle: Trip\ncover:\n  image: /old.jpg\n  alt: Old\n---\n', fields)].sort(), ['cover.alt', 'cover.image']);
    assert.deepEqual([...coverKeysIn('+++\ntitle = "Trip"\n[cover]\nimage = "/old.jpg"\n+++\n', fields)], ['cover.image']);
    assert.deepEqual([...coverKeysIn('{\n  "title": "Trip",\n  "cover": { "image": "/old.jpg" }\n}\n\nText\n', fields)], ['cover.image']);
    // jekyll-seo's width and height are numbers: found all the same.
    const seo = PRESETS['jekyll-seo'].fields;
    assert.deepEqual([...coverKeysIn('---\nimage:\n  path: /a.jpg\n  width: 1200\n  height: 630\n---\n', seo)].sort(), ['image.height', 'image.path', 'image.width']);
  });
});
