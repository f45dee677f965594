// Finding a page's front matter and title (src/core/cover/frontMatter.ts), and choosing the
// cover's fields (src/core/cover/presets.ts): the presets, the workspace rule, the custom map.
import assert from 'node:assert/strict';
import { findFrontMatter, pageTitle } from '../../src/core/cover/frontMatter';
import { COVER_MARKERS, COVER_PRESETS, PRESETS, coverFields, detectPreset } from '../../src/core/cover/presets';

/** The block's text and its content's, as a person would point at them. */
function parts(text: string): { syntax: string; block: string; content: string } | undefined {
  const block = findFrontMatter(text);
  return block && { syntax: block.syntax, block: text.slice(block.start, block.end), content: text.slice(block.contentStart, block.contentEnd) };
}

describe('cover: finding the front matter', () => {
  it('YAML between --- lines, with the closing line end; Jekyll’s ... closes it too', () => {
    assert.deepEqual(parts('---\ntitle: x\n---\nbody\n'), { syntax: 'yaml', block: '---\ntitle: x\n---\n', content: 'title: x\n' });
    assert.deepEqual(parts('---\ntitle: x\n...\nbody'), { syntax: 'yaml', block: '---\ntitle: x\n...\n', content: 'title: x\n' });
    assert.deepEqual(parts('---\n---\n'), { syntax: 'yaml', block: '---\n---\n', content: '' });
    assert.deepEqual(parts('---\ntitle: x\n---'), { syntax: 'yaml', block: '---\ntitle: x\n---', content: 'title: x\n' });
  });

  it('a --- inside a string, or indented, does not close it; trailing spaces on a fence are allowed', () => {
    const text = '---   \ntitle: "a\n --- b"\n  ---\nx: 1\n---\nbody';
    assert.equal(parts(text)?.content, 'title: "a\n --- b"\n  ---\nx: 1\n');
  });

  it('TOML between +++ lines; JSON as an object at the start, ending its line', () => {
    assert.deepEqual(parts('+++\ntitle = "x"\n+++\nbody'), { syntax: 'toml', block: '+++\ntitle = "x"\n+++\n', content: 'title = "x"\n' });
    assert.deepEqual(parts('{\n  "title": "a } b"\n}\n\nbody {x}'), { syntax: 'json', block: '{\n  "title": "a } b"\n}\n', content: '{\n  "title": "a } b"\n}' });
  });

  it('CRLF line ends and a byte order mark', () => {
    const text = '\ufeff---\r\ntitle: x\r\n---\r\nbody\r\n';
    assert.deepEqual(parts(text), { syntax: 'yaml', block: '---\r\ntitle: x\r\n---\r\n', content: 'title: x\r\n' });
    assert.equal(findFrontMatter(text)?.start, 1);
  });

  it('no front matter: text, a thematic break later, an unclosed fence, MDX’s {/* comment */}, JSON followed by text on its line', () => {
    for (const text of ['# Title\n\n---\n\nx', 'text\n---\ntitle: x\n---\n', '---\ntitle: x\n', '{/* comment */}\n# Title', '{"a": 1} text\n', '', '---']) {
      assert.equal(findFrontMatter(text), undefined, JSON.stringify(text));
    }
  });
});

describe('cover: the page’s title for a search', () => {
  it('the front matter’s title in each syntax, as one line', () => {
    assert.equal(pageTitle('---\ntitle: "Sunrise over\\nthe hills"\n---\n# Other\n'), 'Sunrise over the hills');
    assert.equal(pageTitle("+++\ntitle = 'Hugo post'\n+++\n"), 'Hugo post');
    assert.equal(pageTitle('{"title": "JSON post"}\n'), 'JSON post');
  });

  it('else the first level-1 heading of the body (ATX or setext), not one in fenced code', () => {
    assert.equal(pageTitle('---\ndate: 2024-01-01\n---\n```\n# not this\n```\n## Sub\n# Mountains  #\n'), 'Mountains');
    assert.equal(pageTitle('Intro\n\nSea *shore*\n===\n'), 'Sea *shore*');
    assert.equal(pageTitle('---\ntitle: 3\n---\n# Body title\n'), 'Body title');
  });

  it('undefined without either, or with broken front matter and no heading', () => {
    assert.equal(pageTitle('just text\n'), undefined);
    assert.equal(pageTitle('---\ntitle: [\n---\ntext\n'), undefined);
    assert.equal(pageTitle('---\ntitle: "  "\n---\n'), undefined);
  });
});

