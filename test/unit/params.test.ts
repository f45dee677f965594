import assert from 'node:assert/strict';
import { MediaError } from '../../src/core/errors';
import {
  LOCALES,
  NAMED_COLORS,
  checkCollectionId,
  checkMediaId,
  checkPaging,
  collectionMediaQuery,
  normalizeColor,
  photoSearchQuery,
  popularVideoQuery,
  videoSearchQuery,
} from '../../src/core/params';
import type { PhotoSearchParams } from '../../src/core/params';

function invalidField(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof MediaError, 'a MediaError');
    assert.equal(error.kind, 'invalidRequest');
    assert.ok(error.message.length > 10, 'a sentence a user understands');
    return error.field;
  }
  assert.fail('expected the parameter to be refused');
}

describe('request parameters', () => {
  it('builds a photo search with every parameter and the largest page size by default', () => {
    const q = photoSearchQuery({ query: '  sea  ', orientation: 'portrait', size: 'large', color: 'blue', locale: 'ja-JP' });
    assert.deepEqual(q, { query: 'sea', orientation: 'portrait', size: 'large', color: 'blue', locale: 'ja-JP', page: '1', per_page: '80' });
  });

  it('refuses an empty or blank query', () => {
    assert.equal(invalidField(() => photoSearchQuery({ query: '' })), 'query');
    assert.equal(invalidField(() => videoSearchQuery({ query: '   \n' })), 'query');
    assert.equal(invalidField(() => photoSearchQuery({ query: 'x'.repeat(501) })), 'query');
  });

  it('refuses unknown enum values', () => {
    assert.equal(invalidField(() => photoSearchQuery({ query: 'a', orientation: 'diagonal' } as unknown as PhotoSearchParams)), 'orientation');
    assert.equal(invalidField(() => videoSearchQuery({ query: 'a', size: 'huge' } as unknown as PhotoSearchParams)), 'size');
    assert.equal(invalidField(() => photoSearchQuery({ query: 'a', locale: 'xx-XX' } as unknown as PhotoSearchParams)), 'locale');
    assert.equal(invalidField(() => collectionMediaQuery({ type: 'gifs' } as never)), 'type');
    assert.equal(invalidField(() => collectionMediaQuery({ sort: 'random' } as never)), 'sort');
  });

  it('accepts the 12 named colours and hex codes, refuses anything else', () => {
    for (const c of NAMED_COLORS) assert.equal(normalizeColor(c), c);
    assert.equal(normalizeColor('#1E90FF'), '#1e90ff');
    assert.equal(normalizeColor('1e90ff'), '#1e90ff');
    assert.equal(normalizeColor('#abc'), '#aabbcc');
    assert.equal(normalizeColor(''), undefined);
    for (const bad of ['#12345', '#ggg000', 'bleu', '#1e90ff00', 'rgb(1,2,3)']) {
      assert.equal(invalidField(() => normalizeColor(bad)), 'color', bad);
    }
  });

  it('knows the 28 supported locales', () => {
    assert.equal(LOCALES.length, 28);
    assert.ok(LOCALES.includes('pt-BR') && LOCALES.includes('ru-RU'));
  });

  it('refuses non-positive pages and page sizes outside 1..80 (refused, not clamped)', () => {
    assert.deepEqual(checkPaging({ page: 3, per_page: 20 }), { page: '3', per_page: '20' });
    assert.equal(invalidField(() => checkPaging({ page: 0 })), 'page');
    assert.equal(invalidField(() => checkPaging({ page: -1 })), 'page');
    assert.equal(invalidField(() => checkPaging({ page: 1.5 })), 'page');
    assert.equal(invalidField(() => checkPaging({ per_page: 81 })), 'per_page');
    assert.equal(invalidField(() => checkPaging({ per_page: 0 })), 'per_page');
  });

  it('checks the popular-video filters', () => {
    assert.deepEqual(popularVideoQuery({ min_width: 1920, min_height: 1080, min_duration: 5, max_duration: 60 }), {
      min_width: '1920', min_height: '1080', min_duration: '5', max_duration: '60', page: '1', per_page: '80',
    });
    assert.equal(invalidField(() => popularVideoQuery({ min_width: -5 })), 'min_width');
    assert.equal(invalidField(() => popularVideoQuery({ min_duration: 30, max_duration: 10 })), 'max_duration');
  });

  it('checks ids', () => {
    assert.equal(checkMediaId('2014422', 'photo'), 2014422);
    assert.equal(checkMediaId(7, 'video'), 7);
    assert.equal(invalidField(() => checkMediaId('12abc', 'photo')), 'id');
    assert.equal(invalidField(() => checkMediaId(0, 'video')), 'id');
    assert.equal(checkCollectionId('9mp14cx'), '9mp14cx');
    assert.equal(invalidField(() => checkCollectionId('../photos/1')), 'id');
    assert.equal(invalidField(() => checkCollectionId('')), 'id');
  });
});
