// Saving into the workspace: file names, extensions from the content type, where the
// file goes (markdown.copyFiles.destination rules), and the relative link.
import * as assert from 'node:assert/strict';
import { copyFilesDestination, downloadTarget, linkFromDocument, resolveDestination } from '../../src/core/insert/destination';
import type { DocumentLocation } from '../../src/core/insert/destination';
import { globMatches } from '../../src/core/insert/glob';
import { encodeRelativePath } from '../../src/core/insert/links';
import { extensionFor, numberedFileName } from '../../src/core/insert/naming';
import { normalizePath, relativePath } from '../../src/core/insert/paths';

const NOW = new Date('2026-01-02T03:04:05.000Z');
const doc: DocumentLocation = { path: '/ws/docs/guide/intro.md', workspaceFolder: '/ws', workspaceFolders: ['/ws', '/other'] };

describe('insert file naming', () => {
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
      root: '/ws',
    });
    assert.deepEqual(downloadTarget({ ...base, downloadFolder: '', copyFiles: { '**/*.md': '/static/img/' } }), {
      path: '/ws/static/img/pexels-1-large.jpg',
      source: 'markdown.copyFiles.destination',
      root: '/ws',
    });
    assert.deepEqual(downloadTarget({ ...base, downloadFolder: 'assets/stock', copyFiles: { '**/*.md': '/static/img/' } }), {
      path: '/ws/docs/guide/assets/stock/pexels-1-large.jpg',
      source: 'stockMedia.insert.downloadFolder',
      root: '/ws',
    });
    assert.equal(downloadTarget({ ...base, downloadFolder: '/media/', copyFiles: {} }).path, '/ws/media/pexels-1-large.jpg');
  });

  it('a document outside any workspace folder: `/` means its own folder', () => {
    const loose: DocumentLocation = { path: '/tmp/notes/a.md', workspaceFolder: undefined, workspaceFolders: [] };
    assert.equal(resolveDestination('/img/', loose, 'f.png', NOW), '/tmp/notes/img/f.png');
  });

  describe('stays inside a workspace folder', () => {
    const base = { doc, fileName: 'f.png', now: NOW, copyFiles: {} };
    const target = (downloadFolder: string, copyFiles: unknown = {}): ReturnType<typeof downloadTarget> =>
      downloadTarget({ ...base, downloadFolder, copyFiles });

    it('.. past the workspace folder, variables that climb, absolute-looking and Windows paths: outside, nothing saved', () => {
      for (const folder of ['../../../../etc', '../../../outside', '${documentWorkspaceFolder}/../x', '${documentDirName}/../../../../home', '..\\..\\..\\x', 'a/../../../../../b']) {
        const t = target(folder);
        assert.equal(t.problem, 'outside', folder);
        assert.equal(t.root, undefined, folder);
      }
      assert.equal(target('', { '**/*.md': '../../../../tmp/' }).problem, 'outside');
    });

    it('a leading ~ is refused: it is no home folder here', () => {
      for (const folder of ['~', '~/Pictures', '~\\Pictures']) assert.equal(target(folder).problem, 'home', folder);
      // A ~ inside a name is just a character.
      assert.equal(target('img~old').problem, undefined);
    });

    it('inside: / is the workspace folder, .. that stays inside, backslashes as folders', () => {
      assert.deepEqual(target('/etc'), { path: '/ws/etc/f.png', source: 'stockMedia.insert.downloadFolder', root: '/ws' });
      assert.equal(target('../../shared/img').path, '/ws/shared/img/f.png');
      assert.equal(target('..\\img').path, '/ws/docs/img/f.png');
      assert.equal(target('${documentBaseName/(\\w+)/$1-files/}').path, '/ws/docs/guide/intro-files/f.png');
    });

    it('multi-root: another workspace folder is fine, the nearest one is the root', () => {
      const multi: DocumentLocation = { path: '/ws/docs/a.md', workspaceFolder: '/ws', workspaceFolders: ['/ws', '/other', '/ws/docs'] };
      const t = downloadTarget({ ...base, doc: multi, downloadFolder: '../../other/img', copyFiles: {} });
      assert.deepEqual([t.path, t.root, t.problem], ['/other/img/f.png', '/other', undefined]);
      assert.equal(downloadTarget({ ...base, doc: multi, downloadFolder: 'img', copyFiles: {} }).root, '/ws/docs');
    });

    it('a document outside every folder: only the default images/ next to it', () => {
      const loose: DocumentLocation = { path: '/tmp/notes/a.md', workspaceFolder: undefined, workspaceFolders: ['/ws'] };
      assert.deepEqual(downloadTarget({ ...base, doc: loose, downloadFolder: '' }), {
        path: '/tmp/notes/images/f.png',
        source: 'default',
        root: '/tmp/notes',
      });
      assert.equal(downloadTarget({ ...base, doc: loose, downloadFolder: 'img' }).problem, 'outside');
    });
  });
});
