// The quota when the service's quota headers cannot be read (issue 13): in the web worker
// extension host a browser hides every answer header the service does not list in
// Access-Control-Expose-Headers. The state machine, the hourly count and its storage, the
// texts in English and German, and the client against the local server behind a fetch that
// filters headers the way a browser does.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MediaClient } from '../../src/api/client';
import { formatMessage, setTranslator } from '../../src/core/l10n';
import type { QuotaSnapshot, SmallStore } from '../../src/core/quota';
import {
  HourlyCounter,
  exhaustedSnapshot,
  hasQuotaHeaders,
  hiddenSnapshot,
  hourStart,
  parseQuotaHeaders,
  quotaLevel,
  reviveHourlyCount,
  reviveQuotaSnapshot,
} from '../../src/core/quota';
import type { QuotaFormat } from '../../src/core/quotaView';
import { presentQuota } from '../../src/core/quotaView';
import { useApiServer } from './apiServer';

const headers = (h: Record<string, string>) => (name: string) => h[name.toLowerCase()] ?? null;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 21, 12, 40);
const RESET = Date.UTC(2026, 11, 1);
const FIGURE: QuotaSnapshot = { limit: 20000, remaining: 19804, resetAt: RESET, updatedAt: NOW - 60_000, exhausted: false };

const fmt: QuotaFormat = {
  number: (n) => new Intl.NumberFormat('en-US').format(n),
  dateTime: (ms) => new Date(ms).toISOString().slice(0, 16).replace('T', ' '),
  serviceName: 'Pexels',
  higherLimitUrl: 'https://www.pexels.com/api/',
};

/** A Memento-like store that keeps values as JSON, as globalState does. */
class FakeMemento implements SmallStore {
  readonly saved = new Map<string, string>();
  get<T>(key: string): T | undefined {
    const text = this.saved.get(key);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }
  update(key: string, value: unknown): Promise<void> {
    this.saved.set(key, JSON.stringify(value));
    return Promise.resolve();
  }
}

