// The look-ups behind the hover and the credit check (src/host/credits/lookup.ts): shared
// while in flight, a failure remembered for a while, background look-ups one at a time,
// known media free, unknown ones only when allowed, within the hourly budget, and none while
// the quota is low or used up.
import assert from 'node:assert/strict';
import type { MediaClient } from '../../src/api/client';
import type { MediaItem, Photo } from '../../src/core/model';
import type { QuotaSnapshot } from '../../src/core/quota';
import type { SmallStore } from '../../src/core/quota';
import { HourlyCounter } from '../../src/core/quota';
import { BACKGROUND_COUNT_KEY, BACKGROUND_HOURLY_BUDGET, BACKGROUND_STOP_AT, FAILURE_MEMORY_MS, MediaLookup } from '../../src/host/credits/lookup';

/**
 * A client whose getPhoto (and getMedia, through it) answers after a tick, counting what it was asked; `known` ids are
 * answered as from its cache (no request), and an answered id becomes known.
 */
function fakeClient(fail: (id: number) => boolean = () => false, known = new Set<number>()) {
  const asked: number[] = [];
  let active = 0;
  let mostAtOnce = 0;
  const client = {
    get requestsSent() {
      return asked.length;
    },
    hasCached(_kind: string, id: number): Promise<boolean> {
      return Promise.resolve(known.has(id));
    },
    async getPhoto(id: number): Promise<Photo> {
      if (known.has(id)) return { id, photographer: `P${id}` } as unknown as Photo;
      asked.push(id);
      active += 1;
      mostAtOnce = Math.max(mostAtOnce, active);
      await new Promise((r) => setTimeout(r, 5));
      active -= 1;
      if (fail(id)) throw new Error(`no photo ${id}`);
      known.add(id);
      return { id, photographer: `P${id}` } as unknown as Photo;
    },
    async getMedia(_kind: string, id: number): Promise<MediaItem> {
      return { kind: 'photo', photo: await client.getPhoto(id) };
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

  it('keeps only the failures of the last minute: the older ones go as a new one comes', async () => {
    const fake = fakeClient(() => true);
    let now = 1000;
    const lookup = new MediaLookup({ client: () => fake.client, quota: () => undefined, now: () => now });
    for (const id of [1, 2, 3]) await lookup.get('photo', id);
    assert.equal(lookup.failuresKept, 3);
    now += FAILURE_MEMORY_MS / 2;
    await lookup.get('photo', 4);
    assert.equal(lookup.failuresKept, 4, 'all still within the minute');
    now += FAILURE_MEMORY_MS / 2;
    await lookup.get('photo', 5);
    assert.equal(lookup.failuresKept, 2, 'the first three are a minute old');
    assert.equal(lookup.failedLately('photo', 4), true);
    assert.equal(lookup.failedLately('photo', 1), false);
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

  const store = (): SmallStore => {
    const values = new Map<string, unknown>();
    return { get: <T>(key: string) => values.get(key) as T | undefined, update: (key, value) => Promise.resolve(void values.set(key, value)) };
  };
  const ids = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

  it('answers known media at once and free, even when requests are not allowed or the budget is spent', async () => {
    const fake = fakeClient(undefined, new Set([101, 102]));
    const lookup = new MediaLookup({ client: () => fake.client, quota: () => undefined, now: () => Date.now(), gapMs: 0 });
    for (const id of ids(1, BACKGROUND_HOURLY_BUDGET)) await lookup.background('photo', id);
    assert.equal(lookup.heldBack(), 'budget');
    const known = await lookup.background('photo', 101, { mayRequest: false });
    assert.ok(known?.ok && known.media.kind === 'photo' && known.media.photo.id === 101);
    assert.ok((await lookup.background('photo', 102))?.ok);
    assert.equal(fake.asked.length, BACKGROUND_HOURLY_BUDGET, 'the known ones sent nothing');
  });

  it('sends nothing for an unknown media the caller may not spend on (not on screen)', async () => {
    const fake = fakeClient();
    const lookup = new MediaLookup({ client: () => fake.client, quota: () => undefined, now: () => Date.now(), gapMs: 0 });
    assert.equal(await lookup.background('photo', 7, { mayRequest: false }), undefined);
    assert.deepEqual(fake.asked, []);
  });

  it(`sends at most ${BACKGROUND_HOURLY_BUDGET} requests an hour, counted across a reload, and again in the next hour`, async () => {
    const fake = fakeClient();
    const kept = store();
    let now = Date.UTC(2026, 10, 25, 10, 5);
    const make = (): MediaLookup => new MediaLookup({ client: () => fake.client, quota: () => undefined, now: () => now, store: kept, gapMs: 0 });
    const first = make();
    const answers = await Promise.all(ids(1, 30).map((id) => first.background('photo', id)));
    assert.equal(fake.asked.length, BACKGROUND_HOURLY_BUDGET);
    assert.equal(answers.filter((a) => a?.ok).length, BACKGROUND_HOURLY_BUDGET);
    assert.equal(new HourlyCounter(kept, BACKGROUND_COUNT_KEY).thisHour(now), BACKGROUND_HOURLY_BUDGET, 'the count kept');
    // A reload in the same hour: the count is read back, nothing more is sent.
    const reloaded = make();
    assert.equal(await reloaded.background('photo', 40), undefined);
    assert.equal(fake.asked.length, BACKGROUND_HOURLY_BUDGET);
    // The next UTC hour: a new budget.
    now += 60 * 60_000;
    assert.ok((await reloaded.background('photo', 40))?.ok);
    assert.equal(fake.asked.length, BACKGROUND_HOURLY_BUDGET + 1);
  });

  it('a look-up that leaves part of the budget (In This Workspace) stops there; the credit check spends the rest', async () => {
    const fake = fakeClient();
    const now = Date.UTC(2026, 10, 25, 10, 5);
    const lookup = new MediaLookup({ client: () => fake.client, quota: () => undefined, now: () => now, store: store(), gapMs: 0 });
    const leave = BACKGROUND_HOURLY_BUDGET / 2;
    const view = await Promise.all(ids(1, 30).map((id) => lookup.background('photo', id, { mayRequest: true, leave })));
    assert.equal(fake.asked.length, BACKGROUND_HOURLY_BUDGET - leave);
    assert.equal(view.filter((a) => a === undefined).length, 30 - (BACKGROUND_HOURLY_BUDGET - leave), 'the rest held back, not failed');
    assert.equal(lookup.heldBack(leave), 'budget');
    assert.equal(lookup.heldBack(), undefined, 'the check may still ask');
    const check = await Promise.all(ids(101, 30).map((id) => lookup.background('photo', id)));
    assert.equal(check.filter((a) => a?.ok).length, leave);
    assert.equal(fake.asked.length, BACKGROUND_HOURLY_BUDGET);
  });

  it('sends nothing while the quota is low, or, with no quota figure, once the extension has sent most of the hourly rate itself', async () => {
    const fake = fakeClient();
    const now = Date.now();
    const low: QuotaSnapshot = { limit: 20_000, remaining: 1_500, resetAt: now + 86_400_000, updatedAt: now, exhausted: false };
    const lowQuota = new MediaLookup({ client: () => fake.client, quota: () => low, now: () => now, gapMs: 0 });
    assert.equal(lowQuota.heldBack(), 'quota');
    assert.equal(await lowQuota.background('photo', 1), undefined);
    let sent = BACKGROUND_STOP_AT - 1;
    const busy = new MediaLookup({ client: () => fake.client, quota: () => undefined, now: () => now, requestsThisHour: () => sent, gapMs: 0 });
    assert.ok((await busy.background('photo', 2))?.ok, 'under the line: asked');
    sent = BACKGROUND_STOP_AT;
    assert.equal(await busy.background('photo', 3), undefined);
    assert.deepEqual(fake.asked, [2]);
  });
});
