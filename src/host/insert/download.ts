// Fetching a photo or video file to save it. Media files are public CDN addresses, so
// no API key (nor cookie) is ever sent; only https (or http to this computer) is fetched,
// redirects included, and the download is cancellable and bounded. The body is read in pieces: into
// memory (download) or, where the host can, straight to a file (saveStream.ts).
// Its messages go through core's l10n.t (which is vscode.l10n.t at run time), so this file
// stays free of 'vscode' and runs in the plain-Node unit tests.
import { concatBytes } from '../../core/bytes';
import { InsertError } from '../../core/insert/insertError';
import { l10n } from '../../core/l10n';
import { safeLinkUrl } from '../../core/urls';

/** The most held in memory (the download is kept whole before it is written). */
export const MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024;
/** The same in a browser tab's worker (the web extension host), where memory is scarcer. */
export const MAX_WEB_DOWNLOAD_BYTES = 256 * 1024 * 1024;
/** The most written to disk piece by piece (saveStream.ts): a long 4K video. */
export const MAX_STREAM_BYTES = 4 * 1024 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface DownloadOptions {
  readonly fetch: typeof fetch;
  readonly signal: AbortSignal;
  /** Give up when no data arrives for this long. */
  readonly idleTimeoutMs: number;
  readonly maxBytes?: number;
  /**
   * 'manual' (the default): each redirect is checked before it is followed. 'follow': fetch
   * follows them and the address it ended at is checked before the body is used; for a
   * browser's fetch, which answers `redirect: 'manual'` with an opaque response (no status,
   * no Location) and so shows the code no redirect to check. The hops in between are then
   * not seen (no key or cookie is sent on any of them); only bytes from a safe final address
   * are used.
   */
  readonly redirects?: 'manual' | 'follow';
  /**
   * `fetch` is a browser's (the web extension host): it may read a file from another origin
   * only when the file server allows it (CORS), and a refusal looks like a network error, so
   * the message names that possibility.
   */
  readonly browserFetch?: boolean;
  /** The display language, for the sizes in messages (VS Code's `env.language`; English when not given). */
  readonly locale?: string;
  /** Bytes received so far and the total when the server said. */
  onProgress?(received: number, total: number | undefined): void;
}

export interface Downloaded {
  readonly bytes: Uint8Array;
  readonly contentType: string | null;
  /** The address the bytes came from, after redirects. */
  readonly url: string;
}

/**
 * A download whose answer has arrived (status, type and declared size checked) and whose
 * body has not been read yet: read it once (in pieces, to memory or to a file), or cancel.
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

/** The file is larger than the download may be (`limit`, in bytes): insert a link instead. */
export class DownloadTooLarge extends InsertError {
  constructor(
    message: string,
    readonly limit: number,
  ) {
    super(message);
  }
}

