import assert from 'node:assert/strict';
import { exhaustedSnapshot, parseQuotaHeaders, quotaLevel, reviveQuotaSnapshot } from '../../src/core/quota';
import type { QuotaFormat } from '../../src/core/quotaView';
import { presentQuota } from '../../src/core/quotaView';

const headers = (h: Record<string, string>) => (name: string) => h[name.toLowerCase()] ?? null;
const NOW = Date.UTC(2026, 10, 21, 12);
const RESET_S = Date.UTC(2026, 11, 1) / 1000;

const fmt: QuotaFormat = {
  number: (n) => new Intl.NumberFormat('en-US').format(n),
  dateTime: (ms) => new Date(ms).toISOString().slice(0, 10),
  serviceName: 'Pexels',
  higherLimitUrl: 'https://www.pexels.com/api/',
};

describe('quota', () => {
  it('parses the three X-Ratelimit headers, reset in UNIX seconds', () => {
    const q = parseQuotaHeaders(
      headers({ 'x-ratelimit-limit': '20000', 'x-ratelimit-remaining': '19804', 'x-ratelimit-reset': String(RESET_S) }),
      NOW,
    );
    assert.deepEqual(q, { limit: 20000, remaining: 19804, resetAt: RESET_S * 1000, updatedAt: NOW, exhausted: false });
  });

  it('ignores missing or malformed headers', () => {
    assert.equal(parseQuotaHeaders(headers({}), NOW), undefined);
    assert.equal(parseQuotaHeaders(headers({ 'x-ratelimit-limit': '20000', 'x-ratelimit-remaining': 'lots', 'x-ratelimit-reset': '1' }), NOW), undefined);
  });

  it('after a 429 keeps the last reset time', () => {
    const last = { limit: 20000, remaining: 3, resetAt: RESET_S * 1000, updatedAt: NOW - 1000, exhausted: false };
    assert.deepEqual(exhaustedSnapshot(last, NOW), { limit: 20000, remaining: 0, resetAt: RESET_S * 1000, updatedAt: NOW, exhausted: true });
    assert.equal(exhaustedSnapshot(undefined, NOW).resetAt, 0);
  });

  it('grades the level: ok, low under 10 %, exhausted, stale after the reset', () => {
    const base = { limit: 20000, remaining: 19804, resetAt: RESET_S * 1000, updatedAt: NOW, exhausted: false };
    assert.equal(quotaLevel(undefined, NOW), 'unknown');
    assert.equal(quotaLevel(base, NOW), 'ok');
    assert.equal(quotaLevel({ ...base, remaining: 1999 }, NOW), 'low');
    assert.equal(quotaLevel({ ...base, remaining: 2000 }, NOW), 'ok');
    assert.equal(quotaLevel({ ...base, remaining: 0, exhausted: true }, NOW), 'exhausted');
    assert.equal(quotaLevel(base, RESET_S * 1000 + 1), 'stale');
  });

  it('revives only well-formed stored snapshots', () => {
    assert.equal(reviveQuotaSnapshot(undefined), undefined);
    assert.equal(reviveQuotaSnapshot({ limit: '1' }), undefined);
    assert.deepEqual(reviveQuotaSnapshot({ limit: 1, remaining: 1, resetAt: 2, updatedAt: 3 }), {
      limit: 1, remaining: 1, resetAt: 2, updatedAt: 3, exhausted: false,
    });
  });

  it('presents each state for the status bar', () => {
    const base = { limit: 20000, remaining: 19804, resetAt: RESET_S * 1000, updatedAt: NOW, exhausted: false };
    const noKey = presentQuota(base, false, NOW, fmt);
    assert.equal(noKey.command, 'setApiKey');
    assert.match(noKey.text, /Set API key/);
    const ok = presentQuota(base, true, NOW, fmt);
    assert.equal(ok.text, '$(file-media) 19,804 / 20,000');
    assert.equal(ok.command, 'showQuota');
    assert.ok(ok.tooltip.some((l) => l.includes('2026-12-01')), 'tooltip has the reset date');
    assert.ok(ok.tooltip.some((l) => l.includes('higher limit')), 'tooltip says how to ask for more');
    assert.equal(presentQuota({ ...base, remaining: 100 }, true, NOW, fmt).level, 'low');
    const out = presentQuota(exhaustedSnapshot(base, NOW), true, NOW, fmt);
    assert.equal(out.level, 'exhausted');
    assert.match(out.text, /resets 2026-12-01/);
    const stale = presentQuota(base, true, RESET_S * 1000 + 5, fmt);
    assert.equal(stale.level, 'stale');
    assert.doesNotMatch(stale.text, /19,804/, 'an old figure is not shown as current');
  });
});
