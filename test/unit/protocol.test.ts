// The grid's message protocol: every message both sides accept, and the malformed ones
// they must refuse (wrong types, unknown kinds, URLs that are not http(s), forged keys).
import assert from 'node:assert/strict';
import type { SearchSpec } from '../../src/core/search';
import { specKey } from '../../src/core/search';
import { defaultForm } from '../../src/core/searchForm';
import type { GridItem } from '../../src/core/tiles';
import type { FromWebview, GridViewState, ToWebview } from '../../src/shared/protocol';
import { isFromWebview, isGridItem, isGridViewState, isSearchSpec, isToWebview } from '../../src/shared/protocol';

const item: GridItem = {
  key: 'photo:42',
  kind: 'photo',
  id: 42,
  width: 6000,
  height: 4000,
  description: 'A cat',
  color: '#aabbcc',
  thumb: 'https://images.pexels.com/photos/42/p.jpeg?h=350',
  large: 'https://images.pexels.com/photos/42/p.jpeg?h=650',
  large2x: null,
  credit: 'Ana',
  creditUrl: 'https://www.pexels.com/@ana',
  pageUrl: 'https://www.pexels.com/photo/a-cat-42/',
  duration: null,
  hoverVideo: null,
  playVideo: null,
};

const state: GridViewState = { v: 1, form: defaultForm('de-DE'), spec: { mode: 'photos', query: 'cat' }, scrollTop: 120, focusKey: 'photo:42' };

