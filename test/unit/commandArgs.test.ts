// The commands' arguments as host/common/commandArgs.ts, their one reader, reads them: the insert, copy and open
// commands' `{ media, … }` and the tree's multi-selection, a grid tile's context, and the
// hover links' `{ ref }` and Insert credit line's `{ uri, kind, id, offset }`. What another
// extension or a keybinding may send instead (numbers, lists, look-alikes, prototype tricks,
// getters) is no argument: undefined, never an exception, never media.
import * as assert from 'node:assert/strict';
import type { MediaItem, MediaKind } from '../../src/core/model';
import type { MediaSources } from '../../src/host/common/commandArgs';
import {
  collectionFilterArg,
  creditLineArg,
  keyArg,
  mediaRefArg,
  openMediaArg,
  ownNode,
  parseInsertArgs,
  parseSelection,
  resolveMedia,
  searchArg,
  tileKeyOf,
} from '../../src/host/common/commandArgs';
import { photoItem, videoItem } from './insertFixtures';

const media = photoItem();
const other = videoItem();

/** Wrong arguments every parser below must turn away. */
const WRONG: readonly unknown[] = [
  undefined,
  null,
  0,
  -1,
  NaN,
  true,
  10n,
  Symbol('wrong'),
  () => media,
  '',
  'javascript:alert(1)',
  'command:stockMedia.clearApiKey',
  'a'.repeat(1024 * 1024),
  [],
  [media],
  [[{ media }]],
  {},
  { kind: 'photo', photo: { id: '1' } },
  { media: { kind: 'photo' } },
  { media: { kind: 'constructor', photo: media.kind === 'photo' ? media.photo : undefined } },
  { media: { ...media, photo: { ...(media.kind === 'photo' ? media.photo : {}), src: undefined } } },
  Object.create({ media }) as unknown,
  JSON.parse(`{"__proto__":{"media":${JSON.stringify(media)}}}`) as unknown,
  { media: Object.create(media) as unknown },
  { constructor: { prototype: { media } } },
  {
    get media(): never {
      throw new Error('a getter that throws');
    },
  },
];

describe('the insert commands’ argument', () => {
  it('is the media of a tree node or the grid, with its optional fields', () => {
    const a = parseInsertArgs({ type: 'media', id: 'x', media, targetUri: 'file:///a.md', variant: 'small', mode: 'download', format: 'html' });
    assert.ok(a);
    assert.deepEqual(a.media, media);
    assert.equal(a.targetUri, 'file:///a.md');
    assert.equal(a.variant, 'small');
    assert.equal(a.mode, 'download');
    assert.equal(a.languageId, 'html');
  });

  it('drops optional fields that are wrong, keeping the media', () => {
    const a = parseInsertArgs({ media, targetUri: 42, variant: 'huge', videoFileId: NaN, languageId: 'javascript:alert(1)', mode: {} });
    assert.deepEqual(a, { media, targetUri: undefined, variant: undefined, videoFileId: undefined, languageId: undefined, mode: undefined });
  });

  it('is nothing for numbers, text, lists, look-alikes, prototype tricks and getters', () => {
    for (const [i, wrong] of WRONG.entries()) assert.equal(parseInsertArgs(wrong), undefined, `wrong argument #${i}`);
  });

  it('reads a multi-selection as plain data, and only when it holds two or more media', () => {
    const first = parseInsertArgs({ media });
    assert.ok(first);
    assert.deepEqual(
      parseSelection(first, [{ media }, { media: other }]).map((a) => a.media),
      [media, other],
    );
    for (const [i, wrong] of [...WRONG, [[{ media }], [{ media: other }]], [{ media }, Object.create({ media: other }) as unknown]].entries()) {
      assert.deepEqual(parseSelection(first, wrong), [first], `wrong selection #${i}`);
    }
    const withGetter: unknown[] = [{ media }];
    Object.defineProperty(withGetter, 1, {
      enumerable: true,
      get: (): never => {
        throw new Error('a getter that throws');
      },
    });
    assert.deepEqual(parseSelection(first, withGetter), [first]);
  });
});

