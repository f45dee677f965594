// The client against the local server that follows the spec: every operation and
// parameter, the quota, every failure, the cache and the paging rules.
import assert from 'node:assert/strict';
import type { MediaClientOptions } from '../../src/api/client';
import { SEEDED_ITEMS } from '../../src/api/answers';
import { MediaClient } from '../../src/api/client';
import type { Photo, Video } from '../../src/core/model';
import type { QuotaSnapshot } from '../../src/core/quota';
import type { ApiServer, RequestLogEntry } from '../server/server';
import { failure, useApiServer } from './apiServer';

let server: () => ApiServer;
const requestedUrls: string[] = [];
const recordingFetch: typeof fetch = (input, init) => {
  requestedUrls.push(input instanceof Request ? input.url : String(input));
  return fetch(input, init);
};

function makeClient(overrides: Partial<MediaClientOptions> = {}, key: string | null = server().keys.alice): MediaClient {
  return new MediaClient({
    baseUrl: server().baseUrl,
    videoBaseUrl: server().videoBaseUrl,
    keyProvider: { getKey: () => Promise.resolve(key ?? undefined) },
    fetch: recordingFetch,
    retryDelayMs: 5,
    timeoutMs: 5000,
    ...overrides,
  });
}

function last(): RequestLogEntry {
  const entry = server().log.at(-1);
  assert.ok(entry, 'the server saw a request');
  return entry;
}

const orientationOf = (w: number, h: number): string => (Math.abs(w - h) / Math.max(w, h) <= 0.05 ? 'square' : w > h ? 'landscape' : 'portrait');