describe('grid protocol', () => {
  describe('search specs', () => {
    const valid: SearchSpec[] = [
      { mode: 'photos', query: 'cat', orientation: 'portrait', size: 'large', color: '#ff0000', locale: 'de-DE' },
      { mode: 'videos', query: 'sea', orientation: 'square' },
      { mode: 'curated' },
      { mode: 'popular', min_width: 1920, max_duration: 30 },
      { mode: 'single', kind: 'video', id: 7 },
    ];
    for (const spec of valid) {
      it(`accepts ${JSON.stringify(spec)}`, () => assert.equal(isSearchSpec(spec), true));
    }
    const invalid: unknown[] = [
      null,
      'photos',
      { mode: 'photos' },
      { mode: 'photos', query: 3 },
      { mode: 'photos', query: 'x', orientation: 'diagonal' },
      { mode: 'photos', query: 'x', locale: 'xx-XX' },
      { mode: 'popular', min_width: -1 },
      { mode: 'popular', min_width: 1.5 },
      { mode: 'single', kind: 'photo', id: 0 },
      { mode: 'single', kind: 'gif', id: 3 },
      { mode: 'collections' },
    ];
    for (const spec of invalid) {
      it(`refuses ${JSON.stringify(spec)}`, () => assert.equal(isSearchSpec(spec), false));
    }

    it('gives the same key whatever the field order and however absent fields are spelled', () => {
      assert.equal(
        specKey({ mode: 'photos', query: 'cat', orientation: 'portrait' }),
        specKey({ orientation: 'portrait', query: 'cat', mode: 'photos', size: undefined }),
      );
      assert.notEqual(specKey({ mode: 'photos', query: 'cat' }), specKey({ mode: 'videos', query: 'cat' }));
    });
  });

  describe('grid items', () => {
    it('accepts a well-formed item', () => assert.equal(isGridItem(item), true));
    it('refuses a key that does not match its kind and id', () => {
      assert.equal(isGridItem({ ...item, key: 'photo:43' }), false);
      assert.equal(isGridItem({ ...item, key: 'video:42' }), false);
    });
    it('refuses URLs that are not http(s)', () => {
      assert.equal(isGridItem({ ...item, thumb: 'javascript:alert(1)' }), false);
      assert.equal(isGridItem({ ...item, creditUrl: 'data:text/html,hi' }), false);
    });
    it('refuses a placeholder colour that is not #rrggbb', () => {
      assert.equal(isGridItem({ ...item, color: 'red; background:url(x)' }), false);
    });
  });

  describe('view state', () => {
    it('accepts a saved state', () => assert.equal(isGridViewState(state), true));
    it('refuses another version, a negative scroll or a damaged form', () => {
      assert.equal(isGridViewState({ ...state, v: 2 }), false);
      assert.equal(isGridViewState({ ...state, scrollTop: -1 }), false);
      assert.equal(isGridViewState({ ...state, form: { ...state.form, locale: 'en' } }), false);
    });
  });

  describe('messages to the webview', () => {
    const good: ToWebview[] = [
      { type: 'session', generation: 1, spec: { mode: 'curated' }, status: 'loaded', items: [item], totalResults: 1, skipped: 2, hasMore: false, more: 'idle', failure: null, syncForm: true },
      { type: 'session', generation: 2, spec: null, status: 'failed', items: [], totalResults: 0, skipped: 0, hasMore: false, more: 'idle', failure: { kind: 'rateLimited', message: 'Used up.', actions: ['showQuota'] }, syncForm: false },
      { type: 'page', generation: 1, items: [item], totalResults: 100, skipped: 1, hasMore: true },
      { type: 'more', generation: 1, status: 'failed', failure: { kind: 'server', message: 'Oops', actions: ['retry'] } },
      {
        type: 'more',
        generation: 1,
        status: 'failed',
        failure: { kind: 'keyNotForOrigin', message: 'Not sent.', actions: ['checkKey', 'openSettings'], origin: 'https://api.example.com' },
      },
      { type: 'actionDone', ok: false, message: 'No editor' },
      { type: 'focus' },
      { type: 'starred', keys: ['photo:1', 'video:22'] },
      { type: 'starred', keys: [] },
    ];
    for (const message of good) {
      it(`accepts ${message.type}`, () => assert.equal(isToWebview(message), true));
    }
    it('refuses unknown types, bad items and unknown error actions', () => {
      assert.equal(isToWebview({ type: 'eval', code: '1' }), false);
      assert.equal(isToWebview({ type: 'page', generation: 1, items: [{ ...item, id: 'x' }], totalResults: 1, skipped: 0, hasMore: false }), false);
      // The count of unreadable results is a whole number, and it is not optional.
      assert.equal(isToWebview({ type: 'page', generation: 1, items: [item], totalResults: 1, skipped: -1, hasMore: false }), false);
      assert.equal(isToWebview({ type: 'page', generation: 1, items: [item], totalResults: 1, skipped: '2', hasMore: false }), false);
      assert.equal(isToWebview({ type: 'page', generation: 1, items: [item], totalResults: 1, hasMore: false }), false);
      assert.equal(isToWebview({ type: 'more', generation: 1, status: 'failed', failure: { kind: 'x', message: 'y', actions: ['format disk'] } }), false);
      assert.equal(isToWebview({ type: 'session', generation: 1 }), false);
      assert.equal(isToWebview({ type: 'more', generation: 1, status: 'failed', failure: { kind: 'x', message: 'y', actions: ['checkKey'], origin: 7 } }), false);
      assert.equal(isToWebview([]), false);
      // No message for tests: what the webview shows is read where it runs (test/e2e).
      assert.equal(isToWebview({ type: 'snapshotRequest', id: 9 }), false);
      assert.equal(isToWebview({ type: 'press', action: 'retry' }), false);
      // Starred keys: media keys only, at most as many as the list keeps.
      assert.equal(isToWebview({ type: 'starred', keys: ['javascript:alert(1)'] }), false);
      assert.equal(isToWebview({ type: 'starred', keys: Array.from({ length: 201 }, (_, i) => `photo:${i + 1}`) }), false);
      assert.equal(isToWebview({ type: 'starred' }), false);
    });
  });

  describe('messages from the webview', () => {
    const good: FromWebview[] = [
      { type: 'ready', state },
      { type: 'ready', state: null },
      { type: 'search', spec: { mode: 'videos', query: 'sea' } },
      { type: 'remember', kind: 'photos', query: 'sea' },
      { type: 'loadMore', generation: 1 },
      { type: 'action', action: 'insert', key: 'video:7' },
      { type: 'command', command: 'setApiKey' },
      { type: 'command', command: 'checkKey' },
      { type: 'openService' },
    ];
    for (const message of good) {
      it(`accepts ${message.type}`, () => assert.equal(isFromWebview(message), true));
    }
    it('refuses forged or malformed requests', () => {
      assert.equal(isFromWebview({ type: 'action', action: 'deleteFile', key: 'photo:1' }), false);
      assert.equal(isFromWebview({ type: 'action', action: 'insert', key: 'https://evil.example/' }), false);
      assert.equal(isFromWebview({ type: 'command', command: 'workbench.action.terminal.new' }), false);
      assert.equal(isFromWebview({ type: 'search', spec: { mode: 'photos', query: 'x'.repeat(5000) } }), false);
      assert.equal(isFromWebview({ type: 'loadMore', generation: -1 }), false);
      assert.equal(isFromWebview({ type: 'remember', kind: 'collections', query: 'sea' }), false);
      assert.equal(isFromWebview({ type: 'remember', kind: 'photos', query: ' ' }), false);
      assert.equal(isFromWebview({ type: 'snapshot', inReplyTo: 1, snapshot: {} }), false);
      assert.equal(isFromWebview({ type: 'remember', kind: 'photos', query: 'x'.repeat(5000) }), false);
      assert.equal(isFromWebview({ type: 'fetch', url: 'https://api.pexels.com/v1/curated' }), false);
      assert.equal(isFromWebview(null), false);
    });
  });
});
