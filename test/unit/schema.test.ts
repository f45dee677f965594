// The schema combinator every outside value goes through: the failure names the path of
// the value at fault and says what was expected; list items that fail are left out and
// counted; a variant refuses tags it does not know; `is` says yes and no; and the types
// inferred from a schema are the ones a reader expects (checked by the compiler).
import assert from 'node:assert/strict';
import { MediaError } from '../../src/core/errors';
import type { Infer } from '../../src/core/schema';
import type { SearchSpec } from '../../src/core/search';
import { searchSpec } from '../../src/core/search';
import type { GridItem } from '../../src/core/tiles';
import { gridItem } from '../../src/core/tiles';
import {
  array,
  boolean,
  integer,
  is,
  items,
  lenient,
  literal,
  map,
  matches,
  nullable,
  number,
  object,
  optional,
  orAbsent,
  parse,
  picklist,
  PLAIN_MAX_ITEMS,
  plainData,
  refine,
  string,
  variant,
} from '../../src/core/schema';

function failure(run: () => unknown): MediaError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof MediaError, `not a MediaError: ${String(error)}`);
    return error;
  }
  assert.fail('no failure');
}

const src = object({ large: string(), tiny: string() });
const photo = object({ id: integer(1), src, alt: orAbsent(string()), liked: optional(boolean, false) });
const page = object({ page: integer(1), photos: items(photo) });
const good = { id: 7, src: { large: 'l', tiny: 't' } };