describe('quota hidden from the browser', () => {
  describe('state', () => {
    it('tells an answer without any quota header from one with broken headers', () => {
      assert.equal(hasQuotaHeaders(headers({})), false);
      assert.equal(hasQuotaHeaders(headers({ 'content-type': 'application/json' })), false);
      assert.equal(hasQuotaHeaders(headers({ 'x-ratelimit-remaining': 'lots' })), true);
    });

    it('a hidden answer replaces the figure, keeps the reset for a later 429, and a readable answer brings the figure back', () => {
      const hidden = hiddenSnapshot(FIGURE, NOW);
      assert.deepEqual(hidden, { limit: 0, remaining: 0, resetAt: RESET, updatedAt: NOW, exhausted: false, hidden: true });
      assert.equal(quotaLevel(hidden, NOW), 'hidden');
      assert.equal(quotaLevel(hidden, RESET + 1), 'hidden', 'not "stale": no figure is shown to go stale');
      assert.equal(quotaLevel(hiddenSnapshot(undefined, NOW), NOW), 'hidden');
      const refused = exhaustedSnapshot(hidden, NOW + 1000);
      assert.equal(quotaLevel(refused, NOW + 2000), 'exhausted', 'a 429 is readable in the browser and wins');
      assert.equal(refused.resetAt, RESET);
      const back = parseQuotaHeaders(
        headers({ 'x-ratelimit-limit': '20000', 'x-ratelimit-remaining': '19700', 'x-ratelimit-reset': String(RESET / 1000) }),
        NOW + 3000,
      );
      assert.equal(quotaLevel(back, NOW + 3000), 'ok');
      assert.equal(back?.hidden, undefined);
    });

    it('a stored hidden state survives a reload; a stored figure stays a figure', () => {
      const stored = JSON.parse(JSON.stringify(hiddenSnapshot(FIGURE, NOW))) as unknown;
      assert.equal(quotaLevel(reviveQuotaSnapshot(stored), NOW), 'hidden');
      assert.equal(reviveQuotaSnapshot(JSON.parse(JSON.stringify(FIGURE)))?.hidden, undefined);
    });
  });

  describe('requests this hour', () => {
    it('counts per UTC hour and starts again at the full hour', () => {
      const end = hourStart(NOW) + HOUR;
      const memento = new FakeMemento();
      const count = new HourlyCounter(memento, 'count');
      count.count(end - 2000);
      count.count(end - 1);
      assert.equal(count.thisHour(end - 1), 2);
      assert.equal(count.thisHour(end), 0, 'the next hour has none yet');
      count.count(end);
      assert.deepEqual(memento.get('count'), { hour: end / HOUR, count: 1 });
      assert.equal(count.thisHour(end + HOUR - 1), 1);
      assert.equal(new HourlyCounter().thisHour(NOW), 0);
    });

    it('keeps the count in the store through a reload within the hour, not past it', async () => {
      const memento = new FakeMemento();
      const first = new HourlyCounter(memento, 'count');
      for (let i = 0; i < 12; i++) first.count(NOW + i);
      assert.equal(first.thisHour(NOW + 20), 12);
      const reloaded = new HourlyCounter(memento, 'count');
      assert.equal(reloaded.thisHour(NOW + 30), 12, 'a reload keeps it');
      assert.equal(reloaded.thisHour(hourStart(NOW) + HOUR), 0, 'the full hour resets it');
      reloaded.count(hourStart(NOW) + HOUR + 5);
      assert.equal(new HourlyCounter(memento, 'count').thisHour(hourStart(NOW) + HOUR + 6), 1);
      await Promise.resolve();
    });

    it('treats a malformed stored count as none', () => {
      for (const bad of [undefined, null, 'x', { hour: 1 }, { hour: 1.5, count: 1 }, { hour: 1, count: -1 }]) {
        assert.equal(reviveHourlyCount(bad), undefined, JSON.stringify(bad));
      }
      const memento = new FakeMemento();
      void memento.update('count', { hour: 'now', count: 99 });
      assert.equal(new HourlyCounter(memento, 'count').thisHour(NOW), 0);
    });
  });

  describe('texts', () => {
    const de = JSON.parse(readFileSync(join(__dirname, '..', '..', 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string>;
    afterEach(() => setTranslator((message, ...args) => formatMessage(message, args)));

    const hidden = hiddenSnapshot(FIGURE, NOW);

    it('in English: what the status bar and its tooltip say, with the count of this hour', () => {
      const view = presentQuota(hidden, true, NOW, fmt, 12);
      assert.equal(view.level, 'hidden');
      assert.equal(view.command, 'showQuota');
      assert.equal(view.text, '$(cloud) Quota not visible · 12 requests this hour');
      assert.deepEqual(view.tooltip.slice(0, 3), [
        '**Pexels quota**: not visible in the browser. The service does not let browsers read the quota headers of its answers, so the requests left cannot be shown here.',
        'This extension sent 12 requests to the API this hour (since 2026-11-21 12:00).',
        'The figure comes back as soon as an answer carries readable quota headers (for example in VS Code for the desktop).',
      ]);
      assert.match(view.tooltip[3] ?? '', /\[Ask Pexels for a higher limit\]\(https:\/\/www\.pexels\.com\/api\/\)/);
      assert.equal(presentQuota(hidden, true, NOW, fmt, 1).text, '$(cloud) Quota not visible · 1 request this hour');
      assert.equal(presentQuota(hidden, true, NOW, fmt, 1).tooltip[1], 'This extension sent 1 request to the API this hour (since 2026-11-21 12:00).');
      assert.equal(presentQuota(hidden, true, NOW, fmt, 1234).text, '$(cloud) Quota not visible · 1,234 requests this hour');
      assert.equal(presentQuota(hidden, true, NOW, fmt, 0).text, '$(cloud) Quota not visible · 0 requests this hour');
    });

    it('in German', () => {
      setTranslator((message, ...args) => formatMessage(de[message] ?? `UNTRANSLATED ${message}`, args), 'de');
      const deFmt = { ...fmt, number: (n: number) => new Intl.NumberFormat('de').format(n) };
      const view = presentQuota(hidden, true, NOW, deFmt, 1234);
      assert.equal(view.text, '$(cloud) Kontingent nicht sichtbar · 1.234 Anfragen in dieser Stunde');
      assert.equal(
        view.tooltip[0],
        '**Pexels-Kontingent**: im Browser nicht sichtbar. Der Dienst lässt Browser die Kontingent-Header seiner Antworten nicht lesen, daher können die verbleibenden Anfragen hier nicht angezeigt werden.',
      );
      assert.equal(view.tooltip[1], 'Diese Erweiterung hat in dieser Stunde 1.234 Anfragen an die API gesendet (seit 2026-11-21 12:00).');
      assert.doesNotMatch(view.tooltip.join('\n'), /UNTRANSLATED/);
      const one = presentQuota(hidden, true, NOW, deFmt, 1);
      assert.equal(one.text, '$(cloud) Kontingent nicht sichtbar · 1 Anfrage in dieser Stunde');
      assert.equal(one.tooltip[1], 'Diese Erweiterung hat in dieser Stunde 1 Anfrage an die API gesendet (seit 2026-11-21 12:00).');
    });

    it('puts a hostile service name into the tooltip inert', () => {
      const view = presentQuota(hidden, true, NOW, { ...fmt, serviceName: 'X [click](command:workbench.action.openSettings)' }, 3);
      assert.doesNotMatch(view.tooltip[0] ?? '', /\]\(command:/);
    });
  });

  describe('the client behind a browser-like fetch', function () {
    this.timeout(20_000);
    const server = useApiServer();

    /**
     * What a browser's fetch hands to code for a cross-origin answer: a network error without
     * Access-Control-Allow-Origin, else only the CORS-safelisted headers and the exposed ones.
     */
    const browserFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (res.headers.get('access-control-allow-origin') !== '*') throw new TypeError('Failed to fetch');
      const exposed = (res.headers.get('access-control-expose-headers') ?? '').split(',').map((h) => h.trim().toLowerCase());
      const safelisted = ['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma'];
      const visible = new Headers();
      res.headers.forEach((value, name) => {
        if (safelisted.includes(name) || exposed.includes(name)) visible.set(name, value);
      });
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers: visible });
    };

    function client(browserHost: boolean): { client: MediaClient; seen: QuotaSnapshot[]; sent: () => number } {
      const made = new MediaClient({
        baseUrl: server().baseUrl,
        videoBaseUrl: server().videoBaseUrl,
        keyProvider: { getKey: () => Promise.resolve(server().keys.alice) },
        fetch: browserHost ? browserFetch : fetch,
        retryDelayMs: 5,
        timeoutMs: 5000,
        cacheTtlMs: 0,
        browserHost,
      });
      const seen: QuotaSnapshot[] = [];
      let sent = 0;
      made.onQuota((q) => seen.push(q));
      made.onRequestSent(() => (sent += 1));
      return { client: made, seen, sent: () => sent };
    }

    it('with the quota headers exposed, the browser reads the figure as Node does', async () => {
      const { client: c, seen } = client(true);
      await c.curatedPhotos({ per_page: 1 });
      assert.equal(seen.length, 1);
      assert.equal(quotaLevel(seen[0], Date.now()), 'ok');
      assert.equal(seen[0]?.remaining, 19999);
    });

    it('with the quota headers not exposed, the browser reports the quota as hidden; exposed again, the figure returns', async () => {
      server().setSwitches({ quotaHeadersExposed: false });
      const { client: c, seen } = client(true);
      await c.curatedPhotos({ per_page: 1 });
      assert.equal(quotaLevel(seen.at(-1), Date.now()), 'hidden');
      server().setSwitches({ quotaHeadersExposed: true });
      await c.searchPhotos({ query: 'sea', per_page: 1 });
      assert.equal(quotaLevel(seen.at(-1), Date.now()), 'ok');
      assert.equal(seen.at(-1)?.remaining, 19998, 'the server counted both requests');
    });

    it('a 429 in the browser still shows as used up (its status is readable)', async () => {
      server().setSwitches({ quotaHeadersExposed: false });
      const { client: c, seen } = client(true);
      await c.curatedPhotos({ per_page: 1 });
      server().setQuota(server().keys.alice, { hourlyRemaining: 0 });
      await assert.rejects(c.curatedPhotos({ per_page: 2 }), (e: Error & { kind?: string }) => e.kind === 'rateLimited');
      assert.equal(quotaLevel(seen.at(-1), Date.now()), 'exhausted');
    });

    it('in Node a 2xx without quota headers changes nothing (the quota stays as it was)', async () => {
      const { client: c, seen } = client(false);
      // Node reads every header; only a service that sends none leaves them out.
      const noHeaders = new MediaClient({
        baseUrl: server().baseUrl,
        videoBaseUrl: server().videoBaseUrl,
        keyProvider: { getKey: () => Promise.resolve(server().keys.alice) },
        fetch: browserFetch,
        cacheTtlMs: 0,
      });
      const quiet: QuotaSnapshot[] = [];
      noHeaders.onQuota((q) => quiet.push(q));
      server().setSwitches({ quotaHeadersExposed: false });
      await noHeaders.curatedPhotos({ per_page: 1 });
      assert.deepEqual(quiet, [], 'without browserHost nothing is reported');
      await c.curatedPhotos({ per_page: 1 });
      assert.equal(quotaLevel(seen.at(-1), Date.now()), 'ok', 'Node reads unexposed headers');
    });

    it('counts every request sent, retries included, and none for cache hits', async () => {
      const { client: c, sent } = client(true);
      server().setSwitches({ failStatus: 503, failCount: 1 });
      await c.curatedPhotos({ per_page: 1 });
      assert.equal(sent(), 2, 'the 503 and its retry');
      assert.equal(server().apiRequestCount(), 2);
      const cached = new MediaClient({
        baseUrl: server().baseUrl,
        videoBaseUrl: server().videoBaseUrl,
        keyProvider: { getKey: () => Promise.resolve(server().keys.alice) },
      });
      let cachedSent = 0;
      cached.onRequestSent(() => (cachedSent += 1));
      await cached.curatedPhotos({ per_page: 1 });
      await cached.curatedPhotos({ per_page: 1 });
      assert.equal(cachedSent, 1, 'the second answer came from the cache');
    });
  });
});