describe('cover: presets', () => {
  it('each preset writes its theme’s keys and carries the credit', () => {
    const keys = Object.fromEntries(COVER_PRESETS.map((id) => [id, PRESETS[id].fields.map((f) => `${f.key.join('.')}=${f.template}${f.list ? '[]' : ''}`)]));
    assert.deepEqual(keys, {
      'hugo-papermod': ['cover.image={url}', 'cover.alt={alt}', 'cover.caption={credit}'],
      'hugo-images': ['images={url}[]', 'credit={creditText}'],
      'jekyll-seo': ['image.path={url}', 'image.alt={alt}', 'image.width={width}', 'image.height={height}', 'image.credit={creditText}'],
      'minimal-mistakes': ['header.overlay_image={url}', 'header.image_description={alt}', 'header.teaser={url}', 'header.caption={credit}'],
      astro: ['heroImage={url}', 'credit={creditText}'],
      docusaurus: ['image={url}', 'credit={creditText}'],
      'obsidian-banner': ['banner={url}', 'credit={creditText}'],
    });
    for (const id of COVER_PRESETS) assert.match(PRESETS[id].defaultSize, /^\d+(x\d+)?$/, id);
  });

  it('detects the preset from the workspace’s markers and, where the theme decides, the config’s text', () => {
    const configs: Record<string, string> = {
      'hugo.toml': 'baseURL = "https://example.org/"\ntheme = "PaperMod"\n',
      'config.yaml': 'baseURL: https://example.org/\ntheme: ananke\n',
      'config.yml': 'name: some-other-tool\n',
      '_config.yml': 'remote_theme: "mmistakes/minimal-mistakes@4.26.2"\n',
    };
    const read = (name: string): string | undefined => configs[name];
    assert.equal(detectPreset(['hugo.toml'], read), 'hugo-papermod');
    assert.equal(detectPreset(['hugo.toml']), 'hugo-images');
    assert.equal(detectPreset(['config.yaml'], read), 'hugo-images');
    assert.equal(detectPreset(['config.yml'], read), undefined);
    assert.equal(detectPreset(['_config.yml'], read), 'minimal-mistakes');
    assert.equal(detectPreset(['_config.yml'], () => 'theme: minima\n'), 'jekyll-seo');
    assert.equal(detectPreset(['astro.config.mjs', '.obsidian']), 'astro');
    assert.equal(detectPreset(['docusaurus.config.ts', 'hugo.toml']), 'docusaurus');
    assert.equal(detectPreset(['.obsidian']), 'obsidian-banner');
    assert.equal(detectPreset([]), undefined);
    for (const name of ['hugo.toml', 'config.toml', '_config.yml', 'astro.config.mjs', 'astro.config.ts', 'docusaurus.config.js', '.obsidian']) assert.ok(COVER_MARKERS.includes(name), name);
  });

  it('the setting: a preset by name, auto → the detected one (else Docusaurus’s generic `image`)', () => {
    const pick = (setting: unknown, detected?: (typeof COVER_PRESETS)[number]): string => {
      const result = coverFields(setting, detected, undefined);
      return result.ok ? `${result.preset} ${result.defaultSize}` : result.message;
    };
    assert.equal(pick('astro', 'hugo-papermod'), 'astro 1020x510');
    assert.equal(pick('auto', 'hugo-papermod'), 'hugo-papermod 1200x630');
    assert.equal(pick('auto'), 'docusaurus 1200x630');
    assert.equal(pick('no-such-theme', 'minimal-mistakes'), 'minimal-mistakes 1280');
    assert.equal(pick(42), 'docusaurus 1200x630');
  });

  it('custom fields: a map of dotted keys to templates, checked', () => {
    const ok = coverFields('custom', 'astro', { 'og.image': '{url}', 'og.credit': 'Photo: {photographer} ({pageUrl})', 'banner-x': '{{literal}}' });
    assert.ok(ok.ok);
    assert.deepEqual(
      ok.fields.map((f) => [f.key, f.template]),
      [
        [['og', 'image'], '{url}'],
        [['og', 'credit'], 'Photo: {photographer} ({pageUrl})'],
        [['banner-x'], '{{literal}}'],
      ],
    );
    const refused = (value: unknown): string => {
      const result = coverFields('custom', undefined, value);
      assert.equal(result.ok, false, JSON.stringify(value));
      return result.ok ? '' : result.message;
    };
    assert.match(refused(undefined), /stockMedia\.cover\.fields is not a map/);
    assert.match(refused({}), /not a map/);
    assert.match(refused(['{url}']), /not a map/);
    assert.match(refused({ 'cover..image': '{url}' }), /"cover\.\.image" is not a key/);
    assert.match(refused({ '---': '{url}' }), /"---" is not a key/);
    assert.match(refused({ 'a b': '{url}' }), /"a b" is not a key/);
    assert.match(refused({ __proto__x: 1, 'x.__proto__': '{url}' }), /not a key|not a text template/);
    assert.match(refused({ cover: 7 }), /the value of "cover" is not a text template/);
    assert.match(refused({ cover: '{nope}' }), /\{nope\} is not a known placeholder/);
    assert.match(refused({ cover: '{url' }), /never closed/);
    assert.match(refused({ cover: '{url}', 'cover.alt': '{alt}' }), /"cover" and "cover\.alt" cannot both be written/);
    assert.match(refused(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, '{url}']))), /has 21 fields; at most 20/);
  });
});
