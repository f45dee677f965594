// From the service's photos and videos to the grid's tiles.
import assert from 'node:assert/strict';
import type { Photo, Video } from '../../src/core/model';
import { addRecent, removeRecent, reviveRecent, SEED_QUERY_MAX, seedQuery } from '../../src/core/searchRecent';
import { describeFromPageUrl, previewVideoFile, smallestVideoFile, tileSizedImage, toGridItem } from '../../src/core/tiles';
import { isGridItem } from '../../src/shared/protocol';
import { format, formatDuration } from '../../src/shared/strings';

const img = (q: string): string => `https://images.pexels.com/photos/2014422/pexels-photo-2014422.jpeg?${q}`;
const photo: Photo = {
  id: 2014422,
  width: 3024,
  height: 3024,
  url: 'https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/',
  photographer: 'Joey Farina',
  photographer_url: 'https://www.pexels.com/@joey',
  photographer_id: 680589,
  avg_color: '#978E82',
  src: {
    original: img(''),
    large2x: img('dpr=2&h=650&w=940'),
    large: img('h=650&w=940'),
    medium: img('h=350'),
    small: img('h=130'),
    portrait: img('fit=crop&h=1200&w=800'),
    landscape: img('fit=crop&h=627&w=1200'),
    tiny: img('fit=crop&h=200&w=280'),
  },
  liked: false,
  alt: 'Brown Rocks During Golden Hour',
};

const file = (id: number, quality: string, width: number | null, height: number | null, link: string): Video['video_files'][number] => ({
  id,
  quality,
  file_type: quality === 'hls' ? 'application/x-mpegURL' : 'video/mp4',
  width,
  height,
  link,
});
const video: Video = {
  id: 856971,
  width: 1920,
  height: 1080,
  url: 'https://www.pexels.com/video/a-woman-walking-on-the-beach-856971/',
  image: 'https://images.pexels.com/videos/856971/free-video-856971.jpg?fit=crop&w=1200&h=630',
  duration: 75,
  user: { id: 1, name: 'Ana Lima', url: 'https://www.pexels.com/@ana' },
  video_files: [
    file(1, 'hls', null, null, 'https://videos.pexels.com/hls/856971.m3u8'),
    file(2, 'hd', 1920, 1080, 'https://videos.pexels.com/video-files/856971/hd_1920.mp4'),
    file(3, 'sd', 640, 360, 'https://videos.pexels.com/video-files/856971/sd_640.mp4'),
    file(4, 'uhd', 3840, 2160, 'https://videos.pexels.com/video-files/856971/uhd_3840.mp4'),
    file(5, 'sd', 426, 240, 'javascript:alert(1)'),
  ],
  video_pictures: [{ id: 9, picture: 'https://images.pexels.com/videos/856971/pictures/preview-0.jpg', nr: 0 }],
};

