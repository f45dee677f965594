// The local server's hostile-input switches (hostile media URLs, hostile error bodies,
// missingFields, wrongTypes, foreignRedirect), which the hostile suites in the real VS Code
// and the workbench rely on. And the client meeting each of them: one clear MediaError,
// never a crash, never the key at another origin.
import assert from 'node:assert/strict';
import { MediaClient } from '../../src/api/client';
import { describeError } from '../../src/core/describe';
import { cleanServerText } from '../../src/core/errors';
import { safeLinkUrl } from '../../src/core/urls';
import { HOSTILE_ERROR_TEXT, HOSTILE_MEDIA_URLS, HOSTILE_STRINGS, PWNED_MARKER, isSpoiledItem, mediaUrlSpoil } from '../server/hostile';
import { startApiServer } from '../server/server';
import type { ApiServer } from '../server/server';
import { failure } from './apiServer';

type Json = Record<string, unknown>;

async function json(server: ApiServer, url: string): Promise<Json> {
  const res = await fetch(url, { headers: { Authorization: server.keys.alice } });
  assert.equal(res.status, 200, url);
  return (await res.json()) as Json;
}

function items(body: Json, name: string): Json[] {
  const list = body[name];
  assert.ok(Array.isArray(list), name);
  return list as Json[];
}

function clientFor(server: ApiServer): MediaClient {
  return new MediaClient({
    baseUrl: server.baseUrl,
    videoBaseUrl: server.videoBaseUrl,
    keyProvider: { getKey: () => Promise.resolve(server.keys.alice) },
    cacheTtlMs: 0,
    retryDelayMs: 1,
  });
}

const describeContext = { serviceName: 'Pexels', formatTime: (ms: number) => new Date(ms).toISOString() };

