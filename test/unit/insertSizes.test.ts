// Sizes made from the original (sizes.ts) checked against the local library's model of the
// image server (test/server/images.ts: what it serves for a query); the size setting's
// parser; saved files' names from a template; and the destinations for static sites (Hugo
// page bundles, a site folder with site-absolute links).
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { imageSize } from '../server/images';
import { HOSTILE_STRINGS } from '../server/hostile';
import type { PhotoSize } from '../../src/core/insert/sizes';
import { cropForRatio, photoAtSize, readPhotoSize, sizeName } from '../../src/core/insert/sizes';
import { DEFAULT_FILE_NAME_TEMPLATE, fileNameFromTemplate, fileNameTemplateProblem, slugify } from '../../src/core/insert/naming';
import type { NameFacts } from '../../src/core/insert/naming';
import { STEM_BYTES_MAX, fileNameProblem } from '../../src/core/insert/edit';
import type { DocumentLocation } from '../../src/core/insert/destination';
import { derivedUrlPath, downloadTarget, siteUrlPath, targetLink } from '../../src/core/insert/destination';
import { photo } from './insertFixtures';

const WIDE = photo({ width: 6000, height: 4000 });
const ORIGINAL = WIDE.src.original;

/** What the image server serves for `url` (its query) from a photo of `width`×`height`. */
function served(url: string, width: number, height: number): { width: number; height: number } {
  return imageSize({ width, height }, new URL(url).searchParams);
}

/** The size a setting's value names, or undefined for anything else (readPhotoSize says why). */
function parsePhotoSize(value: unknown): PhotoSize | undefined {
  const read = readPhotoSize(value);
  return 'size' in read ? read.size : undefined;
}

