// Insert templates: placeholders, escaping per language, credit, and the messages for
// broken templates.
import * as assert from 'node:assert/strict';
import { planInsert, renderPlan, pickTemplate } from '../../src/core/insert/plan';
import type { InsertSettings } from '../../src/core/insert/plan';
import { toPlainText, toSnippet } from '../../src/core/insert/pieces';
import { PLACEHOLDERS, parseTemplate } from '../../src/core/insert/template';
import { isInsertError } from '../../src/core/insert/insertError';
import type { MediaItem } from '../../src/core/model';
import { SERVICE, SETTINGS, parseSnippet, photoItem, videoItem } from './insertFixtures';
import { readHtml, readMarkdown, readTsx } from '../generated/parseBack';

function withTemplate(media: MediaItem, languageId: string, templates: Record<string, unknown>, settings: Partial<InsertSettings> = {}): { text: string; snippet: string } {
  const pieces = renderPlan(planInsert({ media, languageId, ...SERVICE, settings: { ...SETTINGS, templates, ...settings } }));
  return { text: toPlainText(pieces), snippet: toSnippet(pieces) };
}

const IMG = 'https://images.pexels.com/photos/2014422/pexels-photo-2014422.jpeg';
const LARGE = `${IMG}?auto=compress&cs=tinysrgb&h=650&w=940`;

