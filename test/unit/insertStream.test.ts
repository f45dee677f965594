// Saving a download straight to disk (saveStream.ts), against a local HTTP server and a
// temporary folder: the file grows on disk while the server is still sending, nothing is
// ever overwritten or written through a symbolic link, identical files are reused, and a
// failed or cancelled download leaves nothing behind: a connection that breaks off, a body
// shorter than its Content-Length, a stall, a full disk; and an insert of several files
// takes back the ones it wrote (writtenFiles.ts), never one it reused.
import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, rmdir, stat, symlink, unlink, writeFile, lstat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { openDownload } from '../../src/api/download';
import type { DownloadOptions, OpenDownload } from '../../src/api/download';
import { formatSize } from '../../src/core/bytes';
import { MediaError } from '../../src/core/errors';
import { writeFailure } from '../../src/host/insert/writeFailure';
import { WrittenFiles } from '../../src/host/insert/writtenFiles';
import type { LedgerFs } from '../../src/host/insert/writtenFiles';
import { platform as nodePlatform } from '../../src/host/platform/node';
import { saveStream } from '../../src/host/platform/node/saveStream';
import { isInsertError } from '../../src/core/insert/insertError';
import { useFileServer } from './downloads';

const MAX_STREAM_BYTES = nodePlatform.disk?.maxStreamBytes ?? 0;
const CHUNK = Buffer.alloc(256 * 1024, 7);
const PARTS = 8;
const WHOLE = Buffer.concat(Array.from({ length: PARTS }, () => CHUNK));
/** A file small enough to arrive with its headers, in one piece. */
const SMALL = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));

/** V8's garbage collection, called at will (the flag set at run time, `gc` taken from a fresh context). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  assert.ok(typeof gc === 'function', 'V8 exposes gc');
  return gc as () => void;
}

describe('insert: downloads stream to disk', () => {
  let dir = '';
  /** Resolves the paused `/slow.mp4` answers, each with a function that sends the rest. */
  const paused: ((res: ServerResponse) => void)[] = [];
  let waiting: ServerResponse | undefined;

  const origin = useFileServer((req, res) => {
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
      res.write(CHUNK, () => setTimeout(() => res.destroy(), 50));
    } else if (req.url === '/short.mp4') {
      // Fewer bytes than declared, then the end of the connection (the local library's shortBody).
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(WHOLE.length) });
      res.write(WHOLE.subarray(0, WHOLE.length / 2), () => res.socket?.end());
    } else if (req.url === '/stall.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(WHOLE.length) });
      res.write(WHOLE.subarray(0, WHOLE.length / 2));
    } else {
      res.writeHead(404);
      res.end();
    }
  });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stock-media-stream-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const options = (extra: Partial<DownloadOptions> = {}): DownloadOptions => ({
    fetch: (input, init) => fetch(input, init),
    signal: new AbortController().signal,
    idleTimeoutMs: 5000,
    maxBytes: MAX_STREAM_BYTES,
    ...extra,
  });

  it('the file is on disk, growing, while the server is still sending; then it has its name', async () => {
    const opened = await openDownload(`${origin()}/slow.mp4`, options());
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
    const first = await saveStream(dir, 'clip.mp4', await openDownload(`${origin()}/video.mp4`, options()));
    assert.equal(first.path, join(dir, 'clip-2.mp4'));
    assert.equal(await readFile(join(dir, 'clip.mp4'), 'utf8'), 'mine');
    const again = await saveStream(dir, 'clip.mp4', await openDownload(`${origin()}/video.mp4`, options()));
    assert.deepEqual(again, { path: join(dir, 'clip-2.mp4'), reused: true, bytes: WHOLE.length });
    assert.deepEqual((await readdir(dir)).sort(), ['clip-2.mp4', 'clip.mp4']);
  });

  it('a symbolic link at the name is not followed, nor a dangling one', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'stock-media-outside-'));
    try {
      await writeFile(join(outside, 'target.txt'), 'keep');
      await symlink(join(outside, 'target.txt'), join(dir, 'clip.mp4'));
      await symlink(join(outside, 'nothing-here'), join(dir, 'clip-2.mp4'));
      const saved = await saveStream(dir, 'clip.mp4', await openDownload(`${origin()}/video.mp4`, options()));
      assert.equal(saved.path, join(dir, 'clip-3.mp4'));
      assert.equal(await readFile(join(outside, 'target.txt'), 'utf8'), 'keep');
      assert.deepEqual(await readdir(outside), ['target.txt'], 'nothing written through the dangling link');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('a broken, oversized or cancelled download leaves no file behind', async () => {
    await assert.rejects(
      saveStream(dir, 'a.mp4', await openDownload(`${origin()}/broken.mp4`, options())),
      (e: unknown) => {
        // What was read before the break: at most the 256 KB sent. A body that fails drops what
        // it held unread (a stream's error empties its queue), so a loaded machine reads 255 KB.
        const read = /^The connection to 127\.0\.0\.1:\d+ broke off after (\d+) KB of 2\.0 MB, so nothing was saved or inserted\.$/.exec(e instanceof MediaError ? e.message : '');
        return read !== null && Number(read[1]) > 0 && Number(read[1]) <= 256;
      },
    );
    await assert.rejects(
      saveStream(dir, 'b.mp4', await openDownload(`${origin()}/video.mp4`, options({ maxBytes: WHOLE.length }))).then(async () => {
        // A declared size within the cap is fine; one over it is refused before any byte is written.
        return saveStream(dir, 'c.mp4', await openDownload(`${origin()}/slow.mp4`, options({ maxBytes: WHOLE.length / 2 + 1 })));
      }),
      (e: unknown) => e instanceof MediaError && /more than this extension saves|bigger than this extension saves/.test(e.message),
    );
    const controller = new AbortController();
    const opened = await openDownload(`${origin()}/slow.mp4`, options({ signal: controller.signal }));
    const saving = saveStream(dir, 'd.mp4', opened);
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(saving, (e: unknown) => e instanceof MediaError && e.kind === 'cancelled');
    assert.deepEqual((await readdir(dir)).sort(), ['b.mp4'], 'only the one good download');
  });
});

