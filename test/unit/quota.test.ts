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

  it('an exhausted state newer than the last reset wins over "stale"; an older one is stale', () => {
    const reset = RESET_S * 1000;
    const last = { limit: 20000, remaining: 5, resetAt: reset, updatedAt: reset - 60_000, exhausted: false };
    // The 429 came before the reset: after it, the figure is old.
    const before = exhaustedSnapshot(last, reset - 1000);
    assert.equal(quotaLevel(before, reset - 1), 'exhausted');
    assert.equal(quotaLevel(before, reset + 1), 'stale');
    // The 429 came after the reset (the hourly rate, or the new month's quota): still exhausted.
    const after = exhaustedSnapshot(last, reset + 5000);
    assert.equal(after.resetAt, reset, 'the last known reset is kept');
    assert.equal(quotaLevel(after, reset + 6000), 'exhausted');
    assert.equal(quotaLevel(after, reset + 86_400_000), 'exhausted');
    // A 2xx after that brings the level back.
    assert.equal(quotaLevel({ ...last, resetAt: reset + 30 * 86_400_000, updatedAt: reset + 7000, remaining: 19_000 }, reset + 8000), 'ok');
  });

  it('words the exhausted state as "rate limit or monthly quota", and never announces a reset that has passed', () => {
    const reset = RESET_S * 1000;
    const last = { limit: 20000, remaining: 5, resetAt: reset, updatedAt: reset - 60_000, exhausted: false };
    const after = presentQuota(exhaustedSnapshot(last, reset + 5000), true, reset + 6000, fmt);
    assert.equal(after.level, 'exhausted');
    assert.equal(after.text, '$(error) Rate limit or monthly quota used up');
    assert.match(after.tooltip.join('\n'), /rate limit or monthly quota used up/);
    assert.doesNotMatch(after.tooltip.join('\n'), /resets/, 'the passed reset is not announced');
    const before = presentQuota(exhaustedSnapshot(last, reset - 5000), true, reset - 4000, fmt);
    assert.ok(before.tooltip.some((l) => l.includes('The monthly quota resets: 2026-12-01')));
  });

  it('puts the service name into the tooltip inert and the higher-limit link to a checked, encoded address', () => {
    const base = { limit: 20000, remaining: 19804, resetAt: RESET_S * 1000, updatedAt: NOW, exhausted: false };
    const hostile = presentQuota(base, true, NOW, {
      ...fmt,
      serviceName: 'Pexels [Renew your key](command:workbench.action.openSettings) https://evil.example',
      higherLimitUrl: 'https://www.pexels.com/a b)(/api/',
    });
    const md = hostile.tooltip.join('\n\n');
    const links = [...md.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1]);
    assert.deepEqual(links, ['https://www.pexels.com/a%20b%29%28/api/'], 'the one link is the higher-limit page');
    assert.doesNotMatch(md, /command:workbench[^\\]/);
    assert.doesNotMatch(md, /https:\/\/evil/, 'no bare URL to auto-link');
    const refused = presentQuota(base, true, NOW, { ...fmt, higherLimitUrl: 'command:workbench.action.openSettings' });
    assert.doesNotMatch(refused.tooltip.join('\n'), /\]\(/, 'no link to an unchecked address');
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
    assert.equal(out.text, '$(error) Rate limit or monthly quota used up');
    assert.match(out.tooltip[0] ?? '', /Pexels rate limit or monthly quota used up/);
    assert.ok(out.tooltip.some((l) => l.includes('The monthly quota resets: 2026-12-01')), 'tooltip has the reset date');
    const stale = presentQuota(base, true, RESET_S * 1000 + 5, fmt);
    assert.equal(stale.level, 'stale');
    assert.doesNotMatch(stale.text, /19,804/, 'an old figure is not shown as current');
  });
});
