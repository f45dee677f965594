// The look-ups behind the hover and the credit check (src/host/credits/lookup.ts): shared
// while in flight, a failure remembered for a while, background look-ups one at a time and
// none while the quota is used up.
import assert from 'node:assert/strict';
import type { MediaClient } from '../../src/api/client';
import type { Photo } from '../../src/core/model';
import type { QuotaSnapshot } from '../../src/core/quota';
import { FAILURE_MEMORY_MS, MediaLookup } from '../../src/host/credits/lookup';

/** A client whose getPhoto answers after a tick, counting what it was asked (a cache is the real client's job). */
function fakeClient(fail: (id: number) => boolean = () => false) {
  const asked: number[] = [];
  let active = 0;
  let mostAtOnce = 0;
  const client = {
    get requestsSent() {
      return asked.length;
    },
    async getPhoto(id: number): Promise<Photo> {
      asked.push(id);
      active += 1;
      mostAtOnce = Math.max(mostAtOnce, active);
      await new Promise((r) => setTimeout(r, 5));
      active -= 1;
      if (fail(id)) throw new Error(`no photo ${id}`);
      return { id, photographer: `P${id}` } as unknown as Photo;
    },
  };
  return { client: client as unknown as MediaClient, asked, mostAtOnce: () => mostAtOnce };
}

describe('credit look-ups', () => {
  it('joins look-ups of the same id while one is on its way', async () => {
    const fake = fakeClient();
    const lookup = new MediaLookup({ client: () => fake.client, quota: () => undefined, now: () => 0 });
    const results = await Promise.all([lookup.get('photo', 7), lookup.get('photo', 7), lookup.get('photo', 7)]);
    assert.deepEqual(fake.asked, [7]);
    assert.ok(results.every((r) => r.ok && r.media.kind === 'photo' && r.media.photo.id === 7));
  });

  it('remembers a failure for a while, then asks again', async () => {
    const fake = fakeClient(() => true);
    let now = 1000;
    const lookup = new MediaLookup({ client: () => fake.client, quota: () => undefined, now: () => now });
    assert.equal((await lookup.get('photo', 9)).ok, false);
    assert.equal((await lookup.get('photo', 9)).ok, false);
    assert.equal(lookup.failedLately('photo', 9), true);
    assert.deepEqual(fake.asked, [9], 'the second hover sent nothing');
    now += FAILURE_MEMORY_MS;
    await lookup.get('photo', 9);
    assert.deepEqual(fake.asked, [9, 9], 'asked again once the failure is old');
  });

  it('runs background look-ups one at a time', async () => {
    const fake = fakeClient();
    const lookup = new MediaLookup({ client: () => fake.client, quota: () => undefined, now: () => Date.now() });
    const results = await Promise.all([1, 2, 3].map((id) => lookup.background('photo', id)));
    assert.deepEqual(fake.asked, [1, 2, 3]);
    assert.equal(fake.mostAtOnce(), 1);
    assert.ok(results.every((r) => r?.ok));
  });

  it('sends no background request while the quota is used up', async () => {
    const fake = fakeClient();
    const now = Date.now();
    const exhausted: QuotaSnapshot = { limit: 100, remaining: 0, resetAt: now + 3_600_000, updatedAt: now, exhausted: true };
    const lookup = new MediaLookup({ client: () => fake.client, quota: () => exhausted, now: () => now });
    assert.equal(await lookup.background('photo', 5), undefined);
    assert.deepEqual(fake.asked, []);
  });
});