describe('insert templates', () => {
  it('fills every placeholder', () => {
    const all = Object.keys(PLACEHOLDERS)
      .map((p) => `${p}=[{${p}}]`)
      .join('\n');
    const { text } = withTemplate(photoItem(), 'plaintext', { plaintext: all });
    const values = Object.fromEntries(text.split('\n').map((line) => {
      const m = /^(\w+)=\[(.*)\]$/.exec(line);
      assert.ok(m, line);
      return [m[1], m[2]];
    }));
    assert.deepEqual(values, {
      url: LARGE,
      alt: 'Brown Rocks During Golden Hour',
      width: '650',
      height: '650',
      pixelWidth: '650',
      pixelHeight: '650',
      photographer: 'Joey Farina',
      photographerUrl: 'https://www.pexels.com/@joey',
      pageUrl: 'https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/',
      id: '2014422',
      avgColor: '#978E82',
      // The square 3024×3024 photo's whole-photo renderings: 130 and 350 high, fitting 940×650 (at dpr 1 and 2), the original.
      // The original (3024 wide) asked for each width it has.
      srcset: [640, 1280, 1920, 2560].map((w) => `${IMG}?auto=compress&cs=tinysrgb&w=${w} ${w}w`).join(', '),
      sizes: '(max-width: 650px) 100vw, 650px',
      serviceName: 'Pexels',
      serviceUrl: 'https://www.pexels.com/',
      kind: 'photo',
      variant: 'large',
      poster: '',
      fileType: '',
      credit: 'Photo by Joey Farina (https://www.pexels.com/@joey) on Pexels (https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/)',
      creditText: 'Photo by Joey Farina (https://www.pexels.com/@joey) on Pexels (https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/)',
    });
  });

  it('{alt} is the tab stop, mirrored where it appears twice', () => {
    const { snippet, text } = withTemplate(photoItem(), 'markdown', { markdown: '![{alt}]({url} "{alt}") {credit}' });
    const parsed = parseSnippet(snippet);
    assert.deepEqual(parsed.placeholders, ['Brown Rocks During Golden Hour', 'Brown Rocks During Golden Hour']);
    assert.equal(parsed.text, text);
    assert.equal((snippet.match(/\$\{1:/g) ?? []).length, 2);
  });

  it('{{ and }} are literal braces, and $ in a template is text, not snippet syntax', () => {
    const { text, snippet } = withTemplate(photoItem(), 'typescriptreact', {
      typescriptreact: '<Image src="{url}" width={{{width}}} price="$5" tpl="${{x}}" />',
    }, { credit: false });
    assert.equal(text, `<Image src="${LARGE}" width={650} price="$5" tpl="\${x}" />`);
    assert.equal(parseSnippet(snippet).text, text);
  });

  it('values are escaped for the template’s language', () => {
    const hostile = photoItem({ alt: '<b>"x"</b> {{y}} [z](javascript:1)', photographer: 'A*/B' });
    assert.equal(withTemplate(hostile, 'html', { html: '<img alt="{alt}">' }, { credit: false }).text, '<img alt="&lt;b&gt;&quot;x&quot;&lt;/b&gt; &#123;&#123;y&#125;&#125; [z](javascript:1)">');
    assert.equal(withTemplate(hostile, 'markdown', { markdown: '![{alt}]({url})' }, { credit: false }).text, `![\\<b\\>\\"x\\"\\</b\\> \\{\\{y\\}\\} \\[z\\](javascript:1)](${LARGE})`);
    assert.equal(withTemplate(hostile, 'css', { css: '/* {photographer} */' }, { credit: false }).text, '/* A* /B */');
    assert.equal(withTemplate(hostile, 'html', { html: '<a href="{url}">' }, { credit: false }).text, `<a href="${LARGE.replace(/&/g, '&amp;')}">`);
  });

  it('{creditText} keeps a name as the service wrote it where the format escapes it, and is plain-inert in plain text', () => {
    const name = 'Ann $x {{y}} <b>&amp; 100% C:\\dir `z`';
    const sentence = `Photo by ${name} (https://www.pexels.com/@joey) on Pexels (https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/)`;
    const media = photoItem({ photographer: name });
    const texts = (reading: { segments: string[]; labels: string[] }): string[] => reading.segments.filter((_s, i) => reading.labels[i] !== '@src');
    const html = withTemplate(media, 'html', { html: '<p title="{creditText}">{creditText}</p>' }).text;
    assert.deepEqual(texts(readHtml(html)), [sentence, sentence], html);
    const jsx = withTemplate(media, 'typescriptreact', { typescriptreact: '<p title="{creditText}">{creditText}</p>' }).text;
    assert.deepEqual(texts(readTsx(jsx)), [sentence, sentence], jsx);
    const markdown = withTemplate(media, 'markdown', { markdown: '![{alt}]({url} "{creditText}")' }).text;
    assert.equal(readMarkdown(markdown).segments.at(-1), sentence, markdown);
    assert.equal(withTemplate(media, 'plaintext', { plaintext: '{creditText}' }).text, 'Photo by Ann x y b &amp; 100 C: dir z (https://www.pexels.com/@joey) on Pexels (https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/)');
  });

  it('a template without the credit gets the credit line after it while credit is on', () => {
    assert.equal(
      withTemplate(photoItem(), 'markdown', { markdown: '![{alt}]({url})' }).text,
      `![Brown Rocks During Golden Hour](${LARGE})\n\nPhoto by [Joey Farina](https://www.pexels.com/@joey) on [Pexels](https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/)`,
    );
    assert.match(withTemplate(photoItem(), 'html', { html: '<img src="{url}">' }).text, /^<img src="[^"]+">\n\n<p class="credit">Photo by <a /);
    assert.match(withTemplate(photoItem(), 'css', { css: 'url({url})' }).text, /^url\([^)]+\) \/\* Photo by Joey Farina /);
    assert.equal(withTemplate(photoItem(), 'markdown', { markdown: '{url}' }, { credit: false }).text, LARGE);
    // Naming the photographer counts as crediting: nothing is added.
    assert.equal(withTemplate(photoItem(), 'markdown', { markdown: '{url} by {photographer}' }).text, `${LARGE} by Joey Farina`);
  });

  it('lang:video and lang:photo are more specific than lang', () => {
    const templates = { markdown: 'ANY {kind}', 'markdown:video': 'VIDEO {url}' };
    assert.equal(withTemplate(photoItem(), 'markdown', templates, { credit: false }).text, 'ANY photo');
    assert.match(withTemplate(videoItem(), 'markdown', templates, { credit: false }).text, /^VIDEO https:\/\/videos\.pexels\.com\/.*hd_1920_1080/);
    assert.equal(pickTemplate({ html: 'x' }, 'markdown', 'photo'), undefined);
    assert.equal(pickTemplate({ markdown: '   ' }, 'markdown', 'photo'), undefined, 'an empty template means the built-in format');
  });

  describe('broken templates: a message naming the problem, nothing inserted', () => {
    const cases: [string, RegExp][] = [
      ['![{alt}]({URL})', /\{URL\} is not a known placeholder\. Known: \{url\}, \{alt\}/],
      ['{foo}', /\{foo\} is not a known placeholder/],
      ['{}', /\{\} is not a known placeholder/],
      ['![{alt]({url})', /the "\{" at position 3 is never closed\. Write \{\{ for a literal brace/],
      ['{url', /the "\{" at position 1 is never closed/],
      ['a } b', /the "\}" at position 3 closes nothing\. Write \}\} for a literal brace/],
      ['{ alt }', /\{ alt \} is not a known placeholder/],
    ];
    for (const [template, message] of cases) {
      it(JSON.stringify(template), () => {
        assert.throws(
          () => withTemplate(photoItem(), 'markdown', { markdown: template }),
          (e: unknown) => isInsertError(e) && message.test(e.message) && e.message.includes('the stockMedia.insert.templates entry "markdown"') && e.message.endsWith('Nothing was inserted.'),
        );
      });
    }

    it('only braces are syntax: unbalanced parentheses are the user’s business', () => {
      assert.deepEqual(parseTemplate('![{alt}]({url}', () => 'x'), [{ literal: '![' }, { placeholder: 'alt' }, { literal: '](' }, { placeholder: 'url' }]);
    });

    it('a template that is not text', () => {
      assert.throws(
        () => withTemplate(photoItem(), 'markdown', { markdown: 42 }),
        (e: unknown) => isInsertError(e) && /entry "markdown" must be text/.test(e.message),
      );
    });

    it('a very long unknown name is shortened in the message', () => {
      assert.throws(
        () => withTemplate(photoItem(), 'markdown', { markdown: `{${'x'.repeat(500)}}` }),
        (e: unknown) => isInsertError(e) && e.message.length < 800,
      );
    });
  });
});

