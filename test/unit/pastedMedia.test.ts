// What a paste must hold to become the media with its credit: one link of the service's
// media and nothing else (activation checks this before anything is loaded or requested).
import assert from 'node:assert/strict';
import { formatLanguageIds, formatFamily } from '../../src/core/insert/languages';
import { pastedMediaRef, unforwardedAddress } from '../../src/core/pastedMedia';

const options = { serviceUrl: 'http://127.0.0.1:4321', trustedUrls: ['http://127.0.0.1:4321/v1'] };
const page = 'https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/';
const image = 'https://images.pexels.com/photos/2014422/pexels-photo-2014422.jpeg?auto=compress&cs=tinysrgb&w=1260';
const video = 'https://www.pexels.com/video/waves-856971/';

describe('pastedMediaRef', () => {
  it('a page URL, an image file URL or a video page, alone (whitespace around it aside)', () => {
    assert.deepEqual(pick(pastedMediaRef(page, options)), { kind: 'photo', id: 2014422 });
    assert.deepEqual(pick(pastedMediaRef(`  ${image}\n`, options)), { kind: 'photo', id: 2014422 });
    assert.deepEqual(pick(pastedMediaRef(video, options)), { kind: 'video', id: 856971 });
    assert.deepEqual(pick(pastedMediaRef('http://127.0.0.1:4321/photo/cat-7/', options)), { kind: 'photo', id: 7 });
  });

  it('a library served under a path: a page link under it, never one beside it', () => {
    const library = { serviceUrl: 'http://127.0.0.1:4321/library', trustedUrls: ['http://127.0.0.1:4321/v1'] };
    assert.deepEqual(pick(pastedMediaRef('http://127.0.0.1:4321/library/photo/cat-7/', library)), { kind: 'photo', id: 7 });
    assert.deepEqual(pick(pastedMediaRef('http://127.0.0.1:4321/library/video/waves-8', library)), { kind: 'video', id: 8 });
    assert.equal(pastedMediaRef('http://127.0.0.1:4321/photo/cat-7/', library), undefined);
    assert.equal(pastedMediaRef('http://127.0.0.1:4321/libraries/photo/cat-7/', library), undefined);
  });

  it('anything more or else is plain text: a sentence, two links, a full stop, another site, plain http elsewhere', () => {
    for (const text of [
      `See ${page}`,
      `${page} ${page}`,
      `${page}.`,
      `${page}\n${image}`,
      'https://example.com/photo/cat-2014422/',
      'http://www.pexels.com/photo/cat-2014422/',
      '2014422',
      'photo 2014422',
      '',
      `https://www.pexels.com/photo/${'x'.repeat(3000)}-1/`,
    ]) {
      assert.equal(pastedMediaRef(text, options), undefined, text.slice(0, 80));
    }
  });

  it('the paste provider’s languages are exactly those with an insert format', () => {
    const ids = formatLanguageIds();
    for (const id of ['markdown', 'mdx', 'html', 'vue', 'javascriptreact', 'typescriptreact', 'css', 'scss']) assert.ok(ids.includes(id), id);
    assert.ok(ids.every((id) => formatFamily(id) !== 'plain'));
    assert.ok(!ids.includes('plaintext') && !ids.includes('typescript'));
  });
});

describe('a local service page opened through the editor’s port forwarding, pasted back', () => {
  const service = 'http://127.0.0.1:4321';
  const external = 'https://work.example.com/proxy/4321/';
  const options = { serviceUrl: service, trustedUrls: [] };

  it('is read as the service’s own address, and so as its media', () => {
    const address = unforwardedAddress(`  ${external}photo/calm-sea-12/ \n`, service, external);
    assert.equal(address, `${service}/photo/calm-sea-12/`);
    assert.deepEqual(pick(pastedMediaRef(address ?? '', options)), { kind: 'photo', id: 12 });
  });

  it('anything else is left alone: another address, a look-alike prefix, text around it, no forwarding', () => {
    assert.equal(unforwardedAddress('https://work.example.com/proxy/43210/photo/a-1/', service, external), undefined);
    assert.equal(unforwardedAddress('https://evil.example/proxy/4321/photo/a-1/', service, external), undefined);
    assert.equal(unforwardedAddress(`see ${external}photo/a-1/`, service, external), undefined);
    assert.equal(unforwardedAddress(`${service}/photo/a-1/`, service, `${service}/`), undefined, 'not forwarded: nothing to map');
  });
});

function pick(ref: { kind: string; id: number } | undefined): { kind: string; id: number } | undefined {
  return ref && { kind: ref.kind, id: ref.id };
}
