// The grid's empty state offers Reset Filters when a filter narrowed the search; a collection
// opens in the grid as a paged request of its media, with the type the tree shows.
import * as assert from 'node:assert/strict';
import { requestFor, specKey } from '../../src/core/search';
import type { SearchSpec } from '../../src/core/search';
import { defaultForm, formFromSpec, hasFilters, resetFilters, validateForm } from '../../src/core/searchForm';
import { isFromWebview, isSearchSpec } from '../../src/shared/protocol';

const defaults = defaultForm('de-DE');

describe('grid: Reset Filters', () => {
  it('a search with no filter has none to reset', () => {
    assert.equal(hasFilters({ ...defaults, query: 'rocks' }, defaults), false);
    assert.equal(hasFilters({ ...defaults, kind: 'photos', browse: true }, defaults), false);
  });

  it('each filter of the kind shown counts; the query does not', () => {
    const base = { ...defaults, query: 'rocks' };
    assert.equal(hasFilters({ ...base, orientation: 'portrait' }, defaults), true);
    assert.equal(hasFilters({ ...base, size: 'large' }, defaults), true);
    assert.equal(hasFilters({ ...base, color: 'red' }, defaults), true);
    assert.equal(hasFilters({ ...base, locale: 'en-US' }, defaults), true);
    // Colour is not a video filter; durations are popular videos' only.
    assert.equal(hasFilters({ ...base, kind: 'videos', color: 'red' }, defaults), false);
    assert.equal(hasFilters({ ...base, kind: 'videos', browse: true, minDuration: '30' }, defaults), true);
    assert.equal(hasFilters({ ...base, kind: 'photos', browse: true, orientation: 'portrait' }, defaults), false);
  });

  it('resets the filters and keeps the search words and kind, giving a valid search', () => {
    const form = { ...defaults, kind: 'photos' as const, query: 'rocks', orientation: 'portrait' as const, size: 'small' as const, color: '#zzz', locale: 'en-US' as const };
    const reset = resetFilters(form, defaults);
    assert.deepEqual(reset, { ...defaults, query: 'rocks' });
    const result = validateForm(reset);
    assert.ok(result.ok);
    assert.deepEqual(result.spec, { mode: 'photos', query: 'rocks', locale: 'de-DE' });
    const popular = resetFilters({ ...defaults, kind: 'videos', browse: true, minWidth: '4000', maxDuration: 'x' }, defaults);
    assert.deepEqual(popular, { ...defaults, kind: 'videos', browse: true });
  });
});

describe('grid: a collection', () => {
  const spec: SearchSpec = { mode: 'collection', id: 'abc123', type: 'videos', title: 'Ocean <b>waves</b>' };

  it('is the collection-media request, with the service’s type parameter', () => {
    assert.deepEqual(requestFor(spec), { op: 'collectionMedia', params: { id: 'abc123', type: 'videos' } });
    assert.deepEqual(requestFor({ mode: 'collection', id: 'abc123' }), { op: 'collectionMedia', params: { id: 'abc123' } });
    assert.notEqual(specKey(spec), specKey({ mode: 'collection', id: 'abc123' }));
  });

  it('crosses to the webview and back checked: ids are the service’s letters and digits only', () => {
    assert.ok(isSearchSpec(spec));
    assert.ok(isFromWebview({ type: 'search', spec }));
    assert.equal(isSearchSpec({ mode: 'collection', id: '../x' }), false);
    assert.equal(isSearchSpec({ mode: 'collection', id: 'abc', type: 'all' }), false);
    assert.equal(isSearchSpec({ mode: 'collection', id: 'abc', title: 'x'.repeat(201) }), false);
  });

  it('the toolbar shows the kind the collection is filtered to, and no earlier search’s words in the box (a collection, the starred media or one media answers no query)', () => {
    const base = { ...defaults, query: 'bird', orientation: 'portrait' as const };
    assert.deepEqual(formFromSpec(spec, base), { ...base, query: '', kind: 'videos' });
    assert.deepEqual(formFromSpec({ mode: 'collection', id: 'a' }, base), { ...base, query: '' });
    assert.deepEqual(formFromSpec({ mode: 'starred' }, base), { ...base, query: '' });
    assert.deepEqual(formFromSpec({ mode: 'single', kind: 'video', id: 7 }, base), { ...base, query: '', kind: 'videos' });
  });
});