describe('schema', () => {
  it('returns the value with extra fields kept, defaults filled and null optional fields left out', () => {
    const out = parse(photo, { ...good, extra: 1, alt: null });
    assert.deepEqual(out, { id: 7, src: { large: 'l', tiny: 't' }, liked: false, extra: 1 });
    assert.ok(!('alt' in out));
  });

  it('never changes the value it checks: a changed field comes back in a copy', () => {
    const input = { ...good, alt: null, src: { ...good.src } };
    const out = parse(photo, input);
    assert.deepEqual(input, { ...good, alt: null, src: { large: 'l', tiny: 't' } });
    assert.notEqual(out, input);
    const untouched = { id: 7, src: { large: 'l', tiny: 't' }, liked: true };
    assert.equal(parse(photo, untouched), untouched);
  });

  it('names the path of the field at fault and what it should be', () => {
    const e = failure(() => parse(array(photo), [good, { ...good, src: { large: 5, tiny: '' } }]));
    assert.equal(e.kind, 'invalidResponse');
    assert.equal(e.field, '[1].src.large');
    assert.equal(e.message, 'The service sent an unexpected answer: “[1].src.large” should be text but is number.');
    const top = failure(() => parse(page, { page: 'x', photos: [] }));
    assert.equal(top.message, 'The service sent an unexpected answer: “page” should be a whole number but is string.');
    assert.equal(failure(() => parse(page, { page: 1 })).message, 'The service sent an unexpected answer: “photos” should be a list but is missing.');
    assert.equal(failure(() => parse(photo, null)).message, 'The service sent an unexpected answer: “” should be an object but is null.');
  });

  it('leaves out the list items that fail, tells each with its path, and keeps the good ones', () => {
    const skipped: string[] = [];
    const out = parse(
      page,
      { page: 2, photos: [good, { ...good, src: { ...good.src, large: 5 } }, 'junk', { ...good, id: 8 }] },
      (e) => skipped.push(e.field ?? ''),
    );
    assert.deepEqual(out.photos.map((p) => p.id), [7, 8]);
    assert.deepEqual(skipped, ['photos[1].src.large', 'photos[2]']);
  });

  it('fails a whole array() for one bad item, and a list longer than its limit', () => {
    assert.equal(failure(() => parse(array(integer()), [1, 'a'])).field, '[1]');
    assert.equal(failure(() => parse(array(integer(), 2), [1, 2, 3])).field, '');
    assert.deepEqual(parse(array(integer(), 2), [1, 2]), [1, 2]);
  });

  it('a variant accepts each of its tags and refuses any other', () => {
    const message = variant('type', {
      ready: object({}),
      search: object({ text: string(10) }),
    });
    assert.deepEqual(parse(message, { type: 'search', text: 'cat' }), { type: 'search', text: 'cat' });
    assert.ok(is(message, { type: 'ready' }));
    const unknown = failure(() => parse(message, { type: 'hack' }));
    assert.equal(unknown.field, 'type');
    assert.equal(unknown.message, 'The service sent an unexpected answer: “type” should be ready | search but is string.');
    assert.equal(failure(() => parse(message, { text: 'x' })).field, 'type');
    assert.equal(failure(() => parse(message, { type: 'toString' })).field, 'type');
    assert.equal(failure(() => parse(message, { type: 'search', text: 'x'.repeat(11) })).field, 'text');
  });

  it('is() says yes to what fits and no to what does not, and never throws for bad data', () => {
    const key = matches(/^(photo|video):\d{1,16}$/);
    assert.equal(is(key, 'photo:1'), true);
    assert.equal(is(key, 'photo:x'), false);
    assert.equal(is(key, 7), false);
    assert.equal(is(photo, good), true);
    assert.equal(is(photo, { ...good, id: 0 }), false);
    assert.equal(is(photo, { ...good, alt: 5 }), false);
    assert.equal(is(nullable(integer()), null), true);
    assert.equal(is(optional(integer()), undefined), true);
    assert.equal(is(optional(integer()), null), false);
    assert.equal(is(number(0), -0.5), false);
    assert.equal(is(number(), Number.NaN), false);
    assert.equal(is(picklist(['a', 'b']), 'b'), true);
    assert.equal(is(literal(3), '3'), false);
  });

  it('lenient() leaves an invalid or absent field out instead of failing', () => {
    const args = object({ format: lenient(picklist(['markdown', 'html'])), width: lenient(integer(1)) });
    assert.deepEqual(parse(args, { format: 'html', width: -1 }), { format: 'html' });
    assert.deepEqual(parse(args, {}), {});
  });

  it('map() and refine() transform and narrow after checking', () => {
    const idLike = map(matches(/^\d+$/), Number);
    assert.equal(parse(idLike, '42'), 42);
    const even = refine(integer(), (n) => n % 2 === 0, () => 'an even number');
    assert.equal(parse(even, 4), 4);
    assert.equal(failure(() => parse(object({ n: even }), { n: 3 })).message, 'The service sent an unexpected answer: “n” should be an even number but is number.');
  });

  it('infers the types a reader expects', () => {
    type Photo = Infer<typeof photo>;
    const p: Photo = { id: 1, src: { large: '', tiny: '' }, liked: true };
    const withAlt: Photo = { ...p, alt: 'x' };
    // @ts-expect-error liked is required once it has a fallback
    const noLiked: Photo = { id: 1, src: { large: '', tiny: '' } };
    // @ts-expect-error alt is a string
    const badAlt: Photo = { ...p, alt: 5 };
    const message = variant('type', { a: object({ n: integer() }), b: object({ s: string() }) });
    type Message = Infer<typeof message>;
    const m: Message = { type: 'a', n: 1 };
    // @ts-expect-error a tag the variant does not have
    const wrongTag: Message = { type: 'c', n: 1 };
    // @ts-expect-error the fields of the other member
    const mixed: Message = { type: 'a', s: '' };
    const ok: 'a' | 'b' = m.type;
    assert.ok([p, withAlt, noLiked, badAlt, wrongTag, mixed, ok].length === 7);
    const value: unknown = { type: 'b', s: 'x' };
    if (is(message, value) && value.type === 'b') assert.equal(value.s.length, 1);
    else assert.fail('not narrowed');
  });

  it('the grid\'s shapes name the field at fault: the mode, the query, a script URL, a key that is not kind:id', () => {
    assert.equal(failure(() => parse(searchSpec, { mode: 'audio', query: 'x' })).field, 'mode');
    assert.equal(failure(() => parse(searchSpec, { mode: 'photos', query: 5 })).field, 'query');
    assert.equal(failure(() => parse(searchSpec, { mode: 'popular', min_width: -1 })).field, 'min_width');
    assert.deepEqual(parse(searchSpec, { mode: 'single', kind: 'video', id: 9 }), { mode: 'single', kind: 'video', id: 9 });
    const tile: GridItem = {
      key: 'photo:42', kind: 'photo', id: 42, width: 10, height: 10, description: '', color: '#aabbcc', thumb: 'https://images.example/t.jpg',
      large: null, large2x: null, credit: 'Ann', creditUrl: null, pageUrl: null, duration: null, hoverVideo: null, playVideo: null,
    };
    assert.equal(parse(gridItem, tile), tile);
    assert.equal(failure(() => parse(gridItem, { ...tile, thumb: 'javascript:alert(1)' })).field, 'thumb');
    assert.equal(failure(() => parse(gridItem, { ...tile, hoverVideo: { src: 'https://v.example/a.mp4', type: 'video/mp4', width: 1.5, height: null } })).field, 'hoverVideo.width');
    assert.equal(is(gridItem, { ...tile, key: 'video:42' }), false);
  });

  it('infers SearchSpec and GridItem from their schemas', () => {
    const spec: SearchSpec = { mode: 'photos', query: 'sea', orientation: 'portrait' };
    // @ts-expect-error a photo search needs its query
    const noQuery: SearchSpec = { mode: 'photos' };
    // @ts-expect-error videos have no colour filter
    const videoColor: SearchSpec = { mode: 'videos', query: 'sea', color: 'red' };
    // @ts-expect-error an orientation the service does not know
    const badOrientation: SearchSpec = { mode: 'photos', query: 'sea', orientation: 'diagonal' };
    // @ts-expect-error a kind that is neither photo nor video
    const audio: GridItem['kind'] = 'audio';
    assert.ok([spec, noQuery, videoColor, badOrientation, audio].length === 5);
  });
});

