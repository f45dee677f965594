// The grid's search session against the local server: one request per page of 80, none
// past the last page, none for a search repeated within the cache TTL, none twice for
// the same page, stale answers dropped, failures described.
import assert from 'node:assert/strict';
import { MediaClient } from '../../src/api/client';
import type { MediaError } from '../../src/core/errors';
import type { GridFailure } from '../../src/core/tiles';
import { SearchSession } from '../../src/host/grid/searchSession';
import type { SessionMessage, ToWebview } from '../../src/shared/protocol';
import { photoMatches, videoMatchesPopular } from '../server/search';
import type { ApiServer } from '../server/server';
import { useApiServer } from './apiServer';

let server: () => ApiServer;

interface Harness {
  session: SearchSession;
  messages: ToWebview[];
  client: MediaClient;
}

function harness(key = server().keys.alice): Harness {
  const client = new MediaClient({
    baseUrl: server().baseUrl,
    videoBaseUrl: server().videoBaseUrl,
    keyProvider: { getKey: () => Promise.resolve(key) },
    retryDelayMs: 5,
    timeoutMs: 5000,
  });
  const messages: ToWebview[] = [];
  const describe = (error: MediaError): GridFailure => ({ kind: error.kind, message: error.message, actions: ['retry'] });
  const session = new SearchSession({ client: () => client, describe, post: (m) => messages.push(m) });
  return { session, messages, client };
}

const apiLog = (): { path: string; query: Record<string, string> }[] => server().log.map((e) => ({ path: e.path, query: e.query }));
const sessions = (messages: ToWebview[]): SessionMessage[] => messages.filter((m): m is SessionMessage => m.type === 'session');

function expectedPhotos(query: string): number {
  return server().library.photos.filter((p) => photoMatches(p, { query, orientation: null, size: null, color: null })).length;
}

