// A key pasted as people paste it: from a web page, a terminal or a .env file.
import * as assert from 'node:assert/strict';
import { cleanPastedKey, KEY_MAX } from '../../src/core/pastedKey';
import { apiKeyPage } from '../../src/core/serviceUrl';

describe('a pasted API key', () => {
  it('is kept as it is when nothing surrounds it', () => {
    assert.deepEqual(cleanPastedKey('abc123'), { key: 'abc123', trimmed: false, valid: true });
  });

  it('loses surrounding spaces, line breaks and tabs, and says so', () => {
    assert.deepEqual(cleanPastedKey('  abc123 '), { key: 'abc123', trimmed: true, valid: true });
    assert.deepEqual(cleanPastedKey('abc123\n'), { key: 'abc123', trimmed: true, valid: true });
    assert.deepEqual(cleanPastedKey('\tabc123\r\n'), { key: 'abc123', trimmed: true, valid: true });
  });

  it('loses the quotes it was shown in, with the spaces around and inside them', () => {
    assert.deepEqual(cleanPastedKey(' "abc123" '), { key: 'abc123', trimmed: true, valid: true });
    assert.deepEqual(cleanPastedKey("'abc'"), { key: 'abc', trimmed: true, valid: true });
    assert.deepEqual(cleanPastedKey('`abc`\n'), { key: 'abc', trimmed: true, valid: true });
    assert.deepEqual(cleanPastedKey('“abc”'), { key: 'abc', trimmed: true, valid: true });
    assert.deepEqual(cleanPastedKey('„abc“'), { key: 'abc', trimmed: true, valid: true });
    assert.deepEqual(cleanPastedKey('" abc "'), { key: 'abc', trimmed: true, valid: true });
    assert.deepEqual(cleanPastedKey(`"'abc'"`), { key: 'abc', trimmed: true, valid: true });
  });

  it('keeps quotes that do not pair up, and quotes inside the key', () => {
    assert.deepEqual(cleanPastedKey('"abc'), { key: '"abc', trimmed: false, valid: true });
    assert.deepEqual(cleanPastedKey('abc"'), { key: 'abc"', trimmed: false, valid: true });
    assert.deepEqual(cleanPastedKey(`"abc'`), { key: `"abc'`, trimmed: false, valid: true });
    assert.deepEqual(cleanPastedKey('ab"c'), { key: 'ab"c', trimmed: false, valid: true });
    assert.deepEqual(cleanPastedKey('"'), { key: '"', trimmed: false, valid: true });
  });

  it('is not a key when nothing is left or something blank is inside', () => {
    assert.deepEqual(cleanPastedKey(''), { key: '', trimmed: false, valid: false });
    assert.deepEqual(cleanPastedKey('   '), { key: '', trimmed: true, valid: false });
    assert.deepEqual(cleanPastedKey('""'), { key: '', trimmed: true, valid: false });
    assert.deepEqual(cleanPastedKey(' "ab c" '), { key: 'ab c', trimmed: true, valid: false });
    assert.deepEqual(cleanPastedKey('abc\ndef'), { key: 'abc\ndef', trimmed: false, valid: false });
  });

  it('is not a key when it cannot go into a request header: too long, or characters no key has', () => {
    assert.equal(cleanPastedKey('k'.repeat(KEY_MAX)).valid, true);
    assert.equal(cleanPastedKey('k'.repeat(KEY_MAX + 1)).valid, false);
    assert.equal(cleanPastedKey('a'.repeat(1024 * 1024)).valid, false);
    for (const odd of ['schlüssel', 'ключ', 'abc\u0000def', 'abc\u200bdef', 'key😀']) assert.equal(cleanPastedKey(odd).valid, false, JSON.stringify(odd));
    for (const ok of ['563492ad6f91700001000001abc', 'A-b_c.d~e+f/g=']) assert.equal(cleanPastedKey(ok).valid, true, ok);
  });
});

describe('the page for a free API key', () => {
  it('is the service’s API page for a new key', () => {
    assert.equal(apiKeyPage('https://www.pexels.com'), 'https://www.pexels.com/api/new/');
    assert.equal(apiKeyPage('https://www.pexels.com/'), 'https://www.pexels.com/api/new/');
    assert.equal(apiKeyPage('http://127.0.0.1:3000'), 'http://127.0.0.1:3000/api/new/');
    assert.equal(apiKeyPage('https://media.example.test/library/?ref=x#top'), 'https://media.example.test/library/api/new/');
  });

  it('is never an address that is not https (or http to this computer)', () => {
    for (const unsafe of ['http://evil.test', 'javascript:alert(1)', 'file:///etc/passwd', 'not a url']) {
      assert.equal(apiKeyPage(unsafe), 'https://www.pexels.com/api/new/', unsafe);
    }
  });
});