describe('plainData (a command argument as data)', () => {
  it('copies strings, numbers, booleans, null, lists and objects as they are', () => {
    const value = { a: 'x', n: 1.5, nan: NaN, yes: true, none: null, list: [1, 'two', [3]], deep: { deeper: { deepest: 'z' } } };
    const copy = plainData(value);
    assert.deepEqual(copy, value);
    assert.notEqual(copy, value);
    for (const primitive of ['', 'text', 0, -1, NaN, Infinity, true, null]) assert.deepEqual(plainData(primitive), primitive);
  });

  it('leaves out functions, symbols, bigints and undefined, at the top and inside', () => {
    for (const gone of [() => 1, Symbol('s'), 10n, undefined]) assert.equal(plainData(gone), undefined);
    assert.deepEqual(plainData({ f: () => 1, s: Symbol('s'), b: 1n, u: undefined, kept: 1 }), { kept: 1 });
    assert.deepEqual(plainData([() => 1, 1]), [undefined, 1]);
  });

  it('takes nothing from a prototype, and no __proto__ key', () => {
    const media = { kind: 'photo' };
    assert.deepEqual(plainData(Object.create({ media }) as unknown), {});
    const fromJson = plainData(JSON.parse('{"__proto__":{"media":{"kind":"photo"}},"own":1}') as unknown) as Record<string, unknown>;
    assert.equal(fromJson.media, undefined);
    assert.deepEqual(fromJson, { own: 1 });
    assert.equal(Object.getPrototypeOf(fromJson), Object.prototype);
    assert.deepEqual(plainData({ constructor: { prototype: { media } } }), { constructor: { prototype: { media } } });
    assert.equal((plainData({ media: Object.create(media) as unknown }) as { media: { kind?: string } }).media.kind, undefined);
  });

  it('runs no getter and survives a proxy that throws', () => {
    let ran = false;
    const value = {
      get media(): unknown {
        ran = true;
        throw new Error('a getter that throws');
      },
      kept: 'yes',
    };
    assert.deepEqual(plainData(value), { kept: 'yes' });
    assert.equal(ran, false);
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('a proxy that throws');
        },
      },
    );
    assert.equal(plainData(hostile), undefined);
    assert.deepEqual(plainData({ inner: hostile }), undefined);
  });

  it('stops at the depth, at an object met inside itself, and at lists longer than the limit', () => {
    assert.deepEqual(plainData({ a: { b: { c: 1 } }, d: 1 }, 1), { a: {}, d: 1 });
    assert.deepEqual(plainData({ a: { b: { c: 1 } }, d: 1 }, 0), { d: 1 });
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    assert.deepEqual(plainData(loop), { name: 'loop' });
    const shared = { x: 1 };
    assert.deepEqual(plainData({ a: shared, b: shared }), { a: { x: 1 }, b: { x: 1 } });
    assert.equal(plainData(new Array(PLAIN_MAX_ITEMS + 1).fill(0)), undefined);
    assert.equal((plainData(new Array(PLAIN_MAX_ITEMS).fill(0)) as unknown[]).length, PLAIN_MAX_ITEMS);
    // A graph that is small but would copy to billions of values is refused, not copied.
    let wide: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 12; i++) wide = Object.fromEntries(Array.from({ length: 10 }, (_, k) => [`k${k}`, wide]));
    assert.equal(plainData(wide), undefined);
  });

  it('keeps a 1 MB string whole (the schemas judge its length)', () => {
    const big = 'a'.repeat(1024 * 1024);
    assert.equal(plainData(big), big);
    assert.equal((plainData({ query: big }) as { query: string }).query.length, big.length);
  });
});