describe('grid search session', () => {
  server = useApiServer();

  it('shows the starred media it is given, in their order, with no request and nothing more to load', async () => {
    const client = harness().client;
    const starred = [await client.getMedia('photo', server().library.photos[3]?.id ?? 0), await client.getMedia('video', server().library.videos[1]?.id ?? 0)];
    server().clearLog();
    const messages: ToWebview[] = [];
    const describe = (error: MediaError): GridFailure => ({ kind: error.kind, message: error.message, actions: ['retry'] });
    const session = new SearchSession({ client: () => client, describe, post: (m) => messages.push(m), lists: { starredMedia: () => starred } });
    await session.start({ mode: 'starred' }, { syncForm: true });
    const last = sessions(messages).at(-1);
    assert.equal(last?.status, 'loaded');
    assert.deepEqual(last?.items.map((i) => i.key), [`photo:${server().library.photos[3]?.id}`, `video:${server().library.videos[1]?.id}`]);
    assert.equal(last?.hasMore, false);
    assert.equal(last?.totalResults, 2);
    assert.equal(server().apiRequestCount(), 0);
  });

  it('loads the first page of a photo search with one request of 80', async () => {
    const { session, messages } = harness();
    await session.start({ mode: 'photos', query: 'morning', locale: 'en-US' }, { syncForm: true });
    assert.equal(server().apiRequestCount(), 1);
    assert.deepEqual(apiLog()[0], { path: '/v1/search', query: { query: 'morning', locale: 'en-US', page: '1', per_page: '80' } });
    const [loading, loaded] = sessions(messages);
    assert.equal(loading?.status, 'loading');
    assert.equal(loading?.syncForm, true);
    assert.equal(loaded?.status, 'loaded');
    const total = expectedPhotos('morning');
    assert.ok(total > 80, 'the fixture query has more than one page');
    assert.equal(loaded?.totalResults, total);
    assert.equal(loaded?.items.length, 80);
    assert.equal(loaded?.hasMore, true);
    assert.ok(loaded?.items.every((i) => i.kind === 'photo' && i.thumb?.startsWith(server().origin)));
  });

  it('shows the good items of pages with unreadable ones and counts those over every page', async () => {
    const { session, messages } = harness();
    await session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
    const clean = session.state.items.map((i) => i.key);
    await session.loadMore(session.state.generation);
    // The second page loses its second and fourth items, if it has them.
    const secondPage = session.state.items.length - clean.length;
    const brokenOnSecond = (secondPage >= 2 ? 1 : 0) + (secondPage >= 4 ? 1 : 0);
    server().setSwitches({ badItems: true });
    const broken = harness();
    await broken.session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
    const loaded = sessions(broken.messages).at(-1);
    assert.equal(loaded?.status, 'loaded');
    assert.equal(loaded?.skipped, 2);
    assert.deepEqual(loaded?.items.map((i) => i.key), clean.filter((_, i) => i !== 1 && i !== 3));
    await broken.session.loadMore(broken.session.state.generation);
    const page = broken.messages.at(-1);
    assert.equal(page?.type, 'page');
    assert.equal(page?.type === 'page' ? page.skipped : -1, 2 + brokenOnSecond, 'the first page’s and the second’s');
    assert.equal(broken.session.state.skipped, 2 + brokenOnSecond);
    assert.equal(broken.session.state.items.length, session.state.items.length - 2 - brokenOnSecond);
    assert.ok(sessions(messages).every((m) => m.skipped === 0), 'a clean search skips nothing');
  });

  it('loads the next pages through next_page and stops at the last one', async () => {
    const { session, messages } = harness();
    await session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
    const total = expectedPhotos('morning');
    const generation = session.state.generation;
    // Two requests for the next page at once are one request.
    await Promise.all([session.loadMore(generation), session.loadMore(generation)]);
    assert.equal(server().apiRequestCount(), 2);
    assert.deepEqual(apiLog()[1]?.query, { page: '2', per_page: '80', query: 'morning' });
    const page = messages.find((m) => m.type === 'page');
    assert.ok(page && page.type === 'page');
    assert.equal(page.items.length, total - 80);
    assert.equal(page.hasMore, false);
    assert.equal(session.state.items.length, total);
    // Past the last page: nothing is asked.
    await session.loadMore(generation);
    assert.equal(server().apiRequestCount(), 2);
  });

  it('repeats a search within the cache TTL without a request', async () => {
    const { session } = harness();
    await session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
    await session.loadMore(session.state.generation);
    await session.start({ mode: 'videos', query: 'morning' }, { syncForm: false });
    assert.equal(server().apiRequestCount(), 3);
    await session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
    await session.loadMore(session.state.generation);
    assert.equal(server().apiRequestCount(), 3, 'both pages came from the cache');
    assert.equal(session.state.items.length, expectedPhotos('morning'));
  });

  it('drops the answer of a search that was replaced before it came', async () => {
    const { session, messages } = harness();
    server().setSwitches({ delayMs: 150 });
    const first = session.start({ mode: 'photos', query: 'cat' }, { syncForm: false });
    const second = session.start({ mode: 'curated' }, { syncForm: false });
    await Promise.all([first, second]);
    const loaded = sessions(messages).filter((m) => m.status === 'loaded');
    assert.equal(loaded.length, 1);
    assert.deepEqual(loaded[0]?.spec, { mode: 'curated' });
    assert.equal(loaded[0]?.generation, session.state.generation);
    assert.deepEqual(session.state.spec, { mode: 'curated' });
  });

  it('ignores a next-page request for an older search', async () => {
    const { session } = harness();
    await session.start({ mode: 'curated' }, { syncForm: false });
    const old = session.state.generation;
    await session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
    server().clearLog();
    await session.loadMore(old);
    assert.equal(server().apiRequestCount(), 0);
  });

  it('shows popular videos with their four filters', async () => {
    const { session } = harness();
    const spec = { mode: 'popular' as const, min_width: 1920, min_duration: 10, max_duration: 40 };
    await session.start(spec, { syncForm: false });
    assert.deepEqual(apiLog()[0], {
      path: '/videos/popular',
      query: { min_width: '1920', min_duration: '10', max_duration: '40', page: '1', per_page: '80' },
    });
    const expected = server().library.popularVideoIds
      .map((id) => server().library.videoById.get(id))
      .filter((v) => v !== undefined && videoMatchesPopular(v, { minWidth: 1920, minHeight: null, minDuration: 10, maxDuration: 40 }));
    assert.equal(session.state.totalResults, expected.length);
    assert.ok(session.state.items.every((i) => i.kind === 'video' && i.width >= 1920 && (i.duration ?? 0) >= 10 && (i.duration ?? 99) <= 40));
    assert.ok(session.state.items.every((i) => i.hoverVideo === null || !i.hoverVideo.src.endsWith('.m3u8')));
  });

  it('opens one photo or video by id', async () => {
    const { session } = harness();
    const video = server().library.videos[3];
    assert.ok(video);
    await session.start({ mode: 'single', kind: 'video', id: video.id }, { syncForm: false });
    assert.deepEqual(apiLog()[0], { path: `/videos/videos/${video.id}`, query: {} });
    assert.deepEqual(session.state.items.map((i) => i.key), [`video:${video.id}`]);
    assert.equal(session.state.hasMore, false);
    assert.equal(session.mediaFor(`video:${video.id}`)?.kind, 'video');
  });

  it('describes a failure and can run the same search again', async () => {
    const { session, messages } = harness();
    server().setSwitches({ failStatus: 503, failCount: 3 });
    await session.start({ mode: 'photos', query: 'cat' }, { syncForm: false });
    const failed = sessions(messages).at(-1);
    assert.equal(failed?.status, 'failed');
    assert.equal(failed?.failure?.kind, 'server');
    await session.start({ mode: 'photos', query: 'cat' }, { syncForm: false });
    assert.equal(session.state.status, 'loaded');
  });

  it('says when the quota is used up, keeping what was shown for a failed next page', async () => {
    const { session, messages } = harness(server().keys.limited);
    server().setQuota(server().keys.limited, { monthlyLimit: 50, monthlyRemaining: 1 });
    await session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
    assert.equal(session.state.status, 'loaded');
    await session.loadMore(session.state.generation);
    const more = messages.filter((m) => m.type === 'more');
    assert.deepEqual(more.map((m) => m.type === 'more' && m.status), ['loading', 'failed']);
    assert.equal(session.state.moreFailure?.kind, 'rateLimited');
    assert.equal(session.state.items.length, 80, 'the first page stays');
    await session.start({ mode: 'curated' }, { syncForm: false });
    assert.equal(session.state.failure?.kind, 'rateLimited');
  });
});
