// Saving into the workspace: file names, extensions from the content type, where the
// file goes (markdown.copyFiles.destination rules), and the relative link.
import * as assert from 'node:assert/strict';
import { copyFilesDestination, downloadTarget, linkFromDocument, resolveDestination } from '../../src/core/insert/destination';
import type { DocumentLocation } from '../../src/core/insert/destination';
import { globMatches } from '../../src/core/insert/glob';
import { encodeRelativePath } from '../../src/core/insert/links';
import { downloadFileName, extensionFor, numberedFileName } from '../../src/core/insert/naming';
import { normalizePath, relativePath } from '../../src/core/insert/paths';

const NOW = new Date('2026-01-02T03:04:05.000Z');
const doc: DocumentLocation = { path: '/ws/docs/guide/intro.md', workspaceFolder: '/ws', workspaceFolders: ['/ws', '/other'] };

describe('insert file naming', () => {
  it('<service>-<id>-<variant>.<ext>', () => {
    assert.equal(downloadFileName('Pexels', 2014422, 'large', 'jpg'), 'pexels-2014422-large.jpg');
    assert.equal(downloadFileName('Pexels', 5, 'hd-1920x1080', 'mp4'), 'pexels-5-hd-1920x1080.mp4');
    assert.equal(downloadFileName('Mé dia / Ser<vice>', 5, 'poster', 'png'), 'me-dia-ser-vice-5-poster.png');
    assert.equal(downloadFileName('../..', 5, '../x', 'png'), 'media-5-x.png');
  });

  it('numbered names when a different file has the name', () => {
    assert.equal(numberedFileName('pexels-1-large.jpg', 1), 'pexels-1-large.jpg');
    assert.equal(numberedFileName('pexels-1-large.jpg', 2), 'pexels-1-large-2.jpg');
    assert.equal(numberedFileName('noext', 3), 'noext-3');
  });

  it('extension from the content type; generic types fall back to the URL; others refused', () => {
    assert.equal(extensionFor('image/jpeg', 'https://x/a.png'), 'jpg');
    assert.equal(extensionFor('image/png; charset=binary', 'https://x/a'), 'png');
    assert.equal(extensionFor('IMAGE/WEBP', 'https://x/a'), 'webp');
    assert.equal(extensionFor('image/gif', 'https://x/a'), 'gif');
    assert.equal(extensionFor('video/mp4', 'https://x/a'), 'mp4');
    assert.equal(extensionFor('application/octet-stream', 'https://x/a.JPEG?w=1'), 'jpg');
    assert.equal(extensionFor(null, 'https://x/a.mp4'), 'mp4');
    assert.equal(extensionFor('application/octet-stream', 'https://x/a.exe'), undefined);
    assert.equal(extensionFor('text/html', 'https://x/a.jpg'), undefined);
    assert.equal(extensionFor('image/svg+xml', 'https://x/a.svg'), undefined);
    assert.equal(extensionFor('application/x-mpegURL', 'https://x/a.m3u8'), undefined);
  });
});

describe('insert paths', () => {
  it('normalizes and relates posix paths', () => {
    assert.equal(normalizePath('/a/./b/../c//d/'), '/a/c/d');
    assert.equal(normalizePath('/../a'), '/a');
    assert.equal(relativePath('/ws/docs/guide', '/ws/docs/guide/images/a.jpg'), 'images/a.jpg');
    assert.equal(relativePath('/ws/docs/guide', '/ws/assets/a.jpg'), '../../assets/a.jpg');
    assert.equal(linkFromDocument('/ws/docs/intro.md', '/ws/docs/images/a b.jpg'), 'images/a b.jpg');
    assert.equal(encodeRelativePath('../my images/a (1).jpg'), '../my%20images/a%20%281%29.jpg');
  });

  it('globs as VS Code settings use them', () => {
    assert.ok(globMatches('**/*.md', '/ws/docs/a.md'));
    assert.ok(globMatches('**/*.{md,mdx}', '/ws/a.mdx'));
    assert.ok(!globMatches('**/*.md', '/ws/a.mdx'));
    assert.ok(globMatches('/ws/docs/**', '/ws/docs/guide/a.md'));
    assert.ok(globMatches('**/.github/*.md', '/ws/.github/README.md'));
    assert.ok(globMatches('**/guide/?ntro.md', '/ws/docs/guide/intro.md'));
    assert.ok(globMatches('**/[a-i]*.md', '/ws/docs/guide/intro.md'));
    assert.ok(!globMatches('**/[!a-i]*.md', '/ws/docs/guide/intro.md'));
  });
});

