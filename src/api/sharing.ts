// What in-flight sharing and the cache are keyed by, and a waiter that can stop waiting.
import { toBase64 } from '../core/bytes';
import { cancelledError } from '../core/errors';

/** Same URL, same cache entry, whatever the order of its query parameters. */
export function cacheKeyOf(url: URL): string {
  const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.origin}${url.pathname}?${new URLSearchParams(params).toString()}`;
}

/** The last key's tag: every request and cache look-up asks for it, and a digest is an asynchronous round trip (a thread of its own in Node). */
let lastTag: { readonly key: string; readonly tag: Promise<string> } | undefined;

/** A short, non-reversible tag of the key, only to notice that the key changed. */
export function keyTag(key: string): Promise<string> {
  if (lastTag?.key === key) return lastTag.tag;
  const tag = globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)).then((digest) => toBase64(new Uint8Array(digest)).slice(0, 16));
  lastTag = { key, tag };
  // A failed digest is not kept.
  tag.catch(() => {
    if (lastTag?.tag === tag) lastTag = undefined;
  });
  return tag;
}

export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    onAbort();
    return Promise.reject(cancelledError());
  }
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort();
      reject(cancelledError());
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
