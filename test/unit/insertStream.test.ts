// Saving a download straight to disk (saveStream.ts), against a local HTTP server and a
// temporary folder: the file grows on disk while the server is still sending, nothing is
// ever overwritten or written through a symbolic link, identical files are reused, and a
// failed or cancelled download leaves nothing behind.
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile, lstat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_STREAM_BYTES, openDownload } from '../../src/host/insert/download';
import type { DownloadOptions } from '../../src/host/insert/download';
import { saveStream } from '../../src/host/platform/node/saveStream';
import { isInsertError } from '../../src/core/insert/insertError';

const CHUNK = Buffer.alloc(256 * 1024, 7);
const PARTS = 8;
const WHOLE = Buffer.concat(Array.from({ length: PARTS }, () => CHUNK));

describe('insert: downloads stream to disk', () => {
  let server: Server;
  let origin = '';
  let dir = '';
  /** Resolves the paused `/slow.mp4` answers, each with a function that sends the rest. */
  const paused: ((res: ServerResponse) => void)[] = [];
  let waiting: ServerResponse | undefined;

  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/video.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(WHOLE.length) });
        res.end(WHOLE);
      } else if (req.url === '/slow.mp4') {
        // Half now; the rest when the test says.
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(WHOLE.length) });
        res.write(WHOLE.subarray(0, WHOLE.length / 2));
        waiting = res;
        for (const p of paused.splice(0)) p(res);
      } else if (req.url === '/broken.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(WHOLE.length) });
        res.write(CHUNK);
        setTimeout(() => res.destroy(), 50);
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stock-media-stream-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const options = (extra: Partial<DownloadOptions> = {}): DownloadOptions => ({
    fetch: (input, init) => fetch(input, init),
    signal: new AbortController().signal,
    idleTimeoutMs: 5000,
    maxBytes: MAX_STREAM_BYTES,
    ...extra,
  });

  it('the file is on disk, growing, while the server is still sending; then it has its name', async () => {
    const opened = await openDownload(`${origin}/slow.mp4`, options());
    assert.equal(opened.contentType, 'video/mp4');
    assert.equal(opened.total, WHOLE.length);
    const saving = saveStream(join(dir, 'videos'), 'clip.mp4', opened);
    // While the second half is held back, the first half is already in a temporary file.
    let partial = 0;
    for (let i = 0; i < 100 && partial < WHOLE.length / 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const names = await readdir(join(dir, 'videos')).catch(() => []);
      const part = names.find((n) => n.endsWith('.part'));
      partial = part ? (await lstat(join(dir, 'videos', part))).size : 0;
    }
    assert.equal(partial, WHOLE.length / 2, 'half the file written before the rest was sent');
    assert.ok(waiting);
    waiting.end(WHOLE.subarray(WHOLE.length / 2));
    const saved = await saving;
    assert.deepEqual(saved, { path: join(dir, 'videos', 'clip.mp4'), reused: false, bytes: WHOLE.length });
    assert.ok((await readFile(saved.path)).equals(WHOLE));
    assert.deepEqual(await readdir(join(dir, 'videos')), ['clip.mp4'], 'no temporary file left');
  });

  it('never overwrites: a different file keeps its name, the download gets the next one; identical bytes are reused', async () => {
    await writeFile(join(dir, 'clip.mp4'), 'mine');
    const first = await saveStream(dir, 'clip.mp4', await openDownload(`${origin}/video.mp4`, options()));
    assert.equal(first.path, join(dir, 'clip-2.mp4'));
    assert.equal(await readFile(join(dir, 'clip.mp4'), 'utf8'), 'mine');
    const again = await saveStream(dir, 'clip.mp4', await openDownload(`${origin}/video.mp4`, options()));
    assert.deepEqual(again, { path: join(dir, 'clip-2.mp4'), reused: true, bytes: WHOLE.length });
    assert.deepEqual((await readdir(dir)).sort(), ['clip-2.mp4', 'clip.mp4']);
  });

  it('a symbolic link at the name is not followed, nor a dangling one', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'stock-media-outside-'));
    try {
      await writeFile(join(outside, 'target.txt'), 'keep');
      await symlink(join(outside, 'target.txt'), join(dir, 'clip.mp4'));
      await symlink(join(outside, 'nothing-here'), join(dir, 'clip-2.mp4'));
      const saved = await saveStream(dir, 'clip.mp4', await openDownload(`${origin}/video.mp4`, options()));
      assert.equal(saved.path, join(dir, 'clip-3.mp4'));
      assert.equal(await readFile(join(outside, 'target.txt'), 'utf8'), 'keep');
      assert.deepEqual(await readdir(outside), ['target.txt'], 'nothing written through the dangling link');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('a broken, oversized or cancelled download leaves no file behind', async () => {
    await assert.rejects(
      saveStream(dir, 'a.mp4', await openDownload(`${origin}/broken.mp4`, options())),
      (e: unknown) => isInsertError(e) && /Could not download the file from 127\.0\.0\.1/.test(e.message),
    );
    await assert.rejects(
      saveStream(dir, 'b.mp4', await openDownload(`${origin}/video.mp4`, options({ maxBytes: WHOLE.length }))).then(async () => {
        // A declared size within the cap is fine; one over it is refused before any byte is written.
        return saveStream(dir, 'c.mp4', await openDownload(`${origin}/slow.mp4`, options({ maxBytes: WHOLE.length / 2 + 1 })));
      }),
      (e: unknown) => isInsertError(e) && /more than this extension saves|bigger than this extension saves/.test(e.message),
    );
    const controller = new AbortController();
    const opened = await openDownload(`${origin}/slow.mp4`, options({ signal: controller.signal }));
    const saving = saveStream(dir, 'd.mp4', opened);
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(saving, (e: unknown) => e instanceof Error && e.name === 'AbortError');
    assert.deepEqual((await readdir(dir)).sort(), ['b.mp4'], 'only the one good download');
  });
});