describe('insert templates: where placeholders may stand', () => {
  const refused = (languageId: string, template: string): string => {
    try {
      withTemplate(photoItem(), languageId, { [languageId]: template }, { credit: false });
    } catch (error) {
      assert.ok(isInsertError(error), String(error));
      return error.message;
    }
    assert.fail(`${languageId}: ${template} was accepted`);
  };

  it('an unquoted attribute value in HTML is refused, naming the placeholder and the quoted form', () => {
    const message = refused('html', '<img src={url} alt="{alt}">');
    assert.match(message, /\{url\} is inside a tag but not in quotes/);
    assert.ok(message.includes('src="{url}"'), message);
    assert.match(message, /Nothing was inserted/);
    assert.match(refused('html', '<img src="{url}" alt={alt}>'), /\{alt\} is inside a tag/);
    assert.match(refused('vue', '<img alt = {alt}>'), /\{alt\} is inside a tag/);
    // Not as an attribute name or a tag name either.
    assert.match(refused('html', '<img {alt}>'), /\{alt\} is inside a tag/);
    assert.match(refused('html', '<{kind} title={photographer}>'), /\{photographer\} is inside a tag/);
  });

  it('JSX: text placeholders go in quotes; in an expression (`{{…}}` in the template) they are refused', () => {
    assert.match(refused('typescriptreact', '<img src={url} />'), /\{url\} is inside a tag but not in quotes/);
    const message = refused('typescriptreact', '<img alt={{{alt}}} />');
    assert.match(message, /\{alt\} is inside braces, where JSX and template languages read code/);
    assert.ok(message.includes('alt="{alt}"'), message);
    assert.match(refused('javascriptreact', '<p>{{"{photographer}"}}</p>'), /\{photographer\} is inside braces/);
    // The quoted form: the value is a JSX string, its entities read back as the text.
    const hostile = photoItem({ alt: 'a" onError={alert(1)} b' });
    const { text } = withTemplate(hostile, 'typescriptreact', { typescriptreact: '<img alt="{alt}" width={{{width}}} />' }, { credit: false });
    assert.equal(text, '<img alt="a&quot; onError=&#123;alert(1)&#125; b" width={650} />');
  });

  it('template languages and MDX: no placeholder inside {{ }} either', () => {
    assert.match(refused('vue', '<p>{{{{ {alt} }}}}</p>'), /\{alt\} is inside braces/);
    assert.match(refused('mdx', '<Figure caption={{{photographer}}} />'), /\{photographer\} is inside braces/);
    assert.match(refused('markdown', '<img src={url}>'), /\{url\} is inside a tag/);
  });

  it('what stays allowed: quoted values, text between tags, comments, numbers, and CSS/plain templates', () => {
    const ok = (languageId: string, template: string): string => withTemplate(photoItem(), languageId, { [languageId]: template }, { credit: false }).text;
    assert.match(ok('html', "<img src='{url}' alt=\"{alt}\" width={width}><p>{photographer}</p><!-- <b {alt} --> {alt}"), /^<img src='https/);
    assert.match(ok('html', '<p title="x > y">{alt}</p>'), /^<p title="x > y">Brown Rocks/);
    assert.match(ok('markdown', 'a < b {alt} ![{alt}]({url})'), /^a < b Brown/);
    assert.match(ok('typescriptreact', '<img src="{url}" width={{{width}}} height={{{height}}} data-id={id} />'), /width=\{650\}/);
    assert.match(ok('css', '.a {{ background: url("{url}"); }}'), /^\.a \{ background/);
    assert.match(ok('plaintext', '{alt} {{x}}'), /^Brown Rocks During Golden Hour \{x\}$/);
  });
});

describe('insert templates in Restricted Mode', () => {
  it('a workspace cannot set stockMedia.insert.templates while it is untrusted', async () => {
    const { readFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile('package.json', 'utf8')) as {
      capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
    };
    assert.ok(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('stockMedia.insert.templates'));
  });
});