/** The sources a media command's argument is resolved against: a grid showing `media`, an editor, a look-up that finds `other`. */
function sources(looked: { kind: MediaKind; id: number }[] = [], active?: MediaItem): MediaSources {
  return {
    gridMedia: (key) => (key === 'photo:2014422' ? media : undefined),
    activeGridMedia: () => active,
    lastEditorUri: () => 'file:///a.md',
    lookup: (kind, id) => {
      looked.push({ kind, id });
      return Promise.resolve(id === 9 ? { ok: true, media: other } : { ok: false, error: new Error('not found') });
    },
  };
}

describe('a grid tile’s context', () => {
  const tile = { webview: 'stockMedia.grid', webviewSection: 'tile', key: 'photo:2014422' };

  it('names a tile of the grid by its key, and gives the media the grid shows there (inserts: into the editor before the grid)', async () => {
    assert.equal(tileKeyOf(tile), 'photo:2014422');
    assert.deepEqual(await resolveMedia(tile, undefined, sources(), true), { ok: true, items: [parseInsertArgs({ media, targetUri: 'file:///a.md' })] });
    assert.deepEqual(await resolveMedia(tile, undefined, sources(), false), { ok: true, items: [parseInsertArgs({ media })] });
  });

  it('is no tile for another webview, a bad key, a getter or an inherited key; a tile no longer shown gives nothing', async () => {
    for (const wrong of [
      { ...tile, webview: 'other.view' },
      { ...tile, key: 'photo:NaN' },
      { ...tile, key: 'photo:1 OR 1' },
      Object.create(tile) as unknown,
      {
        webview: 'stockMedia.grid',
        webviewSection: 'tile',
        get key(): never {
          throw new Error('a getter that throws');
        },
      },
      ...WRONG,
    ]) {
      assert.equal(tileKeyOf(wrong), undefined);
    }
    assert.deepEqual(await resolveMedia({ ...tile, key: 'photo:999' }, undefined, sources(), true), { ok: false });
  });
});

describe('the media commands’ one reader (resolveMedia)', () => {
  it('takes { media } with the tree’s selection', async () => {
    const found = await resolveMedia({ media }, [{ media }, { media: other }], sources(), true);
    assert.ok(found.ok);
    assert.deepEqual(
      found.items.map((a) => a.media),
      [media, other],
    );
  });

  it('looks a hover link’s { ref } up, and says why when the look-up fails', async () => {
    const looked: { kind: MediaKind; id: number }[] = [];
    assert.deepEqual(await resolveMedia({ ref: { kind: 'video', id: 9 } }, undefined, sources(looked), false), { ok: true, items: [parseInsertArgs({ media: other })] });
    const failed = await resolveMedia({ ref: { kind: 'photo', id: 5 } }, undefined, sources(looked), false);
    assert.ok(!failed.ok && failed.error instanceof Error);
    assert.deepEqual(looked, [
      { kind: 'video', id: 9 },
      { kind: 'photo', id: 5 },
    ]);
  });

  it('with no argument at all (the palette), takes the grid’s focused tile, into the editor before the grid; none focused: nothing', async () => {
    assert.deepEqual(await resolveMedia(undefined, undefined, sources([], other), true), { ok: true, items: [parseInsertArgs({ media: other, targetUri: 'file:///a.md' })] });
    assert.deepEqual(await resolveMedia(undefined, undefined, sources([], other), false), { ok: true, items: [parseInsertArgs({ media: other })] });
    assert.deepEqual(await resolveMedia(undefined, undefined, sources(), true), { ok: false });
    // Only no argument at all: a wrong one is still refused, the focused tile or not.
    assert.deepEqual(await resolveMedia(null, undefined, sources([], other), true), { ok: false });
  });

  it('refuses every wrong argument without a look-up', async () => {
    const looked: { kind: MediaKind; id: number }[] = [];
    for (const [i, wrong] of WRONG.entries()) {
      assert.deepEqual(await resolveMedia(wrong, [{ media }, { media: other }], sources(looked), true), { ok: false }, `wrong argument #${i}`);
    }
    assert.deepEqual(looked, []);
  });
});