/** An error as Node's fs gives it for a full disk. */
function diskFull(): Error {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
}

/** Node's fs as the insert's ledger sees the workspace (the host uses workspace.fs). */
const nodeLedger: LedgerFs = {
  exists: (path) => stat(path).then(
    () => true,
    () => false,
  ),
  list: (path) => readdir(path),
  remove: async (path) => ((await lstat(path)).isDirectory() ? rmdir(path) : unlink(path)),
};

describe('insert: a download that fails leaves nothing behind', () => {
  let dir = '';
  const open: ServerResponse[] = [];

  const origin = useFileServer((req, res) => {
    const headers = { 'content-type': 'image/png', 'content-length': String(WHOLE.length) };
    if (req.url === '/whole.png') {
      res.writeHead(200, headers);
      res.end(WHOLE);
    } else if (req.url === '/small.png') {
      res.writeHead(200, { ...headers, 'content-length': String(SMALL.length) });
      res.end(SMALL);
    } else if (req.url === '/other.png') {
      res.writeHead(200, { ...headers, 'content-length': String(CHUNK.length) });
      res.end(CHUNK);
    } else if (req.url === '/drop.png') {
      res.writeHead(200, headers);
      res.write(WHOLE.subarray(0, WHOLE.length / 2), () => setTimeout(() => res.socket?.destroy(), 20));
    } else if (req.url === '/short.png') {
      res.writeHead(200, headers);
      res.write(WHOLE.subarray(0, WHOLE.length / 4), () => res.socket?.end());
    } else if (req.url === '/stall.png') {
      res.writeHead(200, headers);
      res.write(WHOLE.subarray(0, WHOLE.length / 2));
      open.push(res);
    } else {
      res.writeHead(404);
      res.end();
    }
  });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stock-media-fail-'));
  });

  afterEach(async () => {
    for (const res of open.splice(0)) res.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  const options = (extra: Partial<DownloadOptions> = {}): DownloadOptions => ({
    fetch: (input, init) => fetch(input, init),
    signal: new AbortController().signal,
    idleTimeoutMs: 5000,
    maxBytes: MAX_STREAM_BYTES,
    ...extra,
  });
  const host = (): string => origin().replace('http://', '');

  it('sizes in messages: kilobytes below a megabyte, megabytes with one decimal, in the display language', () => {
    assert.equal(formatSize(0), '0 KB');
    assert.equal(formatSize(1000), '1 KB');
    assert.equal(formatSize(262_144), '256 KB');
    assert.equal(formatSize(1_258_291), '1.2 MB');
    assert.equal(formatSize(3_565_158, 'de'), '3,4 MB');
  });

  it('a connection that drops half-way: how much had arrived, no file, no temporary file', async () => {
    await assert.rejects(saveStream(join(dir, 'images'), 'a.png', await openDownload(`${origin()}/drop.png`, options())), (e: unknown) => {
      assert.ok(e instanceof MediaError);
      // What reached the reader before the drop, which depends on timing: at most the 1.0 MB sent.
      const read = new RegExp(`^The connection to ${host().replace(/\./g, '\\.')} broke off after (1\\.0 MB|[1-9][\\d,]* KB) of 2\\.0 MB, so nothing was saved or inserted\\.$`).exec(e.message);
      assert.ok(read, e.message);
      return true;
    });
    assert.deepEqual(await readdir(join(dir, 'images')), []);
  });

  it('a body shorter than its Content-Length is an error, never a shorter file', async () => {
    // Node's fetch ends such a body with an error itself (the connection closed early). What it
    // had received but not yet handed to the reader goes with the error, so the message names
    // what reached the reader, which depends on timing: more than nothing, at most the 512 KB sent.
    await assert.rejects(saveStream(dir, 'b.png', await openDownload(`${origin()}/short.png`, options())), (e: unknown) => {
      assert.ok(e instanceof MediaError && e.kind === 'network');
      const read = new RegExp(`^The connection to ${host().replace(/\./g, '\\.')} broke off after (\\d+) KB of 2\\.0 MB, so nothing was saved or inserted\\.$`).exec(e.message);
      assert.ok(read, e.message);
      assert.ok(Number(read[1]) > 0 && Number(read[1]) <= 512, e.message);
      return true;
    });
    // A fetch that ends it quietly (as a body can end on other stacks) is held to the length too.
    const quiet = (encoding?: string): typeof fetch => async () =>
      new Response(WHOLE.subarray(0, WHOLE.length / 4), {
        status: 200,
        headers: { 'content-type': 'image/png', 'content-length': String(WHOLE.length), ...(encoding ? { 'content-encoding': encoding } : {}) },
      });
    await assert.rejects(saveStream(dir, 'c.png', await openDownload('https://cdn.example/c.png', options({ fetch: quiet() }))), (e: unknown) => {
      assert.ok(e instanceof MediaError);
      assert.equal(e.message, 'cdn.example ended the file after 512 KB of the 2.0 MB it announced, so nothing was saved or inserted.');
      return true;
    });
    assert.deepEqual(await readdir(dir), []);
    // With a content encoding the length counts the encoded bytes: no comparison.
    const encoded = await saveStream(dir, 'd.png', await openDownload('https://cdn.example/d.png', options({ fetch: quiet('gzip') })));
    assert.equal(encoded.bytes, WHOLE.length / 4);
  });

  it('a small file that arrived whole is saved whole though garbage is collected before it is read', async () => {
    // Node's fetch cancels the unread body of a fetch Response that is garbage-collected, and a
    // small file's fetch is over once its headers are in. Between opening and reading, as the
    // destination checks of a busy extension host can take: collections, and turns of the
    // event loop for the finalizers to run.
    const collect = collector();
    const opened = await openDownload(`${origin()}/small.png`, options());
    for (let round = 0; round < 10; round++) {
      collect();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const saved = await saveStream(dir, 'small.png', opened);
    assert.equal(saved.bytes, SMALL.length);
    assert.ok(SMALL.equals(await readFile(saved.path)));
  });

  /** 1 KB of the file, then nothing; when the request is stopped the stream ends (rather than fails), as a body can. */
  const quietOnAbort: typeof fetch = async (input, init) => {
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(WHOLE.subarray(0, 1024));
        // ky hands fetch a Request that carries the signal.
        (input instanceof Request ? input.signal : init?.signal)?.addEventListener('abort', () => stream.close());
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'image/png', 'content-length': String(WHOLE.length) } });
  };

  it('a cancel whose stream ends quietly (not with an error) is a cancel, not a cut-off file', async () => {
    const controller = new AbortController();
    const opened = await openDownload('https://cdn.example/e.png', options({ fetch: quietOnAbort, signal: controller.signal }));
    const saving = saveStream(dir, 'e.png', opened);
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(saving, (e: unknown) => {
      assert.ok(e instanceof MediaError && e.kind === 'cancelled', `not a failure to tell: ${String(e)}`);
      return true;
    });
    assert.deepEqual(await readdir(dir), []);
  });

  it('a stall whose stream ends quietly when the idle time stops it: the stall, not a cut-off file', async () => {
    const opened = await openDownload('https://cdn.example/f.png', options({ fetch: quietOnAbort, idleTimeoutMs: 100 }));
    await assert.rejects(saveStream(dir, 'f.png', opened), (e: unknown) => {
      assert.ok(e instanceof MediaError);
      assert.equal(e.message, 'cdn.example stopped sending the file after 1 KB of 2.0 MB, so nothing was saved or inserted.');
      return true;
    });
    assert.deepEqual(await readdir(dir), []);
  });

  it('a server that stalls: after the idle time, how much had arrived; no file', async () => {
    await assert.rejects(saveStream(dir, 'e.png', await openDownload(`${origin()}/stall.png`, options({ idleTimeoutMs: 300 }))), (e: unknown) => {
      assert.ok(e instanceof MediaError);
      assert.equal(e.message, `${host()} stopped sending the file after 1.0 MB of 2.0 MB, so nothing was saved or inserted.`);
      return true;
    });
    assert.deepEqual(await readdir(dir), []);
  });

  it('a full disk: the error is the disk’s (not a broken download), said in words, and the temporary file is gone', async () => {
    // The download's reader hands a failed write back as itself.
    const opened = await openDownload(`${origin()}/whole.png`, options());
    await assert.rejects(
      opened.read(() => {
        throw diskFull();
      }),
      (e: unknown) => !(e instanceof MediaError) && e instanceof Error && 'code' in e && e.code === 'ENOSPC',
    );
    // saveStream: the disk fills up after the first piece.
    const body: Pick<OpenDownload, 'read'> = {
      read: async (write) => {
        await write(CHUNK);
        throw diskFull();
      },
    };
    let failure: unknown;
    await saveStream(join(dir, 'images'), 'f.png', body).catch((e: unknown) => (failure = e));
    assert.ok(failure instanceof Error && 'code' in failure && failure.code === 'ENOSPC', String(failure));
    assert.deepEqual(await readdir(join(dir, 'images')), [], 'no file and no .part');
    const said = writeFailure(failure, 'docs/images');
    assert.ok(isInsertError(said) && said.offerLink);
    assert.equal(said.message, 'There is not enough space on the disk for the file in “docs/images”, so nothing was saved or inserted.');
    // workspace.fs's words for the same (no code, the system's text), and other failures.
    assert.match(String((writeFailure(new Error('Unable to write file (Error: ENOSPC: no space left on device)'), 'x') as Error).message), /not enough space on the disk/);
    assert.equal(
      (writeFailure(Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS' }), 'img') as Error).message,
      'The folder “img” cannot be written to (EROFS: read-only file system, open), so nothing was saved or inserted.',
    );
    const cancelled = Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });
    assert.equal(writeFailure(cancelled, 'img'), cancelled, 'a cancel is not a failure to write');
  });

  it('an insert of several files takes back what it wrote, never a file it reused, and the folders it made', async () => {
    // Already there: docs/ with an identical copy of the first file (reused, kept).
    await mkdir(join(dir, 'docs'));
    await writeFile(join(dir, 'docs', 'first.png'), WHOLE);
    const ledger = new WrittenFiles(nodeLedger);
    const save = async (folder: string, name: string, path: string): Promise<void> => {
      await ledger.beforeWritingInto(folder, dir);
      const saved = await saveStream(folder, name, await openDownload(`${origin()}${path}`, options()));
      ledger.saved(saved.path, saved.reused);
    };
    await save(join(dir, 'docs'), 'first.png', '/whole.png');
    await save(join(dir, 'docs'), 'second.png', '/other.png');
    await save(join(dir, 'docs', 'new', 'deep'), 'third.png', '/other.png');
    assert.deepEqual((await readdir(join(dir, 'docs'))).sort(), ['first.png', 'new', 'second.png']);
    assert.deepEqual(ledger.written, [join(dir, 'docs', 'second.png'), join(dir, 'docs', 'new', 'deep', 'third.png')]);
    // The fourth breaks off: the insert fails, and takes back what it wrote.
    await assert.rejects(save(join(dir, 'media', '2026'), 'fourth.png', '/drop.png'), (e: unknown) => e instanceof MediaError);
    assert.deepEqual(await ledger.takeBack(), []);
    assert.deepEqual(await readdir(dir), ['docs'], 'the folders this insert made are gone (media/2026 and docs/new/deep)');
    assert.deepEqual(await readdir(join(dir, 'docs')), ['first.png'], 'the reused file stays');
    assert.ok((await readFile(join(dir, 'docs', 'first.png'))).equals(WHOLE));
  });

  it('a folder it made that holds something else by then stays', async () => {
    const ledger = new WrittenFiles(nodeLedger);
    const folder = join(dir, 'images');
    await ledger.beforeWritingInto(folder, dir);
    const saved = await saveStream(folder, 'a.png', await openDownload(`${origin()}/other.png`, options()));
    ledger.saved(saved.path, saved.reused);
    await writeFile(join(folder, 'notes.txt'), 'mine');
    assert.deepEqual(await ledger.takeBack(), []);
    assert.deepEqual(await readdir(folder), ['notes.txt']);
  });
});
