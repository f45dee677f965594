// Every request of the extension on ky, and what can go wrong with it mapped once to the
// closed error set and worded once: the API's GETs (the key, retries that never touch a 429,
// no redirect followed, a deadline over the whole response, a cap on its size, the quota
// headers read from every answer) and a media file's GET or HEAD (download.ts: no key, no
// cookie, no retry, a deadline that each arriving piece of the file renews).
import ky, { HTTPError, TimeoutError } from 'ky';
import type { KyInstance } from 'ky';
import { formatSize } from '../core/bytes';
import { cancelledError, MediaError, unreachable } from '../core/errors';
import type { MediaErrorKind } from '../core/errors';
import { l10n } from '../core/l10n';
import type { Clock, Logger } from '../core/logger';
import type { QuotaSnapshot } from '../core/quota';
import { exhaustedSnapshot, hasQuotaHeaders, hiddenSnapshot, parseQuotaHeaders } from '../core/quota';
import type { Schema } from '../core/schema';
import { tryParseUrl } from '../core/urls';
import { readCappedText } from './body';
import { errorBodyText } from './errorBody';

/** Of an error answer only the start is read: it becomes one short line at most. */
const ERROR_BODY_BYTES = 64 * 1024;

export interface TransportOptions {
  /** In tests, a fetch that is not the global one. */
  readonly fetch?: typeof globalThis.fetch;
  readonly logger: Logger;
  readonly clock: Clock;
  /** The deadline of one request, from sending it to the last byte of its answer. */
  readonly timeoutMs: number;
  /** Larger JSON answers are refused (Content-Length at once, otherwise while reading). */
  readonly maxBodyBytes: number;
  /** First retry delay; doubles on the second. */
  readonly retryDelayMs: number;
  /**
   * Runs in a browser (web worker extension host): a 2xx without readable quota headers
   * then means the service does not expose them to browsers (CORS), and is reported so.
   */
  readonly browserHost: boolean;
}

/** What the transport tells its client about each request. */
export interface TransportEvents {
  /** A request was sent (retries included). */
  sent(): void;
  /** An answer came (true, any status) or none at all (false). */
  reached(reached: boolean): void;
  quota(snapshot: QuotaSnapshot): void;
  lastQuota(): QuotaSnapshot | undefined;
}

function createHttp(options: TransportOptions): KyInstance {
  const delayMs = options.retryDelayMs;
  return ky.create({
    timeout: options.timeoutMs,
    throwHttpErrors: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    retry: {
      limit: 2,
      methods: ['get'],
      // Never 429: the usage guidelines forbid working around the rate limit.
      statusCodes: [502, 503, 504],
      afterStatusCodes: [],
      retryOnTimeout: false,
      backoffLimit: 10_000,
      delay: (attempt) => delayMs * 2 ** (attempt - 1),
      shouldRetry: ({ error }) => {
        if (error instanceof HTTPError) return undefined;
        if (error instanceof TimeoutError) return false;
        if (error.name === 'AbortError') return false;
        // A network failure (fetch's TypeError): retry.
        return undefined;
      },
    },
  });
}

/**
 * For media files (download.ts): no retry, every status handed back (the caller checks it and
 * each redirect), and the deadline's own timer. Nothing here adds a key: only Transport.get sends one.
 */
export function fileHttp(fetch: typeof globalThis.fetch | undefined): KyInstance {
  return ky.create({ timeout: false, retry: 0, throwHttpErrors: false, ...(fetch ? { fetch } : {}) });
}

/**
 * A request's deadline and its caller's cancel, as one signal. The API's runs over the whole
 * answer; a file's is renewed by each piece that arrives (a stall ends it, a slow large file does not).
 */
export class Deadline {
  private readonly timer = new AbortController();
  private handle: ReturnType<typeof setTimeout> | undefined;
  readonly signal: AbortSignal;

  constructor(
    readonly timeoutMs: number,
    private readonly outer: AbortSignal,
  ) {
    this.signal = AbortSignal.any([outer, this.timer.signal]);
    this.renew();
  }

  /** The caller cancelled. */
  get cancelled(): boolean {
    return this.outer.aborted;
  }

  /** The time ran out (and the caller had not cancelled). */
  get timedOut(): boolean {
    return this.timer.signal.aborted && !this.outer.aborted;
  }

  renew(): void {
    clearTimeout(this.handle);
    this.handle = setTimeout(() => this.timer.abort(), this.timeoutMs);
  }

  stop(): void {
    clearTimeout(this.handle);
  }
}

/** A media file's request, for the words of its failure. */
export interface FileAsked {
  /** The address asked (after the redirects followed so far). */
  readonly url: string;
  /** A browser's fetch: a server that does not let other sites read its file (CORS) looks like a network failure. */
  readonly browser?: boolean;
  /** The display language, for sizes. */
  readonly locale?: string;
  /** Once the body was arriving: the bytes read, and the size the server announced. */
  readonly received?: number;
  readonly total?: number;
}

