// The commands' arguments as the parsing layer reads them: the insert, copy and open
// commands' `{ media, … }` and the tree's multi-selection, a grid tile's context, and the
// hover links' `{ ref }` and Insert credit line's `{ uri, kind, id, offset }`. What another
// extension or a keybinding may send instead (numbers, lists, look-alikes, prototype tricks,
// getters) is no argument: undefined, never an exception, never media.
import * as assert from 'node:assert/strict';
import type { MediaItem } from '../../src/core/model';
import { creditLineArg, mediaRefArg } from '../../src/host/credits/args';
import type { GridPanel } from '../../src/host/grid/gridPanel';
import { fromTileContext, tileKeyOf } from '../../src/host/grid/tileContext';
import { parseInsertArgs, parseSelection } from '../../src/host/insert/args';
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

describe('a grid tile’s context', () => {
  const tile = { webview: 'stockMedia.grid', webviewSection: 'tile', key: 'photo:2014422' };
  const grid = { mediaFor: (key: string): MediaItem | undefined => (key === 'photo:2014422' ? media : undefined) } as unknown as GridPanel;

  it('names a tile of the grid by its key, and gives the media the grid shows there', () => {
    assert.equal(tileKeyOf(tile), 'photo:2014422');
    assert.deepEqual(fromTileContext(tile, grid, 'file:///a.md'), { media, targetUri: 'file:///a.md' });
    assert.deepEqual(fromTileContext(tile, grid), { media });
  });

  it('is no tile for another webview, a bad key, a getter or an inherited key; a tile no longer shown gives nothing', () => {
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
    assert.equal(fromTileContext({ ...tile, key: 'photo:999' }, grid), undefined);
    assert.equal(fromTileContext(tile, undefined), undefined);
  });

  it('passes any other argument on untouched, for the insert commands to judge', () => {
    const arg = { media };
    assert.equal(fromTileContext(arg, grid), arg);
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
