// The local API server itself: spec behaviour the extension's tests rely on.
import assert from 'node:assert/strict';
import { crc32, inflateSync } from 'node:zlib';
import { HOSTILE_STRINGS, HOSTILE_URLS } from '../server/hostile';
import { photoVariantSize } from '../server/images';
import type { PhotoVariant } from '../server/images';
import { buildLibrary } from '../server/library';
import type { LibraryCollection } from '../server/library';
import { encodePng, readPngSize } from '../server/png';
import { averageColour, drawScene } from '../server/scene';
import { planScene } from '../server/scenePlans';
import type { SceneSubject } from '../server/scenePlans';
import { hexToRgb, nearestNamedColor, orientationOf } from '../server/search';
import { EXPOSED_QUOTA_HEADERS } from '../server/server';
import { useApiServer } from './apiServer';

type Json = Record<string, unknown>;
type Item = Record<string, unknown>;

const QUOTA_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
const PHOTO_FIELDS = ['id', 'width', 'height', 'url', 'photographer', 'photographer_url', 'photographer_id', 'avg_color', 'src', 'liked', 'alt'];
const VIDEO_LIST_FIELDS = ['id', 'width', 'height', 'url', 'image', 'duration', 'user', 'video_files', 'video_pictures'];

describe('PNG encoder of the local server', () => {
  /** The chunks of a PNG, checking each CRC. */
  function chunks(png: Buffer): Map<string, Buffer> {
    const out = new Map<string, Buffer>();
    for (let at = 8; at < png.length; ) {
      const length = png.readUInt32BE(at);
      const type = png.toString('ascii', at + 4, at + 8);
      const data = png.subarray(at + 8, at + 8 + length);
      assert.equal(png.readUInt32BE(at + 8 + length), crc32(png.subarray(at + 4, at + 8 + length)), `CRC of ${type}`);
      out.set(type, data);
      at += 12 + length;
    }
    return out;
  }

  it('writes valid zlib data and CRCs for many widths and heights', () => {
    for (const [width, height] of [[1, 1], [2, 3], [86, 2], [87, 1], [88, 5], [173, 4], [940, 627], [1000, 3]] as const) {
      const scene = planScene({ id: width * 31 + height, tags: ['ocean', 'sea'], alt: 'Waves crashing on rocks at night', tint: [200, 10, 30] });
      const scanlines = drawScene(width, height, scene);
      const png = encodePng(width, height, scanlines);
      const parts = chunks(png);
      assert.deepEqual([...parts.keys()], ['IHDR', 'IDAT', 'IEND']);
      assert.deepEqual(readPngSize(png), { width, height });
      const raw = inflateSync(parts.get('IDAT') ?? Buffer.alloc(0));
      assert.equal(raw.length, height * (width * 3 + 1), `${width}x${height}`);
      assert.ok(raw.equals(scanlines), `${width}x${height}`);
    }
  });

  /** The pixels of `subject`'s picture at width x height, and helpers to read them. */
  function picture(subject: SceneSubject, width: number, height: number) {
    const lines = drawScene(width, height, planScene(subject));
    const pixel = (x: number, y: number): number[] => {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      return [lines[at] ?? 0, lines[at + 1] ?? 0, lines[at + 2] ?? 0];
    };
    /** The share of the pixels of rows [y0, y1) that `test` holds for. */
    const share = (y0: number, y1: number, test: (c: number[]) => boolean): number => {
      let n = 0;
      for (let y = y0; y < y1; y++) for (let x = 0; x < width; x++) n += test(pixel(x, y)) ? 1 : 0;
      return n / ((y1 - y0) * width);
    };
    return { lines, pixel, share };
  }
  const brightness = (c: number[]): number => (c[0] ?? 0) + (c[1] ?? 0) + (c[2] ?? 0);

  it('draws what the title says: a sea is blue water to the horizon under a lighter sky, the same for the same id', () => {
    const sea = { id: 42, tags: ['ocean', 'sea', 'sky', 'blue'], alt: 'Bright calm turquoise sea under a clear blue sky', tint: [120, 80, 40] as const };
    const [width, height] = [280, 200];
    const { lines, pixel, share } = picture(sea, width, height);
    assert.ok(share(Math.round(height * 0.6), height, (c) => (c[2] ?? 0) > (c[0] ?? 0) + 40) > 0.95, 'the lower part is blue-green water');
    assert.ok(brightness(pixel(5, 2)) > brightness(pixel(5, height - 2)), 'the sky lighter than the water');
    assert.ok(['blue', 'turquoise'].includes(nearestNamedColor(`#${averageColour(planScene(sea), 64, 46).map((c) => c.toString(16).padStart(2, '0')).join('')}`)));
    assert.ok(drawScene(width, height, planScene(sea)).equals(lines));
    assert.ok(!drawScene(width, height, planScene({ ...sea, id: 43 })).equals(lines));
  });

  it('draws a night dark, snow white, a sunset orange above dark hills, a forest green', () => {
    const [width, height] = [160, 120];
    const tint = [128, 128, 128] as const;
    const night = picture({ id: 7, tags: ['city', 'street', 'night', 'dark'], alt: 'Busy city street at night', tint }, width, height);
    assert.ok(night.share(0, height, (c) => brightness(c) < 200) > 0.85, 'a night is dark');
    const snow = picture({ id: 8, tags: ['snow', 'winter', 'light'], alt: 'Snow covered village in soft light', tint }, width, height);
    assert.ok(snow.share(Math.round(height * 0.7), height, (c) => brightness(c) > 600) > 0.7, 'snow is white');
    const sunset = picture({ id: 9, tags: ['sunset', 'sky', 'light'], alt: 'Orange sunset over the hills in soft light', tint }, width, height);
    assert.ok(sunset.share(Math.round(height * 0.4), Math.round(height * 0.6), (c) => (c[0] ?? 0) > 200 && (c[2] ?? 0) < 120) > 0.9, 'an orange sky');
    assert.ok(sunset.share(height - 10, height, (c) => brightness(c) < 150) > 0.95, 'dark hills');
    const forest = picture({ id: 10, tags: ['forest', 'trees', 'light'], alt: 'Mossy forest floor in soft light', tint }, width, height);
    assert.ok(forest.share(Math.round(height * 0.6), Math.round(height * 0.75), (c) => (c[1] ?? 0) > (c[0] ?? 0) && (c[1] ?? 0) > (c[2] ?? 0)) > 0.8, 'green trees');
  });

  it('gives every photo of the library the average colour of its picture', () => {
    const library = buildLibrary();
    for (const photo of library.photos.filter((_, i) => i % 7 === 0)) {
      const [width, height] = [Math.round(photo.width / 40), Math.round(photo.height / 40)];
      const { pixel } = picture({ ...photo, tint: hexToRgb(photo.tint) ?? [0, 0, 0] }, width, height);
      const sum = [0, 0, 0];
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixel(x, y).forEach((c, i) => (sum[i] = (sum[i] ?? 0) + c));
      const mean = sum.map((c) => c / (width * height));
      const avg = hexToRgb(photo.avgColor) ?? [0, 0, 0];
      const off = Math.max(...mean.map((m, i) => Math.abs(m - (avg[i] ?? 0))));
      assert.ok(off < 8, `${photo.alt}: avg_color ${photo.avgColor}, the picture's mean ${mean.map(Math.round).join(',')}`);
    }
  });
});

