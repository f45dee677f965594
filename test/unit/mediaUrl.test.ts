// "Open Photo or Video by URL or ID": which pasted texts mean which media.
import assert from 'node:assert/strict';
import { parseMediaRef } from '../../src/core/mediaUrl';

// The local library as the tests configure it: its pages at its root, its API beside them.
const options = { serviceUrl: 'http://127.0.0.1:4321', trustedUrls: ['http://127.0.0.1:4321/v1', 'http://127.0.0.1:4321/videos'] };

describe('parseMediaRef', () => {
  const cases: [string, ReturnType<typeof parseMediaRef>][] = [
    ['2014422', { ok: true, id: 2014422 }],
    ['  17  ', { ok: true, id: 17 }],
    ['photo 12', { ok: true, id: 12, kind: 'photo' }],
    ['video:99', { ok: true, id: 99, kind: 'video' }],
    ['https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/', { ok: true, id: 2014422, kind: 'photo' }],
    ['https://www.pexels.com/photo/2014422/', { ok: true, id: 2014422, kind: 'photo' }],
    ['https://www.pexels.com/video/a-woman-on-the-beach-856971/?utm=x#top', { ok: true, id: 856971, kind: 'video' }],
    ['www.pexels.com/photo/cat-3/', { ok: true, id: 3, kind: 'photo' }],
    ['https://pexels.com/de-de/foto/katze-auf-dem-sofa-45201/', { ok: true, id: 45201, kind: 'photo' }],
    ['https://images.pexels.com/photos/2014422/pexels-photo-2014422.jpeg?auto=compress', { ok: true, id: 2014422, kind: 'photo' }],
    ['https://videos.pexels.com/video-files/856971/856971-hd_1920_1080_30fps.mp4', { ok: true, id: 856971, kind: 'video' }],
    ['http://127.0.0.1:4321/photo/tabby-cat-in-a-garden-1005/', { ok: true, id: 1005, kind: 'photo' }],
    ['http://127.0.0.1:4321/video/waves-at-dusk-2003/', { ok: true, id: 2003, kind: 'video' }],
    ['http://127.0.0.1:4321/media/photos/1005/pexels-photo-1005.png?w=940', { ok: true, id: 1005, kind: 'photo' }],
    ['http://127.0.0.1:4321/media/videos/2003/files/77-hd_1920_1080_25fps.mp4', { ok: true, id: 2003, kind: 'video' }],
    // No path before a page's kind is special: only a locale.
    ['http://127.0.0.1:4321/media/photo/tabby-cat-1005/', { ok: false, error: 'notMedia' }],
    ['http://127.0.0.1:4321/v1/photos/1005', { ok: false, error: 'notMedia' }],
    ['', { ok: false, error: 'empty' }],
    ['   ', { ok: false, error: 'empty' }],
    ['0', { ok: false, error: 'badId' }],
    ['cats', { ok: false, error: 'notMedia' }],
    ['https://www.pexels.com/search/cats/', { ok: false, error: 'notMedia' }],
    ['https://www.pexels.com/photo/no-id-here/', { ok: false, error: 'badId' }],
    ['https://evil.example/photo/cat-3/', { ok: false, error: 'foreignHost' }],
    ['https://pexels.com.evil.example/photo/cat-3/', { ok: false, error: 'foreignHost' }],
    ['http://www.pexels.com/photo/cat-3/', { ok: false, error: 'foreignHost' }],
    ['http://127.0.0.1:9999/photo/cat-3/', { ok: false, error: 'foreignHost' }],
    ['javascript:alert(1)', { ok: false, error: 'notMedia' }],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.deepEqual(parseMediaRef(input, options), expected));
  }

  it('accepts a number as an id', () => assert.deepEqual(parseMediaRef(5, options), { ok: true, id: 5 }));

  it('accepts the configured service host when it is not pexels.com', () => {
    const own = { serviceUrl: 'https://media.example.org', trustedUrls: [] };
    assert.deepEqual(parseMediaRef('https://media.example.org/photo/x-8/', own), { ok: true, id: 8, kind: 'photo' });
    assert.deepEqual(parseMediaRef('https://other.example.org/photo/x-8/', own), { ok: false, error: 'foreignHost' });
  });

  describe('pages under the configured service URL, its path included', () => {
    const prefixed = (serviceUrl: string) => ({ serviceUrl, trustedUrls: ['https://api.host.example/v1/', 'https://api.host.example/videos/'] });
    const cases: [string, string, ReturnType<typeof parseMediaRef>][] = [
      // A library served at https://host/library.
      ['https://host.example/library', 'https://host.example/library/photo/lighthouse-at-dusk-77/', { ok: true, id: 77, kind: 'photo' }],
      ['https://host.example/library', 'https://host.example/library/photo/77', { ok: true, id: 77, kind: 'photo' }],
      ['https://host.example/library', 'https://host.example/library/de-de/foto/leuchtturm-77/', { ok: true, id: 77, kind: 'photo' }],
      ['https://host.example/library', 'https://host.example/library/video/waves-9/?t=3', { ok: true, id: 9, kind: 'video' }],
      ['https://host.example/library/', 'https://host.example/library/photo/lighthouse-77/', { ok: true, id: 77, kind: 'photo' }],
      ['https://host.example/library', 'https://host.example/photo/lighthouse-77/', { ok: false, error: 'notMedia' }],
      ['https://host.example/library', 'https://host.example/librarything/photo/lighthouse-77/', { ok: false, error: 'notMedia' }],
      ['https://host.example/library', 'https://host.example/other/photo/lighthouse-77/', { ok: false, error: 'notMedia' }],
      ['https://host.example/library', 'https://host.example/library/photo/no-id-here/', { ok: false, error: 'badId' }],
      ['https://host.example/library', 'https://host.example/library/search/lighthouse/', { ok: false, error: 'notMedia' }],
      ['https://host.example/library', 'https://elsewhere.example/library/photo/lighthouse-77/', { ok: false, error: 'foreignHost' }],
      ['https://host.example/library', 'http://host.example/library/photo/lighthouse-77/', { ok: false, error: 'foreignHost' }],
      // Its files by their shape, on its hosts, wherever they are kept.
      ['https://host.example/library', 'https://host.example/files/photos/77/lighthouse-77.jpeg?w=940', { ok: true, id: 77, kind: 'photo' }],
      ['https://host.example/library', 'https://api.host.example/media/videos/9/files/12-hd_1280_720_25fps.mp4', { ok: true, id: 9, kind: 'video' }],
      // The same library at the root: its pages there, no other path.
      ['https://host.example', 'https://host.example/photo/lighthouse-77/', { ok: true, id: 77, kind: 'photo' }],
      ['https://host.example', 'https://host.example/library/photo/lighthouse-77/', { ok: false, error: 'notMedia' }],
      // The service's own site stays itself.
      ['https://host.example/library', 'https://www.pexels.com/photo/rocks-2014422/', { ok: true, id: 2014422, kind: 'photo' }],
    ];
    for (const [serviceUrl, input, expected] of cases) {
      it(`${serviceUrl}: ${input} → ${JSON.stringify(expected)}`, () => assert.deepEqual(parseMediaRef(input, prefixed(serviceUrl)), expected));
    }
  });
});
