// Palette arguments to a search: what each command's argument object means, the sentence
// each invalid value gets (the toolbar's wording), the bounds of the popular-videos
// filters, and the list request each search becomes.
import assert from 'node:assert/strict';
import { listEndpoint } from '../../src/api/endpoints';
import { parseSearch, requestFor } from '../../src/core/search';
import type { ParsedSearch, SearchSpec } from '../../src/core/search';
import { defaultForm, validateForm } from '../../src/core/searchForm';

const defaults = { locale: 'de-DE' as const };
const photos = (args: unknown): ParsedSearch => parseSearch('photos', false, args, defaults);
const videos = (args: unknown): ParsedSearch => parseSearch('videos', false, args, defaults);
const popular = (args: unknown): ParsedSearch => parseSearch('videos', true, args, defaults);

describe('palette search arguments', () => {
  describe('valid arguments', () => {
    const table: [string, ParsedSearch, SearchSpec][] = [
      ['a bare query, in the default language', photos({ query: 'cat' }), { mode: 'photos', query: 'cat', locale: 'de-DE' }],
      [
        'every photo filter, the colour normalised',
        photos({ query: '  red car ', orientation: 'landscape', size: 'medium', color: '#F00', locale: 'pl-PL' }),
        { mode: 'photos', query: 'red car', orientation: 'landscape', size: 'medium', color: '#ff0000', locale: 'pl-PL' },
      ],
      ['a named colour', photos({ query: 'x', color: 'Turquoise' }), { mode: 'photos', query: 'x', color: 'turquoise', locale: 'de-DE' }],
      ['empty optional values as absent', photos({ query: 'x', color: ' ', orientation: '', size: '' }), { mode: 'photos', query: 'x', locale: 'de-DE' }],
      ['a number as a colour, read as its digits', photos({ query: 'x', color: 123 }), { mode: 'photos', query: 'x', color: '#112233', locale: 'de-DE' }],
      ['a video search ignores colour', videos({ query: 'waves', color: 'not-a-colour', size: 'large' }), { mode: 'videos', query: 'waves', size: 'large', locale: 'de-DE' }],
      ['browse photos is curated, whatever else is given', parseSearch('photos', true, { query: '' }, defaults), { mode: 'curated' }],
      ['popular videos without filters', popular(undefined), { mode: 'popular' }],
      [
        'popular filters as numbers or text, snake or camel case',
        popular({ min_width: 1920, minHeight: '1080', min_duration: '3', maxDuration: 60 }),
        { mode: 'popular', min_width: 1920, min_height: 1080, min_duration: 3, max_duration: 60 },
      ],
      ['the bounds themselves', popular({ min_width: 100000, min_height: 100000, min_duration: 0, max_duration: 86400 }), { mode: 'popular', min_width: 100000, min_height: 100000, min_duration: 0, max_duration: 86400 }],
      ['equal durations', popular({ min_duration: 30, max_duration: 30 }), { mode: 'popular', min_duration: 30, max_duration: 30 }],
    ];
    for (const [name, parsed, spec] of table) {
      it(name, () => assert.deepEqual(parsed, { ok: true, spec }));
    }
  });

  describe('invalid arguments and their sentences', () => {
    const table: [string, ParsedSearch, string[]][] = [
      ['no query', photos({ query: '   ' }), ['Type something to search for.']],
      ['a query that is not text', photos({ query: 42 }), ['Type something to search for.']],
      ['no arguments object', videos('cat'), ['Type something to search for.']],
      ['a query over 500 characters', photos({ query: 'a'.repeat(501) }), ['A search can be at most 500 characters long.']],
      ['a bad colour, quoted as given', photos({ query: 'cat', color: ' #12 ' }), ['“#12” is not a colour: pick a swatch or type a hex code such as #1e90ff.']],
      ['an empty query and a bad colour, both named', photos({ query: '', color: 'mauve' }), ['Type something to search for.', '“mauve” is not a colour: pick a swatch or type a hex code such as #1e90ff.']],
      ['an unknown orientation', photos({ query: 'cat', orientation: 'diagonal' }), ['Not searched: orientation has a value the service does not know.']],
      [
        'unknown orientation, size and language, before any other check',
        videos({ query: '', orientation: 'wide', size: 'huge', locale: 'xx' }),
        ['Not searched: orientation, size, locale has a value the service does not know.'],
      ],
      ['a negative width', popular({ min_width: -5 }), ['Min width must be a whole number, 0 or more.']],
      ['a fraction', popular({ min_height: '2.5' }), ['Min height must be a whole number, 0 or more.']],
      ['a width past the bound', popular({ min_width: 100001 }), ['Min width can be at most 100000.']],
      ['a duration past the bound', popular({ max_duration: '86401' }), ['Max duration can be at most 86400.']],
      ['durations the wrong way round', popular({ min_duration: 30, max_duration: 10 }), ['The maximum duration must not be shorter than the minimum duration.']],
      [
        'several bad filters, each named',
        popular({ min_width: 'wide', min_duration: '99999999999999999999', max_duration: -4 }),
        ['Min width must be a whole number, 0 or more.', 'Min duration can be at most 86400.', 'Max duration must be a whole number, 0 or more.'],
      ],
    ];
    for (const [name, parsed, problems] of table) {
      it(name, () => assert.deepEqual(parsed, { ok: false, problems }));
    }
  });

  it('applies the toolbar rules: the same fields give the same search either way', () => {
    const args = { query: ' dog ', orientation: 'portrait', size: 'small', color: 'ABC', locale: 'fr-FR' };
    const viaForm = validateForm({ ...defaultForm('de-DE'), ...args, orientation: 'portrait', size: 'small', locale: 'fr-FR' });
    assert.deepEqual(photos(args), viaForm);
  });

  describe('the request each search becomes', () => {
    it('drops the mode and keeps every parameter', () => {
      assert.deepEqual(requestFor({ mode: 'photos', query: 'cat', color: '#ff0000', locale: 'de-DE' }), {
        op: 'searchPhotos',
        params: { query: 'cat', color: '#ff0000', locale: 'de-DE' },
      });
      assert.deepEqual(requestFor({ mode: 'videos', query: 'sea', size: 'large' }), { op: 'searchVideos', params: { query: 'sea', size: 'large' } });
      assert.deepEqual(requestFor({ mode: 'curated' }), { op: 'curatedPhotos', params: {} });
      assert.deepEqual(requestFor({ mode: 'popular', min_width: 1920 }), { op: 'popularVideos', params: { min_width: 1920 } });
      assert.equal(requestFor({ mode: 'single', kind: 'photo', id: 1 }), undefined);
    });

    it('every search the palette accepts passes the client’s request checks', () => {
      const accepted = [
        photos({ query: 'a'.repeat(500), orientation: 'square', size: 'small', color: '#abc', locale: 'ja-JP' }),
        videos({ query: 'sea', orientation: 'portrait', locale: 'en-US' }),
        popular({ min_width: 100000, min_height: 0, min_duration: 0, max_duration: 86400 }),
      ];
      for (const parsed of accepted) {
        assert.ok(parsed.ok);
        const request = requestFor(parsed.spec);
        assert.ok(request);
        const endpoint = listEndpoint(request.op, request.params as never);
        assert.equal(endpoint.query.per_page, '80');
      }
      const photo = photos({ query: 'cat', color: '#abc' });
      assert.ok(photo.ok);
      const request = requestFor(photo.spec);
      assert.ok(request);
      assert.deepEqual(listEndpoint(request.op, request.params as never).query, { query: 'cat', color: '#aabbcc', locale: 'de-DE', page: '1', per_page: '80' });
    });
  });
});
