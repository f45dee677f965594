// The credits file's pure parts: the entries as written, the merge with what the user wrote,
// the path setting, and the .gitignore matching that decides which files are read.
import assert from 'node:assert/strict';
import type { CreditEntry } from '../../src/core/credits/creditsFile';
import { CREDITS_END, CREDITS_START, CREDITS_WORDS, creditsPathInFolder, mergeCredits, renderCreditsBlock } from '../../src/core/credits/creditsFile';

// markdown-it ships no types; loaded at run time as blockChecks.ts does. linkify on, as VS Code's preview has it.
const markdownIt = createRequire(__filename)('markdown-it') as (options: { linkify: boolean }) => { renderInline(text: string): string };
const decodeEntities = (html: string): string => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
import { gitignoreOf, itIgnoresAsTabled } from './gitignoreCases';
import { creditMarkdown } from '../../src/core/insert/credit';
import { CREDIT_WORDS } from '../../src/core/insert/creditWords';
import { creditFacts } from '../../src/core/insert/facts';
import type { Photo } from '../../src/core/model';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { plainUtf8 } from '../../src/core/textFile';

const en = CREDITS_WORDS.en;

function photo(id: number, photographer: string): Photo {
  return {
    id,
    width: 100,
    height: 100,
    url: `https://www.pexels.com/photo/rocks-${id}/`,
    photographer,
    photographer_url: `https://www.pexels.com/@p${id}`,
    photographer_id: id,
    avg_color: null,
    src: { original: '', large2x: '', large: '', medium: '', small: '', portrait: '', landscape: '', tiny: '' },
    liked: false,
  };
}

function entry(id: number, photographer: string, files: string[], language: 'en' | 'de' = 'en'): CreditEntry {
  const facts = creditFacts({ kind: 'photo', photo: photo(id, photographer) }, { serviceName: 'Pexels', serviceUrl: 'https://www.pexels.com', creditWords: CREDIT_WORDS[language] });
  return { kind: 'photo', id, author: facts.author, credit: creditMarkdown(facts), authorUrl: facts.authorUrl, pageUrl: facts.pageUrl, files };
}

describe('credits file: rendering', () => {
  it('writes one entry per media: the insert’s credit line, the photographer’s and the page’s links, the files sorted', () => {
    const lines = renderCreditsBlock([entry(7, 'Ann Lee', ['site/index.html', 'docs/a.md', 'docs/a.md'])], en, 'Pexels');
    assert.deepEqual(lines.slice(3), [
      '- Photo by [Ann Lee](https://www.pexels.com/@p7) on [Pexels](https://www.pexels.com/photo/rocks-7/)',
      '  - Photographer: <https://www.pexels.com/@p7>',
      '  - Page: <https://www.pexels.com/photo/rocks-7/>',
      '  - Used in: `docs/a.md`, `site/index.html`',
      '',
    ]);
  });

  it('orders by photographer, then id, whatever order the media were found in', () => {
    const a = renderCreditsBlock([entry(9, 'zoe', ['a.md']), entry(3, 'Bo', ['a.md']), entry(2, 'Zoe', ['a.md']), entry(1, 'bo', ['a.md'])], en, 'Pexels');
    const b = renderCreditsBlock([entry(1, 'bo', ['a.md']), entry(2, 'Zoe', ['a.md']), entry(9, 'zoe', ['a.md']), entry(3, 'Bo', ['a.md'])], en, 'Pexels');
    assert.deepEqual(a, b);
    const order = a.filter((l) => l.startsWith('- ')).map((l) => /rocks-(\d+)/.exec(l)?.[1]);
    assert.deepEqual(order, ['3', '1', '2', '9']);
  });

  it('escapes the service’s text and the file names for Markdown', () => {
    const lines = renderCreditsBlock([entry(5, '[x](javascript:alert(1)) *Eve*', ['we_ird [name].md'])], en, 'Pexels');
    const text = lines.join('\n');
    assert.ok(text.includes('[\\[x\\](javascript:alert(1)) \\*Eve\\*](https://www.pexels.com/@p5)'), text);
    assert.ok(text.includes('Used in: `we_ird [name].md`'), text);
    assert.ok(!text.includes('[x](javascript'), 'no link forms from a name');
  });

  it('writes file names as they read: no escapes, never a link or markup, whatever they hold', () => {
    const names = ['post.md', 'a`b`.md', '`x.md', 'two``ticks.md', '<b>bold</b>.html', 'line\nbreak.md', `x${CREDITS_END}.md`];
    const line = renderCreditsBlock([entry(8, 'Ann', names)], en, 'Pexels').find((l) => l.startsWith('  - Used in: ')) ?? '';
    const md = markdownIt({ linkify: true });
    const html = md.renderInline(line.slice('  - Used in: '.length));
    const shown = [...html.matchAll(/<code>([^<]*)<\/code>/g)].map((m) => decodeEntities(m[1] ?? ''));
    const expected = names.filter((n) => !n.includes(CREDITS_END)).map((n) => n.replace('\n', '\ufffd')).sort();
    assert.deepEqual(shown.sort(), expected, html);
    assert.ok(!/<a |<b>/.test(html), html);
    assert.ok(line.includes('post.md`') && !line.includes('post\\.md'), line);
    assert.equal(line.split(CREDITS_END).length, 1, 'no marker in the block');
  });

  it('lists media the service no longer has, with their files; words in the credit’s language', () => {
    const gone: CreditEntry = { kind: 'video', id: 42, author: '', credit: undefined, authorUrl: undefined, pageUrl: undefined, files: ['b.css'] };
    assert.deepEqual(renderCreditsBlock([gone], CREDITS_WORDS.de, 'Pexels').slice(3), ['- Video 42: nicht mehr auf Pexels zu finden', '  - Verwendet in: `b.css`', '']);
    const de = renderCreditsBlock([entry(7, 'Ann', ['a.md'], 'de')], CREDITS_WORDS.de, 'Pexels');
    assert.equal(de[3], '- Foto von [Ann](https://www.pexels.com/@p7) auf [Pexels](https://www.pexels.com/photo/rocks-7/)');
    assert.equal(de[4], '  - Fotograf: <https://www.pexels.com/@p7>');
  });
});

