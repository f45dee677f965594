// Insert as…: the alt text and file name the user edits before anything is written. The
// typed alt text goes through the very escaping the service's alt text goes through; a typed
// file name stays one plain name in the folder for saved files, with the server's extension.
import * as assert from 'node:assert/strict';
import { HOSTILE_STRINGS } from '../server/hostile';
import { STEM_BYTES_MAX, companionFileName, fileNameProblem, savedFileName, stemRange } from '../../src/core/insert/edit';
import { altFromPageUrl } from '../../src/core/insert/facts';
import { downloadTarget } from '../../src/core/insert/destination';
import { planInsert, renderPlan } from '../../src/core/insert/plan';
import type { InsertSettings } from '../../src/core/insert/plan';
import { toPlainText } from '../../src/core/insert/pieces';
import type { MediaItem } from '../../src/core/model';
import { SERVICE, SETTINGS, photoItem, videoItem } from './insertFixtures';

function render(media: MediaItem, languageId: string, alt?: string, settings: Partial<InsertSettings> = {}): string {
  return toPlainText(renderPlan(planInsert({ media, languageId, ...SERVICE, settings: { ...SETTINGS, ...settings }, ...(alt !== undefined ? { alt } : {}) })));
}

describe('Insert as…: the alt text offered and the alt text typed', () => {
  it('offers words from the page address when the service has no alt text', () => {
    assert.equal(altFromPageUrl('https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/'), 'Brown rocks during golden hour');
    assert.equal(altFromPageUrl('https://www.pexels.com/video/a-woman-walking-on-the-beach-2499611/'), 'A woman walking on the beach');
    assert.equal(altFromPageUrl('https://www.pexels.com/photo/2014422/'), '');
    assert.equal(altFromPageUrl('not a url'), '');
    // The prefill is the alt text as it would be inserted: the service's first, then the slug.
    const slugOnly = planInsert({ media: photoItem({ alt: '', url: 'https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/' }), languageId: 'markdown', ...SERVICE, settings: SETTINGS });
    assert.equal(slugOnly.facts.alt, 'Brown rocks during golden hour');
    const own = planInsert({ media: photoItem({ alt: 'Rocks at dusk' }), languageId: 'markdown', ...SERVICE, settings: SETTINGS });
    assert.equal(own.facts.alt, 'Rocks at dusk');
  });

  it('a typed alt text replaces the service’s in every format', () => {
    const media = photoItem({ alt: 'Service words' });
    for (const languageId of ['markdown', 'html', 'javascriptreact', 'css', 'plaintext']) {
      const text = render(media, languageId, 'My own words');
      if (languageId !== 'css' && languageId !== 'plaintext') assert.ok(text.includes('My own words'), `${languageId}: ${text}`);
      assert.ok(!text.includes('Service words'), `${languageId}: ${text}`);
    }
    assert.match(render(videoItem(), 'html', 'Waves at night'), /aria-label="Waves at night"/);
  });

  it('hostile typed text is escaped exactly as the same text from the service would be', () => {
    const texts = [...HOSTILE_STRINGS, '<script>alert(1)</script>', '](javascript:alert(1))', '${1:evil} $0', '\u202Eevil\u202C', 'a\nb', 'x'.repeat(3000)];
    for (const typed of texts) {
      for (const languageId of ['markdown', 'html', 'javascriptreact', 'plaintext']) {
        assert.equal(render(photoItem({ alt: 'other' }), languageId, typed), render(photoItem({ alt: typed }), languageId), `${languageId}: ${JSON.stringify(typed).slice(0, 60)}`);
      }
    }
    assert.ok(render(photoItem(), 'html', '<script>alert(1)</script>').includes('alt="&lt;script&gt;alert(1)&lt;/script&gt;"'));
  });

  it('an alt text cleared on purpose stays empty (a decorative image)', () => {
    const text = render(photoItem({ alt: 'Service words' }), 'markdown', '');
    assert.ok(text.startsWith('![](https://'), text);
    assert.match(render(photoItem({ alt: 'Service words' }), 'html', ''), /<img [^>]*alt=""/);
  });
});

describe('Insert as…: the file name typed', () => {
  it('accepts plain names', () => {
    for (const name of ['rocks.jpg', 'Golden hour', 'pexels-1-large.jpg', 'Überschrift 2', 'a'.repeat(STEM_BYTES_MAX), `${'漢'.repeat(74)}.jpg`]) {
      assert.equal(fileNameProblem(name), undefined, name);
    }
  });

  it('refuses what is not one safe file name, saying why', () => {
    const cases: [string, string][] = [
      ['', 'empty'],
      ['   ', 'empty'],
      ['../x.jpg', 'folder'],
      ['images/x.jpg', 'folder'],
      ['..\\x.jpg', 'folder'],
      ['/etc/passwd', 'folder'],
      ['..', 'dots'],
      ['.', 'dots'],
      ['a\u0000b', 'control'],
      ['a\nb', 'control'],
      ['\u202Egpj.exe', 'control'],
      ['a:b', 'reserved'],
      ['what?', 'reserved'],
      ['CON', 'reserved'],
      ['nul.jpg', 'reserved'],
      ['.hidden', 'edge'],
      ['name.', 'edge'],
      ['a'.repeat(STEM_BYTES_MAX + 1), 'tooLong'],
      // 100 characters, 300 bytes in UTF-8: what a file system counts.
      ['漢'.repeat(100), 'tooLong'],
      [`${'漢'.repeat(75)}.jpg`, 'tooLong'],
      ['😀'.repeat(57), 'tooLong'],
    ];
    for (const [name, problem] of cases) assert.equal(fileNameProblem(name), problem, JSON.stringify(name));
  });

  it('the extension is the server’s, whatever was typed', () => {
    assert.equal(savedFileName('rocks', 'jpg'), 'rocks.jpg');
    assert.equal(savedFileName('rocks.jpg', 'png'), 'rocks.png');
    assert.equal(savedFileName(' rocks.JPEG ', 'webp'), 'rocks.webp');
    assert.equal(savedFileName('rocks.tar', 'jpg'), 'rocks.tar.jpg');
    assert.equal(savedFileName('clip.mp4', 'mp4'), 'clip.mp4');
    assert.equal(companionFileName('clip.mp4', 'poster', 'jpg'), 'clip-poster.jpg');
  });

  it('selects the name without its extension', () => {
    assert.deepEqual(stemRange('pexels-1-large.jpg'), [0, 14]);
    assert.deepEqual(stemRange('noext'), [0, 5]);
    assert.deepEqual(stemRange('.hidden'), [0, 7]);
  });

  it('every accepted name stays in the folder the settings chose', () => {
    const doc = { path: '/ws/docs/post.md', workspaceFolder: '/ws', workspaceFolders: ['/ws'] };
    const now = new Date('2026-01-01T00:00:00Z');
    for (const typed of ['rocks', 'a b c', '…', '-x-', 'x'.repeat(STEM_BYTES_MAX)]) {
      assert.equal(fileNameProblem(typed), undefined);
      for (const downloadFolder of ['', '/assets/', 'media/${documentBaseName}/']) {
        const target = downloadTarget({ downloadFolder, copyFiles: undefined, doc, fileName: savedFileName(typed, 'jpg'), now });
        const probe = downloadTarget({ downloadFolder, copyFiles: undefined, doc, fileName: 'file', now });
        assert.equal(target.problem, undefined);
        assert.equal(target.path, `${probe.path.slice(0, probe.path.lastIndexOf('/'))}/${savedFileName(typed, 'jpg')}`);
      }
    }
  });
});
