// The size of the files a save would write, before anything is written (Insert as…): one
// `HEAD` request per address, a few at a time, each with a short timeout. Image addresses are
// the CDN's: no key, no cookie, only https (or http to this computer), no redirect followed.
// Free of 'vscode', so it runs in the plain-Node unit tests.
import { safeLinkUrl } from '../../core/urls';

export interface FileSizeOptions {
  readonly fetch: typeof fetch;
  /** Give up on one request after this long. */
  readonly timeoutMs: number;
  /** Stop every request (the picker closed). */
  readonly signal: AbortSignal;
  /** Requests at once. */
  readonly parallel?: number;
}

/** The Content-Length of a `HEAD` for `address`, or undefined (refused, failed, timed out, none sent). */
export async function fileSize(address: string, options: Omit<FileSizeOptions, 'parallel'>): Promise<number | undefined> {
  const url = safeLinkUrl(address);
  if (url === undefined || options.signal.aborted) return undefined;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
  try {
    const response = await options.fetch(url, {
      method: 'HEAD',
      credentials: 'omit',
      redirect: 'error',
      signal: AbortSignal.any([options.signal, timeout.signal]),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status !== 200) return undefined;
    const length = Number(response.headers.get('content-length'));
    return Number.isSafeInteger(length) && length > 0 ? length : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
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
