// What lets the extension run in the web worker extension host (no Node there), tested in
// plain Node: base64 and the webview nonce without Buffer, the step-by-step symbolic link
// check used where real paths cannot be seen, downloads whose redirects the browser follows
// (the final address checked before a byte is used), and the browser's opaque answer to an
// API redirect reported as a redirect. The Node side of the seam (real paths) too.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaClient } from '../../src/api/client';
import { keyTag } from '../../src/api/sharing';
import { concatBytes, randomNonce, toBase64 } from '../../src/core/bytes';
import { MediaError } from '../../src/core/errors';
import { linkOnTheWay } from '../../src/core/insert/linkWalk';
import type { StepKind } from '../../src/core/insert/linkWalk';
import type { DownloadOptions } from '../../src/api/download';
import { platform as nodePlatform } from '../../src/host/platform/node';
import { platform as webPlatform } from '../../src/host/platform/web';
import { contentSecurityPolicy } from '../../src/host/grid/gridHtml';
import { download, useFileServer } from './downloads';

describe('the web extension host', () => {
  describe('bytes without Buffer', () => {
    it('base64 is the same as Node’s for every length and byte', () => {
      const all = Uint8Array.from({ length: 256 }, (_, i) => i);
      for (let length = 0; length <= 40; length++) {
        const bytes = all.subarray(256 - length);
        assert.equal(toBase64(bytes), Buffer.from(bytes).toString('base64'), `length ${length}`);
      }
      assert.equal(toBase64(all), Buffer.from(all).toString('base64'));
      assert.equal(toBase64(new TextEncoder().encode('Grüße')), 'R3LDvMOfZQ==');
    });

    it('a nonce is 16 fresh random bytes, valid for the webview’s CSP', () => {
      const nonces = new Set(Array.from({ length: 200 }, () => randomNonce()));
      assert.equal(nonces.size, 200);
      for (const nonce of nonces) {
        assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/);
        assert.equal(Buffer.from(nonce, 'base64').length, 16);
        assert.match(contentSecurityPolicy({ cspSource: 'https://webview', nonce }), new RegExp(`script-src 'nonce-${nonce.replace(/[+/]/g, '\\$&')}'`));
      }
    });

    it('the key tag (cache and sharing) is what it was with Buffer', async () => {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode('secret-key')));
      assert.equal(await keyTag('secret-key'), Buffer.from(digest).toString('base64').slice(0, 16));
    });

    it('pieces of a body join in order', () => {
      const joined = concatBytes([Uint8Array.of(1, 2), new Uint8Array(0), Uint8Array.of(3)]);
      assert.deepEqual([...joined], [1, 2, 3]);
    });
  });

  describe('the folder for saved files, checked step by step (workspace.fs)', () => {
    /** A file system of paths: 'dir', 'link' or absent. */
    const fakeFs = (entries: Record<string, 'dir' | 'link'>) => {
      const asked: string[] = [];
      const kindOf = async (path: string): Promise<StepKind> => {
        asked.push(path);
        const kind = entries[path];
        return kind === undefined ? undefined : kind === 'link' ? 'link' : 'other';
      };
      return { kindOf, asked };
    };

    it('plain folders, existing or not yet made: fine', async () => {
      const fs = fakeFs({ '/ws': 'dir', '/ws/docs': 'dir' });
      assert.equal(await linkOnTheWay('/ws', '/ws/docs/images', fs.kindOf), undefined);
      assert.deepEqual(fs.asked, ['/ws/docs', '/ws/docs/images']);
      assert.equal(await linkOnTheWay('/ws', '/ws', fs.kindOf), undefined);
    });

    it('a symbolic link on the way, or a dangling one, is refused (its target cannot be seen)', async () => {
      const fs = fakeFs({ '/ws': 'dir', '/ws/images': 'link', '/ws/images/2026': 'dir' });
      assert.equal(await linkOnTheWay('/ws', '/ws/images/2026', fs.kindOf), 'link');
      const dangling = fakeFs({ '/ws': 'dir', '/ws/docs': 'dir', '/ws/docs/assets': 'link' });
      assert.equal(await linkOnTheWay('/ws', '/ws/docs/assets/new', dangling.kindOf), 'link');
    });

    it('the root itself may be a link (the user opened it so); only steps below it count', async () => {
      const fs = fakeFs({ '/ws': 'link', '/ws/a': 'dir' });
      assert.equal(await linkOnTheWay('/ws', '/ws/a', fs.kindOf), undefined);
      assert.ok(!fs.asked.includes('/ws'));
    });

    it('a folder outside the root, or with `..`, is outside without asking', async () => {
      const fs = fakeFs({});
      assert.equal(await linkOnTheWay('/ws', '/other/images', fs.kindOf), 'outside');
      assert.equal(await linkOnTheWay('/ws', '/ws-2/images', fs.kindOf), 'outside');
      assert.equal(await linkOnTheWay('/ws', '/ws/../etc', fs.kindOf), 'outside');
      assert.deepEqual(fs.asked, []);
    });
  });

  describe('the two platforms', () => {
    it('the web one reads no disk, holds at most 256 MB and lets the browser follow redirects', () => {
      assert.equal(webPlatform.disk, undefined);
      assert.equal(webPlatform.downloadRedirects, 'follow');
      assert.equal(webPlatform.maxDownloadBytes, 256 * 1024 * 1024);
      assert.equal(nodePlatform.downloadRedirects, 'manual');
      assert.ok(nodePlatform.disk && nodePlatform.disk.maxStreamBytes > nodePlatform.maxDownloadBytes);
    });

    it('the Node one compares real paths: a link out of the folder (at a folder or at the file’s own name) leaves it, one inside does not', async function () {
      const base = realpathSync(mkdtempSync(join(tmpdir(), 'stock-media-ondisk-')));
      try {
        const ws = join(base, 'ws');
        mkdirSync(join(ws, 'inner'), { recursive: true });
        mkdirSync(join(base, 'secret'));
        try {
          symlinkSync(join(base, 'secret'), join(ws, 'out'));
          symlinkSync(join(ws, 'inner'), join(ws, 'in'));
        } catch {
          this.skip();
        }
        const disk = nodePlatform.disk!;
        assert.equal(await disk.realPathInRoot(join(ws, 'out', 'images'), ws), undefined);
        assert.equal(await disk.realPathInRoot(join(ws, 'in', 'images'), ws), 'inner/images');
        assert.equal(await disk.realPathInRoot(join(ws, 'new', 'images'), ws), 'new/images');
        assert.equal(await disk.realPathInRoot(ws, ws), '');
        // A file's own name: a link out of the folder, one into it, one to nowhere.
        writeFileSync(join(base, 'secret', 'config'), 'x');
        mkdirSync(join(ws, '.git'));
        writeFileSync(join(ws, '.git', 'config'), '[core]\n');
        symlinkSync(join(base, 'secret', 'config'), join(ws, 'CREDITS.md'));
        symlinkSync(join(ws, '.git', 'config'), join(ws, 'git-config.md'));
        symlinkSync(join(base, 'nowhere'), join(ws, 'dangling.md'));
        assert.equal(await disk.realPathInRoot(join(ws, 'CREDITS.md'), ws), undefined);
        assert.equal(await disk.realPathInRoot(join(ws, 'git-config.md'), ws), '.git/config');
        assert.equal(await disk.realPathInRoot(join(ws, 'dangling.md'), ws), undefined);
        assert.equal(await disk.realPathInRoot(join(ws, 'in', 'new.md'), ws), 'inner/new.md');
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    });
  });

  describe('downloads with the redirects followed by fetch (the browser’s way)', () => {
    const BODY = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const requests: Request[] = [];

    const origin = useFileServer((req, res) => {
      if (req.url === '/photo.png') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(BODY.length) });
        res.end(BODY);
      } else if (req.url === '/redirect') {
        res.writeHead(302, { location: '/photo.png' });
        res.end();
      } else {
        res.writeHead(404);
        res.end();
      }
    });

    const options = (fetcher: typeof fetch, extra: Partial<DownloadOptions> = {}): DownloadOptions => ({
      fetch: (input, init) => {
        requests.push(new Request(input, init));
        return fetcher(input, init);
      },
      signal: new AbortController().signal,
      idleTimeoutMs: 2000,
      maxBytes: webPlatform.maxDownloadBytes,
      redirects: 'follow',
      ...extra,
    });

    /** The answer the browser gives after following redirects to `finalUrl`. */
    const arrivedAt = (finalUrl: string, type: ResponseType = 'basic'): typeof fetch => async () => {
      const response = new Response(BODY, { status: 200, headers: { 'content-type': 'image/png' } });
      Object.defineProperty(response, 'url', { value: finalUrl });
      Object.defineProperty(response, 'redirected', { value: true });
      Object.defineProperty(response, 'type', { value: type });
      return response;
    };

    it('asks fetch to follow, sends no key or cookie, and keeps the final address', async () => {
      requests.length = 0;
      const result = await download(`${origin()}/redirect`, options((input, init) => fetch(input, init)));
      assert.ok(Buffer.from(result.bytes).equals(BODY));
      assert.equal(result.url, `${origin()}/photo.png`);
      assert.equal(requests[0]?.redirect, 'follow');
      assert.equal(requests[0]?.credentials, 'omit');
      assert.equal(requests[0]?.headers.get('authorization'), null);
    });

    it('a redirect that ended at an address that is not a safe https link: nothing is used', async () => {
      for (const final of ['http://example.com/photo.png', 'https://user:pw@cdn.example/photo.png', 'data:image/png;base64,AAAA']) {
        await assert.rejects(
          download('https://cdn.example/photo.png', options(arrivedAt(final))),
          (e: unknown) => e instanceof MediaError && e.kind === 'invalidResponse' && /cdn\.example redirected the download to an address that is not a safe https link/.test(e.message),
          final,
        );
      }
      const fine = await download('https://cdn.example/photo.png', options(arrivedAt('https://images.example/photo.png')));
      assert.equal(fine.url, 'https://images.example/photo.png');
    });

    it('an opaque redirect (a browser’s answer to `manual`) is refused, not read as the file', async () => {
      const opaque: typeof fetch = async () => {
        const response = new Response(null, { status: 200 });
        Object.defineProperty(response, 'status', { value: 0 });
        Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
        return response;
      };
      for (const redirects of ['manual', 'follow'] as const) {
        await assert.rejects(
          download('https://cdn.example/photo.png', options(opaque, { redirects })),
          (e: unknown) => e instanceof MediaError && /redirected the download to an address that is not a safe https link/.test(e.message),
          redirects,
        );
      }
    });

    it('a server that does not let the browser read its file (CORS) is named as a possible cause', async () => {
      const refused: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
      await assert.rejects(
        download('https://cdn.example/photo.png', options(refused, { browserFetch: true })),
        (e: unknown) =>
          e instanceof MediaError &&
          e.kind === 'network' &&
          e.message === 'The browser could not download the file from cdn.example (Failed to fetch); the server may not allow other sites to download it. Nothing was saved or inserted.',
      );
      // Node's fetch: the plain network failure.
      await assert.rejects(
        download('https://cdn.example/photo.png', options(refused, { redirects: 'manual' })),
        (e: unknown) => e instanceof MediaError && e.kind === 'network' && e.message === 'Could not download the file from cdn.example (Failed to fetch), so nothing was saved or inserted.',
      );
    });

    it('a file over the browser’s limit is a failure with that limit (the inserter links it instead)', async () => {
      await assert.rejects(download(`${origin()}/photo.png`, options((i, init) => fetch(i, init), { maxBytes: 1000 })), (e: unknown) => e instanceof MediaError && e.limit === 1000);
    });
  });

  describe('the API client in a browser', () => {
    it('an opaque redirect answer becomes the “redirected; not followed” error, not a crash', async () => {
      const seen: RequestInit[] = [];
      const client = new MediaClient({
        baseUrl: 'http://127.0.0.1:9/v1/',
        videoBaseUrl: 'http://127.0.0.1:9/videos/',
        keyProvider: { getKey: () => Promise.resolve('key') },
        logger: { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
        retryDelayMs: 5,
        timeoutMs: 5000,
        fetch: async (input, init) => {
          seen.push(init ?? (input instanceof Request ? { redirect: input.redirect } : {}));
          const response = new Response(null, { status: 200 });
          Object.defineProperties(response, { status: { value: 0 }, ok: { value: false }, type: { value: 'opaqueredirect' }, statusText: { value: '' } });
          return response;
        },
      });
      const error = await client.getPhoto(1).then(
        () => assert.fail('expected a failure'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof MediaError, String(error));
      assert.equal(error.kind, 'invalidResponse');
      assert.equal(error.message, 'The service answered with a redirect; it was not followed, so your key stays with the configured API.');
      // Not retried: one request.
      assert.equal(seen.length, 1);
    });
  });
});
