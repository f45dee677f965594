import * as assert from 'node:assert/strict';
import { ENTRY_MAX_CHARS, RECENT_MAX, addToFront, listable, publicMedia, removeKey, reviveList, toStored } from '../../src/core/mediaLists';
import type { MediaItem } from '../../src/core/model';
import { mediaKey } from '../../src/core/tiles';
import { photo, photoItem, video, videoItem } from './insertFixtures';

const keys = (list: readonly MediaItem[]): string[] => list.map(mediaKey);
/** Through JSON, as globalState keeps it. */
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

describe('mediaLists', () => {
  it('puts new media at the front, newest first, each once (by kind and id)', () => {
    let list = addToFront([], [photoItem({ id: 1 })], RECENT_MAX);
    list = addToFront(list, [photoItem({ id: 2 })], RECENT_MAX);
    list = addToFront(list, [videoItem({ id: 1 })], RECENT_MAX);
    assert.deepEqual(keys(list), ['video:1', 'photo:2', 'photo:1']);
    // Used again: moved to the front, not listed twice.
    list = addToFront(list, [photoItem({ id: 1 })], RECENT_MAX);
    assert.deepEqual(keys(list), ['photo:1', 'video:1', 'photo:2']);
    // Several at once keep their order, ahead of the rest.
    list = addToFront(list, [photoItem({ id: 3 }), photoItem({ id: 2 })], RECENT_MAX);
    assert.deepEqual(keys(list), ['photo:3', 'photo:2', 'photo:1', 'video:1']);
  });

  it('keeps at most the cap, dropping the oldest', () => {
    let list: MediaItem[] = [];
    for (let id = 1; id <= 60; id++) list = addToFront(list, [photoItem({ id })], RECENT_MAX);
    assert.equal(list.length, 50);
    assert.equal(keys(list)[0], 'photo:60');
    assert.equal(keys(list)[49], 'photo:11');
  });

  it('removes by key', () => {
    const list = [photoItem({ id: 1 }), videoItem({ id: 1 })];
    assert.deepEqual(keys(removeKey(list, 'photo:1')), ['video:1']);
    assert.deepEqual(keys(removeKey(list, 'photo:9')), ['photo:1', 'video:1']);
  });

  it('stores the public fields only, and reads back what it stored', () => {
    const p = photo({ id: 7, liked: true });
    const withExtras = { kind: 'photo', photo: { ...p, secret: 'x', src: { ...p.src, extra: 'y' } } } as unknown as MediaItem;
    const stored = roundTrip(toStored([withExtras, videoItem({ id: 8 })]));
    const text = JSON.stringify(stored);
    assert.ok(!text.includes('"liked":true') && !text.includes('secret') && !text.includes('extra'), text);
    const back = reviveList(stored, RECENT_MAX);
    assert.deepEqual(keys(back), ['photo:7', 'video:8']);
    assert.equal(back[0]?.kind === 'photo' && back[0].photo.alt, 'Brown Rocks During Golden Hour');
    assert.equal(back[0]?.kind === 'photo' && back[0].photo.liked, false);
    assert.deepEqual(back[1], publicMedia(videoItem({ id: 8 })));
  });

  it('reads hostile stored values as an empty list, and drops the entries that are not media', () => {
    for (const hostile of [undefined, null, 42, 'photo:1', [], [photoItem()], { v: 'x' }, { v: { 0: photoItem() } }, { v: null }]) {
      assert.deepEqual(reviveList(hostile, RECENT_MAX), [], JSON.stringify(hostile));
    }
    const good = roundTrip(toStored([photoItem({ id: 1 })])) as { v: unknown[] };
    const mixed = {
      v: [
        { kind: 'photo', photo: { id: 'nope' } },
        null,
        'photo:3',
        { kind: 'script', photo: good.v[0] },
        { kind: 'video', video: { ...video({ id: 5 }), video_files: 'x' } },
        ...good.v,
        ...good.v,
        { kind: 'photo', photo: { ...(good.v[0] as { photo: object }).photo, id: 2, url: 'x'.repeat(ENTRY_MAX_CHARS) } },
      ],
    };
    assert.deepEqual(keys(reviveList(mixed, RECENT_MAX)), ['photo:1']);
  });

  it('lists only media of the service’s full shape (a command’s loose argument may lack fields)', () => {
    const loose = { kind: 'video', video: { ...video({ id: 3 }), user: { name: 'A', url: 'https://x' }, video_pictures: [null] } } as unknown as MediaItem;
    assert.deepEqual(keys(listable([loose, photoItem({ id: 4 })])), ['photo:4']);
  });

  it('reads at most the cap from a huge stored list', () => {
    const many = roundTrip(toStored(Array.from({ length: 300 }, (_, i) => photoItem({ id: i + 1 }))));
    const back = reviveList(many, RECENT_MAX);
    assert.equal(back.length, 50);
    assert.equal(keys(back)[0], 'photo:1');
  });
});