describe('photo sizes from the original', () => {
  it('the setting: names, widths (number or text), crops; nonsense refused naming the setting', () => {
    assert.deepEqual(parsePhotoSize('large'), { kind: 'variant', variant: 'large' });
    assert.deepEqual(parsePhotoSize(' Original '), { kind: 'variant', variant: 'original' });
    assert.deepEqual(parsePhotoSize(1280), { kind: 'width', width: 1280 });
    assert.deepEqual(parsePhotoSize('1280'), { kind: 'width', width: 1280 });
    assert.deepEqual(parsePhotoSize('1280w'), { kind: 'width', width: 1280 });
    assert.deepEqual(parsePhotoSize('1200x630'), { kind: 'crop', width: 1200, height: 630 });
    assert.deepEqual(parsePhotoSize('1200 × 630'), { kind: 'crop', width: 1200, height: 630 });
    assert.deepEqual(parsePhotoSize(12000), { kind: 'width', width: 12000 });
    for (const bad of [0, -5, 12001, 1280.5, Number.NaN, Infinity, '0', '-1', '12001', '0x630', '1200x0', '1200x', 'huge', '', '1e3', '1200x630x2', null, undefined, true, {}, []]) {
      assert.equal(parsePhotoSize(bad), undefined, String(bad));
      const read = readPhotoSize(bad, 'stockMedia.cover.size');
      assert.ok('message' in read && read.message.includes('stockMedia.cover.size'), String(bad));
    }
  });

  it('generated values: a size is read back from its own name; anything else is refused, never thrown', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constantFrom(...HOSTILE_STRINGS)), (value) => {
        const read = readPhotoSize(value);
        if ('size' in read) assert.deepEqual(parsePhotoSize(sizeName(read.size)), read.size);
        else assert.match(read.message, /stockMedia\.insert\.size/);
      }),
      { numRuns: 500 },
    );
  });

  it('a width: the original at w=…, as the service asks, served at that width and the photo’s shape', () => {
    const at = photoAtSize(WIDE, { kind: 'width', width: 1280 });
    assert.ok(at);
    assert.equal(at.url, `${ORIGINAL}?auto=compress&cs=tinysrgb&w=1280`);
    assert.deepEqual([at.width, at.height, at.pixelWidth, at.pixelHeight], [1280, 853, 1280, 853]);
    assert.deepEqual(served(at.url, 6000, 4000), { width: 1280, height: 853 });
    assert.equal(at.label, '1280 × 853');
    assert.equal(at.name, '1280w');
    assert.equal(at.capped, false);
  });

  it('a width wider than the original: what is served, the original’s width, not enlarged', () => {
    const small = photo({ width: 1600, height: 1000 });
    const at = photoAtSize(small, { kind: 'width', width: 2560 });
    assert.ok(at);
    assert.deepEqual([at.pixelWidth, at.pixelHeight], [1600, 1000]);
    assert.deepEqual(served(at.url, 1600, 1000), { width: 1600, height: 1000 });
    assert.equal(at.capped, true);
  });

  it('a crop: fit=crop&h=…&w=…, served at exactly that size; the origin and path kept, the original’s own query replaced', () => {
    const withQuery = photo({ width: 6000, height: 4000, src: { ...WIDE.src, original: `${ORIGINAL}?foo=1#x` } });
    const at = photoAtSize(withQuery, { kind: 'crop', width: 1200, height: 630 });
    assert.ok(at);
    assert.equal(at.url, `${ORIGINAL}?auto=compress&cs=tinysrgb&fit=crop&h=630&w=1200`);
    assert.deepEqual(served(at.url, 6000, 4000), { width: 1200, height: 630 });
    assert.equal(at.label, '1200 × 630');
  });

  it('a variant: its own address and size, as before', () => {
    const at = photoAtSize(WIDE, { kind: 'variant', variant: 'large2x' });
    assert.ok(at);
    assert.equal(at.url, WIDE.src.large2x);
    assert.deepEqual([at.width, at.height, at.pixelWidth, at.pixelHeight], [940, 627, 1880, 1253]);
  });

  it('nothing from an original that may not be inserted, or of unknown size', () => {
    for (const original of ['javascript:alert(1)', 'http://evil.example/a.jpg', 'https://user:pw@images.pexels.com/a.jpg', '']) {
      const p = photo({ width: 6000, height: 4000, src: { ...WIDE.src, original } });
      assert.equal(photoAtSize(p, { kind: 'width', width: 1280 }), undefined, original);
      assert.equal(photoAtSize(p, { kind: 'crop', width: 1200, height: 630 }), undefined, original);
    }
    assert.equal(photoAtSize(photo({ width: 0, height: 0 }), { kind: 'width', width: 1280 }), undefined);
  });

  it('generated photos and sizes: the pixel size is what the image server serves for the address', () => {
    const size = fc.oneof(
      fc.integer({ min: 1, max: 12_000 }).map((width): PhotoSize => ({ kind: 'width', width })),
      fc.record({ width: fc.integer({ min: 1, max: 4000 }), height: fc.integer({ min: 1, max: 4000 }) }).map((c): PhotoSize => ({ kind: 'crop', ...c })),
    );
    fc.assert(
      // Up to 25 MP: the local image server scales anything above 30 MP down, the real one does not.
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), size, (width, height, s) => {
        const at = photoAtSize(photo({ width, height }), s);
        assert.ok(at);
        assert.deepEqual(served(at.url, width, height), { width: at.pixelWidth, height: at.pixelHeight });
      }),
      { numRuns: 500 },
    );
  });

  it('crops by ratio fit the original and keep the ratio exactly', () => {
    assert.deepEqual(cropForRatio(WIDE, 16, 9, 1920), { kind: 'crop', width: 1920, height: 1080 });
    assert.deepEqual(cropForRatio(photo({ width: 1280, height: 853 }), 16, 9, 1920), { kind: 'crop', width: 1280, height: 720 });
    assert.deepEqual(cropForRatio(photo({ width: 1080, height: 1350 }), 1, 1, 1080), { kind: 'crop', width: 1080, height: 1080 });
    assert.deepEqual(cropForRatio(photo({ width: 1000, height: 500 }), 4, 3, 1600), { kind: 'crop', width: 664, height: 498 });
  });
});

