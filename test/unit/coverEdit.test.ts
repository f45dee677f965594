// Writing a cover into a page's front matter (src/core/cover/setCover.ts): the whole file
// after the one edit, as the author would see it, in YAML, TOML and JSON, for each preset;
// replacing a cover; refusing what cannot be written safely.
import assert from 'node:assert/strict';
import { planCover } from '../../src/core/cover/setCover';
import type { CoverPlan } from '../../src/core/cover/setCover';
import { PRESETS, coverFields } from '../../src/core/cover/presets';
import type { CoverField, CoverPresetId } from '../../src/core/cover/presets';
import { findFrontMatter } from '../../src/core/cover/frontMatter';
import { readAsSites } from '../generated/frontMatterReaders';
import { PAPERMOD_FAQ } from '../generated/sitePages';

const VALUES = {
  url: 'https://images.pexels.com/photos/2014422/pexels-photo-2014422.jpeg?auto=compress&cs=tinysrgb&fit=crop&h=630&w=1200',
  alt: 'Brown rocks during golden hour',
  credit: 'Photo by [Joey Farina](https://www.pexels.com/@joey) on [Pexels](https://www.pexels.com)',
  creditText: 'Photo by Joey Farina on Pexels',
  photographer: 'Joey Farina',
  width: '1200',
  height: '630',
};
const URL = VALUES.url;

function plan(text: string, preset: CoverPresetId | readonly CoverField[], values: Record<string, string> = VALUES): CoverPlan {
  return planCover(text, typeof preset === 'string' ? PRESETS[preset].fields : preset, values);
}

/** The file after the edit. */
function apply(text: string, preset: CoverPresetId | readonly CoverField[], values?: Record<string, string>): string {
  const result = plan(text, preset, values);
  assert.ok(result.ok, result.ok ? '' : result.message);
  return text.slice(0, result.edit.start) + result.edit.newText + text.slice(result.edit.end);
}

function refusal(text: string, preset: CoverPresetId | readonly CoverField[]): string {
  const result = plan(text, preset);
  assert.equal(result.ok, false, 'refused');
  return result.ok ? '' : result.message;
}

const lines = (...l: string[]): string => l.join('\n');