describe('local API server', function () {
  this.timeout(10_000);

  const server = useApiServer();

  const get = (url: string, key: string | null = server().keys.alice, init: RequestInit = {}): Promise<Response> =>
    fetch(url, { ...init, headers: key === null ? {} : { Authorization: key } });
  const json = async (url: string, key?: string | null): Promise<Json> => {
    const res = await get(url, key);
    assert.equal(res.status, 200, `${url} -> ${res.status}`);
    return (await res.json()) as Json;
  };
  const list = (body: Json, name: string): Item[] => body[name] as Item[];
  const collection = (predicate: (c: LibraryCollection) => boolean): LibraryCollection => {
    const found = server().library.collections.find(predicate);
    assert.ok(found);
    return found;
  };

  describe('authentication', () => {
    it('answers 401 with a JSON error and no quota headers without a key', async () => {
      const res = await get(`${server().baseUrl}/curated`, null);
      assert.equal(res.status, 401);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(typeof ((await res.json()) as Json).error, 'string');
      for (const h of QUOTA_HEADERS) assert.equal(res.headers.get(h), null);
      assert.equal(server().log[0]?.hadKey, false);
      assert.equal(server().log[0]?.status, 401);
    });

    it('answers 403 to an unknown key and to a "Bearer" prefix', async () => {
      for (const key of ['not-a-key', `Bearer ${server().keys.alice}`]) {
        const res = await get(`${server().baseUrl}/curated`, key);
        assert.equal(res.status, 403);
        assert.equal(typeof ((await res.json()) as Json).error, 'string');
        for (const h of QUOTA_HEADERS) assert.equal(res.headers.get(h), null);
      }
    });

    it('gives each user a different key', () => {
      const { alice, bob, limited } = server().keys;
      assert.equal(new Set([alice, bob, limited]).size, 3);
      assert.match(alice, /^alice-key-/);
    });
  });

  describe('quota', () => {
    it('sends the monthly quota headers on 2xx, counting down per request', async () => {
      const first = await get(`${server().baseUrl}/curated`);
      const second = await get(`${server().videoBaseUrl}/popular`);
      assert.equal(first.headers.get('x-ratelimit-limit'), '20000');
      assert.equal(first.headers.get('x-ratelimit-remaining'), '19999');
      assert.equal(second.headers.get('x-ratelimit-remaining'), '19998');
      const reset = Number(first.headers.get('x-ratelimit-reset'));
      const now = new Date();
      assert.equal(reset, Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000);
    });

    it('keeps quotas per key', async () => {
      await get(`${server().baseUrl}/curated`, server().keys.alice);
      const bob = await get(`${server().baseUrl}/curated`, server().keys.bob);
      assert.equal(bob.headers.get('x-ratelimit-remaining'), '19999');
      const limited = await get(`${server().baseUrl}/curated`, server().keys.limited);
      assert.equal(limited.headers.get('x-ratelimit-limit'), '50');
      assert.equal(limited.headers.get('x-ratelimit-remaining'), '9');
    });

    it('answers 429 without quota headers once the monthly quota is used up', async () => {
      server().setQuota(server().keys.alice, { monthlyRemaining: 0 });
      const res = await get(`${server().baseUrl}/curated`);
      assert.equal(res.status, 429);
      assert.deepEqual(await res.json(), { status: 429, error: 'Too Many Requests' });
      for (const h of QUOTA_HEADERS) assert.equal(res.headers.get(h), null);
      assert.equal((await get(`${server().baseUrl}/curated`, server().keys.bob)).status, 200);
    });

    it('answers 429 when the hourly allowance is used up, as plain text on request', async () => {
      server().setQuota(server().keys.bob, { hourlyRemaining: 1 });
      assert.equal((await get(`${server().baseUrl}/curated`, server().keys.bob)).status, 200);
      server().setSwitches({ plainText429: true });
      const res = await get(`${server().baseUrl}/curated`, server().keys.bob);
      assert.equal(res.status, 429);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
      assert.equal(await res.text(), 'Too Many Requests');
      server().resetQuotas();
      assert.equal((await get(`${server().baseUrl}/curated`, server().keys.bob)).status, 200);
    });

    it('counts error answers against the quota but sends no headers with them', async () => {
      server().setQuota(server().keys.alice, { monthlyRemaining: 100, monthlyLimit: 100, reset: 1_900_000_000 });
      const missing = await get(`${server().baseUrl}/photos/1`);
      assert.equal(missing.status, 404);
      assert.deepEqual(await missing.json(), { status: 404, error: 'Not Found' });
      for (const h of QUOTA_HEADERS) assert.equal(missing.headers.get(h), null);
      const ok = await get(`${server().baseUrl}/curated`);
      assert.equal(ok.headers.get('x-ratelimit-remaining'), '98');
      assert.equal(ok.headers.get('x-ratelimit-reset'), '1900000000');
    });
  });

  describe('routes and methods', () => {
    it('answers 405 to other methods and 404 JSON to unknown API paths', async () => {
      const post = await fetch(`${server().baseUrl}/curated`, { method: 'POST', headers: { Authorization: server().keys.alice } });
      assert.equal(post.status, 405);
      const unknown = await get(`${server().baseUrl}/nothing-here`);
      assert.equal(unknown.status, 404);
      assert.deepEqual(await unknown.json(), { status: 404, error: 'Not Found' });
    });

    it('requires a query for searches', async () => {
      assert.equal((await get(`${server().baseUrl}/search`)).status, 400);
      assert.equal((await get(`${server().videoBaseUrl}/search?query=%20`)).status, 400);
    });

    it('logs API requests with their key and media requests separately', async () => {
      await get(`${server().baseUrl}/curated?per_page=1`);
      assert.equal(server().apiRequestCount(), 1);
      assert.deepEqual(server().log[0]?.query, { per_page: '1' });
      assert.equal(server().log[0]?.key, server().keys.alice);
      assert.equal(server().apiRequestCount((e) => e.path === '/v1/search'), 0);
      assert.equal(server().mediaLog.length, 0);
    });
  });

  describe('photos', () => {
    it('sends exactly the Photo fields of the spec', async () => {
      const body = await json(`${server().baseUrl}/curated?per_page=3`);
      const photos = list(body, 'photos');
      assert.equal(photos.length, 3);
      for (const photo of photos) {
        assert.deepEqual(Object.keys(photo).sort(), [...PHOTO_FIELDS].sort());
        assert.match(photo.avg_color as string, /^#[0-9A-F]{6}$/);
        assert.deepEqual(Object.keys(photo.src as Json).sort(), ['landscape', 'large', 'large2x', 'medium', 'original', 'portrait', 'small', 'tiny']);
      }
      assert.deepEqual(photos.map((p) => p.id), server().library.curatedPhotoIds.slice(0, 3));
      const one = await json(`${server().baseUrl}/photos/${String(photos[0]?.id)}`);
      assert.deepEqual(one, photos[0]);
    });

    it('caps per_page at 80 and treats bad paging values as defaults', async () => {
      const big = await json(`${server().baseUrl}/curated?per_page=500`);
      assert.equal(big.per_page, 80);
      assert.equal(list(big, 'photos').length, 80);
      assert.equal(big.total_results, server().library.curatedPhotoIds.length);
      const odd = await json(`${server().baseUrl}/curated?per_page=abc&page=0`);
      assert.equal(odd.per_page, 15);
      assert.equal(odd.page, 1);
      assert.equal(odd.prev_page, undefined);
    });

    it('gives absolute next_page/prev_page that repeat the paging and search parameters', async () => {
      const params = 'query=nature&orientation=landscape&size=small&color=blue&locale=de-DE';
      const first = await json(`${server().baseUrl}/search?query=cat&per_page=2`);
      assert.equal(first.prev_page, undefined);
      const next = new URL(first.next_page as string);
      assert.equal(next.origin, server().origin);
      assert.equal(next.pathname, '/v1/search');
      assert.equal(next.searchParams.get('page'), '2');
      assert.equal(next.searchParams.get('per_page'), '2');
      assert.equal(next.searchParams.get('query'), 'cat');
      const second = await json(next.href);
      assert.equal(second.page, 2);
      const prev = new URL(second.prev_page as string);
      assert.equal(prev.searchParams.get('page'), '1');

      const filtered = await json(`${server().baseUrl}/search?${params}&page=2&per_page=1`);
      for (const link of [filtered.next_page, filtered.prev_page]) {
        const url = new URL(link as string);
        for (const [k, v] of new URLSearchParams(params)) assert.equal(url.searchParams.get(k), v, k);
      }
    });

    it('answers a page past the end with an empty list and the total', async () => {
      const body = await json(`${server().baseUrl}/search?query=cat&page=99`);
      assert.deepEqual(body.photos, []);
      assert.equal(body.total_results, 20);
      assert.equal(body.next_page, undefined);
      assert.equal(new URL(body.prev_page as string).searchParams.get('page'), '2');
    });

    it('points paging links at another origin when foreignNextPage is on', async () => {
      server().setSwitches({ foreignNextPage: true });
      const body = await json(`${server().baseUrl}/curated?page=2`);
      const port = new URL(server().origin).port;
      assert.equal(new URL(body.next_page as string).origin, `http://127.0.0.2:${port}`);
      assert.equal(new URL(body.next_page as string).searchParams.get('page'), '3');
      assert.equal(new URL(body.prev_page as string).searchParams.get('page'), '1');
    });

    it('filters by words, orientation, size and colour, ignoring invalid filter values', async () => {
      const all = await json(`${server().baseUrl}/search?query=Cat&per_page=80`);
      assert.equal(all.total_results, 20);
      const portrait = await json(`${server().baseUrl}/search?query=cat&orientation=portrait&per_page=80`);
      for (const p of list(portrait, 'photos')) assert.equal(orientationOf(p.width as number, p.height as number), 'portrait');
      const large = await json(`${server().baseUrl}/search?query=nature&size=large&per_page=80`);
      assert.ok(list(large, 'photos').length > 0);
      for (const p of list(large, 'photos')) assert.ok((p.width as number) * (p.height as number) >= 24_000_000);
      const blue = await json(`${server().baseUrl}/search?query=nature&color=blue&per_page=80`);
      for (const p of list(blue, 'photos')) assert.equal(nearestNamedColor(p.avg_color as string), 'blue');
      const ignored = await json(`${server().baseUrl}/search?query=cat&orientation=diagonal&size=huge&color=plaid&per_page=80`);
      assert.equal(ignored.total_results, 20);
      const japanese = await json(`${server().baseUrl}/search?query=${encodeURIComponent('猫')}`);
      assert.ok((japanese.total_results as number) >= 1);
    });
  });

  describe('videos', () => {
    it('leaves full_res and tags out of lists and puts them in single videos', async () => {
      const body = await json(`${server().videoBaseUrl}/search?query=ocean&per_page=5`);
      assert.equal(typeof body.url, 'string');
      const first = list(body, 'videos')[0];
      assert.ok(first);
      assert.deepEqual(Object.keys(first).sort(), [...VIDEO_LIST_FIELDS].sort());
      const files = first.video_files as Item[];
      assert.ok(files.some((f) => f.quality === 'hls' && f.width === null && f.height === null));
      assert.ok(files.every((f) => typeof f.fps === 'number'));
      const one = await json(`${server().videoBaseUrl}/videos/${String(first.id)}`);
      assert.equal(one.full_res, null);
      assert.deepEqual(one.tags, []);
    });

    it('filters popular videos by min_width, min_height, min_duration and max_duration', async () => {
      const all = await json(`${server().videoBaseUrl}/popular?per_page=80`);
      assert.equal(all.total_results, server().library.videos.length);
      assert.equal(typeof all.url, 'string');
      const body = await json(`${server().videoBaseUrl}/popular?per_page=80&min_width=1920&min_height=1080&min_duration=10&max_duration=30`);
      const videos = list(body, 'videos');
      assert.ok(videos.length > 0 && videos.length < server().library.videos.length);
      for (const v of videos) {
        assert.ok((v.width as number) >= 1920 && (v.height as number) >= 1080);
        assert.ok((v.duration as number) >= 10 && (v.duration as number) <= 30);
      }
      const paged = await json(`${server().videoBaseUrl}/popular?per_page=2&min_width=1920&max_duration=30`);
      assert.equal(new URL(paged.next_page as string).searchParams.get('min_width'), '1920');
      assert.equal(new URL(paged.next_page as string).searchParams.get('max_duration'), '30');
    });
  });

  describe('collections', () => {
    it('lists featured collections and pages through the large one', async () => {
      const featured = await json(`${server().baseUrl}/collections/featured?per_page=80`);
      assert.equal(featured.total_results, server().library.featuredCollectionIds.length);
      const large = list(featured, 'collections').find((c) => c.id === server().library.largeFeaturedCollectionId);
      assert.deepEqual(large, { id: large?.id, title: 'Everything Nature', description: large?.description, private: false, media_count: 170, photos_count: 130, videos_count: 40 });
      const seen: Item[] = [];
      let url: string | undefined = `${server().baseUrl}/collections/${server().library.largeFeaturedCollectionId}?per_page=80`;
      while (url) {
        const page: Json = await json(url);
        assert.equal(page.id, server().library.largeFeaturedCollectionId);
        seen.push(...list(page, 'media'));
        url = page.next_page as string | undefined;
      }
      assert.equal(seen.length, 170);
      assert.equal(seen.filter((m) => m.type === 'Photo').length, 130);
    });

    it('shapes collection media: photos without alt, videos with null avg_color', async () => {
      const body = await json(`${server().baseUrl}/collections/${server().library.largeFeaturedCollectionId}?per_page=80`);
      const media = list(body, 'media');
      const photo = media.find((m) => m.type === 'Photo');
      const video = media.find((m) => m.type === 'Video');
      assert.ok(photo && video);
      assert.equal('alt' in photo, false);
      assert.equal(video.avg_color, null);
      assert.equal(video.full_res, null);
      assert.deepEqual(video.tags, []);
    });

    it('filters by type (invalid type = everything) and sorts desc', async () => {
      const id = server().library.largeFeaturedCollectionId;
      const photos = await json(`${server().baseUrl}/collections/${id}?type=photos&per_page=80`);
      assert.equal(photos.total_results, 130);
      assert.ok(list(photos, 'media').every((m) => m.type === 'Photo'));
      const videos = await json(`${server().baseUrl}/collections/${id}?type=videos&per_page=80`);
      assert.equal(videos.total_results, 40);
      assert.ok(list(videos, 'media').every((m) => m.type === 'Video'));
      const bogus = await json(`${server().baseUrl}/collections/${id}?type=gifs`);
      assert.equal(bogus.total_results, 170);
      const asc = await json(`${server().baseUrl}/collections/${id}?per_page=80&page=3`);
      const desc = await json(`${server().baseUrl}/collections/${id}?per_page=80&sort=desc`);
      assert.equal(list(desc, 'media')[0]?.id, list(asc, 'media').at(-1)?.id);
      assert.equal(new URL(photos.next_page as string).searchParams.get('type'), 'photos');
    });

    it('shows a collection only when featured or owned by the caller', async () => {
      const alicePrivate = collection((c) => c.owner === 'alice' && c.private);
      const alicePublic = collection((c) => c.owner === 'alice' && !c.private);
      const own = await json(`${server().baseUrl}/collections?per_page=80`, server().keys.alice);
      assert.deepEqual(
        list(own, 'collections').map((c) => c.id),
        server().library.collections.filter((c) => c.owner === 'alice').map((c) => c.id),
      );
      assert.ok(list(own, 'collections').some((c) => c.private === true));
      assert.equal((await get(`${server().baseUrl}/collections/${alicePrivate.id}`, server().keys.alice)).status, 200);
      for (const c of [alicePrivate, alicePublic]) {
        const res = await get(`${server().baseUrl}/collections/${c.id}`, server().keys.bob);
        assert.equal(res.status, 404);
        assert.deepEqual(await res.json(), { status: 404, error: 'Not Found' });
      }
      const featuredId = server().library.featuredCollectionIds[1] ?? '';
      assert.equal((await get(`${server().baseUrl}/collections/${featuredId}`, server().keys.bob)).status, 200);
    });
  });

  describe('media files', () => {
    it('serves PNGs of the size of each variant, with no key and no quota', async () => {
      const photo = server().library.photos.find((p) => p.width * p.height < 4_000_000 && p.width > p.height);
      assert.ok(photo);
      const body = await json(`${server().baseUrl}/photos/${photo.id}`);
      const src = body.src as Record<PhotoVariant, string>;
      const expected: Record<PhotoVariant, [number, number]> = {
        original: [photo.width, photo.height],
        large2x: [photoVariantSize(photo, 'large2x').width, photoVariantSize(photo, 'large2x').height],
        large: [940, Math.round((photo.height * 940) / photo.width)],
        medium: [Math.round((photo.width * 350) / photo.height), 350],
        small: [Math.round((photo.width * 130) / photo.height), 130],
        portrait: [800, 1200],
        landscape: [1200, 627],
        tiny: [280, 200],
      };
      server().clearLog();
      for (const [variant, [w, h]] of Object.entries(expected)) {
        const res = await fetch(src[variant as PhotoVariant]);
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), 'image/png');
        const bytes = new Uint8Array(await res.arrayBuffer());
        assert.equal(Number(res.headers.get('content-length')), bytes.length);
        assert.deepEqual(readPngSize(bytes), { width: w, height: h }, variant);
      }
      assert.equal(server().mediaLog.length, 8);
      assert.equal(server().apiRequestCount(), 0);
      assert.ok(server().mediaLog.every((e) => !e.hadKey && e.status === 200));
    });

    describe('faults on demand', () => {
      const photoUrl = (): string => {
        const photo = server().library.photos[0];
        assert.ok(photo);
        return `${server().origin}/media/photos/${photo.id}/pexels-photo-${photo.id}.png?w=200`;
      };
      const readAll = async (url: string): Promise<{ declared: number; got: number } | Error> => {
        try {
          const res = await fetch(url);
          const declared = Number(res.headers.get('content-length'));
          const got = (await res.arrayBuffer()).byteLength;
          return { declared, got };
        } catch (error) {
          return error as Error;
        }
      };

      it('mediaFault dropMidBody: the file answer starts with its full length, then the connection drops', async () => {
        const whole = await readAll(photoUrl());
        assert.ok(!(whole instanceof Error) && whole.got === whole.declared && whole.got > 100);
        server().setSwitches({ mediaFault: 'dropMidBody' });
        const broken = await readAll(photoUrl());
        assert.ok(broken instanceof Error, `expected a failed read, got ${JSON.stringify(broken)}`);
        // Pages and the API are not affected.
        assert.equal((await get(`${server().baseUrl}/curated`)).status, 200);
      });

      it('mediaFault shortBody: fewer bytes than Content-Length; stallBody: half, then nothing', async () => {
        server().setSwitches({ mediaFault: 'shortBody' });
        const short = await readAll(photoUrl());
        assert.ok(short instanceof Error || short.got < short.declared, `expected a short body, got ${JSON.stringify(short)}`);
        server().setSwitches({ mediaFault: 'stallBody' });
        const controller = new AbortController();
        const res = await fetch(photoUrl(), { signal: controller.signal });
        const reader = res.body?.getReader();
        assert.ok(reader);
        const first = await reader.read();
        assert.ok((first.value?.byteLength ?? 0) > 0);
        const next = await Promise.race([reader.read().then(() => 'more'), new Promise((r) => setTimeout(() => r('stalled'), 300))]);
        assert.equal(next, 'stalled');
        controller.abort();
      });

      it('mediaDelayMs holds a file answer back', async () => {
        server().setSwitches({ mediaDelayMs: 300 });
        const started = Date.now();
        const res = await fetch(photoUrl());
        assert.equal(res.status, 200);
        assert.ok(Date.now() - started >= 280);
      });

      it('refuseConnections: connections are refused on the same port until it goes off', async () => {
        server().setSwitches({ refuseConnections: true });
        const attempt = (): Promise<string> =>
          get(`${server().baseUrl}/curated`).then(
            () => 'answered',
            (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
          );
        // The first attempt may go to a kept-alive socket the server has just closed.
        let refused = await attempt();
        if (refused !== 'ECONNREFUSED') refused = await attempt();
        assert.equal(refused, 'ECONNREFUSED');
        server().setSwitches({ refuseConnections: false });
        await new Promise((r) => setTimeout(r, 50));
        assert.equal((await get(`${server().baseUrl}/curated`)).status, 200);
      });
    });

    it('serves video files, HLS playlists, preview pictures and pages', async () => {
      const video = await json(`${server().videoBaseUrl}/videos/${server().library.videos[0]?.id ?? 0}`);
      const files = video.video_files as Item[];
      const mp4 = await fetch(files.find((f) => f.quality !== 'hls')?.link as string);
      assert.equal(mp4.headers.get('content-type'), 'video/mp4');
      // A real MP4 (one of samples/), not a placeholder header: ftyp, then a movie with frames.
      const movie = Buffer.from(await mp4.arrayBuffer());
      assert.equal(movie.toString('latin1', 4, 8), 'ftyp');
      assert.ok(movie.includes('moov') && movie.includes('avc1') && movie.length > 5000, `${movie.length} bytes`);
      const hls = await fetch(files.find((f) => f.quality === 'hls')?.link as string);
      assert.match(await hls.text(), /^#EXTM3U/);
      const picture = await fetch((video.video_pictures as Item[])[0]?.picture as string);
      assert.ok(readPngSize(new Uint8Array(await picture.arrayBuffer())));
      const image = await fetch(video.image as string);
      const size = readPngSize(new Uint8Array(await image.arrayBuffer()));
      assert.ok(size && size.width * size.height === 1200 * 630);
      const page = await fetch(video.url as string);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      const missing = await fetch(`${server().origin}/media/photos/1/pexels-photo-1.png`);
      assert.equal(missing.status, 404);
    });
  });

  // What a browser (the web worker extension host) needs: it hides a cross-origin answer's
  // status without Access-Control-Allow-Origin and every header not listed as exposed.
  describe('CORS', () => {
    const preflight = (url: string, requestHeaders: string): Promise<Response> =>
      fetch(url, {
        method: 'OPTIONS',
        headers: { Origin: 'vscode-file://vscode-app', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': requestHeaders },
      });
    const exposed = (res: Response): string[] =>
      (res.headers.get('access-control-expose-headers') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean)
        .sort();

    it('answers the preflight of a request with a key, without using quota', async () => {
      for (const on of [true, false]) {
        server().setSwitches({ quotaHeadersExposed: on });
        const res = await preflight(`${server().baseUrl}/search?query=sea`, 'authorization');
        assert.equal(res.status, 204, `switch ${on}`);
        assert.equal(res.headers.get('access-control-allow-origin'), '*');
        assert.match(res.headers.get('access-control-allow-headers') ?? '', /\bAuthorization\b/i);
        assert.match(res.headers.get('access-control-allow-methods') ?? '', /\bGET\b/);
      }
      const after = await get(`${server().baseUrl}/curated`);
      assert.equal(after.headers.get('x-ratelimit-remaining'), '19999', 'preflights use no quota');
    });

    it('exposes exactly the three quota headers on 2xx by default', async () => {
      const res = await get(`${server().baseUrl}/curated`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.deepEqual(exposed(res), [...QUOTA_HEADERS].sort());
      assert.deepEqual(exposed(res), EXPOSED_QUOTA_HEADERS.toLowerCase().split(', ').sort());
    });

    it('with quotaHeadersExposed off still sends the quota headers but exposes none', async () => {
      server().setSwitches({ quotaHeadersExposed: false });
      const res = await get(`${server().videoBaseUrl}/popular`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.equal(res.headers.get('access-control-expose-headers'), null);
      assert.equal(res.headers.get('x-ratelimit-limit'), '20000');
      assert.equal(res.headers.get('x-ratelimit-remaining'), '19999');
      server().resetSwitches();
      assert.deepEqual(exposed(await get(`${server().videoBaseUrl}/popular`)), [...QUOTA_HEADERS].sort(), 'reset turns it back on');
    });

    it('lets a browser read the status of every error answer (401, 403, 404, 405, 429, 500)', async () => {
      const answers: [number, Response][] = [
        [401, await get(`${server().baseUrl}/curated`, null)],
        [403, await get(`${server().baseUrl}/curated`, `Bearer ${server().keys.alice}`)],
        [404, await get(`${server().baseUrl}/photos/1`)],
        [405, await fetch(`${server().baseUrl}/curated`, { method: 'POST', headers: { Authorization: server().keys.alice } })],
      ];
      server().setQuota(server().keys.bob, { hourlyRemaining: 0 });
      answers.push([429, await get(`${server().baseUrl}/curated`, server().keys.bob)]);
      server().setSwitches({ failStatus: 500 });
      answers.push([500, await get(`${server().baseUrl}/curated`)]);
      for (const [status, res] of answers) {
        assert.equal(res.status, status);
        assert.equal(res.headers.get('access-control-allow-origin'), '*', `HTTP ${status}`);
        assert.equal(res.headers.get('access-control-expose-headers'), null, `HTTP ${status} has no quota headers to expose`);
      }
    });

    it('answers CORS on images, video files (GET, HEAD, Range), pages, misses and media preflights', async () => {
      const photo = server().library.photos[0];
      const video = server().library.videos[0];
      assert.ok(photo && video);
      const body = await json(`${server().videoBaseUrl}/videos/${video.id}`);
      const mp4 = (body.video_files as Item[]).find((f) => f.quality !== 'hls')?.link as string;
      const image = ((await json(`${server().baseUrl}/photos/${photo.id}`)).src as Record<string, string>).medium ?? '';
      const answers: [string, Response, number][] = [
        ['image', await fetch(image), 200],
        ['video GET', await fetch(mp4), 200],
        ['video HEAD', await fetch(mp4, { method: 'HEAD' }), 200],
        // Range is not supported: the whole file comes with 200, which HTTP allows.
        ['video Range', await fetch(mp4, { headers: { Range: 'bytes=0-9' } }), 200],
        ['page', await fetch(body.url as string), 200],
        ['missing image', await fetch(`${server().origin}/media/photos/1/pexels-photo-1.png`), 404],
        ['POST', await fetch(image, { method: 'POST' }), 405],
        ['preflight', await preflight(mp4, 'range'), 204],
      ];
      for (const [what, res, status] of answers) {
        assert.equal(res.status, status, what);
        assert.equal(res.headers.get('access-control-allow-origin'), '*', what);
      }
      const head = answers.find(([what]) => what === 'video HEAD')?.[1];
      assert.equal(await head?.text(), '', 'HEAD has no body');
      assert.match(answers.at(-1)?.[1].headers.get('access-control-allow-methods') ?? '', /GET, HEAD/);
      assert.match(answers.at(-1)?.[1].headers.get('access-control-allow-headers') ?? '', /\bRange\b/);
      assert.equal(server().apiRequestCount((e) => e.method === 'OPTIONS'), 0, 'a media preflight is not an API request');
    });
  });

  describe('switches', () => {
    it('fills text fields with hostile strings and some URL fields with script URLs', async () => {
      server().setSwitches({ hostile: true });
      const body = await json(`${server().baseUrl}/curated?per_page=30`);
      const photos = list(body, 'photos');
      for (const p of photos) {
        assert.ok(HOSTILE_STRINGS.includes(p.alt as string));
        assert.ok(HOSTILE_STRINGS.includes(p.photographer as string));
      }
      assert.ok(photos.some((p) => HOSTILE_URLS.includes(p.url as string)));
      assert.ok(photos.some((p) => HOSTILE_URLS.includes(p.photographer_url as string)));
      assert.ok(photos.some((p) => (p.alt as string).length === 5000));
      const again = await json(`${server().baseUrl}/curated?per_page=30`);
      assert.deepEqual(again, body);
      const featured = await json(`${server().baseUrl}/collections/featured`);
      assert.ok(list(featured, 'collections').every((c) => HOSTILE_STRINGS.includes(c.title as string)));
      const videos = await json(`${server().videoBaseUrl}/popular?per_page=10`);
      assert.ok(list(videos, 'videos').every((v) => HOSTILE_STRINGS.includes((v.user as Json).name as string)));
      server().resetSwitches();
      const normal = await json(`${server().baseUrl}/curated?per_page=30`);
      assert.ok(list(normal, 'photos').every((p) => !HOSTILE_STRINGS.includes(p.alt as string)));
    });

    it('fails the next N requests with failStatus, then recovers', async () => {
      server().setSwitches({ failStatus: 503, failCount: 2 });
      const a = await get(`${server().baseUrl}/curated`);
      assert.equal(a.status, 503);
      assert.equal(typeof ((await a.json()) as Json).error, 'string');
      for (const h of QUOTA_HEADERS) assert.equal(a.headers.get(h), null);
      assert.equal((await get(`${server().baseUrl}/curated`)).status, 503);
      assert.equal((await get(`${server().baseUrl}/curated`)).status, 200);
    });

    it('answers 500 with HTML and honours errorBody for other errors', async () => {
      server().setSwitches({ failStatus: 500 });
      const res = await get(`${server().baseUrl}/curated`);
      assert.equal(res.status, 500);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      await res.text();
      server().setSwitches({ failStatus: null, errorBody: 'text' });
      const missing = await get(`${server().baseUrl}/photos/1`);
      assert.equal(missing.status, 404);
      assert.match(missing.headers.get('content-type') ?? '', /^text\/plain/);
      await missing.text();
    });

    it('oldEnvelopes: list answers without total_results, next_page and prev_page; single answers as they are', async () => {
      server().setSwitches({ oldEnvelopes: true });
      const page = await json(`${server().baseUrl}/curated?page=2&per_page=5`);
      assert.deepEqual(Object.keys(page).sort(), ['page', 'per_page', 'photos']);
      assert.equal(list(page, 'photos').length, 5);
      const photo = await json(`${server().baseUrl}/photos/${String(list(page, 'photos')[0]?.id)}`);
      assert.equal(typeof photo.url, 'string');
    });

    it('sends truncated JSON, drops connections and delays answers', async () => {
      server().setSwitches({ malformedJson: true, failCount: 1 });
      const bad = await get(`${server().baseUrl}/curated`);
      assert.equal(bad.status, 200);
      const text = await bad.text();
      assert.throws(() => JSON.parse(text) as unknown);
      assert.equal((await get(`${server().baseUrl}/curated`)).status, 200);

      server().setSwitches({ dropConnection: true });
      await assert.rejects(get(`${server().baseUrl}/curated`));
      server().setSwitches({ dropConnection: false, delayMs: 150 });
      const started = Date.now();
      assert.equal((await get(`${server().baseUrl}/curated`)).status, 200);
      assert.ok(Date.now() - started >= 140);
    });
  });

  describe('library', () => {
    it('is the same for the same seed and large enough', () => {
      const a = buildLibrary(7);
      const b = buildLibrary(7);
      assert.deepEqual(a.photos, b.photos);
      assert.deepEqual(a.collections, b.collections);
      assert.ok(a.photos.length >= 300 && a.videos.length >= 60);
      assert.ok(a.featuredCollectionIds.length >= 10);
      assert.ok((a.collectionById.get(a.largeFeaturedCollectionId)?.media.length ?? 0) > 80);
    });
  });
});

describe('local library: the load collection (largeCollection)', () => {
  const strip = (library: ReturnType<typeof buildLibrary>): unknown => ({
    photos: library.photos,
    videos: library.videos,
    collections: library.collections,
    curated: library.curatedPhotoIds,
    popular: library.popularVideoIds,
    large: library.largeFeaturedCollectionId,
  });

  it('is not there unless asked for, and asking changes nothing else', () => {
    const plain = buildLibrary(undefined, 6_400);
    const loaded = buildLibrary(undefined, 6_400, { largeCollection: 5_000 });
    assert.equal(plain.loadCollectionId, undefined);
    const last = loaded.collections.at(-1);
    assert.ok(last && last.id === loaded.loadCollectionId, 'appended after every other collection');
    assert.deepEqual(strip({ ...loaded, collections: loaded.collections.slice(0, -1) } as typeof loaded), strip(plain));
    // The default library, which the other suites read, is the same as before too.
    assert.deepEqual(strip(buildLibrary()), strip(buildLibrary(undefined, undefined, {})));
  });

  it('holds 5,000 distinct media of the library, featured, photos and videos', () => {
    const library = buildLibrary(undefined, 6_400, { largeCollection: 5_000 });
    const collection = library.collectionById.get(library.loadCollectionId ?? '');
    assert.ok(collection?.featured);
    assert.equal(collection.media.length, 5_000);
    assert.equal(new Set(collection.media.map((m) => `${m.type}:${m.id}`)).size, 5_000);
    assert.ok(collection.media.every((m) => (m.type === 'Photo' ? library.photoById.has(m.id) : library.videoById.has(m.id))));
    assert.ok(collection.media.some((m) => m.type === 'Video'));
    assert.throws(() => buildLibrary(undefined, undefined, { largeCollection: 5_000 }), /raise photoCount/);
  });
});

describe('local API server with its pages under a path (pagePrefix)', function () {
  this.timeout(10_000);

  const server = useApiServer({ pagePrefix: '/library/' });

  it('links and serves photo, video and profile pages under the path only; files and the API stay where they are', async () => {
    const get = async (url: string): Promise<Json> => {
      const res = await fetch(url, { headers: { Authorization: server().keys.alice } });
      assert.equal(res.status, 200, url);
      return (await res.json()) as Json;
    };
    const photo = await get(`${server().baseUrl}/photos/${server().library.photos[0]?.id ?? 0}`);
    assert.match(photo.url as string, new RegExp(`^${server().origin}/library/photo/[a-z0-9-]+-${String(photo.id)}/$`));
    assert.match(photo.photographer_url as string, new RegExp(`^${server().origin}/library/@`));
    assert.match((photo.src as Json).large as string, new RegExp(`^${server().origin}/media/photos/`));
    const video = await get(`${server().videoBaseUrl}/videos/${server().library.videos[0]?.id ?? 0}`);
    assert.match(video.url as string, new RegExp(`^${server().origin}/library/video/`));
    const search = await get(`${server().videoBaseUrl}/search?query=sea`);
    assert.match(search.url as string, new RegExp(`^${server().origin}/library/search/videos/`));

    for (const page of [photo.url, photo.photographer_url, video.url, `${server().origin}/library/`] as string[]) {
      const res = await fetch(page);
      assert.equal(res.status, 200, page);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
      const html = await res.text();
      for (const [, href] of html.matchAll(/href="([^"]+)"/g)) assert.ok(new URL(href ?? '', page).href.startsWith(`${server().origin}/library/`), href);
    }
    const outside = (photo.url as string).replace('/library/', '/');
    assert.equal((await fetch(outside)).status, 404, 'no page outside the path');
    assert.equal((await fetch((photo.src as Json).large as string)).status, 200);
  });
});
