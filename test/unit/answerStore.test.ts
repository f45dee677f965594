// The answers kept across restarts: the store on its own (expiry, cap, a corrupt or foreign
// file, clearing, debounced writes) and under the client against the local server (a new
// client on the same file sends nothing for what was seen; another key never gets it).
import assert from 'node:assert/strict';
import { MediaClient } from '../../src/api/client';
import type { StoreFile } from '../../src/core/answerStore';
import { AnswerStore, oneByteJson } from '../../src/core/answerStore';
import { useApiServer } from './apiServer';

/** A file in memory that counts its writes. */
class MemoryFile implements StoreFile {
  bytes: Uint8Array | undefined;
  writes = 0;
  reads = 0;
  read(): Promise<Uint8Array | undefined> {
    this.reads += 1;
    return Promise.resolve(this.bytes);
  }
  write(bytes: Uint8Array): Promise<void> {
    this.writes += 1;
    this.bytes = bytes;
    return Promise.resolve();
  }
  delete(): Promise<void> {
    this.bytes = undefined;
    return Promise.resolve();
  }
  get text(): string | undefined {
    return this.bytes && new TextDecoder().decode(this.bytes);
  }
  set text(value: string | undefined) {
    this.bytes = value === undefined ? undefined : new TextEncoder().encode(value);
  }
}

const HOUR = 3_600_000;
const warnings: string[] = [];
const logger = {
  trace() {},
  debug() {},
  info() {},
  warn: (m: string) => void warnings.push(m),
  error() {},
};

function storeOn(file: MemoryFile, clock: { now(): number }, extra: Partial<ConstructorParameters<typeof AnswerStore>[0]> = {}): AnswerStore {
  return new AnswerStore({ file, clock, ttlMs: 24 * HOUR, logger, writeDelayMs: 60_000, ...extra });
}

