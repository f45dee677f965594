// Fetching a photo or video file to save it. Media files are public CDN addresses, so
// no API key is ever sent; only https (or http to this computer) is fetched, redirects
// included, and the download is cancellable and bounded.
// Its messages go through core's l10n.t (which is vscode.l10n.t at run time), so this file
// stays free of 'vscode' and runs in the plain-Node unit tests.
import { InsertError } from '../../core/insert/insertError';
import { l10n } from '../../core/l10n';
import { safeLinkUrl } from '../../core/urls';

/** Videos can be big, but the whole file is held in memory before it is written. */
export const MAX_DOWNLOAD_BYTES = 1024 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface DownloadOptions {
  readonly fetch: typeof fetch;
  readonly signal: AbortSignal;
  /** Give up when no data arrives for this long. */
  readonly idleTimeoutMs: number;
  readonly maxBytes?: number;
  /** Bytes received so far and the total when the server said. */
  onProgress?(received: number, total: number | undefined): void;
}

export interface Downloaded {
  readonly bytes: Uint8Array;
  readonly contentType: string | null;
  /** The address the bytes came from, after redirects. */
  readonly url: string;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export async function download(address: string, options: DownloadOptions): Promise<Downloaded> {
  const maxBytes = options.maxBytes ?? MAX_DOWNLOAD_BYTES;
  const idle = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), options.idleTimeoutMs);
  };
  const signal = AbortSignal.any([options.signal, idle.signal]);
  const failed = (error: unknown): never => {
    if (options.signal.aborted) throw error;
    if (idle.signal.aborted) {
      throw new InsertError(l10n.t('{0} stopped sending the file, so nothing was saved or inserted.', hostOf(address)), { offerLink: true });
    }
    if (error instanceof InsertError) throw error;
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new InsertError(l10n.t('Could not download the file from {0} ({1}), so nothing was saved or inserted.', hostOf(address), reason), {
      offerLink: true,
    });
  };
  try {
    touch();
    const first = safeLinkUrl(address);
    if (first === undefined) {
      throw new InsertError(l10n.t('The file’s address is not a safe https link, so nothing was saved or inserted.'), { offerLink: true });
    }
    let url: string = first;
    let response: Response | undefined;
    for (let hop = 0; ; hop++) {
      response = await options
        .fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/*,video/*;q=0.9,*/*;q=0.1' } }).catch(failed);
      if (response.status < 300 || response.status >= 400) break;
      const location: string | null = response.headers.get('location');
      const next: string | undefined = location ? safeLinkUrl(new URL(location, url).href) : undefined;
      await response.body?.cancel().catch(() => undefined);
      if (next === undefined || hop >= MAX_REDIRECTS) {
        throw new InsertError(
          l10n.t('{0} redirected the download to an address that is not a safe https link, so nothing was saved or inserted.', hostOf(url)),
          { offerLink: true },
        );
      }
      url = next;
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      throw new InsertError(l10n.t('{0} answered HTTP {1} for the file, so nothing was saved or inserted.', hostOf(url), response.status), {
        offerLink: true,
      });
    }
    const lengthHeader = Number(response.headers.get('content-length'));
    const total = Number.isFinite(lengthHeader) && lengthHeader > 0 ? lengthHeader : undefined;
    if (total !== undefined && total > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new InsertError(l10n.t('The file is {0} MB, more than this extension saves; insert it as a link instead.', Math.round(total / 1048576)));
    }
    const chunks: Uint8Array[] = [];
    let received = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read().catch(failed);
        if (done) break;
        touch();
        received += value.byteLength;
        if (received > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new InsertError(l10n.t('The file is bigger than this extension saves; insert it as a link instead.'));
        }
        chunks.push(value);
        options.onProgress?.(received, total);
      }
    }
    const bytes = new Uint8Array(received);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return { bytes, contentType: response.headers.get('content-type'), url };
  } catch (error) {
    return failed(error);
  } finally {
    if (timer) clearTimeout(timer);
  }
}
