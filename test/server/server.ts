// The local stand-in for the Media Library Service (spec: shared/spec/media-library-api.md),
// on node:http only. Where the spec says "not shown", this server does what the real
// service (Pexels) does, or the closest sensible thing:
// - Auth: `Authorization: <key>`, the key alone. No or empty header -> 401 {"error":...};
//   any other value, including "Bearer <key>" -> 403 {"error":...}.
// - Errors: 404 and 429 bodies are {"status":N,"error":"Not Found"|"Too Many Requests"};
//   an unknown path under /v1 or /videos is the same 404. A search without `query`
//   (or only spaces) -> 400 {"status":400,"error":...}. Other methods -> 405
//   (OPTIONS gets a CORS preflight 204 instead, as browsers need it).
// - CORS (the spec does not show what the real service answers to browsers): every answer,
//   API or media, success or error (401/403/404/429/5xx), carries
//   `Access-Control-Allow-Origin: *`, so a browser shows the status to the code instead of a
//   bare network error; a key travels in `Authorization`, not a cookie, so `*` is enough.
//   OPTIONS anywhere is a preflight 204 (API: GET with Authorization; media: GET and HEAD with
//   Range). 2xx API answers list the X-Ratelimit-* headers in `Access-Control-Expose-Headers`
//   unless the quotaHeadersExposed switch is off: then the headers are still sent (a Node
//   client reads them) but a browser does not let the code read them. Whether the real
//   service exposes them is not shown; exposed is the default here so the web runs see the
//   same figures as the Node runs, and the switch (`npm run api-server -- --hide-quota-headers`)
//   gives the other case, which the extension must handle too (issue 13).
//   Media answers ignore Range and send the whole file with 200, which HTTP allows.
// - Faults on demand (switches): the API can wait (delayMs), drop the connection, stall or
//   truncate its body; image and video files can wait (mediaDelayMs) or break half-way
//   (mediaFault: dropped connection, fewer bytes than Content-Length, a stall); and the whole
//   server can refuse connections (refuseConnections: it stops listening, same port kept).
// - Order: delay -> method -> failure switches -> auth -> per-key delay -> quota -> the endpoint. Every
//   request with a known key uses one request of its quota (also 400/404 answers); an
//   exhausted quota answers 429 without using more. Failure switches fire before auth, like
//   a failing gateway, and use no quota. Quota headers (monthly figures) only on 2xx.
// - Quotas: alice and bob 20,000 a month and 200 an hour (spec defaults); limited starts
//   with 10 of 50 left this month. X-Ratelimit-Reset is 00:00 UTC on the first of next
//   month; the hourly allowance refills at each full UTC hour.
// - Paging: page < 1 or not a whole number -> 1; per_page < 1 or not a whole number -> 15;
//   per_page > 80 -> 80, and the envelope says 80. A page past the end -> an empty list with
//   total_results, prev_page pointing at the last real page. next_page/prev_page are
//   absolute, carry page and per_page (as served) first, then the request's query,
//   orientation, size, color, locale, type, sort, min_width, min_height, min_duration,
//   max_duration (as sent).
// - Filters: invalid orientation, size, color, locale and type values are ignored (all
//   media for that filter), as the real service does. locale changes the language of the
//   alt texts answered (German for de-DE, ...; English without one, or for a locale the
//   library has no texts in), on every endpoint that answers photos, so one photo has one alt
//   per language wherever it comes from; it does not change matching: every language's alt
//   text and the English tags are always searched.
//   Colour: a name (case-insensitive) matches photos whose avg_color is nearest to that
//   name; #RRGGBB, RRGGBB or #RGB matches avg_color within RGB distance 90 (search.ts).
//   Query: every word must start a word of the alt text or tags (anywhere for CJK/Thai).
// - Collection media: `type` photos|videos (exact) filters, `sort=desc` reverses the
//   added order (asc, the default). Visible when featured or owned by the caller; else 404.
// - Popular videos: min_width, min_height, min_duration, max_duration (whole numbers;
//   others ignored), over a fixed "popularity" order.
// - Images are PNG (the real CDN sends JPEG) sized from the URL query like imgix: see
//   images.ts. Video file links answer one of a few small, playable H.264 MP4 samples
//   (samples/); HLS links a one-entry .m3u8. Media and pages need no key and use no quota; they go to mediaLog.
// - Ids: photo and video ids are separate id spaces, so one video deliberately shares its
//   id with a photo, as happens on the real service.
import { STATUS_CODES, createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerApi } from './api-routes';
import { HOSTILE_ERROR_TEXT } from './hostile';
import type { ApiAnswer } from './api-routes';
import { DEFAULT_SEED, USER_NAMES, buildLibrary } from './library';
import type { Library, UserName } from './library';
import { answerMedia } from './media-routes';
import { QuotaBook } from './quota';
import { breakTwoItems } from './spoil';
import { localCertificate } from './tls';
import type { QuotaSettings } from './quota';

