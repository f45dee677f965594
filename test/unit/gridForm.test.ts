// The grid toolbar's rules: which values are a search and which are refused inline (and so
// never sent). Command arguments go through the same rules: test/unit/search.test.ts.
import assert from 'node:assert/strict';
import type { SearchSpec } from '../../src/core/search';
import { defaultForm, formFromSpec, parseColorInput, validateForm } from '../../src/core/searchForm';
import type { GridForm } from '../../src/core/searchForm';

const base = defaultForm('de-DE');
const form = (patch: Partial<GridForm>): GridForm => ({ ...base, ...patch });

describe('grid form', () => {
  describe('photo and video searches', () => {
    it('makes a photo search with every filter, the colour normalised', () => {
      assert.deepEqual(
        validateForm(form({ query: '  red car ', orientation: 'landscape', size: 'medium', color: '#F00' })),
        { ok: true, spec: { mode: 'photos', query: 'red car', orientation: 'landscape', size: 'medium', color: '#ff0000', locale: 'de-DE' } },
      );
    });

    it('keeps named colours and drops an empty one', () => {
      assert.deepEqual(validateForm(form({ query: 'x', color: 'Turquoise' })), { ok: true, spec: { mode: 'photos', query: 'x', color: 'turquoise', locale: 'de-DE' } });
      assert.deepEqual(validateForm(form({ query: 'x', color: '  ' })), { ok: true, spec: { mode: 'photos', query: 'x', locale: 'de-DE' } });
    });

    it('makes a video search without colour (videos have none)', () => {
      assert.deepEqual(validateForm(form({ kind: 'videos', query: 'waves', color: 'not-a-colour', size: 'large' })), {
        ok: true,
        spec: { mode: 'videos', query: 'waves', size: 'large', locale: 'de-DE' },
      });
    });

    it('refuses an empty query and one that is too long', () => {
      assert.deepEqual(validateForm(form({ query: '   ' })), { ok: false, errors: [{ field: 'query', code: 'emptyQuery' }] });
      assert.deepEqual(validateForm(form({ query: 'x'.repeat(501) })), { ok: false, errors: [{ field: 'query', code: 'queryTooLong', max: 500 }] });
    });

    for (const bad of ['#12', '#12345', 'bleu', '#ggg', 'rgb(1,2,3)', '##fff']) {
      it(`refuses the colour ${JSON.stringify(bad)}`, () => {
        assert.deepEqual(validateForm(form({ query: 'x', color: bad })), { ok: false, errors: [{ field: 'color', code: 'badColor' }] });
      });
    }

    it('reports every mistake at once', () => {
      const result = validateForm(form({ query: '', color: 'nope' }));
      assert.equal(result.ok, false);
      assert.deepEqual(!result.ok && result.errors.map((e) => e.code), ['emptyQuery', 'badColor']);
    });
  });

  describe('browsing', () => {
    it('is curated photos for photos, whatever else is set', () => {
      assert.deepEqual(validateForm(form({ browse: true, query: 'x', color: 'bad' })), { ok: true, spec: { mode: 'curated' } });
    });

    it('is popular videos with the four filters for videos', () => {
      assert.deepEqual(validateForm(form({ kind: 'videos', browse: true, minWidth: '1920', minHeight: ' 1080 ', minDuration: '5', maxDuration: '60' })), {
        ok: true,
        spec: { mode: 'popular', min_width: 1920, min_height: 1080, min_duration: 5, max_duration: 60 },
      });
      assert.deepEqual(validateForm(form({ kind: 'videos', browse: true })), { ok: true, spec: { mode: 'popular' } });
    });

    for (const bad of ['-5', '1.5', 'ten', '1e3', '0x10']) {
      it(`refuses ${JSON.stringify(bad)} as a popular-videos filter`, () => {
        assert.deepEqual(validateForm(form({ kind: 'videos', browse: true, minWidth: bad })), {
          ok: false,
          errors: [{ field: 'minWidth', code: 'notWholeNumber' }],
        });
      });
    }

    it('refuses values above the bounds and a maximum below the minimum', () => {
      assert.deepEqual(validateForm(form({ kind: 'videos', browse: true, maxDuration: '86401' })), {
        ok: false,
        errors: [{ field: 'maxDuration', code: 'tooLarge', max: 86_400 }],
      });
      assert.deepEqual(validateForm(form({ kind: 'videos', browse: true, minDuration: '30', maxDuration: '10' })), {
        ok: false,
        errors: [{ field: 'maxDuration', code: 'durationOrder' }],
      });
    });
  });

  describe('the toolbar for a spec', () => {
    const specs: SearchSpec[] = [
      { mode: 'photos', query: 'cat', orientation: 'portrait', color: 'red', locale: 'fr-FR' },
      { mode: 'videos', query: 'sea', size: 'small', locale: 'ja-JP' },
      { mode: 'curated' },
      { mode: 'popular', min_width: 1280, max_duration: 20 },
    ];
    for (const spec of specs) {
      it(`round-trips ${spec.mode}`, () => assert.deepEqual(validateForm(formFromSpec(spec, base)), { ok: true, spec: { ...spec, ...('query' in spec && !spec.locale ? { locale: 'de-DE' } : {}) } }));
    }

    it('keeps the language for browse modes and single media (whose box shows no query: one media answers none)', () => {
      assert.equal(formFromSpec({ mode: 'curated' }, base).locale, 'de-DE');
      assert.deepEqual(formFromSpec({ mode: 'single', kind: 'video', id: 3 }, form({ query: 'kept', locale: 'fr-FR' })), form({ kind: 'videos', query: '', locale: 'fr-FR' }));
    });
  });

  it('parses colour input', () => {
    assert.deepEqual(parseColorInput('ABC'), { ok: true, value: '#aabbcc' });
    assert.deepEqual(parseColorInput('#1E90FF'), { ok: true, value: '#1e90ff' });
    assert.deepEqual(parseColorInput(''), { ok: true, value: undefined });
    assert.deepEqual(parseColorInput('#1e90f'), { ok: false });
  });
});