describe('MediaClient against the local server', function () {
  this.timeout(20_000);

  server = useApiServer();
  beforeEach(() => {
    requestedUrls.length = 0;
  });

  describe('the nine operations and their parameters', () => {
    it('searches photos with query, orientation, size, colour, locale, page and per_page', async () => {
      const client = makeClient();
      const first = await client.searchPhotos({ query: 'nature', orientation: 'landscape', locale: 'de-DE', per_page: 10 });
      assert.deepEqual(last().query, { query: 'nature', orientation: 'landscape', locale: 'de-DE', page: '1', per_page: '10' });
      assert.equal(last().path, '/v1/search');
      assert.ok(last().hadKey);
      assert.equal(first.per_page, 10);
      assert.ok(first.photos.length > 0 && first.photos.length <= 10);
      for (const p of first.photos) assert.equal(orientationOf(p.width, p.height), 'landscape');
      const big = await client.searchPhotos({ query: 'nature', size: 'large' });
      for (const p of big.photos) assert.ok(p.width * p.height >= 24e6, 'large means at least 24 MP');
      await client.searchPhotos({ query: 'nature', color: '#FF0000', page: 2 });
      assert.deepEqual(last().query, { query: 'nature', color: '#ff0000', page: '2', per_page: '80' });
      await client.searchPhotos({ query: 'nature', color: 'blue' });
      assert.equal(last().query.color, 'blue');
    });

    it('lists curated photos with the largest page by default', async () => {
      const list = await makeClient().curatedPhotos();
      assert.equal(last().path, '/v1/curated');
      assert.equal(last().query.per_page, '80');
      assert.equal(list.per_page, 80);
      assert.ok(list.photos.length > 0);
    });

    it('gets one photo by id, with every src variant', async () => {
      const id = server().library.photos[5]!.id;
      const photo = await makeClient().getPhoto(id);
      assert.equal(last().path, `/v1/photos/${id}`);
      assert.equal(photo.id, id);
      for (const v of ['original', 'large2x', 'large', 'medium', 'small', 'portrait', 'landscape', 'tiny'] as const) {
        assert.match(photo.src[v], /^http:\/\/127\.0\.0\.1:\d+\//);
      }
    });

    it('searches videos with query, orientation, size, locale and paging; the list carries url', async () => {
      const client = makeClient();
      const list = await client.searchVideos({ query: 'city', orientation: 'portrait', size: 'small', locale: 'fr-FR', per_page: 5, page: 1 });
      assert.equal(last().path, '/videos/search');
      assert.deepEqual(last().query, { query: 'city', orientation: 'portrait', size: 'small', locale: 'fr-FR', page: '1', per_page: '5' });
      for (const v of list.videos) assert.equal(orientationOf(v.width, v.height), 'portrait');
      assert.equal(typeof list.url, 'string');
    });

    it('lists popular videos with the four filters', async () => {
      const list = await makeClient().popularVideos({ min_width: 1920, min_height: 1080, min_duration: 10, max_duration: 40 });
      assert.equal(last().path, '/videos/popular');
      assert.deepEqual(last().query, { min_width: '1920', min_height: '1080', min_duration: '10', max_duration: '40', page: '1', per_page: '80' });
      assert.ok(list.videos.length > 0, 'some videos match');
      for (const v of list.videos) {
        assert.ok(v.width >= 1920 && v.height >= 1080 && v.duration >= 10 && v.duration <= 40);
      }
    });

    it('gets one video by id, with hls files of null size', async () => {
      const id = server().library.videos[3]!.id;
      const video: Video = await makeClient().getVideo(id);
      assert.equal(last().path, `/videos/videos/${id}`);
      assert.equal(video.id, id);
      assert.ok(video.video_files.some((f) => f.quality === 'hls' && f.width === null && f.height === null));
    });

    it('gets one photo or video as a media item, through Get Photo and Get Video', async () => {
      const photo = server().library.photos[2]!;
      const video = server().library.videos[1]!;
      const client = makeClient();
      const asPhoto = await client.getMedia('photo', photo.id);
      assert.equal(last().path, `/v1/photos/${photo.id}`);
      assert.deepEqual(asPhoto, { kind: 'photo', photo: await client.getPhoto(photo.id) });
      const asVideo = await client.getMedia('video', video.id);
      assert.equal(last().path, `/videos/videos/${video.id}`);
      assert.deepEqual(asVideo, { kind: 'video', video: await client.getVideo(video.id) });
    });

    it('lists featured collections and the caller’s own', async () => {
      const client = makeClient();
      const featured = await client.featuredCollections({ per_page: 5 });
      assert.equal(last().path, '/v1/collections/featured');
      assert.equal(featured.collections.length, 5);
      const mine = await client.myCollections();
      assert.equal(last().path, '/v1/collections');
      assert.ok(mine.collections.length > 0);
      assert.ok(mine.collections.some((c) => c.private), 'alice has private collections');
    });

    it('lists collection media with type, sort and paging', async () => {
      const client = makeClient();
      const featured = await client.featuredCollections();
      const mixed = featured.collections.find((c) => c.photos_count > 0 && c.videos_count > 0);
      assert.ok(mixed, 'a featured collection with photos and videos');
      const all = await client.collectionMedia(mixed.id, { per_page: 80 });
      assert.equal(last().path, `/v1/collections/${mixed.id}`);
      assert.equal(all.id, mixed.id);
      assert.equal(all.total_results, mixed.media_count);
      const photos = await client.collectionMedia(mixed.id, { type: 'photos', sort: 'desc', page: 1, per_page: 3 });
      assert.deepEqual(last().query, { type: 'photos', sort: 'desc', page: '1', per_page: '3' });
      assert.ok(photos.media.every((m) => m.type === 'Photo'));
      assert.ok(photos.media.every((m) => !('alt' in m)), 'collection photos carry no alt');
      const videos = await client.collectionMedia(mixed.id, { type: 'videos' });
      assert.ok(videos.media.length > 0 && videos.media.every((m) => m.type === 'Video'));
    });
  });

  describe('checks before sending', () => {
    it('refuses bad parameters with no request', async () => {
      const client = makeClient();
      const cases: [Promise<unknown>, string][] = [
        [client.searchPhotos({ query: '  ' }), 'query'],
        [client.searchPhotos({ query: 'a', color: '#12' }), 'color'],
        [client.searchVideos({ query: 'a', per_page: 200 }), 'per_page'],
        [client.curatedPhotos({ page: 0 }), 'page'],
        [client.getPhoto('abc'), 'id'],
        [client.collectionMedia('../../x'), 'id'],
      ];
      for (const [promise, field] of cases) {
        const error = await failure(promise);
        assert.equal(error.kind, 'invalidRequest');
        assert.equal(error.field, field);
      }
      assert.equal(server().log.length, 0, 'nothing reached the server');
    });

    it('needs a key, and says so without a request', async () => {
      const error = await failure(makeClient({}, null).curatedPhotos());
      assert.equal(error.kind, 'missingKey');
      assert.equal(server().log.length, 0);
    });

    it('never sends the key over plain http except to loopback', async () => {
      const client = makeClient({ baseUrl: 'http://api.example.com/v1' });
      const error = await failure(client.curatedPhotos());
      assert.equal(error.kind, 'invalidRequest');
      assert.equal(requestedUrls.length, 0, 'no request at all');
    });
  });

  describe('quota', () => {
    it('reports the X-Ratelimit headers of every 2xx', async () => {
      const client = makeClient();
      const seen: QuotaSnapshot[] = [];
      client.onQuota((q) => seen.push(q));
      server().setQuota(server().keys.alice, { monthlyRemaining: 1234, monthlyLimit: 20000 });
      await client.curatedPhotos({ per_page: 1 });
      assert.equal(seen.length, 1);
      assert.equal(seen[0]!.limit, 20000);
      assert.equal(seen[0]!.remaining, 1233);
      assert.ok(seen[0]!.resetAt > Date.now());
      assert.equal(seen[0]!.exhausted, false);
    });

    it('turns a 429 into rateLimited and an exhausted snapshot that keeps the reset time, without retrying', async () => {
      const client = makeClient();
      const seen: QuotaSnapshot[] = [];
      client.onQuota((q) => seen.push(q));
      server().setQuota(server().keys.alice, { monthlyRemaining: 1 });
      await client.curatedPhotos({ per_page: 2 });
      const reset = seen[0]!.resetAt;
      const error = await failure(client.curatedPhotos({ per_page: 3 }));
      assert.equal(error.kind, 'rateLimited');
      assert.equal(error.status, 429);
      assert.equal(error.resetAt, reset);
      assert.equal(seen.length, 2);
      assert.deepEqual({ ...seen[1]!, updatedAt: 0 }, { limit: seen[0]!.limit, remaining: 0, resetAt: reset, updatedAt: 0, exhausted: true });
      assert.equal(server().apiRequestCount((e) => e.status === 429), 1, 'a 429 is never retried');
    });

    it('handles a plain-text 429', async () => {
      server().setSwitches({ plainText429: true });
      server().setQuota(server().keys.alice, { hourlyRemaining: 0 });
      const error = await failure(makeClient().curatedPhotos());
      assert.equal(error.kind, 'rateLimited');
      assert.ok(error.serverMessage && /too many/i.test(error.serverMessage));
    });

    it('a cache hit produces no quota event and no request', async () => {
      const client = makeClient();
      const seen: QuotaSnapshot[] = [];
      client.onQuota((q) => seen.push(q));
      const a = await client.searchPhotos({ query: 'nature' });
      const b = await client.searchPhotos({ query: 'nature' });
      assert.equal(a, b);
      assert.equal(server().log.length, 1);
      assert.equal(seen.length, 1);
    });
  });

  describe('failures', () => {
    it('maps 401, 403 and 404', async () => {
      assert.equal((await failure(makeClient({}, 'not-a-key').curatedPhotos())).kind, 'forbidden');
      assert.equal(last().status, 403);
      const missing = await failure(makeClient().getPhoto(999_999_999));
      assert.equal(missing.kind, 'notFound');
      assert.equal(missing.status, 404);
    });

    it('hides another user’s collection (404), shows featured ones to everybody', async () => {
      const bobs = server().library.collections.filter((c) => c.owner === 'bob');
      assert.ok(bobs.length > 0);
      const error = await failure(makeClient().collectionMedia(bobs[0]!.id));
      assert.equal(error.kind, 'notFound');
      const featured = server().library.collections.find((c) => c.featured);
      assert.ok(featured);
      const media = await makeClient({}, server().keys.bob).collectionMedia(featured.id);
      assert.equal(media.id, featured.id);
    });

    for (const form of ['json', 'text', 'html'] as const) {
      it(`reads a ${form} error body`, async () => {
        server().setSwitches({ failStatus: 500, errorBody: form });
        const error = await failure(makeClient().curatedPhotos());
        assert.equal(error.kind, 'server');
        assert.equal(error.status, 500);
        assert.ok(error.serverMessage && error.serverMessage.length > 0, 'some text came through');
        assert.doesNotMatch(error.serverMessage, /[<>]/, 'no markup');
      });
    }

    it('retries 502/503/504 twice with backoff, then succeeds', async () => {
      server().setSwitches({ failStatus: 503, failCount: 2 });
      const client = makeClient();
      const list = await client.curatedPhotos();
      assert.ok(list.photos.length > 0);
      assert.equal(server().log.length, 3);
    });

    it('gives up after two retries', async () => {
      server().setSwitches({ failStatus: 502, failCount: 10 });
      const error = await failure(makeClient().curatedPhotos());
      assert.equal(error.kind, 'server');
      assert.equal(server().log.length, 3);
    });

    it('does not retry a 500', async () => {
      server().setSwitches({ failStatus: 500, failCount: 10 });
      await failure(makeClient().curatedPhotos());
      assert.equal(server().log.length, 1);
    });

    it('turns a dropped connection into a network error after retries', async () => {
      server().setSwitches({ dropConnection: true });
      const error = await failure(makeClient().curatedPhotos());
      assert.equal(error.kind, 'network');
      assert.equal(requestedUrls.length, 3);
    });

    it('turns malformed JSON into invalidResponse', async () => {
      server().setSwitches({ malformedJson: true });
      const error = await failure(makeClient().curatedPhotos());
      assert.equal(error.kind, 'invalidResponse');
    });

    it('leaves out an item with a missing or wrong-typed field, keeps the rest, and counts it', async () => {
      const mangle = (mutate: (body: { photos: Record<string, unknown>[] }) => void): typeof fetch =>
        async (input, init) => {
          const response = await fetch(input, init);
          const body = (await response.json()) as { photos: Record<string, unknown>[] };
          mutate(body);
          return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
        };
      const clean = await makeClient().curatedPhotos();
      const noPhotographer = await makeClient({ fetch: mangle((b) => delete b.photos[2]!.photographer) }).curatedPhotos();
      assert.equal(noPhotographer.skipped, 1);
      assert.deepEqual(noPhotographer.photos.map((p) => p.id), clean.photos.filter((_, i) => i !== 2).map((p) => p.id));
      const stringWidth = await makeClient({ fetch: mangle((b) => (b.photos[0]!.width = '640')) }).curatedPhotos();
      assert.equal(stringWidth.skipped, 1);
      assert.equal(stringWidth.photos.length, clean.photos.length - 1);
      assert.equal(clean.skipped, 0);
      const extra = await makeClient({ fetch: mangle((b) => (b.photos[0]!.brand_new_field = { x: 1 })) }).curatedPhotos();
      assert.ok(extra.photos.length > 0, 'unknown extra fields are fine');
    });

    it('times out without retrying', async () => {
      server().setSwitches({ delayMs: 1500 });
      const error = await failure(makeClient({ timeoutMs: 200 }).curatedPhotos());
      assert.equal(error.kind, 'timeout');
      assert.equal(requestedUrls.length, 1);
    });

    it('honours an AbortSignal', async () => {
      server().setSwitches({ delayMs: 1000 });
      const controller = new AbortController();
      const pending = makeClient().curatedPhotos({}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      assert.equal((await failure(pending)).kind, 'cancelled');
    });
  });

  describe('cache and in-flight sharing', () => {
    it('hasCached says whether Get Photo/Video would be answered from the cache, and sends nothing', async () => {
      const client = makeClient();
      const photoId = server().library.photos[3]!.id;
      const videoId = server().library.videos[2]!.id;
      assert.equal(await client.hasCached('photo', photoId), false);
      assert.equal(server().log.length, 0);
      await client.getPhoto(photoId);
      assert.equal(server().log.length, 1);
      assert.equal(await client.hasCached('photo', photoId), true);
      assert.equal(await client.hasCached('video', photoId), false, 'a video is not the photo with the same id');
      assert.equal(await client.hasCached('video', videoId), false);
      await client.getVideo(videoId);
      assert.equal(await client.hasCached('video', videoId), true);
      assert.equal(await client.hasCached('photo', 'abc'), false);
      assert.equal(server().log.length, 2);
      client.clearCache();
      assert.equal(await client.hasCached('photo', photoId), false);
      assert.equal(await makeClient({}, null).hasCached('photo', photoId), false, 'no key: a request would be needed (and fail)');
    });

    it('shares identical requests in flight', async () => {
      server().setSwitches({ delayMs: 200 });
      const client = makeClient();
      const [a, b] = await Promise.all([client.searchPhotos({ query: 'sea' }), client.searchPhotos({ query: 'sea' })]);
      assert.equal(a, b);
      assert.equal(server().log.length, 1);
    });

    it('one waiter cancelling does not cancel the other', async () => {
      server().setSwitches({ delayMs: 300 });
      const client = makeClient();
      const controller = new AbortController();
      const cancelled = client.curatedPhotos({}, { signal: controller.signal });
      const kept = client.curatedPhotos();
      controller.abort();
      assert.equal((await failure(cancelled)).kind, 'cancelled');
      assert.ok((await kept).photos.length > 0);
      assert.equal(server().log.length, 1);
    });

    it('asks again after the TTL, and after the key changes', async () => {
      let now = 1_000_000;
      let key = server().keys.alice;
      const client = new MediaClient({
        baseUrl: server().baseUrl,
        videoBaseUrl: server().videoBaseUrl,
        keyProvider: { getKey: () => Promise.resolve(key) },
        cacheTtlMs: 1000,
        clock: { now: () => now },
      });
      await client.myCollections();
      await client.myCollections();
      assert.equal(server().log.length, 1);
      now += 1001;
      await client.myCollections();
      assert.equal(server().log.length, 2);
      key = server().keys.bob;
      const bobs = await client.myCollections();
      assert.equal(server().log.length, 3, 'another key, another answer');
      assert.ok(bobs.collections.every((c) => server().library.collections.find((x) => x.id === c.id)?.owner === 'bob'));
    });

    it('a fresh request skips the cache', async () => {
      const client = makeClient();
      await client.curatedPhotos();
      await client.curatedPhotos({}, { fresh: true });
      assert.equal(server().log.length, 2);
    });
  });

  describe('single answers from list answers', () => {
    it('a photo from a search or curated page costs no Get Photo request, and is the same photo', async () => {
      const client = makeClient();
      const page = await client.searchPhotos({ query: 'nature', per_page: 5 });
      const listed = page.photos[2]!;
      assert.equal(server().log.length, 1);
      assert.equal(await client.hasCached('photo', listed.id), true);
      assert.deepEqual(await client.getPhoto(listed.id), listed);
      assert.equal(server().log.length, 1, 'list, then getPhoto: one request');
      const curated = await client.curatedPhotos({ per_page: 3 });
      await client.getPhoto(curated.photos[0]!.id);
      assert.equal(server().log.length, 2);
      // The same photo asked for by its single address is what the service sends for it.
      assert.deepEqual(await makeClient().getPhoto(listed.id), listed);
    });

    it('search and popular videos lack full_res and tags (spec 2.3): Get Video still asks', async () => {
      const client = makeClient();
      const popular = await client.popularVideos({ per_page: 3 });
      const searched = await client.searchVideos({ query: 'ocean', per_page: 3 });
      for (const v of [popular.videos[0]!, searched.videos[0]!]) {
        assert.equal(await client.hasCached('video', v.id), false);
        await client.getVideo(v.id);
      }
      assert.equal(server().log.length, 4);
    });

    it('collection media: whole videos are kept (without `type`), photos without alt (spec 2.5) are not', async () => {
      const client = makeClient();
      const featured = await client.featuredCollections();
      const mixed = featured.collections.find((c) => c.photos_count > 0 && c.videos_count > 0);
      assert.ok(mixed, 'a featured collection with photos and videos');
      const media = (await client.collectionMedia(mixed.id, { per_page: 80 })).media;
      const listedVideo = media.find((m) => m.type === 'Video')!;
      const listedPhoto = media.find((m) => m.type === 'Photo')!;
      assert.equal(server().log.length, 2);
      assert.equal(await client.hasCached('video', listedVideo.id), true);
      assert.equal(await client.hasCached('photo', listedPhoto.id), false);
      const video = await client.getVideo(listedVideo.id);
      assert.equal(server().log.length, 2, 'the collection video came from the list');
      assert.equal('type' in video, false);
      const { type: _type, ...withoutType } = listedVideo;
      assert.deepEqual(video, withoutType);
      const photo = await client.getPhoto(listedPhoto.id);
      assert.equal(server().log.length, 3, 'the collection photo had no alt: asked for');
      assert.equal(typeof photo.alt, 'string');
    });

    it('kept only as long as the cache keeps answers; a clear or another key empties them', async () => {
      let now = 5_000_000;
      let key = server().keys.alice;
      const client = new MediaClient({
        baseUrl: server().baseUrl,
        videoBaseUrl: server().videoBaseUrl,
        keyProvider: { getKey: () => Promise.resolve(key) },
        cacheTtlMs: 1000,
        clock: { now: () => now },
      });
      const id = (await client.curatedPhotos({ per_page: 2 })).photos[0]!.id;
      now += 999;
      await client.getPhoto(id);
      assert.equal(server().log.length, 1);
      now += 2;
      assert.equal(await client.hasCached('photo', id), false, 'the list answer has expired');
      await client.getPhoto(id);
      assert.equal(server().log.length, 2);

      await client.curatedPhotos({ per_page: 3 });
      const other = (await client.curatedPhotos({ per_page: 3 })).photos[1]!.id;
      client.clearCache();
      assert.equal(await client.hasCached('photo', other), false);
      await client.curatedPhotos({ per_page: 3 });
      key = server().keys.bob;
      assert.equal(await client.hasCached('photo', other), false, 'another key: nothing of the old one counts');
      const before = server().log.length;
      await client.getPhoto(other);
      assert.equal(server().log.length, before + 1);
      assert.equal(server().log.at(-1)?.path, `/v1/photos/${other}`);
    });

    it('at most SEEDED_ITEMS, the least recently used dropped; page answers never push them out', async () => {
      let sent = 0;
      const listPhoto = (id: number): Record<string, unknown> => ({
        id,
        width: 100,
        height: 100,
        url: `https://service.example/photo/x-${id}/`,
        photographer: 'A',
        photographer_url: 'https://service.example/@a',
        photographer_id: 1,
        avg_color: '#000000',
        src: Object.fromEntries(['original', 'large2x', 'large', 'medium', 'small', 'portrait', 'landscape', 'tiny'].map((v) => [v, `https://img.example/${id}-${v}.jpeg`])),
        liked: false,
        alt: `Photo ${id}`,
      });
      const fakeFetch: typeof fetch = (input) => {
        sent += 1;
        const url = new URL(input instanceof Request ? input.url : String(input));
        const single = /\/photos\/(\d+)$/.exec(url.pathname);
        const pageNo = Number(url.searchParams.get('page') ?? '1');
        const body = single
          ? listPhoto(Number(single[1]))
          : // Pages 1–7 hold 80 photos each (ids 1–560); later pages are empty.
            { page: pageNo, per_page: 80, total_results: 560, photos: pageNo <= 7 ? Array.from({ length: 80 }, (_, i) => listPhoto((pageNo - 1) * 80 + i + 1)) : [] };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
      };
      assert.equal(SEEDED_ITEMS, 500);
      const client = makeClient({ fetch: fakeFetch });
      await client.curatedPhotos({ page: 1 });
      // 500 more page answers fill the answer cache (500 entries) past its cap.
      for (let page = 8; page < 508; page++) await client.curatedPhotos({ page });
      assert.equal(sent, 501);
      await client.getPhoto(1);
      assert.equal(sent, 501, 'the page answers did not push the photo out');
      for (let page = 2; page <= 7; page++) await client.curatedPhotos({ page });
      assert.equal(sent, 507);
      // 560 kept, photo 1 used last: ids 2–61 are the 60 least recently used.
      assert.equal(await client.hasCached('photo', 1), true);
      assert.equal(await client.hasCached('photo', 2), false);
      assert.equal(await client.hasCached('photo', 61), false);
      assert.equal(await client.hasCached('photo', 62), true);
      await client.getPhoto(560);
      assert.equal(sent, 507);
      await client.getPhoto(2);
      assert.equal(sent, 508);
    });
  });

  describe('paging', () => {
    it('follows next_page on the same origin to the end; an earlier page comes from the cache', async () => {
      const client = makeClient();
      const params = { query: 'nature', per_page: 80 } as const;
      let page = await client.searchPhotos(params);
      const seen: Photo[] = [...page.photos];
      let pages = 1;
      while (page.next_page) {
        const next = await client.nextPage('searchPhotos', params, page);
        assert.ok(next);
        assert.equal(next.page, page.page + 1);
        page = next;
        seen.push(...page.photos);
        pages += 1;
      }
      assert.equal(seen.length, page.total_results);
      assert.equal(new Set(seen.map((p) => p.id)).size, seen.length, 'no duplicates across pages');
      assert.equal(await client.nextPage('searchPhotos', params, page), undefined);
      if (pages > 1) {
        const before = server().log.length;
        const prev = await client.searchPhotos({ ...params, page: page.page - 1 });
        assert.equal(prev?.page, page.page - 1);
        assert.equal(server().log.length, before, 'the previous page came from the cache');
      }
    });

    it('never follows a next_page on another origin: builds the page itself', async () => {
      server().setSwitches({ foreignNextPage: true });
      const client = makeClient();
      const first = await client.curatedPhotos({ per_page: 10 });
      assert.ok(first.next_page);
      assert.notEqual(new URL(first.next_page).origin, server().origin);
      const second = await client.nextPage('curatedPhotos', { per_page: 10 }, first);
      assert.equal(second?.page, 2);
      assert.ok(requestedUrls.every((u) => new URL(u).origin === server().origin), 'the key went only to the configured origin');
      assert.deepEqual(last().query, { page: '2', per_page: '10' });
    });
  });
});