describe('credits file: merge with what is there', () => {
  const block = renderCreditsBlock([entry(7, 'Ann', ['a.md'])], en, 'Pexels');

  it('makes a new file with a title and the block', () => {
    const made = mergeCredits(undefined, block, en);
    assert.ok(made.ok);
    assert.ok(made.text.startsWith(`# Credits\n\n${CREDITS_START}\n`));
    assert.ok(made.text.endsWith(`${CREDITS_END}\n`));
  });

  it('keeps the user’s text around the markers and replaces only the block; the same block changes nothing', () => {
    const first = mergeCredits(undefined, block, en);
    assert.ok(first.ok);
    const edited = `My intro.\n\n${first.text}\nThanks to everyone.\n`;
    const again = mergeCredits(edited, block, en);
    assert.deepEqual(again, { ok: true, text: edited, changed: false });
    const other = renderCreditsBlock([entry(8, 'Bo', ['b.md'])], en, 'Pexels');
    const changed = mergeCredits(edited, other, en);
    assert.ok(changed.ok && changed.changed);
    assert.ok(changed.text.startsWith('My intro.\n\n# Credits\n\n'));
    assert.ok(changed.text.endsWith(`${CREDITS_END}\n\nThanks to everyone.\n`));
    assert.ok(changed.text.includes('rocks-8') && !changed.text.includes('rocks-7'));
  });

  it('appends the block to a file without markers, keeping its text and its CRLF line endings', () => {
    const merged = mergeCredits('# Thanks\r\n\r\nFonts by someone.\r\n', block, en);
    assert.ok(merged.ok);
    assert.ok(merged.text.startsWith('# Thanks\r\n\r\nFonts by someone.\r\n\r\n<!-- stock-media-credits:start -->\r\n'));
    assert.ok(!/[^\r]\n/.test(merged.text), 'every line ends in CRLF');
  });

  it('refuses markers that are doubled or out of order', () => {
    assert.deepEqual(mergeCredits(`${CREDITS_END}\n${CREDITS_START}\n`, block, en), { ok: false, problem: 'markers' });
    assert.deepEqual(mergeCredits(`${CREDITS_START}\n${CREDITS_START}\n${CREDITS_END}\n`, block, en), { ok: false, problem: 'markers' });
    assert.deepEqual(mergeCredits(`${CREDITS_START}\nno end\n`, block, en), { ok: false, problem: 'markers' });
  });
});