describe('AnswerStore', () => {
  let now: number;
  const clock = { now: () => now };
  beforeEach(() => {
    now = 1_700_000_000_000;
    warnings.length = 0;
  });

  it('reads nothing until the first look-up, and a new store on the same file finds what was flushed', async () => {
    const file = new MemoryFile();
    const first = storeOn(file, clock);
    first.set('tagA https://api.test/v1/photos/1?', { id: 1, photographer: 'Ann' });
    assert.equal(file.writes, 0, 'not written on every answer');
    await first.flush();
    assert.equal(file.writes, 1);
    const second = storeOn(file, clock);
    assert.equal(file.reads, 0, 'made without reading');
    assert.deepEqual((await second.get('tagA https://api.test/v1/photos/1?'))?.value, { id: 1, photographer: 'Ann' });
    assert.equal(file.reads, 1);
    await second.get('tagA https://api.test/v1/photos/2?');
    assert.equal(file.reads, 1, 'read once');
  });

  it('writes many answers together once, after the delay', async () => {
    const file = new MemoryFile();
    const store = storeOn(file, clock, { writeDelayMs: 20 });
    for (let i = 0; i < 50; i++) store.set(`t u${i}`, { i });
    await new Promise((r) => setTimeout(r, 80));
    assert.equal(file.writes, 1);
    assert.equal(storeOn(file, clock).size, 0, 'a new store has not read yet');
    const again = storeOn(file, clock);
    assert.deepEqual((await again.get('t u49'))?.value, { i: 49 });
    assert.equal(again.size, 50);
  });

  it('answers that keep coming are written when they stop, and every five to ten delays meanwhile', async () => {
    const file = new MemoryFile();
    // The delay's own clock: each answer comes 4 ms after the last, within the 5 ms delay.
    let t = 0;
    const store = storeOn(file, clock, { writeDelayMs: 5, timerClock: { now: () => t } });
    const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
    for (let i = 0; i < 30; i++) {
      store.set(`t u${i}`, { i });
      t += 4;
      // Real time for the store's timer to look (it goes by `t`).
      await sleep(6);
    }
    // 120 ms of answers: written every 5 ms before; now only once the 50 ms most since the first unwritten one passed.
    assert.ok(file.writes <= 2, `${file.writes} writes while answers came`);
    const during = file.writes;
    // Quiet for the delay, and five delays since the last write.
    t += 25;
    for (let i = 0; i < 200 && file.writes === during; i++) await sleep(5);
    assert.equal(file.writes, during + 1, 'written once when they stopped');
    const again = storeOn(file, clock);
    assert.deepEqual((await again.get('t u29'))?.value, { i: 29 });
    assert.equal(again.size, 30);
  });

  it('keeps answers as one-byte JSON that reads back the same, whatever script they are in', async () => {
    const value = { name: 'Zoë Łukasz 山田 Кошка 😀', lone: '\ud800', plain: 'a "quoted" \\ text', n: [1, 2.5, null] };
    const json = oneByteJson(JSON.stringify(value));
    assert.doesNotMatch(json, /[\u0100-\uffff]/, 'no character above U+00FF');
    assert.deepEqual(JSON.parse(json), value);
    assert.equal(oneByteJson('{"a":"Zoë"}'), '{"a":"Zoë"}', 'Latin-1 is one byte already');
    const file = new MemoryFile();
    const store = storeOn(file, clock);
    store.set('t u', value);
    await store.flush();
    assert.deepEqual((await storeOn(file, clock).get('t u'))?.value, value);
  });

  it('an answer expires by the time to live, also a shorter one set later, and is not written again', async () => {
    const file = new MemoryFile();
    const store = storeOn(file, clock);
    store.set('t a', 1);
    now += 23 * HOUR;
    assert.equal((await store.get('t a'))?.value, 1);
    store.setTtl(HOUR);
    assert.equal(await store.get('t a'), undefined, 'older than the new TTL');
    store.setTtl(24 * HOUR);
    store.set('t b', 2);
    await store.flush();
    now += 24 * HOUR;
    const later = storeOn(file, clock);
    assert.equal(await later.get('t b'), undefined, 'expired after 24 hours');
    assert.equal(later.size, 0);
    store.setTtl(0);
    const size = store.size;
    store.set('t c', 3);
    assert.equal(store.size, size, 'TTL 0 keeps nothing');
  });

  it('keeps to its cap, dropping the least recently used first', async () => {
    const file = new MemoryFile();
    const value = { text: 'x'.repeat(1000) };
    const store = storeOn(file, clock, { maxBytes: 10_000 });
    for (let i = 0; i < 9; i++) store.set(`t ${i}`, value);
    assert.ok((await store.get('t 0')) !== undefined, 'used, so now the most recent');
    for (let i = 9; i < 12; i++) store.set(`t ${i}`, value);
    assert.ok(store.storedBytes <= 10_000, `${store.storedBytes} bytes`);
    assert.ok(store.size < 12);
    assert.ok((await store.get('t 0')) !== undefined, 'the recently used one stayed');
    assert.equal(await store.get('t 1'), undefined, 'the least recently used went');
    const counted = storeOn(file, clock, { maxEntries: 3 });
    for (let i = 0; i < 5; i++) counted.set(`t ${i}`, i);
    assert.equal(counted.size, 3);
    storeOn(file, clock, { maxBytes: 100 }).set('t big', value);
    await counted.flush();
    assert.ok(file.text !== undefined && !file.text.includes('"t big"'), 'an answer larger than the cap is not kept');
  });

  for (const [what, text] of [
    ['not JSON', '{"format":"stock-media-ans'],
    ['another program’s JSON', '{"name":"something else","entries":{}}'],
    ['a later format', '{"format":"stock-media-answers","version":2,"entries":[]}'],
    ['a list', '[1,2,3]'],
  ] as const) {
    it(`ignores a file that is ${what}, says so in the log, and replaces it`, async () => {
      const file = new MemoryFile();
      file.text = text;
      const store = storeOn(file, clock);
      assert.equal(await store.get('t a'), undefined);
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.doesNotMatch(warnings[0] ?? '', /something else|\[1,2|\{"format/, 'the file’s content is not logged');
      store.set('t a', { ok: true });
      await store.flush();
      assert.deepEqual((await storeOn(file, clock).get('t a'))?.value, { ok: true });
    });
  }

  it('drops only the unreadable entries of a file, and entries stored in the future', async () => {
    const file = new MemoryFile();
    file.text = JSON.stringify({
      format: 'stock-media-answers',
      version: 1,
      entries: [
        { key: 't good', storedAt: now - HOUR, value: { id: 1 } },
        { key: 42, storedAt: now, value: {} },
        { key: 't no date', value: {} },
        { key: 't future', storedAt: now + 48 * HOUR, value: {} },
      ],
    });
    const store = storeOn(file, clock);
    assert.deepEqual((await store.get('t good'))?.value, { id: 1 });
    assert.equal(store.size, 1);
  });

  it('a read that fails starts empty; a file that cannot be written is logged, not thrown', async () => {
    const broken: StoreFile = {
      read: () => Promise.reject(new Error('EACCES')),
      write: () => Promise.reject(new Error('ENOSPC')),
      delete: () => Promise.reject(new Error('EBUSY')),
    };
    const store = new AnswerStore({ file: broken, ttlMs: HOUR, logger, clock });
    assert.equal(await store.get('t a'), undefined);
    store.set('t a', 1);
    await store.flush();
    await store.clear();
    assert.equal(warnings.length, 3, warnings.join('\n'));
  });

  it('an entry is found only under its own key tag', async () => {
    const file = new MemoryFile();
    const store = storeOn(file, clock);
    store.set('tagAlice https://api.test/v1/photos/1?', { by: 'alice' });
    await store.flush();
    const reopened = storeOn(file, clock);
    assert.equal(await reopened.get('tagBob https://api.test/v1/photos/1?'), undefined);
    assert.deepEqual((await reopened.get('tagAlice https://api.test/v1/photos/1?'))?.value, { by: 'alice' });
  });

  it('clear deletes the file, and a read under way does not bring the entries back', async () => {
    const file = new MemoryFile();
    const first = storeOn(file, clock);
    first.set('t a', 1);
    await first.flush();
    let release: () => void = () => {};
    const slow: StoreFile = {
      read: () => new Promise((resolve) => (release = () => resolve(file.bytes))),
      write: (bytes) => file.write(bytes),
      delete: () => file.delete(),
    };
    const store = new AnswerStore({ file: slow, ttlMs: HOUR, clock });
    const reading = store.get('t a');
    await store.clear();
    release();
    assert.equal(await reading, undefined);
    assert.equal(file.bytes, undefined, 'the file is gone');
    assert.equal(await store.get('t a'), undefined);
  });

  it('gives each reader its own copy, frozen when stored', async () => {
    const store = storeOn(new MemoryFile(), clock);
    const value = { tags: ['a'] };
    store.set('t a', value);
    value.tags.push('changed later');
    const got = (await store.get('t a'))?.value as { tags: string[] };
    assert.deepEqual(got, { tags: ['a'] });
    got.tags.push('by a reader');
    assert.deepEqual((await store.get('t a'))?.value, { tags: ['a'] });
  });
});

describe('MediaClient over stored answers (the local server)', function () {
  this.timeout(20_000);
  const server = useApiServer();

  function clientOn(file: MemoryFile, key: string): { client: MediaClient; store: AnswerStore } {
    const store = new AnswerStore({ file, ttlMs: 24 * HOUR, writeDelayMs: 60_000 });
    const client = new MediaClient({
      baseUrl: server().baseUrl,
      videoBaseUrl: server().videoBaseUrl,
      keyProvider: { getKey: () => Promise.resolve(key) },
      cacheTtlMs: 24 * HOUR,
      store,
    });
    return { client, store };
  }

  it('a new client on the same file (a restart) answers what was seen without a request', async () => {
    const file = new MemoryFile();
    const first = clientOn(file, server().keys.alice).client;
    const page = await first.searchPhotos({ query: 'nature', per_page: 15 });
    // Photos of the page are answered from it (client.ts seedFrom); these two are not on it.
    const onPage = new Set(page.photos.map((p) => p.id));
    const [a, b] = server().library.photos.filter((p) => !onPage.has(p.id));
    assert.ok(a && b);
    const photo = await first.getPhoto(a.id);
    const collections = await first.featuredCollections();
    const sent = server().log.length;
    assert.equal(sent, 3);
    await first.flushCache();

    const restarted = clientOn(file, server().keys.alice).client;
    assert.deepEqual(await restarted.searchPhotos({ per_page: 15, query: 'nature' }), page);
    assert.deepEqual(await restarted.getPhoto(a.id), photo);
    assert.deepEqual(await restarted.featuredCollections(), collections);
    assert.equal(server().log.length, sent, 'no request after the restart');
    assert.equal(restarted.requestsSent, 0);
    await restarted.getPhoto(b.id);
    assert.equal(server().log.length, sent + 1, 'what was not seen is asked for');
    await restarted.getPhoto(a.id, { fresh: true });
    assert.equal(server().log.length, sent + 2, 'a refresh asks the service');
    assert.ok(file.text !== undefined && !file.text.includes(server().keys.alice), 'the key is not in the file');
  });

  it('media remembered on use (Recent, Starred) are answered after a restart without a request', async () => {
    const file = new MemoryFile();
    const first = clientOn(file, server().keys.alice).client;
    const page = await first.searchPhotos({ query: 'nature', per_page: 15 });
    const used = page.photos[2];
    assert.ok(used);
    await first.remember([{ kind: 'photo', photo: used }]);
    await first.flushCache();
    const sent = server().log.length;

    const restarted = clientOn(file, server().keys.alice).client;
    assert.equal(await restarted.hasCached('photo', used.id), true);
    assert.deepEqual(await restarted.getPhoto(used.id), used);
    assert.equal(server().log.length, sent, 'no request for the remembered photo');
    // Not for another key: bob's look-up is his own request.
    await clientOn(file, server().keys.bob).client.getPhoto(used.id);
    assert.equal(server().log.length, sent + 1);
  });

  it('a media remembered on use is in the file once remember() resolves, with no flush: a window reloaded seconds after an insert still knows it', async () => {
    const file = new MemoryFile();
    const first = clientOn(file, server().keys.alice).client;
    const page = await first.searchPhotos({ query: 'nature', per_page: 15 });
    const used = page.photos[3];
    assert.ok(used);
    await first.remember([{ kind: 'photo', photo: used }]);
    const sent = server().log.length;
    // No flushCache(): the window went before the store's write delay was over.
    const reloaded = clientOn(file, server().keys.alice).client;
    assert.deepEqual(await reloaded.getPhoto(used.id), used);
    assert.equal(server().log.length, sent, 'no request for the photo used just before');
  });

  it('another key gets nothing stored with the first one, and a cleared cache leaves no file', async () => {
    const file = new MemoryFile();
    const alice = clientOn(file, server().keys.alice).client;
    await alice.myCollections();
    await alice.flushCache();
    const bob = clientOn(file, server().keys.bob).client;
    const bobs = await bob.myCollections();
    assert.equal(server().log.length, 2, 'bob’s own request');
    assert.ok(bobs.collections.every((c) => server().library.collections.find((x) => x.id === c.id)?.owner === 'bob'));
    bob.clearCache();
    await bob.flushCache();
    assert.equal(file.bytes, undefined);
    await clientOn(file, server().keys.alice).client.myCollections();
    assert.equal(server().log.length, 3, 'nothing left to answer from');
  });

  it('a stored answer that no longer passes the check is dropped and asked for again', async () => {
    const file = new MemoryFile();
    const first = clientOn(file, server().keys.alice).client;
    // Asked for alone (a photo from a list answer would be answered from the list).
    const photo = await first.getPhoto(server().library.photos[0]?.id ?? 1);
    await first.flushCache();
    // The file stays well formed; only the stored photos' src.original is no longer a URL.
    const stored = JSON.parse(file.text ?? '') as { entries: { value: { src?: { original: unknown } } }[] };
    for (const { value } of stored.entries) if (value.src) value.src.original = 42;
    file.text = JSON.stringify(stored);
    const restarted = clientOn(file, server().keys.alice).client;
    const before = server().log.length;
    assert.deepEqual(await restarted.getPhoto(photo.id), photo);
    assert.equal(server().log.length, before + 1);
  });
});
