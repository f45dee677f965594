import assert from 'node:assert/strict';
import { errorBodyText } from '../../src/api/errorBody';
import { TtlCache } from '../../src/core/cache';
import { describeError } from '../../src/core/describe';
import { MediaError, cleanServerText, toMediaError } from '../../src/core/errors';
import { isLoopbackHost, isSecureOrLoopback, safeLinkUrl } from '../../src/core/urls';

describe('error bodies', () => {
  it('reads the JSON forms', () => {
    assert.equal(errorBodyText('{"error":"Invalid API key"}', 'application/json'), 'Invalid API key');
    assert.equal(errorBodyText('{"status":404,"error":"Not Found"}', 'application/json; charset=utf-8'), 'Not Found');
    // Escaped or not, invisible and direction-changing characters do not come through.
    assert.equal(errorBodyText('{"error":"Invalid\\u202e key\\u200b"}', 'application/json'), 'Invalid key');
    assert.equal(errorBodyText('Bad\u2066 key\u0085', 'text/plain'), 'Bad key');
    assert.equal(errorBodyText('{"code":"x"}', null), 'x');
    assert.equal(errorBodyText('{}', 'application/json'), undefined);
  });
  it('reads plain text and HTML as one plain line', () => {
    assert.equal(errorBodyText('Too Many Requests\n', 'text/plain'), 'Too Many Requests');
    assert.equal(
      errorBodyText('<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>oops</h1><script>alert(1)</script></body></html>', 'text/html'),
      '502 Bad Gateway',
    );
    assert.equal(errorBodyText('<html><body><h1>Server <b>Error</b></h1></body></html>', 'text/html'), 'Server Error');
    assert.equal(errorBodyText('', 'text/plain'), undefined);
  });
  it('takes JSON-looking text that is not JSON as text', () => {
    assert.equal(errorBodyText('{oops', 'application/json'), '{oops');
  });
  it('strips markup and control characters and bounds the length', () => {
    const cleaned = cleanServerText(`<img src=x onerror=alert(1)>bad\u202e\u0007 ${'y'.repeat(500)}`);
    assert.doesNotMatch(cleaned, /[<>\u202e\u0007]/);
    assert.ok(cleaned.length <= 200);
  });
});

describe('urls', () => {
  it('knows loopback hosts', () => {
    for (const h of ['127.0.0.1', '127.3.4.5', '127.255.255.255', 'localhost', 'LOCALHOST', '[::1]']) assert.ok(isLoopbackHost(h), h);
    for (const h of ['128.0.0.1', '10.0.0.1', 'example.com', '127.0.0.1.example.com', '127.0.0.256', '0.0.0.0', '[::]']) assert.ok(!isLoopbackHost(h), h);
    // `*.localhost` is left to the machine's resolver, which need not keep it local.
    for (const h of ['api.localhost', 'evil.localhost', 'localhost.example.com', 'localhostx']) assert.ok(!isLoopbackHost(h), h);
    assert.equal(isSecureOrLoopback(new URL('http://api.localhost:8080/v1')), false);
    assert.equal(isSecureOrLoopback(new URL('http://[::1]:8080/v1')), true);
  });
  it('allows https anywhere and http only to loopback', () => {
    assert.ok(isSecureOrLoopback(new URL('https://api.pexels.com/v1')));
    assert.ok(isSecureOrLoopback(new URL('http://127.0.0.1:9/v1')));
    assert.ok(!isSecureOrLoopback(new URL('http://api.pexels.com/v1')));
    assert.ok(!isSecureOrLoopback(new URL('ftp://127.0.0.1/')));
  });
  it('lets only safe links through', () => {
    assert.equal(safeLinkUrl('https://www.pexels.com/photo/x-1/'), 'https://www.pexels.com/photo/x-1/');
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>', 'http://evil.example/', 'https://user:pw@x.com/', '/relative', 42]) {
      assert.equal(safeLinkUrl(bad), undefined, String(bad));
    }
  });
});

describe('cache', () => {
  it('expires entries after the TTL and evicts the least recently used', () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, 2, { now: () => now });
    cache.set('a', 1);
    cache.set('b', 2);
    assert.equal(cache.get('a'), 1);
    cache.set('c', 3);
    assert.equal(cache.get('b'), undefined, 'b was least recently used');
    assert.equal(cache.get('a'), 1);
    now = 1000;
    assert.equal(cache.get('a'), undefined, 'expired');
  });
  it('stores nothing with a TTL of 0', () => {
    const cache = new TtlCache<number>(0);
    cache.set('a', 1);
    assert.equal(cache.get('a'), undefined);
  });
});

describe('error descriptions', () => {
  const ctx = { serviceName: 'Pexels', formatTime: (ms: number) => new Date(ms).toISOString() };
  it('says a 429 is the rate limit or the monthly quota, and when the monthly quota resets', () => {
    const d = describeError(new MediaError('rateLimited', 'x', { status: 429, resetAt: Date.UTC(2026, 11, 1) }), ctx);
    assert.equal(
      d.message,
      'Your Pexels rate limit or monthly quota is used up (HTTP 429). Try again later; the monthly quota resets 2026-12-01T00:00:00.000Z.',
    );
    assert.deepEqual(d.actions, ['showQuota']);
  });
  it('does not announce a reset that has already passed', () => {
    const error = new MediaError('rateLimited', 'x', { status: 429, resetAt: Date.UTC(2026, 11, 1) });
    const d = describeError(error, { ...ctx, now: Date.UTC(2026, 11, 1, 1) });
    assert.equal(d.message, 'Your Pexels rate limit or monthly quota is used up (HTTP 429). Try again later.');
  });
  it('puts the service name and what the server said in inert', () => {
    const hostile = '[Renew your key](command:workbench.action.openSettings)';
    const d = describeError(new MediaError('server', 'x', { status: 500, serverMessage: hostile }), { ...ctx, serviceName: `Pexels ${hostile}` });
    assert.doesNotMatch(d.message, /\[|\]/, d.message);
    assert.match(d.message, /^Pexels \(Renew your key\)\(command:workbench\.action\.openSettings\) had a problem/);
    assert.match(d.message, /The service said: “\(Renew your key\)\(command:workbench\.action\.openSettings\)”/);
  });
  it('offers to set the key, or get a free one, for key problems and to retry for transient ones', () => {
    assert.deepEqual(describeError(new MediaError('forbidden', 'x', { status: 403 }), ctx).actions, ['setApiKey', 'getApiKey']);
    assert.deepEqual(describeError(new MediaError('unauthorized', 'x', { status: 401 }), ctx).actions, ['setApiKey', 'getApiKey']);
    assert.deepEqual(describeError(new MediaError('missingKey', 'x'), ctx).actions, ['setApiKey', 'getApiKey']);
    assert.ok(describeError(new MediaError('server', 'x', { status: 500 }), ctx).actions.includes('retry'));
    assert.ok(describeError(new MediaError('timeout', 'x'), ctx).actions.includes('retry'));
  });
  it('quotes what the server said, already cleaned', () => {
    const d = describeError(new MediaError('server', 'x', { status: 500, serverMessage: 'Internal Server Error' }), ctx);
    assert.match(d.message, /Internal Server Error/);
  });
  it('wraps unknown throwables', () => {
    assert.equal(toMediaError(new TypeError('fetch failed')).kind, 'network');
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    assert.equal(toMediaError(abort).kind, 'cancelled');
  });
});
