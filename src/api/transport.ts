// One GET on ky, and what can go wrong with it mapped once to the closed error set: retries
// that never touch a 429, no redirect followed, a deadline over the whole response, a cap on
// its size, the quota headers read from every answer.
import ky, { HTTPError, TimeoutError } from 'ky';
import type { KyInstance } from 'ky';
import { MediaError, unreachable } from '../core/errors';
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
  readonly fetch?: typeof globalThis.fetch;
  readonly logger: Logger;
  readonly clock: Clock;
  /** The deadline of one request, from sending it to the last byte of its answer. */
  readonly timeoutMs: number;
  /** Larger JSON answers are refused (Content-Length at once, otherwise while reading). */
  readonly maxBodyBytes: number;
  /** First retry delay; doubles on the second. */
  readonly retryDelayMs: number;
  /** A 2xx without readable quota headers means the service hides them from browsers. */
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
    const deadline = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      deadline.abort();
    }, this.options.timeoutMs);
    const forward = (): void => deadline.abort();
    if (signal.aborted) deadline.abort();
    else signal.addEventListener('abort', forward, { once: true });
    const fail = (error: unknown): Promise<MediaError> => this.mapFailure(error, deadline.signal, timedOut);
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
      clearTimeout(timer);
      signal.removeEventListener('abort', forward);
    }
  }

  private tooLarge(status: number): MediaError {
    const megabytes = Math.round((this.options.maxBodyBytes / (1024 * 1024)) * 10) / 10;
    return new MediaError('invalidResponse', l10n.t('The answer is larger than {0} MB, so it was not read.', megabytes), { status });
  }

  /** Each item left out of a page, with the field at fault (no values: they are the service's). */
  private logSkipped(label: string, skipped: readonly MediaError[]): void {
    const { logger } = this.options;
    const shown = 20;
    logger.warn(`${label}: ${skipped.length} item(s) could not be read and are not shown.`);
    for (const error of skipped.slice(0, shown)) logger.warn(`${label}: skipped ${error.field ?? '?'}: ${error.message}`);
    if (skipped.length > shown) logger.warn(`${label}: … and ${skipped.length - shown} more.`);
  }

  private async mapFailure(error: unknown, signal: AbortSignal, timedOut: boolean): Promise<MediaError> {
    if (error instanceof MediaError) return error;
    if (timedOut || error instanceof TimeoutError) {
      return new MediaError('timeout', l10n.t('The service did not answer within {0} seconds.', Math.round(this.options.timeoutMs / 1000)));
    }
    if (signal.aborted || (error instanceof Error && error.name === 'AbortError')) {
      return new MediaError('cancelled', l10n.t('The request was cancelled.'));
    }
    if (error instanceof HTTPError) return this.mapStatus(error, signal);
    // No answer at all (refused, no such host, no network, a connection timed out or dropped):
    // said in words, never as the platform's `TypeError: fetch failed`; the code goes to the log.
    const mapped = unreachable(error);
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    this.options.logger.debug(`No answer (${mapped.reason ?? 'unknown'}): ${error instanceof Error ? error.message : String(error)}${cause}`);
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