describe('insert download destination', () => {
  it('matches markdown.copyFiles.destination globs like VS Code: relative globs anywhere, / anchors at a folder', () => {
    assert.equal(copyFilesDestination({ '*.md': 'media/' }, doc), 'media/');
    assert.equal(copyFilesDestination({ '**/*.html': 'x/', 'docs/**/*.md': 'y/' }, doc), 'y/');
    assert.equal(copyFilesDestination({ '/docs/**': 'z/' }, doc), 'z/');
    assert.equal(copyFilesDestination({ '/guide/**': 'z/' }, doc), undefined);
    assert.equal(copyFilesDestination({ '*.md': 42 }, doc), undefined);
    assert.equal(copyFilesDestination(undefined, doc), undefined);
    assert.equal(copyFilesDestination(['x'], doc), undefined);
  });

  it('resolves destinations and variables', () => {
    const r = (dest: string): string => resolveDestination(dest, doc, 'pexels-1-large.jpg', NOW);
    assert.equal(r('images/'), '/ws/docs/guide/images/pexels-1-large.jpg');
    assert.equal(r('/assets/'), '/ws/assets/pexels-1-large.jpg');
    assert.equal(r('../img/${documentBaseName}/'), '/ws/docs/img/intro/pexels-1-large.jpg');
    assert.equal(r('${documentWorkspaceFolder}/static/${documentRelativeDirName}/${fileName}'), '/ws/static/docs/guide/pexels-1-large.jpg');
    assert.equal(r('/media/${documentRelativeFilePath}/'), '/ws/media/docs/guide/intro.md/pexels-1-large.jpg');
    assert.equal(r('${documentDirName}/x.${fileExtName}'), '/ws/docs/guide/x.jpg');
    assert.equal(r('${documentFileName}-${documentExtName}/'), '/ws/docs/guide/intro.md-md/pexels-1-large.jpg');
    assert.equal(r('${unknownVariable}pics/'), '/ws/docs/guide/pics/pexels-1-large.jpg');
    assert.equal(r('${documentBaseName/(.*)/$1-files/}/'), '/ws/docs/guide/intro-files/pexels-1-large.jpg');
    assert.equal(r('t/${isoTime}/'), '/ws/docs/guide/t/2026-01-02T03:04:05.000Z/pexels-1-large.jpg');
    assert.equal(r(''), '/ws/docs/guide/pexels-1-large.jpg');
  });

  it('downloadFolder setting, then markdown.copyFiles.destination, then images/ next to the document', () => {
    const base = { doc, fileName: 'pexels-1-large.jpg', now: NOW };
    assert.deepEqual(downloadTarget({ ...base, downloadFolder: '', copyFiles: {} }), {
      path: '/ws/docs/guide/images/pexels-1-large.jpg',
      source: 'default',
    });
    assert.deepEqual(downloadTarget({ ...base, downloadFolder: '', copyFiles: { '**/*.md': '/static/img/' } }), {
      path: '/ws/static/img/pexels-1-large.jpg',
      source: 'markdown.copyFiles.destination',
    });
    assert.deepEqual(downloadTarget({ ...base, downloadFolder: 'assets/stock', copyFiles: { '**/*.md': '/static/img/' } }), {
      path: '/ws/docs/guide/assets/stock/pexels-1-large.jpg',
      source: 'stockMedia.insert.downloadFolder',
    });
    assert.equal(downloadTarget({ ...base, downloadFolder: '/media/', copyFiles: {} }).path, '/ws/media/pexels-1-large.jpg');
  });

  it('a document outside any workspace folder: `/` means its own folder', () => {
    const loose: DocumentLocation = { path: '/tmp/notes/a.md', workspaceFolder: undefined, workspaceFolders: [] };
    assert.equal(resolveDestination('/img/', loose, 'f.png', NOW), '/tmp/notes/img/f.png');
  });
});