describe('grid items', () => {
  it('shows a photo with a light variant, never the original', () => {
    const item = toGridItem({ kind: 'photo', photo });
    assert.equal(isGridItem(item), true);
    assert.equal(item.key, 'photo:2014422');
    assert.equal(item.thumb, photo.src.medium);
    assert.notEqual(item.thumb, photo.src.original);
    assert.equal(item.large, photo.src.large);
    assert.equal(item.large2x, photo.src.large2x);
    assert.equal(item.color, '#978e82');
    assert.equal(item.description, 'Brown Rocks During Golden Hour');
    assert.equal(item.credit, 'Joey Farina');
    assert.equal(item.creditUrl, 'https://www.pexels.com/@joey');
    assert.equal(item.duration, null);
  });

  it('shows a video with its poster, its duration and the smallest playable file on hover', () => {
    const item = toGridItem({ kind: 'video', video });
    assert.equal(isGridItem(item), true);
    // The 1200×630 poster asked for at tile size (the CDN sizes by w/h); the preview keeps it whole.
    assert.equal(item.thumb, 'https://images.pexels.com/videos/856971/free-video-856971.jpg?fit=crop&w=686&h=360');
    assert.equal(item.large, video.image);
    assert.equal(item.duration, 75);
    assert.equal(item.hoverVideo?.src, 'https://videos.pexels.com/video-files/856971/sd_640.mp4', 'not HLS, not the unsafe link');
    assert.equal(item.playVideo?.src, 'https://videos.pexels.com/video-files/856971/hd_1920.mp4', 'largest up to 1920');
    assert.equal(item.description, 'A woman walking on the beach');
    assert.equal(item.credit, 'Ana Lima');
  });

  it('sizes posters for a tile only when the URL says its size', () => {
    assert.equal(tileSizedImage('https://x.example/p.png?w=630&h=1200'), 'https://x.example/p.png?w=480&h=914');
    assert.equal(tileSizedImage('https://x.example/p.png?w=400&h=300'), 'https://x.example/p.png?w=400&h=300', 'never enlarged');
    assert.equal(tileSizedImage('https://x.example/preview-0.png'), 'https://x.example/preview-0.png');
    assert.equal(tileSizedImage(null), null);
  });

  it('picks files by size, skipping HLS and unsafe links', () => {
    assert.equal(smallestVideoFile(video)?.id, 3);
    assert.equal(previewVideoFile(video, 1280)?.id, 3);
    assert.equal(previewVideoFile({ ...video, video_files: [video.video_files[3]!] }, 1920)?.id, 4, 'the smallest when none fits');
    assert.equal(smallestVideoFile({ ...video, video_files: [video.video_files[0]!] }), undefined);
  });

  it('leaves out URLs that are not https (or http to this computer), and odd colours', () => {
    const item = toGridItem({
      kind: 'photo',
      photo: {
        ...photo,
        avg_color: 'red;background:url(x)',
        photographer_url: 'javascript:alert(1)',
        url: 'http://example.com/photo/x-1/',
        src: { ...photo.src, medium: 'data:image/png;base64,AA', small: 'http://127.0.0.1:9/s.png' },
      },
    });
    assert.equal(isGridItem(item), true);
    assert.equal(item.color, null);
    assert.equal(item.creditUrl, null);
    assert.equal(item.pageUrl, null);
    assert.equal(item.thumb, 'http://127.0.0.1:9/s.png');
  });

  it('falls back to the page URL for a description, and keeps text plain', () => {
    const item = toGridItem({ kind: 'photo', photo: { ...photo, alt: undefined, photographer: 'A\u0000B <b>' } });
    assert.equal(item.description, 'Brown rocks during golden hour');
    assert.equal(item.credit, 'A B <b>', 'markup stays text; the webview only uses textContent');
    const spoof = toGridItem({ kind: 'photo', photo: { ...photo, photographer: '\u202Egpj.exe\u202C \u2067x\u2069' } });
    assert.equal(spoof.credit, 'gpj.exe x', 'bidi overrides and isolates are dropped');
    const lines = toGridItem({ kind: 'photo', photo: { ...photo, alt: 'one\u0085two\u2028three\u2029four\u009bfive', photographer: 'A\u0085B' } });
    assert.equal(lines.description, 'one two three four five', 'C1 controls and line separators become spaces');
    assert.equal(lines.credit, 'A B');
    assert.equal(describeFromPageUrl('https://www.pexels.com/photo/2014422/', 2014422), '');
    assert.equal(describeFromPageUrl(null, 1), '');
  });

  it('formats durations and templates', () => {
    assert.equal(formatDuration(0), '0:00');
    assert.equal(formatDuration(75), '1:15');
    assert.equal(formatDuration(3725), '1:02:05');
    assert.equal(format('{0} of {1}, {2}', 'a', 2), 'a of 2, {2}');
  });
});

describe('recent searches', () => {
  it('keeps the most recent first, without duplicates, at most 20', () => {
    let list = addRecent([], { query: 'cat', kind: 'photos' });
    list = addRecent(list, { query: 'dog', kind: 'photos' });
    list = addRecent(list, { query: '  CAT ', kind: 'photos' });
    assert.deepEqual(list.map((r) => r.query), ['CAT', 'dog']);
    list = addRecent(list, { query: 'cat', kind: 'videos' });
    assert.equal(list.length, 3, 'the same words for videos is another search');
    for (let i = 0; i < 30; i++) list = addRecent(list, { query: `q${i}`, kind: 'photos' });
    assert.equal(list.length, 20);
    assert.equal(list[0]?.query, 'q29');
    assert.deepEqual(addRecent(list, { query: '   ', kind: 'photos' }), list);
  });

  it('removes one, and revives only well-formed entries', () => {
    const list = [{ query: 'a', kind: 'photos' as const }, { query: 'b', kind: 'videos' as const }];
    assert.deepEqual(removeRecent(list, { query: 'A', kind: 'photos' }), [list[1]]);
    assert.deepEqual(reviveRecent([{ query: 'x', kind: 'photos' }, { query: 3 }, null, { query: 'y', kind: 'gifs' }, { query: ' ', kind: 'videos' }]), [{ query: 'x', kind: 'photos' }]);
    assert.deepEqual(reviveRecent('nope'), []);
  });
});

describe('a query from the selection or a page title (seedQuery)', () => {
  it('keeps the words, without the Markdown or HTML around them', () => {
    assert.equal(seedQuery('## Autumn  *walks*\nby the `lake`'), 'Autumn walks by the lake');
    assert.equal(seedQuery('- [Foggy forest](https://example.com/a) at <b>dawn</b>'), 'Foggy forest at dawn');
    assert.equal(seedQuery('\u202eevil\u0000 heron'), 'evil heron');
  });

  it('is nothing when no word is left', () => {
    for (const text of ['', '   ', '***', 'https://example.com/x', '<img src="a.png">', '# ']) assert.equal(seedQuery(text), undefined, JSON.stringify(text));
  });

  it('cuts a long text at a word, at most SEED_QUERY_MAX characters', () => {
    const long = 'mountain '.repeat(40);
    const query = seedQuery(long) ?? '';
    assert.ok(query.length <= SEED_QUERY_MAX && query.length > SEED_QUERY_MAX - 10, String(query.length));
    assert.ok(query.endsWith('mountain'));
  });
});