export interface ApiServerOptions {
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  seed?: number;
  /** How many photos the library holds; default 320 (PHOTO_COUNT). More gives longer result lists. */
  photoCount?: number;
  /** A featured collection of this many media, appended after the others (library.ts loadCollection); the photos must suffice. */
  largeCollection?: number;
  /**
   * Serve https with the local self-signed certificate (tls.ts) instead of http: the
   * workbench shows only https images in hovers and Markdown previews. Its user must trust
   * the certificate (NODE_EXTRA_CA_CERTS, Chromium's SPKI list).
   */
  https?: boolean;
  /** Called when a request has been answered (or dropped), e.g. to print it. */
  onRequest?: (entry: RequestLogEntry, kind: 'api' | 'media') => void;
  /**
   * Serve the library's pages (photo, video, profile and search pages) under this path, as a
   * library served at `https://host/library` (then its service URL is `<origin>/library`):
   * the answers' `url` and `photographer_url` point there and the pages are served there only.
   * Files stay at `/media/…`, the API at `/v1` and `/videos`. Default: the root.
   */
  pagePrefix?: string;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  hadKey: boolean;
  /** Only so tests can check where keys went; never printed. */
  key?: string;
  /** 0 while pending or when the connection was dropped. */
  status: number;
  /** Arrival, epoch milliseconds. */
  time: number;
}

export interface ServerSwitches {
  /** Every API answer waits this long. */
  delayMs: number;
  /** Every API request answers this (HTML body for 500, else per errorBody). */
  failStatus: number | null;
  /** If > 0, only the next N failing API requests fail, then the failure switches turn off. */
  failCount: number;
  /** 200 with a truncated JSON body. */
  malformedJson: boolean;
  /** 429 answers are text/plain "Too Many Requests". */
  plainText429: boolean;
  /** Destroy the socket without answering. */
  dropConnection: boolean;
  /**
   * Hostile strings in text fields, unsafe or foreign URLs in URL and media URL fields,
   * hostile text in error bodies (hostile.ts).
   */
  hostile: boolean;
  /** next_page/prev_page point at http://127.0.0.2:PORT with the right page numbers. */
  foreignNextPage: boolean;
  /** Every API request answers 302 to the same path and query on http://127.0.0.2:PORT. */
  foreignRedirect: boolean;
  /** One item in four of every answer lacks required fields (spoil.ts). */
  missingFields: boolean;
  /** One item in four of every answer has required fields of the wrong JSON type (spoil.ts). */
  wrongTypes: boolean;
  /** Body form of error answers. */
  errorBody: 'json' | 'text' | 'html';
  /**
   * Exactly two items of every list answer are broken (the second wrong-typed, the fourth
   * missing a required field; spoil.ts breakTwoItems); the envelope is fine.
   */
  badItems: boolean;
  /** 2xx API answers send their headers and half the body, then never finish it. */
  stallBody: boolean;
  /**
   * 2xx API answers carry 9 MB of padding: `declared` with its Content-Length, `chunked`
   * streamed without one (so only counting the bytes finds out).
   */
  oversizedBody: false | 'declared' | 'chunked';
  /** API answers to these users' keys wait this long (ms) after the key was checked. */
  keyDelays: Partial<Record<UserName, number>>;
  /**
   * 2xx API answers list X-Ratelimit-Limit/-Remaining/-Reset in Access-Control-Expose-Headers
   * (default). Off: the headers are still sent, but a browser hides them from the code.
   */
  quotaHeadersExposed: boolean;
  /**
   * Image and video file answers (not pages, not the API) go wrong, as a flaky CDN does:
   * `dropMidBody` sends the headers (with the full Content-Length) and half the body, then
   * destroys the connection; `shortBody` declares a Content-Length larger than the body it
   * sends and ends the answer; `stallBody` sends half and never finishes.
   */
  mediaFault: null | 'dropMidBody' | 'shortBody' | 'stallBody';
  /** Every image and video file answer waits this long (ms) before its headers. */
  mediaDelayMs: number;
  /**
   * The server stops listening while this is on (the port stays the same; connections are
   * refused, as with no network or a service that is down), and listens again when it goes
   * off. Open connections are closed when it goes on.
   */
  refuseConnections: boolean;
  /**
   * List answers as some the service sent in 2020: no `total_results`, no `next_page` and no
   * `prev_page`, so a client pages by number and can claim no total.
   */
  oldEnvelopes: boolean;
}

