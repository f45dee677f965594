// A media file from its CDN address, through the transport the API uses (transport.ts: ky, the
// closed error set, the words of each failure). No API key (nor cookie) is ever sent: the key
// goes only with Transport.get, to the configured API. Only https (or http to this computer) is
// fetched, redirects included; a request is cancellable, and ends when no data arrives for the
// request timeout. The body is read in pieces: into memory or, where the host can, straight to
// a file (platform/node/saveStream.ts). And one HEAD per address for the sizes Insert as… shows.
import { formatSize } from '../core/bytes';
import { MediaError } from '../core/errors';
import { l10n } from '../core/l10n';
import { safeLinkUrl, tryParseUrl } from '../core/urls';
import type { FileAsked } from './transport';
import { Deadline, fileHttp, fileStatusFailure, hostOf, noAnswer, tooLargeError } from './transport';

const MAX_REDIRECTS = 5;

export interface DownloadOptions {
  /** In tests, a fetch that is not the global one. */
  readonly fetch?: typeof fetch;
  readonly signal: AbortSignal;
  /** Give up when no data arrives for this long. */
  readonly idleTimeoutMs: number;
  /** The most read; a larger file fails with a MediaError whose `limit` is this. */
  readonly maxBytes: number;
  /**
   * 'manual' (the default): each redirect is checked before it is followed. 'follow': fetch
   * follows them and the address it ended at is checked before the body is used; for a
   * browser's fetch, which answers `redirect: 'manual'` with an opaque response (no status,
   * no Location) and so shows the code no redirect to check. The hops in between are then
   * not seen (no key or cookie is sent on any of them); only bytes from a safe final address
   * are used.
   */
  readonly redirects?: 'manual' | 'follow';
  /** `fetch` is a browser's (the web extension host): a refusal (CORS) looks like a network error, so the message names that possibility. */
  readonly browserFetch?: boolean;
  /** The display language, for the sizes in messages (VS Code's `env.language`; English when not given). */
  readonly locale?: string;
  /** Bytes received so far and the total when the server said. */
  onProgress?(received: number, total: number | undefined): void;
}

/**
 * A download whose answer has arrived (status, type and declared size checked) and whose
 * body has not been read yet: read it once (in pieces, to memory or to a file), or cancel.
 * Every failure is a MediaError, except a failure of `write`, which passes as it is.
 */
export interface OpenDownload {
  readonly contentType: string | null;
  /** The address the body comes from, after redirects. */
  readonly url: string;
  /** The size the server declared, if it did. */
  readonly total: number | undefined;
  /**
   * Hands each piece of the body to `write` (awaited, so a slow disk slows the download
   * rather than piling pieces up) and resolves to the number of bytes.
   */
  read(write: (chunk: Uint8Array) => void | Promise<void>): Promise<number>;
  cancel(): Promise<void>;
}

