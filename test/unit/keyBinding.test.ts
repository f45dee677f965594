// The key is stored with the API origins it was checked with, and handed out only for them:
// the secret's format (current and the plain text of earlier versions), the origin rule,
// and the client refusing before anything is sent.
import assert from 'node:assert/strict';
import { MediaClient } from '../../src/api/client';
import { describeError } from '../../src/core/describe';
import { MediaError } from '../../src/core/errors';
import { DEFAULT_KEY_ORIGINS, keyForOrigin, originsOf, parseBoundKey, serializeBoundKey } from '../../src/core/keyBinding';
import { trustedUrls } from '../../src/core/trustedUrls';
import type { ApiServer } from '../server/server';
import { startApiServer } from '../server/server';

const ctx = { serviceName: 'Pexels', formatTime: (ms: number) => new Date(ms).toISOString() };

function refusal(run: () => unknown): MediaError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof MediaError, `a MediaError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the key to be refused');
}

describe('key binding: the secret and its origins', () => {
  it('originsOf keeps the origin of each base URL once, photo API first, and drops what is not a URL', () => {
    assert.deepEqual(originsOf('https://api.pexels.com/v1', 'https://api.pexels.com/videos'), ['https://api.pexels.com']);
    assert.deepEqual(originsOf('http://127.0.0.1:4000/v1', 'http://127.0.0.1:4001/videos'), ['http://127.0.0.1:4000', 'http://127.0.0.1:4001']);
    assert.deepEqual(originsOf('HTTPS://API.Example.COM:443/v1/'), ['https://api.example.com']);
    assert.deepEqual(originsOf('not a url', '', 'mailto:x@example.com'), []);
  });

  it('the configured service: the key goes to the API bases\' origins, media URLs are trusted on its home page and the API bases', () => {
    const trusted = trustedUrls({ serviceUrl: 'https://www.pexels.com', apiBaseUrl: 'https://api.pexels.com/v1', videoBaseUrl: 'https://api.pexels.com/videos' });
    assert.deepEqual(trusted.api, { baseUrl: 'https://api.pexels.com/v1', videoBaseUrl: 'https://api.pexels.com/videos' });
    assert.deepEqual(trusted.keyOrigins, ['https://api.pexels.com']);
    assert.deepEqual(trusted.mediaHosts, ['https://www.pexels.com', 'https://api.pexels.com/v1', 'https://api.pexels.com/videos']);
  });

  it('the secret is a small JSON object with the key and its origins, and reads back the same', () => {
    const text = serializeBoundKey({ key: '  abc123 ', origins: ['https://api.pexels.com/v1', 'http://127.0.0.1:4000/videos'] });
    assert.deepEqual(JSON.parse(text), { key: 'abc123', origins: ['https://api.pexels.com', 'http://127.0.0.1:4000'] });
    assert.deepEqual(parseBoundKey(text), { key: 'abc123', origins: ['https://api.pexels.com', 'http://127.0.0.1:4000'] });
  });

  it('a plain-text key from an earlier version counts as checked with the service’s own API only', () => {
    assert.deepEqual(parseBoundKey('oldplainkey'), { key: 'oldplainkey', origins: [...DEFAULT_KEY_ORIGINS] });
    assert.deepEqual(DEFAULT_KEY_ORIGINS, ['https://api.pexels.com']);
    assert.equal(keyForOrigin(parseBoundKey('oldplainkey'), 'https://api.pexels.com'), 'oldplainkey');
    const refused = refusal(() => keyForOrigin(parseBoundKey('oldplainkey'), 'http://127.0.0.1:4000'));
    assert.equal(refused.kind, 'keyNotForOrigin');
  });

  it('nothing stored, an empty secret or a broken object is no key at all', () => {
    for (const raw of [undefined, '', '   ', '{', '{"key":""}', '{"origins":["https://api.pexels.com"]}', '{"key":5}']) {
      assert.equal(parseBoundKey(raw), undefined, String(raw));
    }
    assert.equal(keyForOrigin(undefined, 'https://api.pexels.com'), undefined);
    // Origins that are not text, or not URLs, bind to nothing.
    assert.deepEqual(parseBoundKey('{"key":"k","origins":[1,"nope",null]}'), { key: 'k', origins: [] });
  });

  it('the key is handed out only for an origin it was checked with', () => {
    const bound = { key: 'k', origins: ['https://api.pexels.com', 'http://127.0.0.1:4000'] };
    assert.equal(keyForOrigin(bound, 'https://api.pexels.com'), 'k');
    assert.equal(keyForOrigin(bound, 'http://127.0.0.1:4000'), 'k');
    for (const other of ['https://evil.example', 'http://api.pexels.com', 'https://api.pexels.com:8443', 'http://127.0.0.1:4001', 'http://127.0.0.2:4000', 'http://localhost:4000']) {
      const refused = refusal(() => keyForOrigin(bound, other));
      assert.equal(refused.kind, 'keyNotForOrigin', other);
      assert.equal(refused.origin, other);
      assert.match(refused.message, new RegExp(`not with ${other.replace(/[.]/g, '\\.')}`));
    }
  });

  it('the refusal reads as one sentence that offers to check the key with the new origin', () => {
    const error = refusal(() => keyForOrigin({ key: 'k', origins: ['https://api.pexels.com'] }, 'https://evil.example'));
    const described = describeError(error, ctx);
    assert.equal(
      described.message,
      'Your Pexels API key was not sent to https://evil.example: it was checked with another server. Check the key with https://evil.example to use it there.',
    );
    assert.deepEqual(described.actions, ['checkKey', 'openSettings']);
    assert.equal(described.origin, 'https://evil.example');
  });
});

describe('key binding: the client asks for the key of the origin it is about to call', () => {
  let bound: ApiServer;
  let other: ApiServer;
  before(async () => {
    bound = await startApiServer();
    other = await startApiServer();
  });
  after(async () => {
    await bound.close();
    await other.close();
  });

  it('a base URL on another origin is refused before a request is sent; the bound one works', async () => {
    const asked: string[] = [];
    const secret = serializeBoundKey({ key: bound.keys.alice, origins: [bound.baseUrl, bound.videoBaseUrl] });
    const provider = {
      getKey: (origin: string): Promise<string | undefined> => {
        asked.push(origin);
        return Promise.resolve(keyForOrigin(parseBoundKey(secret), origin));
      },
    };
    const client = new MediaClient({ baseUrl: other.baseUrl, videoBaseUrl: other.videoBaseUrl, keyProvider: provider, retryDelayMs: 5 });
    await assert.rejects(client.curatedPhotos({ per_page: 2 }), (e: unknown) => e instanceof MediaError && e.kind === 'keyNotForOrigin' && e.origin === other.origin);
    await assert.rejects(client.popularVideos({ per_page: 2 }), (e: unknown) => e instanceof MediaError && e.kind === 'keyNotForOrigin');
    assert.equal(other.log.length, 0, 'nothing reached the other server');
    assert.equal(client.requestsSent, 0);

    client.updateOptions({ baseUrl: bound.baseUrl, videoBaseUrl: bound.videoBaseUrl });
    const page = await client.curatedPhotos({ per_page: 2 });
    assert.equal(page.photos.length, 2);
    assert.equal(bound.log.length, 1);
    assert.equal(bound.log[0]?.key, bound.keys.alice);
    assert.deepEqual(asked, [other.origin, other.origin, bound.origin]);
  });
});