describe('the other commands’ arguments', () => {
  it('Set API Key: the key as text or { key }, else nothing (the command asks)', () => {
    assert.equal(keyArg('abc'), 'abc');
    assert.equal(keyArg({ key: 'abc' }), 'abc');
    for (const wrong of [undefined, 42, { key: 42 }, Object.create({ key: 'abc' }) as unknown, [{ key: 'abc' }]]) assert.equal(keyArg(wrong), undefined);
  });

  it('a search: the plain fields of an object, and whether they name a query', () => {
    assert.deepEqual(searchArg({ query: 'cats', color: 'red' }), { fields: { query: 'cats', color: 'red' }, hasQuery: true });
    assert.deepEqual(searchArg({ color: 'red' }), { fields: { color: 'red' }, hasQuery: false });
    for (const wrong of [...WRONG, Object.create({ query: 'cats' }) as unknown]) assert.equal(searchArg(wrong).hasQuery, false);
    assert.deepEqual(searchArg([{ query: 'cats' }]), { fields: {}, hasQuery: false });
  });

  it('Open Photo or Video: a link or id as text, { url }, or { kind, id }', () => {
    assert.equal(openMediaArg('https://example.com/photo/x-1/'), 'https://example.com/photo/x-1/');
    assert.equal(openMediaArg(12), '12');
    assert.equal(openMediaArg({ url: 'u' }), 'u');
    assert.equal(openMediaArg({ kind: 'video', id: 3 }), 'video 3');
    assert.equal(openMediaArg({ kind: 'audio', id: 3 }), '3');
    for (const wrong of [undefined, null, true, {}, { url: 1 }, Object.create({ url: 'u' }) as unknown]) assert.equal(openMediaArg(wrong), undefined);
  });

  it('a tree node only when the tree handed it out, of the type asked for; a collection filter only when it is one', () => {
    const mine = { type: 'collection', id: 'c' } as const;
    const owns = (value: unknown): value is typeof mine => value === mine;
    assert.equal(ownNode(mine, owns, 'collection'), mine);
    assert.equal(ownNode({ ...mine }, owns, 'collection'), undefined);
    assert.equal(collectionFilterArg('videos'), 'videos');
    for (const wrong of ['movies', 1, { filter: 'videos' }]) assert.equal(collectionFilterArg(wrong), undefined);
  });
});

describe('the hover links’ arguments', () => {
  it('{ ref } names a photo or video by a positive whole id', () => {
    assert.deepEqual(mediaRefArg({ ref: { kind: 'photo', id: 7 } }), { kind: 'photo', id: 7 });
    assert.deepEqual(mediaRefArg({ ref: { kind: 'video', id: 9, extra: 1 } }), { kind: 'video', id: 9 });
    for (const ref of [{ kind: 'photo', id: NaN }, { kind: 'photo', id: 0 }, { kind: 'photo', id: -1 }, { kind: 'photo', id: 1.5 }, { kind: 'video', id: '7' }, { kind: 'photo', id: 1e21 }, { kind: 'audio', id: 1 }, { kind: 'toString', id: 1 }, 'photo:1']) {
      assert.equal(mediaRefArg({ ref }), undefined, JSON.stringify(ref));
    }
    assert.equal(mediaRefArg(Object.create({ ref: { kind: 'photo', id: 7 } }) as unknown), undefined);
    for (const wrong of WRONG) assert.equal(mediaRefArg(wrong), undefined);
  });

  it('Insert credit line takes a document URI as text, the media, and an offset that is a whole number', () => {
    const good = { uri: 'file:///a.md', kind: 'photo', id: 7, offset: 12 };
    assert.deepEqual(creditLineArg(good), good);
    for (const [i, wrong] of [
      { ...good, uri: 42 },
      { ...good, uri: 'x'.repeat(8_001) },
      { ...good, kind: 'audio' },
      { ...good, id: NaN },
      { ...good, id: 0 },
      { ...good, offset: -1 },
      { ...good, offset: NaN },
      { ...good, offset: 1.5 },
      Object.create(good) as unknown,
      ...WRONG,
    ].entries()) {
      assert.equal(creditLineArg(wrong), undefined, `wrong argument #${i}`);
    }
  });
});