describe('cover: YAML front matter', () => {
  const papermod = lines(
    '---',
    '# Hugo PaperMod archetype',
    "title: 'Rocks: a story' # the title",
    'date: 2024-01-14T07:07:07+01:00',
    'tags: ["a", b]',
    'description: >-',
    '  folded text',
    '  --- that is not a fence',
    'cover:',
    '    image: "<image path/url>" # image path/url',
    '    alt: |',
    '      old alt',
    '      on two lines',
    '    caption: "<text>" # display caption under cover',
    '    relative: false',
    '    hidden: true',
    '',
    'draft: false',
    '---',
    '',
    'Body with `---` and cover: text.',
    '',
  );

  it('PaperMod: replaces image, alt (a block scalar) and caption in place; comments, quoting, order, blank lines and the body stay', () => {
    assert.equal(
      apply(papermod, 'hugo-papermod'),
      lines(
        '---',
        '# Hugo PaperMod archetype',
        "title: 'Rocks: a story' # the title",
        'date: 2024-01-14T07:07:07+01:00',
        'tags: ["a", b]',
        'description: >-',
        '  folded text',
        '  --- that is not a fence',
        'cover:',
        `    image: "${URL}" # image path/url`,
        '    alt: "Brown rocks during golden hour"',
        '    caption: "Photo by [Joey Farina](https://www.pexels.com/@joey) on [Pexels](https://www.pexels.com)" # display caption under cover',
        '    relative: false',
        '    hidden: true',
        '',
        'draft: false',
        '---',
        '',
        'Body with `---` and cover: text.',
        '',
      ),
    );
    const result = plan(papermod, 'hugo-papermod');
    assert.ok(result.ok);
    assert.deepEqual([result.syntax, result.created, result.replacing], ['yaml', false, ['cover.image', 'cover.alt', 'cover.caption']]);
  });

  it('a new key goes after the last of its map, at that map’s indentation; a new map at the block’s own step', () => {
    const text = lines('---', 'title: x', 'cover:', '    hidden: true # keep', '# after the map', 'tags:', '  - a', '---', 'body');
    assert.equal(
      apply(text, 'hugo-papermod'),
      lines('---', 'title: x', 'cover:', '    hidden: true # keep', `    image: "${URL}"`, '    alt: "Brown rocks during golden hour"', `    caption: "${VALUES.credit}"`, '# after the map', 'tags:', '  - a', '---', 'body'),
    );
    assert.equal(
      apply(lines('---', 'title: x', 'params:', '    a: 1', '---', ''), 'jekyll-seo'),
      lines('---', 'title: x', 'params:', '    a: 1', 'image:', `    path: "${URL}"`, '    alt: "Brown rocks during golden hour"', '    width: "1200"', '    height: "630"', '    credit: "Photo by Joey Farina on Pexels"', '---', ''),
    );
  });

  it('a parent that is not a map (cover: "x.jpg", an empty cover:, a list) is replaced by the map', () => {
    assert.equal(
      apply(lines('---', 'cover: "old.jpg" # old', 'x: 1', '---', ''), 'hugo-papermod'),
      lines('---', 'cover:', `  image: "${URL}"`, '  alt: "Brown rocks during golden hour"', `  caption: "${VALUES.credit}" # old`, 'x: 1', '---', ''),
    );
    const empty = plan(lines('---', 'cover: # to do', 'x: 1', '---', ''), 'hugo-papermod');
    assert.ok(empty.ok);
    assert.deepEqual(empty.replacing, []);
    assert.equal(apply(lines('---', 'images:', '  - a.jpg', '  - b.jpg', 'x: 1', '---', ''), 'hugo-images'), lines('---', `images: ["${URL}"]`, 'x: 1', 'credit: "Photo by Joey Farina on Pexels"', '---', ''));
  });

  it('a field whose old value is a map (image: {path: …}) gets the scalar', () => {
    assert.equal(apply(lines('---', 'image:', '  path: a.jpg', '  alt: old', 'x: 1', '---', ''), 'docusaurus'), lines('---', `image: "${URL}"`, 'x: 1', 'credit: "Photo by Joey Farina on Pexels"', '---', ''));
  });

  it('CRLF stays CRLF; a byte order mark stays first', () => {
    const text = '\ufeff---\r\ntitle: x\r\n---\r\nbody\r\n';
    assert.equal(apply(text, 'astro'), `\ufeff---\r\ntitle: x\r\nheroImage: "${URL}"\r\ncredit: "Photo by Joey Farina on Pexels"\r\n---\r\nbody\r\n`);
  });

  it('empty front matter, or only comments: the keys at its end', () => {
    assert.equal(apply('---\n---\nbody', 'obsidian-banner'), `---\nbanner: "${URL}"\ncredit: "Photo by Joey Farina on Pexels"\n---\nbody`);
    assert.equal(apply('---\n# nothing yet\n---\n', 'docusaurus'), `---\n# nothing yet\nimage: "${URL}"\ncredit: "Photo by Joey Farina on Pexels"\n---\n`);
  });

  it('Minimal Mistakes into an existing header map', () => {
    assert.equal(
      apply(lines('---', 'layout: single', 'header:', '  overlay_filter: 0.5', '---', ''), 'minimal-mistakes'),
      lines('---', 'layout: single', 'header:', '  overlay_filter: 0.5', `  overlay_image: "${URL}"`, '  image_description: "Brown rocks during golden hour"', `  teaser: "${URL}"`, `  caption: "${VALUES.credit}"`, '---', ''),
    );
  });

  it('keys YAML would read as something else are quoted (custom fields)', () => {
    const fields = coverFields('custom', undefined, { yes: '{url}', '1e3': '{alt}', 'no.on': '{id}' });
    assert.ok(fields.ok);
    assert.equal(apply('---\n---\n', fields.fields, { ...VALUES, id: '7' }), `---\n"yes": "${URL}"\n"1e3": "Brown rocks during golden hour"\n"no":\n  "on": "7"\n---\n`);
  });

  it('refuses front matter that does not parse, saying where', () => {
    assert.match(refusal('---\ntitle: x\ncover: [a\n---\nbody', 'hugo-papermod'), /not valid YAML \(line [34]: /);
    assert.match(refusal('---\n- a\n- b\n---\n', 'hugo-papermod'), /not a map of keys to values/);
    assert.match(refusal('---\ntitle: x\n', 'hugo-papermod'), /never closed with a line ---/);
    assert.match(refusal('+++\ntitle = "x"\n', 'hugo-papermod'), /never closed with a line \+\+\+/);
    assert.match(refusal('{"title": "x",}\n', 'hugo-papermod'), /looks like JSON but is not a valid JSON object/);
  });

  it('refuses rather than break an alias to an anchor in the value it replaces', () => {
    assert.match(refusal('---\nimage: &pic a.jpg\nthumb: *pic\n---\n', 'docusaurus'), /without changing other keys/);
  });
});

describe('cover: no front matter yet', () => {
  it('a YAML block is made at the top (after a BOM), the body kept as it was, in the file’s line ends', () => {
    const made = plan('# Title\r\n\r\nText\r\n', 'hugo-papermod');
    assert.ok(made.ok);
    assert.deepEqual([made.syntax, made.created, made.edit.start, made.edit.end], ['yaml', true, 0, 0]);
    assert.equal(made.edit.newText, `---\r\ncover:\r\n  image: "${URL}"\r\n  alt: "Brown rocks during golden hour"\r\n  caption: "${VALUES.credit}"\r\n---\r\n`);
    assert.equal(apply('\ufeffText', 'astro'), `\ufeff---\nheroImage: "${URL}"\ncredit: "Photo by Joey Farina on Pexels"\n---\nText`);
    assert.equal(apply('', 'docusaurus'), `---\nimage: "${URL}"\ncredit: "Photo by Joey Farina on Pexels"\n---\n`);
  });
});

describe('cover: TOML front matter, as Hugo writes it', () => {
  const hugo = lines(
    '+++',
    "title = 'My First Post' # comment",
    'date = 2024-01-14T07:07:07+01:00',
    'lastmod = 1979-05-27 07:32:00Z',
    'draft = false',
    'tags = [',
    '  "a", # one',
    "  'b',",
    ']',
    'summary = """',
    'a multi-line "summary"',
    '+++ not a fence here',
    '"""',
    '',
    '[cover]',
    '  hidden = true',
    '',
    '[[menu.main]]',
    '  name = "Post"',
    '  weight = 10',
    '+++',
    'Body',
  );

  it('PaperMod: the keys go into the [cover] table after its last key, at its indentation', () => {
    const after = apply(hugo, 'hugo-papermod');
    assert.equal(after, hugo.replace('  hidden = true\n', `  hidden = true\n  image = "${URL}"\n  alt = "Brown rocks during golden hour"\n  caption = "${VALUES.credit}"\n`));
  });

  it('top-level keys go after the last top-level key, before the first table header', () => {
    const after = apply(hugo, 'hugo-images');
    assert.equal(after, hugo.replace('"""\n\n[cover]', `"""\nimages = ["${URL}"]\ncredit = "Photo by Joey Farina on Pexels"\n\n[cover]`));
  });

  it('without a [cover] table: dotted keys at the top level; existing ones replaced in place', () => {
    const text = lines('+++', 'title = "x"', 'cover.image = "old.jpg" # old', '[params]', '  a = 1', '+++', '');
    assert.equal(
      apply(text, 'hugo-papermod'),
      lines('+++', 'title = "x"', `cover.image = "${URL}" # old`, 'cover.alt = "Brown rocks during golden hour"', `cover.caption = "${VALUES.credit}"`, '[params]', '  a = 1', '+++', ''),
    );
    const replaced = plan(text, 'hugo-papermod');
    assert.ok(replaced.ok);
    assert.deepEqual(replaced.replacing, ['cover.image']);
  });

  it('an existing value of any kind is replaced, a multi-line one whole', () => {
    const text = lines('+++', 'images = [', '  "a.jpg",', '  "b.jpg",', ']', 'credit = """old', 'credit"""', '+++', '');
    assert.equal(apply(text, 'hugo-images'), lines('+++', `images = ["${URL}"]`, 'credit = "Photo by Joey Farina on Pexels"', '+++', ''));
  });

  it('a parent that is not a table (cover = "x.jpg") is replaced; an old [image] table is removed for a scalar image', () => {
    assert.equal(
      apply(lines('+++', 'cover = "x.jpg"', 'title = "t"', '+++', ''), 'hugo-papermod'),
      lines('+++', 'title = "t"', `cover.image = "${URL}"`, 'cover.alt = "Brown rocks during golden hour"', `cover.caption = "${VALUES.credit}"`, '+++', ''),
    );
    assert.equal(apply(lines('+++', 'title = "t"', '[image]', 'path = "a.jpg"', '[other]', 'b = 2', '+++', ''), 'docusaurus'), lines('+++', 'title = "t"', `image = "${URL}"`, 'credit = "Photo by Joey Farina on Pexels"', '[other]', 'b = 2', '+++', ''));
  });

  it('CRLF, and escapes in TOML basic strings', () => {
    const text = '+++\r\ntitle = "x"\r\n+++\r\n';
    assert.equal(apply(text, 'astro', { ...VALUES, url: 'a"b\\c', creditText: 'x\ty\u0001z' }), '+++\r\ntitle = "x"\r\nheroImage = "a\\"b\\\\c"\r\ncredit = "x y z"\r\n+++\r\n');
  });

  it('refuses TOML that does not parse (saying where), an inline table and an array of tables in the way', () => {
    assert.match(refusal('+++\ntitle = "x"\ntitle = "y"\n+++\n', 'hugo-papermod'), /not valid TOML \(line 3: /);
    assert.match(refusal('+++\ncover = { hidden = true }\n+++\n', 'hugo-papermod'), /writes "cover" inline/);
    assert.match(refusal('+++\n[[cover]]\na = 1\n+++\n', 'hugo-papermod'), /"cover" as a list of tables/);
  });
});

describe('cover: JSON front matter', () => {
  it('keys set with the object’s indentation; a string parent replaced by an object; the body kept', () => {
    const text = '{\n    "title": "x",\n    "cover": "old.jpg"\n}\n\nBody {not json}\n';
    assert.equal(
      apply(text, 'hugo-papermod'),
      `{\n    "title": "x",\n    "cover": {\n        "image": "${URL}",\n        "alt": "Brown rocks during golden hour",\n        "caption": "Photo by [Joey Farina](https://www.pexels.com/@joey) on [Pexels](https://www.pexels.com)"\n    }\n}\n\nBody {not json}\n`,
    );
    const replaced = plan(text, 'hugo-papermod');
    assert.ok(replaced.ok);
    assert.deepEqual([replaced.syntax, replaced.replacing], ['json', ['cover']]);
  });

  it('an existing field is replaced in place, CRLF kept', () => {
    const text = '{\r\n  "image": "old.jpg",\r\n  "title": "t"\r\n}\r\nbody';
    assert.equal(apply(text, 'docusaurus'), `{\r\n  "image": "${URL}",\r\n  "title": "t",\r\n  "credit": "Photo by Joey Farina on Pexels"\r\n}\r\nbody`);
  });
});

describe('cover: the edit', () => {
  it('is one replacement as small as it can be, inside the block', () => {
    const text = '---\ntitle: x\ncover:\n  image: old.jpg\n---\nbody';
    const result = plan(text, [{ key: ['cover', 'image'], template: '{url}' }]);
    assert.ok(result.ok);
    assert.equal(text.slice(result.edit.start, result.edit.end), 'old.jpg');
    assert.equal(result.edit.newText, `"${URL}"`);
  });

  it('every preset writes its fields into every syntax and reads back', () => {
    for (const id of Object.keys(PRESETS) as CoverPresetId[]) {
      for (const text of ['---\ntitle: t\n---\nbody', '+++\ntitle = "t"\n+++\nbody', '{"title": "t"}\nbody', 'body']) {
        const after = apply(text, id);
        assert.ok(after.endsWith('body'), `${id}: ${after}`);
        assert.ok(after.includes(URL), `${id}: ${after}`);
      }
    }
  });
});

describe('cover: front matter every site reads (issue 32)', () => {
  /** The block's data as the site's generator reads it (YAML: libyaml's rules, in YAML 1.1). */
  const siteData = (text: string): Record<string, unknown> => {
    const block = findFrontMatter(text);
    assert.ok(block, text);
    return readAsSites(block.syntax, text.slice(block.contentStart, block.contentEnd)) as Record<string, unknown>;
  };

  it('noncharacters (U+FFFE, U+FFFF, U+FDD0, U+1FFFE, U+10FFFF) are dropped from alt text, names and URLs alike, in every syntax; controls are a space, a lone surrogate U+FFFD, U+FEFF kept', () => {
    const hostile = {
      ...VALUES,
      url: `${URL}&x=\uffff1`,
      alt: 'Brown rocks\ufffe during\u0085golden\u0000hour\ufeff \ufdd0\u{10ffff}\ud800',
      credit: 'Photo by [Jo\u{1fffe}ey Farina](https://www.pexels.com/@joey) on [Pexels](https://www.pexels.com)',
    };
    for (const text of ['---\ntitle: t\n---\nbody', '+++\ntitle = "t"\n+++\nbody', '{"title": "t"}\nbody', 'body']) {
      const after = apply(text, 'hugo-papermod', hostile);
      assert.deepEqual(siteData(after)['cover'], { image: `${URL}&x=1`, alt: 'Brown rocks during golden hour\ufeff \ufffd', caption: VALUES.credit }, after);
      assert.doesNotMatch(after, /\p{Noncharacter_Code_Point}/u, after);
    }
  });
});

describe('cover: YAML the generators read, edited (issue 32)', () => {
  const faq = PAPERMOD_FAQ;

  it('a key given twice (PaperMod’s FAQ post, aliases): the cover is set, every line of the page stays', () => {
    const after = apply(faq, 'hugo-papermod');
    assert.equal(after, faq.replace('weight: 3\n', `weight: 3\ncover:\n  image: "${URL}"\n  alt: "Brown rocks during golden hour"\n  caption: "${VALUES.credit}"\n`));
    const result = plan(faq, 'hugo-papermod');
    assert.ok(result.ok);
    assert.deepEqual(result.replacing, []);
  });

  it('the cover’s own key given twice: written into the last, which the generators read; the first stays as it was', () => {
    const text = lines('---', 'cover:', '  image: first.jpg', 'title: x', 'cover:', '  image: second.jpg # old', '  hidden: true', '---', '');
    assert.equal(apply(text, 'hugo-papermod'), text.replace('  image: second.jpg # old\n  hidden: true\n', `  image: "${URL}" # old\n  hidden: true\n  alt: "Brown rocks during golden hour"\n  caption: "${VALUES.credit}"\n`));
    const result = plan(text, 'hugo-papermod');
    assert.ok(result.ok);
    assert.deepEqual(result.replacing, ['cover.image']);
    assert.equal(apply(lines('---', 'image: a.jpg', 'image: b.jpg', '---', ''), 'docusaurus'), lines('---', 'image: a.jpg', `image: "${URL}"`, 'credit: "Photo by Joey Farina on Pexels"', '---', ''));
  });

  it('a flow map (`{title: x}`) is edited in place: new keys after its last entry, a nested flow map’s values replaced', () => {
    assert.equal(apply('---\n{title: x, tags: [a, b]}\n---\nbody', 'docusaurus'), `---\n{title: x, tags: [a, b], image: "${URL}", credit: "Photo by Joey Farina on Pexels"}\n---\nbody`);
    assert.equal(
      apply('---\n{title: x}\n---\n', 'hugo-papermod'),
      `---\n{title: x, cover: {image: "${URL}", alt: "Brown rocks during golden hour", caption: "${VALUES.credit}"}}\n---\n`,
    );
    assert.equal(apply('---\n{}\n---\n', 'astro'), `---\n{heroImage: "${URL}", credit: "Photo by Joey Farina on Pexels"}\n---\n`);
    const nested = lines('---', 'title: x', 'cover: {image: a.jpg, hidden: true} # old', '---', '');
    assert.equal(apply(nested, 'hugo-papermod'), nested.replace('{image: a.jpg, hidden: true}', `{image: "${URL}", hidden: true, alt: "Brown rocks during golden hour", caption: "${VALUES.credit}"}`));
    const result = plan(nested, 'hugo-papermod');
    assert.ok(result.ok);
    assert.deepEqual(result.replacing, ['cover.image']);
  });

  it('a flow map over several lines gets each new entry on a line of its own', () => {
    const text = lines('---', '{', '  title: x,', '  tags: [a]', '}', '---', '');
    const added = [`  image: "${URL}"`, '  credit: "Photo by Joey Farina on Pexels"'];
    assert.equal(apply(text, 'docusaurus'), lines('---', '{', '  title: x,', '  tags: [a],', `${added[0]},`, added[1] ?? '', '}', '---', ''));
    // A comment after the last entry stays on its line; a trailing comma stays the map's last.
    assert.equal(apply(text.replace('[a]', '[a] # c'), 'docusaurus'), lines('---', '{', '  title: x,', '  tags: [a], # c', `${added[0]},`, added[1] ?? '', '}', '---', ''));
    assert.equal(apply(text.replace('[a]', '[a], # c'), 'docusaurus'), lines('---', '{', '  title: x,', '  tags: [a], # c', `${added[0]},`, added[1] ?? '', '}', '---', ''));
    assert.equal(apply(text.replace('[a]', '[a],'), 'docusaurus'), lines('---', '{', '  title: x,', '  tags: [a],', `${added[0]},`, `${added[1] ?? ''},`, '}', '---', ''));
  });
});

describe('cover: JSON front matter keeps its other members’ text (issue 32)', () => {
  it('"tags": ["json"] stays one line; only the cover’s members are written', () => {
    const text = '{\n  "title": "JSON post",\n  "tags": ["json"],\n  "params": {"a": 1, "b": [1, 2]}\n}\n\nBody\n';
    assert.equal(
      apply(text, 'hugo-papermod'),
      `{\n  "title": "JSON post",\n  "tags": ["json"],\n  "params": {"a": 1, "b": [1, 2]},\n  "cover": {\n    "image": "${URL}",\n    "alt": "Brown rocks during golden hour",\n    "caption": "${VALUES.credit}"\n  }\n}\n\nBody\n`,
    );
  });

  it('into an existing object at its own indentation; a one-line object gets one-line members; a key given twice: the last', () => {
    const text = '{\r\n\t"cover": {"hidden": true},\r\n\t"image":   [ "a.jpg" ],\r\n\t"header": {\r\n\t\t\t"a": [1,\r\n\t\t\t2]\r\n\t}\r\n}\r\n';
    assert.equal(
      apply(text, 'hugo-papermod'),
      `{\r\n\t"cover": {"hidden": true, "image": "${URL}", "alt": "Brown rocks during golden hour", "caption": "${VALUES.credit}"},\r\n\t"image":   [ "a.jpg" ],\r\n\t"header": {\r\n\t\t\t"a": [1,\r\n\t\t\t2]\r\n\t}\r\n}\r\n`,
    );
    assert.equal(
      apply(text, 'minimal-mistakes'),
      `{\r\n\t"cover": {"hidden": true},\r\n\t"image":   [ "a.jpg" ],\r\n\t"header": {\r\n\t\t\t"a": [1,\r\n\t\t\t2],\r\n\t\t\t"overlay_image": "${URL}",\r\n\t\t\t"image_description": "Brown rocks during golden hour",\r\n\t\t\t"teaser": "${URL}",\r\n\t\t\t"caption": "${VALUES.credit}"\r\n\t}\r\n}\r\n`,
    );
    assert.equal(apply('{"image": "a.jpg", "title": "t", "image": "b.jpg"}\n', 'docusaurus'), `{"image": "a.jpg", "title": "t", "image": "${URL}", "credit": "Photo by Joey Farina on Pexels"}\n`);
    assert.equal(apply('{\n}\n', 'astro'), `{\n  "heroImage": "${URL}",\n  "credit": "Photo by Joey Farina on Pexels"\n}\n`);
  });
});

describe('cover: TOML table replacement keeps what belongs to the next table (issue 32)', () => {
  it('an old [image] table goes; the comment lines just above the next table stay', () => {
    const text = lines('+++', 'title = "t"', '', '[image]', '# the old cover', 'path = "a.jpg" # old', '', '# Links shown under the post', '# (one per line)', '[params]', 'b = 2', '+++', '');
    assert.equal(
      apply(text, 'docusaurus'),
      lines('+++', 'title = "t"', `image = "${URL}"`, 'credit = "Photo by Joey Farina on Pexels"', '', '', '# Links shown under the post', '# (one per line)', '[params]', 'b = 2', '+++', ''),
    );
    assert.equal(apply(lines('+++', '[image]', '# about params', '[params]', 'b = 2', '+++', ''), 'docusaurus'), lines('+++', `image = "${URL}"`, 'credit = "Photo by Joey Farina on Pexels"', '# about params', '[params]', 'b = 2', '+++', ''));
  });
});
