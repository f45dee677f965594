// The service's built-in defaults. They live in core so that reading the settings (host/common/config.ts)
// does not set up the HTTP client and its dependencies at activation.

export const DEFAULT_BASE_URL = 'https://api.pexels.com/v1';
export const DEFAULT_VIDEO_BASE_URL = 'https://api.pexels.com/videos';
/** The service's help asks clients to cache its answers for about 24 hours (its URLs do not change over the short term). */
export const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60_000;
/** The longest time to live the setting allows: a week. */
export const MAX_CACHE_TTL_MS = 7 * 24 * 60 * 60_000;
export const DEFAULT_TIMEOUT_MS = 15_000;
