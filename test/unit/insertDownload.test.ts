// Downloads for "save into the workspace" (api/download.ts), against a local HTTP server: bytes
// and type, safe redirects only, HTTP errors, size limits, cancellation, a stalled server, and no
// credentials ever sent. Every failure is a MediaError of the API's closed set, in its words.
import * as assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { fileSizes } from '../../src/api/download';
import type { DownloadOptions } from '../../src/api/download';
import { MediaError } from '../../src/core/errors';
import { download, useFileServer } from './downloads';

/** A failure of `kind` whose sentence matches `message`. */
const failed =
  (kind: MediaError['kind'], message: RegExp) =>
  (e: unknown): boolean =>
    e instanceof MediaError && e.kind === kind && message.test(e.message);

const BODY = Buffer.from(Array.from({ length: 50_000 }, (_, i) => i % 251));

/** The server's redirects: to its own file, to another host, to a script, to itself. */
const REDIRECTS = new Map<string, { status: number; location: string }>([
  ['/redirect', { status: 302, location: '/photo.png' }],
  ['/redirect-away', { status: 301, location: 'http://example.com/photo.png' }],
  ['/redirect-js', { status: 302, location: 'javascript:alert(1)' }],
  ['/loop', { status: 302, location: '/loop' }],
]);

describe('insert download', () => {
  const seen: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];

  const origin = useFileServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    const redirect = REDIRECTS.get(req.url ?? '');
    if (redirect) {
      res.writeHead(redirect.status, { location: redirect.location });
      res.end();
      return;
    }
    switch (req.url) {
      case '/photo.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(BODY.length) });
        res.end(BODY);
        return;
      case '/chunked.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(BODY.subarray(0, 20_000));
        setTimeout(() => res.end(BODY.subarray(20_000)), 20);
        return;
      case '/busy':
        res.writeHead(req.url === '/busy' ? 429 : 503, { 'retry-after': '60' });
        res.end();
        return;
      case '/hang':
        return; // never answers
      case '/stall':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(BODY.subarray(0, 1000));
        return; // never ends
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not Found');
    }
  });

  const options = (extra: Partial<DownloadOptions> = {}): DownloadOptions => ({
    fetch: (input, init) => fetch(input, init),
    signal: new AbortController().signal,
    idleTimeoutMs: 2000,
    maxBytes: 1024 * 1024 * 1024,
    ...extra,
  });

  it('returns the bytes and the content type, reporting progress', async () => {
    const progress: [number, number | undefined][] = [];
    const result = await download(`${origin()}/photo.png`, options({ onProgress: (r, t) => progress.push([r, t]) }));
    assert.ok(Buffer.from(result.bytes).equals(BODY));
    assert.equal(result.contentType, 'image/png');
    assert.equal(result.url, `${origin()}/photo.png`);
    assert.deepEqual(progress.at(-1), [BODY.length, BODY.length]);
    const chunked = await download(`${origin()}/chunked.png`, options());
    assert.ok(Buffer.from(chunked.bytes).equals(BODY));
  });

  it('sends no Authorization header or cookie', async () => {
    seen.length = 0;
    await download(`${origin()}/photo.png`, options());
    assert.equal(seen.length, 1);
    assert.equal(seen[0]?.headers.authorization, undefined);
    assert.equal(seen[0]?.headers.cookie, undefined);
  });

  it('follows redirects to safe addresses only', async () => {
    const result = await download(`${origin()}/redirect`, options());
    assert.equal(result.url, `${origin()}/photo.png`);
    for (const path of ['/redirect-away', '/redirect-js', '/loop']) {
      await assert.rejects(download(`${origin()}${path}`, options()), failed('invalidResponse', /redirected the download to an address that is not a safe https link/), path);
    }
  });

  it('refuses unsafe addresses without a request', async () => {
    seen.length = 0;
    for (const url of ['http://example.com/a.png', 'javascript:alert(1)', 'file:///etc/passwd', 'ftp://127.0.0.1/a']) {
      await assert.rejects(download(url, options()), failed('invalidRequest', /not a safe https link/), url);
    }
    assert.equal(seen.length, 0);
  });

  it('an HTTP error says which', async () => {
    await assert.rejects(download(`${origin()}/missing.png`, options()), failed('notFound', /answered HTTP 404 for the file, so nothing was saved or inserted/));
  });

  it('a file server’s 429 or 503 is the closed set’s kind, in the file’s words, and not retried', async () => {
    seen.length = 0;
    await assert.rejects(download(`${origin()}/busy`, options()), failed('rateLimited', /answered HTTP 429 for the file, so nothing was saved or inserted/));
    assert.equal(seen.length, 1);
  });

  it('file sizes: one HEAD per address without a key or cookie, no redirect followed; a failure or a stall is no size', async () => {
    seen.length = 0;
    const found = new Map<string, number>();
    const paths = ['/photo.png', '/redirect', '/missing.png', '/hang', '/busy'];
    await fileSizes(
      paths.map((p) => `${origin()}${p}`),
      { timeoutMs: 300, signal: new AbortController().signal },
      (address, bytes) => found.set(address.slice(origin().length), bytes),
    );
    assert.deepEqual([...found], [['/photo.png', BODY.length]]);
    assert.deepEqual(seen.map((r) => r.path).sort(), [...paths].sort(), 'one request each, the redirect not followed');
    assert.ok(seen.every((r) => r.method === 'HEAD' && r.headers.authorization === undefined && r.headers.cookie === undefined));
  });

  it('refuses files over the size limit (declared or streamed)', async () => {
    await assert.rejects(download(`${origin()}/photo.png`, options({ maxBytes: 1000 })), (e: unknown) => failed('invalidResponse', /more than this extension saves/)(e) && (e as MediaError).limit === 1000);
    await assert.rejects(download(`${origin()}/chunked.png`, options({ maxBytes: 30_000 })), (e: unknown) => failed('invalidResponse', /bigger than this extension saves/)(e) && (e as MediaError).limit === 30_000);
  });

  it('a server that stops sending: a clear message after the idle time', async () => {
    const started = Date.now();
    await assert.rejects(download(`${origin()}/stall`, options({ idleTimeoutMs: 300 })), failed('timeout', /stopped sending the file/));
    assert.ok(Date.now() - started < 3000);
  });

  it('cancelling aborts, and is a cancel, not a failure to tell', async () => {
    const controller = new AbortController();
    const pending = download(`${origin()}/stall`, options({ signal: controller.signal, idleTimeoutMs: 10_000 }));
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(pending, failed('cancelled', /./));
  });

  it('a connection that cannot be made: a clear message', async () => {
    await assert.rejects(download('http://127.0.0.1:1/photo.png', options()), failed('network', /Could not download the file from 127\.0\.0\.1:1/));
  });
});
