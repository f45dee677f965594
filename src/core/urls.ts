// URL rules that keep the key and the user safe: where a key may go, which links may be
// inserted or opened.

/**
 * Exactly `localhost`, 127.0.0.0/8 and ::1. Not `*.localhost`: such names are resolved by
 * whatever resolver the machine has, which need not keep them on this computer.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets.slice(1).every((o) => Number(o) <= 255);
}

export function tryParseUrl(value: string, base?: string): URL | undefined {
  try {
    return new URL(value, base);
  } catch {
    return undefined;
  }
}

/** https anywhere, http only to a loopback host: the only places a key or a link may go. */
export function isSecureOrLoopback(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/** A URL safe to insert into a document or open: absolute, https (or http to loopback). */
export function safeLinkUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = tryParseUrl(value.trim());
  if (!url || !isSecureOrLoopback(url) || url.username || url.password) return undefined;
  return url.href;
}

/** Base URLs are used with a trailing slash so relative paths append instead of replacing. */
export function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
