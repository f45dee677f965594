// The service's answers as it has really written them over the years: the project's own
// fixtures in those shapes (answerFixtures.ts) through the client, the model, the paging, the
// grid's session and the saved file's name; then, when the shared folder of real answers is
// beside the repository (../shared/real-responses), every item of every file in it.
import assert from 'node:assert/strict';
import { MediaClient } from '../../src/api/client';
import type { MediaError } from '../../src/core/errors';
import { PagedList } from '../../src/core/collectionsPaging';
import { collectionTitle } from '../../src/core/collectionsText';
import { mediaFacts } from '../../src/core/insert/facts';
import { extensionFor } from '../../src/core/insert/naming';
import { hasNextPage, toMediaItem } from '../../src/core/model';
import type { Envelope, MediaItem, VideoList } from '../../src/core/model';
import type { GridFailure } from '../../src/core/tiles';
import { toGridItem } from '../../src/core/tiles';
import { SearchSession } from '../../src/host/grid/searchSession';
import { isToWebview } from '../../src/shared/protocol';
import type { ToWebview } from '../../src/shared/protocol';
import { hasRealAnswers, readAnswer, readRealAnswers, realAnswersDir } from '../realAnswers/read';
import {
  ANSWER_FIXTURES,
  collectionMediaMixed,
  curatedWithoutTotal,
  featuredCollections,
  ownCollections,
  popularWithoutExtensions,
  searchDoubledV1,
  videoSearchEmpty,
  videoSearchPage2WithoutLinks,
} from './answerFixtures';

const BASE = 'https://api.example.test/v1/';
const VIDEO_BASE = 'https://api.example.test/videos/';

/** A client whose requests `answer` serves by URL; every URL asked for is kept. */
function fakeClient(answer: (url: URL) => string): { client: MediaClient; asked: URL[] } {
  const asked: URL[] = [];
  const client = new MediaClient({
    baseUrl: BASE,
    videoBaseUrl: VIDEO_BASE,
    keyProvider: { getKey: () => Promise.resolve('fixture-key') },
    fetch: (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url);
      return Promise.resolve(new Response(answer(url), { status: 200, headers: { 'content-type': 'application/json' } }));
    },
    retryDelayMs: 1,
  });
  return { client, asked };
}

/** `body` with its page number and items changed (a later page of the same list). */
function pageOf(body: string, page: number, keep: (items: unknown[]) => unknown[]): string {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  const key = ['photos', 'videos', 'collections', 'media'].find((k) => Array.isArray(parsed[k])) ?? 'photos';
  const items = (parsed[key] as { id: number }[]).map((item) => ({ ...item, id: item.id + page * 1000 }));
  return JSON.stringify({ ...parsed, page, [key]: keep(items) });
}

function sessionHarness(client: MediaClient): { session: SearchSession; messages: ToWebview[] } {
  const messages: ToWebview[] = [];
  const describe = (error: MediaError): GridFailure => ({ kind: error.kind, message: error.message, actions: ['retry'] });
  return { session: new SearchSession({ client: () => client, describe, post: (m) => messages.push(m) }), messages };
}