export type QuotaOverride = QuotaSettings;

export interface ApiServer {
  readonly origin: string;
  readonly baseUrl: string;
  readonly videoBaseUrl: string;
  readonly keys: { alice: string; bob: string; limited: string };
  /** API requests (under /v1 and /videos). */
  readonly log: RequestLogEntry[];
  /** Image, video file and page requests. */
  readonly mediaLog: RequestLogEntry[];
  /** Empties both logs (the arrays stay the same objects). */
  clearLog(): void;
  apiRequestCount(filter?: (e: RequestLogEntry) => boolean): number;
  setQuota(key: string, q: QuotaOverride): void;
  resetQuotas(): void;
  setSwitches(s: Partial<ServerSwitches>): void;
  resetSwitches(): void;
  readonly library: Library;
  close(): Promise<void>;
}

export const DEFAULT_SWITCHES: Readonly<ServerSwitches> = {
  delayMs: 0,
  failStatus: null,
  failCount: 0,
  malformedJson: false,
  plainText429: false,
  dropConnection: false,
  hostile: false,
  foreignNextPage: false,
  foreignRedirect: false,
  missingFields: false,
  wrongTypes: false,
  errorBody: 'json',
  badItems: false,
  stallBody: false,
  oversizedBody: false,
  keyDelays: {},
  quotaHeadersExposed: true,
  mediaFault: null,
  mediaDelayMs: 0,
  refuseConnections: false,
  oldEnvelopes: false,
};

/** The padding of oversizedBody: more than the client's 8 MB cap. */
export const OVERSIZED_PADDING_BYTES = 9 * 1024 * 1024;

/** The limited user starts nearly out of its (small) monthly allowance. */
export const LIMITED_QUOTA: Readonly<QuotaSettings> = { monthlyLimit: 50, monthlyRemaining: 10 };

const JSON_TYPE = 'application/json; charset=utf-8';
const CORS = { 'Access-Control-Allow-Origin': '*' };
/** The quota headers as listed for browsers (when the quotaHeadersExposed switch is on). */
export const EXPOSED_QUOTA_HEADERS = 'X-Ratelimit-Limit, X-Ratelimit-Remaining, X-Ratelimit-Reset';

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function errorReply(status: number, message: string, form: ServerSwitches['errorBody'], statusField: boolean): Reply {
  const reason = STATUS_CODES[status] ?? 'Error';
  if (form === 'text') return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from(message) };
  if (form === 'html') {
    const html = `<html><head><title>${status} ${reason}</title></head><body><center><h1>${status} ${reason}</h1></center><hr><center>nginx</center></body></html>\n`;
    return { status, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: Buffer.from(html) };
  }
  const json = statusField ? { status, error: message } : { error: message };
  return { status, headers: { 'Content-Type': JSON_TYPE }, body: Buffer.from(JSON.stringify(json)) };
}