describe('local API server: hostile-input switches', function () {
  this.timeout(15_000);
  let server: ApiServer;
  let foreign: ApiServer;

  before(async () => {
    server = await startApiServer();
    // The "other origin" the hostile URLs, foreignNextPage and foreignRedirect point at.
    foreign = await startApiServer({ host: '127.0.0.2', port: Number(new URL(server.origin).port) });
  });

  after(async () => {
    await server.close();
    await foreign.close();
  });

  afterEach(() => {
    server.resetSwitches();
    server.clearLog();
    foreign.clearLog();
  });

  it('every script payload sets the marker a test can look for', () => {
    const scripts = HOSTILE_STRINGS.filter((s) => /alert\(|onerror|onload|<script/i.test(s));
    assert.ok(scripts.length >= 4);
    for (const s of scripts) assert.ok(s.includes(`${PWNED_MARKER}=1`), s);
  });

  it('hostile mode spoils media URLs by kind: unsafe, foreign (real files elsewhere) or mixed', async () => {
    server.setSwitches({ hostile: true });
    const photos = items(await json(server, `${server.baseUrl}/curated?per_page=80`), 'photos');
    const seen = new Set<string>();
    for (const p of photos) {
      const id = p.id as number;
      const src = p.src as Record<string, string>;
      const spoil = mediaUrlSpoil(id);
      seen.add(String(spoil));
      if (spoil === 'unsafe') {
        for (const url of Object.values(src)) assert.ok(HOSTILE_MEDIA_URLS.includes(url), url);
      } else if (spoil === 'foreign') {
        assert.ok(src.tiny?.startsWith(`${foreign.origin}/media/photos/${id}/`), src.tiny);
        assert.ok(src.original?.startsWith(`${server.origin}/`), src.original);
      } else if (spoil === 'mixed') {
        assert.ok(HOSTILE_MEDIA_URLS.includes(src.original ?? ''));
        assert.ok(src.medium?.startsWith(`${server.origin}/`));
      } else {
        for (const url of Object.values(src)) assert.ok(url.startsWith(`${server.origin}/media/photos/${id}/`), url);
      }
    }
    assert.deepEqual([...seen].sort(), ['foreign', 'mixed', 'null', 'unsafe']);
    for (const url of HOSTILE_MEDIA_URLS) assert.equal(safeLinkUrl(url), undefined, url);
    // A foreign rendering is a real image there.
    const foreignTiny = photos.find((p) => mediaUrlSpoil(p.id as number) === 'foreign');
    const res = await fetch((foreignTiny?.src as Record<string, string>).tiny ?? '');
    assert.equal(res.headers.get('content-type'), 'image/png');
    await res.arrayBuffer();

    const videos = items(await json(server, `${server.videoBaseUrl}/popular?per_page=80`), 'videos');
    const unsafe = videos.find((v) => mediaUrlSpoil(v.id as number) === 'unsafe');
    assert.ok(unsafe);
    assert.ok(HOSTILE_MEDIA_URLS.includes(unsafe.image as string));
    for (const f of unsafe.video_files as Json[]) assert.ok(HOSTILE_MEDIA_URLS.includes(f.link as string));
    const foreignVideo = videos.find((v) => mediaUrlSpoil(v.id as number) === 'foreign');
    assert.ok((foreignVideo?.image as string).startsWith(foreign.origin));
  });

  it('hostile mode puts hostile text into error bodies', async () => {
    server.setSwitches({ hostile: true, failStatus: 503 });
    const res = await fetch(`${server.baseUrl}/curated`, { headers: { Authorization: server.keys.alice } });
    assert.equal(res.status, 503);
    assert.deepEqual(await res.json(), { error: HOSTILE_ERROR_TEXT });
  });

  it('missingFields and wrongTypes spoil one item in four, and nothing else', async () => {
    const clean = await json(server, `${server.baseUrl}/curated?per_page=80`);
    server.setSwitches({ missingFields: true });
    const missing = await json(server, `${server.baseUrl}/curated?per_page=80`);
    server.setSwitches({ missingFields: false, wrongTypes: true });
    const wrong = await json(server, `${server.baseUrl}/curated?per_page=80`);
    const [a, b, c] = [items(clean, 'photos'), items(missing, 'photos'), items(wrong, 'photos')];
    let spoiled = 0;
    for (const [i, p] of a.entries()) {
      if (!isSpoiledItem(p.id as number)) {
        assert.deepEqual(b[i], p);
        assert.deepEqual(c[i], p);
        continue;
      }
      spoiled += 1;
      assert.equal(b[i]?.src, undefined);
      assert.equal(b[i]?.photographer, undefined);
      assert.equal(typeof c[i]?.width, 'string');
      assert.equal(typeof c[i]?.src, 'string');
      assert.equal(c[i]?.alt, 42);
    }
    assert.ok(spoiled > 5 && spoiled < 40, `${spoiled} of 80 spoiled`);
    const collections = items(await json(server, `${server.baseUrl}/collections/featured`), 'collections');
    assert.ok(collections.some((x) => x.title === 42), 'a featured collection with a numeric title');
  });

  it('badItems breaks exactly the second and fourth item of every list, and nothing else', async () => {
    const clean = await json(server, `${server.baseUrl}/curated?per_page=10`);
    server.setSwitches({ badItems: true });
    const broken = await json(server, `${server.baseUrl}/curated?per_page=10`);
    const [a, b] = [items(clean, 'photos'), items(broken, 'photos')];
    assert.equal(b.length, a.length);
    assert.equal(b[1]?.width, 'wide');
    assert.equal(b[3]?.src, undefined);
    assert.ok('src' in (a[3] ?? {}));
    for (const i of [0, 2, 4, 5, 6, 7, 8, 9]) assert.deepEqual(b[i], a[i]);
    assert.deepEqual({ ...broken, photos: null }, { ...clean, photos: null }, 'the envelope is intact');
    const videos = items(await json(server, `${server.videoBaseUrl}/popular?per_page=5`), 'videos');
    assert.equal(videos[1]?.width, 'wide');
    assert.equal(videos[3]?.video_files, undefined);
    const collections = items(await json(server, `${server.baseUrl}/collections/featured`), 'collections');
    assert.equal(collections[1]?.media_count, 'many');
    assert.equal(collections[3]?.title, undefined);
  });

  it('stallBody sends the headers and half the body, then nothing more', async () => {
    server.setSwitches({ stallBody: true });
    const controller = new AbortController();
    const res = await fetch(`${server.baseUrl}/curated?per_page=5`, { headers: { Authorization: server.keys.alice }, signal: controller.signal });
    assert.equal(res.status, 200);
    const declared = Number(res.headers.get('content-length'));
    const reader = res.body!.getReader();
    let received = 0;
    const timeout = new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 500));
    for (;;) {
      const next = await Promise.race([reader.read(), timeout]);
      if (next === 'stalled') break;
      assert.equal(next.done, false, 'the body never ends');
      received += next.value.byteLength;
    }
    controller.abort();
    assert.ok(received > 0 && received < declared, `${received} of ${declared} bytes`);
  });

  it('oversizedBody sends more than 8 MB, declared or streamed', async () => {
    server.setSwitches({ oversizedBody: 'declared' });
    const declared = await fetch(`${server.baseUrl}/curated?per_page=5`, { headers: { Authorization: server.keys.alice } });
    assert.ok(Number(declared.headers.get('content-length')) > 8 * 1024 * 1024);
    await declared.body?.cancel();
    server.setSwitches({ oversizedBody: 'chunked' });
    const streamed = await fetch(`${server.baseUrl}/curated?per_page=5`, { headers: { Authorization: server.keys.alice } });
    assert.equal(streamed.headers.get('content-length'), null);
    const text = await streamed.text();
    assert.ok(text.length > 8 * 1024 * 1024);
    assert.ok(Array.isArray((JSON.parse(text) as Json).photos), 'still the answer, with padding');
  });

  it('keyDelays slows down only that user’s answers', async () => {
    server.setSwitches({ keyDelays: { bob: 400 } });
    const timed = async (key: string): Promise<number> => {
      const started = Date.now();
      const res = await fetch(`${server.baseUrl}/collections`, { headers: { Authorization: key } });
      await res.json();
      return Date.now() - started;
    };
    assert.ok((await timed(server.keys.bob)) >= 380);
    assert.ok((await timed(server.keys.alice)) < 300);
    assert.deepEqual(server.log.slice(-2).map((e) => e.key), [server.keys.bob, server.keys.alice]);
  });

  it('the client keeps every good item and counts the spoiled ones; a single one by id fails as a whole', async () => {
    const client = clientFor(server);
    const clean = await client.curatedPhotos({ per_page: 80 }, { fresh: true });
    const spoiledIds = clean.photos.filter((p) => isSpoiledItem(p.id)).map((p) => p.id);
    assert.ok(spoiledIds.length > 5, `${spoiledIds.length} spoiled`);
    server.setSwitches({ missingFields: true });
    const missing = await client.curatedPhotos({ per_page: 80 }, { fresh: true });
    assert.equal(missing.skipped, spoiledIds.length);
    assert.deepEqual(missing.photos.map((p) => p.id), clean.photos.filter((p) => !isSpoiledItem(p.id)).map((p) => p.id));
    server.setSwitches({ missingFields: false, wrongTypes: true });
    const collections = await client.featuredCollections({}, { fresh: true });
    assert.ok(collections.skipped && collections.skipped > 0, 'some collections skipped');
    assert.ok(collections.collections.every((c) => typeof c.title === 'string' && typeof c.media_count === 'number'));
    const wrong = await failure(client.getPhoto(spoiledIds[0] ?? 0));
    assert.equal(wrong.kind, 'invalidResponse');
    assert.match(describeError(wrong, describeContext).message, /^Pexels sent an answer this extension cannot read\. .*“\w+”/);
  });

  it('a hostile error body reaches the message as inert text: no link, no markup', async () => {
    const client = clientFor(server);
    server.setSwitches({ hostile: true, failStatus: 500 });
    const html = await failure(client.curatedPhotos());
    server.setSwitches({ failStatus: 503 });
    const json503 = await failure(client.curatedPhotos());
    for (const error of [html, json503]) {
      const { message } = describeError(error, describeContext);
      assert.equal(error.kind, 'server');
      assert.doesNotMatch(message, /<|>/, message);
      // VS Code notifications turn `[text](command:…)` into a link that runs the command.
      assert.doesNotMatch(message, /\]\(/, message);
    }
    assert.match(describeError(json503, describeContext).message, /The service said: “\(Fix it\)\(command:stockMedia\.clearApiKey\)/);
  });

  it('cleanServerText leaves no Markdown link a notification would make clickable', () => {
    for (const text of ['[Fix](command:x)', 'a [b](https://evil.example) c', '[x](file:///etc/passwd)', '<b>[x]</b>(command:y)', '[x]\n(command:y)']) {
      const cleaned = cleanServerText(text);
      assert.doesNotMatch(cleaned, /\]\(/, cleaned);
      assert.ok(cleaned.includes('command:') || cleaned.includes('https:') || cleaned.includes('file:'), 'the words stay readable');
    }
  });

  it('foreignNextPage and foreignRedirect never take the key to the other origin', async () => {
    const client = clientFor(server);
    server.setSwitches({ foreignNextPage: true });
    const first = await client.curatedPhotos({ per_page: 80 });
    assert.ok(first.next_page?.startsWith(foreign.origin));
    const second = await client.nextPage('curatedPhotos', { per_page: 80 }, first);
    assert.equal(second?.page, 2);
    assert.deepEqual(server.log.map((e) => e.query.page), ['1', '2']);
    server.setSwitches({ foreignNextPage: false, foreignRedirect: true });
    const redirected = await failure(client.curatedPhotos({ per_page: 79 }));
    assert.equal(redirected.kind, 'invalidResponse', 'a redirect is reported, not followed');
    assert.match(redirected.message, new RegExp(foreign.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'it says where it pointed');
    assert.equal(foreign.log.length, 0, 'the redirect was not followed');
    assert.deepEqual([...foreign.log, ...foreign.mediaLog].filter((e) => e.hadKey), []);
  });
});
