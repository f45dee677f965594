// "Open Photo or Video by URL or ID": which pasted texts mean which media.
import assert from 'node:assert/strict';
import { parseMediaRef } from '../../src/core/mediaUrl';

const options = { trustedUrls: ['https://www.pexels.com', 'http://127.0.0.1:4321/v1', 'http://127.0.0.1:4321/videos'] };

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
    const own = { trustedUrls: ['https://media.example.org'] };
    assert.deepEqual(parseMediaRef('https://media.example.org/photo/x-8/', own), { ok: true, id: 8, kind: 'photo' });
    assert.deepEqual(parseMediaRef('https://other.example.org/photo/x-8/', own), { ok: false, error: 'foreignHost' });
  });
});
