// The service's media found in a document's text: the one scanner behind paste, hover, the
// credit check and the credits file.
import assert from 'node:assert/strict';
import { findMediaRefs, mediaRefAt, mediaRefKey } from '../../src/core/mediaRefs';

const options = { serviceUrl: 'https://www.pexels.com', trustedUrls: ['http://127.0.0.1:4321/v1'] };
const page = 'https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/';
const image = 'https://images.pexels.com/photos/2014422/pexels-photo-2014422.jpeg?auto=compress&cs=tinysrgb&w=1260';
const video = 'https://videos.pexels.com/video-files/856971/856971-hd_1920_1080_30fps.mp4';

/** What each match covers, read back from the text. */
function covered(text: string): string[] {
  return findMediaRefs(text, options).map((m) => {
    assert.equal(text.slice(m.start, m.end), m.url, 'offsets cover the URL');
    return `${mediaRefKey(m)} ${m.url}`;
  });
}

describe('findMediaRefs', () => {
  it('finds media URLs in Markdown, HTML, JSX and CSS, each with its kind and id', () => {
    const text = [
      `![Rocks](${image} "Rocks at dusk")`,
      `Photo by [Ann](https://www.pexels.com/@ann) on [Pexels](${page}).`,
      `<img src="${image}" srcset="${image} 1x, ${image.replace('w=1260', 'w=2520')} 2x" alt="">`,
      `<video src='${video}'></video>`,
      `const hero = <img src={"${image}"} />;`,
      `.hero { background: url(${image}); } .b { background-image: url("${video}") }`,
    ].join('\n');
    assert.deepEqual(covered(text), [
      `photo:2014422 ${image}`,
      `photo:2014422 ${page}`,
      `photo:2014422 ${image}`,
      `photo:2014422 ${image}`,
      `photo:2014422 ${image.replace('w=1260', 'w=2520')}`,
      `video:856971 ${video}`,
      `photo:2014422 ${image}`,
      `photo:2014422 ${image}`,
      `video:856971 ${video}`,
    ]);
  });

  it('leaves sentence punctuation, brackets and quotes out of the URL', () => {
    assert.deepEqual(covered(`See ${page}. Or <${video}>, or (${image})!`), [
      `photo:2014422 ${page}`,
      `video:856971 ${video}`,
      `photo:2014422 ${image}`,
    ]);
  });

  it('ignores other hosts, plain http to other machines, the profile and search pages', () => {
    const text = [
      'https://evil.example/photo/cat-3/',
      'https://pexels.com.evil.example/photo/cat-3/',
      'http://www.pexels.com/photo/cat-3/',
      'https://www.pexels.com/@ann',
      'https://www.pexels.com/search/cats/',
      'https://www.pexels.com/photo/no-id-here/',
    ].join(' ');
    assert.deepEqual(covered(text), []);
  });

  it('accepts the configured hosts (the local server) and stops at the limit', () => {
    // A file of the API's host by its shape; a page only under the configured service URL.
    const file = 'http://127.0.0.1:4321/media/photos/1005/pexels-photo-1005.png?w=940';
    const local = 'http://127.0.0.1:4321/photo/tabby-cat-in-a-garden-1005/';
    assert.deepEqual(covered(`${file} ${local}`), [`photo:1005 ${file}`]);
    const served = { serviceUrl: 'http://127.0.0.1:4321', trustedUrls: ['http://127.0.0.1:4321/v1'] };
    assert.deepEqual(findMediaRefs(local, served).map((m) => m.url), [local]);
    const many = Array.from({ length: 10 }, (_, i) => `https://www.pexels.com/photo/x-${i + 1}/`).join('\n');
    assert.equal(findMediaRefs(many, options, 4).length, 4);
  });

  it('mediaRefAt finds the URL under a position, its last character and just after it included', () => {
    const text = `x ${page} y`;
    const start = 2;
    const end = start + page.length;
    assert.equal(mediaRefAt(text, start, options)?.id, 2014422);
    assert.equal(mediaRefAt(text, end, options)?.id, 2014422);
    assert.equal(mediaRefAt(text, 0, options), undefined);
    assert.equal(mediaRefAt(text, end + 2, options), undefined);
  });

  it('a library served under a path: its pages there, not beside it', () => {
    const library = { serviceUrl: 'https://host.example/library', trustedUrls: ['https://host.example/v1/'] };
    const inside = 'https://host.example/library/photo/harbour-at-dawn-31/';
    const outside = 'https://host.example/photo/harbour-at-dawn-32/';
    const text = `![Harbour](https://host.example/media/photos/33/harbour-33.jpeg)\n\nPhoto on [the library](${inside}), not [this](${outside}).`;
    assert.deepEqual(
      findMediaRefs(text, library).map((m) => mediaRefKey(m)),
      ['photo:33', 'photo:31'],
    );
    assert.equal(mediaRefAt(text, text.indexOf(outside) + 5, library), undefined);
    assert.equal(mediaRefAt(text, text.indexOf(inside) + 5, library)?.id, 31);
  });
});