export function hostOf(url: string): string {
  return tryParseUrl(url)?.host ?? url;
}

/** What went wrong, in the words of the error's cause where there is one (undici: "other side closed"). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

/**
 * A request that got no answer, or whose answer broke off, in the closed set: cancelled,
 * timeout or network (a MediaError made on the way passes as it is). Worded for the API, or
 * for the file `file` names.
 */
export function noAnswer(error: unknown, deadline: Deadline, file?: FileAsked): MediaError {
  if (error instanceof MediaError) return error;
  if (deadline.cancelled || (!deadline.timedOut && error instanceof Error && error.name === 'AbortError')) return cancelledError();
  const timedOut = deadline.timedOut || error instanceof TimeoutError;
  const seconds = Math.round(deadline.timeoutMs / 1000);
  // No answer at all (refused, no such host, no network, a connection timed out or dropped):
  // for the API said in words, never as the platform's `TypeError: fetch failed`.
  const mapped = timedOut ? new MediaError('timeout', l10n.t('The service did not answer within {0} seconds.', seconds)) : unreachable(error);
  if (!file) return mapped;
  const host = hostOf(file.url);
  const size = (bytes: number): string => formatSize(bytes, file.locale);
  const { received, total } = file;
  let message: string;
  if (timedOut && received === undefined) {
    message = l10n.t('{0} did not answer within {1} seconds, so nothing was saved or inserted.', host, Math.max(1, seconds));
  } else if (timedOut) {
    message =
      total === undefined
        ? l10n.t('{0} stopped sending the file after {1}, so nothing was saved or inserted.', host, size(received ?? 0))
        : l10n.t('{0} stopped sending the file after {1} of {2}, so nothing was saved or inserted.', host, size(received ?? 0), size(total));
  } else if (received !== undefined) {
    message =
      total === undefined
        ? l10n.t('The connection to {0} broke off after {1}, so nothing was saved or inserted.', host, size(received))
        : l10n.t('The connection to {0} broke off after {1} of {2}, so nothing was saved or inserted.', host, size(received), size(total));
  } else if (file.browser && error instanceof TypeError) {
    message = l10n.t(
      'The browser could not download the file from {0} ({1}); the server may not allow other sites to download it. Nothing was saved or inserted.',
      host,
      reasonOf(error),
    );
  } else {
    message = l10n.t('Could not download the file from {0} ({1}), so nothing was saved or inserted.', host, reasonOf(error));
  }
  return new MediaError(mapped.kind, message, mapped.reason ? { reason: mapped.reason } : {});
}

/** The kind of an answer's HTTP status that is not the one expected (0: a browser's opaque redirect). */
function statusKind(status: number): MediaErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'server';
  return status < 400 ? 'invalidResponse' : 'invalidRequest';
}

/** A file server's answer other than 200 (redirects aside: download.ts follows or refuses them). */
export function fileStatusFailure(status: number, file: FileAsked): MediaError {
  return new MediaError(statusKind(status), l10n.t('{0} answered HTTP {1} for the file, so nothing was saved or inserted.', hostOf(file.url), status), { status });
}

/** An answer or file larger than `limit` bytes (declared, or counted while reading), with the limit. */
export function tooLargeError(message: string, limit: number, status?: number): MediaError {
  return new MediaError('invalidResponse', message, { limit, ...(status === undefined ? {} : { status }) });
}

export class Transport {
  private readonly http: KyInstance;

  constructor(
    private readonly options: TransportOptions,
    private readonly events: TransportEvents,
  ) {
    this.http = createHttp(options);
  }

