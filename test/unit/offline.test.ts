// Offline and impatient users (issue 20): a request that gets no answer is said in words
// (refused, no such host, timed out, dropped; never the platform's `TypeError: fetch
// failed`), the status bar shows the last known quota with its age, the grid keeps the last
// good results on screen with a Retry that works once the service is back, and searches,
// pages and filter changes in a row end on the last one with at most one request each.
import assert from 'node:assert/strict';
import { MediaClient } from '../../src/api/client';
import { describeError } from '../../src/core/describe';
import { MediaError, isFetchFailure, networkReason, toMediaError } from '../../src/core/errors';
import type { QuotaFormat } from '../../src/core/quotaView';
import { ageText, presentQuota } from '../../src/core/quotaView';
import { exhaustedSnapshot } from '../../src/core/quota';
import type { SearchSpec } from '../../src/core/search';
import type { GridFailure } from '../../src/core/tiles';
import { SearchSession } from '../../src/host/grid/searchSession';
import type { SessionMessage, ToWebview } from '../../src/shared/protocol';
import { isToWebview } from '../../src/shared/protocol';
import { useApiServer } from './apiServer';

const describeContext = { serviceName: 'Pexels', formatTime: (ms: number) => new Date(ms).toISOString() };

/** Node's fetch failure: `TypeError: fetch failed` with the system's error as its cause. */
function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function systemError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('offline and impatient users', () => {
  describe('a request that gets no answer, in words', () => {
    const cases: [string, unknown, string][] = [
      ['a refused connection', fetchFailed(systemError('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED')), 'refused'],
      ['no such host', fetchFailed(systemError('getaddrinfo ENOTFOUND api.example', 'ENOTFOUND')), 'dns'],
      ['no DNS at all (offline)', fetchFailed(systemError('getaddrinfo EAI_AGAIN api.example', 'EAI_AGAIN')), 'dns'],
      ['a connect timeout (undici)', fetchFailed(Object.assign(new Error('Connect Timeout Error'), { name: 'ConnectTimeoutError', code: 'UND_ERR_CONNECT_TIMEOUT' })), 'timeout'],
      ['a TCP timeout', fetchFailed(systemError('connect ETIMEDOUT 10.0.0.1:443', 'ETIMEDOUT')), 'timeout'],
      ['both addresses refused (AggregateError)', fetchFailed(Object.assign(new AggregateError([systemError('connect ECONNREFUSED ::1:9', 'ECONNREFUSED')], ''), {})), 'refused'],
      ['a dropped connection', fetchFailed(systemError('other side closed', 'UND_ERR_SOCKET')), 'dropped'],
      ['no network', fetchFailed(systemError('connect ENETUNREACH', 'ENETUNREACH')), 'noRoute'],
      ['a browser that is offline', new TypeError('Failed to fetch'), 'unknown'],
    ];
    for (const [name, error, reason] of cases) {
      it(`${name}: "${reason}", and no platform text`, () => {
        assert.equal(isFetchFailure(error), true);
        assert.equal(networkReason(error), reason);
        const mapped = toMediaError(error);
        assert.equal(mapped.kind, 'network');
        assert.equal(mapped.reason, reason);
        assert.doesNotMatch(mapped.message, /fetch failed|TypeError|Failed to fetch|E[A-Z_]{4,}/);
        assert.match(mapped.message, /^Could not reach the service: .+\.$/);
        const shown = describeError(mapped, describeContext);
        assert.match(
          shown.message,
          reason === 'unknown' ? /^Could not reach Pexels\. Check your connection and the API base URL setting\.$/ : /^Could not reach Pexels: .+\. Check your connection and the API base URL setting\.$/,
        );
        assert.deepEqual(shown.actions, ['retry', 'openSettings']);
      });
    }

    it('says each reason plainly', () => {
      const said = (error: unknown): string => describeError(toMediaError(error), describeContext).message;
      assert.equal(said(cases[0]![1]), 'Could not reach Pexels: the connection was refused. Check your connection and the API base URL setting.');
      assert.match(said(cases[1]![1]), /its address could not be looked up/);
      assert.match(said(cases[3]![1]), /the connection timed out/);
      // The client's own deadline: the same "could not reach".
      assert.equal(describeError(new MediaError('timeout', 'x'), describeContext).message, 'Could not reach Pexels: it did not answer in time.');
    });

    it('a bug that throws a TypeError is not mistaken for the network', () => {
      const bug = new TypeError("Cannot read properties of undefined (reading 'photos')");
      assert.equal(isFetchFailure(bug), false);
      assert.equal(networkReason(bug), 'unknown');
    });

    describe('the client', () => {
      const server = useApiServer();

      const client = (baseUrl = server().baseUrl, fetch?: typeof globalThis.fetch, timeoutMs = 3000): MediaClient =>
        new MediaClient({
          baseUrl,
          videoBaseUrl: server().videoBaseUrl,
          keyProvider: { getKey: () => Promise.resolve(server().keys.alice) },
          retryDelayMs: 5,
          timeoutMs,
          ...(fetch ? { fetch } : {}),
        });
      const failure = (p: Promise<unknown>): Promise<MediaError> =>
        p.then(
          () => assert.fail('expected a failure'),
          (e: unknown) => {
            assert.ok(e instanceof MediaError, String(e));
            return e;
          },
        );

      it('a server that refuses connections: "the connection was refused", and it says when the service answers again', async () => {
        const c = client();
        const reached: boolean[] = [];
        c.onReachability((r) => reached.push(r));
        server().setSwitches({ refuseConnections: true });
        const error = await failure(c.curatedPhotos());
        assert.equal(error.kind, 'network');
        assert.equal(error.reason, 'refused');
        assert.equal(error.message, 'Could not reach the service: the connection was refused.');
        assert.deepEqual(reached, [false]);
        server().setSwitches({ refuseConnections: false });
        await c.curatedPhotos();
        assert.deepEqual(reached, [false, true]);
      });

      it('a host name that does not exist: "its address could not be looked up"', async function () {
        this.timeout(40_000);
        // The resolver may take seconds to say so on a busy machine: the timeout must not come first.
        const error = await failure(client('https://no-such-host.invalid/v1', undefined, 30_000).curatedPhotos());
        assert.equal(error.kind, 'network');
        assert.equal(error.reason, 'dns');
        assert.doesNotMatch(error.message, /fetch failed|ENOTFOUND|EAI_AGAIN/);
      });

      it('a connect timeout from the platform: "the connection timed out"', async () => {
        const timedOut: typeof globalThis.fetch = () =>
          Promise.reject(fetchFailed(Object.assign(new Error('Connect Timeout Error'), { name: 'ConnectTimeoutError', code: 'UND_ERR_CONNECT_TIMEOUT' })));
        const error = await failure(client(server().baseUrl, timedOut).curatedPhotos());
        assert.equal(error.kind, 'network');
        assert.equal(error.reason, 'timeout');
        assert.equal(describeError(error, describeContext).message, 'Could not reach Pexels: the connection timed out. Check your connection and the API base URL setting.');
      });
    });
  });

  describe('the status bar while the service cannot be reached', () => {
    const NOW = Date.UTC(2026, 10, 25, 18);
    const fmt: QuotaFormat = {
      number: (n) => new Intl.NumberFormat('en-US').format(n),
      dateTime: (ms) => new Date(ms).toISOString().slice(0, 16).replace('T', ' '),
      relativeTime: (value, unit) => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto', style: 'short' }).format(value, unit),
      serviceName: 'Pexels',
      higherLimitUrl: 'https://www.pexels.com/api/',
    };
    const snapshot = { limit: 200, remaining: 183, resetAt: Date.UTC(2026, 11, 1), updatedAt: NOW - 2 * 3_600_000, exhausted: false };

    it('shows the last known figure with its age, and why it is not newer; no error', () => {
      const view = presentQuota(snapshot, true, NOW, fmt, 0, NOW - 60_000);
      assert.equal(view.text, '$(debug-disconnect) 183 left · 2 hr. ago');
      assert.equal(view.level, 'ok', 'the quota is fine: no error or warning colour');
      assert.equal(view.tooltip[0], '**Pexels quota**: 183 of 200 requests left this month, as last known (2026-11-25 16:00, 2 hr. ago).');
      assert.equal(view.tooltip[1], 'Could not reach Pexels at the last try (2026-11-25 17:59), so the figure is not newer. It updates with the next answer.');
      assert.match(view.tooltip[2] ?? '', /^Resets: /);
      // Reached again: the figure as before.
      assert.equal(presentQuota(snapshot, true, NOW, fmt).text, '$(file-media) 183 / 200');
    });

    it('words the age in the largest unit that fits, in the user’s language', () => {
      assert.equal(ageText(NOW - 20_000, NOW, fmt), 'now');
      assert.equal(ageText(NOW - 5 * 60_000, NOW, fmt), '5 min. ago');
      assert.equal(ageText(NOW - 47 * 3_600_000, NOW, fmt), '47 hr. ago');
      assert.equal(ageText(NOW - 3 * 86_400_000, NOW, fmt), '3 days ago');
      const de = { ...fmt, relativeTime: (value: number, unit: Intl.RelativeTimeFormatUnit) => new Intl.RelativeTimeFormat('de', { numeric: 'auto', style: 'short' }).format(value, unit) };
      assert.equal(ageText(NOW - 2 * 3_600_000, NOW, de), 'vor 2 Std.');
    });

    it('a used-up quota or no figure yet stays what it is, with why nothing newer is known', () => {
      const out = presentQuota(exhaustedSnapshot(snapshot, NOW - 600_000), true, NOW, fmt, 0, NOW - 60_000);
      assert.equal(out.level, 'exhausted');
      assert.equal(out.text, '$(error) Rate limit or monthly quota used up');
      assert.match(out.tooltip[1] ?? '', /^Could not reach Pexels at the last try/);
      const unknown = presentQuota(undefined, true, NOW, fmt, 0, NOW - 60_000);
      assert.equal(unknown.level, 'unknown');
      assert.match(unknown.tooltip.join('\n'), /Could not reach Pexels at the last try/);
      // Without a key the status bar asks for one, reachable or not.
      assert.equal(presentQuota(snapshot, false, NOW, fmt, 0, NOW - 60_000).command, 'setApiKey');
    });
  });

  describe('the grid', () => {
    const server = useApiServer();

    function harness() {
      const client = new MediaClient({
        baseUrl: server().baseUrl,
        videoBaseUrl: server().videoBaseUrl,
        keyProvider: { getKey: () => Promise.resolve(server().keys.alice) },
        retryDelayMs: 5,
        timeoutMs: 5000,
      });
      const messages: ToWebview[] = [];
      const describe = (error: MediaError): GridFailure => {
        const { message, actions } = describeError(error, describeContext);
        return { kind: error.kind, message, actions };
      };
      const session = new SearchSession({
        client: () => client,
        describe,
        post: (m) => {
          assert.ok(isToWebview(m), `a valid message: ${JSON.stringify(m).slice(0, 200)}`);
          messages.push(m);
        },
      });
      return { client, session, messages };
    }
    const sessions = (messages: ToWebview[]): SessionMessage[] => messages.filter((m): m is SessionMessage => m.type === 'session');

    it('keeps the last good results on screen when a new search cannot reach the service; Retry works once it is back', async () => {
      const { session, messages } = harness();
      await session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
      const shown = session.state.items.map((i) => i.key);
      assert.equal(shown.length, 80);
      server().setSwitches({ refuseConnections: true });
      messages.length = 0;
      const cats: SearchSpec = { mode: 'photos', query: 'cat' };
      await session.start(cats, { syncForm: false });
      // While it loads and after it failed, the webview keeps its tiles: no list is sent again.
      const [loading, failed] = sessions(messages);
      assert.equal(loading?.status, 'loading');
      assert.equal(loading?.keepItems, true);
      assert.equal(loading?.items.length, 0);
      assert.equal(failed?.status, 'failed');
      assert.equal(failed?.keepItems, true);
      assert.equal(failed?.failure?.message, 'Could not reach Pexels: the connection was refused. Check your connection and the API base URL setting.');
      assert.deepEqual(failed?.failure?.actions, ['retry', 'openSettings']);
      assert.deepEqual(session.state.spec, cats, 'the failed search is the one Retry runs');
      assert.equal(session.state.kept, true);
      assert.deepEqual(session.state.items.map((i) => i.key), shown);
      assert.ok(session.mediaFor(shown[0]!), 'the kept tiles can still be inserted');
      assert.equal(session.snapshot(false).items.length, 80, 'a webview shown again gets them in full');

      // Retry (the webview searches the failed spec again), the service back.
      server().setSwitches({ refuseConnections: false });
      server().clearLog();
      await session.start(cats, { syncForm: false, fresh: true });
      assert.equal(server().apiRequestCount(), 1);
      assert.equal(server().log[0]?.query['query'], 'cat');
      assert.equal(session.state.status, 'loaded');
      assert.equal(session.state.kept, false);
      const loaded = sessions(messages).at(-1);
      assert.equal(loaded?.keepItems, undefined);
      assert.ok(loaded && loaded.items.length > 0, 'the new results are sent in full');
      assert.deepEqual(loaded.spec, cats);
      assert.notDeepEqual(session.state.items.map((i) => i.key), shown);
    });

    it('a page that cannot be loaded keeps the pages shown, and its Retry asks for that page only', async () => {
      const { session, messages } = harness();
      await session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
      server().setSwitches({ refuseConnections: true });
      await session.loadMore(session.state.generation);
      assert.equal(session.state.more, 'failed');
      assert.match(session.state.moreFailure?.message ?? '', /^Could not reach Pexels: the connection was refused/);
      assert.equal(session.state.items.length, 80);
      server().setSwitches({ refuseConnections: false });
      server().clearLog();
      messages.length = 0;
      await session.loadMore(session.state.generation);
      assert.equal(server().apiRequestCount(), 1);
      assert.equal(server().log[0]?.query['page'], '2');
      assert.ok(session.state.items.length > 80);
      assert.deepEqual(messages.map((m) => m.type), ['more', 'page']);
    });

    it('any other failure (a refused key) is still shown in place of the tiles', async () => {
      const { session } = harness();
      await session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
      server().setSwitches({ failStatus: 403 });
      await session.start({ mode: 'photos', query: 'cat' }, { syncForm: false });
      assert.equal(session.state.status, 'failed');
      assert.equal(session.state.kept, false);
      assert.equal(session.state.items.length, 0);
    });

    it('eight searches in a row: ends on the last, one request at most each, the earlier answers never shown, no failure', async () => {
      const { session, messages } = harness();
      server().setSwitches({ delayMs: 120 });
      const queries = ['c', 'ca', 'cat', 'cats', 'cats o', 'cats on', 'cats on a', 'morning'];
      const runs = queries.map((query) => session.start({ mode: 'photos', query }, { syncForm: false }));
      await Promise.all(runs);
      assert.deepEqual(session.state.spec, { mode: 'photos', query: 'morning' });
      assert.equal(session.state.status, 'loaded');
      assert.equal(session.state.items.length, 80);
      assert.ok(server().apiRequestCount() <= queries.length, `${server().apiRequestCount()} requests`);
      const perQuery = new Map<string, number>();
      for (const e of server().log) perQuery.set(e.query['query'] ?? '', (perQuery.get(e.query['query'] ?? '') ?? 0) + 1);
      assert.ok([...perQuery.values()].every((n) => n === 1), JSON.stringify([...perQuery]));
      const all = sessions(messages);
      assert.deepEqual(all.filter((m) => m.status === 'loaded').map((m) => m.spec), [{ mode: 'photos', query: 'morning' }]);
      assert.equal(all.filter((m) => m.status === 'failed').length, 0, 'no failure for the stopped ones');
      assert.equal(all.at(-1)?.status, 'loaded');
    });

    it('filter changes in a row: the same', async () => {
      const { session, messages } = harness();
      server().setSwitches({ delayMs: 100 });
      const specs: SearchSpec[] = [
        { mode: 'photos', query: 'morning', orientation: 'landscape' },
        { mode: 'photos', query: 'morning', orientation: 'portrait' },
        { mode: 'photos', query: 'morning', orientation: 'portrait', size: 'large' },
        { mode: 'photos', query: 'morning', color: 'blue' },
      ];
      await Promise.all(specs.map((spec) => session.start(spec, { syncForm: false })));
      assert.deepEqual(session.state.spec, specs.at(-1));
      assert.ok(server().apiRequestCount() <= specs.length);
      assert.deepEqual(server().log.at(-1)?.query['color'], 'blue');
      assert.deepEqual(sessions(messages).filter((m) => m.status !== 'loading').map((m) => [m.status, m.spec]), [['loaded', specs.at(-1)]]);
    });

    it('paging in a row: one request for the next page, none past the last', async () => {
      const { session } = harness();
      await session.start({ mode: 'curated' }, { syncForm: false });
      server().clearLog();
      server().setSwitches({ delayMs: 80 });
      const generation = session.state.generation;
      await Promise.all([session.loadMore(generation), session.loadMore(generation), session.loadMore(generation)]);
      assert.equal(server().apiRequestCount(), 1);
      assert.equal(server().log[0]?.query['page'], '2');
      // Curated photos have two pages: pressed again at the end, nothing is asked.
      assert.equal(session.state.hasMore, false);
      await Promise.all([session.loadMore(generation), session.loadMore(generation)]);
      assert.deepEqual(server().log.map((e) => e.query['page']), ['2']);
    });

    it('a new search while a page loads: the page is dropped, the new search shown', async () => {
      const { session, messages } = harness();
      await session.start({ mode: 'photos', query: 'morning' }, { syncForm: false });
      server().setSwitches({ delayMs: 150 });
      const page = session.loadMore(session.state.generation);
      const next = session.start({ mode: 'curated' }, { syncForm: false });
      await Promise.all([page, next]);
      assert.deepEqual(session.state.spec, { mode: 'curated' });
      assert.equal(messages.filter((m) => m.type === 'page').length, 0);
      assert.equal(messages.filter((m) => m.type === 'more' && m.status === 'failed').length, 0);
    });
  });
});
