import * as assert from 'node:assert/strict';
import { PagedList } from '../../src/core/collectionsPaging';
import type { LoadedPage } from '../../src/core/collectionsPaging';
import type { Envelope } from '../../src/core/model';

interface Item {
  id: number;
}

/** A list of `total` items served `perPage` at a time, counting the calls. */
function server(total: number, perPage: number) {
  const calls: (number | undefined)[] = [];
  const fetch = async (last: Envelope | undefined): Promise<LoadedPage<Item> | undefined> => {
    calls.push(last?.page);
    await Promise.resolve();
    const page = last ? last.page + 1 : 1;
    const items = Array.from({ length: total }, (_, i) => ({ id: i + 1 })).slice((page - 1) * perPage, page * perPage);
    const envelope: Envelope = { page, per_page: perPage, total_results: total };
    if (page * perPage < total) envelope.next_page = `https://x.example/list?page=${page + 1}`;
    return { envelope, items };
  };
  return { fetch, calls };
}

describe('PagedList', () => {
  it('loads the first page, then the next ones, until none is left', async () => {
    const s = server(170, 80);
    const list = new PagedList<Item>((i) => String(i.id));
    assert.equal(list.started, false);
    assert.equal(await list.load(s.fetch), 80);
    assert.equal(list.started, true);
    assert.equal(list.hasMore, true);
    assert.equal(list.total, 170);
    assert.equal(await list.load(s.fetch), 80);
    assert.equal(await list.load(s.fetch), 10);
    assert.equal(list.hasMore, false);
    assert.equal(list.items.length, 170);
    assert.equal(list.pages, 3);
    assert.deepEqual(list.pageEnds, [80, 160, 170], 'where each page ends in the list');
    // After the last page nothing is asked.
    assert.equal(await list.load(s.fetch), 0);
    assert.deepEqual(s.calls, [undefined, 1, 2]);
  });

  it('adds up what the pages could not show', async () => {
    const s = server(170, 80);
    const list = new PagedList<Item>((i) => String(i.id));
    const withSkipped = async (last: Envelope | undefined): Promise<LoadedPage<Item> | undefined> => {
      const page = await s.fetch(last);
      return page && { ...page, envelope: { ...page.envelope, skipped: page.envelope.page === 3 ? 0 : 2 } };
    };
    await list.load(withSkipped);
    assert.equal(list.skipped, 2);
    await list.load(withSkipped);
    await list.load(withSkipped);
    assert.equal(list.skipped, 4);
    assert.equal(list.items.length, 170);
  });

  it('shares a load in progress instead of asking twice', async () => {
    const s = server(100, 80);
    const list = new PagedList<Item>((i) => String(i.id));
    const first = list.load(s.fetch);
    assert.equal(list.loading, true);
    const second = list.load(s.fetch);
    assert.deepEqual(await Promise.all([first, second]), [80, 0]);
    assert.equal(list.loading, false);
    assert.deepEqual(s.calls, [undefined]);
  });

  it('drops items an earlier page already had', async () => {
    const list = new PagedList<Item>((i) => String(i.id));
    const pages: LoadedPage<Item>[] = [
      { envelope: { page: 1, per_page: 2, total_results: 4, next_page: 'n' }, items: [{ id: 1 }, { id: 2 }] },
      { envelope: { page: 2, per_page: 2, total_results: 4 }, items: [{ id: 2 }, { id: 3 }] },
    ];
    await list.load(async () => pages.shift());
    assert.equal(await list.load(async () => pages.shift()), 1);
    assert.deepEqual(list.items.map((i) => i.id), [1, 2, 3]);
    assert.deepEqual(list.pageEnds, [2, 3], 'a page ends after the items it added');
  });

  it('keeps a failure as a value, keeps what it had, and retries', async () => {
    const s = server(100, 80);
    const list = new PagedList<Item>((i) => String(i.id));
    await list.load(s.fetch);
    const boom = new Error('HTTP 500');
    assert.equal(await list.load(() => Promise.reject(boom)), 0);
    assert.equal(list.error, boom);
    assert.equal(list.hasError, true);
    assert.equal(list.items.length, 80);
    assert.equal(list.hasMore, true);
    assert.equal(await list.load(s.fetch), 20);
    assert.equal(list.hasError, false);
    assert.equal(list.hasMore, false);
  });

  it('survives a fetcher that throws before returning a promise', async () => {
    const list = new PagedList<Item>((i) => String(i.id));
    await list.load(() => {
      throw new Error('synchronous');
    });
    assert.equal(list.loading, false);
    assert.equal(list.started, false);
    assert.match(String(list.error), /synchronous/);
  });

  it('treats a missing next page as the end', async () => {
    const list = new PagedList<Item>((i) => String(i.id));
    await list.load(async () => ({ envelope: { page: 1, per_page: 1, total_results: 2, next_page: 'n' }, items: [{ id: 1 }] }));
    await list.load(async () => undefined);
    assert.equal(list.hasMore, false);
    assert.equal(list.items.length, 1);
    assert.equal(list.hasError, false);
  });
});