async function drop(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function unsafeRedirect(from: string): MediaError {
  return new MediaError('invalidResponse', l10n.t('{0} redirected the download to an address that is not a safe https link, so nothing was saved or inserted.', hostOf(from)));
}

/** Fetches the answer for `address`: safe redirects only, HTTP 200, a declared size within `maxBytes`. */
export async function openDownload(address: string, options: DownloadOptions): Promise<OpenDownload> {
  const { maxBytes } = options;
  const deadline = new Deadline(options.idleTimeoutMs, options.signal);
  const asked = (url: string, received?: number, total?: number): FileAsked => ({ url, browser: options.browserFetch, locale: options.locale, received, total });
  const http = fileHttp(options.fetch);
  let url = address;
  let response: Response | undefined;
  let total: number | undefined;
  try {
    const first = safeLinkUrl(address);
    if (first === undefined) {
      throw new MediaError('invalidRequest', l10n.t('The file’s address is not a safe https link, so nothing was saved or inserted.'));
    }
    url = first;
    const get = (redirect: 'follow' | 'manual'): Promise<Response> =>
      http.get(url, { signal: deadline.signal, credentials: 'omit', redirect, headers: { accept: 'image/*,video/*;q=0.9,*/*;q=0.1' } });
    for (let hop = 0; ; hop++) {
      response = await get(options.redirects ?? 'manual');
      // Where fetch's redirects ended ('follow'), held to the same rule as the first address (an
      // empty `url`: a response not from the network, as in tests, which was not redirected). An
      // opaque redirect (a browser's answer to 'manual'): its target cannot be checked.
      const final = response.url === '' ? url : safeLinkUrl(response.url);
      if (final === undefined || response.type === 'opaqueredirect') {
        await drop(response);
        throw unsafeRedirect(url);
      }
      url = final;
      if (response.status < 300 || response.status >= 400) break;
      const location = response.headers.get('location');
      const next = location ? safeLinkUrl(tryParseUrl(location, url)?.href) : undefined;
      await drop(response);
      if (next === undefined || hop >= MAX_REDIRECTS) throw unsafeRedirect(url);
      url = next;
    }
    if (response.status !== 200) {
      await drop(response);
      throw fileStatusFailure(response.status, asked(url));
    }
    const lengthHeader = Number(response.headers.get('content-length'));
    total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : undefined;
    if (total !== undefined && total > maxBytes) {
      await drop(response);
      throw tooLargeError(l10n.t('The file is {0} MB, more than this extension saves; insert it as a link instead.', Math.round(total / 1048576)), maxBytes);
    }
  } catch (error) {
    deadline.stop();
    throw noAnswer(error, deadline, asked(url));
  }
  // The answer is held, not only its body, until the body is read or cancelled: Node's fetch
  // (undici) cancels the unread body of a fetch Response that is garbage-collected, and a body
  // does not keep its Response alive. A small file arrives whole with the headers, so its fetch
  // is over at once; a collection while downloadIntoWorkspace.ts checked the destination then ended the
  // body, unread, at 0 bytes: a whole file refused as cut off.
  const answer: Response = response;
  // Content-Length counts the bytes as sent: with a content encoding (gzip) they differ from
  // the bytes read, so the length is compared only for a body sent as is. (A browser cannot read
  // another origin's Content-Encoding; there it ends a short body with an error itself.)
  const encoding = response.headers.get('content-encoding')?.trim().toLowerCase();
  const declared = encoding === undefined || encoding === '' || encoding === 'identity' ? total : undefined;
  const from = url;
  let used = false;
  return {
    contentType: response.headers.get('content-type'),
    url,
    total,
    async read(write) {
      if (used) throw new Error('The download was already read.');
      used = true;
      let received = 0;
      // While the body was arriving: the time without data ran out, or the connection broke off
      // (dropped, or closed before Content-Length bytes came), with how much had arrived.
      const brokeOff = (error: unknown): MediaError => noAnswer(error, deadline, asked(from, received, total));
      const body = answer.body;
      try {
        if (!body) {
          if (declared !== undefined) throw brokeOff(new Error('no body'));
          return 0;
        }
        const reader = body.getReader();
        try {
          for (;;) {
            // A failure to read is the download's; a failure to write (a full disk) passes as itself.
            const { done, value } = await reader.read().catch((error: unknown) => Promise.reject(brokeOff(error)));
            if (done) break;
            deadline.renew();
            received += value.byteLength;
            if (received > maxBytes) throw tooLargeError(l10n.t('The file is bigger than this extension saves; insert it as a link instead.'), maxBytes);
            await write(value);
            options.onProgress?.(received, total);
          }
        } catch (error) {
          await reader.cancel().catch(() => undefined);
          throw error;
        }
        // Cancelled, or stopped by the deadline: the stream may end (rather than fail) when the
        // request is stopped; a cancel or a stall then, not a cut-off file.
        if (deadline.signal.aborted) throw brokeOff(deadline.signal.reason);
        // The answer ended before the length it announced: a cut-off file, never saved as if whole.
        if (declared !== undefined && received < declared) {
          const size = (bytes: number): string => formatSize(bytes, options.locale);
          throw new MediaError(
            'invalidResponse',
            l10n.t('{0} ended the file after {1} of the {2} it announced, so nothing was saved or inserted.', hostOf(from), size(received), size(declared)),
          );
        }
        return received;
      } finally {
        deadline.stop();
      }
    },
    async cancel() {
      deadline.stop();
      used = true;
      await answer.body?.cancel().catch(() => undefined);
    },
  };
}

export interface FileSizeOptions {
  readonly fetch?: typeof fetch;
  /** Give up on one request after this long. */
  readonly timeoutMs: number;
  /** Stop every request (the picker closed). */
  readonly signal: AbortSignal;
  /** Requests at once. */
  readonly parallel?: number;
}

/** The Content-Length of a `HEAD` for `address` (no redirect followed), or undefined (refused, failed, timed out, none sent). */
async function fileSize(address: string, options: Omit<FileSizeOptions, 'parallel'>): Promise<number | undefined> {
  const url = safeLinkUrl(address);
  if (url === undefined || options.signal.aborted) return undefined;
  const deadline = new Deadline(options.timeoutMs, options.signal);
  try {
    const response = await fileHttp(options.fetch).head(url, { signal: deadline.signal, credentials: 'omit', redirect: 'error' });
    await drop(response);
    if (response.status !== 200) return undefined;
    const length = Number(response.headers.get('content-length'));
    return Number.isSafeInteger(length) && length > 0 ? length : undefined;
  } catch {
    return undefined;
  } finally {
    deadline.stop();
  }
}

/**
 * The file size of each address (in the order given: put the cheap ones first), told to
 * `found` as each arrives; resolves when all are done or stopped.
 */
export async function fileSizes(addresses: readonly string[], options: FileSizeOptions, found: (address: string, bytes: number) => void): Promise<void> {
  const queue = [...new Set(addresses)];
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined && !options.signal.aborted; next = queue.shift()) {
      const bytes = await fileSize(next, options);
      if (bytes !== undefined && !options.signal.aborted) found(next, bytes);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel ?? 4) }, worker));
}