/** A size for a sentence: whole kilobytes below a megabyte, else megabytes with one decimal, in `locale`'s number format. */
export function formatSize(bytes: number, locale = 'en'): string {
  const number = (value: number, digits: number): string => {
    try {
      return value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch {
      // A locale id Intl does not know (VS Code's pseudo-locale): English digits.
      return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
  };
  if (bytes < 1024 * 1024) return l10n.t('{0} KB', number(Math.ceil(bytes / 1024), 0));
  return l10n.t('{0} MB', number(bytes / (1024 * 1024), 1));
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** What went wrong, in the words of the error's cause where there is one (undici: "other side closed"). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

/** Fetches the answer for `address`: safe redirects only, HTTP 200, a declared size within `maxBytes`. */
export async function openDownload(address: string, options: DownloadOptions): Promise<OpenDownload> {
  const maxBytes = options.maxBytes ?? MAX_DOWNLOAD_BYTES;
  const idle = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), options.idleTimeoutMs);
  };
  const stop = (): void => {
    if (timer) clearTimeout(timer);
  };
  const signal = AbortSignal.any([options.signal, idle.signal]);
  const seconds = Math.max(1, Math.round(options.idleTimeoutMs / 1000));
  const size = (bytes: number): string => formatSize(bytes, options.locale);
  /** Before the answer arrived: nothing was received. */
  const failed = (error: unknown): never => {
    stop();
    if (options.signal.aborted) throw error;
    if (idle.signal.aborted) {
      throw new InsertError(l10n.t('{0} did not answer within {1} seconds, so nothing was saved or inserted.', hostOf(address), seconds), { offerLink: true });
    }
    if (error instanceof InsertError) throw error;
    const reason = reasonOf(error);
    if (options.browserFetch && error instanceof TypeError) {
      throw new InsertError(
        l10n.t('The browser could not download the file from {0} ({1}); the server may not allow other sites to download it. Nothing was saved or inserted.', hostOf(address), reason),
        { offerLink: true },
      );
    }
    throw new InsertError(l10n.t('Could not download the file from {0} ({1}), so nothing was saved or inserted.', hostOf(address), reason), {
      offerLink: true,
    });
  };
  /**
   * While the body was arriving: the idle timeout, or the connection broke off (dropped,
   * or closed before Content-Length bytes came: both are errors of the fetch), with how
   * much had arrived. Nothing of it is kept.
   */
  const brokeOff = (error: unknown, received: number, total: number | undefined, from: string): never => {
    stop();
    if (options.signal.aborted) throw error;
    if (error instanceof InsertError) throw error;
    if (idle.signal.aborted) {
      throw new InsertError(
        total === undefined
          ? l10n.t('{0} stopped sending the file after {1}, so nothing was saved or inserted.', hostOf(from), size(received))
          : l10n.t('{0} stopped sending the file after {1} of {2}, so nothing was saved or inserted.', hostOf(from), size(received), size(total)),
        { offerLink: true },
      );
    }
    throw new InsertError(
      total === undefined
        ? l10n.t('The connection to {0} broke off after {1}, so nothing was saved or inserted.', hostOf(from), size(received))
        : l10n.t('The connection to {0} broke off after {1} of {2}, so nothing was saved or inserted.', hostOf(from), size(received), size(total)),
      { offerLink: true },
    );
  };
  let response: Response | undefined;
  let url: string;
  let total: number | undefined;
  try {
    touch();
    const first = safeLinkUrl(address);
    if (first === undefined) {
      throw new InsertError(l10n.t('The file’s address is not a safe https link, so nothing was saved or inserted.'), { offerLink: true });
    }
    url = first;
    const init = { signal, credentials: 'omit', headers: { accept: 'image/*,video/*;q=0.9,*/*;q=0.1' } } as const;
    const unsafeRedirect = (from: string): InsertError =>
      new InsertError(l10n.t('{0} redirected the download to an address that is not a safe https link, so nothing was saved or inserted.', hostOf(from)), {
        offerLink: true,
      });
    if (options.redirects === 'follow') {
      response = await options.fetch(url, { ...init, redirect: 'follow' }).catch(failed);
      // Where the redirects ended, held to the same rule as the first address (an empty `url`:
      // a response not from the network, as in tests, which was not redirected).
      const final = response.url === '' ? url : safeLinkUrl(response.url);
      if (final === undefined || response.type === 'opaqueredirect') {
        await response.body?.cancel().catch(() => undefined);
        throw unsafeRedirect(url);
      }
      url = final;
    } else {
      for (let hop = 0; ; hop++) {
        response = await options.fetch(url, { ...init, redirect: 'manual' }).catch(failed);
        // An opaque redirect (a browser's answer to 'manual'): its target cannot be checked.
        if (response.type === 'opaqueredirect') {
          await response.body?.cancel().catch(() => undefined);
          throw unsafeRedirect(url);
        }
        if (response.status < 300 || response.status >= 400) break;
        const location: string | null = response.headers.get('location');
        const next: string | undefined = location ? safeLinkUrl(new URL(location, url).href) : undefined;
        await response.body?.cancel().catch(() => undefined);
        if (next === undefined || hop >= MAX_REDIRECTS) throw unsafeRedirect(url);
        url = next;
      }
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new InsertError(l10n.t('{0} answered HTTP {1} for the file, so nothing was saved or inserted.', hostOf(url), response.status), {
        offerLink: true,
      });
    }
    const lengthHeader = Number(response.headers.get('content-length'));
    total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : undefined;
    if (total !== undefined && total > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new DownloadTooLarge(
        l10n.t('The file is {0} MB, more than this extension saves; insert it as a link instead.', Math.round(total / 1048576)),
        maxBytes,
      );
    }
  } catch (error) {
    return failed(error);
  }
  const body = response.body;
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
      if (!body) {
        stop();
        if (declared !== undefined) brokeOff(new Error('no body'), 0, declared, from);
        return 0;
      }
      const reader = body.getReader();
      // A failure to write (a full disk) is reported as itself, not as a failed download.
      let writeFailed: { error: unknown } | undefined;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          touch();
          received += value.byteLength;
          if (received > maxBytes) {
            await reader.cancel().catch(() => undefined);
            throw new DownloadTooLarge(l10n.t('The file is bigger than this extension saves; insert it as a link instead.'), maxBytes);
          }
          try {
            await write(value);
          } catch (error) {
            writeFailed = { error };
            throw error;
          }
          options.onProgress?.(received, total);
        }
      } catch (error) {
        await reader.cancel().catch(() => undefined);
        if (writeFailed) {
          stop();
          throw writeFailed.error;
        }
        return brokeOff(error, received, total, from);
      }
      stop();
      // Cancelled, or stopped by the idle timeout: the stream may end (rather than fail) when the
      // request is stopped; a cancel or a stall then, not a cut-off file.
      if (options.signal.aborted) throw options.signal.reason;
      if (idle.signal.aborted) return brokeOff(idle.signal.reason, received, total, from);
      // The answer ended before the length it announced: a cut-off file, never saved as if whole.
      if (declared !== undefined && received < declared) {
        throw new InsertError(
          l10n.t('{0} ended the file after {1} of the {2} it announced, so nothing was saved or inserted.', hostOf(from), size(received), size(declared)),
          { offerLink: true },
        );
      }
      return received;
    },
    async cancel() {
      stop();
      used = true;
      await body?.cancel().catch(() => undefined);
    },
  };
}

/** The whole file in memory. */
export async function download(address: string, options: DownloadOptions): Promise<Downloaded> {
  const opened = await openDownload(address, options);
  const chunks: Uint8Array[] = [];
  const received = await opened.read((chunk) => void chunks.push(chunk));
  return { bytes: concatBytes(chunks, received), contentType: opened.contentType, url: opened.url };
}