describe('credits file: path setting', () => {
  it('takes paths inside the folder and refuses the rest', () => {
    assert.equal(creditsPathInFolder('CREDITS.md'), 'CREDITS.md');
    assert.equal(creditsPathInFolder(' docs\\credits.md '), 'docs/credits.md');
    assert.equal(creditsPathInFolder('./docs//CREDITS.md'), 'docs/CREDITS.md');
    for (const bad of ['', '   ', '../CREDITS.md', 'docs/../../x.md', 'docs/../x.md', '/etc/x.md', '~/x.md', 'C:/x.md', 'c:x.md', 'docs/', '.']) {
      assert.equal(creditsPathInFolder(bad), undefined, bad);
    }
  });

  it('refuses a path in a .git folder, at any depth and in any case, and the names Windows reads as .git', () => {
    for (const bad of ['.git/config', '.git', 'sub/.git/x', '.GIT/config', 'a\\.Git\\hooks\\pre-commit', '.git./config', '.git /config', 'GIT~1/config', './.git/config']) {
      assert.equal(creditsPathInFolder(bad), undefined, bad);
    }
    for (const good of ['.github/CREDITS.md', 'git/CREDITS.md', '.gitignore.md', 'docs/.gitkeep.md', 'my.git/CREDITS.md']) {
      assert.equal(creditsPathInFolder(good), good, good);
    }
  });
});

describe('credits file: .gitignore matching', () => {
  it('cannot re-include a file inside an ignored folder, as in git', () => {
    const r = gitignoreOf('build/\n!build/keep.md\n');
    assert.equal(r.ignores('build/keep.md'), true);
    const s = gitignoreOf('build/*\n!build/keep.md\n');
    assert.equal(s.ignores('build/keep.md'), false);
    assert.equal(s.ignores('build/other.md'), true);
  });

  it('reads character classes and ? within one name', () => {
    const r = gitignoreOf('img[0-9].md\nfile?.css\n[!a]x.md\n');
    assert.equal(r.ignores('img3.md'), true);
    assert.equal(r.ignores('imgx.md'), false);
    assert.equal(r.ignores('file1.css'), true);
    assert.equal(r.ignores('file/.css'), false);
    assert.equal(r.ignores('bx.md'), true);
    assert.equal(r.ignores('ax.md'), false);
  });

  itIgnoresAsTabled(
    { '': '# build output\nnode_modules\n/dist/\n*.log\n!keep.log\ndocs/**/draft-*.md\n\\#hash.md\nspace.md\\ \ncache/\n', site: 'secret.md\n!public/\n/local.css\n' },
    [
      ['node_modules/pkg/README.md', true],
      ['a/node_modules/x.md', true],
      ['dist/index.html', true],
      ['src/dist/index.html', false],
      ['dist', false],
      ['app.log', true],
      ['keep.log', false],
      ['docs/draft-1.md', true],
      ['docs/a/b/draft-2.md', true],
      ['other/docs/draft-3.md', false],
      ['#hash.md', true],
      ['space.md ', true],
      ['space.md', false],
      ['cache/x.md', true],
      ['cache', false],
      ['site/secret.md', true],
      ['site/deep/secret.md', true],
      ['secret.md', false],
      ['site/local.css', true],
      ['site/a/local.css', false],
      ['README.md', false],
    ],
  );
});

describe('credits file: only plain UTF-8 is rewritten', () => {
  it('reads UTF-8 without a byte order mark, and says why anything else is left as it is', () => {
    assert.deepEqual(plainUtf8(new TextEncoder().encode('# Credits\nJürgen 漢 😀\n')), { text: '# Credits\nJürgen 漢 😀\n' });
    assert.deepEqual(plainUtf8(new Uint8Array()), { text: '' });
    assert.deepEqual(plainUtf8(Uint8Array.from([0x4a, 0xfc, 0x72, 0x67, 0x65, 0x6e])), { problem: 'notUtf8' }, 'Latin-1 “Jürgen”');
    assert.deepEqual(plainUtf8(Uint8Array.from([0xef, 0xbb, 0xbf, 0x23, 0x0a])), { problem: 'utf8Bom' });
    assert.deepEqual(plainUtf8(Uint8Array.from([0xff, 0xfe, 0x23, 0x00])), { problem: 'utf16Bom' });
    assert.deepEqual(plainUtf8(Uint8Array.from([0xfe, 0xff, 0x00, 0x23])), { problem: 'utf16Bom' });
    // A lone surrogate encoded (CESU), an overlong `/`, a cut sequence: not UTF-8.
    for (const bad of [[0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x41, 0xe6, 0xbc]]) assert.deepEqual(plainUtf8(Uint8Array.from(bad)), { problem: 'notUtf8' }, bad.join(' '));
  });
});

describe('credits file and saved files in Restricted Mode', () => {
  it('a workspace cannot set the paths the extension writes to while it is untrusted', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } } };
    const restricted = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
    for (const setting of ['stockMedia.creditsFile.path', 'stockMedia.insert.downloadFolder', 'stockMedia.insert.fileName', 'stockMedia.insert.siteFolder']) {
      assert.ok(restricted.includes(setting), setting);
    }
  });
});