describe('the service\'s answers in the shapes it really sends', () => {
  describe('the project\'s fixtures in those shapes', () => {
    for (const fixture of ANSWER_FIXTURES) {
      it(`${fixture.name} (${fixture.endpoint}): every item is read`, async () => {
        const answer = await readAnswer(fixture.endpoint, fixture.body);
        assert.deepEqual(answer.problems, []);
        assert.equal(answer.items, fixture.items);
        assert.equal(answer.read, fixture.items);
      });
    }

    it('a page without total_results is read; the grid shows its tiles and claims no total', async () => {
      const { client } = fakeClient(() => curatedWithoutTotal);
      const page = await client.curatedPhotos();
      assert.equal(page.photos.length, 3);
      assert.equal(page.total_results, undefined);
      assert.equal(hasNextPage(page), true, 'its next_page still leads on');

      const { session, messages } = sessionHarness(client);
      await session.start({ mode: 'curated' }, { syncForm: false });
      const state = session.state;
      assert.equal(state.status, 'loaded');
      assert.deepEqual(state.items.map((i) => i.key), ['photo:5102201', 'photo:5102244', 'photo:5102398']);
      assert.equal(state.totalResults, null);
      assert.equal(state.hasMore, true);
      const shown = messages.at(-1);
      assert.ok(shown && isToWebview(shown), 'the webview accepts the message');
      assert.equal(shown.type === 'session' && shown.totalResults, null);
    });

    it('the tree\'s list of a page without total_results has no total', async () => {
      const { client } = fakeClient(() => curatedWithoutTotal);
      const list = new PagedList<string>((s) => s);
      await list.load(async () => {
        const page = await client.curatedPhotos();
        return { envelope: page, items: page.photos.map((p) => String(p.id)) };
      });
      assert.equal(list.items.length, 3);
      assert.equal(list.total, undefined);
      assert.equal(list.hasMore, true);
    });

    it('a full page without next_page: the next page is asked for by number, once; a short answer ends it', async () => {
      // Pages 1 and 2 full (2 of per_page 2) without links, page 3 short.
      const { client, asked } = fakeClient((url) => {
        const page = Number(url.searchParams.get('page'));
        return pageOf(videoSearchPage2WithoutLinks, page, (items) => (page >= 3 ? items.slice(0, 1) : items));
      });
      const { session, messages } = sessionHarness(client);
      await session.start({ mode: 'videos', query: 'night market' }, { syncForm: false });
      assert.equal(session.state.items.length, 2);
      assert.equal(session.state.hasMore, true, 'a full page may have a next one');
      assert.equal(session.state.totalResults, 1204);
      await session.loadMore(session.state.generation);
      assert.equal(session.state.items.length, 4);
      assert.equal(session.state.hasMore, true);
      await session.loadMore(session.state.generation);
      assert.equal(session.state.items.length, 5);
      assert.equal(session.state.hasMore, false, 'a short page is the last');
      await session.loadMore(session.state.generation);
      assert.deepEqual(asked.map((u) => [u.pathname, u.searchParams.get('query'), u.searchParams.get('page')]), [
        ['/videos/search', 'night market', '1'],
        ['/videos/search', 'night market', '2'],
        ['/videos/search', 'night market', '3'],
      ]);
      const pages = messages.filter((m) => m.type === 'page');
      assert.deepEqual(pages.map((m) => m.type === 'page' && m.hasMore), [true, false]);
    });

    it('an empty answer to a page asked for by number ends the list, and so does one with nothing new', async () => {
      const empty = fakeClient((url) => (url.searchParams.get('page') === '1' ? pageOf(videoSearchPage2WithoutLinks, 1, (i) => i) : videoSearchEmpty));
      const a = sessionHarness(empty.client);
      await a.session.start({ mode: 'videos', query: 'night market' }, { syncForm: false });
      await a.session.loadMore(a.session.state.generation);
      assert.equal(a.session.state.hasMore, false);
      assert.equal(a.session.state.items.length, 2);
      await a.session.loadMore(a.session.state.generation);
      assert.equal(empty.asked.length, 2);

      // A service that ignores the page number sends the same full page again: asked once.
      const same = fakeClient(() => pageOf(videoSearchPage2WithoutLinks, 1, (i) => i));
      const b = sessionHarness(same.client);
      await b.session.start({ mode: 'videos', query: 'night market' }, { syncForm: false });
      await b.session.loadMore(b.session.state.generation);
      await b.session.loadMore(b.session.state.generation);
      assert.equal(b.session.state.hasMore, false);
      assert.equal(same.asked.length, 2);

      // The tree's list the same way.
      const tree = fakeClient(() => pageOf(videoSearchPage2WithoutLinks, 1, (i) => i));
      const list = new PagedList<string>((s) => s);
      const fetch = async (last: Envelope | undefined) => {
        const page: VideoList | undefined = last
          ? await tree.client.nextPage('searchVideos', { query: 'night market' }, last)
          : await tree.client.searchVideos({ query: 'night market' });
        return page && { envelope: page, items: page.videos.map((v) => String(v.id)) };
      };
      await list.load(fetch);
      assert.equal(list.hasMore, true);
      await list.load(fetch);
      assert.equal(list.hasMore, false);
      await list.load(fetch);
      assert.equal(tree.asked.length, 2);
    });

    it('a full page whose total says it is the last asks for nothing more', async () => {
      const { client, asked } = fakeClient(() => ownCollections);
      const page = await client.myCollections();
      assert.equal(hasNextPage(page), false);
      assert.equal(await client.nextPage('myCollections', {}, page), undefined);
      assert.equal(asked.length, 1);
    });

    it('a next_page with a doubled /v1/v1/ is followed by its page number, under the configured base', async () => {
      const { client, asked } = fakeClient(() => searchDoubledV1);
      const first = await client.searchPhotos({ query: 'hiker above clouds', per_page: 1 });
      await client.nextPage('searchPhotos', { query: 'hiker above clouds', per_page: 1 }, first);
      assert.equal(asked[1]?.href, 'https://api.example.test/v1/search?query=hiker+above+clouds&page=2&per_page=1');
    });

    it('tiles and insert facts of every fixture medium: hls files never previewed, a double space in a name credited as one', async () => {
      const media: MediaItem[] = [];
      for (const fixture of ANSWER_FIXTURES) {
        const { client } = fakeClient(() => fixture.body);
        switch (fixture.endpoint) {
          case 'GET /v1/search':
            media.push(...(await client.searchPhotos({ query: 'x' })).photos.map((photo) => ({ kind: 'photo' as const, photo })));
            break;
          case 'GET /v1/curated':
            media.push(...(await client.curatedPhotos()).photos.map((photo) => ({ kind: 'photo' as const, photo })));
            break;
          case 'GET /videos/search':
          case 'GET /videos/popular':
            media.push(...(await client.popularVideos()).videos.map((video) => ({ kind: 'video' as const, video })));
            break;
          case 'GET /v1/collections/:id':
            media.push(...(await client.collectionMedia('x0vke2p')).media.map(toMediaItem));
            break;
          default:
        }
      }
      assert.equal(media.length, 17);
      for (const item of media) {
        const tile = toGridItem(item);
        assert.ok(tile.thumb, `${tile.key} has a picture`);
        if (item.kind === 'video') {
          assert.ok(tile.hoverVideo && !/\.m3u8/.test(tile.hoverVideo.src), `${tile.key} previews an mp4`);
        }
        const facts = mediaFacts(item, { serviceName: 'Pexels', serviceUrl: 'https://www.pexels.com', photoSize: { kind: 'variant', variant: 'large' }, videoQuality: 'hd' });
        assert.doesNotMatch(facts.author, /\s{2}/);
      }
    });

    it('collection titles with a leading space are shown without it', async () => {
      const { client } = fakeClient(() => featuredCollections);
      const page = await client.featuredCollections();
      assert.deepEqual(page.collections.map(collectionTitle), ['Lunar New Year', 'Quiet Interiors', 'Street Food']);
      const media = await fakeClient(() => collectionMediaMixed).client.collectionMedia('x0vke2p');
      assert.deepEqual(media.media.map((m) => m.type), ['Photo', 'Video']);
    });
  });

  describe('a video file whose link has no extension', () => {
    it('is saved with the extension of its file_type; a playlist never becomes a video', async () => {
      const { client } = fakeClient(() => popularWithoutExtensions);
      const [first] = (await client.popularVideos()).videos;
      assert.ok(first);
      const facts = mediaFacts({ kind: 'video', video: first }, { serviceName: 'Pexels', serviceUrl: 'https://www.pexels.com', photoSize: { kind: 'variant', variant: 'large' }, videoQuality: 'hd' });
      assert.match(facts.url, /\/external\/251840337\.hd\.\?s=/);
      assert.equal(facts.fileType, 'video/mp4');
      // The file server says nothing useful: the declared type decides.
      assert.equal(extensionFor(null, facts.url, facts.fileType), 'mp4');
      assert.equal(extensionFor('application/octet-stream', facts.url, facts.fileType), 'mp4');
      assert.equal(extensionFor('application/octet-stream', 'https://cdn.example/v/8812.hd', 'video/webm'), 'webm');
      // Without a declared type, as before: refused.
      assert.equal(extensionFor('application/octet-stream', facts.url), undefined);
      // The server's own type still comes first, and an extension the link has decides over the declared one.
      assert.equal(extensionFor('video/quicktime', facts.url, facts.fileType), 'mov');
      assert.equal(extensionFor(null, 'https://cdn.example/v/8812.webm?x=1', 'video/mp4'), 'webm');
      // The hls file declared video/mp4: its facts say playlist, and its .m3u8 link is never saved as mp4.
      const hls = first.video_files.find((f) => f.quality === 'hls');
      assert.ok(hls);
      assert.equal(hls.file_type, 'video/mp4');
      assert.equal(extensionFor(null, hls.link, 'video/mp4'), undefined);
      assert.equal(extensionFor(null, 'https://cdn.example/v/8812', 'application/x-mpegURL'), undefined);
    });
  });

  describe('the real answers in ../shared/real-responses', () => {
    before(function () {
      if (!hasRealAnswers()) {
        console.log(`      skipped: no real answers at ${realAnswersDir()} (the shared folder beside the repository)`);
        this.skip();
      }
    });

    it('reads every item of every file SOURCES.md describes', async () => {
      const result = await readRealAnswers();
      const refused = result.files
        .filter((f) => f.read !== f.items || f.problems.length > 0)
        .map((f) => `${f.file}: ${f.read} of ${f.items} read; ${f.problems.join('; ')}`);
      assert.deepEqual(refused, []);
      assert.deepEqual(result.undescribed, [], 'every file is described in SOURCES.md');
      assert.equal(result.items, result.itemsPerSources, 'as many items as SOURCES.md counts');
      assert.equal(result.read, result.items);
      console.log(`      ${result.read}/${result.items} items of ${result.files.length} files read`);
    });
  });
});