describe('saved file names from a template', () => {
  const facts: NameFacts = { alt: 'Brown Rocks During Golden Hour', id: 2014422, author: 'Joey Farina', width: 1280, height: 853, size: '1280w', serviceName: 'Pexels' };

  it('the default: slug, id and size', () => {
    assert.equal(DEFAULT_FILE_NAME_TEMPLATE, '{slug}-{id}-{size}');
    assert.equal(fileNameFromTemplate(DEFAULT_FILE_NAME_TEMPLATE, facts, 'jpg'), 'brown-rocks-during-golden-hour-2014422-1280w.jpg');
    assert.equal(fileNameFromTemplate(DEFAULT_FILE_NAME_TEMPLATE, { ...facts, size: '1200x630' }, 'png'), 'brown-rocks-during-golden-hour-2014422-1200x630.png');
  });

  it('every placeholder', () => {
    assert.equal(
      fileNameFromTemplate('{service}_{photographer}_{id}_{width}x{height}_{size}_{slug}', facts, 'webp'),
      'pexels_joey-farina_2014422_1280x853_1280w_brown-rocks-during-golden-hour.webp',
    );
  });

  it('an empty alt text: no leading dash; a template that leaves nothing: service, id and size', () => {
    assert.equal(fileNameFromTemplate(DEFAULT_FILE_NAME_TEMPLATE, { ...facts, alt: '' }, 'jpg'), '2014422-1280w.jpg');
    assert.equal(fileNameFromTemplate('{slug}', { ...facts, alt: '!!!' }, 'jpg'), 'pexels-2014422-1280w.jpg');
  });

  it('made safe: no folders, no .., no reserved characters or device names, not too long', () => {
    assert.equal(fileNameFromTemplate('../../{slug}', facts, 'jpg'), 'brown-rocks-during-golden-hour.jpg');
    assert.equal(fileNameFromTemplate('a/b\\c:d*e?f"g<h>i|j', facts, 'jpg'), 'a-b-c-d-e-f-g-h-i-j.jpg');
    assert.equal(fileNameFromTemplate('CON', facts, 'jpg'), 'CON-file.jpg');
    assert.equal(fileNameFromTemplate('.hidden', facts, 'jpg'), 'hidden.jpg');
    assert.equal(fileNameFromTemplate('x'.repeat(500), facts, 'jpg'), `${'x'.repeat(STEM_BYTES_MAX)}.jpg`);
    assert.equal(slugify('Über Straße café'), 'uber-strasse-cafe');
  });

  it('an unknown placeholder is refused, naming the setting', () => {
    assert.equal(fileNameTemplateProblem('{slug}-{id}'), undefined);
    assert.match(fileNameTemplateProblem('{slug}-{nope}') ?? '', /stockMedia\.insert\.fileName.*\{nope\}/);
  });

  it('generated hostile alt texts, names and templates: always one plain, valid file name with the extension', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom(...HOSTILE_STRINGS, '..', '../..', 'CON', 'nul.txt', ' . '));
    fc.assert(
      fc.property(text, text, text, fc.integer(), (alt, author, template, id) => {
        const name = fileNameFromTemplate(template, { ...facts, alt, author, id }, 'jpg');
        assert.equal(fileNameProblem(name), undefined, JSON.stringify(name));
        assert.ok(name.endsWith('.jpg') && !name.includes('/') && !name.includes('\\') && !name.includes('..'), name);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('destinations for static sites', () => {
  const NOW = new Date('2026-01-02T03:04:05.000Z');
  const post: DocumentLocation = { path: '/ws/content/posts/hello/index.md', workspaceFolder: '/ws', workspaceFolders: ['/ws'] };
  const base = { downloadFolder: '', copyFiles: undefined, now: NOW, fileName: 'rocks-1-1280w.jpg' };

  it('a Hugo page bundle: next to its index.md, linked by bare name', () => {
    const target = downloadTarget({ ...base, doc: post, hugoSite: true });
    assert.deepEqual([target.path, target.source, target.root, target.problem], ['/ws/content/posts/hello/rocks-1-1280w.jpg', 'pageBundle', '/ws', undefined]);
    assert.equal(targetLink(target, post.path, target.path), 'rocks-1-1280w.jpg');
    for (const name of ['index.mdx', '_index.md']) {
      assert.equal(downloadTarget({ ...base, doc: { ...post, path: `/ws/content/posts/hello/${name}` }, hugoSite: true }).source, 'pageBundle', name);
    }
  });

  it('not a bundle: another name, no Hugo site, the setting off, the index at the workspace root; settings of the user first', () => {
    assert.equal(downloadTarget({ ...base, doc: { ...post, path: '/ws/content/posts/hello.md' }, hugoSite: true }).source, 'default');
    assert.equal(downloadTarget({ ...base, doc: post, hugoSite: false }).source, 'default');
    assert.equal(downloadTarget({ ...base, doc: post, hugoSite: true, pageBundles: false }).source, 'default');
    assert.equal(downloadTarget({ ...base, doc: { ...post, path: '/ws/index.md' }, hugoSite: true }).source, 'default');
    assert.equal(downloadTarget({ ...base, downloadFolder: 'pics', doc: post, hugoSite: true }).source, 'stockMedia.insert.downloadFolder');
    assert.equal(downloadTarget({ ...base, copyFiles: { '**/*.md': 'media/' }, doc: post, hugoSite: true }).source, 'markdown.copyFiles.destination');
  });

  it('a site folder: inside the workspace folder, linked site-absolute at the URL path', () => {
    const doc: DocumentLocation = { path: '/ws/_posts/2026-01-01-hello.md', workspaceFolder: '/ws', workspaceFolders: ['/ws'] };
    const jekyll = downloadTarget({ ...base, doc, siteFolder: { folder: 'assets/images', urlPath: '/assets/images' } });
    assert.deepEqual([jekyll.path, jekyll.root, jekyll.urlPath], ['/ws/assets/images/rocks-1-1280w.jpg', '/ws', '/assets/images']);
    assert.equal(targetLink(jekyll, doc.path, '/ws/assets/images/rocks-1-1280w-2.jpg'), '/assets/images/rocks-1-1280w-2.jpg');
    const hugo = downloadTarget({ ...base, doc, siteFolder: { folder: '/static/images/' } });
    assert.deepEqual([hugo.path, hugo.urlPath], ['/ws/static/images/rocks-1-1280w.jpg', '/images']);
    assert.equal(targetLink(hugo, doc.path, hugo.path), '/images/rocks-1-1280w.jpg');
    assert.equal(derivedUrlPath('public/img/covers'), '/img/covers');
    assert.equal(derivedUrlPath('static'), '');
    assert.equal(targetLink(downloadTarget({ ...base, doc, siteFolder: { folder: 'static' } }), doc.path, '/ws/static/a b.jpg'), '/a%20b.jpg');
  });

  it('a workspace setting cannot send files out of the workspace folder, nor links elsewhere', () => {
    const doc: DocumentLocation = { path: '/ws/_posts/a.md', workspaceFolder: '/ws', workspaceFolders: ['/ws', '/other'] };
    for (const folder of ['../outside', '/../../etc', 'static/../../x', '..\\..\\x', '../other/images']) {
      const target = downloadTarget({ ...base, doc, siteFolder: { folder, urlPath: '/images' } });
      assert.equal(target.problem, 'outside', folder);
      assert.equal(target.root, undefined, folder);
    }
    for (const urlPath of ['//evil.example/x', 'https://evil.example/x', '/images/../..', '/a?b', '/a#b', 'javascript:alert(1)', '/a b', '/a\\b']) {
      const target = downloadTarget({ ...base, doc, siteFolder: { folder: 'static/images', urlPath } });
      assert.equal(target.problem, 'urlPath', urlPath);
      assert.equal(target.source, 'stockMedia.insert.siteUrlPath');
    }
    assert.equal(siteUrlPath('/assets/images/'), '/assets/images');
    assert.equal(siteUrlPath('images'), '/images');
    // No workspace folder: no site.
    const loose = downloadTarget({ ...base, doc: { path: '/tmp/a.md', workspaceFolder: undefined, workspaceFolders: [] }, siteFolder: { folder: 'static' } });
    assert.equal(loose.problem, 'outside');
  });

  it('generated folders and URL paths: a site target is inside its workspace folder and its link is a plain site path, or it is refused', () => {
    const doc: DocumentLocation = { path: '/ws/content/a.md', workspaceFolder: '/ws', workspaceFolders: ['/ws'] };
    const part = fc.oneof(fc.string(), fc.constantFrom('..', '.', '/', '\\', '//', 'static', 'images', '~', '%2e%2e', ...HOSTILE_STRINGS));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 4 }), fc.array(part, { maxLength: 4 }), (folder, url) => {
        const target = downloadTarget({ ...base, doc, siteFolder: { folder: folder.join('/'), urlPath: url.join('/') } });
        if (target.problem !== undefined || target.root === undefined) return;
        assert.ok(target.path.startsWith('/ws/'), target.path);
        if (target.urlPath === undefined) return;
        const link = targetLink(target, doc.path, target.path);
        assert.match(link, /^(\/[A-Za-z0-9._~%-]+)+$/, link);
        assert.ok(!link.split('/').includes('..'), link);
      }),
      { numRuns: 1000 },
    );
  });
});