  /** GETs `url` with `key` and reads the answer through `schema`; every failure is a MediaError. */
  async get<T>(url: URL, key: string, schema: Schema<T>, signal: AbortSignal): Promise<T> {
    const { clock, logger } = this.options;
    const started = clock.now();
    const label = `GET ${url.pathname}${url.search}`;
    // ky's timeout ends when the headers arrive; this deadline covers the body as well.
    const deadline = new Deadline(this.options.timeoutMs, signal);
    const fail = (error: unknown): Promise<MediaError> => this.mapFailure(error, deadline);
    try {
      let response: Response;
      try {
        this.events.sent();
        response = await this.http.get(url, {
          headers: { Authorization: key, Accept: 'application/json' },
          // The API does not redirect; a redirect could lead the request elsewhere, so it is
          // reported, not followed. (A browser answers it with an opaque response, status 0,
          // which mapFailure reports the same way.)
          redirect: 'manual',
          signal: deadline.signal,
          hooks: {
            beforeRetry: [
              ({ retryCount }) => {
                this.events.sent();
                logger.debug(`${label}: retry ${retryCount}`);
              },
            ],
          },
        });
      } catch (error) {
        const mapped = await fail(error);
        logger.debug(`${label} → ${mapped.status ?? mapped.kind} (${clock.now() - started} ms)`);
        if (mapped.kind === 'network' || mapped.kind === 'timeout') this.events.reached(false);
        else if (mapped.status !== undefined) this.events.reached(true);
        throw mapped;
      }
      this.events.reached(true);
      logger.debug(`${label} → ${response.status} (${clock.now() - started} ms)`);
      const readHeader = (name: string): string | null => response.headers.get(name);
      const snapshot = parseQuotaHeaders(readHeader, clock.now());
      if (snapshot) this.events.quota(snapshot);
      else if (this.options.browserHost && response.ok && !hasQuotaHeaders(readHeader)) {
        this.events.quota(hiddenSnapshot(this.events.lastQuota(), clock.now()));
      }
      let text: string;
      try {
        const body = await readCappedText(response, this.options.maxBodyBytes, deadline.signal);
        if (body.truncated) throw this.tooLarge(response.status);
        text = body.text;
      } catch (error) {
        throw await fail(error);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new MediaError('invalidResponse', l10n.t('The service sent an answer that is not valid JSON.'), {
          status: response.status,
        });
      }
      const skipped: MediaError[] = [];
      const value = schema(json, '', (error) => skipped.push(error));
      if (skipped.length > 0) this.logSkipped(label, skipped);
      return value;
    } finally {
      deadline.stop();
    }
  }

  private tooLarge(status: number): MediaError {
    const megabytes = Math.round((this.options.maxBodyBytes / (1024 * 1024)) * 10) / 10;
    return tooLargeError(l10n.t('The answer is larger than {0} MB, so it was not read.', megabytes), this.options.maxBodyBytes, status);
  }

  /** Each item left out of a page, with the field at fault (no values: they are the service's). */
  private logSkipped(label: string, skipped: readonly MediaError[]): void {
    const { logger } = this.options;
    const shown = 20;
    logger.warn(`${label}: ${skipped.length} item(s) could not be read and are not shown.`);
    for (const error of skipped.slice(0, shown)) logger.warn(`${label}: skipped ${error.field ?? '?'}: ${error.message}`);
    if (skipped.length > shown) logger.warn(`${label}: … and ${skipped.length - shown} more.`);
  }

  private async mapFailure(error: unknown, deadline: Deadline): Promise<MediaError> {
    if (error instanceof HTTPError && !deadline.signal.aborted) return this.mapStatus(error, deadline.signal);
    const mapped = noAnswer(error, deadline);
    if (mapped.kind === 'network' && !(error instanceof MediaError)) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
      this.options.logger.debug(`No answer (${mapped.reason ?? 'unknown'}): ${error instanceof Error ? error.message : String(error)}${cause}`);
    }
    return mapped;
  }

  private async mapStatus(error: HTTPError, signal: AbortSignal): Promise<MediaError> {
    const status = error.response.status;
    let body = '';
    try {
      body = (await readCappedText(error.response, ERROR_BODY_BYTES, signal)).text;
    } catch {
      // The body could not be read; the status alone has to do.
    }
    const serverMessage = errorBodyText(body, error.response.headers.get('content-type'));
    const details = { status, ...(serverMessage ? { serverMessage } : {}) };
    switch (true) {
      // In a browser (the web extension host), a redirect not followed: no status, no Location.
      case error.response.type === 'opaqueredirect' || status === 0:
        return new MediaError(
          'invalidResponse',
          l10n.t('The service answered with a redirect; it was not followed, so your key stays with the configured API.'),
          details,
        );
      case status >= 300 && status < 400: {
        const location = error.response.headers.get('location');
        const target = location ? tryParseUrl(location, error.request.url) : undefined;
        return new MediaError(
          'invalidResponse',
          target
            ? l10n.t('The service redirected the request to {0}; it was not followed, so your key stays with the configured API.', target.origin)
            : l10n.t('The service answered with a redirect (HTTP {0}); it was not followed.', status),
          details,
        );
      }
      case status === 401:
        return new MediaError('unauthorized', l10n.t('The service did not accept the request without a valid API key.'), details);
      case status === 403:
        return new MediaError('forbidden', l10n.t('The service refused the API key.'), details);
      case status === 404:
        return new MediaError('notFound', l10n.t('Not found: it does not exist or is not visible to your key.'), details);
      case status === 429: {
        const exhausted = exhaustedSnapshot(this.events.lastQuota(), this.options.clock.now());
        this.events.quota(exhausted);
        return new MediaError('rateLimited', l10n.t('The rate limit or monthly quota is used up (HTTP 429).'), {
          ...details,
          ...(exhausted.resetAt > 0 ? { resetAt: exhausted.resetAt } : {}),
        });
      }
      case status >= 500:
        return new MediaError('server', l10n.t('The service had a problem (HTTP {0}).', status), details);
      default:
        return new MediaError('invalidRequest', l10n.t('The service rejected the request (HTTP {0}).', status), details);
    }
  }
}
