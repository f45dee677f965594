import * as assert from 'node:assert/strict';
import {
  collectionDescription,
  collectionTitle,
  collectionTooltipMarkdown,
  countsText,
  filterChoices,
  filterType,
  filteredCount,
  isCollectionFilter,
  reviveFilters,
} from '../../src/core/collectionsText';
import type { Collection } from '../../src/core/model';

function collection(over: Partial<Collection> = {}): Collection {
  return {
    id: '9mp14cx',
    title: 'Cats of the World',
    description: 'Cats, kittens and more cats.',
    private: false,
    media_count: 15,
    photos_count: 12,
    videos_count: 3,
    ...over,
  };
}

describe('collectionsText', () => {
  describe('counts and descriptions', () => {
    it('counts photos and videos with the right plural', () => {
      assert.equal(countsText(collection()), '12 photos · 3 videos');
      assert.equal(countsText(collection({ photos_count: 1, videos_count: 0, media_count: 1 })), '1 photo');
      assert.equal(countsText(collection({ photos_count: 0, videos_count: 1, media_count: 1 })), '1 video');
      assert.equal(countsText(collection({ photos_count: 0, videos_count: 0, media_count: 0 })), 'Empty');
    });
    it('falls back to the media count when the split is missing', () => {
      assert.equal(countsText(collection({ photos_count: 0, videos_count: 0, media_count: 4 })), '4 items');
    });
    it('groups large numbers for the locale', () => {
      assert.equal(countsText(collection({ photos_count: 12345, videos_count: 0 }), 'en-US'), '12,345 photos');
    });
    it('adds the filter to the description', () => {
      assert.equal(collectionDescription(collection(), 'all'), '12 photos · 3 videos');
      assert.equal(collectionDescription(collection(), 'photos'), '12 photos only');
      assert.equal(collectionDescription(collection({ videos_count: 1 }), 'videos'), '1 video only');
      assert.equal(collectionDescription(collection({ videos_count: 0 }), 'videos'), 'No videos · filtered');
    });
    it('counts what a filter selects', () => {
      assert.equal(filteredCount(collection(), 'all'), 15);
      assert.equal(filteredCount(collection(), 'photos'), 12);
      assert.equal(filteredCount(collection(), 'videos'), 3);
    });
  });

  describe('titles and tooltips', () => {
    it('cleans the title and names untitled collections', () => {
      assert.equal(collectionTitle(collection({ title: ' Cats\u202e\n ' })), 'Cats');
      assert.equal(collectionTitle(collection({ title: '' })), 'Collection 9mp14cx');
    });
    it('shows title, description, counts and whether it is featured', () => {
      assert.equal(
        collectionTooltipMarkdown(collection(), 'all', { serviceName: 'Pexels', featured: true }),
        ['**Cats of the World**', 'Cats\\, kittens and more cats\\.', '12 photos · 3 videos · Featured by Pexels'].join('\n\n'),
      );
    });
    it('says a collection is private and which filter is on', () => {
      const md = collectionTooltipMarkdown(collection({ private: true, description: null }), 'videos', {
        serviceName: 'Pexels',
        featured: false,
      });
      assert.equal(
        md,
        ['**Cats of the World**', '12 photos · 3 videos · Private\\: only you can see it', 'Showing videos only\\.'].join('\n\n'),
      );
    });
    it('escapes Markdown in the title and description', () => {
      const md = collectionTooltipMarkdown(
        collection({ title: '[x](command:foo)', description: '<b>bold</b> https://evil.example' }),
        'all',
        { serviceName: 'Pexels', featured: false },
      );
      assert.doesNotMatch(md, /\]\(command/);
      assert.doesNotMatch(md, /(^|[^\\])</m);
      assert.doesNotMatch(md, /https:\/\//);
    });
  });

  describe('filters', () => {
    it('knows the three filters and their type parameter', () => {
      assert.equal(isCollectionFilter('all'), true);
      assert.equal(isCollectionFilter('photos'), true);
      assert.equal(isCollectionFilter('Photos'), false);
      assert.equal(isCollectionFilter(undefined), false);
      assert.equal(filterType('all'), undefined);
      assert.equal(filterType('videos'), 'videos');
    });
    it('offers three choices with the current one marked', () => {
      const choices = filterChoices(collection(), 'photos');
      assert.deepEqual(
        choices.map((c) => [c.filter, c.description, c.current]),
        [
          ['all', '12 photos · 3 videos', false],
          ['photos', '12 photos', true],
          ['videos', '3 videos', false],
        ],
      );
    });
    it('revives only valid remembered filters', () => {
      assert.deepEqual(reviveFilters({ a: 'photos', b: 'videos', c: 'all', d: 3, e: null }), { a: 'photos', b: 'videos' });
      assert.deepEqual(reviveFilters('x'), {});
      assert.deepEqual(reviveFilters(['photos']), {});
      assert.deepEqual(reviveFilters(undefined), {});
    });
  });
});
