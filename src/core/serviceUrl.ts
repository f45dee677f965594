// The service's home page (`stockMedia.serviceUrl`): it is opened and made into links, so
// only an https address (or http to this computer) is used, parsed and re-serialised
// (percent-encoded); anything else falls back to the default.
import { safeLinkUrl, withTrailingSlash } from './urls';

export const DEFAULT_SERVICE_URL = 'https://www.pexels.com';

/** The home page to use for a setting's value; `warn` hears when the default replaces it. */
export function checkedServiceUrl(raw: string, warn?: (message: string) => void): string {
  const safe = safeLinkUrl(raw);
  if (safe === undefined) {
    warn?.(`stockMedia.serviceUrl is not an https address (or http to this computer); using ${DEFAULT_SERVICE_URL} instead.`);
    return DEFAULT_SERVICE_URL;
  }
  // `https://host` and `https://host/` are the same page; keep the form the user wrote.
  const bareOrigin = new URL(safe).pathname === '/' && !/[?#]/.test(safe);
  return bareOrigin && !raw.trim().endsWith('/') ? safe.slice(0, -1) : safe;
}

/** Where the service explains its API and takes requests for a higher limit: `<home>/api/`. */
export function higherLimitPage(serviceUrl: string): string {
  const home = safeLinkUrl(serviceUrl) ?? DEFAULT_SERVICE_URL;
  const url = new URL('api/', withTrailingSlash(home));
  url.search = '';
  url.hash = '';
  return url.href;
}

/**
 * Where a new user gets a free API key: `<home>/api/new/` (the service's form, after signing in).
 * Built from `stockMedia.serviceUrl`, which only user or remote settings can change (its scope
 * is `machine`): a workspace cannot send people to another page for their key.
 */
export function apiKeyPage(serviceUrl: string): string {
  return new URL('new/', higherLimitPage(serviceUrl)).href;
}
