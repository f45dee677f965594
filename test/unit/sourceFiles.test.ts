// The media scan's reads from the local disk (platform/node/sourceFiles.ts), in a temporary
// folder: a page's bytes and its stamp as `workspace.fs.stat` gives it, a link followed, and
// nothing read from what is not a regular file (a folder, a FIFO: answered at once, never
// waited on) or from a file over the limit; a folder's listing names links as neither files nor
// folders, and is read only as far as it is asked for.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileStamp, folderEntries, readSourceFile } from '../../src/host/platform/node/sourceFiles';

describe('the media scan reads the local disk (sourceFiles.ts)', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stock-media-sources-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a page: its bytes, and its stamp as workspace.fs.stat gives it (whole milliseconds)', async () => {
    const path = join(dir, 'page.md');
    await writeFile(path, '# Trip\n\n![x](https://www.pexels.com/photo/1/)\n');
    const stats = await stat(path);
    const stamp = { mtime: Math.trunc(stats.mtimeMs), size: stats.size };
    assert.deepEqual(fileStamp(path), stamp);
    const read = readSourceFile(path, 1000);
    assert.ok(read && read !== 'tooLarge');
    assert.equal(Buffer.from(read.bytes).toString('utf8'), '# Trip\n\n![x](https://www.pexels.com/photo/1/)\n');
    assert.deepEqual(read.stamp, stamp);
  });

  it('a file over the limit is not read; one at the limit is', async () => {
    const path = join(dir, 'big.md');
    await writeFile(path, 'x'.repeat(101));
    assert.equal(readSourceFile(path, 100), 'tooLarge');
    assert.equal((readSourceFile(path, 101) as { bytes: Uint8Array }).bytes.length, 101);
    const empty = join(dir, 'empty.md');
    await writeFile(empty, '');
    assert.equal((readSourceFile(empty, 100) as { bytes: Uint8Array }).bytes.length, 0);
  });

  it('a link is followed (as workspace.fs follows it); a link to nowhere, a folder or a missing file read nothing', async () => {
    const target = join(dir, 'target.md');
    await writeFile(target, 'linked');
    await symlink(target, join(dir, 'link.md'));
    await symlink(join(dir, 'nowhere.md'), join(dir, 'dangling.md'));
    await mkdir(join(dir, 'folder.md'));
    assert.equal(Buffer.from((readSourceFile(join(dir, 'link.md'), 100) as { bytes: Uint8Array }).bytes).toString(), 'linked');
    assert.deepEqual(fileStamp(join(dir, 'link.md')), fileStamp(target));
    for (const name of ['dangling.md', 'folder.md', 'missing.md']) {
      assert.equal(fileStamp(join(dir, name)), undefined, name);
      assert.equal(readSourceFile(join(dir, name), 100), undefined, name);
    }
  });

  it('a FIFO named page.md is answered at once, with nothing read (no writer is waited for)', function () {
    if (process.platform === 'win32') this.skip();
    const fifo = join(dir, 'fifo.md');
    execFileSync('mkfifo', [fifo]);
    assert.equal(fileStamp(fifo), undefined);
    assert.equal(readSourceFile(fifo, 100), undefined);
  });

  it('a listing: files, folders, and links (to a file or a folder) as neither; read only as far as asked', async () => {
    const listed = join(dir, 'listed');
    await mkdir(join(listed, 'sub'), { recursive: true });
    await writeFile(join(listed, 'a.md'), 'a');
    await symlink(join(listed, 'a.md'), join(listed, 'to-file.md'));
    await symlink(join(listed, 'sub'), join(listed, 'to-folder'));
    assert.deepEqual(
      [...folderEntries(listed)].sort(([a], [b]) => a.localeCompare(b)),
      [
        ['a.md', 'file'],
        ['sub', 'folder'],
        ['to-file.md', 'other'],
        ['to-folder', 'other'],
      ],
    );
    // Stopped after the first entry: the rest is not read (the folder is closed, nothing thrown).
    for (const entry of folderEntries(listed)) {
      assert.equal(entry.length, 2);
      break;
    }
    assert.throws(() => [...folderEntries(join(dir, 'missing'))]);
  });
});