/** The answer to a CORS preflight (finish adds Access-Control-Allow-Origin). */
function preflight(methods: string, headers: string): Reply {
  return {
    status: 204,
    headers: { 'Access-Control-Allow-Methods': methods, 'Access-Control-Allow-Headers': headers, 'Access-Control-Max-Age': '600' },
    body: Buffer.alloc(0),
  };
}

function isApiPath(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/') || path === '/videos' || path.startsWith('/videos/');
}

function parseRequestUrl(raw: string | undefined): URL {
  try {
    return new URL(`http://placeholder${raw?.startsWith('/') ? raw : '/'}`);
  } catch {
    return new URL('http://placeholder/');
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export async function startApiServer(opts: ApiServerOptions = {}): Promise<ApiServer> {
  const library = buildLibrary(opts.seed ?? DEFAULT_SEED, opts.photoCount, opts.largeCollection === undefined ? {} : { largeCollection: opts.largeCollection });
  const host = opts.host ?? '127.0.0.1';
  // `library`, `/library/` → `/library`; the root → ''.
  const pagePrefix = (opts.pagePrefix ?? '').replace(/^\/*/, '/').replace(/\/+$/, '');
  const keys = { alice: library.users.alice.key, bob: library.users.bob.key, limited: library.users.limited.key };
  const userByKey = new Map<string, UserName>(USER_NAMES.map((name) => [library.users[name].key, name]));
  const quotas = new QuotaBook(new Map([[keys.alice, {}], [keys.bob, {}], [keys.limited, LIMITED_QUOTA]]));
  const log: RequestLogEntry[] = [];
  const mediaLog: RequestLogEntry[] = [];
  let switches: ServerSwitches = { ...DEFAULT_SWITCHES };
  let origin = '';
  let port = 0;
  /** "Another origin": another loopback address on the same port (hostile.ts, foreign* switches). */
  const foreignOrigin = (): string => `${opts.https ? 'https' : 'http'}://127.0.0.2:${port}`;

  /** Whether a failure switch that is on fires now; counts down failCount. */
  const failureFires = (on: boolean): boolean => {
    if (!on) return false;
    if (switches.failCount > 0) {
      switches.failCount -= 1;
      if (switches.failCount === 0) switches = { ...switches, failStatus: null, dropConnection: false, malformedJson: false };
    }
    return true;
  };

  const finish = (res: ServerResponse, entry: RequestLogEntry, kind: 'api' | 'media', reply: Reply, head = false): void => {
    entry.status = reply.status;
    opts.onRequest?.(entry, kind);
    if (res.destroyed || res.headersSent) return;
    res.writeHead(reply.status, { ...CORS, ...reply.headers, 'Content-Length': String(reply.body.length) });
    res.end(head ? undefined : reply.body);
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL, entry: RequestLogEntry): Promise<void> => {
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      return finish(res, entry, 'api', preflight('GET', 'Authorization'));
    }
    if (switches.delayMs > 0) await sleep(switches.delayMs);
    const form = switches.errorBody;
    if (method !== 'GET') {
      const reply = errorReply(405, 'Method Not Allowed', form, true);
      return finish(res, entry, 'api', { ...reply, headers: { ...reply.headers, Allow: 'GET, OPTIONS' } });
    }
    if (failureFires(switches.dropConnection)) {
      opts.onRequest?.(entry, 'api');
      req.socket.destroy();
      return;
    }
    if (switches.foreignRedirect) {
      const headers = { Location: `${foreignOrigin()}${url.pathname}${url.search}`, 'Content-Type': 'text/plain; charset=utf-8' };
      return finish(res, entry, 'api', { status: 302, headers, body: Buffer.from('Found') });
    }
    const failStatus = switches.failStatus;
    if (failStatus !== null && failureFires(true)) {
      const message = switches.hostile ? HOSTILE_ERROR_TEXT : (STATUS_CODES[failStatus] ?? 'Server Error');
      return finish(res, entry, 'api', errorReply(failStatus, message, failStatus === 500 ? 'html' : form, false));
    }
    const key = req.headers.authorization;
    if (!key) return finish(res, entry, 'api', errorReply(401, 'Authorization field missing', form, false));
    const user = userByKey.get(key);
    if (!user) return finish(res, entry, 'api', errorReply(403, 'Invalid API key', form, false));
    const userDelay = switches.keyDelays[user] ?? 0;
    if (userDelay > 0) await sleep(userDelay);
    const quota = quotas.consume(key);
    if (!quota.ok) {
      const reply = switches.plainText429
        ? { status: 429, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from('Too Many Requests') }
        : errorReply(429, 'Too Many Requests', form, true);
      return finish(res, entry, 'api', reply);
    }
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
    const linkOrigin = switches.foreignNextPage ? foreignOrigin() : origin;
    const { hostile, missingFields, wrongTypes } = switches;
    const render = { origin, pages: `${origin}${pagePrefix}`, hostile, foreignOrigin: foreignOrigin(), missingFields, wrongTypes };
    let answer: ApiAnswer;
    try {
      answer = answerApi({ library, user, path, query: url.searchParams, render, linkOrigin });
    } catch (error) {
      console.error('api-server: internal error', error);
      return finish(res, entry, 'api', errorReply(500, 'Internal Server Error', form, true));
    }
    if (answer.status < 200 || answer.status > 299) {
      const message = (answer.body as { error?: string }).error ?? STATUS_CODES[answer.status] ?? 'Error';
      return finish(res, entry, 'api', errorReply(answer.status, message, form, true));
    }
    if (switches.badItems) breakTwoItems(answer.body);
    if (switches.oldEnvelopes && typeof answer.body === 'object' && answer.body !== null && 'per_page' in answer.body) {
      const envelope = answer.body as Record<string, unknown>;
      for (const field of ['total_results', 'next_page', 'prev_page']) delete envelope[field];
    }
    if (switches.oversizedBody) (answer.body as Record<string, unknown>).padding = 'x'.repeat(OVERSIZED_PADDING_BYTES);
    let text = JSON.stringify(answer.body);
    if (failureFires(switches.malformedJson)) text = text.slice(0, Math.floor(text.length * 0.6));
    const headers = {
      'Content-Type': JSON_TYPE,
      ...(switches.quotaHeadersExposed ? { 'Access-Control-Expose-Headers': EXPOSED_QUOTA_HEADERS } : {}),
      'X-Ratelimit-Limit': String(quota.limit),
      'X-Ratelimit-Remaining': String(quota.remaining),
      'X-Ratelimit-Reset': String(quota.reset),
    };
    const body = Buffer.from(text);
    if (switches.stallBody || switches.oversizedBody === 'chunked') {
      entry.status = answer.status;
      opts.onRequest?.(entry, 'api');
      if (res.destroyed || res.headersSent) return;
      if (switches.stallBody) {
        // Headers and half the body now; the rest never comes (the connection stays open).
        res.writeHead(answer.status, { ...CORS, ...headers, 'Content-Length': String(body.length) });
        res.write(body.subarray(0, Math.floor(body.length / 2)));
        return;
      }
      res.writeHead(answer.status, { ...CORS, ...headers });
      for (let at = 0; at < body.length && !res.destroyed; at += 64 * 1024) {
        if (res.write(body.subarray(at, at + 64 * 1024))) continue;
        await new Promise<void>((resolve) => {
          const done = (): void => {
            res.off('drain', done).off('close', done);
            resolve();
          };
          res.on('drain', done).on('close', done);
        });
      }
      res.end();
      return;
    }
    finish(res, entry, 'api', { status: answer.status, headers, body });
  };

  const handleMedia = async (req: IncomingMessage, res: ServerResponse, url: URL, entry: RequestLogEntry): Promise<void> => {
    const method = req.method ?? 'GET';
    // A web worker's download of an image or video is cross-origin too.
    if (method === 'OPTIONS') return finish(res, entry, 'media', preflight('GET, HEAD', 'Range'));
    if (method !== 'GET' && method !== 'HEAD') {
      return finish(res, entry, 'media', { status: 405, headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' }, body: Buffer.from('Method Not Allowed') });
    }
    const answer = answerMedia(library, origin, url.pathname, url.searchParams, pagePrefix);
    const headers: Record<string, string> = { 'Content-Type': answer.contentType };
    if (answer.cacheable) headers['Cache-Control'] = 'public, max-age=31536000, immutable';
    const isFile = answer.status === 200 && /^(image|video)\//.test(answer.contentType);
    if (isFile && switches.mediaDelayMs > 0) await sleep(switches.mediaDelayMs);
    const fault = isFile && method === 'GET' ? switches.mediaFault : null;
    if (fault) {
      entry.status = answer.status;
      opts.onRequest?.(entry, 'media');
      if (res.destroyed || res.headersSent) return;
      const half = answer.body.subarray(0, Math.max(1, Math.floor(answer.body.length / 2)));
      res.writeHead(answer.status, { ...CORS, ...headers, 'Content-Length': String(answer.body.length) });
      if (fault === 'shortBody') {
        // Fewer bytes than declared, then the end of the answer: the connection closes early.
        res.write(half, () => res.socket?.end());
        return;
      }
      res.write(half, () => {
        if (fault === 'dropMidBody') setTimeout(() => res.socket?.destroy(), 20).unref();
      });
      return;
    }
    finish(res, entry, 'media', { status: answer.status, headers, body: answer.body }, method === 'HEAD');
  };

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const url = parseRequestUrl(req.url);
    const key = req.headers.authorization;
    const entry: RequestLogEntry = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      hadKey: Boolean(key),
      ...(key ? { key } : {}),
      status: 0,
      time: Date.now(),
    };
    const api = isApiPath(url.pathname);
    (api ? log : mediaLog).push(entry);
    const handled = api ? handleApi(req, res, url, entry) : handleMedia(req, res, url, entry);
    handled.catch((error: unknown) => {
      console.error('api-server: request failed', error);
      finish(res, entry, api ? 'api' : 'media', errorReply(500, 'Internal Server Error', 'json', true));
    });
  };
  const tls = opts.https ? localCertificate() : undefined;
  const server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, listener) : createServer(listener);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  origin = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  /** Follows the refuseConnections switch: stop listening (same port kept), or listen again. */
  let listening = true;
  const applyListening = (): void => {
    const want = !switches.refuseConnections;
    if (want === listening || closing) return;
    listening = want;
    if (want) {
      server.listen(port, host);
    } else {
      server.close();
      server.closeAllConnections();
    }
  };
  return {
    origin,
    baseUrl: `${origin}/v1`,
    videoBaseUrl: `${origin}/videos`,
    keys,
    log,
    mediaLog,
    library,
    clearLog: () => {
      log.length = 0;
      mediaLog.length = 0;
    },
    apiRequestCount: (filter) => (filter ? log.filter(filter).length : log.length),
    setQuota: (key, q) => quotas.set(key, q),
    resetQuotas: () => quotas.resetAll(),
    setSwitches: (s) => {
      switches = { ...switches, ...s };
      applyListening();
    },
    resetSwitches: () => {
      switches = { ...DEFAULT_SWITCHES };
      applyListening();
    },
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        if (!listening) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      })),
  };
}
